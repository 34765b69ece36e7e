package snapshot

import (
	"bytes"
	"io/fs"
	"path"
	"sort"
	"sync"
	"unicode/utf8"
)

// File is one entry of the snapshot: a regular file, a directory or a symlink.
type File struct {
	Path string      // slash-separated, relative to the plugin root; "" is the root
	Abs  string      // absolute path on disk
	Mode fs.FileMode // from Lstat: symlinks are not followed
	Size int64
	Kind Kind

	// Link is a symlink's target as written; LinkAbs is where it resolves to
	// ("" when it dangles or loops).
	Link, LinkAbs string
	// LinkDir is set on a symlink whose target is a directory, and Walked
	// on such a link the snapshot walked into: its entries are listed
	// below the link's own path, as Claude Code sees them (walker.followLinks).
	LinkDir, Walked bool
	// Data is the content of a regular file that was read; nil otherwise.
	Data []byte
	// ReadErr is why a regular file could not be read; TooLarge marks files
	// over the size limit, which are not read.
	ReadErr  error
	TooLarge bool

	linesOnce sync.Once
	lines     []int // offsets of line starts

	fmOnce sync.Once
	fm     *Frontmatter
	mdOnce sync.Once
	md     *Markdown
	jsOnce sync.Once
	js     *JSON

	cache cache // analyses' results (Cached)
}

// IsDir reports whether the entry is a directory (not a symlink to one).
func (f *File) IsDir() bool { return f.Mode.IsDir() }

// IsSymlink reports whether the entry is a symbolic link.
func (f *File) IsSymlink() bool { return f.Mode&fs.ModeSymlink != 0 }

// IsRegular reports whether the entry is a regular file.
func (f *File) IsRegular() bool { return f.Mode.IsRegular() }

// Readable reports whether the file's content was read.
func (f *File) Readable() bool { return f.Data != nil }

// Base is the last element of Path.
func (f *File) Base() string { return path.Base(f.Path) }

// Dir is the slash-separated directory of Path ("." at the root).
func (f *File) Dir() string { return path.Dir(f.Path) }

// Pos is a 1-based line and column (in Unicode code points). Line 0 means
// the whole file or directory.
type Pos struct{ Line, Col int }

// Loc is a position inside one file of a plugin.
type Loc struct {
	Path string // relative to the plugin root, slash-separated
	Pos
}

func (f *File) lineStarts() []int {
	f.linesOnce.Do(func() {
		f.lines = []int{0}
		for i, b := range f.Data {
			if b == '\n' && i+1 <= len(f.Data) {
				f.lines = append(f.lines, i+1)
			}
		}
	})
	return f.lines
}

// NumLines is the number of lines (a final newline does not start a line).
func (f *File) NumLines() int {
	ls := f.lineStarts()
	n := len(ls)
	if n > 1 && ls[n-1] == len(f.Data) {
		n--
	}
	return n
}

// LineText returns line n (1-based) without its line ending.
func (f *File) LineText(n int) string {
	ls := f.lineStarts()
	if n < 1 || n > len(ls) {
		return ""
	}
	start, end := ls[n-1], len(f.Data)
	if n < len(ls) {
		end = ls[n] - 1
	}
	if end < start {
		end = start
	}
	return string(bytes.TrimSuffix(f.Data[start:end], []byte("\r")))
}

// LineOffset is the byte offset where line n starts (clamped to the file).
func (f *File) LineOffset(n int) int {
	ls := f.lineStarts()
	if n < 1 {
		return 0
	}
	if n > len(ls) {
		return len(f.Data)
	}
	return ls[n-1]
}

// PosOf converts a byte offset into a position inside the file.
func (f *File) PosOf(off int) Pos {
	if off < 0 {
		off = 0
	}
	if off > len(f.Data) {
		off = len(f.Data)
	}
	ls := f.lineStarts()
	i := sort.Search(len(ls), func(i int) bool { return ls[i] > off }) - 1
	if i < 0 {
		i = 0
	}
	// the end of a file that ends in a newline is the end of its last line
	return f.Clamp(Pos{Line: i + 1, Col: utf8.RuneCount(f.Data[ls[i]:off]) + 1})
}

// Clamp returns p moved inside the file: line within [1, NumLines] and
// column within the line (plus one past its end). Line 0 stays 0.
func (f *File) Clamp(p Pos) Pos {
	if p.Line <= 0 || f.Data == nil {
		return Pos{}
	}
	if p.Line > f.NumLines() && f.NumLines() > 0 {
		p = Pos{f.NumLines(), 1 << 30}
	}
	if n := f.NumLines(); p.Line > n {
		p.Line = n
		if p.Line < 1 {
			p.Line = 1
		}
	}
	max := utf8.RuneCountInString(f.LineText(p.Line)) + 1
	if p.Col < 1 {
		p.Col = 1
	}
	if p.Col > max {
		p.Col = max
	}
	return p
}

// At is the location of a byte offset.
func (f *File) At(off int) Loc { return Loc{f.Path, f.PosOf(off)} }

// Line is the location of column 1 of line n.
func (f *File) Line(n int) Loc { return Loc{f.Path, f.Clamp(Pos{n, 1})} }

// LineCol is the location of line n, column c.
func (f *File) LineCol(n, c int) Loc { return Loc{f.Path, f.Clamp(Pos{n, c})} }

// Whole is the location of the file as a whole (line 0).
func (f *File) Whole() Loc { return Loc{Path: f.Path} }
