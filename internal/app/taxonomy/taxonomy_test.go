package taxonomy

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/model/oasf"
)

// TestShowAcrossVersions: an id means one class in 1.1.0; show prints it
// with its rows, and a name found only among the domains hints at
// --domains.
func TestShowAcrossVersions(t *testing.T) {
	var out, errb bytes.Buffer
	if err := Show(&out, &errb, "1.1.0", false, "60602"); err != nil {
		t.Fatalf("%v\n%s", err, errb.String())
	}
	for _, want := range []string{"skill 60602 in OASF 1.1.0\n", "  name         software_engineering/code_debugging/error_handling\n", "  valid value  yes\n"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	err := Show(&out, &errb, "1.1.0", false, "technology/networking/network_security")
	if !errors.Is(err, app.ErrReported) || out.Len() != 0 ||
		!strings.Contains(errb.String(), "hint: it is a domain: oncard oasf show --domains technology/networking/network_security") {
		t.Errorf("a domain as a skill: %v\n%s", err, errb.String())
	}
	if err := Show(&out, &errb, "9.9.9", false, "1"); !errors.As(err, new(app.UsageError)) {
		t.Errorf("unknown version: %v", err)
	}
}

// TestSearch: matches are printed one a line with their id; none is said
// on stderr and fails.
func TestSearch(t *testing.T) {
	var out, errb bytes.Buffer
	if err := Search(&out, &errb, "1.1.0", false, 5, "error handling"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "60602  software_engineering/code_debugging/error_handling") {
		t.Errorf("output:\n%s", out.String())
	}
	out.Reset()
	err := Search(&out, &errb, "1.1.0", true, 5, "zzzzqqq")
	if !errors.Is(err, app.ErrReported) || out.Len() != 0 || !strings.Contains(errb.String(), `no domains in OASF 1.1.0 match "zzzzqqq"`) {
		t.Errorf("no match: %v\n%s", err, errb.String())
	}
	if err := Search(&out, &errb, "1.1.0", false, -1, "x"); !errors.As(err, new(app.UsageError)) {
		t.Errorf("--limit -1: %v", err)
	}
}

// TestShowReadsABoundedNumberOfSyncedVersions: show without --version reads
// the built-in versions and the newest synced ones only, however many the
// cache holds, and names the ones it left out.
func TestShowReadsABoundedNumberOfSyncedVersions(t *testing.T) {
	var loads atomic.Int32
	for i := range 10 {
		v := fmt.Sprintf("3.%d.0", i)
		oasf.RegisterLazy(v, "https://oasf.example", func() (*oasf.Taxonomy, error) {
			loads.Add(1)
			tree := `{"a": {"name": "a", "id": 1, "caption": "A", "category": true,
				"classes": {"b": {"name": "a/b", "id": 101, "caption": "B"}}}}`
			return oasf.ParseCategories(v, "https://oasf.example", []byte(tree), []byte(tree))
		})
	}
	var out, errb bytes.Buffer
	if err := Show(&out, &errb, "", false, "101"); err != nil {
		t.Fatalf("%v\n%s", err, errb.String())
	}
	if n := loads.Load(); n != maxShownSynced {
		t.Errorf("%d synced versions read, want %d", n, maxShownSynced)
	}
	if want := "oncard: note: 6 older synced versions not shown (3.0.0, 3.1.0, 3.2.0, 3.3.0, 3.4.0, 3.5.0); name one with --version\n"; !strings.Contains(errb.String(), want) {
		t.Errorf("stderr %q lacks %q", errb.String(), want)
	}
	if !strings.Contains(out.String(), "3.9.0") || strings.Contains(out.String(), "3.5.0") {
		t.Errorf("output:\n%s", out.String())
	}
}
