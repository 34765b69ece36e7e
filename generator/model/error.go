package model

import "fmt"

// PosError is plugforge's one positional error: a problem at a line of a
// file, printed as "file:line: message" (or "file: message" when the
// whole file is meant). Every package that reports on a file it read —
// the plugin-src loader, the template engine, the lint configuration —
// returns this type, so callers match one type with errors.As.
//
// While YAML or JSON is decoded the decoder does not know its file yet: it
// returns a PosError without File, and its caller (generator/source, the
// importer) fills File in.
type PosError struct {
	File string // display path, e.g. plugin-src/roles.yaml; "" inside a decoder
	Line int    // 1-based; 0 for the file as a whole
	Msg  string
}

func (e *PosError) Error() string {
	switch {
	case e.File == "" && e.Line == 0:
		return e.Msg
	case e.File == "":
		return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
	case e.Line > 0:
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}
