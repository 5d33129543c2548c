// Command gencards writes generated documents for the benchmarks
// (bench/compare.sh, docs/PERFORMANCE.md):
//
//	go run ./bench/gencards -n 5000 -shape large -out DIR
//	go run ./bench/gencards -n 1 -shape card -mb 5 -out DIR
//	go run ./bench/gencards -n 1 -shape catalog -entries 100000 -out DIR
//
// large cards are testcards.Large(200, 50, 20): 200 skills, all listed in
// the On Request extension, 50 OASF skills and 20 domains (about 130 KB
// each); small cards are testcards.Small(); card is a valid card of -mb
// megabytes (testcards.OfSize); catalog an AI Catalog of -entries entries
// (testcards.Catalog, about 560 bytes an entry).
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/oncard/oncard/model/testcards"
)

func main() {
	n := flag.Int("n", 300, "number of cards")
	shape := flag.String("shape", "large", "large, small, card or catalog")
	mb := flag.Int("mb", 1, "card: size in MiB")
	entries := flag.Int("entries", 10000, "catalog: number of entries")
	out := flag.String("out", "", "directory to write card-NNNNN.json into (created)")
	flag.Parse()
	if *out == "" || *n < 1 {
		fmt.Fprintln(os.Stderr, "usage: gencards -n N -shape large|small|card|catalog [-mb MB] [-entries N] -out DIR")
		os.Exit(2)
	}
	var card []byte
	switch *shape {
	case "large":
		card = testcards.Large(200, 50, 20)
	case "small":
		card = testcards.Small()
	case "card":
		card = testcards.OfSize(*mb << 20)
	case "catalog":
		card = testcards.Catalog(*entries)
	default: // the shapes of testcards.Shapes, -mb megabytes
		var ok bool
		if card, ok = testcards.Shaped(*shape, *mb<<20); !ok {
			fmt.Fprintf(os.Stderr, "gencards: unknown shape %q\n", *shape)
			os.Exit(2)
		}
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, "gencards:", err)
		os.Exit(1)
	}
	for i := range *n {
		p := filepath.Join(*out, fmt.Sprintf("card-%05d.json", i))
		if err := os.WriteFile(p, card, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "gencards:", err)
			os.Exit(1)
		}
	}
}
