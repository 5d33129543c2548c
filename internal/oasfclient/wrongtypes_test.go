package oasfclient

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/oncard/oncard/internal/oasfapi"
	"github.com/oncard/oncard/internal/oasfclient/servertest"
	"github.com/oncard/oncard/model/oasf"
)

// goWords are what encoding/json's messages say and a user must never see:
// Go type names and Go vocabulary.
var goWords = regexp.MustCompile(`Go (struct|value)|unmarshal|interface \{\}|\bint\b|\[\]\w|\w\.\w+ of type|\bjson: `)

// TestWrongTypesAreExplainedInJSONTerms: a server answer shaped as the
// server builds it, with one member of the wrong type, is reported by the
// member's path in the answer and the JSON types, never in Go's terms
// ("cannot unmarshal string into Go struct field classAnswer.uid of type
// int").
func TestWrongTypesAreExplainedInJSONTerms(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		name, path, old, new string
		legacy               bool
		call                 func(*Client) error
		want                 string
	}{
		{name: "versions", path: "/api/versions",
			old: `"schema_version":"1.2.0"`, new: `"schema_version":120`,
			call: func(c *Client) error { _, err := c.Versions(ctx); return err },
			want: "versions[0].schema_version must be a string, not a number"},
		{name: "class uid", path: "/api/1.1.0/skills",
			old: `"uid": 1206`, new: `"uid": "1206"`,
			call: func(c *Client) error { _, err := c.Class(ctx, "1.1.0", oasf.Skills, oasfapi.ByID(1206)); return err },
			want: "uid must be a whole number, not a string"},
		{name: "class name", path: "/api/1.1.0/skills",
			old: `"name": "customer_support"`, new: `"name": ["customer_support"]`,
			call: func(c *Client) error { _, err := c.Class(ctx, "1.1.0", oasf.Skills, oasfapi.ByID(1206)); return err },
			want: "name must be a string, not an array"},
		{name: "legacy class list", path: "/api/1.0.0/skills", legacy: true,
			old: `"uid":`, new: `"uid":"x",  "_":`,
			call: func(c *Client) error { _, err := c.Class(ctx, "1.0.0", oasf.Skills, oasfapi.ByID(10201)); return err },
			want: "[0].uid must be a whole number, not a string"},
		{name: "categories", path: "/api/1.1.0/skill_categories",
			old: "\n}", new: "\n}, 1",
			call: func(c *Client) error { _, err := c.Categories(ctx, "1.1.0", oasf.Skills); return err },
			want: "unexpected data after the JSON value"},
		{name: "synced tree", path: "/api/1.1.0/skill_categories",
			old: `"id": 1,`, new: `"id": "1",`,
			call: func(c *Client) error { _, err := c.Sync(ctx, []string{"1.1.0"}); return err },
			want: `class "language_processing" under "(top level)": id must be a whole number, not a string`},
		{name: "validation counts", path: "/api/1.1.0/validate/object/discovery",
			old: `"error_count":1`, new: `"error_count":"1"`,
			call: func(c *Client) error {
				_, err := c.ValidateObject(ctx, "1.1.0", "discovery", []byte(`{"skills":[]}`))
				return err
			},
			want: "error_count must be a whole number, not a string"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("XDG_CACHE_HOME", t.TempDir())
			srv := servertest.New(t)
			srv.SetLegacy(c.legacy)
			srv.Fault(c.path, srv.Rewrite(c.old, c.new))
			err := c.call(newClient(t, srv.URL, Options{}))
			if err == nil {
				t.Fatal("no error")
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("message %q\nshould say %q", err, c.want)
			}
			if m := goWords.FindString(err.Error()); m != "" {
				t.Errorf("message %q speaks Go (%q)", err, m)
			}
		})
	}
}
