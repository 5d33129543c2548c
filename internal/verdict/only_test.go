package verdict

import (
	"strings"
	"testing"

	"github.com/oncard/oncard/validate"
)

func TestOnly(t *testing.T) {
	keep, err := Only([]string{"security"})
	if err != nil {
		t.Fatal(err)
	}
	for code, want := range map[string]bool{
		"security/model-instruction":         true,
		"a2a/possible-secret":                true, // tagged security
		"a2a/insecure-url":                   true,
		"a2a/hidden-characters":              true,
		"a2a/required-extension":             true,
		"a2a/extended-card-without-security": true,
		"a2a/media-type":                     false,
		"onrequest/schema":                   false,
		"json/syntax":                        true, // nothing could be checked
		"io/unreadable":                      true,
		"fetch/status":                       true,
	} {
		if keep(code) != want {
			t.Errorf("--only security keeps %s: %v, want %v", code, keep(code), want)
		}
	}
	keep, err = Only([]string{"a2a/media-type", "oasf/*"})
	if err != nil {
		t.Fatal(err)
	}
	if !keep("a2a/media-type") || keep("a2a/insecure-url") || !keep("oasf/id_unknown") || !keep("oasf/some_new_server_type") {
		t.Error("a code and a family: wrong selection")
	}
	all, _ := Only(nil)
	if !all("a2a/media-type") {
		t.Error("no selector must keep everything")
	}
	for _, bad := range []string{"secrity", "a2a/nope", "nope/*"} {
		if _, err := Only([]string{bad}); err == nil || !strings.Contains(err.Error(), "--only") {
			t.Errorf("Only(%q) = %v, want an --only error", bad, err)
		}
	}
}

func TestShown(t *testing.T) {
	diags := []validate.Diagnostic{
		{Code: "security/model-instruction", Excerpt: "x"},
		{Code: "a2a/media-type"},
	}
	ends := []int{1, 2}
	keep, _ := Only([]string{"security"})
	got, gotEnds := Shown(diags, ends, keep, false)
	if len(got) != 1 || got[0].Excerpt != "" || len(gotEnds) != 1 || gotEnds[0] != 1 {
		t.Errorf("Shown = %v %v", got, gotEnds)
	}
	if diags[0].Excerpt != "x" || len(diags) != 2 {
		t.Error("Shown modified its input")
	}
	got, _ = Shown(diags, ends, keep, true)
	if got[0].Excerpt != "x" {
		t.Error("--show-text must keep the excerpt")
	}
}
