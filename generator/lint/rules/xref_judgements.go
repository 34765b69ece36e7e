package rules

import (
	"bytes"
	"strings"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// teachingDoc reports whether f is a reference document that teaches a
// dispatch pattern rather than dispatching: not a component body, at
// least one of its subagent_type values is a made-up illustration
// ("agent-a", "analyzer-1"), and none names an agent of the plugin. Its
// other names ("validator") are illustrations of the same lesson.
func teachingDoc(f *snapshot.File, c *snapshot.Components, refs []facts.Ref) bool {
	switch f.Kind {
	case snapshot.KindCommand, snapshot.KindAgent, snapshot.KindSkill:
		return false
	}
	illustrated := false
	for _, r := range refs {
		if r.Kind == facts.NameIllustration {
			illustrated = true
		}
		if r.Kind == facts.NameLiteral && (r.Prefix == "" || r.Prefix == c.Plugin) && c.Agent(r.Name) != nil {
			return false
		}
	}
	return illustrated
}

// ownCommandName handles a reference r on a command's own frontmatter
// name: line. When the name it writes does not resolve, the command is
// not nameless: it registers under its path, and the finding says under
// what and why. It reports whether r was that line.
//
// Witnessed with 2.1.330 (the system/init listing of claude -p
// --plugin-dir): commands/flow/work.md with "name: flow:work" in a plugin
// named flow is listed as flow:flow:work, the folder giving the namespace
// flow: after the plugin's; the name: line does not take it out.
func ownCommandName(pass *lint.Pass, f *snapshot.File, r facts.Ref) bool {
	if f.Kind != snapshot.KindCommand || r.Off >= f.Markdown().BodyStart {
		return false
	}
	ls := bytes.LastIndexByte(f.Data[:r.Off], '\n') + 1
	if !bytes.HasPrefix(bytes.TrimLeft(f.Data[ls:r.Off], " \t"), []byte("name:")) {
		return false
	}
	c := pass.Plugin.Components()
	reg := ""
	for _, k := range c.Commands {
		if k.File == f {
			reg = k.Name
			if len(k.Aliases) > 0 {
				reg = k.Aliases[0] // the path name, which 2.1.330 lists
			}
		}
	}
	if reg == "" {
		return false
	}
	written := r.Prefix + ":" + r.Name
	ns := reg[:strings.LastIndexByte(reg, ':')+1]
	if ns == "" {
		pass.Reportf(f.At(r.Off), "call it /"+c.Plugin+":"+reg+", or rename the file",
			"this command registers as %q, not %q: Claude Code names it by its path", "/"+c.Plugin+":"+reg, "/"+written)
		return true
	}
	pass.Reportf(f.At(r.Off), "move the file to the commands folder's top level, or call it /"+c.Plugin+":"+reg,
		"this command registers as %q, not %q: its folder adds the namespace %q after the plugin's, and its name: line does not take it out",
		"/"+c.Plugin+":"+reg, "/"+written, ns)
	return true
}
