package outtree

import "io/fs"

// File is a file to place in a variant directory.
type File struct {
	Path string // slash path inside the variant directory
	Data []byte
	Mode fs.FileMode
}
