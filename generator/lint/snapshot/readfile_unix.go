//go:build unix

package snapshot

import (
	"io/fs"
	"syscall"
)

// readFile is os.ReadFile for a regular file whose size the walk already
// knows, in four system calls (open, read, the read that finds the end,
// close) where os.ReadFile makes about nine: it also asks for the size
// and registers the file with the runtime's poller, which refuses a
// regular file. A lint reads every file of the plugin (223 for upstream
// iflow), so that was a thousand calls. Errors are os.ReadFile's:
// *fs.PathError around the errno.
func readFile(path string, size int64) ([]byte, error) {
	var fd int
	var err error
	for {
		fd, err = syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	defer syscall.Close(fd)
	// One byte more than the size, so the first read can come back short
	// and the second find the end; a file that grew since the walk is
	// read to its end all the same.
	data := make([]byte, 0, max(size, 0)+1)
	for {
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
		n, err := syscall.Read(fd, data[len(data):cap(data)])
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, &fs.PathError{Op: "read", Path: path, Err: err}
		}
		if n <= 0 {
			return data, nil
		}
		data = data[:len(data)+n]
	}
}
