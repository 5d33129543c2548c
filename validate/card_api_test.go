package validate

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/oncard/oncard/model"
)

func mustParse(t *testing.T, s string) *model.Doc {
	t.Helper()
	doc, err := model.Parse([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

func TestDetect(t *testing.T) {
	cases := []struct {
		json string
		want Kind
	}{
		{`{"name":"a","description":"b","supportedInterfaces":[],"skills":[]}`, KindCard},
		{`{"name":"a","url":"https://x","skills":[{"id":"s","name":"n"}]}`, KindCard},
		{`{"skills":[{"id":"s","personEntry":"https://bank.example/ask"}]}`, KindOnRequest},
		{`{"uri":"https://agent-capability.org/ext/on-request/v1","params":{"skills":[]}}`, KindOnRequest},
		{`{"status":"on-request","skillId":"s","personEntry":"tel:+15550100"}`, KindReply},
		{`{"schema_version":"1.1.0","skills":[{"id":60602}]}`, KindDiscovery},
		{`{"specVersion":"1.0","entries":[]}`, KindCatalog},
		{`{"entries":[]}`, KindCatalog},
		{`[1,2]`, KindUnknown},
		{`"text"`, KindUnknown},
		{`{"name":"oncard","version":"1.0.0","description":"x","scripts":{}}`, KindUnknown},
		{`{"identifier":"urn:air:example.com:agents:a","type":"application/a2a-agent-card+json","url":"https://example.com/card.json"}`, KindEntry},
		// A card whose skills happen to carry personEntry is still a card.
		{`{"name":"a","skills":[{"id":"s","personEntry":"https://x.example"}]}`, KindCard},
	}
	for _, tc := range cases {
		if got := Detect(mustParse(t, tc.json)); got != tc.want {
			t.Errorf("Detect(%s) = %q, want %q", tc.json, got, tc.want)
		}
	}
	if got := Detect(nil); got != KindUnknown {
		t.Errorf("Detect(nil) = %q", got)
	}
}

func TestBytesParseErrors(t *testing.T) {
	cases := []struct {
		src          string
		code         string
		line, column int
		pointer      string
	}{
		{"{\n  \"name\": \"a\",\n  \"name\": \"b\"\n}", "json/duplicate-key", 3, 3, "/name"},
		{"{\n  \"name\": \"a\",\n}", "json/syntax", 3, 1, ""},
		{"placeholder\n", "json/syntax", 1, 1, ""},
	}
	for _, tc := range cases {
		doc, kind, diags := bytesOf([]byte(tc.src), "", nil)
		if doc != nil || kind != "" {
			t.Errorf("%q: want a nil Doc and no kind, got kind %q", tc.src, kind)
		}
		if len(diags) != 1 {
			t.Fatalf("%q: want one diagnostic, got %d", tc.src, len(diags))
		}
		d := diags[0]
		if d.Code != tc.code || d.Line != tc.line || d.Column != tc.column || d.Pointer != tc.pointer || d.Severity != Error || d.Message == "" {
			t.Errorf("%q: got %+v, want %s at %d:%d pointer %q", tc.src, d, tc.code, tc.line, tc.column, tc.pointer)
		}
	}
	// With an explicit kind, the kind is returned even when parsing fails.
	if _, kind, _ := bytesOf([]byte("{"), KindCatalog, nil); kind != KindCatalog {
		t.Errorf("kind = %q, want catalog", kind)
	}
}

func TestBytesDetectsAndValidates(t *testing.T) {
	doc, kind, diags := bytesOf([]byte(`{"name": "a", "capabilities": {}}`), "", nil)
	if doc == nil || kind != KindCard {
		t.Fatalf("doc=%v kind=%q", doc, kind)
	}
	if _, ok := cardFindDiag(diags, "a2a/required-missing", "/skills"); !ok {
		t.Errorf("missing skills not reported:\n%s", cardListDiags(diags))
	}
	for i := 1; i < len(diags); i++ {
		if diags[i-1].Line > diags[i].Line {
			t.Errorf("diagnostics not sorted by position")
		}
	}
}

func TestDocumentUnknownKind(t *testing.T) {
	diags := Document(mustParse(t, `{}`), Kind("poem"), nil)
	if len(diags) != 1 || diags[0].Code != "validate/unknown-kind" || diags[0].Severity != Error {
		t.Errorf("got %+v", diags)
	}
}

func TestCardRootNotObject(t *testing.T) {
	for _, src := range []string{`[]`, `"card"`, `null`, `42`} {
		diags := Card(mustParse(t, src), nil)
		if len(diags) != 1 || diags[0].Code != "a2a/type" || diags[0].Pointer != "" {
			t.Errorf("%s: got %+v", src, diags)
		}
	}
}

// TestCardMessagesAreSafe: card text reaches the terminal through
// model.SafeText, so escape sequences in a card cannot drive the terminal.
func TestCardMessagesAreSafe(t *testing.T) {
	src := `{"defaultInputModes": ["\u001b[2Jtext"], "skills": [{"id": "a\u202eb"}, {"id": "a\u202eb"}]}`
	for _, d := range Card(mustParse(t, src), nil) {
		if strings.ContainsAny(d.Message+d.Hint, "\x1b\u202e") {
			t.Errorf("%s message carries raw control characters: %q", d.Code, d.Message)
		}
	}
	diags := Card(mustParse(t, src), nil)
	d, ok := cardFindDiag(diags, "a2a/media-type", "/defaultInputModes/0")
	if !ok || !strings.Contains(d.Message, `\x1b[2Jtext`) {
		t.Errorf("media-type message should show the escape visibly: %+v", d)
	}
}

// TestSignedCardEdited: once the Doc is edited, signatures no longer
// verify, and the note becomes a warning.
func TestSignedCardEdited(t *testing.T) {
	doc := mustParse(t, `{"name": "a", "signatures": [{"protected": "eyJhbGciOiJFUzI1NiJ9", "signature": "c2ln"}]}`)
	if d, ok := cardFindDiag(Card(doc, nil), "a2a/signed-card", "/signatures"); !ok || d.Severity != Info {
		t.Fatalf("unedited: got %+v", d)
	}
	if err := doc.SetValue("/name", "b"); err != nil {
		t.Fatal(err)
	}
	if d, ok := cardFindDiag(Card(doc, nil), "a2a/signed-card", "/signatures"); !ok || d.Severity != Warning {
		t.Errorf("edited: got %+v", d)
	}
}

func TestSecretDetector(t *testing.T) {
	positives := map[string]string{
		`"ghp_Z3kq9fT1mXc4LrB8vN2yW6pQ0sD5hJ7uA1eG"`:                                                     "GitHub",
		`"key AKIAIOSFODNN7EXAMPLE here"`:                                                                "AWS",
		`"sk-proj-4f9Kx2LmQ8rT1vB7nC3zW5yH0pJ6sD9a"`:                                                     "sk-",
		`"AIzaSyD3x8Kq1mN7pL2rT9vB4cW6yH0jF5sG8aZ"`:                                                      "Google",
		`"-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7xK9mQ2rT1vB7nC3zW5yH0pJ6sD9a"`:               "private key",
		`"Authorization: Bearer 9f8e7d6c5b4a39281706f5e4d3c2b1a0"`:                                       "bearer",
		`"https://admin:s3cretPassw0rd@db.example.com/x"`:                                                "password",
		`"https://api.example.com/v1?api_key=a8F3kL9mQ2xR7tB1vN4c"`:                                      "query",
		`"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"`: "JSON Web Token",
		`"xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx"`:                                     "Slack",
	}
	for raw, want := range positives {
		got := secretIn([]byte(raw))
		if !strings.Contains(got, want) {
			t.Errorf("secretIn(%s) = %q, want something naming %q", raw, got, want)
		}
	}
	negatives := []string{
		`"Plans a route with traffic-aware-routing-and-scheduling-helpers"`,
		`"task-management-and-scheduling-helper for route_planning_2025_edition"`,
		`"https://agent.example.com/a2a/v1/.well-known/agent-card.json"`,
		`"Use a Bearer token issued by https://auth.example.com/token"`,
		`"-----BEGIN CERTIFICATE-----\nMIIC"`,
		`"sk-learn-compatible-classification-models"`,
		`"550e8400-e29b-41d4-a716-446655440000"`,
		`""`,
	}
	for _, raw := range negatives {
		if got := secretIn([]byte(raw)); got != "" {
			t.Errorf("secretIn(%s) = %q, want nothing", raw, got)
		}
	}
}

func TestURLHelpers(t *testing.T) {
	for s, want := range map[string]bool{
		"https://example.com/ext/v1": true, "urn:example:ext:v1": true, "ext/v1": false,
		"https://": false, "": false, "1http://x": false, "https://exa mple.com": false,
	} {
		if got := isAbsURI(s); got != want {
			t.Errorf("isAbsURI(%q) = %v", s, got)
		}
	}
	for s, want := range map[string]bool{"1.0": true, "0.3": true, "12.40": true, "1.0.0": false, "v1.0": false, "1": false, "1.": false} {
		if got := isMajorMinor(s); got != want {
			t.Errorf("isMajorMinor(%q) = %v", s, got)
		}
	}
	for s, want := range map[string]bool{"text/plain": true, "image/*": true, "text/plain; charset=utf-8": true,
		"text": false, "/plain": false, "text/": false, "text plain/x": false} {
		if got := isMediaType(s); got != want {
			t.Errorf("isMediaType(%q) = %v", s, got)
		}
	}
}

// naiveSecretIn is secretIn without the skipping: every maximal run of
// token bytes is classified. The fast scan must agree with it.
func naiveSecretIn(raw []byte) string {
	start := 0
	for i := 0; i <= len(raw); i++ {
		if i < len(raw) && tokenByte[raw[i]] {
			continue
		}
		if i-start >= minSecretRun {
			if isPrivateKeyPEM(raw) {
				return "a private key"
			}
			if what := classifyRun(raw[start:i], raw[:start]); what != "" {
				return what
			}
		}
		start = i + 1
	}
	return ""
}

func TestSecretScanSkipsSafely(t *testing.T) {
	pieces := []string{" ", "a", "Z", "9", "-", "/", ":", "@", "=", "?", "&", "Bearer ", "ghp_", "sk-", "AKIA",
		"eyJ", ".", "https://", "-----BEGIN ", "PRIVATE KEY", "api_key=", "x8K2m9Q4", "ABCDEFGH12345678", "\\n"}
	seed := uint32(1)
	next := func() int { seed = seed*1664525 + 1013904223; return int(seed >> 8) }
	found := 0
	for n := 0; n < 20000; n++ {
		var b strings.Builder
		b.WriteByte('"')
		for k := next() % 40; k > 0; k-- {
			b.WriteString(pieces[next()%len(pieces)])
		}
		b.WriteByte('"')
		raw := []byte(b.String())
		fast, slow := secretIn(raw), naiveSecretIn(raw)
		if fast != slow {
			t.Fatalf("secretIn(%s) = %q, naive scan says %q", raw, fast, slow)
		}
		if fast != "" {
			found++
		}
	}
	if found == 0 {
		t.Fatal("no generated string held a secret: the comparison is vacuous")
	}
}

// TestExtensionMembersReportedOnce: when the On Request or OASF check owns an
// extension entry, a wrong member is reported once, not also by the generic
// AgentExtension shape.
func TestExtensionMembersReportedOnce(t *testing.T) {
	for _, uri := range []string{OnRequestURI, "https://schema.oasf.outshift.com/1.1.0/objects/discovery"} {
		src := `{"capabilities": {"extensions": [{"uri": "` + uri + `", "params": []}]}}`
		n := 0
		for _, d := range Card(mustParse(t, src), nil) {
			if d.Pointer == "/capabilities/extensions/0/params" && d.Severity == Error {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%s: %d errors at params, want 1", uri, n)
		}
	}
	// A generic extension keeps the A2A verdict.
	src := `{"capabilities": {"extensions": [{"uri": "https://example.com/ext/v1", "params": []}]}}`
	if _, ok := cardFindDiag(Card(mustParse(t, src), nil), "a2a/type", "/capabilities/extensions/0/params"); !ok {
		t.Error("a2a/type missing for a generic extension's params")
	}
}

// TestV03SecurityNames: a v0.3 card's `security` must name declared
// schemes too, and a v0.3 scheme is read in its {"type": ...} form.
func TestV03SecurityNames(t *testing.T) {
	src := `{"name": "a", "description": "b", "version": "1", "url": "https://a.example/a2a",
	  "protocolVersion": "0.3.0", "capabilities": {}, "defaultInputModes": ["text/plain"],
	  "defaultOutputModes": ["text/plain"],
	  "skills": [{"id": "s", "name": "S", "description": "d", "tags": ["t"], "security": [{"gone": []}]}],
	  "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}, "odd": {"type": "magic"}},
	  "security": [{"bearer": []}]}`
	diags := Card(mustParse(t, src), nil)
	if errs, _, _ := Counts(diags); errs != 2 {
		t.Errorf("want 2 errors, got:\n%s", cardListDiags(diags))
	}
	if _, ok := cardFindDiag(diags, "a2a/unknown-security-scheme", "/skills/0/security/0/gone"); !ok {
		t.Errorf("undeclared v0.3 scheme not reported:\n%s", cardListDiags(diags))
	}
	if _, ok := cardFindDiag(diags, "a2a/enum", "/securitySchemes/odd/type"); !ok {
		t.Errorf("unknown v0.3 scheme type not reported:\n%s", cardListDiags(diags))
	}
	if _, ok := cardFindDiag(diags, "a2a/v03-card", ""); !ok {
		t.Errorf("v0.3 card not flagged")
	}
}

func TestNilDocument(t *testing.T) {
	for _, kind := range append([]Kind{""}, Kinds...) {
		diags := Document(nil, kind, nil)
		if len(diags) != 1 || diags[0].Code != "validate/no-document" {
			t.Errorf("%q: got %+v", kind, diags)
		}
	}
}

// TestCardIsPure: validating neither edits the Doc nor depends on earlier
// runs (the TUI validates the same Doc on every keystroke).
func TestCardIsPure(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "rules", "a2a", "unknown-security-scheme", "invalid.json"))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := model.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	first := Card(doc, nil)
	for i := 0; i < 3; i++ {
		again := Card(doc, nil)
		if len(again) != len(first) {
			t.Fatalf("run %d: %d diagnostics, first run %d", i, len(again), len(first))
		}
		for j := range first {
			if again[j] != first[j] {
				t.Fatalf("run %d: diagnostic %d differs: %+v vs %+v", i, j, again[j], first[j])
			}
		}
	}
	if doc.Changed() || !bytes.Equal(doc.Encode(), data) {
		t.Error("Card changed the document")
	}
}

// ProtoJSON (the official SDKs) omits empty maps and strings: an OAuth flow
// without scopes gets the verdict of "scopes": {}, and an empty URL string
// gets none, while a string that is no URL gets one.
func TestProtoJSONOmissions(t *testing.T) {
	card := func(flow, docURL string) []Diagnostic {
		return Card(mustParse(t, `{"name":"a","description":"d","version":"1",
  "supportedInterfaces":[{"url":"https://a.example.com","protocolBinding":"JSONRPC","protocolVersion":"1.0"}],
  "capabilities":{},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],
  "skills":[{"id":"s","name":"S","description":"d","tags":["t"]}],
  "documentationUrl": `+docURL+`,
  "securitySchemes":{"o":{"oauth2SecurityScheme":{"flows":{"clientCredentials":`+flow+`}}}}}`), nil)
	}
	withScopes := card(`{"tokenUrl":"https://auth.example.com/token","scopes":{}}`, `""`)
	without := card(`{"tokenUrl":"https://auth.example.com/token"}`, `""`)
	if !reflect.DeepEqual(codesOf(withScopes), codesOf(without)) {
		t.Errorf("scopes {} and no scopes differ:\n%s---\n%s", cardListDiags(withScopes), cardListDiags(without))
	}
	if len(without) != 0 {
		t.Errorf("a flow without scopes and an empty documentationUrl are fine:\n%s", cardListDiags(without))
	}
	foo := card(`{"tokenUrl":"https://auth.example.com/token"}`, `"foo"`)
	if _, ok := cardFindDiag(foo, ruleA2AInvalidURL.Code, "/documentationUrl"); !ok {
		t.Errorf(`documentationUrl "foo" is not reported:`+"\n%s", cardListDiags(foo))
	}
}

func codesOf(diags []Diagnostic) []string {
	var out []string
	for _, d := range diags {
		out = append(out, d.Code+" "+d.Pointer)
	}
	return out
}
