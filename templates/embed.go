// Package templates embeds the text/template sources plugforge renders the
// plugin with. It only exposes the files: parsing, functions and execution
// live in generator/render. The package exists because go:embed cannot
// reach a parent directory.
package templates

import "embed"

// FS holds every *.tmpl file, by path relative to this directory.
//
//go:embed */*.tmpl
var FS embed.FS
