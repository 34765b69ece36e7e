package snapshot

import (
	"sync"
	"sync/atomic"
)

// cache holds results computed from a file or a plugin, each computed at
// most once however many goroutines ask. generator/lint numbers the slots,
// one per analysis, so results are reached through typed analyses and
// never through a name.
type cache struct {
	mu    sync.Mutex
	cells []*cell // by slot; slots are small, dense numbers
}

type cell struct {
	once   sync.Once
	v      any
	panicV any // what the computation panicked with, re-raised for every caller
}

func (c *cache) get(slot int, fn func() any) any {
	c.mu.Lock()
	if slot >= len(c.cells) {
		c.cells = append(c.cells, make([]*cell, slot+1-len(c.cells))...)
	}
	ce := c.cells[slot]
	if ce == nil {
		ce = &cell{}
		c.cells[slot] = ce
	}
	c.mu.Unlock()
	ce.once.Do(func() {
		defer func() { ce.panicV = recover() }()
		ce.v = fn()
	})
	if ce.panicV != nil {
		panic(ce.panicV)
	}
	return ce.v
}

var slots atomic.Int64

// NewSlot numbers a new kind of cached result: every analysis of
// generator/lint has one, and so does plumbing that other analyses share
// (facts' needle index). Call it at package initialisation.
func NewSlot() int { return int(slots.Add(1)) }

// Cached returns fn's result for this file and slot, computing it once.
func (f *File) Cached(slot int, fn func() any) any { return f.cache.get(slot, fn) }

// Cached returns fn's result for this plugin and slot, computing it once.
func (p *Plugin) Cached(slot int, fn func() any) any { return p.cache.get(slot, fn) }
