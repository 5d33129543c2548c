package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/oncard/oncard/internal/app"
)

// oncardBinary is the test binary installed as `oncard` on $PATH by
// TestMain (testscript.Main): a real process, with real signals and exit
// codes.
func oncardBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("spawns processes")
	}
	p, err := exec.LookPath("oncard")
	if err != nil {
		t.Skip("oncard is not on $PATH:", err)
	}
	return p
}

// outcome is how one oncard process ended.
type outcome struct {
	code   int
	stderr string
}

// runPair runs two oncard command lines at once and returns how each ended.
func runPair(t *testing.T, bin string, dir string, a, b []string) [2]outcome {
	t.Helper()
	var out [2]outcome
	var wg sync.WaitGroup
	for i, args := range [][]string{a, b} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := exec.Command(bin, args...)
			cmd.Dir = dir
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			err := cmd.Run()
			out[i] = outcome{code: cmd.ProcessState.ExitCode(), stderr: stderr.String()}
			if err != nil && !errors.As(err, new(*exec.ExitError)) {
				out[i] = outcome{code: -1, stderr: err.Error()}
			}
		}()
	}
	wg.Wait()
	return out
}

// TestConcurrentCatalogAddLosesNoEntry: 20 times, two `catalog add --yes`
// of different cards into one catalog run at once (half of the rounds
// creating the catalog, half updating it). Both succeed and both entries
// are in the file every time.
func TestConcurrentCatalogAddLosesNoEntry(t *testing.T) {
	bin := oncardBinary(t)
	const rounds = 20
	for round := range rounds {
		dir := t.TempDir()
		for _, name := range []string{"a", "b"} {
			card := strings.Replace(debuggerCard, `"Network Debugger"`, `"Agent `+name+`"`, 1)
			if err := os.WriteFile(filepath.Join(dir, name+".json"), []byte(card), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if round%2 == 1 {
			empty := "{\n  \"specVersion\": \"1.0\",\n  \"entries\": []\n}\n"
			if err := os.WriteFile(filepath.Join(dir, "catalog.json"), []byte(empty), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		add := func(name string) []string {
			return []string{"catalog", "add", "--yes", "--identifier", "urn:example:agents:" + name,
				"--url", "https://example.com/" + name + ".json", name + ".json", "--to", "catalog.json"}
		}
		res := runPair(t, bin, dir, add("a"), add("b"))
		got := mustRead(t, filepath.Join(dir, "catalog.json"))
		for i, name := range []string{"a", "b"} {
			if res[i].code != 0 {
				t.Fatalf("round %d: add %s: exit %d\n%s", round, name, res[i].code, res[i].stderr)
			}
			if !strings.Contains(got, `"urn:example:agents:`+name+`"`) {
				t.Fatalf("round %d: the entry of %s is lost although oncard said:\n%s\ncatalog:\n%s", round, name, res[i].stderr, got)
			}
		}
	}
}

// TestConcurrentEditLosesNoChange: 20 times, two `edit --set --yes` of
// different members of one card run at once. Both changes end up in the
// file; a process that could not apply its change must say so and fail,
// never report "wrote".
func TestConcurrentEditLosesNoChange(t *testing.T) {
	bin := oncardBinary(t)
	const rounds = 20
	for round := range rounds {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "card.json"), []byte(editCard), 0o644); err != nil {
			t.Fatal(err)
		}
		res := runPair(t, bin, dir,
			[]string{"edit", "card.json", "--set", `/version="2.0.0"`, "--yes"},
			[]string{"edit", "card.json", "--set", `/description="Books trips and hotels"`, "--yes"})
		got := mustRead(t, filepath.Join(dir, "card.json"))
		for i, want := range []string{`"version": "2.0.0"`, `"description": "Books trips and hotels"`} {
			if res[i].code != 0 {
				t.Fatalf("round %d: edit %d: exit %d\n%s", round, i, res[i].code, res[i].stderr)
			}
			if !strings.Contains(got, want) {
				t.Fatalf("round %d: %s is lost although oncard said:\n%s\ncard:\n%s", round, want, res[i].stderr, got)
			}
		}
	}
}

// hangLimit bounds how long a test waits for a process that should end at
// once. It only catches a hung process: a slow machine stays far below it.
const hangLimit = 2 * time.Minute

// waitBounded waits for cmd and fails the test if it hangs.
func waitBounded(t *testing.T, cmd *exec.Cmd) {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(hangLimit):
		_ = cmd.Process.Kill()
		<-done
		t.Fatalf("%v hung", cmd.Args)
	}
}

// TestReadOnlyNeedsForce: a file without write permission is not replaced
// without --force.
func TestReadOnlyNeedsForce(t *testing.T) {
	bin := oncardBinary(t)
	path := writeTemp(t, "card.json", editCard)
	if err := os.Chmod(path, 0o444); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(bin, "edit", path, "--set", `/version="2.0.0"`, "--yes").CombinedOutput()
	if !strings.Contains(string(out), path+" is read-only; nothing written (pass --force to replace it anyway)") || err == nil {
		t.Errorf("%v\n%s", err, out)
	}
	if mustRead(t, path) != editCard {
		t.Fatal("a read-only file was replaced")
	}
	out, err = exec.Command(bin, "edit", path, "--set", `/version="2.0.0"`, "--yes", "--force").CombinedOutput()
	if err != nil || !strings.Contains(mustRead(t, path), `"version": "2.0.0"`) {
		t.Errorf("--force: %v\n%s", err, out)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o444 {
		t.Errorf("mode %v", fi.Mode().Perm())
	}
}

// TestHardLinkWarning: saving a file with another name says that the other
// name keeps the old content.
func TestHardLinkWarning(t *testing.T) {
	bin := oncardBinary(t)
	path := writeTemp(t, "card.json", editCard)
	other := filepath.Join(filepath.Dir(path), "published.json")
	if err := os.Link(path, other); err != nil {
		t.Skip(err)
	}
	out, err := exec.Command(bin, "edit", path, "--set", `/version="2.0.0"`, "--yes").CombinedOutput()
	want := fmt.Sprintf("oncard: warning: %s had 2 hard links; it is now a file of its own, and the 1 other names keep the old content", path)
	if err != nil || !strings.Contains(string(out), want) {
		t.Errorf("%v\n%s", err, out)
	}
	if mustRead(t, other) != editCard {
		t.Error("the other name changed")
	}
}

// yield lets other goroutines and processes run while a test polls.
func yield() { time.Sleep(time.Millisecond) }

// TestConfigWrongTypeNamesJSONTypes: a config member of the wrong type is
// explained in JSON's terms, not Go's ("[]string", "userConfig").
func TestConfigWrongTypeNamesJSONTypes(t *testing.T) {
	writeConfig(t, `{"schema_hosts": "x.example"}`)
	_, err := app.AcceptedSchemaHosts(nil)
	if err == nil || !strings.HasSuffix(err.Error(), ": schema_hosts must be an array, not a string") {
		t.Errorf("err = %v", err)
	}
	writeConfig(t, `{"oasf_server": 5}`)
	_, err = app.AcceptedSchemaHosts(nil)
	if err == nil || !strings.HasSuffix(err.Error(), ": oasf_server must be a string, not a number") {
		t.Errorf("err = %v", err)
	}
}
