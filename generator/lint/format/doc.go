// Package format writes lint findings for people and machines:
//
//   - text:   path:line:col: severity: message (RULE), then the hint and, for
//     dist/ files, the source that produced the file; a summary line last;
//   - json:   one object, described by schemas/lint-output.schema.json;
//   - sarif:  SARIF 2.1.0 with rule metadata, as GitHub code scanning accepts;
//   - github: GitHub Actions workflow commands (::error file=…::message).
//
// It only formats: findings arrive sorted and filtered from generator/lint.
package format
