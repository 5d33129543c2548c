//go:build linux

package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"

	"github.com/oncard/oncard/internal/safefile/safefiletest"
)

// TestFIFOInputsEndOnSignal gives a named pipe to every command that reads
// a file. The test holds the pipe's write end open and writes the start of
// a document, so each command is stuck waiting for the rest; SIGTERM must
// end it with exit 143. The test knows the command is reading (and so has
// its signal handling in place) when the bytes it wrote have left the
// pipe: it counts polls of the pipe, it does not time the command.
func TestFIFOInputsEndOnSignal(t *testing.T) {
	bin := oncardBinary(t)
	for _, tc := range []struct {
		name string
		args func(fifo, dir string) []string
		sig  syscall.Signal // SIGTERM when zero
	}{
		{"preview", func(fifo, _ string) []string { return []string{"preview", fifo} }, 0},
		{"preview, Ctrl-C", func(fifo, _ string) []string { return []string{"preview", fifo} }, syscall.SIGINT},
		{"new --from", func(fifo, dir string) []string {
			return []string{"new", "--from", fifo, "--yes", "-o", filepath.Join(dir, "out.json")}
		}, 0},
		{"catalog add card", func(fifo, dir string) []string {
			return []string{"catalog", "add", "--yes", fifo, "--to", filepath.Join(dir, "catalog.json")}
		}, 0},
		{"validate", func(fifo, _ string) []string { return []string{"validate", fifo} }, 0},
		{"validate --card", func(fifo, dir string) []string {
			catalog := filepath.Join(dir, "catalog.json")
			writeFileT(t, catalog, `{"specVersion": "1.0", "entries": []}`)
			return []string{"validate", "--card", fifo, catalog}
		}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			fifo := filepath.Join(dir, "card.json")
			safefiletest.FIFO(t, fifo)
			// O_RDWR opens at once and keeps a writer: the reader waits.
			w, err := os.OpenFile(fifo, os.O_RDWR, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer w.Close()
			cmd := exec.Command(bin, tc.args(fifo, dir)...)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			startReadingPipe(t, cmd, w, &stderr)
			sig, want := syscall.SIGTERM, 143
			if tc.sig == syscall.SIGINT {
				sig, want = syscall.SIGINT, 130
			}
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			waitBounded(t, cmd)
			if code := cmd.ProcessState.ExitCode(); code != want {
				t.Errorf("exit %d (%v), want %d\n%s", code, cmd.ProcessState, want, stderr.String())
			}
		})
	}
}

// TestManyFilesEndOnCtrlC: a run of many files whose fourth is a named
// pipe that never ends. One worker waits on the pipe while the others
// check the files after it until as many results as the run holds wait
// behind the stuck one; Ctrl-C then ends the run with exit 130, the
// workers' results dropped.
func TestManyFilesEndOnCtrlC(t *testing.T) {
	bin := oncardBinary(t)
	dir := t.TempDir()
	var args []string
	for i := range 60 {
		p := filepath.Join(dir, fmt.Sprintf("card%02d.json", i))
		if i == 3 {
			safefiletest.FIFO(t, p)
		} else {
			writeFileT(t, p, debuggerCard)
		}
		args = append(args, p)
	}
	w, err := os.OpenFile(args[3], os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	cmd := exec.Command(bin, append([]string{"validate"}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	startReadingPipe(t, cmd, w, &stderr)
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	waitBounded(t, cmd)
	if code := cmd.ProcessState.ExitCode(); code != 130 || !strings.Contains(stderr.String(), "interrupted") {
		t.Errorf("exit %d (%v), want 130 and a word that the run was interrupted\n%s", code, cmd.ProcessState, stderr.String())
	}
}

// TestFIFOWhereAFileIsWritten: a named pipe given as the file to edit, as
// the catalog to update, or linked from a catalog, is refused at once
// (never opened, so nothing blocks), naming what it is.
func TestFIFOWhereAFileIsWritten(t *testing.T) {
	bin := oncardBinary(t)
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.json")
	safefiletest.FIFO(t, fifo)
	card := filepath.Join(dir, "card.json")
	writeFileT(t, card, debuggerCard)
	catalog := filepath.Join(dir, "catalog.json")
	writeFileT(t, catalog, `{"specVersion": "1.0", "entries": [{"identifier": "urn:example:agents:a",
  "type": "application/a2a-agent-card+json", "url": "pipe.json"}]}`)
	for _, args := range [][]string{
		{"edit", fifo, "--set", `/name="x"`, "--yes"},
		{"catalog", "add", "--yes", card, "--to", fifo},
		{"validate", catalog},
	} {
		cmd := exec.Command(bin, args...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		cmd.Stdout = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		waitBounded(t, cmd)
		if !strings.Contains(stderr.String(), "is a named pipe, not a regular file") {
			t.Errorf("%v: exit %d\n%s", args, cmd.ProcessState.ExitCode(), stderr.String())
		}
		if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
			t.Fatalf("%v replaced the pipe", args)
		}
	}
}

// maxPolls bounds the polls of TestFIFOInputsEndOnSignal.
const maxPolls = 100000

// startReadingPipe writes the start of a document into the named pipe
// whose write end is w, starts cmd, and returns once cmd has taken the
// bytes: it is then reading the pipe, stuck waiting for the rest, with its
// signal handling in place. The bound only catches a command that never
// reads (each poll yields 1 ms, so it is minutes: never reached by a slow
// machine).
func startReadingPipe(t *testing.T, cmd *exec.Cmd, w *os.File, stderr *bytes.Buffer) {
	t.Helper()
	if _, err := w.Write([]byte(`{"name": `)); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for polls := 0; ; polls++ {
		n, err := unix.IoctlGetInt(int(w.Fd()), unix.TIOCINQ)
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			return
		}
		if polls == maxPolls {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
			t.Fatalf("the command never read the pipe\n%s", stderr.String())
		}
		yield()
	}
}

func writeFileT(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestSpecialFilesAreRefused: a device given where oncard writes is left
// alone, and oncard says why. (As root the device is one of the test's
// own: a broken oncard must not replace the real /dev/null.)
func TestSpecialFilesAreRefused(t *testing.T) {
	bin := oncardBinary(t)
	dir := t.TempDir()
	card := filepath.Join(dir, "card.json")
	writeFileT(t, card, editCard)
	dev := safefiletest.CharDevice(t)
	before, err := os.Lstat(dev)
	if err != nil {
		t.Skip(err)
	}
	cmd := exec.Command(bin, "new", "--from", card, "--yes", "-o", dev, "--force")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waitBounded(t, cmd)
	if cmd.ProcessState.ExitCode() != 1 || !strings.Contains(stderr.String(), "is a character device, not a regular file") {
		t.Errorf("exit %d\n%s", cmd.ProcessState.ExitCode(), stderr.String())
	}
	if after, err := os.Lstat(dev); err != nil || after.Mode() != before.Mode() {
		t.Fatalf("%s was replaced: %v", dev, err)
	}
}

// TestEndlessInputIsCapped: --from /dev/zero stops at the size limit
// instead of reading for ever.
func TestEndlessInputIsCapped(t *testing.T) {
	bin := oncardBinary(t)
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip(err)
	}
	out := filepath.Join(t.TempDir(), "out.json")
	cmd := exec.Command(bin, "new", "--from", "/dev/zero", "--yes", "-o", out)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waitBounded(t, cmd)
	if cmd.ProcessState.ExitCode() != 1 || !strings.Contains(stderr.String(), "/dev/zero:1:1: the document is larger than the limit") {
		t.Errorf("exit %d\n%s", cmd.ProcessState.ExitCode(), stderr.String())
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("something was written")
	}
}

// TestFIFOKeysAreRefused: a named pipe given as a key or a key set, or
// named by the config file's signing_key, is refused at once, never
// opened: opening a pipe nobody writes to would wait for ever.
func TestFIFOKeysAreRefused(t *testing.T) {
	bin := oncardBinary(t)
	dir := t.TempDir()
	fifo := filepath.Join(dir, "key.pem")
	safefiletest.FIFO(t, fifo)
	card := filepath.Join(dir, "card.json")
	writeFileT(t, card, editCard)
	config := filepath.Join(dir, "config")
	if err := os.MkdirAll(filepath.Join(config, "oncard"), 0o700); err != nil {
		t.Fatal(err)
	}
	writeFileT(t, filepath.Join(config, "oncard", "config.json"), `{"signing_key": "`+fifo+`"}`)
	for _, tc := range []struct {
		args []string
		env  []string
	}{
		{args: []string{"sign", card, "--key", fifo, "--dry-run"}},
		{args: []string{"validate", "--jwks", fifo, card}},
		{args: []string{"sign", card, "--dry-run"}, env: []string{"XDG_CONFIG_HOME=" + config}},
	} {
		cmd := exec.Command(bin, tc.args...)
		cmd.Env = append(os.Environ(), tc.env...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		waitBounded(t, cmd)
		if cmd.ProcessState.ExitCode() == 0 || !strings.Contains(stderr.String(), fifo+": is a named pipe, not a regular file") {
			t.Errorf("%v: exit %d\n%s", tc.args, cmd.ProcessState.ExitCode(), stderr.String())
		}
	}
}
