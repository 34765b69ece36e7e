package facts

import (
	"bytes"
	"strings"
	"testing"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// plugin builds an in-memory plugin named "kit" from path → text.
func plugin(files map[string]string) *snapshot.Plugin {
	m := map[string][]byte{".claude-plugin/plugin.json": []byte(`{"name": "kit"}`)}
	for k, v := range files {
		m[k] = []byte(v)
	}
	return snapshot.FromMemory("kit", m)
}

// at is the offset of the n-th (0-based) occurrence of needle in f.
func at(t *testing.T, f *snapshot.File, needle string, n int) int {
	t.Helper()
	off := -1
	for i := 0; i <= n; i++ {
		j := bytes.Index(f.Data[off+1:], []byte(needle))
		if j < 0 {
			t.Fatalf("%q: occurrence %d of %q not found", f.Path, n, needle)
		}
		off += 1 + j
	}
	return off
}

func TestExamples(t *testing.T) {
	doc := "---\ndescription: d\n---\n" +
		"Read [the guide](guide.md) first.\n\n" + // instruction
		"A page, as it should look:\n\n```markdown\n## Run\n\n```bash\nmake\n```\n\nThen [the notes](notes.md).\n```\n\n" + // nested fences
		"<details>\n```markdown\n## Setup\n\nSee [setup](setup.md).\n```\n</details>\n\n" + // HTML block above a fence
		"    indented [sample](indented.md)\n\n" +
		"Back to prose: [faq](faq.md).\n" +
		"<!-- kit:start --> keep\n"
	p := plugin(map[string]string{"commands/c.md": doc})
	f := p.File("commands/c.md")
	ex := Examples.Of(lint.Unchecked(p), f)
	for _, c := range []struct {
		needle  string
		example bool
	}{
		{"[the guide]", false},
		{"[the notes]", true}, // CommonMark: prose after the inner fence closed the outer
		{"[setup]", true},     // CommonMark: prose after the HTML block ended
		{"[sample]", true},
		{"[faq]", false},
	} {
		if got := ex.In(at(t, f, c.needle, 0)); got != c.example {
			t.Errorf("%s: example = %v, want %v", c.needle, got, c.example)
		}
	}
	if !ex.Comment(at(t, f, "kit:start", 0)) || ex.Comment(at(t, f, "keep", 0)) {
		t.Error("the HTML comment is not told apart from the text after it")
	}
}

func TestNameOf(t *testing.T) {
	for _, c := range []struct {
		value  string
		quoted bool
		after  string
		want   NameKind
	}{
		{"reviewer", false, "\n", NameLiteral},
		{"kit:reviewer", true, `"`, NameLiteral},
		{"Explore", false, "\n", NameLiteral},
		{"agentType", false, ",", NameVariable},         // a variable in program-like text
		{"helperAgents", false, "[kind]", NameVariable}, // an index expression
		{"cfg.agent", false, ")", NameVariable},
		{"base", false, ` + "-x"`, NameVariable},
		{"agentType", true, `"`, NameLiteral}, // quoted: a literal, however it is cased
		{"agent-a", true, `"`, NameIllustration},
		{"analyzer-1", true, `"`, NameIllustration},
		{"my-helper", true, `"`, NameIllustration},
		{"agent-name", true, `"`, NamePlaceholder},
		{"your-agent", false, "\n", NamePlaceholder},
		{"AGENT_NAME", false, "\n", NamePlaceholder},
		{"kit", true, ":<agent>", NamePlaceholder},
		{"", true, "...", NamePlaceholder},
		{"step-", true, "{n}", NamePlaceholder},
		{"step-", true, "*", NamePlaceholder},
	} {
		if got := NameOf(c.value, c.quoted, []byte(c.after)); got != c.want {
			t.Errorf("NameOf(%q, %v, %q) = %v, want %v", c.value, c.quoted, c.after, got, c.want)
		}
	}
}

func TestReferenceOf(t *testing.T) {
	doc := "---\ndescription: d\n---\n" +
		"Then run /kit:ship.\n\n" + // literal: a slash command
		"Load the kit:style skill first.\n\n" + // literal: a skill, said so
		"Each record has a kind, kit:card or kit:panel.\n\n" + // value: a data format's tag
		"Write between <!-- kit:begin --> and <!-- kit:end -->.\n\n" + // marker
		"Mark it //kit:keep so the tool leaves it.\n\n" + // code
		"## /kit:old-name\n\n" + // mention: a heading
		"Invoked by /kit:release.\n\n" + // mention: an invoked-by note
		"Next, run /kit:step-{n}.\n" // placeholder tail
	p := plugin(map[string]string{"commands/c.md": doc})
	f := p.File("commands/c.md")
	ex := Examples.Of(lint.Unchecked(p), f)
	for _, c := range []struct {
		tok  string
		want NameKind
	}{
		{"kit:ship", NameLiteral}, {"kit:style", NameLiteral}, {"kit:card", NameValue},
		{"kit:begin", NameMarker}, {"kit:keep", NameCode}, {"kit:old-name", NameMention},
		{"kit:release", NameMention}, {"kit:step-", NamePlaceholder},
	} {
		off := at(t, f, c.tok, 0)
		if got := ReferenceOf(f, ex, off, off+len(c.tok)); got != c.want {
			t.Errorf("ReferenceOf(%q) = %v, want %v", c.tok, got, c.want)
		}
	}
}

func TestPathRoleAt(t *testing.T) {
	doc := "---\ndescription: d\n---\n" +
		"Run ${CLAUDE_PLUGIN_ROOT}/scripts/check.sh.\n" +
		"Back up the file to ${CLAUDE_PLUGIN_ROOT}/state/a.json.bak first.\n" +
		"Create the folder ${CLAUDE_PLUGIN_ROOT}/runs/ for the notes.\n" +
		"`mkdir -p ${CLAUDE_PLUGIN_ROOT}/cache`\n" +
		"`echo ok > ${CLAUDE_PLUGIN_ROOT}/last.txt`\n" +
		"`cp notes.md ${CLAUDE_PLUGIN_ROOT}/keep.md`\n" +
		"`cp ${CLAUDE_PLUGIN_ROOT}/tpl.md notes.md`\n" +
		"Follow [the PR template](.github/pull_request_template.md).\n" +
		"Open [the config](config/app.yaml) in your project.\n" +
		"Check that `${CLAUDE_PLUGIN_ROOT}/LICENSE` exists.\n" +
		"| `${CLAUDE_PLUGIN_ROOT}/CHANGELOG.md` has an entry for this version | 1 |\n" +
		"- [ ] `${CLAUDE_PLUGIN_ROOT}/tests/` holds a test per command\n" +
		"| Read `${CLAUDE_PLUGIN_ROOT}/docs/rules.md` first | 1 |\n" +
		"- [ ] Run `${CLAUDE_PLUGIN_ROOT}/bin/lint` and it passes\n"
	p := plugin(map[string]string{"commands/c.md": doc})
	f := p.File("commands/c.md")
	for _, c := range []struct {
		path string
		want PathRole
	}{
		{"${CLAUDE_PLUGIN_ROOT}/scripts/check.sh", Shipped},
		{"${CLAUDE_PLUGIN_ROOT}/state/a.json.bak", Created},
		{"${CLAUDE_PLUGIN_ROOT}/runs/", Created},
		{"${CLAUDE_PLUGIN_ROOT}/cache", Created},
		{"${CLAUDE_PLUGIN_ROOT}/last.txt", Created},
		{"${CLAUDE_PLUGIN_ROOT}/keep.md", Created},
		{"${CLAUDE_PLUGIN_ROOT}/tpl.md", Shipped}, // the source of a copy must exist
		{".github/pull_request_template.md", Project},
		{"config/app.yaml", Project},
		{"${CLAUDE_PLUGIN_ROOT}/LICENSE", Criterion},
		{"${CLAUDE_PLUGIN_ROOT}/CHANGELOG.md", Criterion},
		{"${CLAUDE_PLUGIN_ROOT}/tests/", Criterion},
		{"${CLAUDE_PLUGIN_ROOT}/docs/rules.md", Shipped}, // told to read, in a rubric row
		{"${CLAUDE_PLUGIN_ROOT}/bin/lint", Shipped},      // run, in a checklist item
	} {
		off := at(t, f, c.path, 0)
		if got := PathRoleAt(f, off, off+len(c.path), strings.TrimPrefix(c.path, "${CLAUDE_PLUGIN_ROOT}/")); got != c.want {
			t.Errorf("PathRoleAt(%q) = %v, want %v", c.path, got, c.want)
		}
	}
	for dest, want := range map[string]bool{"url": true, "project-url": true, "LICENSE": false, "guide.md": false} {
		if PlaceholderLink(dest) != want {
			t.Errorf("PlaceholderLink(%q) = %v, want %v", dest, !want, want)
		}
	}
}

func TestOutputDocument(t *testing.T) {
	p := plugin(map[string]string{
		"skills/w/SKILL.md":               "---\nname: w\ndescription: d\n---\nFill in assets/page.md.\n",
		"skills/w/assets/page.md":         "# [Name](LICENSE)\n",
		"skills/w/references/guide.md":    "# Guide\n",
		"skills/w/references/template.md": "# T\n",
	})
	for rel, want := range map[string]bool{"skills/w/assets/page.md": true, "skills/w/references/guide.md": false,
		"skills/w/references/template.md": true, "skills/w/SKILL.md": false} {
		if got := OutputDocument(p, p.File(rel)); got != want {
			t.Errorf("OutputDocument(%s) = %v, want %v", rel, got, want)
		}
	}
}

func TestToldToRead(t *testing.T) {
	p := plugin(map[string]string{
		"skills/w/SKILL.md": "---\nname: w\ndescription: d\n---\nRead [api](references/api.md). " +
			"For forms, read references/forms.md. Each phase follows phases/<phase>/GUIDE.md.\n",
		"skills/w/references/api.md":    "Read [deep](deep.md) first. The limits are fixed. See also\n[aside](aside.md).\n",
		"skills/w/references/deep.md":   "Deep.\n",
		"skills/w/references/aside.md":  "Aside.\n",
		"skills/w/references/forms.md":  "Forms.\n",
		"skills/w/references/gemini.md": "For another tool only.\n",
		"skills/w/phases/one/GUIDE.md":  "One.\n",
		"skills/w/phases/two/GUIDE.md":  "Two.\n",
		"GEMINI.md":                     "@skills/w/references/gemini.md\n",
	})
	read := ToldToRead.Of(lint.Unchecked(p))
	for rel, want := range map[string]bool{
		"skills/w/SKILL.md": true, "skills/w/references/api.md": true, "skills/w/references/deep.md": true,
		"skills/w/references/forms.md": true, "skills/w/phases/one/GUIDE.md": true, "skills/w/phases/two/GUIDE.md": true,
		"skills/w/references/gemini.md": false, // only another tool's file names it
		"skills/w/references/aside.md":  false, // only a "See also" pointer names it
		"GEMINI.md":                     false,
	} {
		if got := read[p.File(rel)]; got != want {
			t.Errorf("told to read %s = %v, want %v", rel, got, want)
		}
	}
}

func TestHowRun(t *testing.T) {
	p := plugin(map[string]string{
		"skills/w/SKILL.md": "---\nname: w\ndescription: d\n---\nRun `python3 skills/w/scripts/find.py \"q\"`.\n" +
			"Then run `skills/w/scripts/tidy.py`.\nThe helper find.py keeps its cache in the temp folder.\n" +
			"Then execute skills/w/scripts/sort.py on the list.\nsort.py is also run as `python3 skills/w/scripts/sort.py`.\n" +
			"The helper only.py is described in its own docstring.\nInstall with `pip install -r skills/w/scripts/requirements.txt`.\n" +
			"Run `node skills/w/scripts/page.js`; the changelog lists:\n- `page.js` helper\n- **`tool` script** (bin/)\n" +
			"Source it with `. skills/w/scripts/env.py` or `bash skills/w/scripts/env.py`.\n",
		// a bare name at a line start is looked up on PATH: only bin/ is there
		"commands/c.md":             "---\ndescription: d\n---\n```bash\ntool --check\ncheck.js\n```\nRun `node skills/w/scripts/check.js` too, and `python3 bin/tool`.\n",
		"bin/tool":                  "#!/usr/bin/env python3\r\nprint(6)\r\n",
		"skills/w/scripts/check.js": "#!/usr/bin/env node\r\nconsole.log(7)\r\n",
		"skills/w/scripts/page.js":  "#!/usr/bin/env node\r\nconsole.log(8)\r\n",
		"skills/w/scripts/env.py":   "#!/usr/bin/env python3\r\nprint(9)\r\n",
		// a comment in a file the model reads names the script: no run
		"skills/w/scripts/requirements.txt": "# keep in sync with the header of find.py\nrequests\n",
		"skills/w/scripts/sort.py":          "#!/usr/bin/env python3\r\nprint(4)\r\n",
		"skills/w/scripts/only.py":          "#!/usr/bin/env python3\r\nprint(5)\r\n",
		"skills/w/scripts/find.py":          "#!/usr/bin/env python3\r\nprint(1)\r\n",
		"skills/w/scripts/tidy.py":          "#!/usr/bin/env python3\r\nprint(2)\r\n",
		"skills/w/scripts/lone.py":          "#!/usr/bin/env python3\r\nprint(3)\r\n",
	})
	read := ToldToRead.Of(lint.Unchecked(p))
	for rel, want := range map[string]ScriptRuns{"skills/w/scripts/find.py": {Reader: true}, "skills/w/scripts/tidy.py": {Kernel: true},
		"skills/w/scripts/lone.py": {}, "skills/w/scripts/sort.py": {Kernel: true, Reader: true}, "skills/w/scripts/only.py": {},
		"skills/w/scripts/page.js": {Reader: true}, "skills/w/scripts/check.js": {Reader: true},
		"bin/tool": {Kernel: true, Reader: true}, "skills/w/scripts/env.py": {Shell: true}} {
		if got := HowRun(p, read, p.File(rel)); got != want {
			t.Errorf("HowRun(%s) = %+v, want %+v", rel, got, want)
		}
	}
}

func TestOptionalAt(t *testing.T) {
	p := plugin(map[string]string{
		"commands/a.md": "---\ndescription: d\n---\nDispatch the personal tidy-writer agent. If it is not available, tidy it yourself.\n",
		"commands/b.md": "---\ndescription: d\n---\nDispatch the personal tidy-writer agent and wait for it.\n",
		// a fallback for a missing plugin: its agent's bare name fails anyway
		"commands/c.md": "---\ndescription: d\n---\nIf the writers plugin is not installed, do it yourself.\n\nsubagent_type: tidy-writer\n",
		// "fallback" as a noun of the task, not a fallback for the agent
		"commands/d.md": "---\ndescription: d\n---\nsubagent_type: tidy-writer\nprompt: add a fallback mechanism for the cache\n",
	})
	for rel, want := range map[string]bool{"commands/a.md": true, "commands/b.md": false, "commands/c.md": false, "commands/d.md": false} {
		f := p.File(rel)
		if got := OptionalAt(f, at(t, f, "tidy-writer", 0)); got != want {
			t.Errorf("OptionalAt(%s) = %v, want %v", rel, got, want)
		}
	}
}

func TestPathMentions(t *testing.T) {
	text := "Read forms.md. Run `./scripts/check.sh --all`, then skills/<phase>/GUIDE.md; see v1.2 and a.b.c " +
		"and ${CLAUDE_PLUGIN_ROOT}/hooks/run.py, not example.com nor file.mdx2.\n"
	got := strings.Join(pathMentions([]byte(text)), " ")
	want := "forms.md ./scripts/check.sh skills/<phase>/GUIDE.md hooks/run.py"
	if got != want {
		t.Errorf("pathMentions = %q, want %q", got, want)
	}
}
