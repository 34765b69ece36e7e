package facts

import (
	"path"
	"strings"

	"github.com/plugforge/plugforge/generator/lazyre"
)

// The Required Artifacts block of a fresh dispatch (document 002, I1/I7/I8):
//
//	## Required Artifacts
//	You MUST read the following files before beginning your review.
//	After reading, confirm: "Files read: {name} ({N} lines), ..." in a single line.
//	{resolved PRD line from I8}
//	- Spec: {feature_path}/spec.md

// Canon is the canonical artifact order.
var Canon = []string{"prd.md", "spec.md", "design.md", "plan.md", "tasks.md"}

var labelFile = map[string]string{"prd": "prd.md", "spec": "spec.md", "specification": "spec.md",
	"design": "design.md", "plan": "plan.md", "tasks": "tasks.md", "task": "tasks.md"}

func CanonIndex(file string) int {
	for i, c := range Canon {
		if c == file {
			return i
		}
	}
	return -1
}

var (
	mustRE = lazyre.New(`^You MUST read the following files before beginning your \S+\.$`)
	itemRE = lazyre.New(`^- ([^:]+):\s*(\S.*)$`)
)

type ArtifactItem struct {
	Line  int
	Text  string
	File  string // artifact file name ("spec.md"), "" when unknown
	Valid bool   // a "- Label: path" line or the I8 PRD placeholder
}

type Artifacts struct {
	Sec                     *Section
	MustLine, FilesReadLine int
	Items                   []ArtifactItem
}

// readArtifacts parses the Required Artifacts section of a prompt, or nil.
func readArtifacts(secs []Section) *Artifacts {
	s := SectionNamed(secs, "Required Artifacts")
	if s == nil {
		return nil
	}
	a := &Artifacts{Sec: s}
	started := false
	for _, l := range s.Body {
		t := strings.TrimSpace(l.Text)
		if t == "" && started {
			break // the block is the section's first paragraph; checklists and schemas may follow
		}
		started = started || t != ""
		switch {
		case t == "":
		case mustRE.MatchString(t):
			a.MustLine = l.Line
		case strings.Contains(t, "Files read:"):
			a.FilesReadLine = l.Line
		case Placeholder(t) && (strings.Contains(t, "PRD") || strings.Contains(t, "I8")):
			a.Items = append(a.Items, ArtifactItem{l.Line, t, "prd.md", true})
		default:
			it := ArtifactItem{Line: l.Line, Text: t}
			if m := itemRE.FindStringSubmatch(t); m != nil {
				it.Valid = true
				if base := path.Base(strings.TrimSpace(m[2])); CanonIndex(base) >= 0 {
					it.File = base
				} else if f, ok := labelFile[strings.ToLower(strings.TrimSpace(m[1]))]; ok {
					it.File = f
				} else if strings.HasSuffix(base, ".md") {
					it.File = base
				}
			}
			a.Items = append(a.Items, it)
		}
	}
	return a
}

var targetRE = lazyre.New(`\{content of ([^{}\s,]+\.md)`)

// ReviewTarget is the file a fresh prompt reviews inline: a section
// "## X (what you're reviewing)" holding {content of x.md}.
func ReviewTarget(secs []Section) (string, int) {
	for _, s := range secs {
		h := strings.ToLower(strings.ReplaceAll(s.Heading, "’", "'"))
		if !strings.Contains(h, "what you're reviewing") {
			continue
		}
		for _, l := range s.Body {
			if m := targetRE.FindStringSubmatch(l.Text); m != nil {
				return path.Base(m[1]), s.Line
			}
		}
	}
	return "", 0
}
