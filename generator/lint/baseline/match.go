package baseline

// Matcher takes findings off a baseline's entries, each entry as many
// times as its count.
type Matcher struct {
	b    *Baseline
	left map[Key]int
}

// Matcher starts matching against b.
func (b *Baseline) Matcher() *Matcher {
	m := &Matcher{b: b, left: map[Key]int{}}
	for _, e := range b.Entries {
		m.left[e.Key] += e.Count
	}
	return m
}

// Take reports whether k is in the baseline with a count not yet used up,
// and uses one.
func (m *Matcher) Take(k Key) bool {
	if m.left[k] == 0 {
		return false
	}
	m.left[k]--
	return true
}

// Stale lists what no finding took, each entry with the count left, for
// the plugins linted: an entry of a plugin this run did not lint is not
// known to be fixed.
func (m *Matcher) Stale(linted map[string]bool) []Entry {
	var out []Entry
	for _, e := range m.b.Entries {
		if n := m.left[e.Key]; n > 0 && linted[e.Plugin] {
			out = append(out, Entry{Key: e.Key, Count: n})
			m.left[e.Key] = 0 // a key listed twice (by hand) is reported once
		}
	}
	return out
}

// Record makes a baseline at path of keys, one entry per key with its
// count, keeping from old (nil for none) the entries of plugins this run
// did not lint: updating the baseline of one variant leaves the others'.
func Record(path string, keys []Key, old *Baseline, linted map[string]bool) *Baseline {
	b := &Baseline{Path: path}
	var entries []Entry
	if old != nil {
		for _, e := range old.Entries {
			if !linted[e.Plugin] {
				entries = append(entries, e)
			}
		}
	}
	for _, k := range keys {
		entries = append(entries, Entry{Key: k, Count: 1})
	}
	b.add(entries)
	return b
}
