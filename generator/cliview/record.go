package cliview

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
)

// A recording is a Listing saved as indented JSON, so a test can hold a
// fixture to what a given CLI release registered without running it, and
// re-run the CLI, when it is installed, to see that the recording still
// holds.

// WriteRecording saves a Listing or a MarketplaceRun at path.
func WriteRecording(path string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fmt.Errorf("recording %s: %w", path, err)
	}
	if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
		return fmt.Errorf("recording %s: %w", path, err)
	}
	return nil
}

// ReadRecording loads a Listing or a MarketplaceRun WriteRecording saved.
func ReadRecording[T Listing | MarketplaceRun](path string) (*T, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading recording: %w", err)
	}
	var v T
	if err := json.Unmarshal(b, &v); err != nil {
		return nil, fmt.Errorf("reading recording %s: %w", path, err)
	}
	return &v, nil
}

// Recorded is the recording a live run is compared with: the one at path,
// or, when update is set, live itself, saved there first.
func Recorded[T Listing | MarketplaceRun](path string, live *T, update bool) (*T, error) {
	if update {
		return live, WriteRecording(path, live)
	}
	return ReadRecording[T](path)
}

// Diff lists, one line each, how got differs from want in what the CLI
// registered: the plugin's name, its commands, skills, agents, MCP servers,
// problems and hook runs. The CLI version is not compared; callers name it.
func Diff(want, got *Listing) []string {
	var out []string
	if want.Plugin != got.Plugin {
		out = append(out, fmt.Sprintf("plugin loaded as %q, want %q", got.Plugin, want.Plugin))
	}
	out = append(out, DiffNames("slash command", want.SlashCommands, got.SlashCommands)...)
	out = append(out, DiffNames("skill", want.Skills, got.Skills)...)
	out = append(out, DiffNames("agent", want.Agents, got.Agents)...)
	var ws, gs []string
	for _, s := range want.MCPServers {
		ws = append(ws, s.Name+" "+s.Status)
	}
	for _, s := range got.MCPServers {
		gs = append(gs, s.Name+" "+s.Status)
	}
	out = append(out, DiffNames("MCP server", ws, gs)...)
	out = append(out, DiffNames("problem", want.Problems, got.Problems)...)
	var wh, gh []string
	for _, h := range want.Hooks {
		wh = append(wh, h.String())
	}
	for _, h := range got.Hooks {
		gh = append(gh, h.String())
	}
	return append(out, DiffNames("hook run", wh, gh)...)
}

// DiffNames lists the names of one kind that only want or only got holds.
func DiffNames(kind string, want, got []string) []string {
	var out []string
	for _, n := range want {
		if !slices.Contains(got, n) {
			out = append(out, fmt.Sprintf("%s %q missing", kind, n))
		}
	}
	for _, n := range got {
		if !slices.Contains(want, n) {
			out = append(out, fmt.Sprintf("%s %q unexpected", kind, n))
		}
	}
	return out
}
