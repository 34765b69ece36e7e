// Package scaffold writes a new, minimal plugin-src for another plugin
// author: a manifest with one variant, one command that follows one skill
// and dispatches one agent, a skill reference file, a SessionStart hook, a
// README and LICENSE for the plugin, and a Makefile snippet. The result
// builds at once with `plugforge build` and is meant to be copied from: each
// file shows the conventions plugforge checks (quoted frontmatter,
// descriptions that say when to use the component, an executable LF script,
// references rendered through {{.Cmd}}, {{.Agent}} and {{.Skill}}).
//
// The files live under files/ and are embedded here, not under templates/:
// the renderer parses every .tmpl there, and these are plugin sources, not
// renderer templates. Only @NAME@ and @AUTHOR@ are substituted, so the
// {{...}} actions in the sources reach plugforge untouched.
package scaffold
