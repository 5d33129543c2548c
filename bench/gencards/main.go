// Command gencards writes generated documents for the benchmarks
// (bench/compare.sh, docs/PERFORMANCE.md):
//
//	go run ./bench/gencards -n 5000 -shape large -out DIR
//	go run ./bench/gencards -n 5000 -shape large -seed 7 -indent -out DIR
//	go run ./bench/gencards -n 1 -shape card -mb 5 -out DIR
//	go run ./bench/gencards -n 1 -shape catalog -entries 100000 -out DIR
//
// large and small write n different cards: card i is
// testcards.LargeVariant(seed, i) (200 skills, all listed in the On Request
// extension, 50 OASF skills and 20 domains, 91 KB (89 KiB) minified on
// average) or
// testcards.SmallVariant(seed, i) (three skills); the same seed writes the
// same cards. large-same and small-same write n copies of
// testcards.Large(200, 50, 20) (133 KB, indented) or testcards.Small(), the
// cards the earlier figures were measured on. card is a valid card of -mb
// megabytes (testcards.OfSize); catalog an AI Catalog of -entries entries
// (testcards.Catalog, about 560 bytes an entry).
//
// The variants are written minified, the other shapes as they are
// generated (Small's parts indented with two spaces, their bulk minified);
// -indent indents every one of them with two spaces.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/oncard/oncard/model/testcards"
)

func main() {
	n := flag.Int("n", 300, "number of cards")
	shape := flag.String("shape", "large", "large, small, large-same, small-same, card, catalog, or one of testcards.Shapes ("+strings.Join(slices.Sorted(maps.Keys(testcards.Shapes)), ", ")+")")
	seed := flag.Int64("seed", 1, "large, small: the family of cards written (the same seed writes the same cards)")
	indent := flag.Bool("indent", false, "indent with two spaces (large and small are minified otherwise, the other shapes written as generated)")
	mb := flag.Int("mb", 1, "card: size in MiB")
	entries := flag.Int("entries", 10000, "catalog: number of entries")
	out := flag.String("out", "", "directory to write card-NNNNN.json into (created)")
	flag.Parse()
	if *out == "" || *n < 1 {
		fmt.Fprintln(os.Stderr, "usage: gencards -n N -shape large|small|large-same|small-same|card|catalog [-seed S] [-indent] [-mb MB] [-entries N] -out DIR")
		os.Exit(2)
	}
	var card func(i int) []byte
	switch *shape {
	case "large":
		card = func(i int) []byte { return testcards.LargeVariant(*seed, i) }
	case "small":
		card = func(i int) []byte { return testcards.SmallVariant(*seed, i) }
	case "large-same":
		card = same(testcards.Large(200, 50, 20))
	case "small-same":
		card = same(testcards.Small())
	case "card":
		card = same(testcards.OfSize(*mb << 20))
	case "catalog":
		card = same(testcards.Catalog(*entries))
	default: // the shapes of testcards.Shapes, -mb megabytes
		shaped, ok := testcards.Shaped(*shape, *mb<<20)
		if !ok {
			fmt.Fprintf(os.Stderr, "gencards: unknown shape %q\n", *shape)
			os.Exit(2)
		}
		card = same(shaped)
	}
	if *indent {
		minified := card
		card = func(i int) []byte {
			var b bytes.Buffer
			if err := json.Indent(&b, minified(i), "", "  "); err != nil {
				panic(err) // the generator writes valid JSON
			}
			return b.Bytes()
		}
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, "gencards:", err)
		os.Exit(1)
	}
	for i := range *n {
		p := filepath.Join(*out, fmt.Sprintf("card-%05d.json", i))
		if err := os.WriteFile(p, card(i), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "gencards:", err)
			os.Exit(1)
		}
	}
}

// same writes one document for every index.
func same(doc []byte) func(int) []byte {
	return func(int) []byte { return doc }
}
