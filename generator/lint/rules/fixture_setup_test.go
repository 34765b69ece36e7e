package rules

// How fixture trees are materialised: .want files, .setup lines, copying.

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/plugforge/plugforge/generator/model"
	"github.com/plugforge/plugforge/generator/provenance"
)

func readWant(t testing.TB, path, target string) []expectation {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []expectation
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		m := wantRE.FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("%s:%d: bad line %q (want \"LINE:COLUMN RULE `regexp`\")", path, i+1, line)
		}
		n, _ := strconv.Atoi(m[1])
		col, _ := strconv.Atoi(m[2])
		out = append(out, newExpectation(t, fmt.Sprintf("%s:%d", path, i+1), target, n, col, m[3], m[4]))
	}
	return out
}

func runSetup(t testing.TB, setup, dst string) {
	data, _ := os.ReadFile(setup)
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		at := func(i int) string { return filepath.Join(dst, filepath.FromSlash(f[i])) }
		var err error
		switch {
		case f[0] == "rm" && len(f) == 2:
			err = os.RemoveAll(at(1))
		case f[0] == "mkdir" && len(f) == 2:
			err = os.MkdirAll(at(1), 0o755)
		case f[0] == "chmod" && len(f) == 3:
			var mode uint64
			if mode, err = strconv.ParseUint(f[1], 8, 32); err == nil {
				err = os.Chmod(at(2), modeBits(mode))
			}
		case f[0] == "symlink" && len(f) == 3:
			_ = os.MkdirAll(filepath.Dir(at(2)), 0o755)
			err = os.Symlink(f[1], at(2))
		case f[0] == "write" && len(f) >= 3:
			var text string
			q := strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(strings.TrimSpace(line), "write"), " "))
			q = strings.TrimSpace(strings.TrimPrefix(q, f[1]))
			if text, err = strconv.Unquote(q); err == nil {
				_ = os.MkdirAll(filepath.Dir(at(1)), 0o755)
				err = os.WriteFile(at(1), []byte(text), 0o644)
			}
		case f[0] == "unreadable" && len(f) == 2:
			if os.Geteuid() == 0 {
				t.Skip("running as root: every file is readable")
			}
			err = os.Chmod(at(1), 0)
			t.Cleanup(func() { _ = os.Chmod(at(1), 0o755) })
		case f[0] == "big" && len(f) == 3:
			var n int64
			if n, err = strconv.ParseInt(f[2], 10, 64); err == nil {
				var fh *os.File
				if fh, err = os.Create(at(1)); err == nil {
					err = fh.Truncate(n)
					fh.Close()
				}
			}
		case f[0] == "generated" && len(f) >= 2:
			err = writeProvenance(dst, f[1:])
		default:
			err = fmt.Errorf("unknown setup line %q", line)
		}
		if err != nil {
			t.Fatalf("%s: %q: %v", setup, line, err)
		}
	}
}

func modeBits(m uint64) fs.FileMode {
	mode := fs.FileMode(m & 0o777)
	if m&0o4000 != 0 {
		mode |= fs.ModeSetuid
	}
	if m&0o2000 != 0 {
		mode |= fs.ModeSetgid
	}
	return mode
}

func copyTree(t testing.TB, src, dst string) {
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if rel == ".setup" || rel == ".nobase" || strings.HasSuffix(rel, ".want") {
			return nil
		}
		out := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(out, 0o755)
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		if d.Type()&fs.ModeSymlink != 0 {
			target, _ := os.Readlink(p)
			_ = os.Remove(out)
			return os.Symlink(target, out)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(out, data, info.Mode().Perm())
	})
	if err != nil {
		t.Fatal(err)
	}
}

// writeProvenance marks the given fixture files as plugforge output: it
// writes the .plugforge-manifest.json plugforge build would, listing them
// with their real hashes and modes (one made-up source each), so rules
// scoped to generated files see them and no others.
func writeProvenance(dst string, paths []string) error {
	m := provenance.Manifest{Variant: "my", Dialect: model.AgentSendMessage}
	for _, rel := range paths {
		data, err := os.ReadFile(filepath.Join(dst, filepath.FromSlash(rel)))
		if err != nil {
			return err
		}
		m.Files = append(m.Files, provenance.Entry{Path: rel, SHA256: provenance.Hash(data), Mode: "0644",
			Sources: []provenance.Source{{Path: "plugin-src/" + rel, SHA256: provenance.Hash(nil)}}})
	}
	data, err := provenance.Encode(m)
	if err != nil {
		return err
	}
	if _, err := provenance.Decode(data); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dst, ".plugforge-manifest.json"), data, 0o644)
}
