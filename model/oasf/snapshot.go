package oasf

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// The embedded snapshot of one version: the facts of the standard the tool
// may ship (names, ids, captions, parents, category flags), never the
// description texts. One class per line keeps regenerated files diffable.

type snapshotFile struct {
	Version string          `json:"version"`
	Skills  []snapshotClass `json:"skills"`
	Domains []snapshotClass `json:"domains"`
}

type snapshotClass struct {
	ID       int    `json:"id"`
	Name     string `json:"name"`
	Caption  string `json:"caption"`
	Parent   string `json:"parent,omitempty"`
	Category bool   `json:"category,omitempty"`
}

// EncodeSnapshot writes t as an embeddable snapshot, without descriptions.
// The generator (go generate) uses it.
func EncodeSnapshot(t *Taxonomy) ([]byte, error) {
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
	for _, tree := range []*Tree{t.Skills, t.Domains} {
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

// decodeSnapshot reads a snapshot written by EncodeSnapshot.
func decodeSnapshot(data []byte, source string) (*Taxonomy, error) {
	var f snapshotFile
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("oasf snapshot: %w", err)
	}
	tax := &Taxonomy{Version: f.Version, Source: source}
	var err error
	if tax.Skills, err = newTree(f.Version, Skills, snapshotClasses(f.Skills)); err != nil {
		return nil, fmt.Errorf("oasf snapshot %s: %w", f.Version, err)
	}
	if tax.Domains, err = newTree(f.Version, Domains, snapshotClasses(f.Domains)); err != nil {
		return nil, fmt.Errorf("oasf snapshot %s: %w", f.Version, err)
	}
	return tax, nil
}

func snapshotClasses(rows []snapshotClass) []*Class {
	// One backing array: fewer allocations when a version is first used.
	cs := make([]Class, len(rows))
	out := make([]*Class, len(rows))
	for i, r := range rows {
		cs[i] = Class{ID: r.ID, Name: r.Name, Caption: r.Caption, Parent: r.Parent, Category: r.Category}
		out[i] = &cs[i]
	}
	return out
}
