package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/oncard/oncard/internal/cputime"
	"github.com/oncard/oncard/internal/gcpolicy"
	"github.com/oncard/oncard/model/testcards"
)

// Whole-command benchmarks: each runs `oncard ARGS` in-process as main
// does, with the collector settings main applies for those arguments
// (gcpolicy.ForArgs), and reports the CPU time per run besides the wall
// time (cpu-ms/op: user + system of the whole process, the collector's
// threads included), which other load on a shared machine inflates far
// less. Process start-up is not included: bench/compare.sh times the binary.
// Figures: docs/PERFORMANCE.md.

// runCommand runs args as one benchmark operation and fails on an exit
// status other than want.
func benchCommand(b *testing.B, want int, args ...string) {
	b.Helper()
	defer gcpolicy.Apply(gcpolicy.ForArgs(args))()
	cpu := cputime.Process()
	for b.Loop() {
		var errb bytes.Buffer
		if code := runWith(context.Background(), args, strings.NewReader(""), io.Discard, &errb); code != want {
			b.Fatalf("oncard %s: exit %d, want %d\n%s", strings.Join(args, " "), code, want, errb.String())
		}
	}
	b.ReportMetric(float64(cputime.Process()-cpu)/float64(b.N)/1e6, "cpu-ms/op")
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

// BenchmarkValidateCommand1000Large: `oncard validate --format json` of
// 1,000 large cards (133 KB each): the bulk workload of bench/compare.sh
// without process start-up.
func BenchmarkValidateCommand1000Large(b *testing.B) {
	dir := b.TempDir()
	card := testcards.Large(200, 50, 20)
	args := []string{"validate", "--format", "json"}
	for i := range 1000 {
		p := filepath.Join(dir, fmt.Sprintf("card-%04d.json", i))
		if err := os.WriteFile(p, card, 0o644); err != nil {
			b.Fatal(err)
		}
		args = append(args, p)
	}
	b.SetBytes(int64(1000 * len(card)))
	benchCommand(b, 0, args...)
}

// BenchmarkValidateCommand1000Variants: `oncard validate` of 1,000
// different large cards (testcards.LargeVariant, the cards of
// bench/compare.sh), its text output thrown away: the bulk workload as
// compare.sh runs it, without process start-up.
func BenchmarkValidateCommand1000Variants(b *testing.B) {
	dir := b.TempDir()
	args := []string{"validate"}
	size := 0
	for i := range 1000 {
		card := testcards.LargeVariant(1, i)
		size += len(card)
		p := filepath.Join(dir, fmt.Sprintf("card-%04d.json", i))
		if err := os.WriteFile(p, card, 0o644); err != nil {
			b.Fatal(err)
		}
		args = append(args, p)
	}
	b.SetBytes(int64(size))
	benchCommand(b, 0, args...)
}

// `oncard validate` of one valid card of 1, 5 and 10 MB (testcards.OfSize).
func BenchmarkValidateCard1MB(b *testing.B)  { benchValidateCard(b, 1) }
func BenchmarkValidateCard5MB(b *testing.B)  { benchValidateCard(b, 5) }
func BenchmarkValidateCard10MB(b *testing.B) { benchValidateCard(b, 10) }

func benchValidateCard(b *testing.B, mb int) {
	path := writeBenchFile(b, "card.json", testcards.OfSize(mb<<20))
	benchCommand(b, 0, "validate", path)
}

// `oncard validate` of an AI Catalog of 10,000 (5.5 MB) and 100,000
// entries (55 MB; over the 16 MiB cap of other documents).
func BenchmarkValidateCatalog10k(b *testing.B)  { benchValidateCatalog(b, 10_000) }
func BenchmarkValidateCatalog100k(b *testing.B) { benchValidateCatalog(b, 100_000) }

func benchValidateCatalog(b *testing.B, n int) {
	path := writeBenchFile(b, "ai-catalog.json", testcards.Catalog(n))
	benchCommand(b, 0, "validate", path)
}

// `oncard edit FILE --set PTR=VALUE --yes` of a valid card of 1, 5 and 10
// MB: open, validate before, one edit, validate after, diff, atomic save
// with fsync. Two values alternate so that every run changes the file.
func BenchmarkEditCommand1MB(b *testing.B)  { benchEditCard(b, 1) }
func BenchmarkEditCommand5MB(b *testing.B)  { benchEditCard(b, 5) }
func BenchmarkEditCommand10MB(b *testing.B) { benchEditCard(b, 10) }

func benchEditCard(b *testing.B, mb int) {
	path := writeBenchFile(b, "agent-card.json", testcards.OfSize(mb<<20))
	values := []string{`/skills/100/description="Edited once"`, `/skills/100/description="Edited twice"`}
	args := []string{"edit", path, "--set", "", "--yes"}
	defer gcpolicy.Apply(gcpolicy.ForArgs(args))()
	cpu := cputime.Process()
	i := 0
	for b.Loop() {
		args[3] = values[i%2]
		i++
		var errb bytes.Buffer
		if code := runWith(context.Background(), args, strings.NewReader(""), io.Discard, &errb); code != 0 {
			b.Fatalf("exit %d\n%s", code, errb.String())
		}
	}
	b.ReportMetric(float64(cputime.Process()-cpu)/float64(b.N)/1e6, "cpu-ms/op")
}
