package cliview

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// MarketplaceRun is what the CLI made of a marketplace directory: whether
// `claude plugin marketplace add DIR` took it, and for each entry whether
// `claude plugin install <entry>@<marketplace>` installed it. The runs
// share one throw-away HOME and touch nothing else; no network is used for
// a local marketplace whose entries are local directories.
type MarketplaceRun struct {
	Version string `json:"version"`
	Added   bool   `json:"added"`
	// Output is the last line add printed, the directory written
	// "$MARKETPLACE", cut to 240 characters.
	Output   string    `json:"output"`
	Installs []Install `json:"installs,omitempty"`
}

// Install is one entry's `claude plugin install`.
type Install struct {
	Plugin    string `json:"plugin"`
	Installed bool   `json:"installed"`
	Output    string `json:"output"`
	// Registered, LoadedFrom and Links are recorded with
	// Runner.ListInstalled (see listInstalled): what a session after the
	// installs registers of the plugin and from where, and what its cache
	// holds where the plugin has a symlink.
	Registered []string `json:"registered,omitempty"`
	LoadedFrom string   `json:"loaded_from,omitempty"`
	Links      []string `json:"links,omitempty"`
}

// Marketplace adds the marketplace at dir and installs each of its entries.
func (r Runner) Marketplace(ctx context.Context, dir string) (*MarketplaceRun, error) {
	s, err := r.start(ctx, dir)
	if err != nil {
		return nil, fmt.Errorf("marketplace %s: %w", dir, err)
	}
	defer s.close()
	abs, bin, home, timeout := s.abs, s.bin, s.tmp, s.timeout
	ctx = s.ctx
	run := func(args ...string) (string, bool, error) {
		cmd := exec.CommandContext(ctx, bin, args...)
		cmd.Dir = home
		cmd.Env = s.env(home)
		ownGroup(cmd)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		err = cmd.Run()
		if ctx.Err() != nil {
			return "", false, fmt.Errorf("marketplace %s with %s: %s did not finish within %s", dir, r.Bin, strings.Join(args[:2], " "), timeout)
		}
		var exit *exec.ExitError
		if err != nil && !errors.As(err, &exit) {
			return "", false, fmt.Errorf("marketplace %s: starting %s: %w", dir, r.Bin, err)
		}
		return lastLine(out.String(), abs), err == nil, nil
	}
	m := &MarketplaceRun{}
	v, _, err := run("--version")
	if err != nil {
		return nil, err
	}
	m.Version, _, _ = strings.Cut(v, " ")
	if m.Output, m.Added, err = run("plugin", "marketplace", "add", abs); err != nil || !m.Added {
		return m, err
	}
	name, entries, sources := readMarketplace(abs)
	for _, e := range entries {
		out, ok, err := run("plugin", "install", e+"@"+name)
		if err != nil {
			return nil, err
		}
		m.Installs = append(m.Installs, Install{Plugin: e, Installed: ok, Output: out})
	}
	if r.ListInstalled {
		if err := s.listInstalled(m, name, sources); err != nil {
			return nil, fmt.Errorf("marketplace %s: %w", dir, err)
		}
	}
	return m, nil
}

// readMarketplace reads the marketplace's name, its entries' names and,
// by name, the directories of the entries whose source is a local path.
func readMarketplace(dir string) (string, []string, map[string]string) {
	var m struct {
		Name    string `json:"name"`
		Plugins []struct {
			Name   string `json:"name"`
			Source any    `json:"source"`
		} `json:"plugins"`
	}
	b, err := os.ReadFile(filepath.Join(dir, ".claude-plugin", "marketplace.json"))
	if err != nil || json.Unmarshal(b, &m) != nil {
		return "", nil, nil
	}
	var names []string
	sources := map[string]string{}
	for _, p := range m.Plugins {
		names = append(names, p.Name)
		if src, ok := p.Source.(string); ok && strings.HasPrefix(src, "./") {
			sources[p.Name] = filepath.Join(dir, filepath.FromSlash(src))
		}
	}
	return m.Name, names, sources
}

// lastLine is the last non-blank line of a command's output, progress
// text before a "✔" or "✘" dropped, dir written "$MARKETPLACE".
func lastLine(out, dir string) string {
	lines := strings.Split(strings.TrimSpace(out), "\n")
	l := strings.TrimSpace(lines[len(lines)-1])
	if i := strings.IndexAny(l, "✔✘"); i > 0 {
		l = l[i:]
	}
	l = strings.ReplaceAll(l, dir, "$MARKETPLACE")
	if r := []rune(l); len(r) > maxProblem {
		l = string(r[:maxProblem]) + "…"
	}
	return l
}

// DiffMarketplace lists how got differs from want.
func DiffMarketplace(want, got *MarketplaceRun) []string {
	var out []string
	if want.Added != got.Added || want.Output != got.Output {
		out = append(out, fmt.Sprintf("marketplace add: got %v %q, want %v %q", got.Added, got.Output, want.Added, want.Output))
	}
	var w, g []string
	line := func(i Install) string {
		return fmt.Sprintf("%s %v %s registered=%v from=%s links=%v", i.Plugin, i.Installed, i.Output, i.Registered, i.LoadedFrom, i.Links)
	}
	for _, i := range want.Installs {
		w = append(w, line(i))
	}
	for _, i := range got.Installs {
		g = append(g, line(i))
	}
	return append(out, DiffNames("install", w, g)...)
}
