package facts

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestToLowerIsStringsToLower(t *testing.T) {
	pieces := []string{"A", "z", "Task-Notification", "É", "é", "\u212a", "\u0130", "\u03a3", "—", "\xff", "\xe2\x80", "ǅ", " ", "\n", "Ⅻ", "ẞ"}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 5000 {
		var b strings.Builder
		for range rng.IntN(20) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		s := b.String()
		if got, want := toLower([]byte(s)), strings.ToLower(s); got != want {
			t.Fatalf("toLower(%q) = %q, want %q", s, got, want)
		}
	}
}

// TestFoldWords holds the hasFold word lists to what makes the test
// exact: lower-case ASCII without a letter that (?i) also folds to a
// non-ASCII rune. A word that broke this could skip a regexp that would
// have matched.
func TestFoldWords(t *testing.T) {
	for _, list := range [][]string{plannedLineWords, otherAgentWords, plannedHeadingWords, {provenanceFirst}} {
		for _, w := range list {
			for _, r := range w {
				if r >= utf8.RuneSelf || unicode.IsUpper(r) {
					t.Errorf("%q: %q is not lower-case ASCII", w, r)
				}
				for o := unicode.SimpleFold(r); o != r; o = unicode.SimpleFold(o) {
					if o >= utf8.RuneSelf {
						t.Errorf("%q: (?i) matches %q with %q, which hasFold does not", w, r, o)
					}
				}
			}
		}
	}
}

// TestHasFoldIsRegexpGate: on lines that match and lines that do not, the
// regexp with its hasFold test in front answers as the regexp alone.
func TestHasFoldIsRegexpGate(t *testing.T) {
	lines := []string{
		"- /plan (planned)", "Coming Soon: more", "NOT BUILT YET", "not yet implemented", "nothing here",
		"Use the Codex CLI", "gemini cli's slash commands", "the cursor agent", "Cursor Commands", "cli", "agents",
		"a (TODO) item", "(Future)", "(WIP)", "(tbd)", "(Not yet built)", "(Coming Soon)", "(planned)", "(x)", "the not-built thing", "", "ÄGENT", " AGENT",
		"Roadmap", "Future Work", "Wishlist", "wish list", "BACKLOG", "Upcoming", "Not yet built", "Planning", "Coming soon",
	}
	for _, l := range lines {
		b := []byte(l)
		if got, want := hasFold(b, plannedLineWords) && plannedLineRE.Match(b), plannedLineRE.Match(b); got != want {
			t.Errorf("planned %q: gated %v, regexp %v", l, got, want)
		}
		if got, want := hasFold(b, otherAgentWords) && otherAgentRE.Match(b), otherAgentRE.Match(b); got != want {
			t.Errorf("other agent %q: gated %v, regexp %v", l, got, want)
		}
		if got, want := hasFold(b, plannedHeadingWords) && plannedHeadingRE.Match(b), plannedHeadingRE.Match(b); got != want {
			t.Errorf("planned heading %q: gated %v, regexp %v", l, got, want)
		}
	}
	if !hasFold([]byte("x AgEnT"), []string{" agent"}) || hasFold([]byte("agen"), []string{"agent"}) {
		t.Error("hasFold misreads case or a word cut short")
	}
}

// TestProvenanceAnchored: provenanceRE, its ^ moved out of the
// alternation, matches what the pattern with a ^ in each branch did.
func TestProvenanceAnchored(t *testing.T) {
	old := regexp.MustCompile(`(?i)^\**(?:based on|adapted from|derived from|generated from|copied from|ported from|inspired by|credits?|original)\b\**\s*:|^\**(?:adapted from|based on|generated from|copied from|ported from|inspired by)\b`)
	for _, l := range []string{
		"Based on: x", "**Adapted from** notes.md", "credits: x", "Credit :", "original: y", "ORIGINAL", "xBased on: x",
		"Ported from the old repo", "copied fromage", "Inspired by x", " based on: x", "read based on: x", "**credits**:", "",
	} {
		if got, want := provenanceStart([]byte(l)) && provenanceRE.MatchString(l), old.MatchString(l); got != want {
			t.Errorf("%q: %v, the old pattern %v", l, got, want)
		}
	}
}
