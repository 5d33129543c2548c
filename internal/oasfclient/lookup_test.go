package oasfclient

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/oncard/oncard/internal/oasfapi"
	"github.com/oncard/oncard/internal/oasfclient/servertest"
	"github.com/oncard/oncard/model/oasf"
)

// Class lookups against the stand-in, which answers as released servers
// do (servertest's TestAnswersMatchExamples holds it to the examples), in
// both server generations.
func TestClassLookupsBothGenerations(t *testing.T) {
	for _, legacy := range []bool{false, true} {
		name := "server>=1.0.2"
		if legacy {
			name = "server1.0.0/1.0.1"
		}
		t.Run(name, func(t *testing.T) {
			srv := servertest.New(t)
			srv.SetLegacy(legacy)
			c := newClient(t, srv.URL, Options{})
			ctx := context.Background()
			cases := []struct {
				version string
				kind    oasf.Kind
				q       Query
				id      int
				full    string
			}{
				{"1.1.0", oasf.Skills, oasfapi.ByID(60602), 60602, "software_engineering/code_debugging/error_handling"},
				{"1.1.0", oasf.Skills, oasfapi.ByName("software_engineering/code_debugging/error_handling"), 60602, "software_engineering/code_debugging/error_handling"},
				{"1.1.0", oasf.Skills, oasfapi.ByName("error_handling"), 60602, "software_engineering/code_debugging/error_handling"},
				{"1.1.0", oasf.Skills, oasfapi.ByID(1206), 1206, "business_professional/customer_support"},
				{"1.1.0", oasf.Skills, oasfapi.ByID(606), 606, "software_engineering/code_debugging"}, // an inner node is a value
				{"1.1.0", oasf.Domains, oasfapi.ByID(10305), 10305, "technology/networking/network_security"},
				{"1.1.0", oasf.Domains, oasfapi.ByName("technology/networking/network_security"), 10305, "technology/networking/network_security"},
				{"1.0.0", oasf.Domains, oasfapi.ByID(10305), 10305, "technology/networking/network_security"},
			}
			for _, tc := range cases {
				got, err := c.Class(ctx, tc.version, tc.kind, tc.q)
				if err != nil {
					t.Errorf("%s %s %+v: %v", tc.version, tc.kind, tc.q, err)
					continue
				}
				if got.ID != tc.id || got.Name != tc.full || got.Caption == "" || got.Description == "" || got.Category {
					t.Errorf("%s %s %+v = %+v, want id %d name %s", tc.version, tc.kind, tc.q, got, tc.id, tc.full)
				}
			}
			// Not found: an unknown id, a category (by id and by name), a
			// partial path.
			for _, q := range []Query{oasfapi.ByID(99999), oasfapi.ByID(6), oasfapi.ByName("software_engineering"), oasfapi.ByName("code_debugging/error_handling")} {
				if _, err := c.Class(ctx, "1.1.0", oasf.Skills, q); !errors.Is(err, oasfapi.ErrNotFound) {
					t.Errorf("skill %+v: err = %v, want not found", q, err)
				}
			}
			// A version the server does not serve is said as such.
			_, err := c.Class(ctx, "9.9.9", oasf.Skills, oasfapi.ByID(60602))
			if !errors.Is(err, oasfapi.ErrVersionNotServed) || !strings.Contains(err.Error(), "does not serve OASF 9.9.9") {
				t.Errorf("unknown version: %v (kind %d), want ErrVersionNotServed", err, KindOf(err))
			}
		})
	}
}

func TestLegacyServerUsesItsRoutes(t *testing.T) {
	srv := servertest.New(t)
	srv.SetLegacy(true)
	c := newClient(t, srv.URL, Options{})
	for _, id := range []int{60602, 606} {
		if _, err := c.Class(context.Background(), "1.1.0", oasf.Skills, oasfapi.ByID(id)); err != nil {
			t.Fatal(err)
		}
	}
	// The array is fetched once per version and kind; each class by name.
	if n := srv.CountRequests("GET /api/1.1.0/skills?"); n != 1 {
		t.Errorf("array requests = %d, want 1: %v", n, srv.Requests())
	}
	if srv.CountRequests("GET /api/1.1.0/skills/error_handling") != 1 || srv.CountRequests("GET /api/1.1.0/skills/code_debugging") != 1 {
		t.Errorf("class requests: %v", srv.Requests())
	}
}

func TestLookup400(t *testing.T) {
	srv := servertest.New(t)
	c := newClient(t, srv.URL, Options{})
	id := 601
	_, err := c.Class(context.Background(), "1.1.0", oasf.Skills, Query{ID: &id, Name: "software_engineering/code_debugging/error_handling"})
	if KindOf(err) != ErrBadRequest || !strings.Contains(err.Error(), "refer to different skills") {
		t.Errorf("mismatch: %v (kind %d), want ErrBadRequest with the server's words", err, KindOf(err))
	}
	srv.Fault("/api/1.1.0/skills", servertest.Status(400, `{"error":"Invalid id parameter: must be a numeric value"}`))
	_, err = c.Class(context.Background(), "1.1.0", oasf.Skills, oasfapi.ByID(1))
	if KindOf(err) != ErrBadRequest || !strings.Contains(err.Error(), "Invalid id parameter") {
		t.Errorf("invalid id: %v, want ErrBadRequest", err)
	}
}

// The old stand-in's invented answer (a boolean category, the full path in
// name) and other shapes are not a class.
func TestClassAnswerShapeChecked(t *testing.T) {
	srv := servertest.New(t)
	c := newClient(t, srv.URL, Options{})
	for body, why := range map[string]string{
		`<html>Bad gateway</html>`: "invalid character",
		`{}`:                       "no uid",
		`{"uid":60602,"name":"error_handling","family":"domain"}`:                                                            "answered a domain",
		`{"uid":60602,"name":"error_handling","attributes":{"id":{"enum":{"601":{}}}}}`:                                      "differ",
		`{"uid":60602,"name":"error_handling","attributes":{"name":{"enum":{"a/other":{}}}}}`:                                "does not end in",
		`{"uid":60602,"name":"error_handling","attributes":{"name":{"enum":{"a/error_handling":{},"b/error_handling":{}}}}}`: "more than one",
	} {
		srv.Fault("/api/1.1.0/skills", servertest.Status(200, body))
		_, err := c.Class(context.Background(), "1.1.0", oasf.Skills, oasfapi.ByID(60602))
		if KindOf(err) != ErrMalformed || !strings.Contains(err.Error(), why) {
			t.Errorf("%s: err = %v, want ErrMalformed (%s)", body, err, why)
		}
	}
}

func TestValidationReplyMustBeAValidation(t *testing.T) {
	srv := servertest.New(t)
	c := newClient(t, srv.URL, Options{})
	const route = "/api/1.1.0/validate/object/discovery"
	for _, body := range []string{
		`<!doctype html><p>maintenance</p>`,
		`{}`,
		`{"status":"ok"}`,
		`{"errors":[],"warnings":[]}`,
		`{"errors":[],"warnings":[],"error_count":2,"warning_count":0}`,
		`{"errors":[{"message":"x"}],"warnings":[],"error_count":1,"warning_count":0}`,
		`[]`,
	} {
		srv.Fault(route, servertest.Status(200, body))
		v, err := c.ValidateObject(context.Background(), "1.1.0", "discovery", []byte(`{"schema_version":"1.1.0"}`))
		if KindOf(err) != ErrMalformed {
			t.Errorf("%s: %+v, %v; want ErrMalformed, never an empty verdict", body, v, err)
		}
	}
}

func TestServerTextSanitised(t *testing.T) {
	srv := servertest.New(t)
	c := newClient(t, srv.URL, Options{})
	srv.Fault("/api/1.1.0/validate/object/discovery", servertest.Status(200,
		`{"errors":[{"error":"id_unknown\u202e\u001b[31m","message":"evil\u001b[2J\u202etext","attribute_path":"skills[0]\u0007"}],"warnings":[],"error_count":1,"warning_count":0}`))
	v, err := c.ValidateObject(context.Background(), "1.1.0", "discovery", []byte(`{}`))
	if err != nil {
		t.Fatal(err)
	}
	f := v.Errors[0]
	if f.Type != "id_unknown___31m" {
		t.Errorf("type = %q, want only [a-z0-9_]", f.Type)
	}
	for _, s := range []string{f.Message, f.AttributePath} {
		if strings.ContainsAny(s, "\u001b\u202e\u0007") {
			t.Errorf("control or bidi characters kept: %q", s)
		}
	}
	srv.Fault("/api/1.1.0/skills", servertest.Status(404, `{"error":"No skill\u001b[2J\u2067 found"}`))
	_, err = c.Class(context.Background(), "1.1.0", oasf.Skills, oasfapi.ByID(1))
	if err == nil || strings.ContainsAny(err.Error(), "\u001b\u2067") {
		t.Errorf("404 message kept control characters: %q", err)
	}
}

func TestCredentialsNeverEchoed(t *testing.T) {
	_, err := New("https://alice:s3cret@schema.example.test", Options{})
	if KindOf(err) != ErrBadURL || strings.Contains(err.Error(), "s3cret") || strings.Contains(err.Error(), "alice") {
		t.Errorf("err = %v, want ErrBadURL without the credentials", err)
	}
	if e, ok := err.(*Error); !ok || strings.Contains(e.URL, "s3cret") {
		t.Errorf("Error.URL keeps the credentials: %+v", err)
	}
	// A redirect to a URL with credentials on the same host is followed
	// without them ever showing; one to another host is refused without them.
	srv := servertest.New(t)
	other := httptest.NewServer(http.NotFoundHandler())
	defer other.Close()
	srv.Fault("/api/versions", servertest.Redirect(strings.Replace(other.URL, "http://", "http://bob:hunter2@", 1)+"/api/versions"))
	_, err = newClient(t, srv.URL, Options{}).Versions(context.Background())
	if KindOf(err) != ErrRedirect || strings.Contains(err.Error(), "hunter2") {
		t.Errorf("redirect: %v, want ErrRedirect without credentials", err)
	}
}
