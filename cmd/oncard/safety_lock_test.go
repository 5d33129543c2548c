//go:build linux

package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// TestLockWaitIsSaid: an edit behind another process's lock (this test's,
// as a stopped oncard would hold it) says whose lock it waits for, then
// writes once the lock is let go. The test waits for the line, then
// releases: nothing depends on how long either takes.
func TestLockWaitIsSaid(t *testing.T) {
	bin := oncardBinary(t)
	dir := t.TempDir()
	card := filepath.Join(dir, "card.json")
	writeFileT(t, card, editCard)
	lockPath := filepath.Join(dir, ".card.json.oncard-lock")
	held, err := os.OpenFile(lockPath, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	if err := unix.Flock(int(held.Fd()), unix.LOCK_EX); err != nil {
		t.Fatal(err)
	}
	if _, err := held.WriteString(strconv.Itoa(os.Getpid()) + "\n"); err != nil {
		t.Fatal(err)
	}
	release := func() {
		_ = os.Remove(lockPath)
		_ = held.Close()
	}
	defer release()

	cmd := exec.Command(bin, "edit", card, "--set", `/name="Edited"`, "--yes")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	want := "oncard: waiting for the lock of pid " + strconv.Itoa(os.Getpid()) + " on " + card
	lines := bufio.NewScanner(stderr)
	var seen []string
	for lines.Scan() {
		seen = append(seen, lines.Text())
		if lines.Text() == want {
			break
		}
	}
	if len(seen) == 0 || seen[len(seen)-1] != want {
		t.Fatalf("stderr %q lacks %q", seen, want)
	}
	release()
	for lines.Scan() {
		seen = append(seen, lines.Text())
	}
	waitBounded(t, cmd)
	if code := cmd.ProcessState.ExitCode(); code != 0 {
		t.Fatalf("exit %d\n%s", code, strings.Join(seen, "\n"))
	}
	if data, err := os.ReadFile(card); err != nil || !strings.Contains(string(data), `"name": "Edited"`) {
		t.Errorf("not written after the lock was let go: %v", err)
	}
}
