package snapshot

import (
	"encoding/json"
	"errors"
	"math"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// Budgets for turning YAML into plain values: aliases are expanded, so a
// small document can describe a huge value ("billion laughs").
const (
	maxDepth = 100
	maxNodes = 100000
)

// ErrYAMLBudget is returned when a YAML value is too deep or, with its
// aliases expanded, too large.
var ErrYAMLBudget = errors.New("YAML value too deeply nested or too large once aliases are expanded")

// Value converts a node tree into JSON-like values (map[string]any, []any,
// string, bool, json.Number, nil) for schema validation.
func Value(n *yaml.Node) (any, error) {
	budget := maxNodes
	return toValue(n, 0, &budget)
}

func toValue(n *yaml.Node, depth int, budget *int) (any, error) {
	*budget--
	if n == nil {
		return nil, nil
	}
	if depth > maxDepth || *budget < 0 {
		return nil, ErrYAMLBudget
	}
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return nil, nil
		}
		return toValue(n.Content[0], depth+1, budget)
	case yaml.AliasNode:
		return toValue(n.Alias, depth+1, budget)
	case yaml.SequenceNode:
		out := make([]any, 0, len(n.Content))
		for _, c := range n.Content {
			v, err := toValue(c, depth+1, budget)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
		return out, nil
	case yaml.MappingNode:
		out := make(map[string]any, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			if k.Tag == "!!merge" {
				continue
			}
			val, err := toValue(v, depth+1, budget)
			if err != nil {
				return nil, err
			}
			out[keyString(k)] = val
		}
		return out, nil
	}
	return scalar(n), nil
}

func keyString(k *yaml.Node) string {
	if k.Kind == yaml.ScalarNode {
		return k.Value
	}
	return "<" + k.ShortTag() + " key>"
}

func scalar(n *yaml.Node) any {
	switch n.ShortTag() {
	case "!!null":
		return nil
	case "!!bool":
		var b bool
		if n.Decode(&b) == nil {
			return b
		}
	case "!!int":
		var i int64
		if n.Decode(&i) == nil {
			return json.Number(strconv.FormatInt(i, 10))
		}
		return json.Number(strconv.FormatFloat(1e19, 'g', -1, 64))
	case "!!float":
		var f float64
		if n.Decode(&f) == nil && !math.IsInf(f, 0) && !math.IsNaN(f) {
			return json.Number(strconv.FormatFloat(f, 'g', -1, 64))
		}
	}
	return n.Value
}

// NodeAt finds the node a JSON pointer names inside a YAML tree, or its
// nearest existing ancestor. With key set, an object property resolves to
// its key node rather than its value.
func NodeAt(root *yaml.Node, ptr string, key bool) *yaml.Node {
	n := root
	if ptr == "" || n == nil {
		return n
	}
	toks := strings.Split(ptr[1:], "/")
	for i, tok := range toks {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		for hops := 0; n.Kind == yaml.AliasNode && n.Alias != nil && hops < maxDepth; hops++ {
			n = n.Alias
		}
		var next, kn *yaml.Node
		switch n.Kind {
		case yaml.MappingNode:
			for j := 0; j+1 < len(n.Content); j += 2 {
				if keyString(n.Content[j]) == tok {
					kn, next = n.Content[j], n.Content[j+1]
				}
			}
		case yaml.SequenceNode:
			if j, err := strconv.Atoi(tok); err == nil && j >= 0 && j < len(n.Content) {
				next = n.Content[j]
			}
		}
		if next == nil {
			return n
		}
		if key && kn != nil && i == len(toks)-1 {
			return kn
		}
		n = next
	}
	return n
}
