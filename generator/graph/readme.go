package graph

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
)

// The README block between these lines is generated. Each must stand alone
// on its line, so prose that quotes a marker inline is not mistaken for one.
const (
	StartMarker = "<!-- plugforge:graph:start -->"
	EndMarker   = "<!-- plugforge:graph:end -->"
)

// ErrNoMarkers reports a README without either marker: it opted out of the
// generated graph, which callers may treat as nothing to do.
var ErrNoMarkers = errors.New("no " + StartMarker + " / " + EndMarker + " lines")

// SyncReadme returns readme with the block between the markers replaced by
// a ```mermaid fence holding mermaid, and whether that changed any byte.
// A missing, repeated or misordered marker is an error (ErrNoMarkers when
// both are absent); readme is then returned unchanged.
func SyncReadme(readme []byte, mermaid string) ([]byte, bool, error) {
	if !strings.HasSuffix(mermaid, "\n") {
		mermaid += "\n"
	}
	out, changed, err := ReplaceBlock(readme, StartMarker, EndMarker, "```mermaid\n"+mermaid+"```\n")
	if errors.Is(err, errNoBlock) {
		return readme, false, ErrNoMarkers
	}
	return out, changed, err
}

var errNoBlock = errors.New("no marker lines")

// ReplaceBlock returns b with the lines between the start and end marker
// lines replaced by body, and whether any byte changed: the one way a
// generated README section (the workflow graph, the recorded "What works
// where" table) is kept. Each marker must stand alone on its line, once,
// start before end; otherwise b comes back unchanged with an error.
func ReplaceBlock(b []byte, start, end, body string) ([]byte, bool, error) {
	starts, ends := markerLines(b, start), markerLines(b, end)
	switch {
	case len(starts) == 0 && len(ends) == 0:
		return b, false, fmt.Errorf("%w: want one %s line and one %s line", errNoBlock, start, end)
	case len(starts) != 1 || len(ends) != 1:
		return b, false, fmt.Errorf("want exactly one %s line and one %s line, found %d and %d", start, end, len(starts), len(ends))
	case ends[0].start < starts[0].end:
		return b, false, fmt.Errorf("%s comes before %s", end, start)
	}
	if body != "" && !strings.HasSuffix(body, "\n") {
		body += "\n"
	}
	var out bytes.Buffer
	out.Write(b[:starts[0].end])
	out.WriteString(body)
	out.Write(b[ends[0].start:])
	return out.Bytes(), !bytes.Equal(out.Bytes(), b), nil
}

type span struct{ start, end int } // a line, end past its newline

// markerLines finds the lines that consist of marker alone (trailing space
// and a CR allowed).
func markerLines(b []byte, marker string) []span {
	var out []span
	for off := 0; off < len(b); {
		nl := bytes.IndexByte(b[off:], '\n')
		end := len(b)
		if nl >= 0 {
			end = off + nl + 1
		}
		if strings.TrimSpace(string(b[off:end])) == marker {
			out = append(out, span{off, end})
		}
		off = end
	}
	return out
}
