package main

import (
	"testing"

	"github.com/plugforge/plugforge/generator/lazyre"
)

// Package-level patterns compile on first use (internal/lazyre), so a bad
// one would only panic when a rule or loader first reaches it. This
// compiles every pattern of every package the binary links.
func TestEveryPatternCompiles(t *testing.T) {
	if n := lazyre.Count(); n < 40 {
		t.Fatalf("only %d patterns registered; the binary's packages declare more than 40", n)
	}
	if err := lazyre.CheckAll(); err != nil {
		t.Fatal(err)
	}
}
