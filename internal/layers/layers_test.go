// Package layers holds the layering of the module to what
// docs/ARCHITECTURE.md says: the rules and the document model do no file,
// network or terminal work, so that what they need is handed in.
package layers

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// forbidden are the packages model/... and validate/... must not reach,
// directly or through another package.
var forbidden = regexp.MustCompile(`^(net/http|github\.com/oncard/oncard/internal/(safefile|safehttp|oasfclient|fetch|docfile|edit|app)(/.*)?|charm\.land/.*|github\.com/charmbracelet/.*)$`)

func TestRulesAndModelDoNoFileOrNetworkWork(t *testing.T) {
	watchSources(t)
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to list the packages with")
	}
	out, err := exec.Command(goTool, "list", "-deps", "github.com/oncard/oncard/model/...", "github.com/oncard/oncard/validate/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 20 {
		t.Fatalf("go list found only %d packages", len(deps))
	}
	for _, p := range deps {
		if forbidden.MatchString(p) {
			t.Errorf("model/... or validate/... reach %s: hand what the rules need in instead (validate.Options.Resolve, validate.SchemaServer)", p)
		}
	}
}

// TestTheCheckCatchesAViolation proves the pattern matches what it must.
func TestTheCheckCatchesAViolation(t *testing.T) {
	for _, p := range []string{"net/http", "github.com/oncard/oncard/internal/safefile", "github.com/oncard/oncard/internal/oasfclient", "charm.land/bubbletea/v2", "github.com/oncard/oncard/internal/edit"} {
		if !forbidden.MatchString(p) {
			t.Errorf("%s is not caught", p)
		}
	}
	for _, p := range []string{"net/url", "github.com/oncard/oncard/internal/oasfapi", "github.com/oncard/oncard/internal/cardsig"} {
		if forbidden.MatchString(p) {
			t.Errorf("%s is caught", p)
		}
	}
}

// watchSources looks at every Go file and go.mod of the module, so that
// go test's cache, which knows the files a test consults but not what the
// go command it runs reads, runs this test again whenever one changes.
func watchSources(t *testing.T) {
	t.Helper()
	err := filepath.WalkDir(filepath.Join("..", ".."), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".")) && p != filepath.Join("..", "..") {
			return filepath.SkipDir
		}
		if !d.IsDir() && (strings.HasSuffix(p, ".go") || d.Name() == "go.mod") {
			_, err = os.Stat(p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}
