package lint

import (
	"strings"
	"sync/atomic"
	"testing"

	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// TestAnalysesRunOncePerFile: two rules running in parallel over every
// file share one computation of the analysis each declares, per file and
// per plugin, and an analysis reads the one it requires.
func TestAnalysesRunOncePerFile(t *testing.T) {
	var lines, total atomic.Int64
	lineCount := NewFileAnalysis("lines", "lines of a file", nil, func(_ *Input, f *snapshot.File) int {
		lines.Add(1)
		return f.NumLines()
	})
	sum := NewPluginAnalysis("sum", "lines of every command", []Analyzer{lineCount}, func(in *Input) int {
		total.Add(1)
		n := 0
		for _, f := range in.Plugin.OfKind(snapshot.KindCommand) {
			n += lineCount.Of(in, f)
		}
		return n
	})
	rule := func(id string) Rule {
		return Rule{ID: id, Alias: "r-" + strings.ToLower(id), Family: famT, Severity: Info, Title: "t", Doc: tdoc,
			Kinds: []snapshot.Kind{snapshot.KindCommand}, Requires: []Analyzer{lineCount, sum},
			Check: func(p *Pass) {
				p.Reportf(p.File.Line(1), "", "%d of %d", lineCount.Of(p, p.File), sum.Of(p))
			}}
	}
	e, err := New([]Rule{rule("TT001"), rule("TT002")}, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := e.Run([]*snapshot.Plugin{unit()})
	if len(got) != 4 || got[0].Message != "1 of 3" || got[2].Message != "2 of 3" {
		t.Fatalf("findings: %+v", got)
	}
	if lines.Load() != 2 || total.Load() != 1 {
		t.Errorf("lines ran %d times for 2 files, sum %d times for 1 plugin", lines.Load(), total.Load())
	}
}

// TestUndeclaredAnalysis: reading an analysis a rule (or an analysis) does
// not list in Requires is a crash of that rule, named in its finding.
func TestUndeclaredAnalysis(t *testing.T) {
	lineCount := NewFileAnalysis("lines", "lines of a file", nil, func(_ *Input, f *snapshot.File) int { return f.NumLines() })
	sneaky := NewPluginAnalysis("sneaky", "reads lines without saying so", nil, func(in *Input) int {
		return lineCount.Of(in, in.Plugin.Files[0])
	})
	e, err := New([]Rule{
		{ID: "TT001", Alias: "undeclared", Family: famT, Severity: Info, Title: "t", Doc: tdoc,
			Check: func(p *Pass) { lineCount.Of(p, p.Plugin.Files[0]) }},
		{ID: "TT002", Alias: "via-analysis", Family: famT, Severity: Info, Title: "t", Doc: tdoc,
			Requires: []Analyzer{sneaky}, Check: func(p *Pass) { sneaky.Of(p) }},
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := e.Run([]*snapshot.Plugin{unit()})
	if len(got) != 2 {
		t.Fatalf("findings: %+v", got)
	}
	for i, want := range []string{`rule TT001 reads analysis "lines" without listing it in Requires`,
		`analysis sneaky reads analysis "lines" without listing it in Requires`} {
		if !strings.Contains(got[i].Message, want) {
			t.Errorf("finding %d: %q lacks %q", i, got[i].Message, want)
		}
	}
}
