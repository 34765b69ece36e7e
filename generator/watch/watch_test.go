package watch

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// wait bounds how long a test waits for a build that should come; it is a
// liveness limit, not a speed goal.
const wait = 10 * time.Second

type runner struct {
	builds chan int
	errs   chan error
	cancel context.CancelFunc
	done   chan error
	// debounce is the run's settle time; quiet waits well past it.
	debounce time.Duration
}

func start(t *testing.T, o Options) *runner {
	t.Helper()
	r := &runner{builds: make(chan int, 100), errs: make(chan error, 100), done: make(chan error, 1)}
	n := 0
	build := o.Build
	o.Build = func() error {
		n++
		r.builds <- n
		if build != nil {
			return build()
		}
		return nil
	}
	o.Failed = func(err error) { r.errs <- err }
	if o.Debounce == 0 {
		o.Debounce = 50 * time.Millisecond
	}
	r.debounce = o.Debounce
	ctx, cancel := context.WithCancel(context.Background())
	r.cancel = cancel
	go func() { r.done <- Run(ctx, o) }()
	t.Cleanup(func() {
		cancel()
		select {
		case <-r.done:
		case <-time.After(wait):
			t.Error("Run did not return after cancel")
		}
	})
	r.next(t, 1)
	return r
}

func (r *runner) next(t *testing.T, want int) {
	t.Helper()
	select {
	case n := <-r.builds:
		require.Equal(t, want, n)
	case <-time.After(wait):
		t.Fatalf("build %d did not happen", want)
	}
}

// quiet asserts that no build happens for a while (well past the debounce).
func (r *runner) quiet(t *testing.T) {
	t.Helper()
	select {
	case n := <-r.builds:
		t.Fatalf("unexpected build %d", n)
	case <-time.After(400*time.Millisecond + 4*r.debounce):
	}
}

func TestRebuildsOncePerBurst(t *testing.T) {
	dir := t.TempDir()
	// A debounce far above the time 20 writes take, even on a loaded
	// machine where the writer can be descheduled between two of them.
	r := start(t, Options{Roots: []string{dir}, Debounce: 300 * time.Millisecond})
	for i := 0; i < 20; i++ {
		require.NoError(t, os.WriteFile(filepath.Join(dir, "a.md"), []byte{byte('a' + i)}, 0o644))
	}
	r.next(t, 2)
	r.quiet(t)
}

func TestWatchesNewDirectories(t *testing.T) {
	dir := t.TempDir()
	r := start(t, Options{Roots: []string{dir}})
	sub := filepath.Join(dir, "skills", "new")
	require.NoError(t, os.MkdirAll(sub, 0o755))
	r.next(t, 2)
	require.NoError(t, os.WriteFile(filepath.Join(sub, "SKILL.md"), []byte("x"), 0o644))
	r.next(t, 3)
}

func TestFailedBuildKeepsWatching(t *testing.T) {
	dir := t.TempDir()
	var fail atomic.Bool
	fail.Store(true)
	r := start(t, Options{Roots: []string{dir}, Build: func() error {
		if fail.Load() {
			return errors.New("broken")
		}
		return nil
	}})
	require.EqualError(t, <-r.errs, "broken")
	fail.Store(false)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "a.md"), []byte("x"), 0o644))
	r.next(t, 2)
	select {
	case err := <-r.errs:
		t.Fatalf("unexpected error %v", err)
	default:
	}
}

func TestIgnore(t *testing.T) {
	dir := t.TempDir()
	r := start(t, Options{Roots: []string{dir}, Ignore: func(p string) bool { return filepath.Ext(p) == ".swp" }})
	require.NoError(t, os.WriteFile(filepath.Join(dir, ".a.md.swp"), []byte("x"), 0o644))
	r.quiet(t)
}

func TestMissingRoots(t *testing.T) {
	err := Run(context.Background(), Options{Roots: []string{filepath.Join(t.TempDir(), "nope")}, Build: func() error { return nil }})
	require.ErrorContains(t, err, "nothing to watch")
}
