package facts

import (
	"path/filepath"
	"testing"

	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// TestRecordedSitesAgreeWithText: in the committed dist/, the blocks the
// build recorded are exactly the blocks the text parser finds, with the
// same kind and agent, so linting dist/ from the record loses nothing; and
// a file edited since the build is read from its text again.
func TestRecordedSitesAgreeWithText(t *testing.T) {
	for _, v := range []string{"iflow", "iflow-classic"} {
		p, err := snapshot.Load(filepath.Join("..", "..", "..", "dist", v), v, snapshot.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if p.Provenance == nil {
			t.Fatalf("%s: no manifest", v)
		}
		recorded := 0
		for _, f := range p.Files {
			if !f.Kind.IsMarkdown() || f.Data == nil {
				continue
			}
			if _, ok := recordedSites(p, f); !ok {
				if e := p.Provenance.Entry(f.Path); e == nil || len(e.Dispatches) > 0 {
					t.Errorf("%s/%s: the manifest does not vouch for the file", v, f.Path)
				}
				continue
			}
			got, want := parseDispatches(p, f), parseDispatches(&snapshot.Plugin{}, f)
			if len(got.Blocks) != len(want.Blocks) {
				t.Errorf("%s/%s: %d recorded blocks, %d in the text", v, f.Path, len(got.Blocks), len(want.Blocks))
				continue
			}
			for i, g := range got.Blocks {
				w := want.Blocks[i]
				recorded++
				if g.FenceLine != w.FenceLine || g.Fresh() != w.Fresh() || g.Continued() != w.Continued() || got.Role(g) != want.Role(w) {
					t.Errorf("%s/%s:%d: recorded %s %q, text fresh=%v continued=%v %q at %d",
						v, f.Path, g.FenceLine, g.Kind, got.Role(g), w.Fresh(), w.Continued(), want.Role(w), w.FenceLine)
				}
			}
		}
		if recorded < 30 {
			t.Errorf("%s: only %d recorded blocks compared", v, recorded)
		}
		f := p.File("commands/specify.md")
		f.Data = append(append([]byte(nil), f.Data...), "\nedited\n"...)
		if _, ok := recordedSites(p, f); ok {
			t.Errorf("%s: an edited file still trusts the record", v)
		}
	}
}
