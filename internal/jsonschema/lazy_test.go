package jsonschema

import (
	"strings"
	"sync"
	"testing"
)

// The plugforge change: no metaschema is compiled until a schema is.
func TestMetaschemasCompileOnFirstUse(t *testing.T) {
	for _, d := range []*Draft{Draft4, Draft6, Draft7, Draft2019, Draft2020} {
		if d.meta != nil {
			t.Fatalf("%s: metaschema compiled before any schema was", d)
		}
	}
	c := NewCompiler()
	c.Draft = Draft2020
	if err := c.AddResource("mem://ok.json", strings.NewReader(`{"type":"object","properties":{"n":{"type":"integer"}}}`)); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("mem://ok.json")
	if err != nil {
		t.Fatal(err)
	}
	if Draft2020.meta == nil || Draft7.meta != nil {
		t.Errorf("after a 2020-12 compile: 2020 meta %v, draft-7 meta %v; want only 2020 compiled",
			Draft2020.meta != nil, Draft7.meta != nil)
	}
	if err := s.Validate(map[string]any{"n": "x"}); err == nil {
		t.Error("a string passed as an integer")
	}
}

// A schema that breaks its metaschema is still refused, whichever draft
// it names, and concurrent first uses agree.
func TestSchemasStillCheckedAgainstTheirMetaschema(t *testing.T) {
	bad := map[string]string{
		"draft-07":  `{"$schema":"http://json-schema.org/draft-07/schema#","type":5}`,
		"draft-04":  `{"$schema":"http://json-schema.org/draft-04/schema#","minLength":-1}`,
		"2020-12":   `{"$schema":"https://json-schema.org/draft/2020-12/schema","required":"name"}`,
		"2019-09":   `{"$schema":"https://json-schema.org/draft/2019-09/schema","enum":5}`,
		"draft-06":  `{"$schema":"http://json-schema.org/draft-06/schema#","items":3}`,
		"default-d": `{"properties":{"a":{"type":"nope"}}}`,
	}
	var wg sync.WaitGroup
	for name, src := range bad {
		for range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				c := NewCompiler()
				if err := c.AddResource("mem://"+name+".json", strings.NewReader(src)); err != nil {
					t.Error(err)
					return
				}
				if _, err := c.Compile("mem://" + name + ".json"); err == nil {
					t.Errorf("%s: schema %s compiled; want a metaschema error", name, src)
				}
			}()
		}
	}
	wg.Wait()
}

func TestSkipMetaValidation(t *testing.T) {
	const bad = `{"type":"string","minLength":-1}`
	for _, skip := range []bool{false, true} {
		c := NewCompiler()
		c.SkipMetaValidation = skip
		if err := c.AddResource("mem://bad.json", strings.NewReader(bad)); err != nil {
			t.Fatal(err)
		}
		_, err := c.Compile("mem://bad.json")
		if (err == nil) != skip {
			t.Errorf("SkipMetaValidation=%v: compile error %v", skip, err)
		}
	}
}
