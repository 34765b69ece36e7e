// Command addrule starts a new lint rule: it gives the rule the next
// unused ID of its family, appends a stub to a rule file of
// generator/lint/rules, and writes the rule's two fixtures, one it must
// fire on and one it must not. The stub compiles but fails the tests
// (its fixture expects a finding it does not make yet, its Doc says TODO)
// until the rule is written.
//
//	go run ./generator/lint/addrule [-in FILE] FAMILY ALIAS
//	go run ./generator/lint/addrule hooks hook-timeout-missing
//	go run ./generator/lint/addrule -in hooks_matchers.go hooks hook-matcher-empty
//
// Without -in the stub goes into the file that holds the family's newest
// rule. Run it from the repository root (or pass -rules DIR).
//
// It edits Go source only through go/parser and go/format and writes
// nothing but the rule file and the two fixture directories; it does not
// run tests or regenerate docs/rules.md.
package main
