package cliview

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// session is what every run of the CLI starts from: the plugin or
// marketplace directory made absolute, the binary, a deadline and a
// temporary directory for HOME and the like, removed by close.
type session struct {
	abs, bin, tmp string
	timeout       time.Duration
	ctx           context.Context
	cancel        context.CancelFunc
}

func (r Runner) start(ctx context.Context, dir string) (*session, error) {
	s := &session{timeout: r.Timeout}
	if s.timeout == 0 {
		s.timeout = DefaultTimeout
	}
	var err error
	if s.abs, err = filepath.Abs(dir); err != nil {
		return nil, err
	}
	if s.bin, err = absBin(r.Bin); err != nil {
		return nil, err
	}
	if s.tmp, err = os.MkdirTemp("", "plugforge-cliview-"); err != nil {
		return nil, err
	}
	s.ctx, s.cancel = context.WithTimeout(ctx, s.timeout)
	return s, nil
}

func (s *session) close() {
	s.cancel()
	os.RemoveAll(s.tmp)
}

// env is the whole environment of a run: nothing of the caller's (no key,
// setting or proxy) reaches the CLI.
func (s *session) env(home string, extra ...string) []string {
	return append([]string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "TMPDIR=" + s.tmp,
		"DISABLE_AUTOUPDATER=1", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1"}, extra...)
}

// absBin makes a relative path to the CLI absolute: the CLI runs in a
// temporary directory, where it would name nothing. A bare name is left to
// PATH.
func absBin(bin string) (string, error) {
	if !strings.ContainsRune(bin, filepath.Separator) {
		return bin, nil
	}
	return filepath.Abs(bin)
}
