package importer

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/plugforge/plugforge/generator/model"
	"github.com/plugforge/plugforge/generator/source"
)

// inFile is one regular file of the plugin being imported.
type inFile struct {
	Rel  string // slash path inside the plugin directory
	Data []byte
	Exec bool
}

// readTree reads every regular file under dir, sorted by path. It refuses
// what a plugin-src cannot reproduce faithfully: symbolic links (plugforge
// writes files, and a copied link target would silently become two
// files), devices and pipes, names with control characters, and files over
// the build's size limit. A top-level .git is version control, not plugin
// content, and a previous build's provenance manifest is rebuilt; both are
// skipped with a note. It also returns the directory's own name. With
// skipLinks, links are passed over with a note instead of refused (the
// report only reads).
func readTree(dir string, note func(Message), skipLinks bool) ([]inFile, string, error) {
	root, err := filepath.EvalSymlinks(dir) // the directory named may itself be a link
	if err != nil {
		return nil, "", &model.PosError{Msg: fmt.Sprintf("cannot read the plugin directory: %v", unwrap(err))}
	}
	if info, err := os.Stat(root); err != nil || !info.IsDir() {
		return nil, "", &model.PosError{Msg: "not a directory"}
	}
	var files []inFile
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		rel := ""
		if p != root {
			r, _ := filepath.Rel(root, p)
			rel = filepath.ToSlash(r)
		}
		if err != nil {
			return &model.PosError{File: rel, Msg: fmt.Sprintf("cannot read: %v", unwrap(err))}
		}
		if rel == "" {
			return nil
		}
		if err := checkName(rel); err != nil {
			return err
		}
		switch t := d.Type(); {
		case rel == ".git":
			note(Message{Path: rel, Text: "version-control directory, not plugin content; not imported"})
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		case t&fs.ModeSymlink != 0:
			target, _ := os.Readlink(p)
			if skipLinks {
				note(Message{Path: rel, Text: fmt.Sprintf("symbolic link (to %q), not read", target)})
				return nil
			}
			return &model.PosError{File: rel, Msg: fmt.Sprintf("symbolic link (to %q): plugforge import copies files, never links; replace the link with the file it points to, or delete it", target)}
		case d.IsDir():
			if empty, _ := isEmptyDir(p); empty {
				note(Message{Path: rel, Text: "empty directory; plugforge writes files only, so the build will not have it"})
			}
			return nil
		case !t.IsRegular():
			return &model.PosError{File: rel, Msg: fmt.Sprintf("not a regular file (%v); a plugin holds only files and directories", t)}
		case rel == model.ProvenancePath:
			note(Message{Path: rel, Text: "provenance manifest of a previous plugforge build; every build writes a new one"})
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return &model.PosError{File: rel, Msg: fmt.Sprintf("cannot read: %v", unwrap(err))}
		}
		if info.Size() > source.MaxFileSize {
			return &model.PosError{File: rel, Msg: fmt.Sprintf("file is %d bytes, over the %d-byte limit of a plugforge source", info.Size(), source.MaxFileSize)}
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return &model.PosError{File: rel, Msg: fmt.Sprintf("cannot read: %v", unwrap(err))}
		}
		files = append(files, inFile{Rel: rel, Data: data, Exec: info.Mode()&0o111 != 0})
		return nil
	})
	sort.Slice(files, func(i, j int) bool { return files[i].Rel < files[j].Rel })
	return files, filepath.Base(root), err
}

// checkName refuses names a marker line, a message or the manifest could
// not carry on one line, or as text.
func checkName(rel string) error {
	if !utf8.ValidString(rel) {
		return &model.PosError{File: strings.ToValidUTF8(rel, "\ufffd"), Msg: "file name is not valid UTF-8; rename it"}
	}
	for _, r := range rel {
		if unicode.IsControl(r) {
			return &model.PosError{File: fmt.Sprintf("%q", rel), Msg: "file name has a control character; rename it"}
		}
	}
	return nil
}

func isEmptyDir(p string) (bool, error) {
	entries, err := os.ReadDir(p)
	return len(entries) == 0, err
}

func unwrap(err error) error {
	if pe, ok := err.(*fs.PathError); ok {
		return pe.Err
	}
	return err
}
