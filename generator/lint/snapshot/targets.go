package snapshot

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// Resolve turns a command-line path into the units to lint:
//
//   - a directory with .claude-plugin/marketplace.json: the marketplace
//     (itself a plugin too if it has a manifest or components) plus every
//     local plugin it lists that exists inside it, as Members;
//   - a plugin directory: that plugin;
//   - any other directory whose subdirectories are plugins (such as dist/):
//     each of them;
//   - a plugin.json or marketplace.json file: the directory it describes.
//
// display is how findings name the path.
func Resolve(target, display string, opt Options) ([]*Plugin, error) {
	st, err := os.Stat(target)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", display, unwrapPathErr(err))
	}
	if !st.IsDir() {
		base := filepath.Base(target)
		parent := filepath.Dir(target)
		if (base == "plugin.json" || base == "marketplace.json") && filepath.Base(parent) == ".claude-plugin" {
			return Resolve(filepath.Dir(parent), path.Dir(path.Dir(filepath.ToSlash(display))), opt)
		}
		return nil, fmt.Errorf("%s: not a plugin directory or manifest", display)
	}
	if isFile(filepath.Join(target, ".claude-plugin", "marketplace.json")) {
		return resolveMarketplace(target, display, opt)
	}
	if looksLikePlugin(target) {
		opt.Market = listedAbove(target, opt)
		p, err := Load(target, display, opt)
		if err != nil {
			return nil, err
		}
		p.Listed = p.Market != ""
		return []*Plugin{p}, nil
	}
	entries, err := os.ReadDir(target)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", display, unwrapPathErr(err))
	}
	var out []*Plugin
	for _, e := range entries {
		sub := filepath.Join(target, e.Name())
		if e.IsDir() && (looksLikePlugin(sub) || isFile(filepath.Join(sub, ".claude-plugin", "marketplace.json"))) {
			ps, err := Resolve(sub, joinDisplay(display, e.Name()), opt)
			if err != nil {
				return nil, err
			}
			out = append(out, ps...)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no Claude Code plugin or marketplace here (no .claude-plugin/ and no commands/, agents/, skills/ or hooks/)", display)
	}
	return out, nil
}

// DefaultTarget is what ResolveAll lints when given no path: the variants
// plugforge build writes.
const DefaultTarget = "dist"

// ResolveAll resolves every path (shown as written) and keeps each plugin
// once, in the order first reached. No path means DefaultTarget.
func ResolveAll(paths []string, opt Options) ([]*Plugin, error) {
	if len(paths) == 0 {
		if !isDir(DefaultTarget) {
			return nil, fmt.Errorf("no PATH given and ./%s does not exist; pass a plugin or marketplace directory", DefaultTarget)
		}
		paths = []string{DefaultTarget}
	}
	var units []*Plugin
	seen := map[string]bool{}
	for _, p := range paths {
		ps, err := Resolve(p, filepath.ToSlash(filepath.Clean(p)), opt)
		if err != nil {
			return nil, err
		}
		for _, u := range ps {
			if !seen[u.Root] {
				seen[u.Root] = true
				units = append(units, u)
			}
		}
	}
	return units, nil
}

func resolveMarketplace(root, display string, opt Options) ([]*Plugin, error) {
	probe, err := Load(root, display, Options{Shallow: true, MaxFileSize: opt.MaxFileSize})
	if err != nil {
		return nil, err
	}
	var members []*Plugin
	var exclude []string
	for _, rel := range MemberDirs(probe) {
		dir := filepath.Join(probe.Root, filepath.FromSlash(rel))
		if !isDir(dir) {
			continue
		}
		o := opt
		o.Market = probe.Root
		m, err := Load(dir, joinDisplay(display, rel), o)
		if err != nil {
			return nil, err
		}
		m.Listed = true
		members = append(members, m)
		exclude = append(exclude, dir)
	}
	var self *Plugin
	if looksLikePlugin(root) {
		o := opt
		o.Exclude = append(append([]string{}, opt.Exclude...), exclude...)
		if self, err = Load(root, display, o); err != nil {
			return nil, err
		}
	} else {
		self = probe
	}
	self.Members = members
	return append([]*Plugin{self}, members...), nil
}

// MemberDirs lists, relative to the marketplace root, the directories of
// the local plugins a marketplace.json names (string sources: "./x", or a
// bare name under metadata.pluginRoot), skipping paths that leave the root
// and the root itself. Order follows the file; duplicates are dropped.
func MemberDirs(p *Plugin) []string {
	f := p.MarketplaceFile()
	if f == nil {
		return nil
	}
	m, _ := f.JSON().Value.(map[string]any)
	entries, _ := m["plugins"].([]any)
	seen := map[string]bool{}
	var out []string
	for _, e := range entries {
		entry, _ := e.(map[string]any)
		if rel, ok := LocalSource(m, entry); ok && rel != "" && !seen[rel] {
			seen[rel] = true
			out = append(out, rel)
		}
	}
	return out
}

// LocalSource resolves a marketplace entry's string source to a directory
// relative to the marketplace root. ok is false for remote sources and for
// paths that leave the root.
func LocalSource(market, entry map[string]any) (string, bool) {
	src, ok := entry["source"].(string)
	if !ok {
		return "", false
	}
	if !strings.HasPrefix(src, "./") && !strings.HasPrefix(src, "../") && src != "." {
		meta, _ := market["metadata"].(map[string]any)
		root, _ := meta["pluginRoot"].(string)
		if root == "" {
			return "", false
		}
		src = root + "/" + src
	}
	rel := cleanRel(src)
	return rel, rel != ".."
}

// listedAbove returns the directory of the nearest enclosing marketplace (a
// parent directory with .claude-plugin/marketplace.json, at most
// maxListedDepth levels up) when it lists dir as one of its local plugins,
// else "". A plugin linted on its
// own is then what Claude Code installs from that entry, which stands in
// for a missing plugin.json, as when it is linted through the marketplace.
func listedAbove(dir string, opt Options) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	for up, d := 0, filepath.Dir(abs); up < maxListedDepth; up, d = up+1, filepath.Dir(d) {
		if isFile(filepath.Join(d, ".claude-plugin", "marketplace.json")) {
			probe, err := Load(d, d, Options{Shallow: true, MaxFileSize: opt.MaxFileSize})
			if err != nil {
				return ""
			}
			rel, err := filepath.Rel(d, abs)
			if err != nil {
				return ""
			}
			for _, m := range MemberDirs(probe) {
				if m == filepath.ToSlash(rel) {
					return d
				}
			}
			return ""
		}
		if d == filepath.Dir(d) {
			return ""
		}
	}
	return ""
}

// maxListedDepth bounds the walk up: marketplaces list plugins a few
// levels down (plugins/x, plugins/group/x), never deeper in practice.
const maxListedDepth = 4

func looksLikePlugin(dir string) bool {
	if isFile(filepath.Join(dir, ".claude-plugin", "plugin.json")) || isFile(filepath.Join(dir, ".mcp.json")) {
		return true
	}
	for _, d := range []string{"commands", "agents", "skills", "hooks"} {
		if isDir(filepath.Join(dir, d)) {
			return true
		}
	}
	return false
}

func isFile(p string) bool { st, err := os.Stat(p); return err == nil && st.Mode().IsRegular() }
func isDir(p string) bool  { st, err := os.Stat(p); return err == nil && st.IsDir() }

func joinDisplay(display, rel string) string {
	if display == "" || display == "." {
		return rel
	}
	return path.Join(display, rel)
}

// MarketAbove is the directory of the marketplace above dir that lists it
// as a local plugin (see listedAbove), "" when none does: what Resolve
// gives Load as Options.Market for a plugin linted on its own.
func MarketAbove(dir string) string { return listedAbove(dir, Options{}) }
