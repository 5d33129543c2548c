package validate

// Diagnostic codes are a public API (CI jobs filter on them), catalogued in
// docs/DIAGNOSTICS.md. These tests hold the catalogue and the source to each
// other, in both directions, so neither can drift:
//
//   - every code the source can emit has a row in the catalogue;
//   - every row names a code the source still emits;
//   - every severity the source reports a code at is listed in its row.
//
// "The source" is read, not run: the string literals of package validate,
// of package model (the JSON parser's codes), of the oncard command and its
// workflows in internal/app (io/ codes: files it cannot read) and of internal/fetch (its fetch/ codes:
// documents it cannot fetch, or fetches with a wrong type), the x-code and
// x-missing-code annotations of the embedded schemas, and the OASF schema
// server's error types, which reach diagnostics as "oasf/" + type. Any
// string literal of the form family/name counts as a code, so a string that
// only looks like one (there is none today) would need a row too, or to be
// built from parts. Import paths ("io/fs") are not codes and are skipped.

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// catalogueFile is docs/DIAGNOSTICS.md, relative to this package.
var catalogueFile = filepath.Join("..", "docs", "DIAGNOSTICS.md")

// codeRE is a complete diagnostic code: a known family, a slash, a name.
// "oasf/" alone (the prefix of the dynamic codes) does not match.
var codeRE = regexp.MustCompile(`^(json|a2a|onrequest|oasf|catalog|validate|io|signature|fetch)/[a-z0-9][a-z0-9_-]*$`)

// catalogueRowRE is a table row of the catalogue whose first cell is a code
// in backquotes; it captures the code and the severity cell.
var catalogueRowRE = regexp.MustCompile("^\\|\\s*`([^`]+)`\\s*\\|([^|]*)\\|")

// severityWordRE finds the severities named in a severity cell.
var severityWordRE = regexp.MustCompile(`\b(error|warning|info)\b`)

func TestDiagnosticCodesCatalogued(t *testing.T) {
	src := scanSourceCodes(t)
	doc := readCatalogue(t, catalogueFile)
	undocumented, stale := compareCatalogue(src.codes, doc)
	for _, c := range undocumented {
		t.Errorf("code %s (%s) has no row in %s: add one", c, strings.Join(src.codes[c], ", "), catalogueFile)
	}
	for _, c := range stale {
		t.Errorf("%s lists %s, which the source no longer emits: remove the row, or restore the code", catalogueFile, c)
	}
}

func TestDiagnosticCodesSeverities(t *testing.T) {
	src := scanSourceCodes(t)
	doc := readCatalogue(t, catalogueFile)
	if len(src.severities) < 40 {
		// The analysis below must keep seeing the report calls; if it stops
		// (a renamed helper), this test would pass without checking.
		t.Fatalf("found the severity of only %d codes in the source; the scan no longer recognises the report calls", len(src.severities))
	}
	t.Logf("severities found statically for %d of %d codes", len(src.severities), len(src.codes))
	for code, sevs := range src.severities {
		if testing.Verbose() {
			t.Logf("%s: %s", code, setString(sevs))
		}
		row, ok := doc[code]
		if !ok {
			continue // TestDiagnosticCodesCatalogued reports it
		}
		for sev := range sevs {
			if !row[sev] {
				t.Errorf("%s: the source reports %s at severity %s, but its row in %s lists %s",
					code, code, sev, catalogueFile, setString(row))
			}
		}
	}
}

// TestDiagnosticCodesCatalogueCatchesDrift proves that the comparison above
// fails when a row is dropped from the catalogue or a code from the source.
// It works on the codes the two agree on, so that it checks the mechanism
// even while TestDiagnosticCodesCatalogued reports a real drift.
func TestDiagnosticCodesCatalogueCatchesDrift(t *testing.T) {
	src := scanSourceCodes(t)
	agreedSrc, agreedDoc := agreedCodes(src.codes, readCatalogue(t, catalogueFile))
	if len(agreedSrc) < 60 {
		t.Fatalf("the catalogue and the source agree on only %d codes", len(agreedSrc))
	}
	for _, drop := range []string{"a2a/duplicate-skill-id", "json/syntax", "oasf/id_unknown", "catalog/spec-version", "io/unreadable"} {
		if _, ok := agreedDoc[drop]; !ok {
			t.Fatalf("%s is not both in the source and in %s", drop, catalogueFile)
		}
		lessDoc := copySet(agreedDoc)
		delete(lessDoc, drop)
		undocumented, stale := compareCatalogue(agreedSrc, lessDoc)
		if len(undocumented) != 1 || undocumented[0] != drop || len(stale) != 0 {
			t.Errorf("without the row %s: undocumented %v, stale %v; want [%s], []", drop, undocumented, stale, drop)
		}

		lessSrc := map[string][]string{}
		for c, at := range agreedSrc {
			if c != drop {
				lessSrc[c] = at
			}
		}
		undocumented, stale = compareCatalogue(lessSrc, agreedDoc)
		if len(stale) != 1 || stale[0] != drop || len(undocumented) != 0 {
			t.Errorf("without the code %s in the source: undocumented %v, stale %v; want [], [%s]", drop, undocumented, stale, drop)
		}
	}

	// The catalogue file minus any one row must lose exactly that code:
	// the row parser reads every row.
	data, err := os.ReadFile(catalogueFile)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	for i, line := range lines {
		m := catalogueRowRE.FindStringSubmatch(line)
		if m == nil || agreedDoc[m[1]] == nil {
			continue
		}
		text := strings.Join(append(append([]string{}, lines[:i]...), lines[i+1:]...), "\n")
		_, less := agreedCodes(agreedSrc, parseCatalogue(t, text))
		undocumented, _ := compareCatalogue(agreedSrc, less)
		if len(undocumented) != 1 || undocumented[0] != m[1] {
			t.Errorf("removing line %d (%s) of %s leaves undocumented %v", i+1, m[1], catalogueFile, undocumented)
		}
	}
}

// agreedCodes keeps the codes that are both in src and in doc.
func agreedCodes(src map[string][]string, doc map[string]map[string]bool) (map[string][]string, map[string]map[string]bool) {
	s, d := map[string][]string{}, map[string]map[string]bool{}
	for c, at := range src {
		if sevs, ok := doc[c]; ok {
			s[c], d[c] = at, sevs
		}
	}
	return s, d
}

// compareCatalogue returns the source codes the catalogue lacks and the
// catalogue codes the source lacks, sorted.
func compareCatalogue(src map[string][]string, doc map[string]map[string]bool) (undocumented, stale []string) {
	for c := range src {
		if _, ok := doc[c]; !ok {
			undocumented = append(undocumented, c)
		}
	}
	for c := range doc {
		if _, ok := src[c]; !ok {
			stale = append(stale, c)
		}
	}
	sort.Strings(undocumented)
	sort.Strings(stale)
	return undocumented, stale
}

// ---- the catalogue ----

func readCatalogue(t *testing.T, path string) map[string]map[string]bool {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("the catalogue of diagnostic codes: %v", err)
	}
	return parseCatalogue(t, string(data))
}

// parseCatalogue maps each code of the catalogue's table rows to the
// severities its row names.
func parseCatalogue(t *testing.T, text string) map[string]map[string]bool {
	t.Helper()
	out := map[string]map[string]bool{}
	for n, line := range strings.Split(text, "\n") {
		m := catalogueRowRE.FindStringSubmatch(line)
		if m == nil || !codeRE.MatchString(m[1]) {
			continue
		}
		code := m[1]
		if _, dup := out[code]; dup {
			t.Errorf("%s:%d: a second row for %s", catalogueFile, n+1, code)
		}
		sevs := map[string]bool{}
		for _, w := range severityWordRE.FindAllString(m[2], -1) {
			sevs[w] = true
		}
		if len(sevs) == 0 {
			t.Errorf("%s:%d: the row of %s names no severity (error, warning, info) in its second cell", catalogueFile, n+1, code)
		}
		out[code] = sevs
	}
	return out
}

// ---- the source ----

// sourceCodes is what the scan of the source found.
type sourceCodes struct {
	codes      map[string][]string        // code -> where it appears ("card.go:12")
	severities map[string]map[string]bool // code -> severities it is reported at, where static
}

func (s *sourceCodes) add(code, at string) {
	if len(s.codes[code]) < 3 { // a few places are enough for a message
		s.codes[code] = append(s.codes[code], at)
	}
}

func scanSourceCodes(t *testing.T) *sourceCodes {
	t.Helper()
	s := &sourceCodes{codes: map[string][]string{}, severities: map[string]map[string]bool{}}
	fset := token.NewFileSet()
	validateFiles := parsePackage(t, fset, ".")
	modelFiles := parsePackage(t, fset, filepath.Join("..", "model"))
	commandFiles := parsePackage(t, fset, filepath.Join("..", "cmd", "oncard"))
	workflowFiles := parsePackages(t, fset, filepath.Join("..", "internal", "app"))
	fetchFiles := parsePackage(t, fset, filepath.Join("..", "internal", "fetch"))

	var all []*ast.File
	for _, files := range [][]*ast.File{validateFiles, modelFiles, commandFiles, workflowFiles, fetchFiles} {
		all = append(all, files...)
	}
	for _, f := range all {
		ast.Inspect(f, func(n ast.Node) bool {
			if _, ok := n.(*ast.ImportSpec); ok {
				return false // "io/fs" is a package, not a code
			}
			if lit, ok := n.(*ast.BasicLit); ok {
				if v := stringValue(lit); codeRE.MatchString(v) {
					s.add(v, position(fset, lit))
				}
			}
			return true
		})
	}

	// The server's error types become "oasf/" + type (discovery.go,
	// online_map.go): every RefFinding Type literal, and every type the
	// online comparison knows.
	for _, f := range validateFiles {
		ast.Inspect(f, func(n ast.Node) bool {
			kv, ok := n.(*ast.KeyValueExpr)
			if !ok {
				return true
			}
			if key, ok := kv.Key.(*ast.Ident); ok && key.Name == "Type" {
				if lit, ok := kv.Value.(*ast.BasicLit); ok {
					if code := "oasf/" + stringValue(lit); codeRE.MatchString(code) {
						s.add(code, position(fset, lit))
					}
				}
			}
			return true
		})
	}
	if len(serverErrorTypes) == 0 {
		t.Fatal("serverErrorTypes is empty")
	}
	for typ := range serverErrorTypes {
		code := "oasf/" + typ
		if !codeRE.MatchString(code) {
			t.Errorf("server error type %q does not make a valid code", typ)
			continue
		}
		s.add(code, "online_map.go serverErrorTypes")
	}

	scanSchemaCodes(t, s)
	(&severityScan{out: s.severities, fset: fset}).run(validateFiles)
	return s
}

// parsePackage parses the non-test Go files of dir.
// parsePackages is parsePackage for dir and every package below it (the
// command line's workflows: internal/app and its packages).
func parsePackages(t *testing.T, fset *token.FileSet, dir string) []*ast.File {
	t.Helper()
	var files []*ast.File
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || !d.IsDir() || d.Name() == "testdata" {
			return err
		}
		if names, _ := filepath.Glob(filepath.Join(path, "*.go")); len(names) > 0 {
			files = append(files, parsePackage(t, fset, path)...)
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

// scanSchemaCodes adds the x-code and x-missing-code annotations of the
// embedded schemas.
func scanSchemaCodes(t *testing.T, s *sourceCodes) {
	t.Helper()
	names, err := filepath.Glob(filepath.Join("schemas", "*.json"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no schemas under schemas/: %v", err)
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
						s.addAnnotation(t, sub, name+" "+at+"/x-code")
					case "x-missing-code":
						if m, ok := sub.(map[string]any); ok {
							for member, code := range m {
								s.addAnnotation(t, code, name+" "+at+"/x-missing-code/"+member)
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
}

func (s *sourceCodes) addAnnotation(t *testing.T, v any, at string) {
	code, ok := v.(string)
	if !ok || !codeRE.MatchString(code) {
		t.Errorf("%s: %v is not a diagnostic code", at, v)
		return
	}
	s.add(code, at)
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

// ---- severities ----

// severityScan finds the severities the source reports codes at, where the
// code and the severity are constants at some call site:
//
//	r.fail(ptr, codeX, …)                  error (warn: warning, note: info)
//	r.add(ptr, Warning, codeX, …)          the severity named
//	Diagnostic{Severity: Error, Code: …}   the severity named
//
// and through plain functions that pass a parameter on to one of those,
// e.g. catMust(r, p, name, code, rest) calls r.fail(…, code, …), so
// catMust(…, catCodeHost, …) reports catalog/host-member-missing as an
// error; checkURL(r, ptr, raw, bad, …) calls r.add(ptr, bad, codeInvalidURL,
// …), so checkURL(…, Warning, …) reports it as a warning. Codes and
// severities computed at run time ("oasf/" + f.Type, d.Severity) are not
// seen; the catalogue may list more severities than this finds, never fewer.
type severityScan struct {
	out    map[string]map[string]bool
	fset   *token.FileSet
	consts map[string]string // package-level string constants
}

// valueSource is where a code or severity comes from inside a function: a
// constant, or the function's parameter number param.
type valueSource struct {
	constant string
	param    int // -1 for a constant or unknown
}

// emission is one (code, severity) a function can report.
type emission struct{ code, sev valueSource }

var severityOfMethod = map[string]string{"fail": "error", "warn": "warning", "note": "info"}
var severityOfIdent = map[string]string{"Error": "error", "Warning": "warning", "Info": "info"}

func (sc *severityScan) run(files []*ast.File) {
	sc.consts = map[string]string{}
	funcs := map[string]*ast.FuncDecl{}
	for _, f := range files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.GenDecl:
				sc.collectConsts(d)
			case *ast.FuncDecl:
				if d.Recv == nil && d.Body != nil {
					funcs[d.Name.Name] = d
				}
			}
		}
	}
	all := []*ast.FuncDecl{}
	for _, f := range files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				all = append(all, fd)
			}
		}
	}

	// Summaries of plain functions, to a fixed point: each round lets an
	// emission travel one call further up.
	summary := map[string][]emission{}
	for changed, rounds := true, 0; changed && rounds < 20; rounds++ {
		changed = false
		for name, fd := range funcs {
			got := sc.emissions(fd, summary)
			if len(got) != len(summary[name]) {
				summary[name] = got
				changed = true
			}
		}
	}
	// Every function and method: the emissions whose code and severity
	// are both constants are facts.
	for _, fd := range all {
		for _, e := range sc.emissions(fd, summary) {
			if e.code.param < 0 && e.sev.param < 0 && codeRE.MatchString(e.code.constant) && e.sev.constant != "" {
				if sc.out[e.code.constant] == nil {
					sc.out[e.code.constant] = map[string]bool{}
				}
				sc.out[e.code.constant][e.sev.constant] = true
			}
		}
	}
}

func (sc *severityScan) collectConsts(d *ast.GenDecl) {
	if d.Tok != token.CONST {
		return
	}
	for _, spec := range d.Specs {
		vs := spec.(*ast.ValueSpec)
		for i, name := range vs.Names {
			if i < len(vs.Values) {
				if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
					sc.consts[name.Name] = stringValue(lit)
				}
			}
		}
	}
}

// emissions lists, without duplicates, the (code, severity) pairs fd
// reports directly or through the plain functions it calls.
func (sc *severityScan) emissions(fd *ast.FuncDecl, summary map[string][]emission) []emission {
	params := map[string]int{}
	i := 0
	if fd.Type.Params != nil {
		for _, field := range fd.Type.Params.List {
			for _, name := range field.Names {
				params[name.Name] = i
				i++
			}
			if len(field.Names) == 0 {
				i++
			}
		}
	}
	// Function-local constants count too (onrequest.go declares some).
	local := map[string]string{}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if d, ok := n.(*ast.GenDecl); ok && d.Tok == token.CONST {
			for _, spec := range d.Specs {
				vs := spec.(*ast.ValueSpec)
				for j, name := range vs.Names {
					if j < len(vs.Values) {
						if lit, ok := vs.Values[j].(*ast.BasicLit); ok && lit.Kind == token.STRING {
							local[name.Name] = stringValue(lit)
						}
					}
				}
			}
		}
		return true
	})
	source := func(e ast.Expr, isSeverity bool) (valueSource, bool) {
		switch e := e.(type) {
		case *ast.BasicLit:
			if !isSeverity {
				return valueSource{constant: stringValue(e), param: -1}, true
			}
		case *ast.Ident:
			if isSeverity {
				if s, ok := severityOfIdent[e.Name]; ok {
					return valueSource{constant: s, param: -1}, true
				}
			} else if v, ok := local[e.Name]; ok {
				return valueSource{constant: v, param: -1}, true
			} else if v, ok := sc.consts[e.Name]; ok {
				return valueSource{constant: v, param: -1}, true
			}
			if p, ok := params[e.Name]; ok {
				return valueSource{param: p}, true
			}
		}
		return valueSource{}, false
	}

	seen := map[emission]bool{}
	var out []emission
	emit := func(e emission) {
		if !seen[e] {
			seen[e] = true
			out = append(out, e)
		}
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if lit, ok := n.(*ast.CompositeLit); ok { // Diagnostic{Severity: Error, Code: "…"}
			var code, sev valueSource
			var okC, okS bool
			for _, elt := range lit.Elts {
				kv, ok := elt.(*ast.KeyValueExpr)
				if !ok {
					continue
				}
				key, _ := kv.Key.(*ast.Ident)
				if key == nil {
					continue
				}
				switch key.Name {
				case "Code":
					code, okC = source(kv.Value, false)
				case "Severity":
					sev, okS = source(kv.Value, true)
				}
			}
			if okC && okS {
				emit(emission{code: code, sev: sev})
			}
			return true
		}
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		switch fun := call.Fun.(type) {
		case *ast.SelectorExpr: // r.fail(ptr, code, …), oc.add(ptr, sev, code, …)
			if sev, ok := severityOfMethod[fun.Sel.Name]; ok && len(call.Args) >= 2 {
				if code, ok := source(call.Args[1], false); ok {
					emit(emission{code: code, sev: valueSource{constant: sev, param: -1}})
				}
			}
			if fun.Sel.Name == "add" && len(call.Args) >= 3 {
				sev, okS := source(call.Args[1], true)
				code, okC := source(call.Args[2], false)
				if okS && okC {
					emit(emission{code: code, sev: sev})
				}
			}
		case *ast.Ident: // a plain function of the package
			for _, e := range summary[fun.Name] {
				code, okC := sc.substitute(e.code, call.Args, source, false)
				sev, okS := sc.substitute(e.sev, call.Args, source, true)
				if okC && okS {
					emit(emission{code: code, sev: sev})
				}
			}
		}
		return true
	})
	return out
}

// substitute resolves a callee's value source at a call site.
func (sc *severityScan) substitute(v valueSource, args []ast.Expr, source func(ast.Expr, bool) (valueSource, bool), isSeverity bool) (valueSource, bool) {
	if v.param < 0 {
		return v, true
	}
	if v.param >= len(args) {
		return valueSource{}, false
	}
	return source(args[v.param], isSeverity)
}

func copySet(m map[string]map[string]bool) map[string]map[string]bool {
	c := make(map[string]map[string]bool, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}

func setString(m map[string]bool) string {
	var s []string
	for k := range m {
		s = append(s, k)
	}
	sort.Strings(s)
	return strings.Join(s, " / ")
}
