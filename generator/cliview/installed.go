package cliview

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// listInstalled starts one session in the HOME the installs wrote and
// reads its system/init message: for each installed entry, the names it
// registers and the directory it was loaded from (2.1.330 loads the plugin
// of a marketplace added from a local directory from that directory, not
// from the cache), and, for each symlink of the entry's source directory
// (sources, by entry name), what the plugin cache (installed_plugins.json's
// installPath) holds at the same path: "directory" or "file" when the
// install copied what the link points at, "symlink" when it kept the link,
// "missing" when it left it out.
func (s *session) listInstalled(m *MarketplaceRun, market string, sources map[string]string) error {
	api, err := closedPort()
	if err != nil {
		return err
	}
	cmd := exec.CommandContext(s.ctx, s.bin, "-p", "--output-format", "stream-json", "--verbose", "hi")
	cmd.Dir = s.tmp
	cmd.Env = s.env(s.tmp, "ANTHROPIC_API_KEY=dummy", "ANTHROPIC_BASE_URL=http://"+api)
	ownGroup(cmd)
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("starting a session after the installs: %w", err)
	}
	var line []byte
	br := bufio.NewReaderSize(io.LimitReader(out, maxInit), 64<<10)
	for {
		l, err := br.ReadBytes('\n')
		if err != nil {
			break
		}
		if !systemNotInit(l) {
			line = l
			break
		}
	}
	killGroup(cmd)
	_ = cmd.Wait()
	var in Init
	if err := json.Unmarshal(line, &in); err != nil || in.Subtype != "init" {
		return fmt.Errorf("the session after the installs printed no init message")
	}
	for i := range m.Installs {
		inst := &m.Installs[i]
		if !inst.Installed {
			continue
		}
		inst.Registered = withPrefix(slices.Concat(in.SlashCommands, in.Skills, in.Agents), inst.Plugin+":")
		inst.Registered = slices.Compact(inst.Registered)
		for _, p := range in.Plugins {
			if p.Name == inst.Plugin {
				inst.LoadedFrom = strings.NewReplacer(s.abs, "$MARKETPLACE", s.tmp, "$HOME").Replace(p.Path)
			}
		}
		if src, cache := sources[inst.Plugin], installPath(s.tmp, inst.Plugin+"@"+market); src != "" && cache != "" {
			inst.Links = cachedLinks(src, cache)
		}
	}
	return nil
}

// installPath is where `claude plugin install` put the plugin id
// ("<plugin>@<marketplace>") under home, from installed_plugins.json.
func installPath(home, id string) string {
	var f struct {
		Plugins map[string][]struct {
			InstallPath string `json:"installPath"`
		} `json:"plugins"`
	}
	b, err := os.ReadFile(filepath.Join(home, ".claude", "plugins", "installed_plugins.json"))
	if err != nil || json.Unmarshal(b, &f) != nil || len(f.Plugins[id]) == 0 {
		return ""
	}
	return f.Plugins[id][0].InstallPath
}

// cachedLinks lists, in path order, each symlink under src as
// "<path>: <what cache holds there>".
func cachedLinks(src, cache string) []string {
	var out []string
	_ = filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.Type()&fs.ModeSymlink == 0 {
			return nil
		}
		rel, _ := filepath.Rel(src, p)
		what := "missing"
		if st, err := os.Lstat(filepath.Join(cache, rel)); err == nil {
			switch {
			case st.Mode()&fs.ModeSymlink != 0:
				what = "symlink"
			case st.IsDir():
				what = "directory"
			default:
				what = "file"
			}
		}
		out = append(out, filepath.ToSlash(rel)+": "+what)
		return nil
	})
	slices.SortFunc(out, strings.Compare)
	return out
}
