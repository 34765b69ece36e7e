package corpus

import (
	"encoding/json"
	"fmt"
	"io"
)

// Saved is a finished measurement, so reviewers can re-tally it against an
// edited verdicts file without linting and validating hundreds of plugins
// again (the validator alone takes minutes).
type Saved struct {
	Repos     []string
	Plugins   []Plugin
	Validated bool
	Units     []Unit
}

// Save writes a measurement as JSON.
func Save(w io.Writer, c *Corpus, units []Unit, validated bool) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	return enc.Encode(Saved{Repos: c.Repos, Plugins: c.Plugins, Validated: validated, Units: units})
}

// Load reads what Save wrote; name is used in errors.
func Load(r io.Reader, name string) (*Corpus, []Unit, bool, error) {
	var s Saved
	if err := json.NewDecoder(r).Decode(&s); err != nil {
		return nil, nil, false, fmt.Errorf("%s: %w", name, err)
	}
	return &Corpus{Repos: s.Repos, Plugins: s.Plugins}, s.Units, s.Validated, nil
}
