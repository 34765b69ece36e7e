package snapshot

import (
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// fullParse is the Markdown of one full goldmark parse, as it was read
// before the blocks and inlines were parsed in two steps.
func fullParse(f *File) *Markdown {
	md := &Markdown{src: f.Data, data: f.Data}
	if fm := f.Frontmatter(); fm.Present {
		md.BodyStart = fm.BodyOffset
		md.src = blankOut(f.Data, fm.BodyOffset)
	}
	md.inlineOnce.Do(func() { md.walkAll(f, true) })
	for _, fe := range md.Fences {
		md.blocks = append(md.blocks, [2]int{fe.Offset, fe.End})
	}
	sort.Slice(md.blocks, func(i, j int) bool { return md.blocks[i][0] < md.blocks[j][0] })
	return md
}

// sameMarkdown fails unless the two-step parse of data reads exactly what
// a full parse does: headings, fences, links, and at every offset the
// code, code block and code span answers.
func sameMarkdown(t *testing.T, name string, data []byte) {
	t.Helper()
	want := fullParse(&File{Path: name, Data: data})
	got := (&File{Path: name, Data: data}).Markdown()
	if !reflect.DeepEqual(got.Headings, want.Headings) {
		t.Errorf("%s: headings\n got %+v\nwant %+v", name, got.Headings, want.Headings)
	}
	if !reflect.DeepEqual(got.Fences, want.Fences) {
		t.Errorf("%s: fences\n got %+v\nwant %+v", name, got.Fences, want.Fences)
	}
	if gl, wl := got.Links(), want.links; !reflect.DeepEqual(gl, wl) && len(gl)+len(wl) > 0 {
		t.Errorf("%s: links\n got %+v\nwant %+v", name, gl, wl)
	}
	for off := 0; off <= len(data); off++ {
		if got.InCodeBlock(off) != inRanges(want.blocks, off) || got.InCodeSpan(off) != inRanges(want.spans, off) ||
			got.InCode(off) != (inRanges(want.blocks, off) || inRanges(want.spans, off)) {
			t.Errorf("%s: offset %d: code %v/%v, span %v, want block %v span %v", name, off,
				got.InCode(off), got.InCodeBlock(off), got.InCodeSpan(off), inRanges(want.blocks, off), inRanges(want.spans, off))
			return
		}
	}
}

func TestTwoStepsReadWhatAFullParseReads(t *testing.T) {
	cases := map[string]string{
		"plain":       "# Title\n\ntext\n\n## Next  ##\n",
		"inline":      "## Run `make test` *now*\n\n### A <b>bold</b> &amp; <https://x.y> \\*not\\*\n",
		"reflink":     "## See [the spec]\n\n[the spec]: spec.md\n",
		"image":       "# ![logo](a.png) name\n\ntext [x](b.md#c) and ![y](c.png)\n",
		"setext":      "Title *one*\n===\n\ntwo\nlines\n---\n",
		"closing":     "## ends with \\#\n\n## x # #\n",
		"fences":      "```bash\nmake\n```\n\n    indented\n\n- item\n  ```\n  in item\n```\n",
		"unclosed":    "# H\n\n```\nno end\n",
		"frontmatter": "---\nname: x\n# not a heading\n---\n# Body `x`\n[l](y.md)\n",
		"emptyhead":   "#\n\n##   \n\n### `a`\n",
		"spans":       "a `b` c ``d ` e`` f\n\n> quote `g`\n",
		"html":        "<details>\n```\nx\n```\n</details>\n\n# after\n",
		"setextnest":  "> Quoted\n> ---\n\n- Item\n  ===\n\n- foo\n---\n\nPara\n   ==  \n",
		"crlf":        "# Title *x*\r\n\r\ntext `y`\r\n",
	}
	for name, src := range cases {
		sameMarkdown(t, name+".md", []byte(src))
	}
}

// TestTwoStepsOnPlugins does the same for every markdown file under the
// directories in PLUGFORGE_MD_DIRS (colon-separated; skipped when unset):
// real plugins hold the headings and fences no list of cases thinks of.
func TestTwoStepsOnPlugins(t *testing.T) {
	dirs := os.Getenv("PLUGFORGE_MD_DIRS")
	if dirs == "" {
		t.Skip("PLUGFORGE_MD_DIRS not set")
	}
	n := 0
	for _, dir := range strings.Split(dirs, ":") {
		_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".md") {
				return nil
			}
			data, err := os.ReadFile(p)
			if err == nil {
				n++
				sameMarkdown(t, p, data)
			}
			return nil
		})
	}
	t.Logf("%d markdown files", n)
}
