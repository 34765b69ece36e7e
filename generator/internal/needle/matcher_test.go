package needle

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// naive lists every occurrence of every literal, as Each should report
// them once sorted by (end, id).
func naive(lits []string, data []byte) [][2]int {
	var out [][2]int
	for end := 1; end <= len(data); end++ {
		for id, l := range lits {
			if l != "" && end >= len(l) && bytes.Equal(data[end-len(l):end], []byte(l)) {
				out = append(out, [2]int{id, end - len(l)})
			}
		}
	}
	return out
}

func TestEachFindsEveryOccurrence(t *testing.T) {
	lits := []string{"sk-", "sk-ant-", "/home/", `:\Users\`, "eyJ", "a", "aa", "aab", "PRIVATE KEY", "\n-", "é", "", "ab", "b"}
	pieces := []string{"s", "k", "-", "sk", "ant", "/", "home", "e", "y", "J", "a", "b", " ", "\n", "é", `:\Users\`, "PRIVATE", " KEY"}
	m := Compile(lits)
	rng := rand.New(rand.NewPCG(5, 6))
	for range 5000 {
		var b strings.Builder
		for range rng.IntN(30) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		data := []byte(b.String())
		var got [][2]int
		m.Each(data, func(id, start int) { got = append(got, [2]int{id, start}) })
		want := naive(lits, data)
		// Each reports by end; within one end, by the order of the
		// failure chain (longest first): compare as sets per end.
		if !reflect.DeepEqual(sortByEnd(got, lits), sortByEnd(want, lits)) {
			t.Fatalf("on %q:\n got %v\nwant %v", data, got, want)
		}
	}
}

func sortByEnd(occ [][2]int, lits []string) map[[2]int]bool {
	set := map[[2]int]bool{}
	for _, o := range occ {
		set[o] = true
	}
	return set
}

func TestNoLiterals(t *testing.T) {
	m := Compile(nil)
	m.Each([]byte("anything"), func(id, start int) { t.Fatalf("match %d at %d", id, start) })
}

// BenchmarkEach finds the 24 literals the lint rules and facts declare
// in 1 MB of markdown-like text, in one pass; BenchmarkIndexEach finds the
// same with one bytes.Index scan per literal, the way lint did before.
func BenchmarkEach(b *testing.B) {
	data := text(1 << 20)
	m := Compile(lintLiterals)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		n := 0
		m.Each(data, func(int, int) { n++ })
	}
}

func BenchmarkIndexEach(b *testing.B) {
	data := text(1 << 20)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		n := 0
		for _, l := range lintLiterals {
			for off := 0; ; {
				i := bytes.Index(data[off:], []byte(l))
				if i < 0 {
					break
				}
				n++
				off += i + 1
			}
		}
	}
}

var lintLiterals = []string{"subagent_type", "```!", "!`", "Skill(", "/Users/", "/home/", `:\Users\`, "PRIVATE KEY",
	"AKIA", "ASIA", "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "sk-ant-", "sk-", "xox", "AIza", "k_live_", "eyJ"}

// text is n bytes of prose, markdown and shell with a few literals in it.
func text(n int) []byte {
	words := []string{"the", "task", "risk-based", "agent", "run", "`npm test`", "## Steps", "- item", "Skill(review)",
		"subagent_type: reviewer", "/home/user", "$HOME", "echo \"done\"", "sk-test", "review", "\n", "\n\n", "|", "[link](x.md)"}
	rng := rand.New(rand.NewPCG(7, 8))
	var b bytes.Buffer
	for b.Len() < n {
		b.WriteString(words[rng.IntN(len(words))])
		b.WriteByte(' ')
	}
	return b.Bytes()[:n]
}

// BenchmarkCompile builds a matcher of 66 file names (the non-markdown
// files of a plugin like upstream iflow, which snapshot's nearIndex
// compiles once a lint): its bytes per op are the tables' size, which
// once was as much again in copies of the growing trie.
func BenchmarkCompile(b *testing.B) {
	var names []string
	for i := range 66 {
		names = append(names, fmt.Sprintf("helper_%02d_%s.%s", i, []string{"common", "state", "config"}[i%3], []string{"sh", "py", "json"}[i%3]))
	}
	b.ReportAllocs()
	for b.Loop() {
		Compile(names)
	}
}
