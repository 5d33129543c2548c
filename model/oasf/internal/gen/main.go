// Command gen writes the embedded taxonomy snapshots of package oasf.
//
// It reads, for every version directory under -in, the schema server's
// responses skill_categories.json and domain_categories.json, parses them
// with oasf.ParseCategories (the same code that reads a live server) and
// writes -out/<version>.json with names, ids, captions, parents and category
// flags only: the description texts are not ours to ship.
//
//	go run ./internal/gen -in ../../../shared/reference/oasf/api -out data
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/oncard/oncard/model/oasf"
)

func main() {
	in := flag.String("in", "", "directory holding <version>/skill_categories.json and domain_categories.json")
	out := flag.String("out", "data", "directory to write <version>.json into")
	flag.Parse()
	if *in == "" {
		fmt.Fprintln(os.Stderr, "gen: -in is required")
		os.Exit(2)
	}
	if err := run(*in, *out); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(in, out string) error {
	entries, err := os.ReadDir(in)
	if err != nil {
		return err
	}
	var versions []string
	for _, e := range entries {
		if e.IsDir() {
			versions = append(versions, e.Name())
		}
	}
	sort.Strings(versions)
	if len(versions) == 0 {
		return fmt.Errorf("no version directories in %s", in)
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	for _, v := range versions {
		skills, err := os.ReadFile(filepath.Join(in, v, "skill_categories.json"))
		if err != nil {
			return err
		}
		domains, err := os.ReadFile(filepath.Join(in, v, "domain_categories.json"))
		if err != nil {
			return err
		}
		tax, err := oasf.ParseCategories(v, oasf.EmbeddedSource, skills, domains)
		if err != nil {
			return err
		}
		data, err := oasf.EncodeSnapshot(tax)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(out, v+".json"), data, 0o644); err != nil {
			return err
		}
		fmt.Printf("%s: %d skills, %d domains\n", v, tax.Skills.Len(), tax.Domains.Len())
	}
	return nil
}
