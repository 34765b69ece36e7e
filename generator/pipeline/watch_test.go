package pipeline

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// lines is an io.Writer the watch goroutine writes and the test reads.
type lines struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *lines) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *lines) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// await waits until the output has n lines starting with one of the
// prefixes ("built", "build failed") and returns the last. The bound is
// for liveness, not speed.
func (l *lines) await(t *testing.T, n int) string {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		var got []string
		for _, s := range strings.Split(l.String(), "\n") {
			if strings.HasPrefix(s, "built ") || strings.HasPrefix(s, "build failed: ") {
				got = append(got, s)
			}
		}
		if len(got) >= n {
			return got[n-1]
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("no build line %d; output so far:\n%s", n, l.String())
	return ""
}

// TestWatch edits a source in a temporary tree and sees the rebuild, then
// a broken edit that leaves dist/ as it was, then the recovery.
func TestWatch(t *testing.T) {
	o := workspace(t)
	out := &lines{}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Watch(ctx, WatchOptions{Options: o, Debounce: 50 * time.Millisecond, Out: out}) }()
	defer func() {
		cancel()
		select {
		case err := <-done:
			assert.ErrorIs(t, err, context.Canceled)
		case <-time.After(30 * time.Second):
			t.Error("Watch did not return after cancel")
		}
	}()

	first := out.await(t, 1)
	assert.Regexp(t, `^built dist/mini: \d+ written, 0 unchanged, 0 removed; built dist/mini-classic: \d+ written, 0 unchanged, 0 removed$`, first)
	// One edited command: it and the provenance manifest are rewritten in
	// each variant, everything else is kept.
	edited := "built dist/mini: 2 written, " + unchanged(t, first) + " unchanged, 0 removed; " +
		"built dist/mini-classic: 2 written, " + unchanged(t, first) + " unchanged, 0 removed"

	cmd := filepath.Join("plugin-src", "commands", "hello.md")
	orig, err := os.ReadFile(cmd)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(cmd, append(append([]byte{}, orig...), "\nSay it twice.\n"...), 0o644))
	assert.Equal(t, edited, out.await(t, 2))
	rendered, err := os.ReadFile(filepath.Join("dist", "mini", "commands", "hello.md"))
	require.NoError(t, err)
	assert.Contains(t, string(rendered), "Say it twice.")

	before := treeOf(t, "dist")
	require.NoError(t, os.WriteFile(cmd, []byte("---\ndescription: [unclosed\n---\nbroken\n"), 0o644))
	broken := out.await(t, 3)
	assert.Regexp(t, `^build failed: plugin-src/commands/hello\.md:\d+: `, broken)
	assert.Equal(t, before, treeOf(t, "dist"), "a broken edit left dist/ as it was")

	require.NoError(t, os.WriteFile(cmd, orig, 0o644))
	assert.Equal(t, edited, out.await(t, 4))

	// A lint error stops the build too, and its finding is printed with
	// its position: a link to a file the plugin does not ship.
	before = treeOf(t, "dist")
	require.NoError(t, os.WriteFile(cmd, append(append([]byte{}, orig...), "\nSee [the notes](notes-missing.md).\n"...), 0o644))
	assert.Regexp(t, `^build failed: \d+ lint error\(s\) in the new dist/mini`, out.await(t, 5))
	assert.Regexp(t, `(?m)^dist/mini/commands/hello\.md:\d+:\d+: error: .*notes-missing\.md`, out.String())
	assert.Equal(t, before, treeOf(t, "dist"))
	require.NoError(t, os.WriteFile(cmd, orig, 0o644))
	assert.Regexp(t, `^built dist/mini: `, out.await(t, 6))
}

// unchanged is how many files a one-file edit leaves unchanged, from the
// first build's count of files written.
func unchanged(t *testing.T, first string) string {
	t.Helper()
	var n int
	_, err := fmt.Sscanf(first, "built dist/mini: %d written", &n)
	require.NoError(t, err)
	return strconv.Itoa(n - 2)
}

// TestTemplatesNextTo: plugforge's own repository keeps its templates
// beside plugin-src, so a watching build reads and watches them there; a
// plugin without a templates/ tree uses the built-in ones.
func TestTemplatesNextTo(t *testing.T) {
	assert.Equal(t, filepath.Join("..", "..", "templates"), TemplatesNextTo(filepath.Join("..", "..", "plugin-src")))
	assert.Equal(t, "", TemplatesNextTo(filepath.Join(t.TempDir(), "plugin-src")))
}
