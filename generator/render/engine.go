package render

import (
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
	"text/template"
	"text/template/parse"

	"github.com/plugforge/plugforge/generator/lazyre"
	"github.com/plugforge/plugforge/generator/model"
)

// TemplateDir is the display prefix of embedded template paths.
const TemplateDir = "templates"

// Engine holds the parsed template set. It is built once at start-up.
type Engine struct {
	base *template.Template
	// Sources maps each template file's display path to its bytes.
	Sources map[string][]byte
}

// NewEngine parses every .tmpl file of fsys. A syntax error is reported as
// "templates/<file>:<line>: <msg>".
func NewEngine(fsys fs.FS) (*Engine, error) {
	e := &Engine{base: template.New("").Funcs(funcs).Option("missingkey=error"), Sources: map[string][]byte{}}
	var files []string
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".tmpl") {
			files = append(files, p)
		}
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("reading templates: %w", err)
	}
	sort.Strings(files)
	for _, f := range files {
		data, err := fs.ReadFile(fsys, f)
		if err != nil {
			return nil, fmt.Errorf("reading templates: %w", err)
		}
		name := path.Join(TemplateDir, f)
		e.Sources[name] = data
		if _, err := e.base.New(name).Parse(string(data)); err != nil {
			return nil, tmplErr(err)
		}
	}
	if err := instrument(e.base); err != nil {
		return nil, err
	}
	return e, nil
}

var tmplPos = lazyre.New(`^template: ([^:]+):(\d+)(?::\d+)?: (.*)$`)
var execPrefix = lazyre.New(`^executing "[^"]*" at <([^>]*)>: `)

// tmplErr rewrites text/template's "template: name:line:col: msg" (possibly
// nested by calls) into a *model.PosError naming the innermost file and line.
func tmplErr(err error) error {
	msg := err.Error()
	// Execution errors chain as "template: a:1:2: executing ... : template: b:3:4: ..."; keep
	// the last that has a position ("template: a:1: template: multiple definition ..." has
	// an inner one without).
	var m []string
	for i := strings.LastIndex(msg, "template: "); i >= 0 && m == nil; i = strings.LastIndex(msg[:i], "template: ") {
		m = tmplPos.FindStringSubmatch(msg[i:])
	}
	if m == nil {
		return err
	}
	text := strings.TrimPrefix(m[3], "template: ")
	if x := execPrefix.FindStringSubmatch(text); x != nil {
		text = fmt.Sprintf("%s (in {{%s}})", strings.TrimPrefix(text, x[0]), x[1])
	}
	text = strings.Replace(text, "map has no entry for key", "no field", 1)
	line, _ := strconv.Atoi(m[2]) // the pattern admits digits only
	return &model.PosError{File: m[1], Line: line, Msg: text}
}

// closure returns the files defining every template reachable from t's tree.
func closure(set *template.Template, root *parse.Tree) []string {
	seen := map[string]bool{}
	files := map[string]bool{}
	var walk func(n parse.Node)
	var visit func(name string)
	visit = func(name string) {
		if seen[name] {
			return
		}
		seen[name] = true
		t := set.Lookup(name)
		if t == nil || t.Tree == nil {
			return
		}
		files[t.Tree.ParseName] = true
		walk(t.Tree.Root)
	}
	walk = func(n parse.Node) {
		switch n := n.(type) {
		case *parse.ListNode:
			if n != nil {
				for _, c := range n.Nodes {
					walk(c)
				}
			}
		case *parse.TemplateNode:
			visit(n.Name)
		case *parse.IfNode:
			walk(n.List)
			walk(n.ElseList)
		case *parse.RangeNode:
			walk(n.List)
			walk(n.ElseList)
		case *parse.WithNode:
			walk(n.List)
			walk(n.ElseList)
		}
	}
	if root != nil {
		files[root.ParseName] = true
		walk(root.Root)
	}
	out := make([]string, 0, len(files))
	for f := range files {
		if strings.HasPrefix(f, TemplateDir+"/") {
			out = append(out, f)
		}
	}
	sort.Strings(out)
	return out
}
