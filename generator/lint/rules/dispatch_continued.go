package rules

import (
	"regexp"
	"strings"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
)

var dpLazyRE = regexp.MustCompile("LAZY-LOAD-WARNING:\\s*([^\\s`\"]+)")

// dpRoleMatches reports whether a role named in a log line (possibly a
// {placeholder}) fits the dispatch's role.
func dpRoleMatches(named, role string) bool {
	return named == role || facts.Placeholder(named)
}

var dispatchLazyRules = []lint.Rule{
	{
		ID: "DP007", Alias: "lazy-load-check-missing", Family: famDispatch, Severity: lint.Warning, Kinds: markdownKinds,
		Title: "fresh dispatch with Required Artifacts but no LAZY-LOAD-WARNING check after it",
		Doc: doc(`A subagent handed file paths may skip reading them. Document 002's I9 makes the
orchestrator check every such response for "Files read:" and, when it is missing, log
"LAZY-LOAD-WARNING: <role> did not confirm artifact reads" to .review-history.md. The paragraph
must follow each fresh dispatch that has a Required Artifacts block, in the same step (before
the next heading or the next dispatch of another role), and name the dispatched agent.`,
			"Agent tool call:\n  subagent_type: my:spec-reviewer\n  prompt: |\n    ## Required Artifacts\n    ...\n\n(no check follows)",
			"Agent tool call:\n  subagent_type: my:spec-reviewer\n  prompt: |\n    ## Required Artifacts\n    ...\n\nIf the response lacks \"Files read:\", log `LAZY-LOAD-WARNING: spec-reviewer did not confirm artifact reads`."),
		Requires: []lint.Analyzer{facts.Dispatches},
		Check: func(pass *lint.Pass) {
			df := facts.Dispatches.Of(pass, pass.File)
			for i, b := range df.Blocks {
				if !b.Fresh() || b.Artifacts == nil {
					continue
				}
				role := b.Agent()
				found, wrong, wrongName := false, 0, ""
				for n, end := b.EndLine+1, df.StepAfter(i); n <= end && !found; n++ {
					if df.InBlock(n) {
						continue
					}
					for _, m := range dpLazyRE.FindAllStringSubmatch(pass.File.LineText(n), -1) {
						if dpRoleMatches(m[1], role) {
							found = true
						} else if wrong == 0 {
							wrong, wrongName = n, m[1]
						}
					}
				}
				switch {
				case found:
				case wrong > 0:
					pass.Reportf(pass.File.Line(wrong), "name the agent the dispatch above starts",
						"the LAZY-LOAD-WARNING check names %q but follows the fresh dispatch of %q (line %d)", wrongName, role, b.Line)
				default:
					pass.Reportf(pass.File.Line(b.Line), "add the I9 check: search the response for \"Files read:\"; if absent, log `LAZY-LOAD-WARNING: "+role+" did not confirm artifact reads`",
						"fresh dispatch of %q lists Required Artifacts but no LAZY-LOAD-WARNING check follows it", role)
				}
			}
		},
	},
}

// dpHasArtifactsFor reports whether the file freshly dispatches role with a
// Required Artifacts block.
func dpHasArtifactsFor(df *facts.DispatchFile, role string) bool {
	for _, b := range df.Blocks {
		if b.Fresh() && b.Agent() == role && b.Artifacts != nil {
			return true
		}
	}
	return false
}

var dispatchContinuedRules = []lint.Rule{
	{
		ID: "DP008", Alias: "continued-lists-artifacts", Family: famDispatch, Severity: lint.Warning, Kinds: markdownKinds,
		Title: "continued dispatch that lists Required Artifacts again",
		Doc: doc(`A continued subagent (Task with resume:, or SendMessage) already has the artifacts
in its transcript. Listing them again makes it read every file a second time on each iteration
(document 001, TD6). Only a fresh fallback (I3) carries Required Artifacts.`,
			"SendMessage tool call:\n  to: {reviewer_id}\n  message: |\n    ## Required Artifacts\n    ...",
			"SendMessage tool call:\n  to: {reviewer_id}\n  message: |\n    You already have the upstream artifacts in context from your prior review.\n\n    ## Delta\n    {delta}"),
		Requires: []lint.Analyzer{facts.Dispatches},
		Check: func(pass *lint.Pass) {
			df := facts.Dispatches.Of(pass, pass.File)
			for _, b := range df.Blocks {
				if !b.Continued() {
					continue
				}
				if s := facts.SectionNamed(b.Sections, "Required Artifacts"); s != nil {
					pass.Reportf(pass.File.Line(s.Line), "delete the section: the continued subagent already has the files",
						"continued dispatch of %s lists Required Artifacts", dpWho(df, b))
				}
			}
		},
	},
	{
		ID: "DP009", Alias: "continued-context-directive", Family: famDispatch, Severity: lint.Warning, Kinds: markdownKinds,
		Title: "continued dispatch that does not open with the context directive",
		Doc: doc(`A continued prompt carries only the delta. It opens by telling the subagent what it
already holds ("You already have the upstream artifacts ... in context from your prior
review."), so that it works from its transcript instead of asking for or re-reading the files
(document 001, I2, I2-FV and TD6). Checked for subagents whose fresh dispatch in the same file
has Required Artifacts.`,
			"SendMessage tool call:\n  to: {reviewer_id}\n  message: |\n    ## Delta\n    {delta}",
			"SendMessage tool call:\n  to: {reviewer_id}\n  message: |\n    You already have the upstream artifacts in context from your prior review.\n\n    ## Delta\n    {delta}"),
		Requires: []lint.Analyzer{facts.Dispatches},
		Check: func(pass *lint.Pass) {
			df := facts.Dispatches.Of(pass, pass.File)
			for _, b := range df.Blocks {
				role := df.Role(b)
				if !b.Continued() || b.Prompt == nil || role == "" || !dpHasArtifactsFor(df, role) {
					continue
				}
				for _, l := range b.Prompt.Lines {
					if strings.TrimSpace(l.Text) == "" {
						continue
					}
					if !strings.HasPrefix(strings.TrimSpace(l.Text), "You already have the upstream artifacts") {
						pass.Reportf(pass.File.Line(l.Line), `start the prompt with "You already have the upstream artifacts ... in context from your prior review."`,
							"continued dispatch of %q opens with %s instead of the context directive", role, lint.Quote(strings.TrimSpace(l.Text)))
					}
					break
				}
			}
		},
	},
}

// dispatchSchemaRules is registered last, so that rules stay in ID order.
var dispatchSchemaRules = []lint.Rule{
	{
		ID: "DP018", Alias: "continued-schema-drift", Family: famDispatch, Severity: lint.Warning, Kinds: markdownKinds,
		Title: "continued dispatch whose JSON schema differs from the role's fresh dispatch",
		Doc: doc(`The continued prompt repeats the role's JSON return schema so the answer keeps its
shape (document 001, I2: "JSON schema is repeated"). If the copy drifts from the fresh prompt's
schema, iterations return different fields and the orchestrator's parsing breaks. The schemas
are compared with whitespace normalised.`,
			"fresh:     {\"approved\": true/false, \"issues\": [...], \"summary\": \"...\"}\ncontinued: {\"approved\": true/false, \"summary\": \"...\"}",
			"fresh:     {\"approved\": true/false, \"issues\": [...], \"summary\": \"...\"}\ncontinued: {\"approved\": true/false, \"issues\": [...], \"summary\": \"...\"}"),
		Requires: []lint.Analyzer{facts.Dispatches},
		Check: func(pass *lint.Pass) {
			df := facts.Dispatches.Of(pass, pass.File)
			fresh := map[string][]*facts.ReturnSchema{}
			for _, b := range df.Blocks {
				if b.Fresh() {
					if sc := b.Schema; sc != nil {
						fresh[b.Agent()] = append(fresh[b.Agent()], sc)
					}
				}
			}
			for _, b := range df.Blocks {
				role := df.Role(b)
				sc := b.Schema
				if !b.Continued() || sc == nil || len(fresh[role]) == 0 {
					continue
				}
				same := false
				for _, f := range fresh[role] {
					same = same || f.Normal() == sc.Normal()
				}
				if !same {
					pass.Reportf(pass.File.Line(sc.Lines[0].Line), "copy the schema of the fresh dispatch exactly",
						"the JSON schema of the continued dispatch of %q differs from its fresh dispatch's (line %d)", role, fresh[role][0].Lines[0].Line)
				}
			}
		},
	},
}
