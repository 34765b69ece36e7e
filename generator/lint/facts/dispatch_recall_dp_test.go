package facts_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/rules"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// dp019 is an engine running DP019 alone, built once for the whole corpus.
var dp019 = sync.OnceValues(func() (*lint.Engine, error) {
	r, err := rules.Lookup("DP019")
	if err != nil {
		return nil, fmt.Errorf("looking up DP019: %w", err)
	}
	return lint.New([]lint.Rule{r}, nil)
})

// dp019Fires runs DP019 itself on one labelled file, placed as a command of
// a plugin of its own: the question is what the rule judges of the text,
// not whether Claude Code would load the file where its repository keeps it
// (DP019 looks only at loaded files, and a reference page under docs/ is
// not one). The recall test used to ask the recogniser whether a
// continuation was found and guess the rule's answer from that; running
// the rule also measures its judgement of how results arrive.
func dp019Fires(t *testing.T, path string, data []byte) bool {
	t.Helper()
	e, err := dp019()
	if err != nil {
		t.Fatal(err)
	}
	name := "commands/" + strings.TrimSuffix(filepath.Base(path), filepath.Ext(path)) + ".md"
	p := snapshot.FromMemory("labelled", map[string][]byte{name: data})
	for _, f := range e.Run([]*snapshot.Plugin{p}) {
		if f.Rule == "DP019" {
			return true
		}
	}
	return false
}

// dpCount is DP019's score on the labelled files: files that continue a
// subagent with SendMessage and are not aware (it should fire), files
// labelled aware (it must not), and the rest.
type dpCount struct {
	files, fired      int // continuing, not aware
	aware, awareFired int
	otherFired        int
	missed, wrongly   []string
}

func (c *dpCount) add(name string, continues, aware, fires bool) {
	switch {
	case aware:
		c.aware++
		if fires {
			c.awareFired++
			c.wrongly = append(c.wrongly, name)
		}
	case continues:
		c.files++
		if fires {
			c.fired++
		} else {
			c.missed = append(c.missed, name)
		}
	case fires:
		c.otherFired++
	}
}

// report logs the score and fails under 95% file recall or on any finding
// on an aware file.
func (c *dpCount) report(t *testing.T) {
	t.Logf("DP019 (the rule run on each file): fires on %d of %d files that continue a subagent with SendMessage and are not labelled aware (%s); on %d of %d aware files; on %d other files",
		c.fired, c.files, pct(c.fired, c.files), c.awareFired, c.aware, c.otherFired)
	for _, s := range c.missed {
		t.Logf("  DP019 missed: %s", s)
	}
	if c.files > 0 && float64(c.fired) < 0.95*float64(c.files) {
		t.Errorf("DP019 file recall: %d of %d (%s), want at least 95%%", c.fired, c.files, pct(c.fired, c.files))
	}
	for _, s := range c.wrongly {
		t.Errorf("DP019 fires on %s, a file labelled aware (it says how the result arrives)", s)
	}
}
