package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/plugforge/plugforge/generator/lazyre"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
	"github.com/plugforge/plugforge/generator/model"
	"github.com/plugforge/plugforge/schemas"
)

var yamlLineRE = lazyre.New(`^line (\d+): (.*)$`)

// FileName is the configuration file plugforge looks for.
const FileName = ".plugforge.yaml"

// Config is a validated .plugforge.yaml.
type Config struct {
	Path     string // file it came from; "" for the empty default
	Enable   []Ref
	Disable  []Ref
	Severity []SeverityOverride
	Options  map[string]map[string]any // by rule ID or alias
	// OptionLines holds the line of each Options key.
	OptionLines map[string]int
	Ignores     []Ignore
	// Baseline is the "baseline" key as written ("" when absent), and
	// BaselineLine its line; BaselinePath resolves it.
	Baseline     string
	BaselineLine int
}

// BaselinePath is the baseline file the configuration names, relative to
// the configuration file's directory, or "" when it names none.
func (c *Config) BaselinePath() string {
	if c == nil || c.Baseline == "" {
		return ""
	}
	p := filepath.FromSlash(c.Baseline)
	if filepath.IsAbs(p) || c.Path == "" {
		return p
	}
	return filepath.Join(filepath.Dir(c.Path), p)
}

// Ref is a rule selector (ID, alias or family) and the line it is on.
type Ref struct {
	Value string
	Line  int
}

// SeverityOverride sets the severity of the rules a selector names.
type SeverityOverride struct {
	Ref
	Severity string
}

// Ignore suppresses findings whose path matches Path (and, when Rules is
// non-empty, whose rule one of Rules selects; when AtLine is set, that are
// on that line; when Pointer is set, that lie within the JSON value it
// names).
type Ignore struct {
	Path    string
	Rules   []Ref
	Reason  string
	AtLine  int    // the "line" key: a line of the file
	Pointer string // the "pointer" key: an RFC 6901 JSON pointer
	Line    int    // the line of this entry in .plugforge.yaml
}

// Find returns dir/.plugforge.yaml if it exists, else "".
func Find(dir string) string {
	p := filepath.Join(dir, FileName)
	if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
		return p
	}
	return ""
}

// Discover loads the configuration file at path, or when path is "" the
// one in dir if there is one; with neither it returns nil (the defaults).
func Discover(path, dir string) (*Config, error) {
	if path == "" {
		if path = Find(dir); path == "" {
			return nil, nil
		}
	}
	return Load(path)
}

// Load reads and validates a configuration file.
func Load(path string) (*Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, &model.PosError{File: path, Msg: err.Error()}
	}
	return Parse(data, path)
}

// Parse validates data (the content of path) and builds a Config.
func Parse(data []byte, path string) (cfg *Config, err error) {
	defer func() {
		if r := recover(); r != nil {
			cfg, err = nil, &model.PosError{File: path, Msg: fmt.Sprintf("cannot parse: %v", r)}
		}
		// YAML also breaks lines at a lone CR; keep lines inside the file
		// as editors (and generator/lint) count them.
		if e, ok := err.(*model.PosError); ok && e.Line > bytes.Count(data, []byte("\n"))+1 {
			e.Line = bytes.Count(data, []byte("\n")) + 1
		}
	}()
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		e := &model.PosError{File: path, Msg: strings.TrimPrefix(err.Error(), "yaml: ")}
		if m := yamlLineRE.FindStringSubmatch(e.Msg); m != nil {
			e.Line, _ = strconv.Atoi(m[1])
			e.Msg = m[2]
		}
		return nil, e
	}
	cfg = &Config{Path: path, Options: map[string]map[string]any{}, OptionLines: map[string]int{}}
	if len(doc.Content) == 0 {
		return cfg, nil
	}
	root := doc.Content[0]
	v, err := snapshot.Value(root)
	if err != nil {
		return nil, &model.PosError{File: path, Line: root.Line, Msg: err.Error()}
	}
	issues, err := schemas.Validate("plugforge-config.schema.json", v)
	if err != nil {
		return nil, &model.PosError{File: path, Msg: err.Error()}
	}
	if len(issues) > 0 {
		is := issues[0]
		n := snapshot.NodeAt(root, is.Pointer, false)
		where := is.Pointer
		if where == "" {
			where = "top level"
		}
		return nil, &model.PosError{File: path, Line: n.Line, Msg: fmt.Sprintf("%s: %s", where, is.Message)}
	}
	cfg.build(root, v.(map[string]any))
	return cfg, nil
}

func (c *Config) build(root *yaml.Node, v map[string]any) {
	refs := func(ptr string) []Ref {
		n := snapshot.NodeAt(root, ptr, false)
		var out []Ref
		if n == nil || n.Kind != yaml.SequenceNode {
			return nil
		}
		for _, e := range n.Content {
			out = append(out, Ref{Value: e.Value, Line: e.Line})
		}
		return out
	}
	c.Enable, c.Disable = refs("/rules/enable"), refs("/rules/disable")
	if sev, ok := v["severity"].(map[string]any); ok {
		keys := slices.Sorted(maps.Keys(sev))
		for _, k := range keys {
			n := snapshot.NodeAt(root, snapshot.Pointer("/severity", k), true)
			c.Severity = append(c.Severity, SeverityOverride{Ref{k, n.Line}, sev[k].(string)})
		}
	}
	if opts, ok := v["options"].(map[string]any); ok {
		for k, o := range opts {
			c.Options[k] = o.(map[string]any)
			c.OptionLines[k] = snapshot.NodeAt(root, snapshot.Pointer("/options", k), true).Line
		}
	}
	if b, ok := v["baseline"].(string); ok {
		c.Baseline, c.BaselineLine = b, snapshot.NodeAt(root, "/baseline", false).Line
	}
	ign, _ := v["ignore"].([]any)
	for i, e := range ign {
		m := e.(map[string]any)
		ptr := fmt.Sprintf("/ignore/%d", i)
		ig := Ignore{Path: m["path"].(string), Reason: m["reason"].(string),
			Line: snapshot.NodeAt(root, ptr+"/path", false).Line, Rules: refs(ptr + "/rules")}
		if n, ok := m["line"].(json.Number); ok {
			l, _ := n.Int64()
			ig.AtLine = int(l)
		}
		ig.Pointer, _ = m["pointer"].(string)
		c.Ignores = append(c.Ignores, ig)
	}
}
