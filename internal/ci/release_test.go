package ci

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// root is the repository root, relative to this package.
const root = "../.."

// goreleaserConfig is the part of .goreleaser.yaml the tests read.
type goreleaserConfig struct {
	Version int `yaml:"version"`
	Builds  []struct {
		ID      string   `yaml:"id"`
		Main    string   `yaml:"main"`
		Binary  string   `yaml:"binary"`
		Ldflags []string `yaml:"ldflags"`
		Goos    []string `yaml:"goos"`
		Goarch  []string `yaml:"goarch"`
	} `yaml:"builds"`
	Archives []struct {
		IDs             []string `yaml:"ids"`
		NameTemplate    string   `yaml:"name_template"`
		Formats         []string `yaml:"formats"`
		FormatOverrides []struct {
			Goos    string   `yaml:"goos"`
			Formats []string `yaml:"formats"`
		} `yaml:"format_overrides"`
	} `yaml:"archives"`
	Checksum struct {
		NameTemplate string `yaml:"name_template"`
	} `yaml:"checksum"`
	Brews []struct {
		Name       string `yaml:"name"`
		Repository struct {
			Owner, Name string
		} `yaml:"repository"`
		Install string `yaml:"install"`
		Test    string `yaml:"test"`
	} `yaml:"brews"`
	Scoops []struct {
		Name       string `yaml:"name"`
		Repository struct {
			Owner, Name string
		} `yaml:"repository"`
	} `yaml:"scoops"`
}

func readYAML(t *testing.T, name string, v any) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, name))
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

func readGoreleaser(t *testing.T) goreleaserConfig {
	t.Helper()
	var c goreleaserConfig
	readYAML(t, ".goreleaser.yaml", &c)
	return c
}

// TestGoreleaserConfig checks what `goreleaser check` cannot: that the
// release covers the three systems and two architectures, archives are zip
// on Windows, checksums are published, the Homebrew formula and the Scoop
// manifest are there, and the -X flags name variables that exist.
// (`goreleaser check` itself is in docs/RELEASING.md: compiling it takes
// longer than this whole suite.)
func TestGoreleaserConfig(t *testing.T) {
	c := readGoreleaser(t)
	if c.Version != 2 {
		t.Errorf("version: %d, want 2 (goreleaser v2's format)", c.Version)
	}
	if len(c.Builds) != 1 {
		t.Fatalf("%d builds, want 1", len(c.Builds))
	}
	b := c.Builds[0]
	if b.Main != "./cmd/oncard" || b.Binary != "oncard" {
		t.Errorf("build main %q binary %q", b.Main, b.Binary)
	}
	slices.Sort(b.Goos)
	slices.Sort(b.Goarch)
	if !slices.Equal(b.Goos, []string{"darwin", "linux", "windows"}) || !slices.Equal(b.Goarch, []string{"amd64", "arm64"}) {
		t.Errorf("targets %v × %v, want darwin, linux, windows × amd64, arm64", b.Goos, b.Goarch)
	}

	// Every -X names a string variable of package main in cmd/oncard, and
	// version, commit and date are all set.
	vars := mainStringVars(t)
	set := map[string]bool{}
	for _, name := range ldflagVars(b.Ldflags) {
		if !vars[name] {
			t.Errorf("ldflags set main.%s, which cmd/oncard does not declare", name)
		}
		set[name] = true
	}
	for _, want := range []string{"buildVersion", "buildCommit", "buildDate"} {
		if !set[want] {
			t.Errorf("ldflags do not set main.%s", want)
		}
	}

	if len(c.Archives) != 1 {
		t.Fatalf("%d archives, want 1", len(c.Archives))
	}
	a := c.Archives[0]
	if !slices.Equal(a.Formats, []string{"tar.gz"}) {
		t.Errorf("archive formats %v, want tar.gz", a.Formats)
	}
	if len(a.FormatOverrides) != 1 || a.FormatOverrides[0].Goos != "windows" || !slices.Equal(a.FormatOverrides[0].Formats, []string{"zip"}) {
		t.Errorf("format overrides %+v, want zip on windows", a.FormatOverrides)
	}
	if c.Checksum.NameTemplate == "" {
		t.Error("no checksum file")
	}
	if len(c.Brews) != 1 || c.Brews[0].Repository.Name == "" || !strings.Contains(c.Brews[0].Install, `bin.install "oncard"`) || !strings.Contains(c.Brews[0].Test, "--version") {
		t.Errorf("brews: %+v", c.Brews)
	}
	if len(c.Scoops) != 1 || c.Scoops[0].Repository.Name == "" {
		t.Errorf("scoops: %+v", c.Scoops)
	}
}

// ldflagVars lists the main.X variables the -X flags set.
func ldflagVars(ldflags []string) []string {
	var out []string
	for _, m := range regexp.MustCompile(`-X\s+main\.(\w+)=`).FindAllStringSubmatch(strings.Join(ldflags, " "), -1) {
		out = append(out, m[1])
	}
	return out
}

// mainStringVars are the package-level string variables of cmd/oncard
// (those -X can set).
func mainStringVars(t *testing.T) map[string]bool {
	t.Helper()
	fset := token.NewFileSet()
	files, err := filepath.Glob(filepath.Join(root, "cmd", "oncard", "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	vars := map[string]bool{}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.VAR {
				continue
			}
			for _, s := range g.Specs {
				vs := s.(*ast.ValueSpec)
				if id, ok := vs.Type.(*ast.Ident); ok && id.Name == "string" && len(vs.Values) == 0 {
					for _, n := range vs.Names {
						vars[n.Name] = true
					}
				}
			}
		}
	}
	return vars
}

// Values the release test substitutes for goreleaser's templates.
const (
	testTag    = "v1.2.3"
	testCommit = "0123456789abcdef0123456789abcdef01234567"
	testDate   = "2026-12-01T00:00:00Z"
)

// releaseLdflags are the -ldflags of .goreleaser.yaml with its template
// fields filled in as goreleaser would for testTag.
func releaseLdflags(t *testing.T) string {
	t.Helper()
	c := readGoreleaser(t)
	r := strings.NewReplacer("{{ .Tag }}", testTag, "{{ .FullCommit }}", testCommit, "{{ .CommitDate }}", testDate)
	flags := r.Replace(strings.Join(c.Builds[0].Ldflags, " "))
	if strings.Contains(flags, "{{") {
		t.Fatalf("ldflags use a template field this test does not fill: %s", flags)
	}
	return flags
}

// buildOncard builds cmd/oncard into dir with the release's ldflags.
func buildOncard(t *testing.T, dir string) string {
	t.Helper()
	bin := filepath.Join(dir, "oncard")
	if filepath.Separator == '\\' {
		bin += ".exe"
	}
	cmd := exec.Command("go", "build", "-ldflags", releaseLdflags(t), "-o", bin, "./cmd/oncard")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// TestReleaseBuildVersion: a binary built with the release's ldflags says
// the tag, commit and date in --version.
func TestReleaseBuildVersion(t *testing.T) {
	bin := oncardBinary(t)
	out, err := exec.Command(bin, "--version").CombinedOutput()
	if err != nil {
		t.Fatalf("--version: %v\n%s", err, out)
	}
	want := fmt.Sprintf("%s (commit %s, %s)", testTag, testCommit[:12], testDate)
	if !strings.Contains(string(out), want) {
		t.Errorf("--version printed %q, want it to contain %q", out, want)
	}
}

// archiveName is the name_template of .goreleaser.yaml for a version and
// platform, as goreleaser fills it (Version is the tag without "v").
func archiveName(t *testing.T, version, goos, goarch string) string {
	t.Helper()
	c := readGoreleaser(t)
	a := c.Archives[0]
	ext := a.Formats[0]
	for _, o := range a.FormatOverrides {
		if o.Goos == goos {
			ext = o.Formats[0]
		}
	}
	r := strings.NewReplacer("{{ .ProjectName }}", "oncard", "{{ .Version }}", version, "{{ .Os }}", goos, "{{ .Arch }}", goarch)
	name := r.Replace(a.NameTemplate)
	if strings.Contains(name, "{{") {
		t.Fatalf("name_template uses a field this test does not fill: %s", a.NameTemplate)
	}
	return name + "." + ext
}
