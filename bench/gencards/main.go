// Command gencards writes generated Agent Cards for the validate benchmark
// (bench/compare.sh):
//
//	go run ./bench/gencards -n 300 -shape large -out DIR
//
// large cards are testcards.Large(200, 50, 20): 200 skills, all listed in
// the On Request extension, 50 OASF skills and 20 domains (about 130 KB
// each); small cards are testcards.Small().
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
	shape := flag.String("shape", "large", "large or small")
	out := flag.String("out", "", "directory to write card-NNNNN.json into (created)")
	flag.Parse()
	if *out == "" || *n < 1 {
		fmt.Fprintln(os.Stderr, "usage: gencards -n N -shape large|small -out DIR")
		os.Exit(2)
	}
	var card []byte
	switch *shape {
	case "large":
		card = testcards.Large(200, 50, 20)
	case "small":
		card = testcards.Small()
	default:
		fmt.Fprintf(os.Stderr, "gencards: unknown shape %q\n", *shape)
		os.Exit(2)
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
