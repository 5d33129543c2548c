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
	"bytes"
	"encoding/json"
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
		data, err := encodeSnapshot(tax)
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

// snapshotClass is one row of a snapshot: the layout package oasf reads
// (its snapshotFile), one class per line so that regenerated files diff
// well.
type snapshotClass struct {
	ID       int    `json:"id"`
	Name     string `json:"name"`
	Caption  string `json:"caption"`
	Parent   string `json:"parent,omitempty"`
	Category bool   `json:"category,omitempty"`
}

// encodeSnapshot writes t as an embeddable snapshot, without descriptions.
func encodeSnapshot(t *oasf.Taxonomy) ([]byte, error) {
	if t == nil || t.Skills == nil || t.Domains == nil {
		return nil, fmt.Errorf("oasf: incomplete taxonomy")
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	// Encode ends each value with a newline, which is the line layout wanted
	// here; the separators are written around it.
	put := func(v any) error { return enc.Encode(v) }
	b.WriteString("{\n\"version\": ")
	if err := put(t.Version); err != nil {
		return nil, err
	}
	for _, tree := range []*oasf.Tree{t.Skills, t.Domains} {
		b.Truncate(b.Len() - 1) // the newline after the previous value
		fmt.Fprintf(&b, ",\n%q: [\n", tree.Kind.String())
		for j, c := range tree.All() {
			if j > 0 {
				b.Truncate(b.Len() - 1)
				b.WriteString(",\n")
			}
			row := snapshotClass{ID: c.ID, Name: c.Name, Caption: c.Caption, Parent: c.Parent, Category: c.Category}
			if err := put(row); err != nil {
				return nil, err
			}
		}
		b.WriteString("]\n")
	}
	b.WriteString("}\n")
	return b.Bytes(), nil
}
