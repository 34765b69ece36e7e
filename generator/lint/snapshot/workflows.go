package snapshot

import (
	"path"
	"strings"

	"github.com/plugforge/plugforge/generator/lazyre"
)

// Workflows are the plugin's workflow scripts (an experimental component of
// Claude Code 2.1.330): each .js file directly in workflows/, or in the
// folders and files plugin.json's "workflows" (or "experimental.workflows")
// names, which replace workflows/. Claude Code names one "<plugin>:" plus
// the name in its exported meta object, and skips a file without one; users
// run it as /<plugin>:<name>, like a command.
func (p *Plugin) workflows() []Component {
	m := p.ManifestValue()
	roots := cleanAll(Declared(m, "workflows"))
	if exp, ok := m["experimental"].(map[string]any); ok && len(roots) == 0 {
		roots = cleanAll(Declared(exp, "workflows"))
	}
	if len(roots) == 0 {
		roots = []string{"workflows"}
	}
	var out []Component
	for _, f := range p.Files {
		if !f.IsRegular() || !strings.HasSuffix(f.Path, ".js") || f.Data == nil {
			continue
		}
		for _, r := range roots {
			if f.Path == r || path.Dir(f.Path) == orDot(r) {
				if n := workflowName(f.Data); n != "" {
					out = append(out, Component{Kind: KindOther, Name: n, File: f})
				}
				break
			}
		}
	}
	return out
}

// metaNameRE finds the name of a workflow's exported meta object
// ("export const meta = { name: 'codeql-build', ... }").
var metaNameRE = lazyre.New(`\bmeta\s*=\s*\{[^}]*?\bname\s*:\s*['"` + "`" + `]([^'"` + "`" + `\n]+)['"` + "`" + `]`)

func workflowName(data []byte) string {
	if m := metaNameRE.FindSubmatch(data); m != nil {
		return string(m[1])
	}
	return ""
}
