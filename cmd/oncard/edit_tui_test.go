package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/oncard/oncard/model/edit"
	"github.com/oncard/oncard/templates"
	"github.com/oncard/oncard/validate"
)

// A catalog (or any document that is not a card) has no screens yet: the
// interactive editor says how to edit it instead of opening.
func TestEditTUIRefusesDocumentsOtherThanCards(t *testing.T) {
	if interactiveEdit == nil {
		t.Fatal("the interactive editor is not wired")
	}
	data, ok := templates.Get("catalog")
	if !ok {
		t.Fatal("no catalog template")
	}
	path := filepath.Join(t.TempDir(), "catalog.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := edit.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	kind := prepareSession(s)
	if kind != validate.KindCatalog {
		t.Fatalf("the catalog template is detected as %s", kind)
	}
	err = interactiveEdit(&cobra.Command{Use: "edit"}, s, kind)
	var ue usageError
	if !errors.As(err, &ue) || !strings.Contains(ue.msg, "--set/--delete") || !strings.Contains(ue.msg, "oncard catalog add") {
		t.Fatalf("err = %v, want a usage error naming --set/--delete and oncard catalog add", err)
	}
}
