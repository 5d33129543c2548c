package validate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"

	"github.com/oncard/oncard/internal/reference"
	"github.com/oncard/oncard/model"
)

// The card's structural rules run as Go code (card_shape.go) for speed; the
// embedded JSON Schema is the source of truth. These tests hold the code to
// the schema: on every fixture, every reference card and hundreds of mutated
// cards, both must find the same members invalid.

// structuralCodes are the codes the shape walker emits for what the schema
// expresses.
var structuralCodes = map[string]bool{
	ruleA2AType.Code: true, ruleA2ARequiredMissing.Code: true, ruleA2AEmptyRequired.Code: true, ruleA2AEnum.Code: true,
	ruleA2ASecuritySchemeVariants.Code: true, ruleA2AOauthFlows.Code: true,
}

const cardSchemaName = "a2a-card-v1.schema.json"

// schemaInvalidPointers returns the pointers of the members the embedded
// schema rejects: the failing value, or for a missing required member the
// member's own pointer (which is how the code reports it).
func schemaInvalidPointers(t *testing.T, data []byte) map[string]bool {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	err := loadSchema(cardSchemaName).compiled.Validate(v)
	if err == nil {
		return out
	}
	ve, ok := err.(*jsonschema.ValidationError)
	if !ok {
		t.Fatalf("schema: %v", err)
	}
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		loc := model.Pointer(e.InstanceLocation...)
		switch k := e.ErrorKind.(type) {
		case *kind.Required:
			for _, m := range k.Missing {
				out[loc+"/"+escapePointerToken(m)] = true
			}
			return
		case *kind.OneOf:
			out[loc] = true // an exactly-one union: reported on the object
			return
		}
		if len(e.Causes) == 0 {
			out[loc] = true
			return
		}
		for _, c := range e.Causes {
			walk(c)
		}
	}
	walk(ve)
	return out
}

// codeInvalidPointers runs the card checks and keeps the structural verdicts.
// ok is false for v0.3 cards, which the code checks against the v0.3 shape
// and the v1.0 schema does not describe.
func codeInvalidPointers(t *testing.T, data []byte) (ptrs map[string]bool, ok bool) {
	t.Helper()
	doc, err := model.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if root := doc.Root(); root.Kind == model.Object && detectCardVersion(root) == cardV03 {
		return nil, false
	}
	ptrs = map[string]bool{}
	for _, d := range Card(doc, nil) {
		// The v1.0 schema knows nothing of a dual card's v0.3 check.
		if structuralCodes[d.Code] && !strings.HasPrefix(d.Message, dualV03Prefix) {
			ptrs[d.Pointer] = true
		}
	}
	return ptrs, true
}

// agree reports a disagreement as a test error; rejected tells whether the
// schema found anything (so that the tests can show they are not vacuous).
func agree(t *testing.T, name string, data []byte) (same, rejected bool) {
	t.Helper()
	data = camelCaseNames(t, data)
	code, ok := codeInvalidPointers(t, data)
	if !ok {
		return true, false
	}
	sch := schemaInvalidPointers(t, data)
	rejected = len(sch) > 0
	var onlyCode, onlySchema []string
	for p := range code {
		if !sch[p] {
			onlyCode = append(onlyCode, p)
		}
	}
	for p := range sch {
		if !code[p] {
			onlySchema = append(onlySchema, p)
		}
	}
	if len(onlyCode)+len(onlySchema) == 0 {
		return true, rejected
	}
	sort.Strings(onlyCode)
	sort.Strings(onlySchema)
	t.Errorf("%s: code and schema disagree\n  only the code rejects:   %q\n  only the schema rejects: %q", name, onlyCode, onlySchema)
	return false, rejected
}

func TestCardShapeAgreesWithSchemaOnFiles(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "rules", "a2a", "*", "*.json"))
	ref, refErr := reference.Path("reference", "a2a")
	if refErr == nil {
		for _, dir := range []string{"examples", "real-cards"} {
			more, _ := filepath.Glob(filepath.Join(ref, dir, "*.json"))
			files = append(files, more...)
		}
		if len(files) < 40 {
			t.Fatalf("only %d files found", len(files))
		}
	}
	rejectedFiles := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := model.Parse(data); err != nil {
			continue // the two non-JSON reference files
		}
		if _, rejected := agree(t, f, data); rejected {
			rejectedFiles++
		}
	}
	if refErr != nil {
		// The repository's own files were compared; how strong the
		// comparison is can only be judged on the reference cards.
		t.Skipf("compared %d files of the repository; the strength check skipped: %v", len(files), refErr)
	}
	if rejectedFiles < 10 {
		t.Errorf("the schema rejected only %d files: the comparison is too weak", rejectedFiles)
	}
}

// TestCardShapeAgreesWithSchemaOnMutations mutates every member of a clean
// card in turn (deletes it, gives it a value of every JSON type, empties
// it) and checks that code and schema reject the same members.
func TestCardShapeAgreesWithSchemaOnMutations(t *testing.T) {
	base := decodeJSON(t, filepath.Join("testdata", "rules", "a2a", "enum", "valid.json"))
	extra := decodeJSON(t, filepath.Join("testdata", "rules", "a2a", "deprecated-oauth-flow", "invalid.json"))
	// Cover every scheme wrapper and flow, and signatures, in one base card.
	schemes := base["securitySchemes"].(map[string]any)
	schemes["oidc"] = map[string]any{"openIdConnectSecurityScheme": map[string]any{"openIdConnectUrl": "https://id.example.com/.well-known/openid-configuration"}}
	schemes["mtls"] = map[string]any{"mtlsSecurityScheme": map[string]any{"description": "client certificates"}}
	schemes["implicit"] = extra["securitySchemes"].(map[string]any)["oauth"]
	schemes["device"] = map[string]any{"oauth2SecurityScheme": map[string]any{"flows": map[string]any{"deviceCode": map[string]any{
		"deviceAuthorizationUrl": "https://auth.example.com/device", "tokenUrl": "https://auth.example.com/token", "scopes": map[string]any{}}}}}
	schemes["cc"] = map[string]any{"oauth2SecurityScheme": map[string]any{"flows": map[string]any{"clientCredentials": map[string]any{
		"tokenUrl": "https://auth.example.com/token", "scopes": map[string]any{"a": "b"}}}}}
	schemes["pw"] = map[string]any{"oauth2SecurityScheme": map[string]any{"flows": map[string]any{"password": map[string]any{
		"tokenUrl": "https://auth.example.com/token", "scopes": map[string]any{}}}}}
	base["signatures"] = []any{map[string]any{"protected": "eyJhbGciOiJFUzI1NiJ9", "signature": "c2ln", "header": map[string]any{"kid": "1"}}}
	base["securityRequirements"] = append(base["securityRequirements"].([]any),
		map[string]any{"schemes": map[string]any{"cc": []any{"a"}, "mtls": nil}})

	if same, rejected := agree(t, "base", encodeJSON(t, base)); !same || rejected {
		t.Fatalf("the base card must be valid for both (same=%v, schema rejected=%v)", same, rejected)
	}
	replacements := []any{nil, true, json.Number("1"), "", "x", []any{}, []any{json.Number("1")}, []any{"x"}, map[string]any{}, map[string]any{"x": json.Number("1")}}
	count, rejectedCount := 0, 0
	forEachPointer(base, "", func(ptr string) {
		variants := []struct {
			name string
			edit func(any) (any, bool)
		}{{"delete", func(any) (any, bool) { return nil, false }}}
		for _, r := range replacements {
			r := r
			variants = append(variants, struct {
				name string
				edit func(any) (any, bool)
			}{fmt.Sprintf("= %s", mustJSON(r)), func(any) (any, bool) { return r, true }})
		}
		for _, v := range variants {
			doc := deepCopy(base)
			if !mutate(doc, ptr, v.edit) {
				continue
			}
			count++
			if _, rejected := agree(t, ptr+" "+v.name, encodeJSON(t, doc)); rejected {
				rejectedCount++
			}
		}
	})
	if count < 500 {
		t.Fatalf("only %d mutations were tried", count)
	}
	if rejectedCount < count/3 {
		t.Fatalf("the schema rejected only %d of %d mutated cards: the comparison is too weak", rejectedCount, count)
	}
	t.Logf("%d mutated cards (%d invalid): code and schema agree", count, rejectedCount)
}

// TestCardSchemaCrossCheck compares our schema's verdicts with the
// third-party A2A v1.0 schema (A2A Editor project) where both should agree:
// the clean v1.0 examples pass both, blatantly broken cards fail both.
func TestCardSchemaCrossCheck(t *testing.T) {
	ref := reference.Dir(t, "a2a")
	thirdPath := reference.Dir(t, "a2a", "third-party", "a2a-1.0.0.schema.json")
	c := jsonschema.NewCompiler()
	third, err := c.Compile(thirdPath)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		path  string
		clean bool
	}{
		{filepath.Join(ref, "examples", "spec-v1.0-sample-agent-card.json"), true},
		{filepath.Join(ref, "examples", "a2a-samples-adk_skills_agent-agent_card.json"), true},
		{filepath.Join("testdata", "rules", "a2a", "required-missing", "invalid.json"), false},
		{filepath.Join("testdata", "rules", "a2a", "type", "invalid.json"), false},
	}
	for _, tc := range cases {
		data, err := os.ReadFile(tc.path)
		if err != nil {
			t.Fatal(err)
		}
		v, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		thirdOK := third.Validate(v) == nil
		oursOK := loadSchema(cardSchemaName).compiled.Validate(v) == nil
		doc, _ := model.Parse(data)
		errs, _, _ := Counts(Card(doc, nil))
		if thirdOK != tc.clean || oursOK != tc.clean || (errs == 0) != tc.clean {
			t.Errorf("%s: want clean=%v; third-party schema ok=%v, our schema ok=%v, our code errors=%d",
				filepath.Base(tc.path), tc.clean, thirdOK, oursOK, errs)
		}
	}
}

// ---- helpers on decoded JSON ----

func decodeJSON(t *testing.T, path string) map[string]any {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		t.Fatal(err)
	}
	return m
}

func encodeJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func deepCopy(v map[string]any) map[string]any {
	var out map[string]any
	dec := json.NewDecoder(bytes.NewReader([]byte(mustJSON(v))))
	dec.UseNumber()
	_ = dec.Decode(&out)
	return out
}

// forEachPointer calls fn with the pointer of every value below v (not v).
func forEachPointer(v any, base string, fn func(string)) {
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			p := base + "/" + escapePointerToken(k)
			fn(p)
			forEachPointer(x[k], p, fn)
		}
	case []any:
		for i, it := range x {
			p := base + "/" + strconv.Itoa(i)
			fn(p)
			forEachPointer(it, p, fn)
		}
	}
}

// mutate replaces (or, when edit says so, deletes) the value at ptr.
func mutate(doc map[string]any, ptr string, edit func(any) (any, bool)) bool {
	toks, err := model.SplitPointer(ptr)
	if err != nil || len(toks) == 0 {
		return false
	}
	var parent any = doc
	for _, tok := range toks[:len(toks)-1] {
		switch p := parent.(type) {
		case map[string]any:
			parent = p[tok]
		case []any:
			i, _ := strconv.Atoi(tok)
			parent = p[i]
		}
	}
	last := toks[len(toks)-1]
	switch p := parent.(type) {
	case map[string]any:
		nv, keep := edit(p[last])
		if keep {
			p[last] = nv
		} else {
			delete(p, last)
		}
	case []any:
		i, _ := strconv.Atoi(last)
		nv, keep := edit(p[i])
		if !keep {
			return false // deleting an item only renumbers the array
		}
		p[i] = nv
	default:
		return false
	}
	return true
}

// camelCaseNames renames every member written under its proto snake_case
// name to its camelCase twin (unless the twin is there too). The schema
// speaks the JSON names only; the code accepts a proto name in place of its
// twin (with an a2a/snake-case-name warning), so both are compared on the
// renamed document.
func camelCaseNames(t *testing.T, data []byte) []byte {
	t.Helper()
	if !bytes.Contains(data, []byte("_")) {
		return data
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return data // not JSON: left to the callers' own checks
	}
	var rename func(v any) any
	rename = func(v any) any {
		switch x := v.(type) {
		case map[string]any:
			out := make(map[string]any, len(x))
			for k, val := range x {
				name := k
				if c := camelCase(k); c != k {
					if _, twin := x[c]; !twin {
						name = c
					}
				}
				out[name] = rename(val)
			}
			return out
		case []any:
			for i := range x {
				x[i] = rename(x[i])
			}
		}
		return v
	}
	return encodeJSON(t, rename(v))
}
