// Package session is one lint run as plugforge does it, on the command
// line and in the build's gate alike: find and load .plugforge.yaml, apply
// it to the whole rule set (generator/lint/rules), lint the plugins, and
// hand back what format needs to print the findings. The baseline (the
// Baseline option, else the one .plugforge.yaml names) is applied, or,
// with UpdateBaseline, rewritten from the run's findings. Fix is the same run
// for `plugforge lint --fix`: lint, apply the fixes (generator/lint/fix),
// lint again, until nothing fixable is left.
//
// It does not print, and it does not decide what a finding means for an
// exit code or a build; the caller does.
package session
