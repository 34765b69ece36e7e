package lint

import (
	"strings"
	"testing"

	"github.com/plugforge/plugforge/generator/lint/snapshot"
	"github.com/plugforge/plugforge/generator/model"
	"github.com/plugforge/plugforge/generator/provenance"
)

// TestReportFixStamps: the runner completes a fix from the unit (the file
// it targets, which may be another than the finding's; its content and
// mode; whether plugforge generated it), drops a fix for a file the unit
// lacks, and turns ReportFix from a rule without Doc.Fix into a crash
// finding, not a silent fix.
func TestReportFixStamps(t *testing.T) {
	fixDoc := tdoc
	fixDoc.Fix = "does the thing"
	rules := []Rule{
		{ID: "TT001", Alias: "fixes-other", Family: famT, Severity: Warning, Title: "t", Doc: fixDoc,
			Kinds: []snapshot.Kind{snapshot.KindCommand},
			Check: func(p *Pass) {
				p.ReportFix(p.File.Line(1), Fix{Path: "hooks/x.sh", Mode: 0o755}, "h", "m %s", p.File.Path)
				p.ReportFix(p.File.Line(1), Fix{Path: "nope.sh", Mode: 0o755}, "h", "gone %s", p.File.Path)
				p.Reportf(p.File.Line(1), "h", "plain %s", p.File.Path)
			}},
		{ID: "TT002", Alias: "undocumented", Family: famT, Severity: Warning, Title: "t", Doc: tdoc,
			Kinds: []snapshot.Kind{snapshot.KindCommand},
			Check: func(p *Pass) { p.ReportFix(p.File.Line(1), Fix{Mode: 0o755}, "h", "m") }},
	}
	m, err := provenance.Encode(provenance.Manifest{Generator: provenance.Generator, Variant: "pl", Dialect: model.AgentSendMessage,
		Files: []provenance.Entry{{Path: "hooks/x.sh", SHA256: strings.Repeat("0", 64), Mode: "0755",
			Sources: []provenance.Source{{Path: "plugin-src/hooks/x.sh", SHA256: strings.Repeat("0", 64)}}}}})
	if err != nil {
		t.Fatal(err)
	}
	u := snapshot.FromMemory("pl", map[string][]byte{"commands/a.md": []byte("a\n"), "hooks/x.sh": []byte("x\n"), model.ProvenancePath: m})
	e, err := New(rules, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range e.Run([]*snapshot.Plugin{u}) {
		switch {
		case f.Rule == "TT002":
			if !strings.Contains(f.Message, "reports a fix but its Doc has no Fix") || f.Fix != nil {
				t.Errorf("TT002: %q", f.Message)
			}
		case f.Fix != nil:
			fx := f.Fix
			if fx.Path != "hooks/x.sh" || fx.Display != "pl/hooks/x.sh" || string(fx.Base) != "x\n" || fx.OldMode != 0o755 ||
				!fx.Generated || fx.Source != "plugin-src/hooks/x.sh" || !strings.HasSuffix(fx.Abs, "/pl/hooks/x.sh") {
				t.Errorf("stamped fix: %+v", fx)
			}
			got = append(got, f.Message)
		default:
			got = append(got, "no fix: "+f.Message)
		}
	}
	want := "no fix: gone commands/a.md|m commands/a.md|no fix: plain commands/a.md" // sorted by message
	if strings.Join(got, "|") != want {
		t.Errorf("got %q, want %q", strings.Join(got, "|"), want)
	}
}
