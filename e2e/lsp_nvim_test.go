//go:build e2e

package e2e

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// nvimCard has (0-based lines) a duplicate skill id on line 13, an On
// Request entry to complete on line 6, an OASF skill name to hover on line
// 8 and a member under its proto name (a quick fix) on line 9.
const nvimCard = `{
  "name": "Test Agent",
  "description": "Answers questions.",
  "supportedInterfaces": [{"url": "https://agent.example/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
  "version": "1.0.0",
  "capabilities": {"extensions": [
    {"uri": "https://agent-capability.org/ext/on-request/v1", "params": {"skills": [{"id": "lookup", "personEntry": "https://agent.example/help"}]}},
    {"uri": "https://schema.oasf.outshift.com/1.1.0/objects/discovery", "params": {"schema_version": "1.1.0",
      "skills": [{"name": "language_processing/language_generation/summarization", "id": 10302}]}}]},
  "default_input_modes": ["text/plain"],
  "defaultOutputModes": ["text/plain"],
  "skills": [
    {"id": "lookup", "name": "Look up", "description": "Looks things up.", "tags": ["search"]},
    {"id": "lookup", "name": "Look up again", "description": "Looks again.", "tags": ["search"]}
  ]
}
`

// TestLanguageServerInNeovim runs the real binary as neovim's language
// server: neovim opens a card, and the diagnostic, a completion, a hover
// and a quick fix are what the editor received; a typed change and the
// fix applied clear their findings.
func TestLanguageServerInNeovim(t *testing.T) {
	nvim, err := exec.LookPath("nvim")
	if err != nil {
		t.Skip("neovim is not installed: this test runs oncard lsp in a real editor (apt-get install neovim)")
	}
	bin := buildBinary(t)
	dir := t.TempDir()
	card := filepath.Join(dir, "agent-card.json")
	if err := os.WriteFile(card, []byte(nvimCard), 0o644); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(nvimCard, "\n")
	col := func(line int, sub string, n int) int { return strings.Index(lines[line], sub) + n }
	positions, _ := json.Marshal(map[string][]int{
		"complete": {6, col(6, `"lookup"`, 1)},
		"hover":    {8, col(8, "summarization", 2)},
		"rename":   {13, col(13, "lookup", 0), col(13, "lookup", 6)},
		"fix":      {9, col(9, "default_input_modes", 0)},
	})
	outFile := filepath.Join(dir, "out.json")
	script, err := filepath.Abs(filepath.Join("testdata", "lsp_nvim.lua"))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, nvim, "--headless", "--clean", "-n", "-c", "luafile "+script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "ONCARD_BIN="+bin, "ONCARD_CARD="+card, "ONCARD_OUT="+outFile,
		"ONCARD_POSITIONS="+string(positions), "XDG_CONFIG_HOME="+dir, "XDG_DATA_HOME="+dir, "XDG_STATE_HOME="+dir)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("nvim: %v\n%s", err, b)
	}
	data, err := os.ReadFile(outFile)
	if err != nil {
		t.Fatalf("neovim wrote no result: %v", err)
	}
	var got struct {
		Error       string
		Diagnostics []struct {
			Line, Col int
			Code      string
			Message   string
			Severity  int
		}
		Completion []string
		Hover      string
		After      []string
		Actions    []string
		Fixed      string
		AfterFix   []string
		Stopped    bool
	}
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatalf("%v: %s", err, data)
	}
	if got.Error != "" {
		t.Fatalf("the Lua script failed: %s", got.Error)
	}
	found := false
	for _, d := range got.Diagnostics {
		if strings.Contains(d.Message, `skill id "lookup" is already used by /skills/0`) {
			found = true
			if d.Line != 13 || d.Col != col(13, `"lookup"`, 0) || d.Severity != 1 {
				t.Errorf("the duplicate's diagnostic is at %d:%d severity %d, want 13:%d error", d.Line, d.Col, d.Severity, col(13, `"lookup"`, 0))
			}
		}
	}
	if !found {
		t.Errorf("neovim shows no duplicate-skill diagnostic: %+v", got.Diagnostics)
	}
	if strings.Join(got.Completion, ",") != "lookup,lookup" {
		t.Errorf("completion of the On Request skill id = %v, want the card's skill ids", got.Completion)
	}
	if !strings.Contains(got.Hover, "Text Summarization") || !strings.Contains(got.Hover, "OASF 1.1.0 skill") {
		t.Errorf("hover on the OASF name = %q", got.Hover)
	}
	for _, m := range got.After {
		if strings.Contains(m, "already used") {
			t.Errorf("after the rename neovim still shows %q", m)
		}
	}
	if len(got.Actions) != 1 || got.Actions[0] != "Rename the member to its camelCase JSON name" {
		t.Errorf("code actions on the proto name: %q", got.Actions)
	}
	if strings.Contains(got.Fixed, "default_input_modes") || !strings.Contains(got.Fixed, `"defaultInputModes"`) {
		t.Errorf("the buffer after the quick fix:\n%s", got.Fixed)
	}
	for _, m := range got.AfterFix {
		if strings.Contains(m, "proto field name") {
			t.Errorf("after the quick fix neovim still shows %q", m)
		}
	}
	if !got.Stopped {
		t.Error("the language server did not stop when neovim asked")
	}
}
