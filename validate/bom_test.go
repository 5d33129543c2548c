package validate

import (
	"os"
	"path/filepath"
	"testing"
)

func TestBOMIsAWarning(t *testing.T) {
	for file, want := range map[string]int{"valid.json": 0, "invalid.json": 1} {
		data, err := os.ReadFile(filepath.Join("testdata", "bom", file))
		if err != nil {
			t.Fatal(err)
		}
		_, kind, diags := bytesOf(data, "", nil)
		if kind != KindCatalog {
			t.Errorf("%s: kind %q", file, kind)
		}
		n := 0
		for _, d := range diags {
			if d.Code == ruleJSONBOM.Code {
				n++
				if d.Severity != Warning || d.Line != 1 || d.Column != 1 {
					t.Errorf("%s: %+v", file, d)
				}
			}
		}
		if n != want {
			t.Errorf("%s: %d json/bom findings, want %d:\n%s", file, n, want, cardListDiags(diags))
		}
	}
}
