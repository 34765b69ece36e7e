package snapshot

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/plugforge/plugforge/generator/internal/parallel"
	"github.com/plugforge/plugforge/generator/model"
	"github.com/plugforge/plugforge/generator/provenance"
)

// Plugin is the snapshot of one plugin or marketplace directory.
type Plugin struct {
	Root    string // absolute path
	Display string // how findings name the root, e.g. "dist/iflow"
	// Files lists every entry under Root except Root itself, sorted by Path.
	Files  []*File
	byPath map[string]*File
	// Members are the local plugins a marketplace.json lists (marketplace
	// roots only), loaded by the caller.
	Members []*Plugin
	// Listed is set on a plugin a marketplace.json lists: without its own
	// plugin.json, Claude Code 2.1.330 builds the manifest from that entry.
	Listed bool
	// Market is the absolute directory of the marketplace that lists the
	// plugin ("" when none does): installing from it clones that
	// directory's repository, so a symlink to a file inside it arrives as
	// a copy of the file.
	Market string
	// Provenance is the .plugforge-manifest.json plugforge build wrote at
	// the root, or nil for a plugin plugforge did not build.
	Provenance *provenance.Manifest
	// Sources maps a file's Path to the source that produced it, from
	// Provenance.
	Sources map[string]string

	compOnce sync.Once
	comp     *Components

	loadedOnce sync.Once
	loaded     map[*File]bool // see Loaded

	cache cache // analyses' results (Cached)
}

// Options bound what Load reads.
type Options struct {
	MaxFileSize int64    // files larger than this are not read (default 8 MiB)
	MaxFiles    int      // entries beyond this are not recorded (default 200,000)
	Exclude     []string // absolute directories to leave out (member plugins)
	Shallow     bool     // read only .claude-plugin/ (a marketplace that is not a plugin)
	// Market is the directory of the marketplace that lists the plugin
	// (Plugin.Market), "" when none does: a symlink to a directory inside
	// it is walked into, as one inside the plugin is.
	Market string
	// InPlace loads the plugin as `claude --plugin-dir` loads a checkout:
	// every symlink to a directory is walked, wherever it points, since
	// 2.1.330 follows a link out of the plugin there (a whole skills ->
	// ../../skills registers the repository's skills; basecamp's plugins
	// of set E). Lint models an install, which carries only what Carries
	// says; the names test compares with --plugin-dir listings and so
	// predicts them with this.
	InPlace bool
	// Overlay replaces what is on disk for the regular files it names (by
	// absolute path): `lint --fix --dry-run` lints the fixed content of
	// one round in the next without writing it.
	Overlay map[string]Overlay
}

// Overlay is a regular file's content and permission bits as Load should
// see them instead of the disk's.
type Overlay struct {
	Data []byte
	Mode fs.FileMode // permission bits; 0 keeps the disk's
}

// DefaultMaxFileSize is the largest file Load reads.
const DefaultMaxFileSize = 8 << 20

// skipDirs are never descended into.
var skipDirs = map[string]bool{".git": true, "node_modules": true}

// Load snapshots the directory root. display is how findings will name it.
func Load(root, display string, opt Options) (*Plugin, error) {
	if opt.MaxFileSize <= 0 {
		opt.MaxFileSize = DefaultMaxFileSize
	}
	if opt.MaxFiles <= 0 {
		opt.MaxFiles = 200000
	}
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	st, err := os.Stat(abs)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", display, unwrapPathErr(err))
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("%s: not a directory", display)
	}
	p := &Plugin{Root: abs, Display: display, byPath: map[string]*File{}}
	excluded := map[string]bool{}
	for _, e := range opt.Exclude {
		excluded[filepath.Clean(e)] = true
	}
	p.Market = opt.Market
	w := &walker{p: p, opt: opt, excluded: excluded}
	if err := filepath.WalkDir(abs, w.visit(abs, "")); err != nil && !errors.Is(err, fs.SkipAll) {
		return nil, fmt.Errorf("%s: %w", display, unwrapPathErr(err))
	}
	if err := w.followLinks(); err != nil {
		return nil, fmt.Errorf("%s: %w", display, unwrapPathErr(err))
	}
	sort.Slice(p.Files, func(i, j int) bool { return p.Files[i].Path < p.Files[j].Path })
	p.readAll(opt.MaxFileSize, opt.Overlay)
	p.classify()
	p.Provenance, p.Sources = readProvenance(p)
	return p, nil
}

func (p *Plugin) add(f *File) {
	p.Files = append(p.Files, f)
	p.byPath[f.Path] = f
}

// readAll reads every regular file in parallel.
func (p *Plugin) readAll(limit int64, overlay map[string]Overlay) {
	var todo []*File
	for _, f := range p.Files {
		if f.IsRegular() && f.ReadErr == nil {
			todo = append(todo, f)
		}
	}
	parallel.Each(len(todo), func(i int) {
		f := todo[i]
		if f.Size > limit {
			f.TooLarge = true
			return
		}
		if o, ok := overlay[f.Abs]; ok {
			f.Data = append([]byte{}, o.Data...)
			return
		}
		data, err := readFile(f.Abs, f.Size)
		if err != nil {
			f.ReadErr = unwrapPathErr(err)
			return
		}
		if data == nil {
			data = []byte{}
		}
		f.Data = data
	})
}

// File returns the entry at a slash-separated path relative to the root.
func (p *Plugin) File(rel string) *File {
	return p.byPath[strings.TrimPrefix(cleanRel(rel), "./")]
}

// Has reports whether an entry exists at rel.
func (p *Plugin) Has(rel string) bool { return p.File(rel) != nil }

// OfKind lists the files of the given kinds, in path order.
func (p *Plugin) OfKind(kinds ...Kind) []*File {
	var out []*File
	for _, f := range p.Files {
		for _, k := range kinds {
			if f.Kind == k {
				out = append(out, f)
				break
			}
		}
	}
	return out
}

// Manifest is .claude-plugin/plugin.json, or nil.
func (p *Plugin) Manifest() *File { return p.regular(model.PluginManifestPath) }

// BeyondLink reports whether rel lies at or below a symlink to a
// directory the snapshot did not walk into (one out of the plugin and its
// marketplace: see walker.followLinks). Claude Code follows such a link
// (2.1.330 registers the skills of a symlinked skills folder, seen on
// held-out set E), so what lies there is unknown here, not missing.
func (p *Plugin) BeyondLink(rel string) bool {
	rel = path.Clean(strings.TrimPrefix(rel, "./"))
	for d := rel; d != "." && d != "/" && d != ""; d = path.Dir(d) {
		if f := p.File(d); f != nil && f.LinkDir && !f.Walked {
			return true
		}
	}
	return false
}

// MarketplaceFile is .claude-plugin/marketplace.json, or nil.
func (p *Plugin) MarketplaceFile() *File { return p.regular(model.MarketplacePath) }

func (p *Plugin) regular(rel string) *File {
	if f := p.byPath[rel]; f != nil && f.IsRegular() {
		return f
	}
	return nil
}

// IsPlugin reports whether the directory is a plugin: it has a manifest or
// component directories (a marketplace-only repository is not).
func (p *Plugin) IsPlugin() bool {
	if p.Manifest() != nil {
		return true
	}
	for _, d := range []string{"commands", "agents", "skills", "hooks"} {
		if p.Has(d) {
			return true
		}
	}
	return p.Has(".mcp.json")
}

func unwrapPathErr(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
