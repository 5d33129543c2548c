package oasf

import (
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

// decodeSnapshot reads a snapshot written by the generator (internal/gen,
// run by go generate), which writes the layout of snapshotFile.
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
