// Command formrec records the result forms of one Claude Code CLI into
// generator/model/testdata/recordings/VERSION.json, or with -check compares
// a fresh recording with that file and prints the difference (exit 1).
//
//	go run ./generator/formrec/cmd -claude .tools/claude-2.1.332/.../claude [-check]
//
// It runs the CLI against a loopback stand-in for the Messages API; run it
// from the repository root.
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"

	"github.com/plugforge/plugforge/generator/formrec"
)

func main() {
	claude := flag.String("claude", "", "the Claude Code CLI binary to record")
	dir := flag.String("dir", formrec.DefaultDir, "where the recordings are")
	check := flag.Bool("check", false, "compare with the checked-in recording instead of writing it")
	mode := flag.String("mode", "print", "print (claude -p) or interactive (a pseudo-terminal)")
	flag.Parse()
	if *claude == "" || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: formrec -claude PATH [-mode print|interactive] [-dir DIR] [-check]")
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, *claude, *dir, *mode, *check); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run(ctx context.Context, claude, dir, mode string, check bool) error {
	rec, err := formrec.Record(ctx, formrec.Options{Claude: claude, Root: ".", Mode: mode,
		Progress: func(n string) { fmt.Fprintf(os.Stderr, "formrec: %s\n", n) }})
	if err != nil {
		return err
	}
	path := formrec.Path(dir, rec.Version, rec.Mode)
	if check {
		want, err := formrec.Load(path)
		if errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("formrec: no recording of Claude Code %s at %s; record it without -check", rec.Version, path)
		}
		if err != nil {
			return err
		}
		if d := formrec.Diff(want, rec); len(d) > 0 {
			for _, l := range d {
				fmt.Println(l)
			}
			return fmt.Errorf("formrec: Claude Code %s prints %d forms differently from %s", rec.Version, len(d), path)
		}
		fmt.Printf("formrec: Claude Code %s prints every form as %s records\n", rec.Version, path)
		return nil
	}
	old, _ := os.ReadFile(path)
	if bytes.Equal(old, rec.Encode()) {
		fmt.Printf("formrec: %s: up to date\n", path)
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("formrec: %w", err)
	}
	if err := os.WriteFile(path, rec.Encode(), 0o644); err != nil {
		return fmt.Errorf("formrec: %w", err)
	}
	fmt.Printf("formrec: wrote %s\n", path)
	return nil
}
