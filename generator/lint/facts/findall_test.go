package facts

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/plugforge/plugforge/generator/lazyre"
)

// FindAll must find exactly what a run of the pattern over the whole text
// finds, whether it takes the line-by-line path or not.
func TestFindAllMatchesAWholeTextRun(t *testing.T) {
	cases := []struct {
		re      *lazyre.RE
		needles []string
	}{
		{lazyre.New(`(?:/Users/|/home/|[A-Za-z]:\\Users\\)([A-Za-z0-9._-]+)`), []string{"/Users/", "/home/", `:\Users\`}},
		{lazyre.New(`AKIA[0-9A-Z]{4}\b`), []string{"AKIA"}},
		{lazyre.New(`\bgh[po]_(x+)?y`), []string{"ghp_", "gho_"}},
		{lazyre.New(`Skill\(\s*(\w+)\s*\)`), []string{"Skill("}}, // not line-bound
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
			want := c.re.Regexp().FindAllSubmatchIndex(data, -1)
			if got := FindAll(c.re, data, c.needles...); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s on %q:\n got %v\nwant %v", c.re, data, got, want)
			}
		}
	}
}
