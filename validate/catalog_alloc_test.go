package validate

import (
	"testing"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/testcards"
)

// TestCatalogRulesAllocateLittlePerEntry: the catalog rules of a clean
// catalog build pointers and messages only for findings, so they allocate a
// few small objects per entry (its pointer), not one per node: a catalog of
// 100,000 entries has two million nodes. Counted, not timed.
func TestCatalogRulesAllocateLittlePerEntry(t *testing.T) {
	const entries = 2000
	doc, err := model.Parse(testcards.Catalog(entries))
	if err != nil {
		t.Fatal(err)
	}
	if diags := Catalog(doc, nil); len(diags) != 0 {
		t.Fatalf("the generated catalog is not clean: %v", diags)
	}
	allocs := testing.AllocsPerRun(3, func() { Catalog(doc, nil) })
	if perEntry := allocs / entries; perEntry > 4 {
		t.Errorf("%.1f allocations per entry, want at most 4 (the pointers of findings are built only for findings)", perEntry)
	}
	t.Logf("%.2f allocations per entry", allocs/entries)
}
