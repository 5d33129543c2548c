package validate

// Diagnostic codes are a public API (CI jobs filter on them). Every code is
// a Rule declared once in rules_<family>.go; these tests hold the rest of
// the source to that:
//
//   - no Go file outside the declarations writes a code as a string: checks
//     report through the rule's value (model's JSON parser, which validate
//     cannot be imported by, writes its codes and each must be declared);
//   - every code the embedded schemas' x-code and x-missing-code
//     annotations and the OASF schema server's error types name is declared;
//   - every declared rule is used somewhere;
//   - docs/DIAGNOSTICS.md's tables are generated from the declarations
//     (TestDiagnosticsDoc).

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// codeRE is a complete diagnostic code: a known family, a slash, a name.
var codeRE = regexp.MustCompile(`^(json|a2a|onrequest|oasf|catalog|validate|io|signature|fetch|security)/[a-z0-9][a-z0-9_-]*$`)

// codeLiterals returns the string literals of files that look like codes,
// with where they are.
func codeLiterals(fset *token.FileSet, files []*ast.File) map[string][]string {
	out := map[string][]string{}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			if _, ok := n.(*ast.ImportSpec); ok {
				return false // "io/fs" is a package, not a code
			}
			if lit, ok := n.(*ast.BasicLit); ok {
				if v := stringValue(lit); codeRE.MatchString(v) {
					out[v] = append(out[v], position(fset, lit))
				}
			}
			return true
		})
	}
	return out
}

func isRuleFile(f *ast.File, fset *token.FileSet) bool {
	base := filepath.Base(fset.Position(f.Pos()).Filename)
	return strings.HasPrefix(base, "rules_") || base == "rule.go"
}

func TestCodesAreWrittenOnlyInRules(t *testing.T) {
	fset := token.NewFileSet()
	var checked []*ast.File
	for _, f := range parsePackage(t, fset, ".") {
		if !isRuleFile(f, fset) {
			checked = append(checked, f)
		}
	}
	for _, dir := range []string{filepath.Join("..", "cmd"), filepath.Join("..", "internal"), filepath.Join("..", "tui")} {
		checked = append(checked, parsePackages(t, fset, dir)...)
	}
	for code, at := range codeLiterals(fset, checked) {
		t.Errorf("%s writes the code %s as a string: report through its rule (validate.RuleFor, or the rule's value)", strings.Join(at, ", "), code)
	}
	for code, at := range codeLiterals(fset, parsePackage(t, fset, filepath.Join("..", "model"))) {
		if RuleOf(code) == nil {
			t.Errorf("model reports %s (%s), which no rule declares", code, strings.Join(at, ", "))
		}
	}
}

func TestSchemaAndServerCodesAreDeclared(t *testing.T) {
	for code, at := range schemaCodes(t) {
		if RuleOf(code) == nil {
			t.Errorf("%s names %s, which no rule declares", at, code)
		}
	}
	if len(serverErrorTypes) == 0 {
		t.Fatal("serverErrorTypes is empty")
	}
	for typ := range serverErrorTypes {
		if RuleOf("oasf/"+typ) == nil {
			t.Errorf("the OASF server's error type %s has no rule oasf/%s", typ, typ)
		}
	}
}

// TestEveryRuleIsUsed fails for a declared rule nothing reports: its
// variable is not referred to outside the declarations, and no schema
// annotation, server error type or model literal names its code.
func TestEveryRuleIsUsed(t *testing.T) {
	fset := token.NewFileSet()
	vars := map[string]string{} // variable -> code
	used := map[string]bool{}   // codes
	var others []*ast.File
	for _, f := range parsePackage(t, fset, ".") {
		if !isRuleFile(f, fset) {
			others = append(others, f)
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			vs, ok := n.(*ast.ValueSpec)
			if !ok || len(vs.Names) != 1 || len(vs.Values) != 1 {
				return true
			}
			ast.Inspect(vs.Values[0], func(n ast.Node) bool {
				kv, ok := n.(*ast.KeyValueExpr)
				if !ok {
					return true
				}
				if key, isIdent := kv.Key.(*ast.Ident); isIdent && key.Name == "Code" {
					if lit, ok := kv.Value.(*ast.BasicLit); ok {
						vars[vs.Names[0].Name] = stringValue(lit)
					}
				}
				return true
			})
			return true
		})
	}
	if len(vars) < 100 {
		t.Fatalf("found only %d rule declarations; the scan no longer recognises them", len(vars))
	}
	for _, dir := range []string{filepath.Join("..", "cmd"), filepath.Join("..", "internal"), filepath.Join("..", "tui")} {
		others = append(others, parsePackages(t, fset, dir)...)
	}
	for _, f := range others {
		ast.Inspect(f, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if code, ok := vars[id.Name]; ok {
					used[code] = true
				}
			}
			return true
		})
	}
	for code := range codeLiterals(fset, parsePackage(t, fset, filepath.Join("..", "model"))) {
		used[code] = true
	}
	for code := range schemaCodes(t) {
		used[code] = true
	}
	for typ := range serverErrorTypes {
		used["oasf/"+typ] = true
	}
	for _, r := range Rules() {
		if !used[r.Code] {
			t.Errorf("rule %s is declared but nothing reports it: remove it, or report it", r.Code)
		}
	}
}

// schemaCodes returns the codes named by the embedded schemas' x-code and
// x-missing-code annotations, with where.
func schemaCodes(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	names, err := filepath.Glob(filepath.Join("schemas", "*.json"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no schemas under schemas/: %v", err)
	}
	add := func(v any, at string) {
		code, ok := v.(string)
		if !ok || !codeRE.MatchString(code) {
			t.Errorf("%s: %v is not a diagnostic code", at, v)
			return
		}
		out[code] = at
	}
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var walk func(v any, at string)
		walk = func(v any, at string) {
			switch v := v.(type) {
			case map[string]any:
				for k, sub := range v {
					switch k {
					case "x-code":
						add(sub, name+" "+at+"/x-code")
					case "x-missing-code":
						if m, ok := sub.(map[string]any); ok {
							for member, code := range m {
								add(code, name+" "+at+"/x-missing-code/"+member)
							}
						} else {
							t.Errorf("%s %s/x-missing-code is not an object", name, at)
						}
					default:
						walk(sub, at+"/"+k)
					}
				}
			case []any:
				for i, sub := range v {
					walk(sub, at+"/"+strconv.Itoa(i))
				}
			}
		}
		walk(v, "#")
	}
	return out
}

// parsePackages is parsePackage for dir and every package below it (the
// command line's workflows: internal/app and its packages).
func parsePackages(t *testing.T, fset *token.FileSet, dir string) []*ast.File {
	t.Helper()
	var files []*ast.File
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || !d.IsDir() || d.Name() == "testdata" {
			return err
		}
		names, _ := filepath.Glob(filepath.Join(path, "*.go"))
		for _, n := range names {
			if !strings.HasSuffix(n, "_test.go") {
				files = append(files, parsePackage(t, fset, path)...)
				break
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func parsePackage(t *testing.T, fset *token.FileSet, dir string) []*ast.File {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatalf("parse %s: %v", name, err)
		}
		files = append(files, f)
	}
	if len(files) == 0 {
		t.Fatalf("no Go files in %s", dir)
	}
	return files
}

func stringValue(lit *ast.BasicLit) string {
	if lit.Kind != token.STRING {
		return ""
	}
	v, err := strconv.Unquote(lit.Value)
	if err != nil {
		return ""
	}
	return v
}

func position(fset *token.FileSet, n ast.Node) string {
	p := fset.Position(n.Pos())
	return filepath.Base(p.Filename) + ":" + strconv.Itoa(p.Line)
}
