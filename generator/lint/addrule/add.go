package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Added is what Add wrote.
type Added struct {
	ID, Alias string
	File      string // the rule file the stub went into
	Fires, OK string // the two fixture directories
}

var aliasRE = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// Add appends a stub rule of family (its name, e.g. "hooks") called alias
// to the rules package in dir, and writes its fixtures.
func Add(dir, family, alias, in string) (*Added, error) {
	if !aliasRE.MatchString(alias) {
		return nil, fmt.Errorf("alias %q is not kebab-case", alias)
	}
	pkg, err := read(dir)
	if err != nil {
		return nil, err
	}
	fam, ok := pkg.families[family]
	if !ok {
		return nil, fmt.Errorf("no family %q (have %s)", family, strings.Join(sortedKeys(pkg.families), ", "))
	}
	if pkg.aliases[alias] {
		return nil, fmt.Errorf("a rule is already called %q", alias)
	}
	n := 0
	newest := ""
	for id, file := range pkg.ids {
		if strings.HasPrefix(id, fam.prefix) {
			k, _ := strconv.Atoi(id[2:])
			if k > n {
				n, newest = k, file
			}
		}
	}
	for _, id := range pkg.retired {
		if k, _ := strconv.Atoi(id[2:]); strings.HasPrefix(id, fam.prefix) && k > n {
			n = k
		}
	}
	id := fmt.Sprintf("%s%03d", fam.prefix, n+1)
	file := newest
	if in != "" {
		file = filepath.Join(dir, in)
	}
	if file == "" {
		return nil, fmt.Errorf("family %q has no rule file yet: pass -in FILE", family)
	}
	if err := insertStub(file, fam.ident, id, alias); err != nil {
		return nil, err
	}
	a := &Added{ID: id, Alias: alias, File: file,
		Fires: filepath.Join(dir, "testdata", id, "fires"), OK: filepath.Join(dir, "testdata", id, "ok")}
	return a, writeFixtures(a)
}

type familyDecl struct{ ident, prefix string }

type rulesPkg struct {
	families map[string]familyDecl // family name → its var and prefix
	ids      map[string]string     // rule ID → file
	aliases  map[string]bool
	retired  []string
}

// read finds the families, the rules and the retired IDs by parsing the
// package, so it works while the rule set is being edited.
func read(dir string) (*rulesPkg, error) {
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, dir, func(fi os.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
	if err != nil {
		return nil, err
	}
	p := &rulesPkg{families: map[string]familyDecl{}, ids: map[string]string{}, aliases: map[string]bool{}}
	for name, f := range pkgs["rules"].Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ValueSpec:
				if len(n.Names) == 1 && len(n.Values) == 1 {
					if n.Names[0].Name == "Retired" {
						p.retired = keysOf(n.Values[0])
					}
					if cl, ok := n.Values[0].(*ast.CompositeLit); ok && typeName(cl.Type) == "lint.Family" {
						fields := fieldsOf(cl)
						p.families[fields["Name"]] = familyDecl{n.Names[0].Name, fields["Prefix"]}
					}
				}
			case *ast.CompositeLit:
				if fields := fieldsOf(n); fields["ID"] != "" && fields["Alias"] != "" {
					p.ids[fields["ID"]] = name
					p.aliases[fields["Alias"]] = true
				}
			}
			return true
		})
	}
	if len(p.families) == 0 {
		return nil, fmt.Errorf("%s: no rule families found", dir)
	}
	return p, nil
}

// insertStub appends the stub to the one []lint.Rule slice of file.
func insertStub(file, famIdent, id, alias string) error {
	src, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, src, 0)
	if err != nil {
		return err
	}
	var slice *ast.CompositeLit
	ast.Inspect(f, func(n ast.Node) bool {
		if cl, ok := n.(*ast.CompositeLit); ok {
			if at, ok := cl.Type.(*ast.ArrayType); ok && typeName(at.Elt) == "lint.Rule" {
				if slice != nil {
					err = fmt.Errorf("%s: more than one slice of rules", file)
				}
				slice = cl
			}
		}
		return true
	})
	if err != nil {
		return err
	}
	if slice == nil {
		return fmt.Errorf("%s: no []lint.Rule slice to add to", file)
	}
	at := fset.Position(slice.Rbrace).Offset
	var b bytes.Buffer
	b.Write(src[:at])
	fmt.Fprintf(&b, stub, id, alias, famIdent)
	b.Write(src[at:])
	out, err := format.Source(b.Bytes())
	if err != nil {
		return fmt.Errorf("%s: the stub does not format: %w", file, err)
	}
	return os.WriteFile(file, out, 0o644)
}

// stub is the new rule. It compiles, and fails the registry test (TODO in
// its title and doc) and its fires fixture until it is written.
const stub = `	{
		ID: %q, Alias: %q, Family: %s, Severity: lint.Warning,
		// Kinds: kinds(snapshot.KindCommand), // the kinds of file it checks; without Kinds it runs once per plugin
		// Requires: []lint.Analyzer{facts.Dispatches}, // the analyses (generator/lint/facts) Check reads
		Title: "TODO: what the rule reports, lower-case, one line",
		Doc: lint.Doc{Why: ` + "`TODO: what goes wrong in Claude Code, and so why the rule exists.`" + `,
			Consequence: "TODO: what happens in Claude Code when it fires, and so its severity (error: refused, loaded other than meant, or certainly fails at run time; warning: likely mistake; info: style)",
			Bad:     "TODO: a small example the rule reports",
			Good:    "TODO: the same example, fixed",
			Checked: "TODO: the Claude Code release you checked the behaviour against"},
		Check: func(pass *lint.Pass) {
			// TODO: report each problem with pass.Reportf(location, "a verb-phrase hint", "a lower-case message quoting %%q", subject)
		},
	},
`

// writeFixtures writes the two fixture trees, each overlaid on testdata/_base.
func writeFixtures(a *Added) error {
	files := map[string]string{
		filepath.Join(a.Fires, "commands", "example.md"): "---\ndescription: Shows what " + a.ID + " reports\n---\n" +
			"Replace this with the defect, and mark each finding on its line. <!-- want " + a.ID + ":1 \"TODO: the message\" -->\n",
		filepath.Join(a.OK, "commands", "example.md"): "---\ndescription: Shows what " + a.ID + " accepts\n---\n" +
			"Replace this with the same plugin, fixed.\n",
	}
	for _, path := range sortedKeys(files) {
		if _, err := os.Stat(path); err == nil {
			return fmt.Errorf("%s exists already", path)
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, []byte(files[path]), 0o644); err != nil {
			return err
		}
	}
	return nil
}

func typeName(e ast.Expr) string {
	if s, ok := e.(*ast.SelectorExpr); ok {
		if id, ok := s.X.(*ast.Ident); ok {
			return id.Name + "." + s.Sel.Name
		}
	}
	return ""
}

// fieldsOf reads the string-literal fields of a composite literal.
func fieldsOf(cl *ast.CompositeLit) map[string]string {
	out := map[string]string{}
	for _, e := range cl.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		k, ok1 := kv.Key.(*ast.Ident)
		v, ok2 := kv.Value.(*ast.BasicLit)
		if ok1 && ok2 && v.Kind == token.STRING {
			out[k.Name], _ = strconv.Unquote(v.Value)
		}
	}
	return out
}

// keysOf reads the string keys of a map literal.
func keysOf(e ast.Expr) []string {
	var out []string
	if cl, ok := e.(*ast.CompositeLit); ok {
		for _, x := range cl.Elts {
			if kv, ok := x.(*ast.KeyValueExpr); ok {
				if v, ok := kv.Key.(*ast.BasicLit); ok {
					s, _ := strconv.Unquote(v.Value)
					out = append(out, s)
				}
			}
		}
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
