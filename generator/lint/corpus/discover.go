package corpus

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// Plugin is one plugin found in a checkout.
type Plugin struct {
	Repo string // owner/name, from the checkout directory "owner+name"
	Rel  string // directory relative to the checkout, slash-separated, "." for its root
	Dir  string // absolute directory
	// Manifest is false for a directory only a marketplace lists (no
	// .claude-plugin/plugin.json): the validator cannot check it alone.
	Manifest bool
	// Market and Entry name the marketplace entry that lists it (Market
	// relative to the checkout, Entry its index in "plugins"), the first
	// one in path order; Entry is -1 when no marketplace lists it.
	Market string
	Entry  int
}

// Marketplace is one .claude-plugin/marketplace.json found in a checkout.
type Marketplace struct {
	Repo string
	Rel  string // the marketplace root (the directory holding .claude-plugin/)
	Dir  string
}

// Key names a plugin or marketplace in output: repo and directory (the
// repo alone for its root).
func Key(repo, rel string) string {
	if rel == "." || rel == "" {
		return repo
	}
	return repo + "/" + rel
}

// Corpus is what Discover found, sorted by repo then directory.
type Corpus struct {
	Repos        []string
	Plugins      []Plugin
	Marketplaces []Marketplace
}

// skipDirs are never descended into: VCS data and installed dependencies
// are not part of what a repository publishes as plugins.
var skipDirs = map[string]bool{".git": true, "node_modules": true}

// Discover finds the plugins under root, whose subdirectories are
// checkouts named "owner+name" (a name without "+" is used as it is).
func Discover(root string) (*Corpus, error) {
	entries, err := os.ReadDir(root)
	if err != nil {
		return nil, fmt.Errorf("corpus %s: %w", root, err)
	}
	c := &Corpus{}
	for _, e := range entries {
		if !e.IsDir() || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		repo := strings.Replace(e.Name(), "+", "/", 1)
		c.Repos = append(c.Repos, repo)
		if err := c.discoverRepo(repo, filepath.Join(root, e.Name())); err != nil {
			return nil, err
		}
	}
	sort.Strings(c.Repos)
	sort.Slice(c.Plugins, func(i, j int) bool {
		a, b := c.Plugins[i], c.Plugins[j]
		return a.Repo < b.Repo || a.Repo == b.Repo && a.Rel < b.Rel
	})
	sort.Slice(c.Marketplaces, func(i, j int) bool {
		a, b := c.Marketplaces[i], c.Marketplaces[j]
		return a.Repo < b.Repo || a.Repo == b.Repo && a.Rel < b.Rel
	})
	return c, nil
}

func (c *Corpus) discoverRepo(repo, dir string) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	byRel := map[string]*Plugin{}
	var markets []string
	err = filepath.WalkDir(abs, func(full string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // an unreadable corner of a third-party tree is not ours to fail on
		}
		if d.IsDir() && skipDirs[d.Name()] {
			return filepath.SkipDir
		}
		if d.IsDir() || filepath.Base(filepath.Dir(full)) != ".claude-plugin" || !d.Type().IsRegular() {
			return nil
		}
		rootRel := rel(abs, filepath.Dir(filepath.Dir(full)))
		switch d.Name() {
		case "plugin.json":
			byRel[rootRel] = &Plugin{Repo: repo, Rel: rootRel, Dir: filepath.Join(abs, filepath.FromSlash(rootRel)), Manifest: true, Entry: -1}
		case "marketplace.json":
			markets = append(markets, rootRel)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("corpus %s: %w", dir, err)
	}
	sort.Strings(markets)
	for _, m := range markets {
		c.Marketplaces = append(c.Marketplaces, Marketplace{Repo: repo, Rel: m, Dir: filepath.Join(abs, filepath.FromSlash(m))})
		for i, src := range localSources(filepath.Join(abs, filepath.FromSlash(m), ".claude-plugin", "marketplace.json")) {
			if src == "" {
				continue
			}
			r := path.Join(m, src)
			if r == ".." || strings.HasPrefix(r, "../") {
				continue
			}
			full := filepath.Join(abs, filepath.FromSlash(r))
			if st, err := os.Stat(full); err != nil || !st.IsDir() {
				continue // a listed directory the checkout lacks: the marketplace's defect, not a plugin
			}
			p := byRel[r]
			if p == nil {
				p = &Plugin{Repo: repo, Rel: r, Dir: full, Entry: -1}
				byRel[r] = p
			}
			if p.Entry < 0 {
				p.Market, p.Entry = m, i
			}
		}
	}
	for _, p := range byRel {
		c.Plugins = append(c.Plugins, *p)
	}
	return nil
}

// localSources returns, per entry of a marketplace.json's "plugins", the
// local directory it names relative to the marketplace root ("" for a
// remote source or an entry that is not an object). It resolves the way
// plugforge lint does (snapshot.LocalSource). An unreadable or invalid
// file lists nothing: lint and the validator report that file themselves.
func localSources(file string) []string {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil
	}
	var m map[string]any
	if json.Unmarshal(data, &m) != nil {
		return nil
	}
	list, _ := m["plugins"].([]any)
	out := make([]string, len(list))
	for i, e := range list {
		entry, _ := e.(map[string]any)
		if entry == nil {
			continue
		}
		if r, ok := snapshot.LocalSource(m, entry); ok {
			out[i] = orDot(r)
		}
	}
	return out
}

func orDot(s string) string {
	if s == "" {
		return "."
	}
	return s
}

// rel is target relative to base, slash-separated, "." for base itself.
func rel(base, target string) string {
	r, err := filepath.Rel(base, target)
	if err != nil {
		return filepath.ToSlash(target)
	}
	return filepath.ToSlash(r)
}

// Nested lists the plugin directories of the corpus strictly inside p, to
// leave out when p is loaded on its own.
func (c *Corpus) Nested(p Plugin) []string { return nested(p, c.Plugins) }

// nested lists the plugin directories strictly inside p, so a plugin's
// lint leaves out the plugins it contains (as plugforge lint does for a
// marketplace's members).
func nested(p Plugin, all []Plugin) []string {
	var out []string
	for _, q := range all {
		if q.Repo == p.Repo && q.Rel != p.Rel && (p.Rel == "." || strings.HasPrefix(q.Rel, p.Rel+"/")) {
			out = append(out, q.Dir)
		}
	}
	return out
}
