package main

import (
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// copyRules copies the rules package's Go files and its fixture base into
// a temporary directory, so Add can be run without touching the repository.
func copyRules(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	src := filepath.Join("..", "rules")
	files, err := filepath.Glob(filepath.Join(src, "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no rules package at %s: %v", src, err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestAdd: the stub takes the family's next ID, lands in the file of the
// family's newest rule (or the one asked for), parses, and comes with a
// fires fixture that expects a finding and an ok fixture that does not.
func TestAdd(t *testing.T) {
	dir := copyRules(t)
	a, err := Add(dir, "hooks", "hook-example-one", "")
	if err != nil {
		t.Fatal(err)
	}
	if a.ID != "HK022" || filepath.Base(a.File) != "hooks_scripts.go" {
		t.Errorf("added %s to %s, want HK022 in hooks_scripts.go (the file of HK021)", a.ID, filepath.Base(a.File))
	}
	b, err := Add(dir, "hooks", "hook-example-two", "hooks_matchers.go")
	if err != nil {
		t.Fatal(err)
	}
	if b.ID != "HK023" || filepath.Base(b.File) != "hooks_matchers.go" {
		t.Errorf("added %s to %s, want HK023 in hooks_matchers.go", b.ID, filepath.Base(b.File))
	}
	for _, f := range []string{a.File, b.File} {
		src, _ := os.ReadFile(f)
		if _, err := parser.ParseFile(token.NewFileSet(), f, src, 0); err != nil {
			t.Errorf("%s does not parse: %v", f, err)
		}
	}
	src, _ := os.ReadFile(a.File)
	if !strings.Contains(string(src), `ID: "HK022", Alias: "hook-example-one", Family: famHooks`) {
		t.Errorf("%s lacks the stub", a.File)
	}
	fires, _ := os.ReadFile(filepath.Join(a.Fires, "commands", "example.md"))
	ok, _ := os.ReadFile(filepath.Join(a.OK, "commands", "example.md"))
	if !strings.Contains(string(fires), "want HK022:1 ") || strings.Contains(string(ok), "want") {
		t.Errorf("fixtures:\n%s\n%s", fires, ok)
	}

	for _, bad := range [][2]string{{"hooks", "Bad_Alias"}, {"nope", "x-y"}, {"hooks", "hook-example-one"}, {"hooks", "hook-root-unquoted"}} {
		if _, err := Add(dir, bad[0], bad[1], ""); err == nil {
			t.Errorf("Add(%q, %q) succeeded", bad[0], bad[1])
		}
	}
}

// TestAddSkipsRetiredIDs: an ID in Retired is never handed out again.
func TestAddSkipsRetiredIDs(t *testing.T) {
	dir := copyRules(t)
	reg := filepath.Join(dir, "registry.go")
	src, _ := os.ReadFile(reg)
	src = []byte(strings.Replace(string(src), "var Retired = map[string]string{", `var Retired = map[string]string{"MC005": "test", "MC006": "test",`, 1))
	if err := os.WriteFile(reg, src, 0o644); err != nil {
		t.Fatal(err)
	}
	a, err := Add(dir, "mcp", "mcp-example", "")
	if err != nil {
		t.Fatal(err)
	}
	if a.ID != "MC007" {
		t.Errorf("got %s, want MC007 after the retired MC005 and MC006", a.ID)
	}
}

// TestStubCompiles builds the rules package with a stub added, and runs
// its tests to see the stub fail them until it is written.
func TestStubCompiles(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a copy of the rules package")
	}
	dir := t.TempDir()
	rules := filepath.Join(dir, "generator", "lint", "rules")
	if err := os.MkdirAll(filepath.Dir(rules), 0o755); err != nil {
		t.Fatal(err)
	}
	root, _ := filepath.Abs(filepath.Join("..", "..", ".."))
	if err := os.CopyFS(rules, os.DirFS(filepath.Join(root, "generator", "lint", "rules"))); err != nil {
		t.Fatal(err)
	}
	// The copy is built as the real package, from a module that replaces it.
	mod := "module scratch\n\ngo 1.26\n\nrequire github.com/plugforge/plugforge v0.0.0\n\nreplace github.com/plugforge/plugforge => " + root + "\n"
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(mod), 0o644); err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Add(rules, "mcp", "mcp-example", ""); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "vet", "./generator/lint/rules")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the stub does not compile: %v\n%s", err, out)
	}
}
