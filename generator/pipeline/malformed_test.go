//go:build unix

package pipeline

import (
	"bufio"
	"flag"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/plugforge/plugforge/generator/outtree"
)

var updateMalformed = flag.Bool("update-malformed", false, "rewrite testdata/malformed/*/want from the binary's output")

// TestMalformedSources runs the real binary's `build` over every case of
// testdata/malformed. A case is a directory holding
//
//	src/   files copied over testdata/mini's plugin-src (any may be absent)
//	setup  optional operations, one per line (see applySetup)
//	want   the exact stderr expected
//
// For each case: exit code 1, nothing on stdout, stderr exactly the one
// line of want (naming the file, and the line where one applies), no Go
// stack trace, dist/ byte-for-byte and mode-for-mode unchanged, and no
// staging area left beside it.
func TestMalformedSources(t *testing.T) {
	cases, err := filepath.Glob("testdata/malformed/*")
	require.NoError(t, err)
	require.NotEmpty(t, cases)
	abs, err := filepath.Abs("testdata/malformed")
	require.NoError(t, err)
	for _, c := range cases {
		name := filepath.Base(c)
		t.Run(name, func(t *testing.T) {
			caseDir := filepath.Join(abs, name)
			setup, _ := os.ReadFile(filepath.Join(caseDir, "setup"))
			var cred func(*exec.Cmd)
			if strings.Contains(string(setup), "chmod ") && os.Geteuid() == 0 {
				// chmod 000 does not stop root; run the binary as nobody.
				cred = asNobody(t)
			}

			o := workspace(t)
			ws, err := os.Getwd()
			require.NoError(t, err)
			_, err = Build(o)
			require.NoError(t, err, "the mini fixture must build before it is broken")
			before := treeOf(t, "dist")
			require.NotEmpty(t, before)

			if src := filepath.Join(caseDir, "src"); exists(src) {
				overlay(t, src, "plugin-src")
			}
			applySetup(t, string(setup))

			r := runBin(t, ws, cred, "build")
			if *updateMalformed {
				require.NoError(t, os.WriteFile(filepath.Join(caseDir, "want"), []byte(r.stderr), 0o644))
			}
			want, err := os.ReadFile(filepath.Join(caseDir, "want"))
			require.NoError(t, err, "missing want file; run go test -run TestMalformedSources -update-malformed")

			assert.Equal(t, 1, r.code, "exit code; stderr: %s", r.stderr)
			assert.Empty(t, r.stdout, "stdout")
			assert.Equal(t, string(want), r.stderr, "stderr")
			assert.Regexp(t, `^plugforge build: plugin-src/[^:\n]+(:\d+)?: [^\n]+\n$`, r.stderr, "one line naming the file")
			assert.NotRegexp(t, `goroutine \d|panic:|\.go:\d+`, r.stderr, "a Go stack trace")
			restorePerms(t)
			assert.Equal(t, before, treeOf(t, "dist"), "dist/ changed after a failed build")
			assert.NoFileExists(t, outtree.StagingFor("dist"), "staging area left behind")
			assert.NoDirExists(t, outtree.StagingFor("dist"), "staging area left behind")
		})
	}
}

// applySetup runs the operations of a case's setup file. Paths are inside
// plugin-src. Operations:
//
//	write <path> <Go-quoted string>   exact bytes (NUL, BOM, CR, bad UTF-8)
//	fill <path> <bytes>               a text file of that many bytes
//	crlf <path>                       rewrite the file's LF endings as CRLF
//	remove <path>
//	symlink <path> <target>
//	chmod <octal mode> <path>
func applySetup(t *testing.T, setup string) {
	t.Helper()
	sc := bufio.NewScanner(strings.NewReader(setup))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		op, rest, _ := strings.Cut(line, " ")
		arg, val, _ := strings.Cut(rest, " ")
		p := filepath.Join("plugin-src", filepath.FromSlash(arg))
		switch op {
		case "write":
			s, err := strconv.Unquote(val)
			require.NoError(t, err, line)
			require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
			require.NoError(t, os.WriteFile(p, []byte(s), 0o644))
		case "fill":
			n, err := strconv.Atoi(val)
			require.NoError(t, err, line)
			row := strings.Repeat("x", 63) + "\n"
			data := strings.Repeat(row, n/len(row)+1)[:n]
			require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
			require.NoError(t, os.WriteFile(p, []byte(data), 0o644))
		case "crlf":
			b, err := os.ReadFile(p)
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(p, []byte(strings.ReplaceAll(string(b), "\n", "\r\n")), 0o644))
		case "remove":
			require.NoError(t, os.RemoveAll(p))
		case "symlink":
			require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
			require.NoError(t, os.Symlink(val, p))
		case "chmod":
			mode, err := strconv.ParseUint(arg, 8, 32)
			require.NoError(t, err, line)
			p = filepath.Join("plugin-src", filepath.FromSlash(val))
			require.NoError(t, os.Chmod(p, os.FileMode(mode)))
			chmodded = append(chmodded, p)
		default:
			t.Fatalf("unknown setup operation %q", line)
		}
	}
}

// chmodded lists paths a case made unreadable, so they can be restored
// (the snapshot and t.TempDir's removal need to read them).
var chmodded []string

func restorePerms(t *testing.T) {
	for _, p := range chmodded {
		mode := os.FileMode(0o644)
		if info, err := os.Lstat(p); err == nil && info.IsDir() {
			mode = 0o755
		}
		assert.NoError(t, os.Chmod(p, mode))
	}
	chmodded = nil
}

// asNobody makes the binary run as uid/gid 65534, so that permission bits
// apply although the tests run as root. The workspace's parent
// directories and the binary must then be reachable by that user.
func asNobody(t *testing.T) func(*exec.Cmd) {
	t.Helper()
	bin := plugforgeBin(t)
	for _, d := range []string{filepath.Dir(bin), bin} {
		require.NoError(t, os.Chmod(d, 0o755))
	}
	probe := exec.Command(bin, "--version")
	nobody := func(c *exec.Cmd) {
		c.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	}
	nobody(probe)
	if out, err := probe.CombinedOutput(); err != nil {
		t.Skipf("running as root and cannot drop to uid 65534 (%v: %s); chmod 000 does not stop root, so this case cannot be shown", err, out)
	}
	return func(c *exec.Cmd) {
		// t.TempDir's parents are 0700; open them up for the duration.
		for d := c.Dir; d != "/" && d != "." && strings.HasPrefix(d, os.TempDir()); d = filepath.Dir(d) {
			if d == filepath.Clean(os.TempDir()) {
				break
			}
			_ = os.Chmod(d, 0o755)
		}
		nobody(c)
	}
}

// overlay copies every file under from into to, replacing what is there
// (os.CopyFS refuses to overwrite).
func overlay(t *testing.T, from, to string) {
	t.Helper()
	require.NoError(t, filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		dst := filepath.Join(to, rel)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		return os.WriteFile(dst, b, 0o644)
	}))
}

func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// TestMalformedCorpusIsComplete names the kinds of bad input issue 6
// lists, so a case deleted by mistake is noticed.
func TestMalformedCorpusIsComplete(t *testing.T) {
	for _, pattern := range []string{
		"invalid-yaml-*", "unknown-key-*", "wrong-type-*", "template-syntax-*", "template-missing-field*",
		"dispatch-role-without-agent", "duplicate-*", "name-*", "hook-script-*", "symlink-*",
		"non-utf8-*", "nul-byte*", "crlf*", "bom*", "empty-*", "too-large*", "unreadable-file", "unreadable-dir",
	} {
		m, _ := filepath.Glob(filepath.Join("testdata/malformed", pattern))
		assert.NotEmpty(t, m, "no malformed case matches %s", pattern)
	}
}
