package harness

import (
	"context"
	"sync"
)

// RunAll runs every scenario in every mode it allows, parallel at a time,
// and returns the results in scenario then mode order.
func RunAll(ctx context.Context, scs []*Scenario, plugDir string, modes []string, o Options, parallel int) ([]*Result, error) {
	type job struct {
		sc   *Scenario
		mode string
	}
	var jobs []job
	for _, sc := range scs {
		for _, m := range modes {
			if sc.runsIn(m) {
				jobs = append(jobs, job{sc, m})
			}
		}
	}
	if parallel < 1 {
		parallel = 1
	}
	results := make([]*Result, len(jobs))
	errs := make([]error, len(jobs))
	sem := make(chan struct{}, parallel)
	var wg sync.WaitGroup
	for i, j := range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			results[i], errs[i] = Run(ctx, j.sc, plugDir, j.mode, o)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return results, nil
}
