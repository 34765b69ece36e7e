package lint

import (
	"fmt"

	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// An analysis computes one typed fact — a file's dispatch blocks, its shell
// parse, its hooks — once per file (or per plugin), and shares it with every
// rule that asks for it. It is modelled on go/analysis: a rule lists the
// analyses it reads in Rule.Requires and gets each result, typed, with
// Of; reading one it did not declare is a programming error that fails
// loudly. Analyses may require other analyses the same way. The analyses
// themselves live in generator/lint/facts.
type Analyzer interface {
	info() *analysisInfo
}

type analysisInfo struct {
	name     string
	doc      string
	requires []Analyzer
	slot     int // where snapshot caches the result
}

func (a *analysisInfo) info() *analysisInfo { return a }

// Name is the analysis's name, for messages and `plugforge explain`.
func (a *analysisInfo) Name() string { return a.name }

// Doc says what the analysis computes.
func (a *analysisInfo) Doc() string { return a.doc }

func newInfo(name, doc string, requires []Analyzer) analysisInfo {
	return analysisInfo{name: name, doc: doc, requires: requires, slot: snapshot.NewSlot()}
}

// Reader is what may read analysis results: a rule's Pass, or the Input of
// another analysis. Each may read only what it declares.
type Reader interface {
	requires(Analyzer) bool
	readerName() string
}

func (p *Pass) requires(a Analyzer) bool { return declares(p.Rule.Requires, a) }
func (p *Pass) readerName() string       { return "rule " + p.Rule.ID }

// Input is what an analysis's run function gets: the plugin, and the
// results of the analyses it requires (through their Of).
type Input struct {
	Plugin *snapshot.Plugin
	self   *analysisInfo
}

func (in *Input) requires(a Analyzer) bool { return in.self == nil || declares(in.self.requires, a) }
func (in *Input) readerName() string       { return "analysis " + in.self.name }

// Unchecked is a Reader of plugin p that may read any analysis, for tests
// and tools that look at facts outside a rule.
func Unchecked(p *snapshot.Plugin) Reader { return &Input{Plugin: p} }

func declares(list []Analyzer, a Analyzer) bool {
	for _, x := range list {
		if x.info() == a.info() {
			return true
		}
	}
	return false
}

func check(r Reader, a *analysisInfo) {
	if !r.requires(a) {
		panic(fmt.Sprintf("%s reads analysis %q without listing it in Requires", r.readerName(), a.name))
	}
}

// FileAnalysis is a fact about one file of a plugin.
type FileAnalysis[T any] struct {
	analysisInfo
	run func(*Input, *snapshot.File) T
}

// NewFileAnalysis declares a per-file analysis: run computes the fact for a
// file of in.Plugin, at most once per file however many rules read it.
func NewFileAnalysis[T any](name, doc string, requires []Analyzer, run func(in *Input, f *snapshot.File) T) *FileAnalysis[T] {
	return &FileAnalysis[T]{analysisInfo: newInfo(name, doc, requires), run: run}
}

// Of returns the fact for file f of the plugin r is reading.
func (a *FileAnalysis[T]) Of(r Reader, f *snapshot.File) T {
	check(r, &a.analysisInfo)
	return f.Cached(a.slot, func() any {
		return a.run(&Input{Plugin: pluginOf(r), self: &a.analysisInfo}, f)
	}).(T)
}

// PluginAnalysis is a fact about a whole plugin.
type PluginAnalysis[T any] struct {
	analysisInfo
	run func(*Input) T
}

// NewPluginAnalysis declares a per-plugin analysis, computed at most once
// per plugin.
func NewPluginAnalysis[T any](name, doc string, requires []Analyzer, run func(in *Input) T) *PluginAnalysis[T] {
	return &PluginAnalysis[T]{analysisInfo: newInfo(name, doc, requires), run: run}
}

// Of returns the fact for the plugin r is reading.
func (a *PluginAnalysis[T]) Of(r Reader) T {
	check(r, &a.analysisInfo)
	p := pluginOf(r)
	return p.Cached(a.slot, func() any { return a.run(&Input{Plugin: p, self: &a.analysisInfo}) }).(T)
}

func pluginOf(r Reader) *snapshot.Plugin {
	switch r := r.(type) {
	case *Pass:
		return r.Plugin
	case *Input:
		return r.Plugin
	}
	panic(fmt.Sprintf("reader of type %T", r))
}
