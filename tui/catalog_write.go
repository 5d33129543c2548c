package tui

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/oncard/oncard/model"
)

// errCatalogExists is returned by writeCatalogPlan when the target exists
// and the user has not said yes to replacing it.
var errCatalogExists = errors.New("the catalog file exists")

// catalogRefusal says why the plan must not be written ("" when it may):
// an entry that cannot be built, a catalog with error-level findings, or a
// target that is the card itself.
func catalogRefusal(p *catalogPlan, cardPath string) string {
	if p.settings.Write == writeNothing {
		return ""
	}
	if p.err != nil {
		return "the catalog entry: " + p.err.Error()
	}
	if e := p.errorCount(); e > 0 {
		return fmt.Sprintf("the catalog would have %d %s (see the Catalog step)", e, plural(e, "error", "errors"))
	}
	if cardPath != "-" && samePath(p.settings.target(), cardPath) {
		return "the catalog file is the card's own file; choose another"
	}
	return ""
}

// samePath reports whether a and b name the same file (as written, or once
// made absolute).
func samePath(a, b string) bool {
	if filepath.Clean(a) == filepath.Clean(b) {
		return true
	}
	aa, err1 := filepath.Abs(a)
	bb, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && aa == bb
}

// catalogNeedsYes reports whether writing p replaces a file that the user
// has not agreed to replace. Adding to an existing catalog is an update the
// user asked for by choosing it, not a replacement.
func catalogNeedsYes(p *catalogPlan, confirmed string) bool {
	switch p.settings.Write {
	case writeEntry, writeNewCatalog:
		t := p.settings.target()
		if _, err := os.Lstat(t); err == nil {
			return confirmed != t
		}
	}
	return false
}

// writeCatalogPlan writes the plan's output atomically and says what it did.
// overwrite allows replacing an existing entry or catalog file; a merge
// refuses when the catalog changed on disk since it was read.
func writeCatalogPlan(p *catalogPlan, overwrite bool) (string, error) {
	t := p.settings.target()
	switch p.settings.Write {
	case writeNothing:
		return "", nil
	case writeIntoExisting:
		if p.existing == nil {
			return "", errors.New("the catalog was not read")
		}
		err := p.existing.Save(p.output)
		if errors.Is(err, model.ErrChangedOnDisk) {
			return "", fmt.Errorf("%s changed on disk since it was read; not written (run: oncard catalog add CARD --to %s)", model.SafeText(t), model.SafeText(t))
		}
		if err != nil {
			return "", errors.New(model.SafeText(err.Error()))
		}
		return mergeSentence(p, t), nil
	}
	err := model.WriteNew(t, p.output, overwrite)
	if errors.Is(err, model.ErrExists) {
		return "", errCatalogExists
	}
	if err != nil {
		return "", errors.New(model.SafeText(err.Error()))
	}
	what := "the catalog entry"
	if p.settings.Write == writeNewCatalog {
		what = "a new AI Catalog listing the card"
	}
	return fmt.Sprintf("Wrote %s to %s.", what, model.SafeText(t)), nil
}

// mergeSentence says what a merge did ("Added … to … as /entries/2.").
func mergeSentence(p *catalogPlan, path string) string {
	if p.merge == nil {
		return "Updated " + model.SafeText(path) + "."
	}
	r := p.merge
	id := model.SafeText(r.Identifier)
	if r.Version != "" {
		id += " " + model.SafeText(r.Version)
	}
	if r.Added {
		return fmt.Sprintf("Added %s to %s as %s.", id, model.SafeText(path), model.EntryPtr(r.Index))
	}
	return fmt.Sprintf("Updated %s in %s at %s.", id, model.SafeText(path), model.EntryPtr(r.Index))
}
