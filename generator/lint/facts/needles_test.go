package facts

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/plugforge/plugforge/generator/lazyre"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// Needles declared for this test, at package level as NewNeedles requires.
var (
	testHome   = NewNeedles("/Users/", "/home/", `:\Users\`)
	testAKIA   = NewNeedles("AKIA")
	testGitHub = NewNeedles("ghp_", "gho_")
	testSkill  = NewNeedles("Skill(")
)

// Needles.FindAll must find exactly what a run of the pattern over the
// whole text finds, whether it takes the line-by-line path or not.
func TestNeedlesFindAllMatchesAWholeTextRun(t *testing.T) {
	cases := []struct {
		re      *lazyre.RE
		needles *Needles
	}{
		{lazyre.New(`(?:/Users/|/home/|[A-Za-z]:\\Users\\)([A-Za-z0-9._-]+)`), testHome},
		{lazyre.New(`AKIA[0-9A-Z]{4}\b`), testAKIA},
		{lazyre.New(`\bgh[po]_(x+)?y`), testGitHub},
		{lazyre.New(`Skill\(\s*(\w+)\s*\)`), testSkill}, // not line-bound
	}
	pieces := []string{"/home/", "/Users/", `C:\Users\`, "bob", "AKIA", "ABCD", "EFGH", "ghp_", "gho_", "xx", "y",
		"Skill(", "run", ")", " ", "\n", "\r\n", "-", ".", "é", "a"}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range cases {
		if c.re.LineBound() == strings.HasPrefix(c.re.String(), "Skill") {
			t.Fatalf("%s: LineBound %v, not the path this case is for", c.re, c.re.LineBound())
		}
		for range 3000 {
			var b strings.Builder
			for range rng.IntN(30) {
				b.WriteString(pieces[rng.IntN(len(pieces))])
			}
			data := []byte(b.String())
			f := snapshot.FromMemory("p", map[string][]byte{"a.md": data}).File("a.md")
			want := c.re.Regexp().FindAllSubmatchIndex(data, -1)
			if got := c.needles.FindAll(c.re, f); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s on %q:\n got %v\nwant %v", c.re, data, got, want)
			}
		}
	}
}

func TestNewNeedlesAfterTheFirstSearchPanics(t *testing.T) {
	f := snapshot.FromMemory("p", map[string][]byte{"a.md": []byte("x")}).File("a.md")
	testAKIA.In(f)
	defer func() {
		if recover() == nil {
			t.Error("a set declared after the matcher was built did not panic")
		}
	}()
	NewNeedles("late")
}
