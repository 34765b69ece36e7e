package outtree

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/plugforge/plugforge/generator/model"
	"github.com/plugforge/plugforge/generator/provenance"
)

// Kind classifies one difference between dist/ and a fresh render.
type Kind string

const (
	HandEdited Kind = "hand-edited" // bytes differ from what the last build recorded
	Stale      Kind = "stale"       // as built, but its sources changed since
	Missing    Kind = "missing"     // generated, but not in dist/
	Orphaned   Kind = "orphaned"    // in dist/, but no longer generated
)

// Drift is one file of dist/ out of step with its sources.
type Drift struct {
	Path   string // path as shown, e.g. dist/iflow/commands/specify.md
	Kind   Kind
	Detail string
}

func (d Drift) String() string { return fmt.Sprintf("%s: %s (%s)", d.Path, d.Kind, d.Detail) }

// Compare reports how the directory dir (shown as disp) differs from files.
func Compare(dir, disp string, files []File) ([]Drift, error) {
	onDisk, err := readTree(dir)
	if err != nil {
		return nil, err
	}
	recorded, _ := provenance.Decode(onDisk[model.ProvenancePath].data) // nil when missing or broken
	var current *provenance.Manifest
	for _, f := range files {
		if f.Path == model.ProvenancePath {
			current, _ = provenance.Decode(f.Data)
		}
	}
	var out []Drift
	want := map[string]bool{}
	for _, f := range files {
		want[f.Path] = true
		shown := filepath.ToSlash(filepath.Join(disp, f.Path))
		got, ok := onDisk[f.Path]
		switch {
		case !ok:
			out = append(out, Drift{shown, Missing, "generated but not in dist/"})
		case !bytes.Equal(got.data, f.Data):
			out = append(out, classify(shown, f, got, recorded, current))
		case got.mode.Perm() != f.Mode.Perm():
			out = append(out, Drift{shown, HandEdited, fmt.Sprintf("mode %04o, generated as %04o", got.mode.Perm(), f.Mode.Perm())})
		}
	}
	for _, p := range slices.Sorted(maps.Keys(onDisk)) {
		if !want[p] {
			out = append(out, Drift{filepath.ToSlash(filepath.Join(disp, p)), Orphaned, "no longer generated"})
		}
	}
	return out, nil
}

// classify tells a hand edit from a stale file using the recorded hashes.
func classify(shown string, f File, got diskFile, recorded, current *provenance.Manifest) Drift {
	if f.Path == model.ProvenancePath {
		if _, err := provenance.Decode(got.data); err != nil {
			return Drift{shown, HandEdited, err.Error()}
		}
		return Drift{shown, Stale, "sources changed since the last build"}
	}
	e := recorded.Entry(f.Path)
	if e == nil || e.SHA256 != provenance.Hash(got.data) {
		return Drift{shown, HandEdited, "bytes differ from the hash recorded at the last build"}
	}
	var changed []string
	cur := map[string]string{}
	if c := current.Entry(f.Path); c != nil {
		for _, s := range c.Sources {
			cur[s.Path] = s.SHA256
		}
	}
	for _, s := range e.Sources {
		if h, still := cur[s.Path]; !still || h != s.SHA256 {
			changed = append(changed, s.Path)
		}
	}
	if len(changed) == 0 {
		changed = append(changed, "its sources")
	}
	return Drift{shown, Stale, strings.Join(changed, ", ") + " changed since the last build"}
}

type diskFile struct {
	data []byte
	mode fs.FileMode
}

// readTree reads every regular file under dir; a missing dir is empty.
func readTree(dir string) (map[string]diskFile, error) {
	out := map[string]diskFile{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) && p == dir {
				return filepath.SkipDir
			}
			return err
		}
		if d.IsDir() {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		info, err := d.Info()
		if err != nil {
			return err
		}
		var data []byte
		if info.Mode().IsRegular() {
			if data, err = os.ReadFile(p); err != nil {
				return err
			}
		}
		out[filepath.ToSlash(rel)] = diskFile{data, info.Mode()}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", dir, err)
	}
	return out, nil
}
