package rules

import (
	"path"
	"regexp"
	"strings"

	"github.com/plugforge/plugforge/generator/lint"
)

// The Required Artifacts block of a fresh dispatch (document 002, I1/I7/I8):
//
//	## Required Artifacts
//	You MUST read the following files before beginning your review.
//	After reading, confirm: "Files read: {name} ({N} lines), ..." in a single line.
//	{resolved PRD line from I8}
//	- Spec: {feature_path}/spec.md

// dpCanon is the canonical artifact order.
var dpCanon = []string{"prd.md", "spec.md", "design.md", "plan.md", "tasks.md"}

var dpLabelFile = map[string]string{"prd": "prd.md", "spec": "spec.md", "specification": "spec.md",
	"design": "design.md", "plan": "plan.md", "tasks": "tasks.md", "task": "tasks.md"}

func dpCanonIndex(file string) int {
	for i, c := range dpCanon {
		if c == file {
			return i
		}
	}
	return -1
}

var (
	dpMustRE = regexp.MustCompile(`^You MUST read the following files before beginning your \S+\.$`)
	dpItemRE = regexp.MustCompile(`^- ([^:]+):\s*(\S.*)$`)
)

type dpItem struct {
	Line  int
	Text  string
	File  string // artifact file name ("spec.md"), "" when unknown
	Valid bool   // a "- Label: path" line or the I8 PRD placeholder
}

type dpArtifacts struct {
	Sec                     *dpSection
	MustLine, FilesReadLine int
	Items                   []dpItem
}

// dpReadArtifacts parses the Required Artifacts section of a prompt, or nil.
func dpReadArtifacts(secs []dpSection) *dpArtifacts {
	s := dpSectionNamed(secs, "Required Artifacts")
	if s == nil {
		return nil
	}
	a := &dpArtifacts{Sec: s}
	started := false
	for _, l := range s.Body {
		t := strings.TrimSpace(l.Text)
		if t == "" && started {
			break // the block is the section's first paragraph; checklists and schemas may follow
		}
		started = started || t != ""
		switch {
		case t == "":
		case dpMustRE.MatchString(t):
			a.MustLine = l.Line
		case strings.Contains(t, "Files read:"):
			a.FilesReadLine = l.Line
		case dpPlaceholder(t) && (strings.Contains(t, "PRD") || strings.Contains(t, "I8")):
			a.Items = append(a.Items, dpItem{l.Line, t, "prd.md", true})
		default:
			it := dpItem{Line: l.Line, Text: t}
			if m := dpItemRE.FindStringSubmatch(t); m != nil {
				it.Valid = true
				if base := path.Base(strings.TrimSpace(m[2])); dpCanonIndex(base) >= 0 {
					it.File = base
				} else if f, ok := dpLabelFile[strings.ToLower(strings.TrimSpace(m[1]))]; ok {
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

var dpTargetRE = regexp.MustCompile(`\{content of ([^{}\s,]+\.md)`)

// dpReviewTarget is the file a fresh prompt reviews inline: a section
// "## X (what you're reviewing)" holding {content of x.md}.
func dpReviewTarget(secs []dpSection) (string, int) {
	for _, s := range secs {
		h := strings.ToLower(strings.ReplaceAll(s.Heading, "’", "'"))
		if !strings.Contains(h, "what you're reviewing") {
			continue
		}
		for _, l := range s.Body {
			if m := dpTargetRE.FindStringSubmatch(l.Text); m != nil {
				return path.Base(m[1]), s.Line
			}
		}
	}
	return "", 0
}

// dpEachArtifacts calls fn for every fresh block with Required Artifacts.
func dpEachArtifacts(pass *lint.Pass, fn func(df *dpFile, b *dpBlock, secs []dpSection, a *dpArtifacts)) {
	df := dpParse(pass.File)
	for _, b := range df.Blocks {
		if !b.Fresh() {
			continue
		}
		if b.Arts != nil {
			fn(df, b, b.Sections, b.Arts)
		}
	}
}

var dispatchArtifactRules = []lint.Rule{
	{
		ID: "DP002", Alias: "artifacts-directive-missing", Family: famDispatch, Severity: lint.Error, Kinds: markdownKinds,
		Title: `mandatory-read line or "Files read:" directive missing from a Required Artifacts block`,
		Doc: doc(`A lazy-loaded artifact is only a path: the subagent reads it only if told it MUST
(document 002, TD1), and the orchestrator can only notice a skipped read if the subagent confirms
its reads in one "Files read:" line (I9). Both header lines belong at the top of every Required
Artifacts block.`,
			"## Required Artifacts\n- Spec: {feature_path}/spec.md",
			"## Required Artifacts\nYou MUST read the following files before beginning your review.\nAfter reading, confirm: \"Files read: {name} ({N} lines), ...\" in a single line.\n- Spec: {feature_path}/spec.md"),
		Check: func(pass *lint.Pass) {
			dpEachArtifacts(pass, func(df *dpFile, b *dpBlock, _ []dpSection, a *dpArtifacts) {
				if a.MustLine == 0 {
					pass.Reportf(pass.File.Line(a.Sec.Line), `add "You MUST read the following files before beginning your review." under the heading`,
						"the Required Artifacts block of %s has no mandatory-read line; the subagent may skip the files", dpWho(df, b))
				}
				if a.FilesReadLine == 0 {
					pass.Reportf(pass.File.Line(a.Sec.Line), `add: After reading, confirm: "Files read: {name} ({N} lines), ..." in a single line.`,
						"the Required Artifacts block of %s has no \"Files read:\" directive; skipped reads go unnoticed", dpWho(df, b))
				}
			})
		},
	},
	{
		ID: "DP003", Alias: "artifacts-item-malformed", Family: famDispatch, Severity: lint.Warning, Kinds: markdownKinds,
		Title: "line in a Required Artifacts block that is not an artifact item",
		Doc: doc(`Each artifact is one "- Label: path" line, or the resolved PRD line of document
002's I8 ({resolved PRD line from I8}), so that the subagent gets an exact path to read and the
list can be checked against the role's artifact map. Prose or pasted content inside the block
defeats both.`,
			"## Required Artifacts\n...\nRead the spec at {feature_path}/spec.md",
			"## Required Artifacts\n...\n- Spec: {feature_path}/spec.md"),
		Check: func(pass *lint.Pass) {
			dpEachArtifacts(pass, func(df *dpFile, b *dpBlock, _ []dpSection, a *dpArtifacts) {
				for _, it := range a.Items {
					if !it.Valid {
						pass.Reportf(pass.File.Line(it.Line), `write it as "- Label: path", or move it out of Required Artifacts`,
							"line %s in the Required Artifacts of %s is not an artifact item", lint.Quote(it.Text), dpWho(df, b))
					}
				}
			})
		},
	},
	{
		ID: "DP004", Alias: "artifacts-order", Family: famDispatch, Severity: lint.Warning, Kinds: markdownKinds,
		Title: "artifacts out of the canonical order PRD, Spec, Design, Plan, Tasks, or listed twice",
		Doc: doc(`Every dispatch lists its artifacts in one order — PRD, Spec, Design, Plan, Tasks —
so that prompts of different roles share text, reviewers read upstream documents before
downstream ones, and a missing or duplicated entry is easy to see.`,
			"- Design: {feature_path}/design.md\n- Spec: {feature_path}/spec.md",
			"- Spec: {feature_path}/spec.md\n- Design: {feature_path}/design.md"),
		Check: func(pass *lint.Pass) {
			dpEachArtifacts(pass, func(df *dpFile, b *dpBlock, _ []dpSection, a *dpArtifacts) {
				seen := map[string]bool{}
				last := -1
				for _, it := range a.Items {
					k := dpCanonIndex(it.File)
					if k < 0 {
						continue
					}
					switch {
					case seen[it.File]:
						pass.Reportf(pass.File.Line(it.Line), "delete the repeated line", "%q is listed twice in the Required Artifacts of %s", it.File, dpWho(df, b))
					case k < last:
						pass.Reportf(pass.File.Line(it.Line), "list the artifacts as PRD, Spec, Design, Plan, Tasks",
							"%q is listed after %q in the Required Artifacts of %s", it.File, dpCanon[last], dpWho(df, b))
					}
					seen[it.File] = true
					last = max(last, k)
				}
			})
		},
	},
	{
		ID: "DP005", Alias: "artifacts-list-review-target", Family: famDispatch, Severity: lint.Warning, Kinds: markdownKinds,
		Title: "review target listed in Required Artifacts as well as inline",
		Doc: doc(`The artifact under review is given inline in a "## X (what you're reviewing)"
section. Listing it in Required Artifacts too makes the reviewer read it a second time
(document 002, I5 note: "do NOT add the review-target artifact to the Required Artifacts
block").`,
			"## Required Artifacts\n...\n- Spec: {feature_path}/spec.md\n\n## Spec (what you're reviewing)\n{content of spec.md}",
			"## Required Artifacts\n...\n{resolved PRD line from I8}\n\n## Spec (what you're reviewing)\n{content of spec.md}"),
		Check: func(pass *lint.Pass) {
			dpEachArtifacts(pass, func(df *dpFile, b *dpBlock, secs []dpSection, a *dpArtifacts) {
				target, at := dpReviewTarget(secs)
				if target == "" {
					return
				}
				for _, it := range a.Items {
					if it.File == target {
						pass.Reportf(pass.File.Line(it.Line), "delete the line: the review target is already in the prompt",
							"%q is the review target of %s (line %d) and is also listed in its Required Artifacts", target, dpWho(df, b), at)
					}
				}
			})
		},
	},
	dpMapRule,
}
