package lazyre

import (
	"strings"
	"sync"
	"testing"
)

func TestCompilesOnFirstUseOnce(t *testing.T) {
	r := New(`a(b+)`)
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if m := r.FindStringSubmatch("xabbb"); len(m) != 2 || m[1] != "bbb" {
				t.Errorf("got %q", m)
			}
		}()
	}
	wg.Wait()
	if r.Regexp() != r.Regexp() {
		t.Error("compiled twice")
	}
	if r.String() != `a(b+)` {
		t.Errorf("String() = %q", r.String())
	}
}

func TestCheckAllNamesABadPattern(t *testing.T) {
	if err := CheckAll(); err != nil {
		t.Fatalf("before: %v", err)
	}
	bad := New(`(unclosed`)
	err := CheckAll()
	if err == nil || !strings.Contains(err.Error(), "(unclosed") {
		t.Fatalf("CheckAll() = %v, want an error naming the pattern", err)
	}
	allMu.Lock()
	all = all[:len(all)-1] // leave the registry as other tests expect it
	allMu.Unlock()
	defer func() {
		if recover() == nil {
			t.Error("first use of a bad pattern did not panic")
		}
	}()
	bad.MatchString("x")
}

func TestLineBound(t *testing.T) {
	for expr, want := range map[string]bool{
		`(?:/Users/|/home/|[A-Za-z]:\\Users\\)([A-Za-z0-9._-]+)`: true,
		`AKIA[0-9A-Z]{16}\b`: true,
		`a.b`:                true, // . stops at a newline
		`(?s)a.b`:            false,
		`a\sb`:               false,
		`a[^x]b`:             false,
		`a\nb`:               false,
		`^ab`:                false,
		`ab$`:                false,
		`(?m)^ab`:            false,
		`\Aab`:               false,
		`a\z`:                false,
		`[\x00-\x20]`:        false,
		`\bSkill\(\s*x`:      false,
		`(unclosed`:          false,
	} {
		if got := lineBound(expr); got != want {
			t.Errorf("LineBound(%q) = %v, want %v", expr, got, want)
		}
	}
	if !New(`x[0-9]`).LineBound() {
		t.Error("RE.LineBound disagrees with lineBound")
	}
}
