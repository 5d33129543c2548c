package validate

import (
	"path/filepath"
	"testing"
	"time"
)

// FuzzCard: no input makes card validation panic or hang, and every
// diagnostic is located. Run: go test -run '^$' -fuzz FuzzCard -fuzztime 60s ./validate
func FuzzCard(f *testing.F) {
	addSeedFiles(f, filepath.Join("testdata", "rules", "a2a", "*", "*.json"))
	f.Add([]byte(`{"securitySchemes":{"a":{"oauth2SecurityScheme":{"flows":[]}}},"skills":[null,{"id":"\u001b"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		start := time.Now()
		_, kind, diags := bytesOf(data, KindCard, nil)
		if kind != KindCard {
			t.Fatalf("kind %q", kind)
		}
		for _, d := range diags {
			if d.Line == 0 || d.Column == 0 || d.Code == "" || d.Message == "" {
				t.Fatalf("incomplete diagnostic %+v", d)
			}
		}
		if time.Since(start) > 2*time.Second {
			t.Fatalf("validation of %d bytes took %s", len(data), time.Since(start))
		}
	})
}
