package lint

import (
	"path"
	"path/filepath"

	"github.com/plugforge/plugforge/generator/lint/baseline"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// BaselineReport is what applying a baseline did to a run.
type BaselineReport struct {
	Path    string // the baseline file, as the user named it
	Matched int    // findings the baseline held back
	// Stale are the entries no finding matched, with the count left, for
	// the plugins this run linted: fixed since they were recorded.
	Stale []baseline.Entry
}

// StaleCount is how many findings the stale entries stand for.
func (r *BaselineReport) StaleCount() int {
	n := 0
	for _, e := range r.Stale {
		n += e.Count
	}
	return n
}

// ApplyBaseline moves the findings b records to the suppressed list, as
// external suppressions written in b's file, through the same partition as
// the inline directives and the configuration's ignores. It runs after
// them: a finding already suppressed is not the baseline's. Findings are
// taken in their sorted order, so when a file has more identical findings
// than the baseline counts, the later ones are the new ones.
func ApplyBaseline(b *baseline.Baseline, units []*snapshot.Plugin, res Result) Result {
	loc := locate(units)
	m := b.Matcher()
	sp := &Suppression{Kind: "external", Justification: "recorded in the baseline " + b.Path, Path: b.Path}
	kept, held := partition(res.Findings, func(f Finding) *Suppression {
		if m.Take(loc.key(f)) {
			return sp
		}
		return nil
	})
	res.Findings = kept
	res.Suppressed = SortAndDedupe(append(res.Suppressed, held...))
	res.Baseline = &BaselineReport{Path: b.Path, Matched: len(held), Stale: m.Stale(loc.linted)}
	return res
}

// BaselineKeys are the keys of findings, for a new baseline, and the
// names of the plugins they were linted from (baseline.Record keeps the
// entries of other plugins).
func BaselineKeys(units []*snapshot.Plugin, findings []Finding) (keys []baseline.Key, linted map[string]bool) {
	loc := locate(units)
	for _, f := range findings {
		keys = append(keys, loc.key(f))
	}
	return keys, loc.linted
}

// PluginName is how a baseline names a plugin: plugin.json's "name", else
// the directory's name as displayed (a staged build is displayed under
// the directory it is about to have), else the directory's own name.
func PluginName(u *snapshot.Plugin) string {
	if n, ok := u.ManifestValue()["name"].(string); ok && n != "" {
		return n
	}
	if b := path.Base(u.Display); u.Display != "" && b != "." && b != ".." && b != "/" {
		return b
	}
	return filepath.Base(u.Root)
}

type place struct {
	plugin, display, rel string
	file                 *snapshot.File
}

type locator struct {
	at     map[string]place // by display path
	linted map[string]bool  // plugin names; "" stands for files of no plugin
}

// locate maps every display path of the units' files (and roots) to its
// plugin and path inside it; the first unit that holds a path has it, as
// in displayFiles.
func locate(units []*snapshot.Plugin) locator {
	l := locator{at: map[string]place{}, linted: map[string]bool{"": true}}
	for _, u := range units {
		name := PluginName(u)
		l.linted[name] = true
		if _, ok := l.at[Join(u, "")]; !ok {
			l.at[Join(u, "")] = place{plugin: name, display: u.Display}
		}
		for _, f := range u.Files {
			p := Join(u, f.Path)
			if _, ok := l.at[p]; !ok {
				l.at[p] = place{plugin: name, display: u.Display, rel: f.Path, file: f}
			}
		}
	}
	return l
}

// key is f's baseline key: a file of no plugin (.plugforge.yaml) keeps
// its path as printed.
func (l locator) key(f Finding) baseline.Key {
	p, ok := l.at[f.Path]
	if !ok {
		p = place{rel: f.Path}
	}
	line := ""
	if p.file != nil && f.Line > 0 && p.file.IsRegular() && p.file.Readable() {
		line = p.file.LineText(f.Line)
	}
	return baseline.KeyOf(p.plugin, p.display, p.rel, f.Rule, f.Message, line)
}
