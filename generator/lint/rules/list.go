package rules

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/plugforge/plugforge/generator/lint"
)

// ListFormats are the ways WriteList can print rules.
var ListFormats = []string{"text", "json", "markdown"}

// WriteList prints rules for `plugforge rules`: one line each ("text"), a
// JSON array ("json"), or the whole generated reference ("markdown",
// docs/rules.md, which always covers every rule).
func WriteList(w io.Writer, format string, list []lint.Rule) error {
	switch format {
	case "markdown":
		_, err := io.WriteString(w, Reference())
		return err
	case "json":
		type jr struct {
			ID, Alias, Family, Severity, Title string
			Off                                bool `json:",omitempty"`
		}
		out := []jr{}
		for _, r := range list {
			out = append(out, jr{r.ID, r.Alias, r.Family.Name, r.Severity.String(), r.Title, r.Off})
		}
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(out)
	}
	for _, r := range list {
		off := ""
		if r.Off {
			off = " (off by default)"
		}
		fmt.Fprintf(w, "%s  %-32s %-16s %-7s %s%s\n", r.ID, r.Alias, r.Family.Name, r.Severity, r.Title, off)
	}
	_, err := fmt.Fprintf(w, "%d rules\n", len(list))
	return err
}

// OfFamily lists the rules of one family, or every rule for "".
func OfFamily(family string) []lint.Rule {
	var out []lint.Rule
	for _, r := range All() {
		if family == "" || r.Family.Name == family {
			out = append(out, r)
		}
	}
	return out
}

// Lookup finds a rule by ID (any case) or alias. When there is none, the
// error suggests, sorted, "ID alias" of the rules whose alias contains name.
func Lookup(name string) (lint.Rule, error) {
	var near []string
	for _, r := range All() {
		if strings.EqualFold(r.ID, name) || r.Alias == name {
			return r, nil
		}
		if strings.Contains(r.Alias, name) {
			near = append(near, r.ID+" "+r.Alias)
		}
	}
	if len(near) == 0 {
		return lint.Rule{}, fmt.Errorf("no rule %q", name)
	}
	sort.Strings(near)
	return lint.Rule{}, fmt.Errorf("no rule %q; did you mean: %s", name, strings.Join(near, ", "))
}
