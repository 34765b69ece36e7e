// Package source loads plugin-src/ into the typed model. Decoding is strict:
// an unknown key, a wrong type, a missing required field, a value outside a
// closed set or a YAML syntax error is an error of the form "file:line: msg".
//
// It reads files and decodes them; it does not execute templates (see
// generator/render) and never writes anything.
package source
