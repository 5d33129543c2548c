//go:build unix

package safefile

import (
	"fmt"
	"io/fs"
	"os"
	"syscall"
)

// keepOwner gives the new file the old one's owner and group, as far as
// the system permits (only root may give a file away; a user may set a
// group they belong to), and says what could not be kept.
func keepOwner(tmp *os.File, path string, old fs.FileInfo) []string {
	st, ok := old.Sys().(*syscall.Stat_t)
	if !ok {
		return nil
	}
	uid, gid := int(st.Uid), int(st.Gid)
	if tmp.Chown(uid, gid) == nil {
		return nil
	}
	// Not root: keep at least the group if we may.
	_ = tmp.Chown(-1, gid)
	now, err := tmp.Stat()
	if err != nil {
		return nil
	}
	nst, ok := now.Sys().(*syscall.Stat_t)
	if !ok {
		return nil
	}
	var lost []string
	if int(nst.Uid) != uid {
		lost = append(lost, fmt.Sprintf("owner (uid %d, now %d)", uid, nst.Uid))
	}
	if int(nst.Gid) != gid {
		lost = append(lost, fmt.Sprintf("group (gid %d, now %d)", gid, nst.Gid))
	}
	if len(lost) == 0 {
		return nil
	}
	msg := path + " could not keep its " + lost[0]
	if len(lost) > 1 {
		msg += " and " + lost[1]
	}
	return []string{msg}
}

// linkCount is the number of names the file has.
func linkCount(fi fs.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink)
	}
	return 1
}

// ForeignOwner reports the owner's uid of the file fi describes when that
// owner is neither the user running oncard nor root: a file another user
// may change at will, which must not decide what oncard does.
func ForeignOwner(fi fs.FileInfo) (uid int, foreign bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, false
	}
	uid = int(st.Uid)
	return uid, uid != 0 && uid != os.Geteuid()
}

// OpenToOthers reports whether anyone may replace the entries of the
// folder fi describes: it is writable by others and lacks the sticky bit
// (with it, as in /tmp, only an entry's owner may rename or remove it).
func OpenToOthers(fi fs.FileInfo) bool {
	return fi.IsDir() && fi.Mode().Perm()&0o002 != 0 && fi.Mode()&fs.ModeSticky == 0
}

// NotMine reports the owner's uid of the file fi describes when it is not
// the user running oncard (root included): a folder oncard keeps its own
// files in must be the user's.
func NotMine(fi fs.FileInfo) (uid int, notMine bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, false
	}
	return int(st.Uid), int(st.Uid) != os.Geteuid()
}

// OthersMayWrite reports whether a folder is writable by others (with or
// without the sticky bit): a file another user owns there may have been
// put there to be written over.
func OthersMayWrite(fi fs.FileInfo) bool {
	return fi.IsDir() && fi.Mode().Perm()&0o002 != 0
}
