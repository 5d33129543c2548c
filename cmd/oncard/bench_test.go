package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/oncard/oncard/model/testcards"
	"github.com/oncard/oncard/validate"
)

// BenchmarkValidateLargeCard is the per-file cost of `oncard validate` on
// one testcards.Large(200,50,20) card: read, parse, validate, no output.
func BenchmarkValidateLargeCard(b *testing.B) {
	path := filepath.Join(b.TempDir(), "large.json")
	card := testcards.Large(200, 50, 20)
	if err := os.WriteFile(path, card, 0o644); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(card)))
	for b.Loop() {
		r := validateFile(path, "", validate.Options{}, nil)
		if len(r.Diags) != 0 || r.readErr != nil {
			b.Fatalf("large card not clean: %v %v", r.readErr, r.Diags)
		}
	}
}

// BenchmarkValidateCommand300Large runs the whole command in-process over
// 300 large cards (the cross-tool comparison's workload without process
// start): parallel workers, JSON output discarded.
func BenchmarkValidateCommand300Large(b *testing.B) {
	dir := b.TempDir()
	card := testcards.Large(200, 50, 20)
	args := []string{"validate", "--format", "json"}
	for i := range 300 {
		p := filepath.Join(dir, fmt.Sprintf("card-%03d.json", i))
		if err := os.WriteFile(p, card, 0o644); err != nil {
			b.Fatal(err)
		}
		args = append(args, p)
	}
	for b.Loop() {
		if code := runWith(context.Background(), args, strings.NewReader(""), io.Discard, io.Discard); code != 0 {
			b.Fatalf("exit %d", code)
		}
	}
}
