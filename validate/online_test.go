package validate

import (
	"context"
	"fmt"
	"net/http"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/oncard/oncard/internal/oasfclient"
	"github.com/oncard/oncard/internal/oasfclient/servertest"
	"github.com/oncard/oncard/model"
)

// These tests talk to servertest, a local stand-in for the OASF schema
// server (the real one cannot be reached from CI). It answers the documented
// API from the fixtures in ../shared/reference/oasf/api, including the
// released servers' name_unknown answer for the discovery object.

func readOnlineFixture(t *testing.T, name string) *model.Doc {
	t.Helper()
	return readDoc(t, filepath.Join("online", name))
}

func onlineFixtures(t *testing.T) []string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join("testdata", "online", "*.json"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	for i, n := range names {
		names[i] = filepath.Base(n)
	}
	return names
}

// verdictLine is what agreement is about: where, what, which words.
func verdictLine(ptr, code, msg string) string { return ptr + "  " + code + "  " + msg }

// offlineReferenceVerdict keeps the offline findings about references in
// the server's terms.
func offlineReferenceVerdict(diags []Diagnostic) []string {
	var out []string
	for _, d := range diags {
		if serverErrorTypes[strings.TrimPrefix(d.Code, "oasf/")] &&
			(strings.Contains(d.Pointer, "/skills/") || strings.Contains(d.Pointer, "/domains/")) {
			out = append(out, verdictLine(d.Pointer, d.Code, d.Message))
		}
	}
	sort.Strings(out)
	return out
}

// onlineReferenceVerdict is the server-side verdict on every discovery
// payload of doc, from the class lookups, before any merging.
func onlineReferenceVerdict(t *testing.T, srv *servertest.Server, doc *model.Doc) []string {
	t.Helper()
	client, err := oasfclient.New(srv.URL, oasfclient.Options{})
	if err != nil {
		t.Fatal(err)
	}
	r := newReport(doc, nil)
	oc := newOnlineCheck(client, r)
	payloads := discoveryPayloads(r, Detect(doc))
	if len(payloads) == 0 {
		t.Fatalf("no discovery payload found")
	}
	var out []string
	for _, p := range payloads {
		version, _ := p.node.Get("schema_version").Str()
		fs, err := oc.checkReferences(context.Background(), version, p)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range fs {
			out = append(out, verdictLine(f.Pointer, f.code(), f.Message))
		}
	}
	sort.Strings(out)
	return out
}

// TestOnlineOfflineAgreement: for every fixture payload (valid ones and one
// per error type), the stand-in server's verdict and the offline verdict
// are identical in type, message and pointer, and Online reports no
// disagreement.
func TestOnlineOfflineAgreement(t *testing.T) {
	for _, legacy := range []bool{false, true} {
		generation := "server>=1.0.2"
		if legacy {
			generation = "server1.0.0-1.0.1"
		}
		t.Run(generation, func(t *testing.T) {
			srv := servertest.New(t)
			srv.SetLegacy(legacy)
			checkAgreement(t, srv)
		})
	}
}

func checkAgreement(t *testing.T, srv *servertest.Server) {
	for _, name := range onlineFixtures(t) {
		t.Run(name, func(t *testing.T) {
			doc := readOnlineFixture(t, name)
			offline := Document(doc, "", nil)
			want := offlineReferenceVerdict(offline)
			got := onlineReferenceVerdict(t, srv, doc)
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("online and offline verdicts differ\nonline:\n  %s\noffline:\n  %s",
					strings.Join(got, "\n  "), strings.Join(want, "\n  "))
			}
			merged, err := Online(context.Background(), doc, "", offline, OnlineOptions{Server: schemaServer(t, srv.URL, nil)})
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range merged {
				if d.Code == ruleOASFOnlineOfflineDisagree.Code {
					t.Errorf("disagreement reported: %s %s", d.Pointer, d.Message)
				}
			}
			if !strings.HasPrefix(name, "valid") && len(want) == 0 {
				t.Errorf("fixture %s was meant to hold reference errors, the offline check found none", name)
			}
		})
	}
}

// Every error type of OASF.md's table is covered by some fixture.
func TestOnlineFixturesCoverEveryErrorType(t *testing.T) {
	seen := map[string]bool{}
	for _, name := range onlineFixtures(t) {
		for _, d := range Document(readOnlineFixture(t, name), "", nil) {
			seen[strings.TrimPrefix(d.Code, "oasf/")] = true
		}
	}
	for typ := range serverErrorTypes {
		if !seen[typ] {
			t.Errorf("no fixture yields %s", typ)
		}
	}
}

func codes(diags []Diagnostic) map[string]int {
	m := map[string]int{}
	for _, d := range diags {
		m[d.Code]++
	}
	return m
}

// A released server: the discovery object is unknown (said once, however
// many payloads), the references are looked up one by one, and every
// online diagnostic is marked as such.
func TestOnlineServerLacksDiscovery(t *testing.T) {
	srv := servertest.New(t)
	doc := readOnlineFixture(t, "catalog.json")
	offline := Document(doc, "", nil)
	merged, err := Online(context.Background(), doc, "", offline, OnlineOptions{Server: schemaServer(t, srv.URL, nil)})
	if err != nil {
		t.Fatal(err)
	}
	c := codes(merged)
	if c[ruleOASFServerLacksDiscovery.Code] != 1 {
		t.Errorf("%s reported %d times, want once", ruleOASFServerLacksDiscovery.Code, c[ruleOASFServerLacksDiscovery.Code])
	}
	if c[ruleOASFOnlineChecked.Code] != 2 {
		t.Errorf("%s: %d, want one per payload (2)", ruleOASFOnlineChecked.Code, c[ruleOASFOnlineChecked.Code])
	}
	for _, d := range merged {
		if strings.HasPrefix(d.Code, "oasf/server-") || strings.HasPrefix(d.Code, "oasf/online-") {
			if d.Source != SourceOnline {
				t.Errorf("%s has source %q, want online", d.Code, d.Source)
			}
		}
	}
	if n := srv.CountRequests("POST /api/1.1.0/validate/object/discovery"); n != 1 {
		t.Errorf("POST for 1.1.0 sent %d times, want 1", n)
	}
	if n := srv.CountRequests("GET /api/1.1.0/skills?"); n == 0 {
		t.Errorf("no per-reference lookups were made: %v", srv.Requests())
	}
	if len(merged) != len(offline)+3 {
		t.Errorf("merged %d diagnostics from %d offline; want the offline ones plus 3 notes", len(merged), len(offline))
	}
}

// The server-only version: offline cannot check it (unknown version), the
// server can; an error there shows up as an online finding plus a
// disagreement.
func TestOnlineServerOnlyVersionDisagrees(t *testing.T) {
	srv := servertest.New(t)
	doc, err := model.Parse([]byte(fmt.Sprintf(`{"schema_version": "1.2.0", "skills": [{"name": %q, "id": %d}, {"id": 99999}]}`,
		servertest.NewSkillName, servertest.NewSkillID)))
	if err != nil {
		t.Fatal(err)
	}
	offline := Document(doc, "", nil)
	merged, err := Online(context.Background(), doc, "", offline, OnlineOptions{Server: schemaServer(t, srv.URL, nil)})
	if err != nil {
		t.Fatal(err)
	}
	var unknown, disagree *Diagnostic
	for i, d := range merged {
		switch {
		case d.Code == "oasf/id_unknown" && d.Source == SourceOnline:
			unknown = &merged[i]
		case d.Code == ruleOASFOnlineOfflineDisagree.Code:
			if disagree != nil {
				t.Errorf("two disagreements: %s and %s", disagree.Pointer, d.Pointer)
			}
			disagree = &merged[i]
		}
	}
	if unknown == nil || unknown.Pointer != "/skills/1/id" {
		t.Fatalf("want an online id_unknown at /skills/1/id; got %+v", merged)
	}
	if disagree == nil || disagree.Pointer != "/skills/1" || !strings.Contains(disagree.Message, "oasf/id_unknown") {
		t.Errorf("disagreement = %+v", disagree)
	}
}

// A future server that knows the discovery object: its answer is mapped to
// pointers, and a requirement the extension does not have (the upstream
// draft's "formats") is a disagreement.
func TestOnlineServerKnowsDiscovery(t *testing.T) {
	srv := servertest.New(t)
	srv.Discovery = func(version string, payload []byte) []byte {
		return []byte(`{"errors":[
			{"error":"attribute_required_missing","message":"Required attribute \"formats\" is missing.","attribute_path":"formats","attribute":"formats"},
			{"error":"id_unknown","message":"Unknown \"id\" value; no class is defined for 99999.","attribute_path":"skills[1].id","attribute":"id","value":99999}
		],"warnings":[],"error_count":2,"warning_count":0}`)
	}
	doc := readOnlineFixture(t, "card.json")
	offline := Document(doc, "", nil)
	merged, err := Online(context.Background(), doc, "", offline, OnlineOptions{Server: schemaServer(t, srv.URL, nil)})
	if err != nil {
		t.Fatal(err)
	}
	base := "/capabilities/extensions/0/params"
	var formats, disagree bool
	for _, d := range merged {
		if d.Code == "oasf/attribute_required_missing" && d.Pointer == base+"/formats" && d.Source == SourceOnline {
			formats = true
		}
		if d.Code == ruleOASFOnlineOfflineDisagree.Code && d.Pointer == base+"/formats" {
			disagree = true
		}
		if d.Code == "oasf/id_unknown" && d.Source == SourceOnline {
			t.Errorf("the server's id_unknown equals the offline one and should not be repeated: %+v", d)
		}
		if d.Code == ruleOASFServerLacksDiscovery.Code {
			t.Errorf("this server knows discovery")
		}
	}
	if !formats || !disagree {
		t.Errorf("want the server's formats finding and a disagreement; got %+v", merged)
	}
	if n := srv.CountRequests("GET /api/1.1.0/skills"); n != 0 {
		t.Errorf("no lookups are needed when the server validates the object; made %d", n)
	}
}

func TestAttributePathPointer(t *testing.T) {
	for in, want := range map[string]string{
		"":                         "",
		"skills":                   "/skills",
		"skills[0]":                "/skills/0",
		"skills[12].name":          "/skills/12/name",
		"a.b/c":                    "/a/b~1c",
		"domains[1].annotations.k": "/domains/1/annotations/k",
	} {
		if got := attributePathPointer(in); got != want {
			t.Errorf("attributePathPointer(%q) = %q, want %q", in, got, want)
		}
	}
}

// Network and server failures: an error value with a clear message, the
// offline diagnostics unchanged, never a panic.
func TestOnlineFailures(t *testing.T) {
	doc := readOnlineFixture(t, "valid.json")
	offline := Document(doc, "", nil)
	cases := map[string]func(*servertest.Server){
		"500": func(s *servertest.Server) {
			s.Fault("/api/1.1.0/validate/object/discovery", servertest.Status(500, `{"error":"boom"}`))
		},
		"malformed": func(s *servertest.Server) {
			s.Fault("/api/1.1.0/validate/object/discovery", servertest.Status(200, `{"errors": [`))
		},
		"html instead of a verdict": func(s *servertest.Server) {
			s.Fault("/api/1.1.0/validate/object/discovery", servertest.Status(200, `<html><body>Welcome to nginx</body></html>`))
		},
		"empty object instead of a verdict": func(s *servertest.Server) {
			s.Fault("/api/1.1.0/validate/object/discovery", servertest.Status(200, `{}`))
		},
		"class lookup not a class": func(s *servertest.Server) {
			s.Fault("/api/1.1.0/skills", servertest.Status(200, `{"name":"x","id":1,"category":false}`))
		},
		"categories500": func(s *servertest.Server) { s.Fault("/api/1.1.0/skill_categories", servertest.Status(500, `{}`)) },
		"redirect": func(s *servertest.Server) {
			s.Fault("/api/1.1.0/validate/object/discovery", servertest.Redirect("http://localhost:1/elsewhere"))
		},
	}
	for name, inject := range cases {
		t.Run(name, func(t *testing.T) {
			srv := servertest.New(t)
			inject(srv)
			got, err := Online(context.Background(), doc, "", offline, OnlineOptions{Server: schemaServer(t, srv.URL, nil)})
			if err == nil {
				t.Fatalf("no error")
			}
			if oasfclient.KindOf(err) == 0 {
				t.Errorf("err %v is not a *oasfclient.Error", err)
			}
			if len(got) != len(offline) {
				t.Errorf("the offline diagnostics were changed")
			}
			if strings.Contains(err.Error(), "goroutine") || strings.Contains(err.Error(), "panic") {
				t.Errorf("message looks like a crash: %v", err)
			}
		})
	}
	t.Run("unreachable", func(t *testing.T) {
		srv := servertest.New(t)
		url := srv.URL
		srv.Close()
		_, err := Online(context.Background(), doc, "", offline, OnlineOptions{Server: schemaServer(t, url, nil)})
		if oasfclient.KindOf(err) != oasfclient.ErrUnreachable {
			t.Errorf("err = %v, want unreachable", err)
		}
	})
	t.Run("timeout", func(t *testing.T) {
		srv := servertest.New(t)
		srv.Fault("/api/1.1.0/validate/object/discovery", servertest.Hang())
		_, err := Online(context.Background(), doc, "", offline,
			OnlineOptions{Server: schemaServer(t, srv.URL, &http.Client{Timeout: 200 * time.Millisecond})})
		if oasfclient.KindOf(err) != oasfclient.ErrTimeout || !strings.Contains(err.Error(), "did not answer") {
			t.Errorf("err = %v, want a timeout", err)
		}
	})
	t.Run("oversized", func(t *testing.T) {
		srv := servertest.New(t)
		srv.Fault("/api/1.1.0/validate/object/discovery", servertest.Oversized(oasfclient.DefaultMaxBody+10))
		_, err := Online(context.Background(), doc, "", offline, OnlineOptions{Server: schemaServer(t, srv.URL, nil)})
		if oasfclient.KindOf(err) != oasfclient.ErrTooLarge {
			t.Errorf("err = %v, want ErrTooLarge", err)
		}
	})
	t.Run("http to a remote host", func(t *testing.T) {
		_, err := oasfclient.New("http://schema.example.com", oasfclient.Options{})
		if oasfclient.KindOf(err) != oasfclient.ErrBadURL {
			t.Errorf("err = %v, want ErrBadURL", err)
		}
	})
}

func TestOnlineUnknownVersionOnServer(t *testing.T) {
	srv := servertest.New(t)
	doc, _ := model.Parse([]byte(`{"schema_version": "9.9.9", "skills": [{"id": 60602}]}`))
	merged, err := Online(context.Background(), doc, "", nil, OnlineOptions{Server: schemaServer(t, srv.URL, nil)})
	if err != nil {
		t.Fatal(err)
	}
	if c := codes(merged); c[ruleOASFServerVersionUnknown.Code] != 1 || len(merged) != 1 {
		t.Errorf("merged = %+v", merged)
	}
}

// A version the server stopped serving (a reverted deployment) is reported
// once as such, in both server generations, not as every reference being
// unknown.
func TestOnlineWithdrawnVersion(t *testing.T) {
	for _, legacy := range []bool{false, true} {
		srv := servertest.New(t)
		srv.SetLegacy(legacy)
		srv.Withdraw("1.1.0")
		doc := readOnlineFixture(t, "valid.json")
		offline := Document(doc, "", nil)
		merged, err := Online(context.Background(), doc, "", offline, OnlineOptions{Server: schemaServer(t, srv.URL, nil)})
		if err != nil {
			t.Fatal(err)
		}
		c := codes(merged)
		if c[ruleOASFServerVersionUnknown.Code] != 1 || c["oasf/id_unknown"] != 0 || c[ruleOASFOnlineOfflineDisagree.Code] != 0 {
			t.Errorf("legacy=%v: codes = %v", legacy, c)
		}
	}
}

// Documents without a discovery payload make no request at all.
func TestOnlineNothingToAsk(t *testing.T) {
	srv := servertest.New(t)
	doc, _ := model.Parse([]byte(`{"name": "x", "capabilities": {"extensions": [{"uri": "https://example.com/ext"}]}}`))
	if _, err := Online(context.Background(), doc, KindCard, nil, OnlineOptions{Server: schemaServer(t, srv.URL, nil)}); err != nil {
		t.Fatal(err)
	}
	if n := len(srv.Requests()); n != 0 {
		t.Errorf("%d requests for a card without discovery", n)
	}
}

// A server whose taxonomy differs from oncard's (here: it knows no skill
// at all) is caught: its findings are added and each differing reference
// gets a disagreement.
func TestOnlineDetectsServerDrift(t *testing.T) {
	srv := servertest.New(t)
	srv.Fault("/api/1.1.0/skills", servertest.Status(404, `{"error":"No skill found"}`))
	doc := readOnlineFixture(t, "valid.json")
	offline := Document(doc, "", nil)
	if got := onlineReferenceVerdict(t, srv, doc); len(got) != 2 {
		t.Errorf("online verdict = %q, want id_unknown and name_unknown for the skill", got)
	}
	merged, err := Online(context.Background(), doc, "", offline, OnlineOptions{Server: schemaServer(t, srv.URL, nil)})
	if err != nil {
		t.Fatal(err)
	}
	c := codes(merged)
	if c[ruleOASFOnlineOfflineDisagree.Code] != 1 || c["oasf/id_unknown"] != 1 || c["oasf/name_unknown"] != 1 || c[ruleOASFOnlineChecked.Code] != 0 {
		t.Errorf("codes = %v", c)
	}
}

// FuzzAttributePathPointer: whatever a server sends as attribute_path,
// the conversion neither panics nor produces something other than a
// pointer.
func FuzzAttributePathPointer(f *testing.F) {
	for _, s := range []string{"", "skills[0].name", "a[", "a]", "[[]]", "x.y[1][2].z", "~/[9999999999999999999]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, path string) {
		p := attributePathPointer(path)
		if p != "" && p[0] != '/' {
			t.Errorf("attributePathPointer(%q) = %q, not a pointer", path, p)
		}
	})
}

// What a server sends is made safe before it becomes a finding: its error
// type is reduced to [a-z0-9_] in the code, control and bidi characters in
// its message are escaped.
func TestOnlineServerTextSanitised(t *testing.T) {
	srv := servertest.New(t)
	srv.Discovery = func(version string, payload []byte) []byte {
		return []byte(`{"errors":[{"error":"evil\u202e\u001b[31m","message":"look\u001b[2J here\u2067","attribute_path":"skills[0]"}],
			"warnings":[],"error_count":1,"warning_count":0}`)
	}
	doc := readOnlineFixture(t, "card.json")
	merged, err := Online(context.Background(), doc, "", Document(doc, "", nil), OnlineOptions{Server: schemaServer(t, srv.URL, nil)})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, d := range merged {
		if d.Source != SourceOnline {
			continue
		}
		if strings.ContainsAny(d.Code+d.Message+d.Pointer, "\u001b\u202e\u2067") {
			t.Errorf("unsafe text reached a finding: %q %q %q", d.Code, d.Message, d.Pointer)
		}
		if d.Code == "oasf/evil___31m" {
			found = true
		}
	}
	if !found {
		t.Errorf("the server's finding is missing: %+v", merged)
	}
}

// schemaServer is the client of the schema server at url that the pipeline
// hands the online check.
func schemaServer(tb testing.TB, url string, hc *http.Client) SchemaServer {
	tb.Helper()
	c, err := oasfclient.New(url, oasfclient.Options{HTTPClient: hc})
	if err != nil {
		tb.Fatal(err)
	}
	return c
}
