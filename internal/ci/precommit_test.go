package ci

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// hook is one entry of .pre-commit-hooks.yaml.
type hook struct {
	ID       string   `yaml:"id"`
	Entry    string   `yaml:"entry"`
	Language string   `yaml:"language"`
	Files    string   `yaml:"files"`
	Types    []string `yaml:"types"`
	Args     []string `yaml:"args"`
}

func readHook(t *testing.T) hook {
	t.Helper()
	var hooks []hook
	readYAML(t, ".pre-commit-hooks.yaml", &hooks)
	for _, h := range hooks {
		if h.ID == "oncard-validate" {
			if h.Language != "golang" {
				t.Errorf("language %q, want golang (pre-commit builds the repository with go install)", h.Language)
			}
			return h
		}
	}
	t.Fatal("no oncard-validate hook")
	return hook{}
}

// TestPreCommitFilesPattern: the hook picks Agent Cards and AI Catalogs by
// name and leaves other JSON alone (pre-commit matches with Python's
// re.search; the pattern uses nothing RE2 reads differently).
func TestPreCommitFilesPattern(t *testing.T) {
	h := readHook(t)
	re := regexp.MustCompile(h.Files)
	for _, name := range []string{".well-known/agent-card.json", "agent-card.json", "cards/weather-agent-card.json", "agent.json", "public/.well-known/ai-catalog.json", "ai-catalog.staging.json"} {
		if !re.MatchString(name) {
			t.Errorf("%s is not picked", name)
		}
	}
	for _, name := range []string{"package.json", "agent.json.bak", "tsconfig.json", "my-agent.json", "agent-card.yaml", "agent-card.json/readme.md"} {
		if re.MatchString(name) {
			t.Errorf("%s is picked", name)
		}
	}
}

// TestPreCommitHookRuns runs the hook as pre-commit does: the entry with
// the hook's args and the staged files that match, with the installed
// oncard on the PATH.
func TestPreCommitHookRuns(t *testing.T) {
	h := readHook(t)
	dir := fixtures(t)
	re := regexp.MustCompile(h.Files)
	var staged []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		rel = filepath.ToSlash(rel)
		if re.MatchString(rel) {
			staged = append(staged, rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(staged)
	want := []string{"invalid/agent-card.json", "valid/agent-card.json", "valid/sub/ai-catalog.json", "warnings/agent-card.json"}
	if !slices.Equal(staged, want) {
		t.Fatalf("files picked: %q, want %q", staged, want)
	}

	// The hook's environment: pre-commit put the oncard it installed on the
	// PATH.
	t.Setenv("PATH", filepath.Dir(oncardBinary(t))+string(os.PathListSeparator)+os.Getenv("PATH"))
	run := func(files ...string) (int, string) {
		entry := strings.Fields(h.Entry) // pre-commit splits the entry like a shell
		args := append(append(entry[1:], h.Args...), files...)
		cmd := exec.Command(entry[0], args...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if ee, ok := err.(*exec.ExitError); ok {
			return ee.ExitCode(), string(out)
		} else if err != nil {
			t.Fatal(err)
		}
		return 0, string(out)
	}
	if code, out := run("valid/agent-card.json", "valid/sub/ai-catalog.json", "warnings/agent-card.json"); code != 0 {
		t.Errorf("valid files: exit %d\n%s", code, out)
	}
	if code, out := run(staged...); code != 1 || !strings.Contains(out, "invalid/agent-card.json:7:3: error a2a/type") {
		t.Errorf("with an invalid card: exit %d\n%s", code, out)
	}
}
