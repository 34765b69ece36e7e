package scaffold

import (
	"embed"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/plugforge/plugforge/generator/model"
	"github.com/plugforge/plugforge/generator/outtree"
)

//go:embed files
var files embed.FS

// Options name the new plugin.
type Options struct {
	Name   string // kebab-case plugin name; also the variant id
	Author string // plugin.json author and LICENSE holder
}

// Defaults fills what o leaves empty for a plugin in dir: the name from
// the directory (DefaultName), the author as "The <name> authors".
func (o Options) Defaults(dir string) Options {
	if o.Name == "" {
		o.Name = DefaultName(dir)
	}
	if o.Author == "" {
		o.Author = "The " + o.Name + " authors"
	}
	return o
}

// DefaultName derives a kebab-case plugin name from a directory name, or
// "my-plugin" when nothing usable is left.
func DefaultName(dir string) string {
	base := strings.ToLower(filepath.Base(filepath.Clean(dir)))
	var b strings.Builder
	dash := false
	for _, r := range base {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	name := strings.TrimRight(b.String(), "-")
	if !model.ValidName(name) {
		return "my-plugin"
	}
	return name
}

// Write creates dir if needed and fills it with the scaffold. It refuses a
// non-empty dir (outtree.ErrNotEmpty) and an invalid name. It returns the files
// written, slash-separated and relative to dir, in sorted order.
func Write(dir string, o Options) ([]string, error) {
	if !model.ValidName(o.Name) {
		return nil, fmt.Errorf("plugin name %q is not kebab-case (a-z, 0-9, single hyphens, at most 64)", o.Name)
	}
	if strings.TrimSpace(o.Author) == "" || strings.ContainsAny(o.Author, "\"\\\n") {
		return nil, fmt.Errorf("author %q must be non-empty, on one line, without quotes or backslashes", o.Author)
	}
	if err := outtree.CheckEmpty(dir); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	repl := strings.NewReplacer("@NAME@", o.Name, "@AUTHOR@", o.Author)
	var written []string
	err := fs.WalkDir(files, "files", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := files.ReadFile(p)
		if err != nil {
			return err
		}
		rel := strings.TrimPrefix(p, "files/")
		target := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return err
		}
		// Hook scripts must be executable; Claude Code runs them directly.
		mode := os.FileMode(0o644)
		if path.Ext(rel) == ".sh" {
			mode = 0o755
		}
		if err := os.WriteFile(target, []byte(repl.Replace(string(data))), mode); err != nil {
			return err
		}
		if err := os.Chmod(target, mode); err != nil { // umask must not drop the exec bit
			return err
		}
		written = append(written, rel)
		return nil
	})
	return written, err
}
