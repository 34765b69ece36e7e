package lazyre

import (
	"fmt"
	"regexp"
	"sync"
)

// RE is a regular expression compiled on first use, safely from any
// number of goroutines.
//
// Declaring one is a single allocation: the compiled form and the
// LineBound answer sit in the RE itself behind a sync.Once each. Built
// from sync.OnceValue closures, as it was, a declaration made about nine
// allocations, and the 137 package-level patterns were a third of the
// allocations of the package inits that plugforge's own code runs at every
// start.
type RE struct {
	expr   string
	once   sync.Once
	re     *regexp.Regexp
	lbOnce sync.Once
	lb     bool
}

var (
	allMu sync.Mutex
	all   []*RE
)

// New declares a pattern; it compiles when first used.
func New(expr string) *RE {
	r := &RE{expr: expr}
	allMu.Lock()
	all = append(all, r)
	allMu.Unlock()
	return r
}

// get compiles the pattern on first use. A pattern that does not compile
// panics there, and again at every later use (the Once is spent by then,
// so the second panic is get's own).
func (r *RE) get() *regexp.Regexp {
	r.once.Do(r.compile)
	if r.re == nil {
		panic("lazyre: pattern does not compile: " + r.expr)
	}
	return r.re
}

func (r *RE) compile() { r.re = regexp.MustCompile(r.expr) }

// CheckAll compiles every pattern declared so far and returns the first
// that does not compile.
func CheckAll() error {
	allMu.Lock()
	defer allMu.Unlock()
	for _, r := range all {
		if _, err := regexp.Compile(r.expr); err != nil {
			return fmt.Errorf("lazyre: %w", err)
		}
	}
	return nil
}

// LineBound reports whether every match of the pattern lies inside one
// line and the pattern does not depend on where the text starts or ends:
// it has no ^, $, \A or \z, and nothing in it matches a newline. Such a
// pattern finds the same matches in a line as in the whole text around it
// (a line break is not a word character, so \b sees the same on both
// sides), which lets a caller run it on the few lines that can match.
func (r *RE) LineBound() bool {
	r.lbOnce.Do(func() { r.lb = lineBound(r.expr) })
	return r.lb
}

// Regexp is the compiled expression.
func (r *RE) Regexp() *regexp.Regexp { return r.get() }

// String is the source text of the expression.
func (r *RE) String() string { return r.expr }

// The methods below are those of *regexp.Regexp.

func (r *RE) Match(b []byte) bool                  { return r.get().Match(b) }
func (r *RE) MatchString(s string) bool            { return r.get().MatchString(s) }
func (r *RE) Find(b []byte) []byte                 { return r.get().Find(b) }
func (r *RE) FindIndex(b []byte) []int             { return r.get().FindIndex(b) }
func (r *RE) FindString(s string) string           { return r.get().FindString(s) }
func (r *RE) FindStringIndex(s string) []int       { return r.get().FindStringIndex(s) }
func (r *RE) FindSubmatch(b []byte) [][]byte       { return r.get().FindSubmatch(b) }
func (r *RE) FindSubmatchIndex(b []byte) []int     { return r.get().FindSubmatchIndex(b) }
func (r *RE) FindStringSubmatch(s string) []string { return r.get().FindStringSubmatch(s) }
func (r *RE) FindStringSubmatchIndex(s string) []int {
	return r.get().FindStringSubmatchIndex(s)
}
func (r *RE) FindAll(b []byte, n int) [][]byte           { return r.get().FindAll(b, n) }
func (r *RE) FindAllIndex(b []byte, n int) [][]int       { return r.get().FindAllIndex(b, n) }
func (r *RE) FindAllString(s string, n int) []string     { return r.get().FindAllString(s, n) }
func (r *RE) FindAllStringIndex(s string, n int) [][]int { return r.get().FindAllStringIndex(s, n) }
func (r *RE) FindAllSubmatch(b []byte, n int) [][][]byte {
	return r.get().FindAllSubmatch(b, n)
}
func (r *RE) FindAllSubmatchIndex(b []byte, n int) [][]int {
	return r.get().FindAllSubmatchIndex(b, n)
}
func (r *RE) FindAllStringSubmatch(s string, n int) [][]string {
	return r.get().FindAllStringSubmatch(s, n)
}
func (r *RE) FindAllStringSubmatchIndex(s string, n int) [][]int {
	return r.get().FindAllStringSubmatchIndex(s, n)
}
func (r *RE) ReplaceAllString(src, repl string) string { return r.get().ReplaceAllString(src, repl) }
func (r *RE) ReplaceAllStringFunc(src string, repl func(string) string) string {
	return r.get().ReplaceAllStringFunc(src, repl)
}
func (r *RE) SubexpNames() []string       { return r.get().SubexpNames() }
func (r *RE) SubexpIndex(name string) int { return r.get().SubexpIndex(name) }
func (r *RE) NumSubexp() int              { return r.get().NumSubexp() }

// Count is the number of patterns declared so far.
func Count() int {
	allMu.Lock()
	defer allMu.Unlock()
	return len(all)
}
