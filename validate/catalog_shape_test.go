package validate

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/oncard/oncard/model"
)

// catGen generates AI Catalogs, mostly well-formed with random mutations:
// missing members, wrong types, bad formats (uri, uri-reference, date-time),
// bad patterns (specVersion, type) and bad extension keys. The catalog's
// extensions and the entries' draw from the same bad keys, so one key often
// fails at two depths and in several objects at one depth (the schema path
// must still name the right object: explainer.ownerOf).
type catGen struct{ rng *rand.Rand }

func (g catGen) pick(opts []string) string { return opts[g.rng.IntN(len(opts))] }

// sometimes returns v with probability 1/n, else "" (member left out).
func (g catGen) sometimes(n int, v string) string {
	if g.rng.IntN(n) == 0 {
		return v
	}
	return ""
}

func catMember(name, value string) string {
	if value == "" {
		return ""
	}
	key, _ := json.Marshal(name) // JSON escapes, not Go's
	return string(key) + ": " + value
}

func catObject(members ...string) string {
	var kept []string
	for _, m := range members {
		if m != "" {
			kept = append(kept, m)
		}
	}
	return "{" + strings.Join(kept, ", ") + "}"
}

var (
	catGenWrongTypes = []string{`1`, `2.5`, `true`, `null`, `{}`, `[]`, `["x"]`, `{"k.example": 1}`}
	catGenStrings    = []string{`"x"`, `""`, `"\u00e9t\u00e9"`, `"a\nb"`, `"\u001b[31mred"`, `"` + strings.Repeat("long ", 30) + `"`}
	catGenSpec       = []string{`"1.0"`, `"0.9"`, `"2.0"`, `"1.0.0"`, `"01.0"`, `"1.00"`, `"10.20"`, `"1."`, `".1"`, `"1"`, `""`, `"v1.0"`, `"1.0\n"`, `"\u0031.0"`}
	catGenURIs       = []string{`"https://a.example/x"`, `"https://exa mple.com"`, `"relative/x"`, `"mailto:a@b.example"`,
		`"https://[::1]/x"`, `"https://::1/x"`, `"https://[fe80::1%25eth0]/"`, `"https://[::1"`, `"http://a.example"`, `"a\\b"`,
		`"%zz"`, `"https://a.example/%zz"`, `"//host/x"`, `"#frag"`, `"?q=1"`, `""`, `"https://a.example:x/"`, `"file:///tmp/x"`,
		`"https://a.example/` + strings.Repeat("p", 100) + `"`, `"https://a.example/a b"`, `"tel:+1-555"`, `"urn:air:example.com:a:b"`,
		`"HTTPS://A.EXAMPLE/"`, `"https://a_b.example/~x"`, `"./card.json"`, `"https://a.example/\u00e9"`, `":x"`, `"https://"`}
	catGenTimes = []string{`"2026-11-30T06:00:00Z"`, `"2026-11-30t06:00:00z"`, `"2026-11-30T06:00:00.123+01:00"`,
		`"2026-02-30T00:00:00Z"`, `"2026-11-30 06:00:00Z"`, `"2026-11-30T24:00:00Z"`, `"2026-11-30T23:59:60Z"`,
		`"2026-11-30T22:59:60+01:00"`, `"2026-11-30T00:59:60+01:00"`, `"2026-11-30T+1:00:00Z"`, `"2026-11-30T-0:00:00Z"`,
		`"2026-11-30T-1:00:00Z"`, `"2026-11-30T06:00:00.Z"`, `"2026-11-30T06:00:00"`, `"2026-11-30"`, `"2026-11-30T06:00:00+0100"`,
		`"2026-11-30T06:00:00+01:0x"`, `"2026-11-30T06:00:00-23:59"`, `"2026-11-30T06:00:00+24:00"`, `"2026-13-01T00:00:00Z"`,
		`"02026-11-30T06:00:00Z"`, `"2026-11-30T06:00:00.5Zx"`, `"2026-11-30T0:600:00Z"`, `"2026-11-30T06:00:00+01::0"`,
		`"2026-11-30T06::0:00Z"`, `"2026-11-30T06:00:00+-1:00"`, `"2026-11-30T06:00:00.999999999-00:00"`, `"2024-02-29T12:00:00Z"`}
	catGenTypes = []string{`"application/a2a-agent-card+json"`, `"application/ai-catalog+json"`, `"text/plain"`, `"application"`,
		`"a/b/c"`, `"/x"`, `"x/"`, `"-a/b"`, `"a/-b"`, `"a b/c"`, `"app/x!#$&^_.+-"`, `"\u00fc/x"`, `"A/B"`, `"a/b "`, `""`}
	catGenGoodKeys = []string{"com.example.meta", "https://x.example/ext", "org.agntcy.oasf.discovery.v1", "a.b", "h+.-://host",
		"HTTPS://X", "a-b.c-d", "1.2", "http://x.example/a?b#c"}
	catGenBadKeys = []string{"bad key", "noDots", "a-.b", ".a.b", "x:y", "https://exa mple.com", "1http://x", "", "a~b", "https://[fe80::1%25eth0]/", "\u001b[31m.x", "+a://x",
		"policy urls", "-a.b", "a..b", "a.b.", "http:/x", "https://[::1", "\u00fcrn.example", "a/b", "urn:x:y", "a_b.c", "https://::1/", "://x", "\t", "name"}
)

func (g catGen) str() string { return g.pick(catGenStrings) }

// value is a good value (from good) most of the time, else a wrong one.
func (g catGen) value(good ...[]string) string {
	switch g.rng.IntN(6) {
	case 0:
		return g.pick(catGenWrongTypes)
	case 1:
		return g.str()
	}
	return g.pick(good[g.rng.IntN(len(good))])
}

func (g catGen) extensions(badKeys []string) string {
	if g.rng.IntN(8) == 0 {
		return g.pick(catGenWrongTypes)
	}
	used := map[string]bool{}
	var members []string
	for n := g.rng.IntN(4); n > 0; n-- {
		key := g.pick(catGenGoodKeys)
		if g.rng.IntN(2) == 0 {
			key = g.pick(badKeys)
		}
		if used[key] {
			continue
		}
		used[key] = true
		members = append(members, catMember(key, g.pick([]string{`1`, `"v"`, `{"n": 1}`, `[]`, `null`})))
	}
	return catObject(members...)
}

func (g catGen) host() string {
	if g.rng.IntN(8) == 0 {
		return g.pick(catGenWrongTypes)
	}
	return catObject(
		catMember("displayName", g.sometimes(1+g.rng.IntN(2), g.value([]string{`"Example"`}))),
		catMember("identifier", g.sometimes(2, g.value([]string{`"did:web:example.com"`}))),
		catMember("documentationUrl", g.sometimes(2, g.value(catGenURIs))),
		catMember("logoUrl", g.sometimes(3, g.value(catGenURIs))),
		g.sometimes(4, `"other": {"k": 1}`))
}

func (g catGen) publisher() string {
	if g.rng.IntN(8) == 0 {
		return g.pick(catGenWrongTypes)
	}
	return catObject(
		catMember("identifier", g.sometimes(1+g.rng.IntN(2), g.value([]string{`"did:web:example.com"`}))),
		catMember("displayName", g.sometimes(1+g.rng.IntN(2), g.value([]string{`"Example"`}))),
		catMember("identityType", g.sometimes(3, g.value([]string{`"did"`}))))
}

func (g catGen) signature() string {
	if g.rng.IntN(8) == 0 {
		return g.pick(catGenWrongTypes)
	}
	return catObject(
		catMember("signer", g.sometimes(1+g.rng.IntN(2), g.value([]string{`"did:web:example.com"`}))),
		catMember("profile", g.sometimes(1+g.rng.IntN(2), g.value([]string{`"jws-detached"`}))),
		catMember("issuedAt", g.sometimes(1+g.rng.IntN(2), g.value(catGenTimes))),
		catMember("expiresAt", g.sometimes(2, g.value(catGenTimes))),
		catMember("jws", g.sometimes(1+g.rng.IntN(2), g.value([]string{`"eyJ..x"`}))))
}

func (g catGen) entry() string {
	if g.rng.IntN(15) == 0 {
		return g.pick(catGenWrongTypes)
	}
	tags := g.pick([]string{`["a", "b"]`, `[]`, `["a", 1, null]`, `[["x"]]`, `"a"`, `{}`})
	return catObject(
		catMember("identifier", g.sometimes(1+g.rng.IntN(2), g.value([]string{`"urn:air:example.com:a2a:agent"`, `"rates service"`}))),
		catMember("type", g.sometimes(1+g.rng.IntN(2), g.value(catGenTypes))),
		catMember("url", g.sometimes(2, g.value(catGenURIs))),
		catMember("data", g.sometimes(5, g.pick([]string{`{"name": "Agent", "version": "1.0"}`, `{"specVersion": "1.0", "entries": []}`, `"inline"`}))),
		catMember("version", g.sometimes(2, g.value([]string{`"1.2.0"`}))),
		catMember("displayName", g.sometimes(3, g.value([]string{`"Agent"`}))),
		catMember("description", g.sometimes(3, g.value([]string{`"Does things"`}))),
		catMember("tags", g.sometimes(3, tags)),
		catMember("updatedAt", g.sometimes(2, g.value(catGenTimes))),
		catMember("publisher", g.sometimes(3, g.publisher())),
		catMember("digest", g.sometimes(3, g.value([]string{`"sha256:00"`}))),
		catMember("trustManifests", g.sometimes(4, g.pick([]string{`[]`, `[{"x": 1}]`, `"m"`, `{}`, `null`}))),
		catMember("extensions", g.sometimes(2, g.extensions(catGenBadKeys))),
		g.sometimes(5, `"x-other": {"k": [1]}`))
}

func (g catGen) catalog() string {
	if g.rng.IntN(40) == 0 {
		return g.pick(catGenWrongTypes)
	}
	var entries string
	if g.rng.IntN(12) == 0 {
		entries = g.pick(catGenWrongTypes)
	} else {
		list := make([]string, g.rng.IntN(5))
		for i := range list {
			list[i] = g.entry()
		}
		entries = "[" + strings.Join(list, ",\n") + "]"
	}
	return catObject(
		catMember("specVersion", g.sometimes(1+g.rng.IntN(2), g.value(catGenSpec))),
		catMember("host", g.sometimes(2, g.host())),
		catMember("entries", g.sometimes(1+g.rng.IntN(8), entries)),
		catMember("signature", g.sometimes(3, g.signature())),
		catMember("extensions", g.sometimes(2, g.extensions(catGenBadKeys))),
		g.sometimes(5, `"x-other": {"k": 1}`))
}

// catRender is a report as comparable lines.
func catRender(diags []Diagnostic) []string {
	out := make([]string, len(diags))
	for i, d := range diags {
		out[i] = d.Pointer + " | " + d.Severity.String() + " | " + d.Code + " | " + d.Message
	}
	slices.Sort(out)
	return out
}

// catShapeMismatch runs the schema and shapeCheck over rounds generated
// catalogs and describes the first one where they disagree ("" if none).
func catShapeMismatch(t *testing.T, rounds int, shapeCheck func(*report, *model.Node, string)) string {
	g := catGen{rand.New(rand.NewPCG(7, 11))}
	s := loadSchema(catalogSchemaDef)
	for i := 0; i < rounds; i++ {
		src := g.catalog()
		doc, err := model.Parse([]byte(src))
		if err != nil {
			t.Fatalf("generated invalid JSON %s: %v", src, err)
		}
		// Half the rounds check the catalog where a nested one sits.
		ptr := ""
		if i%2 == 1 {
			ptr = "/entries/3/data"
		}
		bySchema, byCode := newReport(doc, nil), newReport(doc, nil)
		checkSchema(bySchema, s, doc.Root(), ptr, ruleCatalogSchema)
		shapeCheck(byCode, doc.Root(), ptr)
		if a, b := catRender(bySchema.diags), catRender(byCode.diags); !slices.Equal(a, b) {
			return fmt.Sprintf("schema and code disagree on\n%s\nschema:\n  %s\ncode:\n  %s",
				clip(src, 3000), strings.Join(a, "\n  "), strings.Join(b, "\n  "))
		}
	}
	return ""
}

// TestCatalogShapeMatchesSchema holds the code that checks catalog shapes
// (catalog_shape.go) to the embedded schema, the source of truth: over
// thousands of generated catalogs both must report the same pointers,
// codes and sentences.
func TestCatalogShapeMatchesSchema(t *testing.T) {
	rounds := 4000
	if testing.Short() {
		rounds = 400
	}
	if msg := catShapeMismatch(t, rounds, checkCatalogShape); msg != "" {
		t.Fatal(msg)
	}
}

// The differential test must notice a drift between code and schema: each
// mutant below changes one rule of the code path the way a careless edit
// would, and must be caught.
func TestCatalogShapeDifferentialCatchesDrift(t *testing.T) {
	mutants := map[string]func(*report, *model.Node, string){
		"a code renamed": func(r *report, n *model.Node, ptr string) {
			checkCatalogShape(r, n, ptr)
			for i := range r.diags {
				if r.diags[i].Code == ruleCatalogTimestampInvalid.Code {
					r.diags[i].Code = ruleCatalogSchema.Code
				}
			}
		},
		"a sentence reworded": func(r *report, n *model.Node, ptr string) {
			checkCatalogShape(r, n, ptr)
			for i := range r.diags {
				r.diags[i].Message = strings.Replace(r.diags[i].Message, "must not be empty", "must be non-empty", 1)
			}
		},
		"a finding dropped": func(r *report, n *model.Node, ptr string) {
			checkCatalogShape(r, n, ptr)
			r.diags = slices.DeleteFunc(r.diags, func(d Diagnostic) bool { return strings.HasSuffix(d.Pointer, "/logoUrl") })
		},
		"a pointer moved": func(r *report, n *model.Node, ptr string) {
			checkCatalogShape(r, n, ptr)
			for i := range r.diags {
				r.diags[i].Pointer = strings.TrimSuffix(r.diags[i].Pointer, "/jws")
			}
		},
	}
	for name, mutant := range mutants {
		if catShapeMismatch(t, 4000, mutant) == "" {
			t.Errorf("mutant %q not caught: the generator does not reach that rule", name)
		}
	}
}

// A bad extension key is reported at the extensions object that has it,
// even when an object at the same depth earlier in the file has the same
// key (TestCatalogSchemaExtensionKeyOwner holds the schema path to the same).
// entries/0 is plain JSON data: an A2A card entry's data would be validated
// as a card (catalog_inline_test.go), which is not what these tests are about.
func TestCatalogExtensionKeyOwner(t *testing.T) {
	doc := parseString(t, `{"specVersion": "1.0", "entries": [
		{"identifier": "urn:a", "type": "application/json", "data": {"name": "A"}},
		{"identifier": "urn:b", "type": "text/plain", "url": "https://b.example/", "extensions": {"name": 1}}]}`)
	expectExactly(t, catalog(doc, nil), want{ruleCatalogExtensionKeyInvalid.Code, "/entries/1/extensions/name", Error,
		`the key "name" must be a valid URI, or a reverse-DNS name (like org.example.ext)`})
}

// The schema path names the extensions object that has a bad key even when
// the same key fails at two depths (the catalog's extensions and an
// entry's), in two objects at one depth (two entries' extensions), and when
// an object at the same depth that sorts first has the key legitimately
// (entries/0/data). jsonschema reports these failures with an unreliable
// instance location; explainer.ownerOf must recover the owner.
func TestCatalogSchemaExtensionKeyOwner(t *testing.T) {
	doc := parseString(t, `{"specVersion": "1.0",
		"extensions": {"bad key": 1},
		"entries": [
		{"identifier": "urn:a", "type": "application/json", "data": {"name": "A", "bad key": 2}},
		{"identifier": "urn:b", "type": "text/plain", "url": "https://b.example/", "extensions": {"bad key": 1, "name": 1}},
		{"identifier": "urn:c", "type": "text/plain", "url": "https://c.example/", "extensions": {"bad key": 1}}]}`)
	msg := func(key string) string {
		return `the key "` + key + `" must be a valid URI, or a reverse-DNS name (like org.example.ext)`
	}
	wants := []want{
		{ruleCatalogExtensionKeyInvalid.Code, "/extensions/bad key", Error, msg("bad key")},
		{ruleCatalogExtensionKeyInvalid.Code, "/entries/1/extensions/bad key", Error, msg("bad key")},
		{ruleCatalogExtensionKeyInvalid.Code, "/entries/1/extensions/name", Error, msg("name")},
		{ruleCatalogExtensionKeyInvalid.Code, "/entries/2/extensions/bad key", Error, msg("bad key")},
	}
	// Maps are validated in random order: run it often enough to see many.
	for range 20 {
		r := newReport(doc, nil)
		checkSchema(r, loadSchema(catalogSchemaDef), doc.Root(), "", ruleCatalogSchema)
		expectExactly(t, r.diags, wants...)
	}
	expectExactly(t, catalog(doc, nil), wants...)
}

// The date-time format rules as jsonschema/v6 applies them, including the
// corners strconv.Atoi opens (the differential test covers them too).
func TestCatalogDateTime(t *testing.T) {
	for s, ok := range map[string]bool{
		"2026-11-30T06:00:00Z": true, "2026-11-30t06:00:00.5+05:30": true, "2026-11-30T23:59:60Z": true,
		"2026-11-30T00:59:60+01:00": true, "2026-11-30T+1:00:00Z": true, "2026-11-30T-0:00:00Z": true,
		"2026-11-30T-1:00:00Z": false, "2026-02-30T00:00:00Z": false, "2026-11-30T24:00:00Z": false,
		"2026-11-30T06:00:00": false, "2026-11-30T06:00:00+0100": false, "2026-11-30T22:59:60+01:00": false,
		"2026-11-30T06:00:00.Z": false,
	} {
		if got := isCatDateTime(s); got != ok {
			t.Errorf("isCatDateTime(%q) = %v, want %v", s, got, ok)
		}
	}
}

// BenchmarkCatalogShape10000 is the code that replaces the schema run for a
// 10,000-entry catalog, alone; BenchmarkCatalogSchema10000 is the schema run
// it replaced.
func BenchmarkCatalogShape10000(b *testing.B) {
	doc, err := model.Parse(bigCatalog(10000))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		checkCatalogShape(newReport(doc, nil), doc.Root(), "")
	}
}

func BenchmarkCatalogSchema10000(b *testing.B) {
	doc, err := model.Parse(bigCatalog(10000))
	if err != nil {
		b.Fatal(err)
	}
	s := loadSchema(catalogSchemaDef)
	b.ReportAllocs()
	for b.Loop() {
		checkSchema(newReport(doc, nil), s, doc.Root(), "", ruleCatalogSchema)
	}
}

// The hand-written patterns of catalog_shape.go must accept exactly what the
// regular expressions they replace accept (those of the schema, and those
// catalog.go used), over generated strings rich in the characters that
// matter.
func TestCatalogPatternsMatchRegexps(t *testing.T) {
	checks := []struct {
		re   string
		code func(string) bool
	}{
		{`^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$`, isCatMajorMinor},
		{catMediaTypePattern, isCatMediaType},
		{`^[A-Za-z][A-Za-z0-9+.-]*://`, hasCatURLScheme},
		{`^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)+$`, isCatReverseDNS},
		{`^[A-Za-z][A-Za-z0-9+.-]*:[^\s]+$`, isCatIdentifierURI},
		{`^([a-z0-9-]+):([0-9a-f]+)$`, func(s string) bool { _, _, ok := catDigestParts(s); return ok }},
	}
	alphabet := []string{"a", "Z", "0", "1", "9", "f", "g", ".", "-", "+", ":", "/", "//", "!", "#", "$", "&", "^", "_", " ", "\t", "\v", "\n", "\f", "\r", "\u00e9", "\xff", "~"}
	compiled := make([]*regexp.Regexp, len(checks))
	for i, c := range checks {
		compiled[i] = regexp.MustCompile(c.re)
	}
	rng := rand.New(rand.NewPCG(3, 5))
	for i := 0; i < 20000; i++ {
		var b strings.Builder
		for n := rng.IntN(9); n > 0; n-- {
			b.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		s := b.String()
		for j, c := range checks {
			if want, got := compiled[j].MatchString(s), c.code(s); want != got {
				t.Fatalf("%q: regexp %s says %v, code says %v", s, c.re, want, got)
			}
		}
	}
	// The digest parts are the regexp's groups.
	if alg, hex, ok := catDigestParts("sha-256:0a9f"); !ok || alg != "sha-256" || hex != "0a9f" {
		t.Errorf("catDigestParts(sha-256:0a9f) = %q, %q, %v", alg, hex, ok)
	}
}

// FuzzCatalogShape: the code that checks catalog shapes agrees with the
// schema on any input, except where the schema path cannot locate a bad
// extension key (the key occurs in more than one object; see
// TestCatalogExtensionKeyOwner).
func FuzzCatalogShape(f *testing.F) {
	addSeedFiles(f, filepath.Join("testdata", "catalog", "*.json"))
	g := catGen{rand.New(rand.NewPCG(13, 17))}
	for i := 0; i < 20; i++ {
		f.Add([]byte(g.catalog()))
	}
	s := loadSchema(catalogSchemaDef)
	f.Fuzz(func(t *testing.T, data []byte) {
		doc, err := model.Parse(data)
		if err != nil {
			return
		}
		bySchema, byCode := newReport(doc, nil), newReport(doc, nil)
		checkSchema(bySchema, s, doc.Root(), "", ruleCatalogSchema)
		checkCatalogShape(byCode, doc.Root(), "")
		if a, b := catRender(bySchema.diags), catRender(byCode.diags); !slices.Equal(a, b) {
			t.Fatalf("schema and code disagree on %q\nschema:\n  %s\ncode:\n  %s", data, strings.Join(a, "\n  "), strings.Join(b, "\n  "))
		}
		checkDiagnostics(t, doc, catalog(doc, nil))
	})
}
