package formrec

import (
	"bytes"
	"fmt"
	"os"
	"strings"

	"github.com/plugforge/plugforge/generator/model"
)

// UnrecordedGone lists the protocol's unrecorded fragments that the CLI
// binary at path no longer holds. Those fragments are texts no probe has
// provoked (interactive-only or unreached paths): their only evidence is
// the binary, so a release without them has dropped the form. A fragment
// that starts with the continuation tool's name is matched without it,
// since the CLI composes "<tool> is disabled for this session" at run time.
func UnrecordedGone(path string, p *model.Protocol) ([]string, error) {
	bin, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("formrec: %w", err)
	}
	var gone []string
	for _, f := range p.Forms {
		for _, q := range f.Unrecorded {
			rest := strings.TrimPrefix(q, p.Continue.Tool)
			if !bytes.Contains(bin, []byte(q)) && (rest == q || !bytes.Contains(bin, []byte(rest))) {
				gone = append(gone, fmt.Sprintf("form %s: %q", f.Name, q))
			}
		}
	}
	return gone, nil
}
