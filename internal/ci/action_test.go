package ci

import (
	"archive/tar"
	"bufio"
	"compress/gzip"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

// action is the part of action.yml the runner below reads.
type action struct {
	Inputs map[string]struct {
		Required bool   `yaml:"required"`
		Default  string `yaml:"default"`
	} `yaml:"inputs"`
	Outputs map[string]struct {
		Value string `yaml:"value"`
	} `yaml:"outputs"`
	Runs struct {
		Using string       `yaml:"using"`
		Steps []actionStep `yaml:"steps"`
	} `yaml:"runs"`
}

type actionStep struct {
	Name  string            `yaml:"name"`
	ID    string            `yaml:"id"`
	If    string            `yaml:"if"`
	Shell string            `yaml:"shell"`
	Env   map[string]string `yaml:"env"`
	Run   string            `yaml:"run"`
	Uses  string            `yaml:"uses"`
	With  map[string]string `yaml:"with"`
}

// actionRun is what running the action's steps gave.
type actionRun struct {
	failedStep string // name of the step that failed ("" when none did)
	exitCode   int    // its exit status
	log        string // what the steps printed
	outputs    map[string]map[string]string
	uploaded   string // the sarif_file the upload step was given ("" when skipped)
}

// runAction runs the composite action in action.yml the way a GitHub
// runner does: each `run:` step by bash with its env (the ${{ }}
// expressions filled from inputs, step outputs and github.action_path),
// $GITHUB_OUTPUT and $GITHUB_PATH honoured, stopping at the first failing
// step. A `uses:` step cannot run here: the upload step's `if:` is
// evaluated and its sarif_file recorded. env is added to the runner's
// environment (e.g. RUNNER_OS).
func runAction(t *testing.T, workdir string, inputs, env map[string]string) actionRun {
	t.Helper()
	var a action
	readYAML(t, "action.yml", &a)
	if a.Runs.Using != "composite" {
		t.Fatalf("runs.using %q, want composite", a.Runs.Using)
	}
	in := map[string]string{}
	for name, def := range a.Inputs {
		in[name] = def.Default
		if v, ok := inputs[name]; ok {
			in[name] = v
		} else if def.Required {
			t.Fatalf("input %s is required", name)
		}
	}
	for name := range inputs {
		if _, ok := a.Inputs[name]; !ok {
			t.Fatalf("action.yml has no input %s", name)
		}
	}
	actionPath, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	temp := t.TempDir()
	res := actionRun{outputs: map[string]map[string]string{}}
	var paths []string // added through $GITHUB_PATH

	expr := regexp.MustCompile(`\$\{\{\s*(.*?)\s*\}\}`)
	eval := func(s string) string {
		return expr.ReplaceAllStringFunc(s, func(m string) string {
			e := expr.FindStringSubmatch(m)[1]
			switch {
			case strings.HasPrefix(e, "inputs."):
				return in[strings.TrimPrefix(e, "inputs.")]
			case e == "github.action_path":
				return actionPath
			case strings.HasPrefix(e, "steps."):
				parts := strings.Split(e, ".") // steps.ID.outputs.NAME
				if len(parts) == 4 && parts[2] == "outputs" {
					return res.outputs[parts[1]][parts[3]]
				}
			}
			t.Fatalf("action.yml uses an expression this runner does not know: %s", m)
			return ""
		})
	}

	var log strings.Builder
	for i, s := range a.Runs.Steps {
		if s.If != "" {
			if !evalCondition(t, s.If, in) {
				continue
			}
		}
		if s.Uses != "" {
			if !strings.HasPrefix(s.Uses, "github/codeql-action/upload-sarif@") {
				t.Fatalf("step %d uses %s, which this runner cannot stand in for", i, s.Uses)
			}
			res.uploaded = eval(s.With["sarif_file"])
			continue
		}
		if s.Shell != "bash" {
			t.Fatalf("step %q: shell %q, want bash (the same on every runner)", s.Name, s.Shell)
		}
		script := filepath.Join(temp, fmt.Sprintf("step%d.sh", i))
		if err := os.WriteFile(script, []byte(eval(s.Run)), 0o644); err != nil {
			t.Fatal(err)
		}
		outFile := filepath.Join(temp, fmt.Sprintf("output%d", i))
		pathFile := filepath.Join(temp, fmt.Sprintf("path%d", i))
		for _, f := range []string{outFile, pathFile} {
			if err := os.WriteFile(f, nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		// GitHub runs `shell: bash` as bash --noprofile --norc -eo pipefail {0}.
		cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", script)
		cmd.Dir = workdir
		basePath := os.Getenv("PATH")
		if p, ok := env["PATH"]; ok {
			basePath = p
		}
		pathVar := strings.Join(append(slicesReversed(paths), basePath), string(os.PathListSeparator))
		cmd.Env = append(os.Environ(), "PATH="+pathVar, "GITHUB_OUTPUT="+outFile, "GITHUB_PATH="+pathFile,
			"RUNNER_TEMP="+temp, "RUNNER_OS=Linux", "RUNNER_ARCH="+map[string]string{"amd64": "X64", "arm64": "ARM64"}[runtime.GOARCH])
		for k, v := range env {
			if k != "PATH" {
				cmd.Env = append(cmd.Env, k+"="+v)
			}
		}
		for k, v := range s.Env {
			cmd.Env = append(cmd.Env, k+"="+eval(v))
		}
		out, err := cmd.CombinedOutput()
		fmt.Fprintf(&log, "== %s\n%s", s.Name, out)
		if err != nil {
			res.failedStep, res.exitCode = s.Name, -1
			if ee, ok := err.(*exec.ExitError); ok {
				res.exitCode = ee.ExitCode()
			}
			break
		}
		if s.ID != "" {
			res.outputs[s.ID] = readKeyValues(t, outFile)
		}
		data, err := os.ReadFile(pathFile)
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, strings.Fields(string(data))...)
	}
	res.log = log.String()
	return res
}

// evalCondition evaluates the one form of `if:` action.yml uses:
// inputs.NAME == 'VALUE'.
func evalCondition(t *testing.T, cond string, in map[string]string) bool {
	t.Helper()
	m := regexp.MustCompile(`^inputs\.([\w-]+) == '([^']*)'$`).FindStringSubmatch(strings.TrimSpace(cond))
	if m == nil {
		t.Fatalf("if: %q is not of the form this runner evaluates", cond)
	}
	return in[m[1]] == m[2]
}

func slicesReversed(s []string) []string {
	out := make([]string, len(s))
	for i, v := range s {
		out[len(s)-1-i] = v
	}
	return out
}

// readKeyValues reads name=value lines of $GITHUB_OUTPUT.
func readKeyValues(t *testing.T, path string) map[string]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if k, v, ok := strings.Cut(sc.Text(), "="); ok {
			out[k] = v
		}
	}
	return out
}

// fixtures copies testdata into a fresh folder.
func fixtures(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("testdata")); err != nil {
		t.Fatal(err)
	}
	return dir
}

// sarifResults counts the results of a SARIF file, failing when it is not
// SARIF 2.1.0.
func sarifResults(t *testing.T, path string) int {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("no SARIF report: %v", err)
	}
	var doc struct {
		Version string `json:"version"`
		Runs    []struct {
			Results []json.RawMessage `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(data, &doc); err != nil || doc.Version != "2.1.0" || len(doc.Runs) != 1 {
		t.Fatalf("%s is not a SARIF 2.1.0 report (%v):\n%s", path, err, data)
	}
	return len(doc.Runs[0].Results)
}

// TestActionFromSource: version "source" builds the action's checkout;
// valid files pass, the report is uploaded, globs are expanded.
func TestActionFromSource(t *testing.T) {
	dir := fixtures(t)
	r := runAction(t, dir, map[string]string{"paths": "valid/**/*.json\n"}, nil)
	if r.failedStep != "" {
		t.Fatalf("step %q failed (exit %d):\n%s", r.failedStep, r.exitCode, r.log)
	}
	if got := r.outputs["validate"]["exit-code"]; got != "0" {
		t.Errorf("exit-code output %q, want 0\n%s", got, r.log)
	}
	if r.uploaded != "oncard.sarif" {
		t.Errorf("upload step given %q, want oncard.sarif", r.uploaded)
	}
	if n := sarifResults(t, filepath.Join(dir, "oncard.sarif")); n != 0 {
		t.Errorf("%d SARIF results for valid files", n)
	}
	if !strings.Contains(r.log, "2 files: 0 errors") {
		t.Errorf("the log does not list the findings readably:\n%s", r.log)
	}
}

// TestActionFailsOnErrors: an invalid card fails the run after the report
// was written and uploaded; upload-sarif false skips the upload.
func TestActionFailsOnErrors(t *testing.T) {
	dir := fixtures(t)
	r := runAction(t, dir, map[string]string{
		"paths": "valid/agent-card.json invalid/agent-card.json", "sarif": "out/findings.sarif", "upload-sarif": "false",
		"version": "source",
	}, nil)
	if r.failedStep != "Verdict" || r.exitCode != 1 {
		t.Fatalf("failed step %q exit %d, want the verdict step with 1:\n%s", r.failedStep, r.exitCode, r.log)
	}
	if r.uploaded != "" {
		t.Errorf("uploaded %q with upload-sarif false", r.uploaded)
	}
	if n := sarifResults(t, filepath.Join(dir, "out", "findings.sarif")); n == 0 {
		t.Error("no SARIF result for an invalid card")
	}
	if !strings.Contains(r.log, "::error::oncard validate failed (exit 1)") {
		t.Errorf("log:\n%s", r.log)
	}
}

// TestActionPathMistakes: a pattern matching nothing with no other file is
// a usage mistake; a missing file is reported by oncard and fails.
func TestActionPathMistakes(t *testing.T) {
	dir := fixtures(t)
	r := runAction(t, dir, map[string]string{"paths": "nothing/**/*.json"}, nil)
	if r.failedStep != "Validate" || r.exitCode != 2 || !strings.Contains(r.log, "::error::paths names no file to validate") {
		t.Errorf("failed step %q exit %d:\n%s", r.failedStep, r.exitCode, r.log)
	}
	r = runAction(t, dir, map[string]string{"paths": "valid/agent-card.json missing.json"}, nil)
	if r.failedStep != "Verdict" || r.exitCode != 1 || !strings.Contains(r.log, "missing.json") {
		t.Errorf("failed step %q exit %d:\n%s", r.failedStep, r.exitCode, r.log)
	}
}

// TestActionFailOn: fail-on warning fails on a card with warnings only,
// where oncard validate has --fail-on; an oncard without it refuses the
// level it cannot apply, saying so. fail-on error passes the same card.
func TestActionFailOn(t *testing.T) {
	dir := fixtures(t)
	r := runAction(t, dir, map[string]string{"paths": "warnings/agent-card.json", "fail-on": "error"}, nil)
	if r.failedStep != "" {
		t.Fatalf("fail-on error: step %q failed:\n%s", r.failedStep, r.log)
	}
	if n := sarifResults(t, filepath.Join(dir, "oncard.sarif")); n == 0 {
		t.Fatal("the fixture has no warning")
	}
	help, _ := exec.Command(oncardBinary(t), "validate", "--help").CombinedOutput()
	r = runAction(t, dir, map[string]string{"paths": "warnings/agent-card.json", "fail-on": "warning"}, nil)
	if strings.Contains(string(help), "--fail-on") {
		if r.failedStep != "Verdict" || r.exitCode != 1 {
			t.Errorf("fail-on warning: failed step %q exit %d:\n%s", r.failedStep, r.exitCode, r.log)
		}
	} else if r.failedStep != "Validate" || r.exitCode != 2 || !strings.Contains(r.log, "::error::fail-on: warning needs an oncard whose validate has --fail-on") {
		t.Errorf("fail-on warning without --fail-on: failed step %q exit %d:\n%s", r.failedStep, r.exitCode, r.log)
	}
}

// TestActionInstallsRelease: a version downloads the release archive named
// as .goreleaser.yaml names it, checks it against checksums.txt and puts
// the binary on the PATH; a wrong checksum stops the run.
func TestActionInstallsRelease(t *testing.T) {
	if _, err := exec.LookPath("curl"); err != nil {
		t.Skip("curl is not installed: the release download cannot run here")
	}
	bin, err := os.ReadFile(oncardBinary(t))
	if err != nil {
		t.Fatal(err)
	}
	name := archiveName(t, "1.2.3", "linux", runtime.GOARCH)
	archive := tarGz(t, "oncard", bin)
	sum := fmt.Sprintf("%x  %s\n", sha256.Sum256(archive), name)
	files := map[string][]byte{"/v1.2.3/" + name: archive, "/v1.2.3/checksums.txt": []byte(sum)}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		data, ok := files[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Write(data)
	}))
	defer srv.Close()

	dir := fixtures(t)
	env := map[string]string{"ONCARD_RELEASES": srv.URL, "PATH": "/usr/bin:/bin"} // no Go, no other oncard
	r := runAction(t, dir, map[string]string{"paths": "valid/agent-card.json", "version": "v1.2.3"}, env)
	if r.failedStep != "" {
		t.Fatalf("step %q failed:\n%s", r.failedStep, r.log)
	}
	if !strings.Contains(r.log, "oncard version "+testTag) {
		t.Errorf("the installed binary is not the release's:\n%s", r.log)
	}

	files["/v1.2.3/checksums.txt"] = []byte(strings.Repeat("0", 64) + "  " + name + "\n")
	r = runAction(t, dir, map[string]string{"paths": "valid/agent-card.json", "version": "1.2.3"}, env)
	if r.failedStep != "Install oncard" || !strings.Contains(r.log, "does not match checksums.txt") {
		t.Errorf("a bad checksum: failed step %q:\n%s", r.failedStep, r.log)
	}
	r = runAction(t, dir, map[string]string{"paths": "valid/agent-card.json", "version": "9.9.9"}, env)
	if r.failedStep != "Install oncard" {
		t.Errorf("a missing release: failed step %q:\n%s", r.failedStep, r.log)
	}
}

// tarGz is a .tar.gz holding one executable file.
func tarGz(t *testing.T, name string, data []byte) []byte {
	t.Helper()
	var b strings.Builder
	gz := gzip.NewWriter(&b)
	tw := tar.NewWriter(gz)
	if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o755, Size: int64(len(data)), Typeflag: tar.TypeReg}); err != nil {
		t.Fatal(err)
	}
	if _, err := tw.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := gz.Close(); err != nil {
		t.Fatal(err)
	}
	return []byte(b.String())
}
