//go:build !linux

package outtree

// swap falls back to two renames where renameat2 is unavailable.
func swap(stage, dir string) error { return swapTwoStep(stage, dir) }
