package lsp

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/oncard/oncard/internal/oasfclient/servertest"
)

// testCard is a card with findings at known places: skill id "lookup"
// twice (line 20; the first on line 16), an On Request entry naming a skill
// (line 8) and an OASF skill by name and id (lines 12-13).
const testCard = `{
  "name": "Test Agent",
  "description": "Answers questions.",
  "supportedInterfaces": [{"url": "https://agent.example/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
  "version": "1.0.0",
  "capabilities": {"extensions": [
    {"uri": "https://agent-capability.org/ext/on-request/v1", "params": {"skills": [
      {"id": "lookup", "personEntry": "https://agent.example/help"}]}},
    {"uri": "https://schema.oasf.outshift.com/1.1.0/objects/discovery", "params": {
      "schema_version": "1.1.0",
      "skills": [
        {"name": "language_processing/language_generation/summarization",
         "id": 10302}]}}]},
  "defaultInputModes": ["text/plain"],
  "defaultOutputModes": ["text/plain"],
  "skills": [
    {"id": "lookup", "name": "Look up", "description": "Looks things up.", "tags": ["search"]},
    {"id": "answer", "name": "Answer", "description": "Answers.", "tags": ["qa"]},
    {"id": "translate", "name": "Translate", "description": "Translates.", "tags": ["language"]},
    {"id": "lookup", "name": "Look up again", "description": "Looks again.", "tags": ["search"]}
  ]
}
`

// at is the position of the n-th byte of the first occurrence of sub on
// line (0-based) of testCard.
func at(line int, sub string, n int) pos {
	l := strings.Split(testCard, "\n")[line]
	i := strings.Index(l, sub)
	if i < 0 {
		panic(sub + " not on line")
	}
	return pos{line, i + n}
}

func fileURI(t *testing.T, name string) (string, string) {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, name)
	return "file://" + filepath.ToSlash(path), path
}

func find(diags []diagnostic, code string) *diagnostic {
	for i := range diags {
		if diags[i].Code == code {
			return &diags[i]
		}
	}
	return nil
}

func TestSessionDiagnosticsHoverCompletion(t *testing.T) {
	c := newClient(t, nil)
	uri, _ := fileURI(t, "agent-card.json")
	c.open(uri, testCard)

	diags := c.diagnosticsFor(uri, 1)
	dup := find(diags, "a2a/duplicate-skill-id")
	if dup == nil {
		t.Fatalf("no a2a/duplicate-skill-id among %+v", diags)
	}
	// The range is the second "lookup" value, 0-based line 19.
	if want := (rng{at(19, `"lookup"`, 0), at(19, `"lookup"`, 8)}); dup.Range != want {
		t.Errorf("duplicate-skill-id range = %+v, want %+v", dup.Range, want)
	}
	if dup.Severity != 1 || dup.Source != "oncard" {
		t.Errorf("severity %d source %q, want 1 oncard", dup.Severity, dup.Source)
	}
	if !strings.HasPrefix(dup.CodeDescription.Href, "https://github.com/oncard/oncard/blob/main/docs/DIAGNOSTICS.md#") {
		t.Errorf("codeDescription = %q", dup.CodeDescription.Href)
	}
	if len(dup.RelatedInformation) != 1 || dup.RelatedInformation[0].Location.Range.Start.Line != 16 ||
		dup.RelatedInformation[0].Location.URI != uri {
		t.Errorf("related = %+v, want the first lookup on line 16", dup.RelatedInformation)
	}

	// Hover on the OASF name: its caption and version.
	h := c.hover(uri, at(11, "summarization", 3))
	if !strings.Contains(h, "Text Summarization") || !strings.Contains(h, "OASF 1.1.0") {
		t.Errorf("hover on the OASF name = %q", h)
	}
	// ... and on its id.
	if h := c.hover(uri, at(12, "10302", 2)); !strings.Contains(h, "Text Summarization") {
		t.Errorf("hover on the OASF id = %q", h)
	}
	// Hover on a member: the schema's words.
	if h := c.hover(uri, at(16, `"tags"`, 2)); !strings.Contains(h, "`tags`") || !strings.Contains(h, "required") ||
		!strings.Contains(h, "Keywords for the skill") {
		t.Errorf("hover on tags = %q", h)
	}
	// Hover on the finding: its rule.
	if h := c.hover(uri, at(19, `"lookup"`, 3)); !strings.Contains(h, "Two skills have the same") {
		t.Errorf("hover on the duplicate = %q", h)
	}

	// Completion of the On Request skill id: the card's skills.
	items := c.complete(uri, at(7, `"lookup"`, 1))
	labels := labelsOf(items)
	if strings.Join(labels, ",") != "lookup,answer,translate,lookup" {
		t.Errorf("On Request id completion = %v", labels)
	}
	if e := items[1].TextEdit; e.NewText != "answer" || e.Range != (rng{at(7, "lookup", 0), at(7, "lookup", 6)}) {
		t.Errorf("text edit = %+v", e)
	}
	// Completion of protocolBinding.
	if l := labelsOf(c.complete(uri, at(3, `"JSONRPC"`, 1))); strings.Join(l, ",") != "JSONRPC,GRPC,HTTP+JSON" {
		t.Errorf("protocolBinding completion = %v", l)
	}

	// An incremental change that breaks the JSON: the parse finding, and
	// the server keeps serving.
	c.change(uri, 2, rng{pos{1, 10}, pos{1, 11}}, "")
	diags = c.diagnosticsFor(uri, 2)
	if len(diags) != 1 || !strings.HasPrefix(diags[0].Code, "json/") || diags[0].Range.Start.Line != 1 {
		t.Errorf("after breaking the JSON: %+v", diags)
	}
	// Put it back, and remove the duplicate: no more duplicate finding.
	c.change(uri, 3, rng{pos{1, 10}, pos{1, 10}}, `"`)
	c.change(uri, 4, rng{at(19, "lookup", 0), at(19, "lookup", 6)}, "again")
	diags = c.diagnosticsFor(uri, 4)
	if find(diags, "a2a/duplicate-skill-id") != nil {
		t.Errorf("the duplicate is still reported after the change: %+v", diags)
	}
	for _, p := range c.published(uri) {
		if p.Version != nil && *p.Version == 3 {
			t.Errorf("version 3 was published though 4 followed it within the pause")
		}
	}
	if err := c.shutdown(); err != nil {
		t.Errorf("Serve after shutdown and exit: %v", err)
	}
}

func labelsOf(items []wireItem) []string {
	var out []string
	for _, it := range items {
		out = append(out, it.Label)
	}
	return out
}

func TestOtherDocumentsGetNothing(t *testing.T) {
	c := newClient(t, nil)
	uri, _ := fileURI(t, "package.json")
	c.open(uri, `{"name": "x", "version": "1.0.0", "scripts": {}}`)
	if d := c.diagnosticsFor(uri, 1); len(d) != 0 {
		t.Errorf("package.json got %+v", d)
	}
	if h := c.hover(uri, pos{0, 3}); h != "" {
		t.Errorf("hover on package.json = %q", h)
	}
	// Broken JSON that is none of oncard's documents: nothing either.
	c.change(uri, 2, rng{pos{0, 0}, pos{0, 1}}, "")
	if d := c.diagnosticsFor(uri, 2); len(d) != 0 {
		t.Errorf("broken package.json got %+v", d)
	}
	if err := c.shutdown(); err != nil {
		t.Error(err)
	}
}

func TestConfigAndSettings(t *testing.T) {
	// failOn warning from the settings: a warning is shown as an error.
	c := newClient(t, map[string]any{"failOn": "warning"})
	uri, path := fileURI(t, "agent-card.json")
	card := strings.Replace(testCard, "https://agent.example/help", "http://agent.example/help", 1)
	// .oncard.json beside the card ignores the duplicate.
	cfg := `{"ignore": [{"paths": ["*.json"], "codes": ["a2a/duplicate-skill-id"]}]}`
	if err := os.WriteFile(filepath.Join(filepath.Dir(path), ".oncard.json"), []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	c.open(uri, card)
	// The settings arrive after initialized: the check of version 1 may
	// run before or after them; a save checks again under them.
	c.diagnosticsFor(uri, 1)
	c.notifyServer("textDocument/didSave", map[string]any{"textDocument": map[string]any{"uri": uri}})
	var diags []diagnostic
	for range 100 {
		ps := c.published(uri)
		diags = ps[len(ps)-1].Diagnostics
		if len(ps) >= 2 {
			break
		}
		c.waitNotify("the check after the save")
	}
	if find(diags, "a2a/duplicate-skill-id") != nil {
		t.Errorf(".oncard.json's ignore was not applied: %+v", diags)
	}
	var insecure *diagnostic
	for i := range diags {
		if strings.HasPrefix(diags[i].Code, "onrequest/") || diags[i].Code == "a2a/insecure-url" {
			insecure = &diags[i]
		}
	}
	if insecure == nil || insecure.Severity != 1 {
		t.Errorf("with failOn warning, the http personEntry's finding = %+v (all: %+v)", insecure, diags)
	}
	if err := c.shutdown(); err != nil {
		t.Error(err)
	}
}

func TestExitWithoutShutdown(t *testing.T) {
	c := newClient(t, nil)
	c.notifyServer("exit", nil)
	select {
	case err := <-c.done:
		if !errors.Is(err, ErrNoShutdown) {
			t.Errorf("exit without shutdown: %v, want ErrNoShutdown", err)
		}
	case <-time.After(time.Minute): // the hang guard, not a timing
		t.Fatal("the server did not end in a minute after exit")
	}
}

// completionCard has a scheme to name in a requirement, modes, an On
// Request entry's completion and an OASF skill id to complete.
const completionCard = `{
  "name": "C", "description": "D", "version": "1",
  "supportedInterfaces": [{"url": "https://c.example/a2a", "protocolBinding": "", "protocolVersion": "1.0"}],
  "capabilities": {"extensions": [
    {"uri": "https://agent-capability.org/ext/on-request/v1", "params": {"skills": [
      {"id": "s", "personEntry": "https://c.example/p", "completion": ""}]}},
    {"uri": "https://schema.oasf.outshift.com/1.1.0/objects/discovery", "params": {"schema_version": "1.1.0",
      "skills": [{"name": "language_processing/language_generation/summarization", "id": 0}],
      "domains": [{"name": "finance_and_business/bank"}]}}]},
  "securitySchemes": {"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}, "key": {"apiKeySecurityScheme": {"location": "header", "name": "X"}}},
  "securityRequirements": [{"schemes": {"": {"list": []}}}],
  "defaultInputModes": ["te"], "defaultOutputModes": ["text/plain"],
  "skills": [{"id": "s", "name": "S", "description": "D", "tags": ["t"]}]
}
`

func TestCompletionInPlace(t *testing.T) {
	c := newClient(t, nil)
	uri, _ := fileURI(t, "card.json")
	c.open(uri, completionCard)
	c.diagnosticsFor(uri, 1)
	line := func(sub string) (int, string) {
		for i, l := range strings.Split(completionCard, "\n") {
			if strings.Contains(l, sub) {
				return i, l
			}
		}
		t.Fatalf("%s not in the card", sub)
		return 0, ""
	}
	cases := []struct {
		name, at string
		n        int    // bytes into at where the cursor is
		first    string // the first item
		newText  string // its edit
		all      string // every label, when given
	}{
		{"protocolBinding", `"protocolBinding": ""`, 20, "JSONRPC", "JSONRPC", "JSONRPC,GRPC,HTTP+JSON"},
		{"On Request completion", `"completion": ""`, 15, "in-conversation", "in-conversation", "in-conversation,deferred"},
		{"OASF id from the name beside it", `"id": 0`, 6, "10302", "10302", ""},
		{"OASF domain by name", `"finance_and_business/bank"`, 26, "finance_and_business/banking", "finance_and_business/banking", ""},
		{"scheme names in a requirement", `{"": {"list"`, 2, "bearer", "bearer", "bearer,key"},
		{"media types", `["te"]`, 4, "text/plain", "text/plain", ""},
	}
	for _, tc := range cases {
		l, text := line(tc.at)
		items := c.complete(uri, pos{l, strings.Index(text, tc.at) + tc.n})
		if len(items) == 0 {
			t.Errorf("%s: no completion", tc.name)
			continue
		}
		if items[0].Label != tc.first || items[0].TextEdit.NewText != tc.newText {
			t.Errorf("%s: first item %q edit %q, want %q %q (all %v)", tc.name, items[0].Label, items[0].TextEdit.NewText, tc.first, tc.newText, labelsOf(items))
		}
		if tc.all != "" && strings.Join(labelsOf(items), ",") != tc.all {
			t.Errorf("%s: items %v, want %s", tc.name, labelsOf(items), tc.all)
		}
	}
	// A member of another kind gets no values.
	l, text := line(`"name": "C"`)
	if items := c.complete(uri, pos{l, strings.Index(text, `"C"`) + 1}); len(items) != 0 {
		t.Errorf("completion in name offered %v", labelsOf(items))
	}
	if err := c.shutdown(); err != nil {
		t.Error(err)
	}
}

func TestBrokenConfigIsShown(t *testing.T) {
	c := newClient(t, nil)
	uri, path := fileURI(t, "agent-card.json")
	if err := os.WriteFile(filepath.Join(filepath.Dir(path), ".oncard.json"), []byte(`{"ignores": []}`), 0o644); err != nil {
		t.Fatal(err)
	}
	c.open(uri, testCard)
	diags := c.diagnosticsFor(uri, 1)
	if len(diags) == 0 || !strings.Contains(diags[0].Message, ".oncard.json") || diags[0].Severity != 1 {
		t.Errorf("a broken .oncard.json: first diagnostic %+v", diags[0])
	}
	if find(diags, "a2a/duplicate-skill-id") == nil {
		t.Error("the findings are not shown beside the config's error")
	}
	if err := c.shutdown(); err != nil {
		t.Error(err)
	}
}

func TestNewCardWhileTyping(t *testing.T) {
	c := newClient(t, nil)
	uri, _ := fileURI(t, "agent-card.json")
	// Not JSON yet, but named as a card: the parse finding.
	c.open(uri, "{\n  \"name\": \n")
	d := c.diagnosticsFor(uri, 1)
	if len(d) != 1 || !strings.HasPrefix(d[0].Code, "json/") {
		t.Errorf("a card being typed: %+v", d)
	}
	// JSON, none of a card's members yet: checked as its name says.
	c.change(uri, 2, rng{pos{0, 0}, pos{3, 0}}, `{"name": "x"}`)
	d = c.diagnosticsFor(uri, 2)
	if find(d, "a2a/required-missing") == nil {
		t.Errorf("a new agent-card.json without members: %+v", d)
	}
	if err := c.shutdown(); err != nil {
		t.Error(err)
	}
}

func TestBadSettingsAreShownAndTheOldOnesKept(t *testing.T) {
	c := newClient(t, map[string]any{"failOn": "sometimes"})
	for range 100 {
		c.mu.Lock()
		n := len(c.messages)
		c.mu.Unlock()
		if n > 0 {
			break
		}
		c.waitNotify("the message about the bad settings")
	}
	c.mu.Lock()
	msgs := append([]string(nil), c.messages...)
	c.mu.Unlock()
	if len(msgs) != 1 || !strings.Contains(msgs[0], "oncard.failOn") {
		t.Errorf("messages %q", msgs)
	}
	uri, _ := fileURI(t, "agent-card.json")
	c.open(uri, testCard)
	if d := find(c.diagnosticsFor(uri, 1), "a2a/duplicate-skill-id"); d == nil {
		t.Error("the server stopped checking after bad settings")
	}
	if err := c.shutdown(); err != nil {
		t.Error(err)
	}
}

// TestOnlineOnOpenAndSaveOnly: with the online setting the OASF schema
// server (a loopback stand-in) is asked when a document is opened and
// saved, never on a change.
func TestOnlineOnOpenAndSaveOnly(t *testing.T) {
	srv := servertest.New(t)
	settings := map[string]any{"oncard": map[string]any{"online": true, "oasfServer": srv.URL}}
	c := newClientInit(t, settings["oncard"], 20*time.Millisecond, settings)
	uri, _ := fileURI(t, "agent-card.json")
	c.open(uri, testCard)
	c.diagnosticsFor(uri, 1)
	opened := srv.CountRequests("")
	if opened == 0 {
		t.Fatal("opening the card asked the schema server nothing")
	}
	c.change(uri, 2, rng{at(1, "Test", 0), at(1, "Test", 4)}, "Best")
	c.diagnosticsFor(uri, 2)
	if n := srv.CountRequests(""); n != opened {
		t.Errorf("a change asked the schema server (%d requests, %d after opening)", n, opened)
	}
	c.notifyServer("textDocument/didSave", map[string]any{"textDocument": map[string]any{"uri": uri}})
	for range 100 {
		if srv.CountRequests("") > opened {
			break
		}
		c.waitNotify("the check after the save")
	}
	if srv.CountRequests("") == opened {
		t.Error("saving asked the schema server nothing")
	}
	if err := c.shutdown(); err != nil {
		t.Error(err)
	}
}

func TestOASFRecordHoverAndCompletion(t *testing.T) {
	c := newClient(t, nil)
	uri, _ := fileURI(t, "record.json")
	record := `{"schema_version": "1.1.0", "name": "agent", "version": "1.0.0", "authors": ["A"],
 "locators": [{"type": "source_code", "url": "https://a.example/src"}],
 "skills": [{"name": "language_processing/language_generation/summarization", "id": 10302}]}`
	c.open(uri, record)
	c.diagnosticsFor(uri, 1)
	line := strings.Split(record, "\n")[2]
	if h := c.hover(uri, pos{2, strings.Index(line, "summarization")}); !strings.Contains(h, "Text Summarization") {
		t.Errorf("hover on a record's skill = %q", h)
	}
	if items := c.complete(uri, pos{2, strings.Index(line, "10302") + 1}); len(items) == 0 || items[0].Label != "10302" {
		t.Errorf("completion of a record's skill id: %v", labelsOf(items))
	}
	if err := c.shutdown(); err != nil {
		t.Error(err)
	}
}

func TestReplyStatusCompletion(t *testing.T) {
	c := newClient(t, nil)
	uri, _ := fileURI(t, "reply.json")
	reply := `{"status": "", "skillId": "lookup", "personEntry": "https://a.example/p"}`
	c.open(uri, reply)
	c.diagnosticsFor(uri, 1)
	items := c.complete(uri, pos{0, strings.Index(reply, `""`) + 1})
	if got := strings.Join(labelsOf(items), ","); got != "on-request,action-referred,given-on-opt-in" {
		t.Errorf("status completion = %s", got)
	}
	if err := c.shutdown(); err != nil {
		t.Error(err)
	}
}
