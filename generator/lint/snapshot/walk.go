package snapshot

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// walker records the entries of a plugin directory: the directory's own
// tree, then the trees behind the symlinks to directories that Claude Code
// follows and an install carries (followLinks).
type walker struct {
	p        *Plugin
	opt      Options
	excluded map[string]bool
	// links are the symlinks to directories met so far, in the order met,
	// each with the real directories entered on the way to it.
	links []pendingLink
}

type pendingLink struct {
	f     *File
	chain []string // real paths of the plugin root and of each walked link above f
}

// visit is the WalkDirFunc for the tree at base, whose entries are listed
// under prefix ("" for the plugin's own tree, a walked link's path for the
// tree behind it). chain is as pendingLink's.
func (w *walker) visit(base, prefix string, chain ...string) fs.WalkDirFunc {
	return func(full string, d fs.DirEntry, err error) error {
		if full == base {
			return err
		}
		rel, _ := filepath.Rel(base, full)
		rel = filepath.ToSlash(rel)
		abs := full
		if prefix != "" {
			rel = prefix + "/" + rel
			abs = filepath.Join(w.p.Root, filepath.FromSlash(rel)) // the path through the link
		}
		if len(w.p.Files) >= w.opt.MaxFiles {
			return fs.SkipAll
		}
		f := &File{Path: rel, Abs: abs}
		if err != nil {
			f.Mode = fs.ModeDir
			f.ReadErr = unwrapPathErr(err)
			w.p.add(f)
			return fs.SkipDir
		}
		if d.IsDir() && (skipDirs[d.Name()] || w.excluded[full] ||
			w.opt.Shallow && rel != ".claude-plugin") {
			return fs.SkipDir
		}
		if w.opt.Shallow && !strings.HasPrefix(rel, ".claude-plugin/") && rel != ".claude-plugin" {
			return nil
		}
		info, ierr := d.Info()
		if ierr != nil {
			f.ReadErr = unwrapPathErr(ierr)
			w.p.add(f)
			return nil
		}
		f.Mode, f.Size = info.Mode(), info.Size()
		if o, ok := w.opt.Overlay[abs]; ok && f.Mode.IsRegular() {
			if o.Mode != 0 {
				f.Mode = f.Mode&^fs.ModePerm | o.Mode.Perm()
			}
			f.Size = int64(len(o.Data))
		}
		if f.IsSymlink() {
			f.Link, _ = os.Readlink(full)
			if r, err := filepath.EvalSymlinks(full); err == nil {
				f.LinkAbs = r
				if st, err := os.Stat(r); err == nil {
					f.LinkDir = st.IsDir()
				}
			}
			if f.LinkDir {
				if len(chain) == 0 {
					chain = []string{realDir(w.p.Root)}
				}
				w.links = append(w.links, pendingLink{f, chain})
			}
		}
		w.p.add(f)
		return nil
	}
}

// followLinks walks into each symlink to a directory whose target lies
// inside the plugin or inside the marketplace that lists it, listing what
// it holds under the link's path: Claude Code 2.1.330 follows such links
// (the skills of skills/<name> -> ../../shared/<name> and of a symlinked
// skills/ register: rules/testdata/_witness/LY012-linked-skill and
// LY011-linked-skills), and installing from the marketplace copies their
// targets into the plugin's cache. A link out of both is left as it is:
// symlink-escapes reports it, and lint reads nothing outside what an
// install carries. A link whose target holds a directory already entered
// on the way to it (skills/loop -> ..) would never end, and is not walked.
// With Options.InPlace every link is walked (loops aside).
// Links are taken in the order met, and Load sorts the entries, so the
// snapshot is the same on every run.
func (w *walker) followLinks() error {
	if w.opt.Shallow {
		return nil
	}
	for i := 0; i < len(w.links); i++ {
		l := w.links[i]
		t := l.f.LinkAbs
		if !w.opt.InPlace && !w.p.Carries(t) || loops(t, l.chain) {
			continue
		}
		l.f.Walked = true
		chain := append(append([]string{}, l.chain...), t)
		err := filepath.WalkDir(t, w.visit(t, l.f.Path, chain...))
		if err != nil && !errors.Is(err, fs.SkipAll) {
			return err
		}
	}
	return nil
}

// loops reports whether walking into target would enter again a directory
// of chain: target is one of them or holds one.
func loops(target string, chain []string) bool {
	for _, c := range chain {
		if within(c, target) {
			return true
		}
	}
	return false
}

// Carries reports whether an install carries abs, a link's resolved
// target: it lies inside the plugin, or inside the marketplace that lists
// it, whose install copies the target into the plugin's cache (recorded:
// rules/testdata/_witness/LY013-linked-market). The link walk follows
// only such links, and the layout rules report every other one.
func (p *Plugin) Carries(abs string) bool {
	return within(abs, realDir(p.Root)) || within(abs, realDir(p.Market))
}

// realDir is dir with its symlinks resolved ("" stays "").
func realDir(dir string) string {
	if dir == "" {
		return ""
	}
	if r, err := filepath.EvalSymlinks(dir); err == nil {
		return r
	}
	return dir
}

// within reports whether abs is dir or lies below it (false for dir "").
func within(abs, dir string) bool {
	return dir != "" && (abs == dir || strings.HasPrefix(abs, dir+string(filepath.Separator)))
}

// throughLink reports whether a symlink lies between the directory root
// and rel (the link at root itself not counted): Claude Code 2.1.330 loads
// a commands or agents folder that is a symlink, but not a symlinked
// folder inside one (commands/sub -> ../../shared registers none of
// shared's commands, agents/team -> … none of its agents; seen with
// --plugin-dir).
func (p *Plugin) throughLink(rel, root string) bool {
	for d := path.Dir(rel); d != "." && d != root && under(d, root); d = path.Dir(d) {
		if f := p.File(d); f != nil && f.IsSymlink() {
			return true
		}
	}
	return false
}
