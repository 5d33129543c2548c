package oasfclient

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/oncard/oncard/model/oasf"
)

// TestVersionSetSurvivesKill kills, for real, a process that keeps
// replacing one cached version with alternating sets, at whatever point it
// has reached after a number of completed writes (rounds are counted, not
// timed). Every time, a reader finds one complete set: both trees from the
// same write.
func TestVersionSetSurvivesKill(t *testing.T) {
	if dir := os.Getenv("ONCARD_KILL_CHILD_DIR"); dir != "" {
		killChild(dir)
		return
	}
	for round := range 4 {
		root := t.TempDir()
		cmd := exec.Command(os.Args[0], "-test.run=^TestVersionSetSurvivesKill$")
		cmd.Env = append(os.Environ(), "ONCARD_KILL_CHILD_DIR="+filepath.Join(root, "https_example.org", "7.9.9"))
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		lines := bufio.NewScanner(out)
		for range 3 + round*7 { // completed writes before the kill
			if !lines.Scan() {
				t.Fatalf("the writer stopped early: %v", lines.Err())
			}
		}
		_ = cmd.Process.Kill()
		_ = cmd.Wait()

		if _, err := LoadCacheDir(root); err != nil {
			t.Fatal(err)
		}
		tax := oasf.Get("7.9.9")
		if tax == nil {
			t.Fatalf("round %d: no readable set after the kill; load errors %v", round, oasf.LoadErrors())
		}
		skills, domains := tax.Skills.ByID(1).Caption, tax.Domains.ByID(1).Caption
		if skills != domains {
			t.Errorf("round %d: a mixed set after the kill: skills from write %s, domains from write %s", round, skills, domains)
		}
	}
}

// killChild writes sets numbered 0, 1, 2, … until it is killed, printing
// a line after each completed write.
func killChild(dir string) {
	for i := 0; ; i++ {
		caption := strconv.Itoa(i)
		files := []cacheFile{{skillFile, []byte(tinyTree(caption))}, {domainFile, []byte(tinyTree(caption))}}
		if err := writeVersionDir(dir, files, nil); err != nil {
			os.Exit(3)
		}
		os.Stdout.WriteString(caption + "\n")
	}
}
