package pipeline

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/plugforge/plugforge/generator/watch"
)

// WatchOptions add to a build's Options what a watching build needs.
type WatchOptions struct {
	Options
	// Debounce is how long changes must settle before a rebuild.
	Debounce time.Duration
	// Out receives one line per build, and the positions of the lint
	// errors that stopped one.
	Out io.Writer
}

// TemplatesNextTo is the templates/ tree beside plugin-src, if there is
// one (plugforge's own repository has it): a watching build reads the
// templates from there, so an edit to a template rebuilds the plugin with
// it. Elsewhere the templates built into plugforge are used.
func TemplatesNextTo(src string) string {
	dir := filepath.Join(filepath.Dir(filepath.Clean(src)), "templates")
	if fi, err := os.Stat(filepath.Join(dir, "dispatch")); err == nil && fi.IsDir() {
		return dir
	}
	return ""
}

// DefaultDebounce lets an editor's save (a burst of writes and renames)
// settle into one rebuild without a noticeable wait.
const DefaultDebounce = 200 * time.Millisecond

// WatchUntilInterrupt is Watch until Ctrl-C or SIGTERM, which end it
// without an error.
func WatchUntilInterrupt(o WatchOptions) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := Watch(ctx, o); ctx.Err() == nil {
		return err
	}
	return nil
}

// Watch builds, then rebuilds whenever plugin-src (or the templates beside
// it) changes, until ctx is done. A build that fails leaves dist/ as it
// was, as every build does, and the watch goes on.
func Watch(ctx context.Context, o WatchOptions) error {
	if o.Debounce == 0 {
		o.Debounce = DefaultDebounce
	}
	roots := []string{o.Src}
	if t := TemplatesNextTo(o.Src); t != "" {
		roots = append(roots, t)
	}
	return watch.Run(ctx, watch.Options{
		Roots:    roots,
		Debounce: o.Debounce,
		Ignore:   editorScratch,
		Build:    func() error { return rebuild(o, roots) },
		Failed:   func(err error) { fmt.Fprintf(o.Out, "watch: %v\n", err) },
	})
}

// rebuild runs one build and prints its line. Templates are read from
// disk on every build when they sit beside plugin-src.
func rebuild(o WatchOptions, roots []string) error {
	bo := o.Options
	if len(roots) > 1 {
		bo.TemplateFS = os.DirFS(roots[1])
	}
	var findings bytes.Buffer
	bo.Report = &findings
	res, err := Build(bo)
	if err != nil {
		fmt.Fprintf(o.Out, "build failed: %v\n", err)
		if findings.Len() > 0 {
			io.Copy(o.Out, &findings)
		}
		return nil // reported; the watch goes on
	}
	// One line per rebuild: "built dist/a: …; built dist/b: …; wrote …".
	fmt.Fprintln(o.Out, strings.Join(res.Lines(false), "; "))
	return nil
}

// editorScratch reports the files editors write while saving (swap files,
// backups, vim's write test); they say nothing about the sources.
func editorScratch(path string) bool {
	base := filepath.Base(path)
	return strings.HasSuffix(base, "~") || strings.HasSuffix(base, ".swp") || strings.HasSuffix(base, ".swx") ||
		strings.HasPrefix(base, ".#") || base == "4913"
}
