package main

import (
	"fmt"
	"io"
	"path/filepath"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/rules"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// lintVerifier returns the check each staged variant must pass before it
// replaces its directory: no error-level lint finding. Findings are named
// by the path the variant will have, so they read as dist/ findings, and a
// failure leaves the old tree in place.
func lintVerifier(distDir, out string, stderr io.Writer) func(id, staged string) error {
	return func(id, staged string) error {
		cfg, err := loadConfig("", false)
		if err != nil {
			return fmt.Errorf("lint configuration: %w", err)
		}
		eng, err := lint.New(rules.All(), cfg)
		if err != nil {
			return fmt.Errorf("lint configuration: %w", err)
		}
		display := filepath.ToSlash(filepath.Join(distDir, id))
		if out != "" {
			display = filepath.ToSlash(out)
		}
		unit, err := snapshot.Load(staged, display, snapshot.Options{})
		if err != nil {
			return fmt.Errorf("linting %s: %w", display, err)
		}
		errs := 0
		for _, f := range eng.Run([]*snapshot.Plugin{unit}) {
			if f.Severity < lint.Error {
				continue
			}
			errs++
			src := ""
			if f.Source != "" {
				src = " [from " + f.Source + "]"
			}
			fmt.Fprintf(stderr, "%s:%d:%d: error: %s (%s)%s\n", f.Path, f.Line, f.Column, f.Message, f.Rule, src)
		}
		if errs > 0 {
			return fmt.Errorf("%d lint error(s) in the new %s; it was not written and %s is unchanged", errs, display, display)
		}
		return nil
	}
}
