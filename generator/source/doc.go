// Package source loads plugin-src/ into the typed model. Decoding is strict:
// an unknown key, a wrong type, a missing required field, a value outside a
// closed set or a YAML syntax error is an error of the form "file:line: msg".
//
// An imported plugin (plugin.yaml output.exact) is read as written: a
// markdown component is a whole-file template whose frontmatter is decoded
// leniently (for names and descriptions only), names need not be
// kebab-case, and files under raw/ are taken as bytes. The typed path for
// plugforge's own sources stays strict.
//
// It reads files and decodes them; it does not execute templates (see
// generator/render) and never writes anything.
package source
