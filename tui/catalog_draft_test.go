package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/oncard/oncard/internal/app"
)

// The Catalog step's settings travel with the draft: --resume restores
// what to write besides the card.
func TestDraftKeepsCatalogSettingsForResume(t *testing.T) {
	dir := t.TempDir()
	d := newDriver(t, Options{Doc: mustParse(t, minimalCard), DraftDir: dir})
	d.m.goTo(stepCatalog)
	d.typ("urn:example:agents:wx")
	d.chooseWrite(2, "wx-catalog.json")
	d.press("tab", "right", "tab").typ("Weather Co")
	if d.m.s.Edits != 0 {
		t.Fatalf("the settings counted as %d card edits", d.m.s.Edits)
	}
	// Leaving the step saves the draft although the card did not change.
	d.press("ctrl+n")
	dr, err := latestNewDraft(dir)
	if err != nil {
		t.Fatalf("no draft after changing only catalog settings: %v", err)
	}
	want := app.DraftCatalog{Identifier: "urn:example:agents:wx", SpecVersion: "0.9", HostName: "Weather Co",
		Write: "new-catalog", Path: "wx-catalog.json"}
	if dr.Catalog == nil || *dr.Catalog != want {
		t.Fatalf("draft catalog %+v, want %+v", dr.Catalog, want)
	}

	r := newDriver(t, Options{Doc: mustParse(t, dr.Card), Draft: dr, DraftDir: dir})
	if got := r.catalog().cfg; got != dr.Catalog.Settings() || got.Write != app.WriteNewCatalog {
		t.Fatalf("resumed settings %+v", got)
	}
	r.m.goTo(stepReview)
	r.send(teaSize(220, 50))
	r.mustContain("Also writes: a new AI Catalog listing the card to wx-catalog.json")
	r.m.goTo(stepCatalog)
	r.mustContain("urn:example:agents:wx", "new catalog", "wx-catalog.json", "Weather Co")
	if pv := r.catalogPreview(); !strings.Contains(pv, `"specVersion": "0.9"`) {
		t.Fatalf("the resumed plan lost the specVersion:\n%s", pv)
	}
}

// The Review step of `new` says what the save writes besides the card, and
// why the save would stop at the catalog.
func TestReviewAnnouncesTheCatalogWrite(t *testing.T) {
	d, dir := catalogDriver(t)
	d.send(teaSize(220, 50))
	d.m.goTo(stepReview)
	if strings.Contains(d.screen(), "Also writes") {
		t.Fatal("announces a write while the Catalog step writes nothing")
	}
	d.m.goTo(stepCatalog)
	d.chooseWrite(1, "")
	d.m.goTo(stepReview)
	d.mustContain("Also writes: the catalog entry to ./ai-catalog-entry.json (after the card).")

	// A catalog over the card's own file is announced as a stop.
	card := d.m.steps[stepReview].(*reviewStep).path
	d.m.goTo(stepCatalog)
	d.chooseWrite(0, card) // still "entry alone", now at the card's path
	d.m.goTo(stepReview)
	d.mustContain("The save stops at the catalog: the catalog file is the card's own file")
	d.press("enter")
	if !strings.Contains(d.m.status, "not saved: the catalog file is the card's own file") {
		t.Fatalf("status %q", d.m.status)
	}
	if _, err := os.Stat(filepath.Join(dir, "agent-card.json")); err == nil {
		t.Fatal("the card was written")
	}
}
