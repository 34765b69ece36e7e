package watch

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"
)

// Options configure Run.
type Options struct {
	// Roots are the directory trees to watch; a root that does not exist is
	// skipped (a plugin without its own templates/, say).
	Roots []string
	// Debounce is how long events must be quiet before a rebuild.
	Debounce time.Duration
	// Build runs once at the start and once per burst of changes. Its error
	// is passed to Failed; the watch goes on either way.
	Build func() error
	// Failed reports a build error; nil ignores it.
	Failed func(error)
	// Ignore, if set, drops events for paths it returns true for.
	Ignore func(path string) bool
}

// Run builds, then rebuilds on every settled burst of changes under the
// roots, until ctx is done. It returns ctx's error, or an error setting up
// the watcher.
func Run(ctx context.Context, o Options) error {
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return fmt.Errorf("starting the file watcher: %w", err)
	}
	defer w.Close()
	watched := 0
	for _, root := range o.Roots {
		n, err := addTree(w, root)
		if err != nil {
			return err
		}
		watched += n
	}
	if watched == 0 {
		return fmt.Errorf("nothing to watch: none of %s exists", strings.Join(o.Roots, ", "))
	}
	build := func() {
		if err := o.Build(); err != nil && o.Failed != nil {
			o.Failed(err)
		}
	}
	build()

	timer := time.NewTimer(time.Hour)
	timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case ev, ok := <-w.Events:
			if !ok {
				return errors.New("the file watcher stopped")
			}
			if o.Ignore != nil && o.Ignore(ev.Name) {
				continue
			}
			// A new directory (mkdir, or a tree moved in) is watched too.
			if ev.Has(fsnotify.Create) {
				if fi, err := os.Lstat(ev.Name); err == nil && fi.IsDir() {
					if _, err := addTree(w, ev.Name); err != nil && o.Failed != nil {
						o.Failed(err)
					}
				}
			}
			timer.Reset(o.Debounce)
		case err, ok := <-w.Errors:
			if !ok {
				return errors.New("the file watcher stopped")
			}
			if o.Failed != nil {
				o.Failed(fmt.Errorf("file watcher: %w", err))
			}
		case <-timer.C:
			build()
		}
	}
}

// addTree watches root and every directory below it (symlinks are not
// followed). It returns how many directories it added.
func addTree(w *fsnotify.Watcher, root string) (int, error) {
	if fi, err := os.Stat(root); err != nil || !fi.IsDir() {
		return 0, nil
	}
	n := 0
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if err := w.Add(p); err != nil {
			return fmt.Errorf("watching %s: %w", p, err)
		}
		n++
		return nil
	})
	return n, err
}
