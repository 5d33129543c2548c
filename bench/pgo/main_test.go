package main

import (
	"path/filepath"
	"testing"
)

// TestImportPath: a source file's path is cut to the import path of its
// package, whichever root it is under; a path under none of them keeps
// only the file's name, so that no directory of the machine a profile
// was taken on is written into default.pgo.
func TestImportPath(t *testing.T) {
	roots := []root{
		{filepath.FromSlash("/src/checkout"), modulePath},
		{filepath.FromSlash("/usr/local/go/src"), ""},
		{filepath.FromSlash("/home/u/go/pkg/mod"), ""},
	}
	for name, want := range map[string]string{
		"/src/checkout/validate/security.go":                   modulePath + "/validate/security.go",
		"/usr/local/go/src/runtime/malloc.go":                  "runtime/malloc.go",
		"/home/u/go/pkg/mod/github.com/x/y@v1.2.3/z/z.go":      "github.com/x/y@v1.2.3/z/z.go",
		"/src/checkout-other/a.go":                             "a.go",
		"/elsewhere/b.go":                                      "b.go",
		"/src/checkout/..hidden/c.go":                          modulePath + "/..hidden/c.go",
		"/src/checkout/../checkout-other/validate/security.go": "security.go",
	} {
		if got := importPath(filepath.FromSlash(name), roots); got != want {
			t.Errorf("importPath(%q) = %q, want %q", name, got, want)
		}
	}
}
