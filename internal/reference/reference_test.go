package reference

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestModuleRootHoldsGoMod(t *testing.T) {
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("moduleRoot %s holds no go.mod", root)
	}
}

func TestPathNamesTheMissingPath(t *testing.T) {
	_, err := Path("reference", "no-such-folder-here")
	if err == nil {
		t.Fatal("no error for a missing path")
	}
	want := filepath.Join("shared", "reference", "no-such-folder-here")
	if !strings.Contains(err.Error(), want) {
		t.Fatalf("error %q does not name %s", err, want)
	}
}

func TestDirSkipsWhenAbsent(t *testing.T) {
	returned := false
	t.Run("missing", func(t *testing.T) {
		Dir(t, "no-such-folder-here")
		returned = true // not reached: Dir must skip
	})
	if returned {
		t.Fatal("Dir returned for a missing path instead of skipping")
	}
}

func TestDirFindsPresentData(t *testing.T) {
	p := Dir(t) // ../shared/reference itself; skips when absent
	if fi, err := os.Stat(p); err != nil || !fi.IsDir() {
		t.Fatalf("Dir returned %s, not a folder: %v", p, err)
	}
}

func TestJSONBlocks(t *testing.T) {
	text := "Intro {\r\n{\r\n  \"a\": {\n  }\n}\nprose\n{\n}\n  {\n}\n"
	got := jsonBlocks(text)
	want := []string{"{\n  \"a\": {\n  }\n}", "{\n}"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("jsonBlocks = %q, want %q", got, want)
	}
}
