package cliflag

import (
	"flag"
	"fmt"
	"slices"
	"strings"
)

// Choice is a flag that takes one of a fixed list of values; any other
// value is a usage error that names the list. Every --format is one.
type Choice struct {
	Value   string
	Allowed []string
}

func (c *Choice) String() string { return c.Value }

// Set accepts only an allowed value.
func (c *Choice) Set(s string) error {
	if !slices.Contains(c.Allowed, s) {
		return fmt.Errorf("want %s", strings.Join(c.Allowed, ", "))
	}
	c.Value = s
	return nil
}

// NewChoice defines a Choice flag on fs with the default def; usage is
// followed by the list.
func NewChoice(fs *flag.FlagSet, name, def, usage string, allowed []string) *Choice {
	c := &Choice{Value: def, Allowed: allowed}
	fs.Var(c, name, usage+": "+strings.Join(allowed, ", "))
	return c
}
