package schemas

import (
	"fmt"
	"io/fs"
	"net/url"
	"strings"

	"github.com/plugforge/plugforge/generator/lazyre"
	"github.com/santhosh-tekuri/jsonschema/v5"
)

// Names lists the embedded schema files.
func Names() []string {
	names, _ := fs.Glob(FS, "*.schema.json")
	return names
}

// Issue is one leaf validation error.
type Issue struct {
	Pointer string // JSON pointer of the offending value (the object, for missing or unknown keys)
	Keyword string // the failing keyword: type, required, additionalProperties, enum, …
	Message string // lower-case, without location
	// Keys names the properties a required, additionalProperties or
	// unevaluatedProperties issue is about.
	Keys []string
}

// Validate checks v (as decoded by encoding/json with UseNumber, or an
// equivalent) against the named schema, e.g. "plugin.schema.json", and
// returns one issue per leaf error, in document order of discovery.
func Validate(name string, v any) ([]Issue, error) {
	s, err := schema(name)
	if err != nil {
		return nil, err
	}
	err = s.Validate(v)
	if err == nil {
		return nil, nil
	}
	ve, ok := err.(*jsonschema.ValidationError)
	if !ok {
		return nil, err
	}
	var out []Issue
	leaves(ve, &out)
	for i := range out {
		out[i].Pointer = unescapePointer(out[i].Pointer)
	}
	return dedupe(out), nil
}

// leaves collects leaf errors. For anyOf/oneOf it does not list every
// branch's complaints: if no branch accepts the value's type it reports one
// type issue, otherwise it reports the leaves of the first branch whose
// type matched.
func leaves(e *jsonschema.ValidationError, out *[]Issue) {
	kw := lastKeyword(e.KeywordLocation)
	if kw == "anyOf" || kw == "oneOf" {
		var types []string
		for _, c := range e.Causes {
			if t, ok := typeMismatch(c, e.InstanceLocation); ok {
				types = append(types, t...)
				continue
			}
			leaves(c, out)
			return
		}
		got := ""
		if m := gotRE.FindStringSubmatch(flatMessage(e)); m != nil {
			got = ", got " + m[1]
		}
		*out = append(*out, Issue{Pointer: e.InstanceLocation, Keyword: "type",
			Message: "expected " + strings.Join(uniq(types), " or ") + got})
		return
	}
	if len(e.Causes) == 0 {
		*out = append(*out, issue(e, kw))
		return
	}
	for _, c := range e.Causes {
		leaves(c, out)
	}
}

var (
	gotRE    = lazyre.New(`but got (\w+)`)
	quotedRE = lazyre.New(`'([^']*)'`)
	expRE    = lazyre.New(`expected ([\w, ]+?), but got (\w+)`)
)

func flatMessage(e *jsonschema.ValidationError) string {
	s := e.Message
	for _, c := range e.Causes {
		s += "; " + flatMessage(c)
	}
	return s
}

// typeMismatch reports whether a branch failed only because the value at
// loc has the wrong type, and which types the branch wanted.
func typeMismatch(e *jsonschema.ValidationError, loc string) ([]string, bool) {
	if len(e.Causes) == 0 {
		if lastKeyword(e.KeywordLocation) == "type" && e.InstanceLocation == loc {
			if m := expRE.FindStringSubmatch(e.Message); m != nil {
				return strings.Split(strings.ReplaceAll(m[1], " or ", ", "), ", "), true
			}
			return []string{"another type"}, true
		}
		return nil, false
	}
	var all []string
	for _, c := range e.Causes {
		t, ok := typeMismatch(c, loc)
		if !ok {
			return nil, false
		}
		all = append(all, t...)
	}
	return all, true
}

func issue(e *jsonschema.ValidationError, kw string) Issue {
	is := Issue{Pointer: e.InstanceLocation, Keyword: kw, Message: e.Message}
	if kw == "unevaluatedProperties" && !strings.Contains(e.Message, "'") {
		// reported at the property itself: move it to the object, as for
		// additionalProperties
		i := strings.LastIndexByte(is.Pointer, '/')
		if i >= 0 {
			e = &jsonschema.ValidationError{Message: "'" + unescapeToken(is.Pointer[i+1:]) + "'"}
			is.Pointer = is.Pointer[:i]
		}
	}
	switch kw {
	case "required", "additionalProperties", "unevaluatedProperties":
		for _, m := range quotedRE.FindAllStringSubmatch(e.Message, -1) {
			is.Keys = append(is.Keys, m[1])
		}
		switch kw {
		case "required":
			is.Message = "missing required " + plural("property", len(is.Keys)) + " " + quoteAll(is.Keys)
		default:
			is.Message = "unknown " + plural("property", len(is.Keys)) + " " + quoteAll(is.Keys)
		}
	case "type":
		is.Message = strings.Replace(e.Message, ", but got", ", got", 1)
	case "exclusiveMinimum", "minimum", "maximum", "maxLength", "minLength", "pattern", "enum", "const":
		is.Message = strings.TrimPrefix(e.Message, "value ")
	}
	if strings.HasPrefix(e.KeywordLocation, "/propertyNames") || strings.Contains(e.KeywordLocation, "/propertyNames/") {
		is.Keyword = "propertyNames"
		is.Message = "invalid key: " + is.Message
	}
	return is
}

func lastKeyword(loc string) string {
	parts := strings.Split(loc, "/")
	for i := len(parts) - 1; i >= 0; i-- {
		p := parts[i]
		if p == "" || p[0] >= '0' && p[0] <= '9' {
			continue
		}
		return p
	}
	return ""
}

func plural(w string, n int) string {
	if n == 1 {
		return w
	}
	return strings.TrimSuffix(w, "y") + "ies"
}

func quoteAll(ks []string) string {
	q := make([]string, len(ks))
	for i, k := range ks {
		q[i] = fmt.Sprintf("%q", k)
	}
	return strings.Join(q, ", ")
}

func uniq(ss []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range ss {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

func dedupe(in []Issue) []Issue {
	seen := map[string]bool{}
	var out []Issue
	for _, is := range in {
		k := is.Pointer + "\x00" + is.Keyword + "\x00" + is.Message
		if !seen[k] {
			seen[k] = true
			out = append(out, is)
		}
	}
	return out
}

// unescapePointer undoes the URL escaping jsonschema applies to instance
// locations, leaving a plain RFC 6901 pointer.
func unescapePointer(p string) string {
	if u, err := url.PathUnescape(p); err == nil {
		return u
	}
	return p
}

func unescapeToken(t string) string {
	t = unescapePointer(t)
	return strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
}
