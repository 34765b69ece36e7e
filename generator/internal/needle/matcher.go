package needle

// Matcher finds every occurrence of a fixed set of literals in one pass
// over a text: an Aho-Corasick automaton compiled to a full transition
// table, so each byte costs one table load whatever the number of
// literals. Occurrences may overlap ("sk-" inside "sk-ant-" is reported
// for both).
type Matcher struct {
	next []int32   // next[state<<8|byte]: the next state <<8, bit 0 set if it ends a literal
	out  [][]int32 // out[state]: ids of the literals that end at this state
	lens []int     // lens[id]: the literal's length
}

// Len is the number of literals.
func (m *Matcher) Len() int { return len(m.lens) }

// Compile builds the matcher of lits; literal i gets id i. Empty literals
// match nothing.
func Compile(lits []string) *Matcher {
	m := &Matcher{lens: make([]int, len(lits))}
	// the trie: child[state<<8|byte] (0 = none; state 0 is the root)
	child := make([]int32, 256)
	m.out = [][]int32{nil}
	for id, l := range lits {
		m.lens[id] = len(l)
		if l == "" {
			continue
		}
		s := int32(0)
		for i := 0; i < len(l); i++ {
			k := int(s)<<8 | int(l[i])
			if child[k] == 0 {
				child[k] = int32(len(m.out))
				m.out = append(m.out, nil)
				child = append(child, make([]int32, 256)...)
			}
			s = child[k]
		}
		m.out[s] = append(m.out[s], int32(id))
	}
	// breadth first: a state's failure state is shallower, so its row of
	// delta is complete when the state's is filled in
	n := len(m.out)
	delta := make([]int32, n<<8) // delta[state<<8|byte]: the next state
	fail := make([]int32, n)
	queue := make([]int32, 0, n)
	for b := 0; b < 256; b++ {
		if c := child[b]; c != 0 {
			delta[b] = c
			queue = append(queue, c) // fail[c] = 0
		}
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		f := fail[s]
		m.out[s] = append(m.out[s], m.out[f]...)
		for b := 0; b < 256; b++ {
			k := int(s)<<8 | b
			if c := child[k]; c != 0 {
				fail[c] = delta[int(f)<<8|b]
				delta[k] = c
				queue = append(queue, c)
			} else {
				delta[k] = delta[int(f)<<8|b]
			}
		}
	}
	m.next = make([]int32, len(delta))
	for k, t := range delta {
		m.next[k] = t << 8
		if len(m.out[t]) > 0 {
			m.next[k] |= 1
		}
	}
	return m
}

// Each calls fn(id, start) for every occurrence in data, in order of
// their end.
func (m *Matcher) Each(data []byte, fn func(id, start int)) {
	// The inner loop is one table load and one test a byte: entries of
	// next hold the next state already shifted left by 8, with bit 0
	// set when that state ends a literal.
	next := m.next
	v := int32(0)
	for i, c := range data {
		v = next[v&^1|int32(c)]
		if v&1 != 0 {
			for _, id := range m.out[v>>8] {
				fn(int(id), i+1-m.lens[id])
			}
		}
	}
}
