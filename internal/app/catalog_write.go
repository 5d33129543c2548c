package app

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/oncard/oncard/internal/docfile"

	"github.com/oncard/oncard/model"
)

// ErrCatalogExists is returned by writeCatalogPlan when the target exists
// and the user has not said yes to replacing it.
var ErrCatalogExists = errors.New("the catalog file exists")

// CatalogRefusal says why the plan must not be written ("" when it may):
// an entry that cannot be built, a catalog with error-level findings, or a
// target that is the card itself.
func CatalogRefusal(p *CatalogPlan, cardPath string) string {
	if p.Settings.Write == WriteNothing {
		return ""
	}
	if p.Err != nil {
		return "the catalog entry: " + p.Err.Error()
	}
	if e := p.ErrorCount(); e > 0 {
		return fmt.Sprintf("the catalog would have %d %s (see the Catalog step)", e, Plural(e, "error", "errors"))
	}
	if cardPath != "-" && SamePath(p.Settings.Target(), cardPath) {
		return "the catalog file is the card's own file; choose another"
	}
	return ""
}

// SamePath reports whether a and b name the same file (as written, or once
// made absolute).
func SamePath(a, b string) bool {
	if filepath.Clean(a) == filepath.Clean(b) {
		return true
	}
	aa, err1 := filepath.Abs(a)
	bb, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && aa == bb
}

// CatalogNeedsYes reports whether writing p replaces a file that the user
// has not agreed to replace. Adding to an existing catalog is an update the
// user asked for by choosing it, not a replacement.
func CatalogNeedsYes(p *CatalogPlan, confirmed string) bool {
	switch p.Settings.Write {
	case WriteEntry, WriteNewCatalog:
		t := p.Settings.Target()
		if _, err := os.Lstat(t); err == nil {
			return confirmed != t
		}
	}
	return false
}

// WriteCatalogPlan writes the plan's output atomically and says what it did.
// overwrite allows replacing an existing entry or catalog file; a merge
// refuses when the catalog changed on disk since it was read.
func WriteCatalogPlan(p *CatalogPlan, overwrite bool) (string, error) {
	t := p.Settings.Target()
	switch p.Settings.Write {
	case WriteNothing:
		return "", nil
	case WriteIntoExisting:
		if p.existing == nil {
			return "", errors.New("the catalog was not read")
		}
		err := p.existing.Save(p.Output)
		if errors.Is(err, docfile.ErrChangedOnDisk) {
			return "", fmt.Errorf("%s changed on disk since it was read; not written (run: oncard catalog add CARD --to %s)", model.SafeText(t), model.SafeText(t))
		}
		if err != nil {
			return "", errors.New(model.SafeText(err.Error()))
		}
		return mergeSentence(p, t), nil
	}
	err := docfile.WriteNew(t, p.Output, overwrite)
	if errors.Is(err, docfile.ErrExists) {
		return "", ErrCatalogExists
	}
	if err != nil {
		return "", errors.New(model.SafeText(err.Error()))
	}
	what := "the catalog entry"
	if p.Settings.Write == WriteNewCatalog {
		what = "a new AI Catalog listing the card"
	}
	return fmt.Sprintf("Wrote %s to %s.", what, model.SafeText(t)), nil
}

// mergeSentence says what a merge did ("Added … to … as /entries/2.").
func mergeSentence(p *CatalogPlan, path string) string {
	if p.Merge == nil {
		return "Updated " + model.SafeText(path) + "."
	}
	r := p.Merge
	id := model.SafeText(r.Identifier)
	if r.Version != "" {
		id += " " + model.SafeText(r.Version)
	}
	if r.Added {
		return fmt.Sprintf("Added %s to %s as %s.", id, model.SafeText(path), model.EntryPtr(r.Index))
	}
	return fmt.Sprintf("Updated %s in %s at %s.", id, model.SafeText(path), model.EntryPtr(r.Index))
}
