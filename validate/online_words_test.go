package validate

import (
	"context"
	"strings"
	"testing"

	"github.com/oncard/oncard/internal/oasfclient/servertest"
)

// TestOnlineCategoriesOfWrongTypeInJSONTerms: a categories tree shaped as
// the server serves it, with a top-level id of the wrong type, is reported
// by its path in the answer and the JSON types, not in Go's words ("cannot
// unmarshal string into Go struct field .id of type int").
func TestOnlineCategoriesOfWrongTypeInJSONTerms(t *testing.T) {
	doc := readOnlineFixture(t, "valid.json")
	srv := servertest.New(t)
	srv.Fault("/api/1.1.0/skill_categories", srv.Rewrite(`"id": 1,`, `"id": "1",`))
	_, err := Online(context.Background(), doc, "", Document(doc, "", nil), OnlineOptions{Server: schemaServer(t, srv.URL, nil)})
	if err == nil {
		t.Fatal("no error")
	}
	want := "line 4, column 11: language_processing.id must be a whole number, not a string"
	if !strings.Contains(err.Error(), want) {
		t.Errorf("message %q\nshould say %q", err, want)
	}
	for _, goWord := range []string{"Go struct", "unmarshal", "of type int", "json: "} {
		if strings.Contains(err.Error(), goWord) {
			t.Errorf("message %q speaks Go (%q)", err, goWord)
		}
	}
}
