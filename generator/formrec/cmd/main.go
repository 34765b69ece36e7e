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
	"strconv"
	"strings"

	"github.com/plugforge/plugforge/generator/formrec"
	"github.com/plugforge/plugforge/generator/model"
)

func main() {
	claude := flag.String("claude", "", "the Claude Code CLI binary to record")
	readme := flag.String("readme", "", "rewrite this README's \"What works where\" table from the recordings (no CLI run)")
	dir := flag.String("dir", formrec.DefaultDir, "where the recordings are")
	check := flag.Bool("check", false, "compare with the checked-in recording instead of writing it")
	mode := flag.String("mode", "print", "print (claude -p) or interactive (a pseudo-terminal)")
	only := flag.String("only", "", "run only this probe (e.g. foreground.yaml) and print what it recorded; writes nothing")
	keep := flag.Bool("keep", false, "keep each run's directory and print where")
	timeout := flag.Duration("timeout", 0, "time limit for one run (default 3m in print mode, 60s interactive: a session is closed once every turn is taken, so a probe whose turns are not all taken runs to it)")
	flag.Parse()
	if *readme != "" && *claude == "" {
		if err := syncReadme(*readme, *dir); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return
	}
	if *claude == "" || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: formrec -claude PATH [-mode print|interactive] [-only PROBE] [-keep] [-dir DIR] [-check] | formrec -readme README.md")
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, formrec.Options{Claude: *claude, Root: ".", Mode: *mode, Only: *only, Keep: *keep, Timeout: *timeout,
		Progress: func(n string) { fmt.Fprintf(os.Stderr, "formrec: %s\n", n) }}, *dir, *check); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run(ctx context.Context, o formrec.Options, dir string, check bool) error {
	gone, err := formrec.UnrecordedGone(o.Claude, model.AgentSendMessage.Protocol())
	if err != nil {
		return err
	}
	if len(gone) > 0 {
		return fmt.Errorf("formrec: %s no longer holds these unrecorded texts of generator/model/protocol.go; drop them or record them:\n  %s", o.Claude, strings.Join(gone, "\n  "))
	}
	rec, err := formrec.Record(ctx, o)
	if o.Only != "" {
		os.Stdout.Write(rec.Encode())
		return err
	}
	if err != nil {
		return err
	}
	path := formrec.Path(dir, rec.Version, rec.Mode)
	if check {
		want, err := formrec.Load(path)
		if errors.Is(err, os.ErrNotExist) {
			// A release with no recording of its own (the scheduled run on
			// npm's newest) is held to the newest recording there is: a
			// form it stopped producing, or a new one, is the difference.
			if want, err = newest(dir, rec.Mode); err != nil {
				return err
			}
			if want == nil {
				return fmt.Errorf("formrec: no recording in %s to compare Claude Code %s with; record it without -check", dir, rec.Version)
			}
			fmt.Printf("formrec: no recording of Claude Code %s: comparing with %s\n", rec.Version, want.Version)
			rec.Version = want.Version // the version line is not a difference
		} else if err != nil {
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

// newest is the recording of mode with the highest release, or nil.
func newest(dir, mode string) (*formrec.Recording, error) {
	all, err := formrec.LoadAll(dir)
	if err != nil {
		return nil, err
	}
	var best *formrec.Recording
	for _, r := range all {
		if r.Mode == mode && (best == nil || semverLess(best.Version, r.Version)) {
			best = r
		}
	}
	return best, nil
}

// semverLess compares dotted release numbers such as 2.1.330 and 2.1.76.
func semverLess(a, b string) bool {
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(pa) && i < len(pb); i++ {
		x, _ := strconv.Atoi(pa[i])
		y, _ := strconv.Atoi(pb[i])
		if x != y {
			return x < y
		}
	}
	return len(pa) < len(pb)
}

// syncReadme rewrites the table in path from the recordings in dir.
func syncReadme(path, dir string) error {
	recs, err := formrec.LoadAll(dir)
	if err != nil {
		return err
	}
	old, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("formrec: %w", err)
	}
	out, changed, err := formrec.SyncReadme(old, recs)
	if err != nil {
		return err
	}
	if !changed {
		fmt.Printf("formrec: %s: table up to date\n", path)
		return nil
	}
	if err := os.WriteFile(path, out, 0o644); err != nil {
		return fmt.Errorf("formrec: %w", err)
	}
	fmt.Printf("formrec: %s: table rewritten from %d recordings\n", path, len(recs))
	return nil
}
