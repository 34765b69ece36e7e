package render

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/plugforge/plugforge/generator/model"
)

// SitePrompt is the fresh prompt of one dispatch site, split where the
// dynamic suffix starts (document 001's R4 boundary).
type SitePrompt struct {
	Command, Role, Agent string
	Prefix, Suffix       string
}

// SitePrompts renders the fresh (I1-R4) prompt of every dispatch site in
// roles.yaml for one variant, in command then role order.
func (p *Prepared) SitePrompts(info PluginInfo) ([]SitePrompt, error) {
	if p.src.Roles == nil {
		return nil, nil
	}
	page := &Page{Plugin: info, run: newRun(p.src, info, p.set)}
	var out []SitePrompt
	for _, cmd := range model.SortedKeys(p.src.Roles.Commands) {
		for _, role := range model.SortedKeys(p.src.Roles.Commands[cmd]) {
			d, err := page.StageOf(cmd, role)
			if err != nil {
				return nil, err
			}
			var b bytes.Buffer
			if err := p.set.Lookup("dispatch.fresh").Execute(&b, d); err != nil {
				return nil, tmplErr(err)
			}
			prompt := promptOf(b.String())
			cut := len(prompt)
			for _, h := range d.dynamicHeaders() {
				if i := strings.Index(prompt, "\n## "+h+"\n"); i >= 0 && i < cut {
					cut = i + 1
				}
			}
			out = append(out, SitePrompt{Command: cmd, Role: role, Agent: d.Role.Agent, Prefix: prompt[:cut], Suffix: prompt[cut:]})
		}
	}
	return out, nil
}

// dynamicHeaders are the headings of every per-iteration section.
func (d *Dispatch) dynamicHeaders() []string {
	hs := []string{"Domain Reviewer Outcome", "Iteration Context"}
	for _, s := range d.Dynamic() {
		hs = append(hs, s.Header)
	}
	return hs
}

// promptOf extracts the prompt text (unindented) from a rendered block.
func promptOf(block string) string {
	i := strings.Index(block, "  prompt: |\n")
	if i < 0 {
		panic(fmt.Sprintf("dispatch.fresh rendered no prompt:\n%s", block))
	}
	var lines []string
	for _, l := range strings.Split(block[i+len("  prompt: |\n"):], "\n") {
		if strings.HasPrefix(l, "```") {
			break
		}
		lines = append(lines, strings.TrimPrefix(l, "    "))
	}
	return strings.Join(lines, "\n")
}
