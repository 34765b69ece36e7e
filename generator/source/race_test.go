//go:build race

package source

func init() { raceSlowdown = 10 }
