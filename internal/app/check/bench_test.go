package check

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/internal/gcpolicy"
	"github.com/oncard/oncard/internal/verdict"
	"github.com/oncard/oncard/model/testcards"
)

// BenchmarkValidateLargeCard is the per-file work of `oncard validate` on
// one testcards.Large(200,50,20) card (133 KB): read, parse, validate, no
// output, no process.
func BenchmarkValidateLargeCard(b *testing.B) {
	card := testcards.Large(200, 50, 20)
	path := writeBenchFile(b, "large.json", card)
	// The collector as validate of this one file sets it.
	defer gcpolicy.Apply(gcpolicy.ForFiles([]int64{int64(len(card))}))()
	for b.Loop() {
		r := checkFile(context.Background(), &app.Judge{Configs: verdict.NewFinder()}, path, "", 0, nil, nil, nil)
		if len(r.Diags) != 0 || r.readErr != nil {
			b.Fatalf("large card not clean: %v %v", r.readErr, r.Diags)
		}
	}
}

func writeBenchFile(b *testing.B, name string, data []byte) string {
	b.Helper()
	p := filepath.Join(b.TempDir(), name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	return p
}
