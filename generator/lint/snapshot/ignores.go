package snapshot

import (
	"os"
	"path/filepath"
)

// Ignore is the .gitignore of a directory that holds the plugin, inside
// the plugin's repository.
type Ignore struct {
	// Under is the plugin root's path relative to the .gitignore's
	// directory, slash-separated ("office", "plugins/notes"): patterns are
	// matched against Under + "/" + a path of the plugin.
	Under string
	Data  []byte
}

var ignoresSlot = NewSlot()

// maxIgnoreSize bounds a .gitignore read from above the plugin: larger
// ones are not patterns anybody wrote by hand.
const maxIgnoreSize = 1 << 20

// EnclosingIgnores lists the .gitignore files of the directories above the
// plugin root, up to the root of the repository it sits in, outermost
// first. A plugin in a subfolder of a repository (a marketplace's
// plugins/x) is covered by the repository's root .gitignore: a file the
// author keeps out there (a .env, a local config) is absent from every
// install on purpose. The repository's root is the nearest directory above
// that holds .git or .claude-plugin/marketplace.json (installing from a
// marketplace clones its repository), at most maxListedDepth levels up,
// or the marketplace that lists the plugin. With none the list is empty:
// a directory that merely encloses the plugin says nothing about it.
func (p *Plugin) EnclosingIgnores() []Ignore {
	return p.Cached(ignoresSlot, func() any { return enclosingIgnores(p) }).([]Ignore)
}

func enclosingIgnores(p *Plugin) []Ignore {
	root := repoRootAbove(p.Root, p.Market)
	if root == "" {
		return []Ignore{}
	}
	var dirs []string
	for d := filepath.Dir(p.Root); ; d = filepath.Dir(d) {
		dirs = append(dirs, d)
		if d == root || d == filepath.Dir(d) {
			break
		}
	}
	out := []Ignore{}
	for i := len(dirs) - 1; i >= 0; i-- {
		name := filepath.Join(dirs[i], ".gitignore")
		st, err := os.Stat(name)
		if err != nil || !st.Mode().IsRegular() || st.Size() > maxIgnoreSize {
			continue
		}
		data, err := readFile(name, st.Size())
		if err != nil {
			continue // an unreadable .gitignore above the plugin is not the plugin's defect
		}
		under, err := filepath.Rel(dirs[i], p.Root)
		if err != nil {
			continue
		}
		out = append(out, Ignore{Under: filepath.ToSlash(under), Data: data})
	}
	return out
}

// repoRootAbove is the directory above root (absolute) that is the root of
// its repository, or "".
func repoRootAbove(root, market string) string {
	if root == "" || !filepath.IsAbs(root) || !isDir(root) {
		return ""
	}
	for up, d := 0, filepath.Dir(root); up < maxListedDepth; up, d = up+1, filepath.Dir(d) {
		if d == market || exists(filepath.Join(d, ".git")) || isFile(filepath.Join(d, ".claude-plugin", "marketplace.json")) {
			return d
		}
		if d == filepath.Dir(d) {
			break
		}
	}
	return ""
}

func exists(p string) bool { _, err := os.Lstat(p); return err == nil }
