package validate

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// testdataDoc is a .json document under testdata: rule fixtures, catalogs,
// payloads, fuzz seeds.
type testdataDoc struct {
	path string
	data []byte
}

// testdataDocs reads every .json document under testdata, in path order.
func testdataDocs(t testing.TB) []testdataDoc {
	t.Helper()
	var docs []testdataDoc
	err := filepath.WalkDir("testdata", func(path string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() || !strings.HasSuffix(path, ".json") {
			return err
		}
		data, err := os.ReadFile(path)
		docs = append(docs, testdataDoc{path, data})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(docs) < 100 {
		t.Fatalf("only %d documents under testdata", len(docs))
	}
	return docs
}
