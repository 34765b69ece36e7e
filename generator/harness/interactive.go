package harness

import (
	"context"
	"fmt"
)

func runInteractive(ctx context.Context, o Options, ws *workspace, env []string, plugDir string, sc *Scenario, script *Script, srv *Server, res *Result) error {
	return fmt.Errorf("harness: interactive mode: not built yet")
}
