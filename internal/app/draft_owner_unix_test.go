//go:build unix

package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A drafts folder another user owns is refused, naming it, and left as it
// is (not made private, not written into). Needs root, to give it away.
func TestDraftsFolderOfAnotherUserIsRefused(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("only root can give a folder to another user")
	}
	dir := filepath.Join(t.TempDir(), "drafts")
	if err := os.Mkdir(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(dir, 65534, 65534); err != nil {
		t.Skip(err)
	}
	_, err := OpenDraftsAt(dir)
	if err == nil || !strings.Contains(err.Error(), "drafts folder "+dir+" belongs to another user (uid 65534)") {
		t.Errorf("err = %v", err)
	}
	if fi, _ := os.Stat(dir); fi.Mode().Perm() != 0o777 {
		t.Errorf("the folder was changed to %o", fi.Mode().Perm())
	}
}
