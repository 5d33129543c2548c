package servertest

import (
	"bytes"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAnswersMatchExamples holds the stand-in to the answers a released
// server gives (reference/oasf/api-examples, reconstructed from the
// server's code): byte for byte, for every example and every request the
// examples' README says gives that body.
func TestAnswersMatchExamples(t *testing.T) {
	dir := ReferenceExamplesDir()
	if dir == "" {
		t.Skip("../shared/reference/oasf/api-examples is absent: nothing to hold the stand-in to")
	}
	s := New(t)
	cases := []struct {
		file, method, path, body string
	}{
		{"example-1.1-skills-id-1206.json", "GET", "/api/1.1.0/skills?id=1206", ""},
		{"example-1.1-skills-id-1206.json", "GET", "/api/1.1.0/skills?name=customer_support", ""},
		{"example-1.1-skills-id-1206.json", "GET", "/api/1.1.0/skills?name=business_professional/customer_support", ""},
		{"example-1.1-skills-id-60602.json", "GET", "/api/1.1.0/skills?id=60602", ""},
		{"example-1.1-domains-id-10305.json", "GET", "/api/1.1.0/domains?id=10305", ""},
		{"example-1.1-skill_categories-id-1206.json", "GET", "/api/1.1.0/skill_categories?id=1206", ""},
		{"example-validate-object-discovery-unknown.json", "POST", "/api/1.1.0/validate/object/discovery",
			`{"schema_version":"1.1.0","skills":[{"id":60602}]}`},
	}
	for _, tc := range cases {
		want, err := os.ReadFile(filepath.Join(dir, tc.file))
		if err != nil {
			t.Fatal(err)
		}
		status, got := request(t, s, tc.method, tc.path, tc.body)
		if status != http.StatusOK {
			t.Errorf("%s %s: status %d, want 200", tc.method, tc.path, status)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s %s differs from %s:\n--- got\n%s\n--- want\n%s", tc.method, tc.path, tc.file, got, want)
		}
	}
}

// TestDocumentedErrors checks the error answers OASF.md quotes.
func TestDocumentedErrors(t *testing.T) {
	s := New(t)
	cases := []struct {
		path   string
		status int
		body   string
	}{
		{"/api/1.1.0/skills?id=99999", 404, `{"error":"No skill found with id 99999"}`},
		{"/api/1.1.0/skills?id=6", 404, `{"error":"No skill found with id 6"}`}, // a category
		{"/api/1.1.0/skills?name=software_engineering", 404, `{"error":"No skill found with name software_engineering"}`},
		{"/api/1.1.0/skills?name=code_debugging/error_handling", 404, `{"error":"No skill found with name code_debugging/error_handling"}`},
		{"/api/1.1.0/skills?id=x", 400, `{"error":"Invalid id parameter: must be a numeric value"}`},
		{"/api/1.1.0/skills?id=601&name=software_engineering/code_debugging/error_handling", 400,
			`{"error":"id 601 and name 'software_engineering/code_debugging/error_handling' refer to different skills"}`},
	}
	for _, tc := range cases {
		status, got := request(t, s, "GET", tc.path, "")
		if status != tc.status || strings.TrimSpace(string(got)) != tc.body {
			t.Errorf("GET %s = %d %s, want %d %s", tc.path, status, got, tc.status, tc.body)
		}
	}
	status, got := request(t, s, "POST", "/api/1.1.0/validate/object/discovery", `[1]`)
	if status != 400 || strings.TrimSpace(string(got)) != `{"error":"Unexpected body. Expected a JSON object."}` {
		t.Errorf("POST of a non-object = %d %s", status, got)
	}
}

// TestLegacyServer checks the 1.0.0/1.0.1 answers: an array whatever the
// query, and the class at /skills/<short name> without "family" but
// otherwise as a later server builds it.
func TestLegacyServer(t *testing.T) {
	dir := ReferenceExamplesDir()
	if dir == "" {
		t.Skip("../shared/reference/oasf/api-examples is absent")
	}
	s := New(t)
	s.SetLegacy(true)
	status, list := request(t, s, "GET", "/api/1.1.0/skills?id=60602", "")
	if status != 200 || !bytes.HasPrefix(list, []byte(`[{"caption":`)) || bytes.Contains(list, []byte(`"attributes"`)) ||
		bytes.Contains(list, []byte(`"family"`)) || !bytes.Contains(list, []byte(`"extends":"code_debugging","name":"error_handling","uid":60602}`)) {
		t.Fatalf("legacy ?id= = %d %.200s", status, list)
	}
	status, got := request(t, s, "GET", "/api/1.1.0/skills/error_handling", "")
	want, _ := os.ReadFile(filepath.Join(dir, "example-1.1-skills-id-60602.json"))
	want = bytes.Replace(want, []byte(" \"family\": \"skill\",\n"), nil, 1)
	if status != 200 || !bytes.Equal(got, want) {
		t.Errorf("legacy class = %d\n%s\nwant\n%s", status, got, want)
	}
	if status, _ := request(t, s, "GET", "/api/1.1.0/skills/software_engineering", ""); status != 404 {
		t.Errorf("legacy category lookup = %d, want 404", status)
	}
}

func request(t *testing.T, s *Server, method, path, body string) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, s.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, data
}
