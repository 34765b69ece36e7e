package model

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"
)

// closedSet decodes a YAML scalar into one of a fixed list of values.
func closedSet(n *yaml.Node, what string, allowed []string, extra func(string) bool) (string, error) {
	if n.Kind != yaml.ScalarNode {
		return "", &PosError{Line: n.Line, Msg: fmt.Sprintf("%s must be a string", what)}
	}
	for _, a := range allowed {
		if n.Value == a {
			return a, nil
		}
	}
	if extra != nil && extra(n.Value) {
		return n.Value, nil
	}
	return "", &PosError{Line: n.Line, Msg: fmt.Sprintf("unknown %s %q (want one of %s)", what, n.Value, strings.Join(allowed, ", "))}
}
