package config

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	cfg, err := Parse([]byte(`rules:
  enable: [DR001]
  disable: [content, HK003]
severity:
  CT001: error
options:
  CT003: {max-lines: 400}
ignore:
  - path: dist/*/commands/legacy.md
    rules: [CT004]
    reason: kept verbatim
  - path: .claude-plugin/plugin.json
    pointer: /x-team
    reason: read by our catalogue tool
  - path: hooks/hooks.json
    line: 12
    reason: checked by hand
`), ".plugforge.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.Enable) != 1 || cfg.Disable[1] != (Ref{"HK003", 3}) || cfg.Severity[0].Severity != "error" ||
		cfg.OptionLines["CT003"] != 7 || cfg.Ignores[0].Line != 9 || cfg.Ignores[0].Rules[0].Value != "CT004" ||
		cfg.Ignores[1].Pointer != "/x-team" || cfg.Ignores[1].AtLine != 0 || cfg.Ignores[2].AtLine != 12 || cfg.Ignores[2].Pointer != "" {
		t.Fatalf("%+v", cfg)
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"ignore:\n  - path: x\n", `x.yaml:2: /ignore/0: missing required property "reason"`},
		{"severity:\n  HK003: fatal\n", "x.yaml:2: /severity/HK003: must be one of"},
		{"rulez: {}\n", `x.yaml:1: top level: unknown property "rulez"`},
		{"rules: [\n", "x.yaml:1: did not find expected node content"},
		{"a: &a [*a, *a]\n", "x.yaml"},
		{"ignore:\n  - path: x\n    line: 3\n    pointer: /a\n    reason: r\n", "x.yaml:2: /ignore/0: "},
		{"ignore:\n  - path: x\n    pointer: a\n    reason: r\n", "x.yaml:3: /ignore/0/pointer: "},
		{"ignore:\n  - path: x\n    line: 0\n    reason: r\n", "x.yaml:3: /ignore/0/line: "},
		{"ignore:\n  - path: x\n    reason: \"  \"\n", "x.yaml:3: /ignore/0/reason: "},
	} {
		_, err := Parse([]byte(c.src), "x.yaml")
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: got %v, want prefix %q", c.src, err, c.want)
		}
	}
}

// baseline: names a file relative to the configuration, with its line.
func TestBaselinePath(t *testing.T) {
	cfg, err := Parse([]byte("rules:\n  disable: [content]\nbaseline: lint/known.json\n"), "repo/.plugforge.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Baseline != "lint/known.json" || cfg.BaselineLine != 3 || cfg.BaselinePath() != filepath.Join("repo", "lint", "known.json") {
		t.Fatalf("%q line %d path %q", cfg.Baseline, cfg.BaselineLine, cfg.BaselinePath())
	}
	var none *Config
	if none.BaselinePath() != "" {
		t.Fatal("no configuration names no baseline")
	}
	if _, err := Parse([]byte("baseline: \"\"\n"), "x.yaml"); err == nil || !strings.HasPrefix(err.Error(), "x.yaml:1: /baseline: ") {
		t.Fatalf("an empty baseline name: %v", err)
	}
}
