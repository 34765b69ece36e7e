package schemas

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/plugforge/plugforge/generator/lazyre"
	"github.com/santhosh-tekuri/jsonschema/v5"
)

// A lane compiles the schemas of one group, those that $ref each other
// (plugin.json's with hooks, .mcp.json's and .lsp.json's, and the
// marketplace's; command, agent and skill frontmatter's), through one
// compiler, so they share the parts they have in common. Each schema
// compiles on the first Validate that names it: a lint of a plugin
// without a marketplace never compiles marketplace.schema.json, and a
// process that validates nothing (plugforge --version) compiles none.
// Lanes compile independently: a jsonschema.Compiler is not safe for
// concurrent use, and with one for all, the lint workers validating
// frontmatter waited for plugin.schema.json's compile (the largest, about
// 9 ms with its metaschema check) to finish.
type lane struct {
	mu      sync.Mutex
	c       *jsonschema.Compiler
	schemas map[string]*jsonschema.Schema
	errs    map[string]error
}

// lanes maps each schema file to its lane: the groups are the connected
// parts of the graph of $refs between files.
var lanes = sync.OnceValue(func() map[string]*lane {
	names := Names()
	group := map[string]string{} // union-find parent
	var find func(string) string
	find = func(n string) string {
		if p, ok := group[n]; ok && p != n {
			r := find(p)
			group[n] = r
			return r
		}
		group[n] = n
		return n
	}
	for _, n := range names {
		data, _ := FS.ReadFile(n)
		for _, m := range fileRefRE.FindAllSubmatch(data, -1) {
			group[find(n)] = find(string(m[1]))
		}
	}
	byRoot := map[string]*lane{}
	out := map[string]*lane{}
	for _, n := range names {
		r := find(n)
		if byRoot[r] == nil {
			byRoot[r] = &lane{schemas: map[string]*jsonschema.Schema{}, errs: map[string]error{}}
		}
		out[n] = byRoot[r]
	}
	return out
})

// fileRefRE finds a $ref to another schema file (refs within a file start
// with "#").
var fileRefRE = lazyre.New(`"\$ref"\s*:\s*"([A-Za-z0-9_.-]+\.schema\.json)`)

// newCompiler makes a compiler that reads the embedded schemas as it
// needs them (a lint that validates only plugin.json decodes only
// plugin.schema.json and what it refers to) and nothing else: no file,
// no network. Each schema is checked against the draft 2020-12
// metaschema as it compiles (the module compiles the metaschemas in its
// package init; docs/jsonschema-startup.md has the figures).
func newCompiler() *jsonschema.Compiler {
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft2020
	c.LoadURL = func(url string) (io.ReadCloser, error) {
		name, ok := strings.CutPrefix(url, Base)
		if !ok || !strings.HasSuffix(name, ".schema.json") {
			return nil, fmt.Errorf("schemas: refusing to load %s", url)
		}
		data, err := FS.ReadFile(name)
		if err != nil {
			return nil, fmt.Errorf("schemas: %w", err)
		}
		return io.NopCloser(bytes.NewReader(data)), nil
	}
	return c
}

// schema returns the named schema, compiling it on first use.
func schema(name string) (*jsonschema.Schema, error) {
	l := lanes()[name]
	if l == nil {
		return nil, fmt.Errorf("schemas: no schema %q", name)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if s := l.schemas[name]; s != nil {
		return s, nil
	}
	if err := l.errs[name]; err != nil {
		return nil, err
	}
	if l.c == nil {
		l.c = newCompiler()
	}
	s, err := l.c.Compile(Base + name)
	if err != nil {
		err = fmt.Errorf("schemas: %s: %w", name, err)
		l.errs[name] = err
		return nil, err
	}
	l.schemas[name] = s
	return s, nil
}

// Warm starts compiling the named schemas in the background, for a caller
// that will validate against them soon: a lint validates every plugin's
// plugin.json, and started at the lint's beginning the compile (the
// largest, about 9 ms) overlaps the reading of the plugin, when a core is
// often idle, instead of holding up the first rule that needs it.
// Validate waits for a compile in progress.
func Warm(names ...string) {
	go func() {
		for _, n := range names {
			_, _ = schema(n)
		}
	}()
}
