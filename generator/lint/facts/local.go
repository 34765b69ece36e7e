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
// ship. Three signs say so, each the author's own:
//
//   - the plugin ships its template beside it: settings.toml next to
//     settings.example.toml, .env next to .env.example (also .sample,
//     .template, .dist, either before the extension or after the name);
//     the user copies the template and fills in their values;
//   - its name is a per-user config by convention: a dotenv file (.env,
//     .env.local, .env.production; not its template .env.example) or a
//     "local" variant (settings.local.json, CLAUDE.local.md), which hold
//     one person's keys and choices and no plugin ships;
//   - a .gitignore leaves it out and it is data, not code: a config,
//     notes, state or log file (.env, .toml, .json, .md, …) that the
//     author keeps out of the repository on purpose. The .gitignore
//     files that count are the plugin's own (at its root and in the
//     folders on the way to the file) and those above it up to its
//     repository's root (snapshot.EnclosingIgnores): a plugin in a
//     marketplace's subfolder is covered by the repository's .gitignore.
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
	base := path.Base(rel)
	if userConfigRE.MatchString(base) && !templateRE.MatchString(base) {
		return true
	}
	return dataFileRE.MatchString(base) && gitIgnored(p, rel)
}

var (
	// userConfigRE: a file name that by convention holds one user's
	// settings: a dotenv file, or a "local" variant of a config.
	userConfigRE = lazyre.New(`(?i)^\.env(?:\.[a-z0-9_.-]+)?$|^[^.].*\.local(?:\.[a-z0-9]+)?$|^\.[a-z0-9_-]+\.local(?:\.[a-z0-9]+)?$`)
	// templateRE: a name that says it is the template the user copies,
	// which the plugin does ship (.env.example, settings.local.sample.json).
	templateRE = lazyre.New(`(?i)\.(?:example|sample|template|dist|default|tmpl|tpl)(?:\.|$)`)
)

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

// gitIgnored reports whether a .gitignore leaves rel out: those above the
// plugin in its repository (outermost first), then the plugin's root one,
// then those in the folders on the way to rel; a deeper file's match wins,
// as in git. A pattern above the plugin that leaves out the plugin's own
// folder (a repository that ignores dist/, where plugforge builds the
// plugin) says nothing about which of its files the user makes, and is
// not used.
func gitIgnored(p *snapshot.Plugin, rel string) bool {
	ignored := false
	for _, ig := range p.EnclosingIgnores() {
		ignored = matchIgnore(ig.Data, ig.Under+"/"+rel, ig.Under, ignored)
	}
	var dirs []string // the folders on the way to rel, innermost first
	for d := path.Dir(rel); d != "."; d = path.Dir(d) {
		dirs = append(dirs, d+"/")
	}
	dirs = append(dirs, "")
	for i := len(dirs) - 1; i >= 0; i-- {
		d := dirs[i]
		f := p.File(d + ".gitignore")
		if f == nil || !f.Readable() {
			continue
		}
		ignored = matchIgnore(f.Data, strings.TrimPrefix(rel, d), "", ignored)
	}
	return ignored
}

// matchIgnore applies one .gitignore's patterns to rel (relative to its
// directory), starting from ignored: the last pattern that matches wins
// (the common subset of gitignore: anchored and unanchored patterns, *,
// ?, **, a trailing / for directories, and ! to take a match back). A
// pattern that matches under or one of its parent folders is skipped, and
// so is a word net (wordNet).
func matchIgnore(data []byte, rel, under string, ignored bool) bool {
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		neg := strings.HasPrefix(line, "!")
		if neg {
			line = line[1:]
		}
		re := ignoreRE(line)
		if re == nil || !re.MatchString(rel) || coversDir(re, under) || !neg && wordNet(line) {
			continue
		}
		ignored = !neg
	}
	return ignored
}

// wordNet reports whether a pattern catches names by a word inside them
// ("*token*", "*secret*"): a net for credentials, not a statement about
// the files it happens to catch. A reference "session-tokens.md" that
// such a net kept out of the repository is a document the plugin meant to
// ship and lost.
func wordNet(pat string) bool {
	seg := strings.TrimSuffix(pat, "/")
	seg = seg[strings.LastIndexByte(seg, '/')+1:]
	return len(seg) > 2 && seg[0] == '*' && seg[len(seg)-1] == '*' && strings.Trim(seg, "*") != ""
}

// coversDir reports whether re matches dir or one of its parent folders.
func coversDir(re *regexp.Regexp, dir string) bool {
	for d := dir; d != "" && d != "."; d = path.Dir(d) {
		if re.MatchString(d) {
			return true
		}
	}
	return false
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
