package facts

import (
	"math/rand/v2"
	"strings"
	"testing"
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
