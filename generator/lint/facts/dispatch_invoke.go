package facts

import (
	"github.com/plugforge/plugforge/generator/lazyre"
)

// The tool-call markup of the Messages API written out in a document:
//
//	<invoke name="Task">
//	<parameter name="subagent_type">Explore</parameter>
//	<parameter name="resume">a779035</parameter>
//	</invoke>
//
// Some plugins teach dispatch by showing the call as the model emits it.
// It is the tag form's sibling (Form tag): the same parameters, written as
// child elements instead of attributes.

// invokeRE finds an <invoke name="Task|Agent"> element up to its close.
var invokeRE = lazyre.New(`(?s)<invoke\s+name="(Task|Agent)"\s*>(.*?)</invoke>`)

// invokeParamRE reads one <parameter name="k">v</parameter> child.
var invokeParamRE = lazyre.New(`(?s)<parameter\s+name="([a-z_]+)"\s*>(.*?)</parameter>`)

var invokeNeedles = NewNeedles(`<invoke name="Task"`, `<invoke name="Agent"`)

// invokes reads every Task or Agent call written as <invoke> markup.
func (s *scan) invokes() {
	d := s.f.Data
	for _, m := range invokeNeedles.FindAll(invokeRE, s.f) {
		if s.isUsed(m[0]) || m[0] < s.md.BodyStart {
			continue
		}
		tool := string(d[m[2]:m[3]])
		st := Site{Tool: tool, Form: FormTag, Off: m[0] + 1, Kind: Spawn}
		body := d[m[4]:m[5]]
		for _, p := range invokeParamRE.FindAllSubmatchIndex(body, -1) {
			key, raw, off := string(body[p[2]:p[3]]), string(body[p[4]:p[5]]), m[4]+p[4]
			st.Params = append(st.Params, Param{Key: key, Value: raw, Line: s.f.PosOf(off).Line})
			switch key {
			case "subagent_type":
				st.Agent = makeName(raw, off, false)
			case "resume":
				st.Target = makeName(raw, off, false)
			}
		}
		if st.Agent.Kind == NameNone {
			continue
		}
		if _, ok := st.Param("resume"); ok && tool == "Task" {
			st.Kind = Continue
		}
		s.use(m[0], m[1])
		s.add(st)
	}
}
