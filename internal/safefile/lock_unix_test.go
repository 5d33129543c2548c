//go:build unix

package safefile

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A lock file planted as a symlink is never followed: the write is refused
// and the file the link points to is not created.
func TestLockRefusesSymlink(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "card.json")
	writeFile(t, p, "old", 0o644)
	elsewhere := filepath.Join(t.TempDir(), "created-by-oncard")
	if err := os.Symlink(elsewhere, filepath.Join(dir, ".card.json.oncard-lock")); err != nil {
		t.Fatal(err)
	}
	_, err := Write(context.Background(), p, []byte("new"), Options{})
	if !errors.Is(err, ErrLockRefused) || !strings.Contains(err.Error(), ".card.json.oncard-lock is a symlink; oncard does not use it") {
		t.Errorf("err = %v", err)
	}
	if _, err := os.Lstat(elsewhere); err == nil {
		t.Error("the symlink's target was created")
	}
	if readString(t, p) != "old" {
		t.Error("the file was written")
	}
}

// A lock file another user owns (or one that is not a regular file) is
// refused. Owning needs root, to give the file away.
func TestLockRefusesForeignLockFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "card.json")
	writeFile(t, p, "old", 0o644)
	lockPath := filepath.Join(dir, ".card.json.oncard-lock")
	if err := os.Mkdir(lockPath, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := Write(context.Background(), p, []byte("new"), Options{}); !errors.Is(err, ErrLockRefused) || !strings.Contains(err.Error(), "is a directory") {
		t.Errorf("a directory as the lock: %v", err)
	}
	if err := os.Remove(lockPath); err != nil {
		t.Fatal(err)
	}
	if os.Geteuid() != 0 {
		t.Skip("only root can give a file to another user")
	}
	writeFile(t, lockPath, "", 0o644)
	if err := os.Chown(lockPath, 65534, 65534); err != nil {
		t.Skip(err)
	}
	_, err := Write(context.Background(), p, []byte("new"), Options{})
	if !errors.Is(err, ErrLockRefused) || !strings.Contains(err.Error(), "is owned by another user (uid 65534)") {
		t.Errorf("another user's lock: %v", err)
	}
	if readString(t, p) != "old" {
		t.Error("the file was written")
	}
}

// A writer behind a holder that never lets go (stopped with Ctrl-Z) says
// whose lock it waits for and gives up with a clear message, instead of
// waiting for ever. The holder here never releases, so the outcome does
// not depend on timing; the limits are shortened so that the test is quick.
func TestLockWaitSaysWhoAndGivesUp(t *testing.T) {
	noticeAfter, limit := lockNoticeAfter, lockWaitLimit
	lockNoticeAfter, lockWaitLimit = 0, 50*time.Millisecond
	t.Cleanup(func() { lockNoticeAfter, lockWaitLimit = noticeAfter, limit })

	p := filepath.Join(t.TempDir(), "card.json")
	writeFile(t, p, "old", 0o644)
	release, err := lock(context.Background(), p, p)
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	var notices []string
	// The deadline only turns a writer that would wait for ever into a
	// failure of this test.
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	ctx = WithLockNotice(ctx, func(msg string) { notices = append(notices, msg) })
	_, err = Write(ctx, p, []byte("new"), Options{})
	pid := fmt.Sprintf("pid %d", os.Getpid())
	if !errors.Is(err, ErrLockTimeout) || !strings.Contains(err.Error(), pid+" has held it for ") {
		t.Errorf("err = %v", err)
	}
	if want := "waiting for the lock of " + pid + " on " + p; len(notices) != 1 || notices[0] != want {
		t.Errorf("notices %q, want %q", notices, want)
	}
	if readString(t, p) != "old" {
		t.Error("written without the lock")
	}
}

// A file another user owns in a folder others may write (/tmp), or a
// symlink they own there, is replaced only with --force
// (ReplaceReadOnly): it may have been planted for oncard to write over.
// Needs root, to give files away.
func TestForeignFileInOpenFolderNeedsForce(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("only root can give a file to another user")
	}
	shared := t.TempDir()
	if err := os.Chmod(shared, 0o777|os.ModeSticky); err != nil {
		t.Fatal(err)
	}
	theirs := filepath.Join(shared, "card.json")
	writeFile(t, theirs, "theirs", 0o666)
	if err := os.Chown(theirs, 65534, 65534); err != nil {
		t.Skip(err)
	}
	_, err := Write(context.Background(), theirs, []byte("ours"), Options{})
	if !errors.Is(err, ErrForeign) || !strings.Contains(err.Error(), "it is owned by another user (uid 65534) in a folder others may write; replace it only with --force") {
		t.Errorf("err = %v", err)
	}
	if readString(t, theirs) != "theirs" {
		t.Fatal("replaced without --force")
	}
	if _, err := Write(context.Background(), theirs, []byte("ours"), Options{ReplaceReadOnly: true}); err != nil || readString(t, theirs) != "ours" {
		t.Errorf("with --force: %v", err)
	}
	// A symlink of theirs leading to a file of ours elsewhere.
	mine := filepath.Join(t.TempDir(), "mine.json")
	writeFile(t, mine, "mine", 0o644)
	link := filepath.Join(shared, "link.json")
	if err := os.Symlink(mine, link); err != nil {
		t.Fatal(err)
	}
	if err := os.Lchown(link, 65534, 65534); err != nil {
		t.Skip(err)
	}
	if _, err := Write(context.Background(), link, []byte("ours"), Options{}); !errors.Is(err, ErrForeign) || !strings.Contains(err.Error(), "the symlink is owned") {
		t.Errorf("their symlink: %v", err)
	}
	if readString(t, mine) != "mine" {
		t.Error("written through their symlink")
	}
	// In a folder of one's own, another user's file is replaced as before.
	private := filepath.Join(t.TempDir(), "card.json")
	writeFile(t, private, "theirs", 0o644)
	if err := os.Chown(private, 65534, 65534); err != nil {
		t.Fatal(err)
	}
	if _, err := Write(context.Background(), private, []byte("ours"), Options{}); err != nil {
		t.Errorf("in a private folder: %v", err)
	}
}
