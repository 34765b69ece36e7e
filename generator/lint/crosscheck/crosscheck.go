package crosscheck

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// Item is one verdict item of the validator.
type Item struct {
	File     string // absolute path of the file it is about
	Kind     string // plugin, marketplace, hooks, mcp, agent, command, skill
	Severity string // error, warning or note
	Path     string // the validator's JSON path ("name", "hooks", "frontmatter")
	Message  string
}

// Find locates the claude binary: $PLUGFORGE_CLAUDE, else claude on PATH.
func Find() string {
	if p := os.Getenv("PLUGFORGE_CLAUDE"); p != "" {
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p
		}
		return ""
	}
	p, _ := exec.LookPath("claude")
	return p
}

// Validate runs `claude plugin validate --strict` on dir.
func Validate(bin, dir string) ([]Item, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	out, code, err := run(bin, "plugin", "validate", "--json", "--strict", abs)
	if err != nil {
		return nil, err
	}
	if code != 2 && bytes.HasPrefix(bytes.TrimSpace(out), []byte("{")) {
		return parseJSON(out)
	}
	out, code, err = run(bin, "plugin", "validate", "--strict", abs)
	if err != nil {
		return nil, err
	}
	if code == 2 {
		return nil, fmt.Errorf("claude plugin validate crashed: %s", firstLine(out))
	}
	return parseText(out), nil
}

func run(bin string, args ...string) ([]byte, int, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Env = append(os.Environ(), "DISABLE_AUTOUPDATER=1", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1", "NO_COLOR=1")
	out, err := cmd.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); ok {
		return out, ee.ExitCode(), nil
	}
	return out, 0, err
}

func firstLine(b []byte) string {
	s, _, _ := strings.Cut(strings.TrimSpace(string(b)), "\n")
	return s
}

// parseText reads the text report: "Validating <kind>: <file>" blocks with
// "✘ Found N errors:" / "⚠ Found N warnings:" lists of "❯ path: message".
func parseText(out []byte) []Item {
	var items []Item
	var file, kind, sev string
	for _, line := range strings.Split(string(out), "\n") {
		t := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(t, "Validating "):
			rest := strings.TrimPrefix(t, "Validating ")
			k, f, ok := strings.Cut(rest, ": ")
			if ok {
				kind, file, sev = strings.TrimSuffix(k, " manifest"), f, "" // "plugin manifest" → "plugin"
			}
		case strings.HasPrefix(t, "✘ Found"):
			sev = "error"
		case strings.HasPrefix(t, "⚠ Found"):
			sev = "warning"
		case strings.HasPrefix(t, "Provides:"), strings.HasPrefix(t, "Plugin directory checks"), strings.HasPrefix(t, "ℹ"):
			sev = ""
		case strings.HasPrefix(t, "❯ ") && sev != "" && file != "":
			p, msg, _ := strings.Cut(strings.TrimPrefix(t, "❯ "), ": ")
			items = append(items, Item{File: file, Kind: kind, Severity: sev, Path: p, Message: msg})
		}
	}
	return items
}

type jsonReport struct {
	Manifest *jsonFile  `json:"manifest"`
	Contents []jsonFile `json:"contents"`
}

type jsonFile struct {
	File     string          `json:"file"`
	Type     string          `json:"type"`
	Errors   []jsonItem      `json:"errors"`
	Warnings []jsonItem      `json:"warnings"`
	Notes    json.RawMessage `json:"notes"`
}

type jsonItem struct {
	Path    string `json:"path"`
	Message string `json:"message"`
}

func parseJSON(out []byte) ([]Item, error) {
	var r jsonReport
	if err := json.Unmarshal(out, &r); err != nil {
		return nil, fmt.Errorf("reading claude plugin validate --json: %w", err)
	}
	files := r.Contents
	if r.Manifest != nil {
		files = append([]jsonFile{*r.Manifest}, files...)
	}
	var items []Item
	for _, f := range files {
		for _, e := range f.Errors {
			items = append(items, Item{f.File, f.Type, "error", e.Path, e.Message})
		}
		for _, w := range f.Warnings {
			items = append(items, Item{f.File, f.Type, "warning", w.Path, w.Message})
		}
	}
	return items, nil
}

// Missed returns the validator's errors on files where plugforge reported
// no error; errFiles holds the absolute paths plugforge reported errors on.
func Missed(items []Item, errFiles map[string]bool) []Item {
	var out []Item
	for _, it := range items {
		if it.Severity == "error" && !errFiles[it.File] {
			out = append(out, it)
		}
	}
	return out
}
