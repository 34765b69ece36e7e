package pipeline

import (
	"io"
	"io/fs"
)

// Options select what to render and where.
type Options struct {
	Src  string // plugin-src directory, as shown in messages
	Dist string // dist directory
	// SrcFS overrides reading Src from disk (tests shuffle walk order with it).
	SrcFS fs.FS
	// TemplateFS overrides the embedded templates (tests).
	TemplateFS fs.FS
	// Variant restricts the build to one declared variant id.
	Variant string
	// Name and Dialect override the variant for a one-off build.
	Name, Dialect string
	// Out writes the single selected variant to this directory instead.
	Out string
	// UpdateBaseline makes Build record every variant's lint findings in
	// the baseline .plugforge.yaml names, instead of failing on them.
	UpdateBaseline bool
	// Report receives the lint gate's error findings, in plugforge lint's
	// text format, when they stop a build; nil discards them.
	Report io.Writer
}

// oneOff reports a build of one variant under another name, dialect or
// directory: it leaves the repository's README and marketplace alone.
func (o Options) oneOff() bool { return o.Name != "" || o.Dialect != "" || o.Out != "" }
