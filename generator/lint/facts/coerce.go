package facts

import (
	"gopkg.in/yaml.v3"

	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// ReadAsText answers "does Claude Code take this frontmatter value as the
// text it is written as?" for the value at ptr of a component's
// frontmatter, where the schema asks for a string and YAML typed it
// otherwise: an unquoted number or boolean ("version: 1.0"), or an empty
// key ("argument-hint:"), which is no value at all. 2.1.330 registers such
// a skill, command or agent all the same and its validator accepts it
// (witnessed: a skill with "description: 123", "version: 1.0",
// "argument-hint: 5" and an empty key validates and is listed by
// system/init). Only such free-text fields count: the validator refuses
// a name or an allowed-tools entry that is not a string.
func ReadAsText(f *snapshot.File, ptr string) bool {
	if !f.Kind.IsComponent() || !textFields[ptr] {
		return false
	}
	n := snapshot.NodeAt(f.Frontmatter().Root, ptr, false)
	if n == nil || n.Kind != yaml.ScalarNode {
		return false
	}
	switch n.Tag {
	case "!!int", "!!float", "!!bool", "!!null":
		return true
	}
	return false
}

// textFields are the frontmatter fields witnessed to load as text.
var textFields = map[string]bool{"/description": true, "/version": true, "/argument-hint": true,
	"/when_to_use": true, "/when-to-use": true}

// EmptyAsAbsent answers "does Claude Code load this empty frontmatter key
// as if it were not written?" for the value at ptr of a component's
// frontmatter: a key with no value ("hooks:") is YAML null, which the
// schema refuses, but for the keys below 2.1.330 spawns the agent as if
// the key were left out (a recorded run, generator/lint/witness/testdata/
// CP015: the agent with empty model, hooks, initialPrompt and isolation
// gets the session's model and every tool; generator/lint/rules/testdata/
// _witness/CP018: a skill and a command with an empty allowed-tools are
// listed, and the validator accepts them). Not every key: an empty
// tools: gives the agent no tools at all, as a number there does (SC006's
// run), so it stays the schema rule's error.
func EmptyAsAbsent(f *snapshot.File, ptr string) bool {
	keys := emptyAsAbsent[f.Kind]
	if keys == nil || !keys[ptr] {
		return false
	}
	n := snapshot.NodeAt(f.Frontmatter().Root, ptr, false)
	return n != nil && n.Kind == yaml.ScalarNode && n.Tag == "!!null"
}

// emptyAsAbsent are the keys per kind witnessed to load empty as absent.
var emptyAsAbsent = map[snapshot.Kind]map[string]bool{
	snapshot.KindAgent: {"/model": true, "/hooks": true, "/initialPrompt": true, "/isolation": true},
	// allowed-tools grants tools without asking; empty, it grants none,
	// which is what leaving it out does.
	snapshot.KindSkill:   {"/allowed-tools": true},
	snapshot.KindCommand: {"/allowed-tools": true},
}

// ToleratedText answers "does Claude Code load this component as if a key
// the schema wants as a map were not written, when it is text?" for the
// value at ptr: a skill's metadata: written as a line of text
// ("metadata: author=x; license=MIT") rather than a map. 2.1.330 lists
// the skill and its validator accepts it (generator/lint/rules/testdata/
// _witness/CP018); Claude Code reads nothing from metadata, so nothing is
// lost. Only a non-empty scalar: other shapes were not run.
func ToleratedText(f *snapshot.File, ptr string) bool {
	if !toleratedText[f.Kind][ptr] {
		return false
	}
	n := snapshot.NodeAt(f.Frontmatter().Root, ptr, false)
	return n != nil && n.Kind == yaml.ScalarNode && n.Tag != "!!null"
}

// toleratedText are the map keys per kind witnessed to load given as text.
var toleratedText = map[snapshot.Kind]map[string]bool{
	snapshot.KindSkill: {"/metadata": true},
}
