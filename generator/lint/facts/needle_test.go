package facts

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestIndexNeedleIsBytesIndex(t *testing.T) {
	needles := []string{"sk-", "sk-ant-", "/home/", `:\Users\`, "eyJ", "xox", "a", "aa", "PRIVATE KEY", "\n-", "é"}
	pieces := []string{"s", "k", "-", "sk", "ant", "/", "home", "e", "y", "J", "x", "o", "a", " ", "\n", "é", `:\Users\`, "PRIVATE", " KEY"}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 5000 {
		var b strings.Builder
		for range rng.IntN(25) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		data := []byte(b.String())
		for _, n := range needles {
			if got, want := indexNeedle(data, n), bytes.Index(data, []byte(n)); got != want {
				t.Fatalf("indexNeedle(%q, %q) = %d, want %d", data, n, got, want)
			}
		}
	}
}

func TestRarestByte(t *testing.T) {
	for n, want := range map[string]int{"sk-": 1, "eyJ": 2, "ghp_": 3, "a": 0, "/Users/": 1} {
		if got := rarestByte(n); got != want {
			t.Errorf("rarestByte(%q) = %d (%q), want %d", n, got, n[got], want)
		}
	}
}
