package facts_test

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// TestNameSites measures facts.ReferenceOf on the bare "<plugin>:<name>"
// tokens of public plugin files that we labelled by hand
// (testdata/name-sites.tsv: name, mention or not-name), against checkouts
// of their repositories: a directory holding one directory per set
// (studied, fresh, corpus23, corpusc, setd, sete), each holding one
// checkout per repository named owner+name (set PLUGFORGE_NAMES_CORPUS;
// default .corpus/names at the module root). Without them it is skipped,
// saying so. It logs the confusion matrix of judgement against label and
// of judgement against the findings' verdicts, and fails when the
// judgement differs from the label on more than 5% of the lines (two known
// misses: a Workflow call's name: key in a fence, and "Replaces X, Y" in
// a description, both names no word attached presents), and on any TRUE
// row not judged a name.
func TestNameSites(t *testing.T) {
	dir := os.Getenv("PLUGFORGE_NAMES_CORPUS")
	if dir == "" {
		dir = filepath.Join("..", "..", "..", ".corpus", "names")
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		t.Skipf("name sites: skipped: no checkouts at %s (set PLUGFORGE_NAMES_CORPUS to a directory of <set>/owner+name checkouts at the commits in testdata/name-sites.tsv)", dir)
	}
	rows := readNameSites(t, filepath.Join("testdata", "name-sites.tsv"))
	byLabel, byVerdict := map[string]int{}, map[string]int{}
	found, missed := 0, 0
	for _, r := range rows {
		path := filepath.Join(dir, r.set, strings.ReplaceAll(r.repo, "/", "+"), filepath.FromSlash(r.path))
		data, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		found++
		got := judgeLine(t, r.path, data, r.line, r.prefix)
		byLabel[r.label+" → "+got]++
		byVerdict[r.verdict+" → "+got]++
		if got != r.label {
			missed++
			t.Logf("differs: %s %s:%d (%s): judged %s, labelled %s", r.repo, r.path, r.line, r.verdict, got, r.label)
		}
		if r.verdict == "TRUE" && got != "name" {
			t.Errorf("%s %s:%d: a TRUE finding judged %s", r.repo, r.path, r.line, got)
		}
	}
	if found == 0 {
		t.Skipf("name sites: skipped: none of the %d labelled files is under %s", len(rows), dir)
	}
	t.Logf("name sites: %d of %d labelled lines found; judgement agrees with the label on %d", found, len(rows), found-missed)
	if missed*20 > found {
		t.Errorf("the judgement differs from the label on %d of %d lines, more than 5%%", missed, found)
	}
	for _, m := range []map[string]int{byLabel, byVerdict} {
		var keys []string
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			t.Logf("  %-22s %d", k, m[k])
		}
	}
}

type nameSite struct {
	set, repo, commit, path string
	line                    int
	prefix, verdict, label  string
}

func readNameSites(t *testing.T, path string) []nameSite {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []nameSite
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, "set\t") {
			continue
		}
		c := strings.Split(line, "\t")
		if len(c) != 8 {
			t.Fatalf("%s:%d: %d columns, want 8", path, n, len(c))
		}
		ln, err := strconv.Atoi(c[4])
		if err != nil {
			t.Fatalf("%s:%d: line %q: %v", path, n, c[4], err)
		}
		out = append(out, nameSite{c[0], c[1], c[2], c[3], ln, c[5], c[6], c[7]})
	}
	return out
}

// judgeLine judges the bare tokens of prefix on one line of a file: name,
// mention or not-name; a line whose tokens are judged differently answers
// with all the judgements.
func judgeLine(t *testing.T, path string, data []byte, line int, prefix string) string {
	t.Helper()
	p := snapshot.FromMemory("labelled", map[string][]byte{path: data})
	f := p.File(path)
	ex := facts.Examples.Of(lint.Unchecked(p), f)
	seen := map[string]bool{}
	var got []string
	for _, r := range facts.QualifiedRefs.Of(lint.Unchecked(p), f) {
		if r.Prefix != prefix || f.At(r.Off).Line != line || facts.SlashCommandAt(f.Data, r.Off) {
			continue
		}
		k := "not-name"
		switch facts.ReferenceOf(f, ex, r.Off, r.Off+len(r.Prefix)+1+len(r.Name)) {
		case facts.NameLiteral:
			k = "name"
		case facts.NameMention:
			k = "mention"
		}
		if !seen[k] {
			seen[k] = true
			got = append(got, k)
		}
	}
	if len(got) == 0 {
		return fmt.Sprintf("no token of %q", prefix)
	}
	return strings.Join(got, "+")
}
