package render

import (
	"strings"

	"github.com/plugforge/plugforge/generator/source"
)

// exact reports an imported plugin (plugin.yaml output.exact): sources
// are whole-file templates whose output is written as it renders, with no
// wrapper template and no normalisation, so a hand-written plugin builds
// back to the bytes it had.
func (p *Prepared) exact() bool { return p.src.Manifest.Output.Exact }

// component renders a command, agent or skill: through its typed wrapper
// template, or, in an exact plugin, as the whole file it was written as.
func (p *Prepared) component(r *run, disp, out, command, wrapper string, meta any) (File, error) {
	if !p.exact() {
		return p.markdown(r, disp, out, command, wrapper, meta)
	}
	body, srcs, err := p.body(r, disp, command, 1)
	if err != nil {
		return File{}, err
	}
	return body.asWritten(out, withMarker(body.text, out, p.marker(disp)), 0o644, srcs), nil
}

// withMarker inserts the marker as exactly one line where the format has a
// comment: "# …" after a frontmatter's opening "---" or a "#!" line, and
// "<!-- … -->" above other markdown. Other files, and every file when
// mark is "", are returned unchanged. One line, and only one, so that the
// output is its source plus that line.
func withMarker(text, out, mark string) string {
	if mark == "" {
		return text
	}
	md := strings.HasSuffix(out, ".md")
	_, front := source.Frontmatter(text)
	switch {
	case md && front, !md && strings.HasPrefix(text, "#!"):
		first, rest, ok := strings.Cut(text, "\n")
		if !ok { // a one-line file without a final newline
			return first + "\n# " + mark
		}
		return first + "\n# " + mark + "\n" + rest
	case md:
		return "<!-- " + mark + " -->\n" + text
	}
	return text
}
