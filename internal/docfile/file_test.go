package docfile

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/oncard/oncard/internal/safefile"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/testcards"
)

func writeTemp(t *testing.T, name, content string, mode os.FileMode) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	must(t, os.WriteFile(p, []byte(content), mode))
	must(t, os.Chmod(p, mode)) // WriteFile is subject to the umask
	return p
}

func TestOpenFileErrors(t *testing.T) {
	p := writeTemp(t, "bad.json", "{\n  \"a\": 1,\n  \"b\" 2\n}\n", 0o644)
	_, err := OpenFile(p)
	var pe *model.ParseError
	if err == nil || !errors.As(err, &pe) {
		t.Fatalf("err = %v", err)
	}
	want := p + ":3:7: "
	if !strings.HasPrefix(err.Error(), want) {
		t.Errorf("err = %q, want prefix %q", err, want)
	}
	missing := filepath.Join(t.TempDir(), "missing.json")
	_, err = OpenFile(missing)
	if !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), missing) {
		t.Errorf("missing: %v", err)
	}
	if _, err := OpenFile(t.TempDir()); err == nil || !strings.Contains(err.Error(), "directory") {
		t.Errorf("directory: %v", err)
	}
	if _, _, err := readLimited(context.Background(), p, safefile.Cap{Max: 4}); !errors.As(err, &pe) || pe.Code != "json/too-large" {
		t.Errorf("too large: %v", err)
	}
}

func TestSaveKeepsModeAndUpdates(t *testing.T) {
	p := writeTemp(t, "card.json", "{\n  \"name\": \"A\"\n}\n", 0o600)
	f, err := OpenFile(p)
	must(t, err)
	if f.Mode != 0o600 {
		t.Errorf("Mode = %v", f.Mode)
	}
	must(t, f.Doc.SetValue("/name", "B"))
	must(t, f.Save(f.Doc.Encode()))
	checkFile(t, p, "{\n  \"name\": \"B\"\n}\n", 0o600)
	// A second save works: the file now holds what we saved last.
	must(t, os.Chmod(p, 0o640)) // a chmod is not a content change, and wins
	must(t, f.Save([]byte("{\"name\": \"C\"}\n")))
	checkFile(t, p, "{\"name\": \"C\"}\n", 0o640)
	// No temporary or lock files are left behind.
	entries, _ := os.ReadDir(filepath.Dir(p))
	if len(entries) != 1 {
		t.Errorf("directory holds %d files", len(entries))
	}
}

func TestSaveRefusesChangedOnDisk(t *testing.T) {
	p := writeTemp(t, "card.json", "{\"name\": \"A\"}\n", 0o644)
	f, err := OpenFile(p)
	must(t, err)
	must(t, f.Doc.SetValue("/name", "mine"))
	theirs := "{\"name\": \"theirs\"}\n"
	must(t, os.WriteFile(p, []byte(theirs), 0o644))
	err = f.Save(f.Doc.Encode())
	if !errors.Is(err, ErrChangedOnDisk) || !strings.Contains(err.Error(), p) {
		t.Fatalf("err = %v", err)
	}
	// Both versions survive: theirs on disk, ours in the model.Doc.
	checkFile(t, p, theirs, 0o644)
	if !strings.Contains(string(f.Doc.Encode()), `"mine"`) {
		t.Error("our edit was lost")
	}
	// After Reload the save goes through.
	must(t, f.Reload())
	if model.NewCard(f.Doc).Name() != "theirs" {
		t.Error("Reload")
	}
	must(t, f.Save([]byte("{\"name\": \"merged\"}\n")))
	// A removed file is a change too.
	must(t, os.Remove(p))
	if err := f.Save([]byte("{}")); !errors.Is(err, ErrChangedOnDisk) {
		t.Errorf("removed file: %v", err)
	}
	if _, err := os.Stat(p); !errors.Is(err, fs.ErrNotExist) {
		t.Error("save recreated a removed file")
	}
}

func TestSaveThroughSymlink(t *testing.T) {
	p := writeTemp(t, "real.json", "{}\n", 0o644)
	link := filepath.Join(t.TempDir(), "link.json")
	if err := os.Symlink(p, link); err != nil {
		t.Skip("no symlinks:", err)
	}
	f, err := OpenFile(link)
	must(t, err)
	must(t, f.Save([]byte("{\"a\": 1}\n")))
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Error("the symlink was replaced by a file")
	}
	checkFile(t, p, "{\"a\": 1}\n", 0o644)
}

func TestWriteNew(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "new.json")
	must(t, WriteNew(p, []byte("{}\n"), false))
	umask := currentUmask()
	checkFile(t, p, "{}\n", 0o644&^os.FileMode(umask))

	err := WriteNew(p, []byte("{\"x\": 1}\n"), false)
	if !errors.Is(err, ErrExists) || !strings.Contains(err.Error(), p) {
		t.Errorf("err = %v", err)
	}
	checkFile(t, p, "{}\n", 0o644&^os.FileMode(umask))

	must(t, os.Chmod(p, 0o600))
	must(t, WriteNew(p, []byte("{\"x\": 2}\n"), true))
	checkFile(t, p, "{\"x\": 2}\n", 0o600)
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("directory holds %d files", len(entries))
	}
	if err := WriteNew(filepath.Join(dir, "no", "such", "dir.json"), []byte("{}"), false); err == nil {
		t.Error("write into a missing folder succeeded")
	}
}

func checkFile(t *testing.T, p, content string, mode os.FileMode) {
	t.Helper()
	b, err := os.ReadFile(p)
	must(t, err)
	if string(b) != content {
		t.Errorf("%s holds %q, want %q", p, b, content)
	}
	fi, err := os.Stat(p)
	must(t, err)
	if fi.Mode().Perm() != mode {
		t.Errorf("%s mode %v, want %v", p, fi.Mode().Perm(), mode)
	}
}

// crashChildEnv names the file the child process saves in a loop.
const crashChildEnv = "ONCARD_TEST_SAVE_LOOP_FILE"

// crashContents are the two versions the child alternates between; large
// enough that a kill often lands in the middle of writing one.
func crashContents() [2][]byte {
	var out [2][]byte
	for i, word := range []string{"old", "new"} {
		var b bytes.Buffer
		b.WriteString("{\n  \"skills\": [\n")
		for j := 0; j < 5000; j++ {
			if j > 0 {
				b.WriteString(",\n")
			}
			b.WriteString(`    {"id": "` + word + `", "n": 12345678}`)
		}
		b.WriteString("\n  ]\n}\n")
		out[i] = b.Bytes()
	}
	return out
}

// TestSaveLoopChild is not a test on its own: TestSaveSurvivesKill runs the
// test binary again with crashChildEnv set, and this saves until killed.
func TestSaveLoopChild(t *testing.T) {
	path := os.Getenv(crashChildEnv)
	if path == "" {
		t.Skip("helper process for TestSaveSurvivesKill")
	}
	contents := crashContents()
	f, err := OpenFile(path)
	if err != nil {
		os.Exit(3)
	}
	for i := 1; ; i++ {
		if err := f.Save(contents[i%2]); err != nil {
			os.Stderr.WriteString(err.Error() + "\n")
			os.Exit(4)
		}
		if i == 1 {
			os.Stdout.WriteString("saving\n")
		}
	}
}

// TestSaveSurvivesKill kills a process that saves in a loop at random
// moments and checks that the file always holds one whole version.
func TestSaveSurvivesKill(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns processes")
	}
	contents := crashContents()
	p := filepath.Join(t.TempDir(), "card.json")
	must(t, os.WriteFile(p, contents[0], 0o644))
	// A fixed number of rounds, however long they take: a slow machine
	// runs the same test, only slower.
	const rounds = 20
	seen := map[string]int{}
	for round := range rounds {
		cmd := exec.Command(os.Args[0], "-test.run=^TestSaveLoopChild$")
		cmd.Env = append(os.Environ(), crashChildEnv+"="+p)
		out, err := cmd.StdoutPipe()
		must(t, err)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		must(t, cmd.Start())
		// Wait until the child has saved once, then kill it at a random moment.
		line, _ := bufio.NewReader(out).ReadString('\n')
		if line != "saving\n" {
			_ = cmd.Wait()
			t.Fatalf("child did not start saving: %q %s", line, stderr.String())
		}
		time.Sleep(time.Duration(rand.IntN(20000)) * time.Microsecond)
		must(t, cmd.Process.Signal(syscall.SIGKILL))
		_ = cmd.Wait()
		if !strings.Contains(cmd.ProcessState.String(), "killed") {
			t.Fatalf("child ended on its own: %v %s", cmd.ProcessState, stderr.String())
		}
		got, err := os.ReadFile(p)
		must(t, err)
		switch {
		case bytes.Equal(got, contents[0]):
			seen["old"]++
		case bytes.Equal(got, contents[1]):
			seen["new"]++
		default:
			t.Fatalf("round %d: the file holds %d bytes that are neither version", round, len(got))
		}
	}
	t.Logf("%d rounds, outcomes %v", rounds, seen)
	// The kills left temporary files (and maybe a lock file) behind; the
	// next save removes them.
	f, err := OpenFile(p)
	must(t, err)
	must(t, f.Save(contents[0]))
	entries, _ := os.ReadDir(filepath.Dir(p))
	for _, e := range entries {
		if e.Name() != "card.json" {
			t.Errorf("left behind: %s", e.Name())
		}
	}
}

// BenchmarkSave is one atomic save of a small card (temp file, fsync,
// rename, directory fsync): dominated by the disk's fsync.
func BenchmarkSave(b *testing.B) {
	src := testcards.Small()
	p := filepath.Join(b.TempDir(), "card.json")
	if err := os.WriteFile(p, src, 0o644); err != nil {
		b.Fatal(err)
	}
	f, err := OpenFile(p)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := f.Save(src); err != nil {
			b.Fatal(err)
		}
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
