// Command docs writes the interop document set (package interop's Build)
// into a directory, for the JS layer (js/) to read: go run ./cmd/docs DIR.
package main

import (
	"fmt"
	"os"

	"github.com/oncard/oncard/interop"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: go run ./cmd/docs DIR")
		os.Exit(2)
	}
	dir := os.Args[1]
	bin, err := interop.BuildOncard(dir)
	if err == nil {
		var m *interop.Manifest
		if m, err = interop.Build(bin, dir); err == nil {
			fmt.Printf("%d documents in %s\n", len(m.Docs), dir)
			for _, s := range m.Skipped {
				fmt.Println("skipped:", s)
			}
			return
		}
	}
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}
