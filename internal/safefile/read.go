package safefile

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// Read reads the file at path under the cap c (a larger input is a
// *TooLargeError). It reads regular files, and also named pipes and
// character devices, so that `oncard validate <(cmd)` and /dev/stdin work;
// directories, sockets and block devices are refused with ErrNotRegular.
// Anything but a regular file is opened without blocking and read until
// ctx is cancelled at the latest. The FileInfo is that of the file read.
func Read(ctx context.Context, path string, c Cap) ([]byte, fs.FileInfo, error) {
	return read(ctx, path, c, false)
}

// Cap is how much a read may take: Max bytes, or, for an input over Max
// whose first bytes (up to HeadBytes of them) Grow says yes to, GrowMax:
// the cap follows the kind of document the input turns out to be, and an
// input of no kind that needs more is refused at Max, having read no more
// than that (a regular file's head alone).
type Cap struct {
	Max     int64
	Grow    func(head []byte) bool
	GrowMax int64
	// Into, when its capacity holds a regular file (and one byte more),
	// is the buffer the file is read into instead of a new one: a caller
	// that reads many files one after another reuses one buffer.
	Into []byte
}

// HeadBytes is how much of an input Cap.Grow sees at most.
const HeadBytes = 64 << 10

// ReadRegularCapped is ReadRegular under a Cap.
func ReadRegularCapped(ctx context.Context, path string, c Cap) ([]byte, fs.FileInfo, error) {
	return read(ctx, path, c, true)
}

// grows reports whether head (the first bytes of an input over c.Max)
// lets the input take c.GrowMax.
func (c Cap) grows(head []byte) bool {
	return c.Grow != nil && c.GrowMax > c.Max && c.Grow(head[:min(len(head), HeadBytes)])
}

// ReadRegular is Read for regular files only: a file oncard will write
// back, or one named by untrusted input (a catalog's file: URL), must not
// be a device or a pipe.
func ReadRegular(ctx context.Context, path string, max int64) ([]byte, fs.FileInfo, error) {
	return read(ctx, path, Cap{Max: max}, true)
}

func read(ctx context.Context, path string, c Cap, regularOnly bool) ([]byte, fs.FileInfo, error) {
	// The type is checked before opening (opening a pipe can block, opening
	// a tape device can rewind it), and again on what was opened, in case
	// the path was swapped between the two.
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	fi, err := os.Stat(path)
	if err != nil {
		// Named as the open it stands for ("open x: no such file").
		return nil, nil, &fs.PathError{Op: "open", Path: path, Err: unwrapPath(err)}
	}
	if err := readable(path, fi.Mode(), regularOnly); err != nil {
		return nil, nil, err
	}
	f, err := os.OpenFile(path, os.O_RDONLY|nonBlocking, 0)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	if fi, err = f.Stat(); err != nil {
		return nil, nil, err
	}
	if err := readable(path, fi.Mode(), regularOnly); err != nil {
		return nil, nil, err
	}
	if fi.Mode().IsRegular() {
		// O_NONBLOCK was for the open; a regular file is read as usual
		// (some file systems, FUSE ones, would answer EAGAIN).
		if err := blocking(f); err != nil {
			return nil, nil, &fs.PathError{Op: "read", Path: path, Err: err}
		}
		max := c.Max
		if fi.Size() > max && c.Grow != nil {
			head := make([]byte, min(fi.Size(), HeadBytes))
			n, _ := io.ReadFull(f, head)
			if c.grows(head[:n]) {
				max = c.GrowMax
			}
			if _, err := f.Seek(0, io.SeekStart); err != nil {
				return nil, nil, &fs.PathError{Op: "read", Path: path, Err: err}
			}
		}
		if fi.Size() > max {
			return nil, nil, &fs.PathError{Op: "read", Path: path, Err: &TooLargeError{Size: fi.Size(), Limit: max}}
		}
		data, err := readCappedSized(ctxReader{ctx, f}, max, fi.Size(), c.Into)
		if err != nil {
			if ctx.Err() != nil {
				return nil, nil, ctx.Err()
			}
			return nil, nil, &fs.PathError{Op: "read", Path: path, Err: unwrapPath(err)}
		}
		return data, fi, nil
	}
	data, err := readFrom(ctx, f, c)
	if err != nil {
		if ctx.Err() != nil {
			return nil, nil, err
		}
		return nil, nil, &fs.PathError{Op: "read", Path: path, Err: unwrapPath(err)}
	}
	return data, fi, nil
}

// readable checks the type of what path names (m, symlinks followed).
func readable(path string, m fs.FileMode, regularOnly bool) error {
	switch {
	case m.IsRegular():
		return nil
	case !regularOnly && (m&fs.ModeNamedPipe != 0 || m&fs.ModeCharDevice != 0):
		return nil
	}
	err := notRegular("open", path, m)
	// A symlink to a device says where it leads: "config.json is a
	// character device" would puzzle whoever sees a link there.
	if li, lerr := os.Lstat(path); lerr == nil && li.Mode()&fs.ModeSymlink != 0 {
		if to, terr := filepath.EvalSymlinks(path); terr == nil {
			err.(*fs.PathError).Err.(*kindError).via = to
		}
	}
	return err
}

// ctxReader ends a read of a regular file between two chunks once ctx is
// cancelled (a file on a slow network share, a very large one).
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p[:min(len(p), readChunk)])
}

// readChunk is how much a regular file's read takes at a time between two
// looks at the context.
const readChunk = 1 << 20

// ReadFrom reads r (standard input, a pipe) under the cap c (more is a
// *TooLargeError) and returns ctx's error as soon as ctx is cancelled,
// even while a read is waiting for input that never comes. The waiting
// read is then cut short when r supports deadlines (pipes, terminals);
// otherwise it is left to end with the process.
func ReadFrom(ctx context.Context, r io.Reader, c Cap) ([]byte, error) {
	return readFrom(ctx, r, c)
}

func readFrom(ctx context.Context, r io.Reader, c Cap) ([]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	type result struct {
		data []byte
		err  error
	}
	done := make(chan result, 1)
	go func() {
		data, err := readCapped(r, c.Max)
		var big *TooLargeError
		if errors.As(err, &big) && c.grows(data) {
			// The first bytes say the input may be larger: read on.
			var more []byte
			more, err = readCapped(r, c.GrowMax-int64(len(data)))
			data = append(data, more...)
			if errors.As(err, &big) {
				err = &TooLargeError{Size: -1, Limit: c.GrowMax}
			}
		}
		done <- result{data, err}
	}()
	select {
	case res := <-done:
		return res.data, res.err
	case <-ctx.Done():
		if d, ok := r.(interface{ SetReadDeadline(time.Time) error }); ok {
			_ = d.SetReadDeadline(time.Now())
		}
		return nil, ctx.Err()
	}
}

// readCapped reads r to its end but never more than max+1 bytes.
func readCapped(r io.Reader, max int64) ([]byte, error) {
	return readCappedSized(r, max, -1, nil)
}

// readCappedSized is readCapped for a reader whose size is known (-1 when
// it is not): the buffer is allocated once at that size instead of growing
// (and being copied) as io.ReadAll's does, which halves the peak memory of
// reading a large file. into is used instead when it has room for size+1
// bytes.
func readCappedSized(r io.Reader, max, size int64, into []byte) ([]byte, error) {
	var data []byte
	if size < 0 {
		var err error
		if data, err = io.ReadAll(io.LimitReader(r, max+1)); err != nil {
			return nil, err
		}
	} else {
		if need := min(size, max) + 1; int64(cap(into)) >= need { // +1: room to see the end
			data = into[:0]
		} else {
			data = make([]byte, 0, need)
		}
		for int64(len(data)) <= max {
			if len(data) == cap(data) {
				data = append(data, 0)[:len(data)] // the file grew while read
			}
			n, err := r.Read(data[len(data):min(int64(cap(data)), max+1)])
			data = data[:len(data)+n]
			if err == io.EOF {
				break
			}
			if err != nil {
				return nil, err
			}
		}
	}
	if int64(len(data)) > max {
		// The bytes read come along: a Cap may let the input grow.
		return data, &TooLargeError{Size: -1, Limit: max}
	}
	return data, nil
}

// unwrapPath drops an *fs.PathError's own path (the caller names it).
func unwrapPath(err error) error {
	if pe, ok := err.(*fs.PathError); ok {
		return pe.Err
	}
	return err
}
