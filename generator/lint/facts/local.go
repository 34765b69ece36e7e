package facts

import (
	"github.com/plugforge/plugforge/generator/lazyre"
	"path"
	"regexp"
	"strings"

	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// LocalFile answers "is this a file the user makes on their own machine?"
// for a path rel (relative to the plugin root) that the plugin does not
// ship. Two signs say so, each the author's own:
//
//   - the plugin ships its template beside it: settings.toml next to
//     settings.example.toml, .env next to .env.example (also .sample,
//     .template, .dist, either before the extension or after the name);
//     the user copies the template and fills in their values;
//   - the plugin's .gitignore leaves it out and it is data, not code: a
//     config, notes, state or log file (.env, .toml, .json, .md, …) that
//     the author keeps out of the repository on purpose.
//
// Code the .gitignore leaves out is not local: a build output
// (dist/server.js) that a hook or MCP server runs is missing from every
// install, which is the defect a rule should report.
func LocalFile(p *snapshot.Plugin, rel string) bool {
	rel = strings.TrimPrefix(path.Clean(rel), "./")
	if rel == "." || rel == "" {
		return false
	}
	for _, t := range templateNames(rel) {
		if p.File(t) != nil {
			return true
		}
	}
	return dataFileRE.MatchString(path.Base(rel)) && gitIgnored(p, rel)
}

// templateNames lists the names a template of rel may have.
func templateNames(rel string) []string {
	dir, base := path.Split(rel)
	stem, ext := base, ""
	if i := strings.LastIndexByte(base, '.'); i > 0 {
		stem, ext = base[:i], base[i:]
	}
	var out []string
	for _, w := range []string{"example", "sample", "template", "dist", "default"} {
		out = append(out, dir+base+"."+w)
		if ext != "" {
			out = append(out, dir+stem+"."+w+ext)
		}
	}
	return out
}

// dataFileRE: a file name that holds data rather than code a plugin runs.
var dataFileRE = lazyre.New(`(?i)^(?:\.env(?:\..+)?|.+\.(?:env|toml|ini|cfg|conf|json|jsonl|ya?ml|md|txt|log|csv|tsv|db|sqlite3?))$`)

// gitIgnored reports whether the plugin's root .gitignore leaves rel out
// (the common subset of gitignore: anchored and unanchored patterns, *,
// ?, **, a trailing / for directories, and ! to take a match back; the
// last pattern that matches wins).
func gitIgnored(p *snapshot.Plugin, rel string) bool {
	f := p.File(".gitignore")
	if f == nil || !f.Readable() {
		return false
	}
	ignored := false
	for _, line := range strings.Split(string(f.Data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		neg := strings.HasPrefix(line, "!")
		if neg {
			line = line[1:]
		}
		if re := ignoreRE(line); re != nil && re.MatchString(rel) {
			ignored = !neg
		}
	}
	return ignored
}

// ignoreRE turns one .gitignore pattern into a regexp over a path
// relative to the .gitignore's directory. A match of a directory covers
// everything under it.
func ignoreRE(pat string) *regexp.Regexp {
	pat = strings.TrimSuffix(pat, "/")
	anchored := strings.Contains(pat, "/")
	pat = strings.TrimPrefix(pat, "/")
	if pat == "" {
		return nil
	}
	var b strings.Builder
	for i := 0; i < len(pat); i++ {
		switch c := pat[i]; {
		case strings.HasPrefix(pat[i:], "**/"):
			b.WriteString("(?:.*/)?")
			i += 2
		case strings.HasPrefix(pat[i:], "**"):
			b.WriteString(".*")
			i++
		case c == '*':
			b.WriteString("[^/]*")
		case c == '?':
			b.WriteString("[^/]")
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	lead := "(?:^|/)"
	if anchored {
		lead = "^"
	}
	re, err := regexp.Compile(lead + b.String() + "(?:/.*)?$")
	if err != nil {
		return nil
	}
	return re
}
