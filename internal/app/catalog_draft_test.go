package app

import "testing"

// A draft without catalog settings, or with values this version does not
// know (a hand edit, a newer oncard), resumes with the defaults.
func TestDraftCatalogUnknownValuesFallBackToDefaults(t *testing.T) {
	if got := (*DraftCatalog)(nil).Settings(); got != (CatalogSettings{}) {
		t.Fatalf("nil: %+v", got)
	}
	got := (&DraftCatalog{Write: "everything", SpecVersion: "7.0", Path: "x.json"}).Settings()
	if got.Write != WriteNothing || got.SpecVersion != "" || got.Path != "x.json" {
		t.Fatalf("unknown values kept: %+v", got)
	}
	for w, name := range draftWriteNames {
		if got := (&DraftCatalog{Write: name}).Settings().Write; got != w {
			t.Fatalf("%q read back as %v", name, got)
		}
	}
	if DraftCatalogOf(CatalogSettings{}) != nil {
		t.Fatal("default settings are stored")
	}
}
