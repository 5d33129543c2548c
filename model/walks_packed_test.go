package model_test

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/oncard/oncard/internal/reference"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/testcards"
	"github.com/oncard/oncard/validate"
)

// TestWalksReadPackedAsNodes: every rule gives the same findings on a
// document whose arrays are all packed, with a lent item's nodes cleared
// once its loop moves on (model.StressPacking), as on the document as
// usually parsed: no walk keeps a node AllTransient lent it, and none reads
// a packed container otherwise than its nodes. The documents: validate's
// testdata and a few shapes.
func TestWalksReadPackedAsNodes(t *testing.T) {
	docs := jsonFiles(t, filepath.Join("..", "validate", "testdata"))
	if len(docs) < 100 {
		t.Fatalf("only %d documents under validate/testdata", len(docs))
	}
	for _, shape := range []string{"skills-card", "tagless-skills-card", "onrequest-entries", "objects-card", "wide-objects-card", "wide-findings-card"} {
		docs[shape], _ = testcards.Shaped(shape, 64<<10)
	}
	docs["a large variant"] = testcards.LargeVariant(1, 3)
	checkReadPackedAsNodes(t, docs)
}

// TestWalksReadPackedRealCards is TestWalksReadPackedAsNodes on the
// real-world cards of ../shared/reference.
func TestWalksReadPackedRealCards(t *testing.T) {
	checkReadPackedAsNodes(t, jsonFiles(t, reference.Dir(t, "a2a", "real-cards")))
}

func checkReadPackedAsNodes(t *testing.T, docs map[string][]byte) {
	t.Helper()
	findings := func(path string, data []byte) string {
		res := validate.Check(data, "", &validate.Options{Path: path})
		var b strings.Builder
		for _, d := range res.Diags {
			fmt.Fprintf(&b, "%d:%d %s %s %s: %s\n", d.Line, d.Column, d.Pointer, d.Severity, d.Code, d.Message)
		}
		return b.String()
	}
	for path, data := range docs {
		want := findings(path, data)
		restore := model.StressPacking()
		got := findings(path, data)
		restore()
		if got != want {
			t.Errorf("%s, its arrays packed and lent items cleared:\n%s\nas parsed:\n%s", path, got, want)
		}
	}
}

// jsonFiles reads the .json files under dir, by path.
func jsonFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	docs := map[string][]byte{}
	err := filepath.WalkDir(dir, func(path string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() || !strings.HasSuffix(path, ".json") {
			return err
		}
		data, err := os.ReadFile(path)
		docs[path] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return docs
}
