package validate

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/oasf"
)

func parseNode(t *testing.T, s string) *model.Node {
	t.Helper()
	doc, err := model.Parse([]byte(s))
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return doc.Root()
}

func TestAttributePath(t *testing.T) {
	if got := AttributePath(oasf.Skills, 0, ""); got != "skills[0]" {
		t.Errorf("got %q", got)
	}
	if got := AttributePath(oasf.Domains, 12, "name"); got != "domains[12].name" {
		t.Errorf("got %q", got)
	}
}

// CheckReference gives the server's type, message and attribute_path, with
// the pointer relative to the reference (what the online checker compares).
func TestCheckReference(t *testing.T) {
	skills := oasf.Get("1.1.0").Skills
	domains := oasf.Get("1.1.0").Domains
	for _, tc := range []struct {
		tree  *oasf.Tree
		kind  oasf.Kind
		ref   string
		want  []RefFinding // Hint not compared
		index int
	}{
		{skills, oasf.Skills, `{"name":"software_engineering/code_debugging/error_handling","id":60602}`, nil, 0},
		{skills, oasf.Skills, `{"name":"software_engineering/code_debugging"}`, nil, 0},
		{domains, oasf.Domains, `{"id":114}`, nil, 3},
		{skills, oasf.Skills, `{"id":99999,"name":"nope/nothing"}`, []RefFinding{
			{Type: "id_unknown", Message: `Unknown "id" value; no class is defined for 99999.`, Pointer: "/id", AttributePath: "skills[4]"},
			{Type: "name_unknown", Message: `Unknown "name" value; no class is defined for nothing.`, Pointer: "/name", AttributePath: "skills[4]"},
		}, 4},
		{skills, oasf.Skills, `{"id":9223372036854775808}`, []RefFinding{
			{Type: "attribute_wrong_type", Message: `Attribute "skills[1]" value has wrong type; expected integer_t, got long_t (integer in range of -2^127 to 2^127 - 1).`, Pointer: "/id", AttributePath: "skills[1]"},
		}, 1},
		{skills, oasf.Skills, `{"id":null}`, []RefFinding{
			{Type: "attribute_wrong_type", Message: `Attribute "skills[0]" value has wrong type; expected integer_t, got null.`, Pointer: "/id", AttributePath: "skills[0]"},
		}, 0},
		{domains, oasf.Domains, `{"id":10305,"x/y":1}`, []RefFinding{
			{Type: "attribute_unknown", Message: `Unknown attribute at "domains[0].x/y"; attribute "x/y" is not defined in class "network_security" id 10305.`, Pointer: "/x~1y", AttributePath: "domains[0].x/y"},
		}, 0},
		{domains, oasf.Domains, `true`, []RefFinding{
			{Type: "attribute_wrong_type", Message: `Attribute "domains[0]" value has wrong type; expected object, got boolean_t.`, AttributePath: "domains[0]"},
		}, 0},
	} {
		got := CheckReference(tc.tree, tc.kind, tc.index, parseNode(t, tc.ref))
		if len(got) != len(tc.want) {
			t.Errorf("%s: got %+v, want %+v", tc.ref, got, tc.want)
			continue
		}
		for i := range got {
			g := got[i]
			g.Hint = ""
			if g != tc.want[i] {
				t.Errorf("%s: finding %d = %+v, want %+v", tc.ref, i, g, tc.want[i])
			}
		}
	}
	// A nil reference (no node) is a wrong type, not a panic.
	if got := CheckReference(skills, oasf.Skills, 0, nil); len(got) != 1 || got[0].Type != "attribute_wrong_type" {
		t.Errorf("nil ref: %+v", got)
	}
}

func TestCheckDuplicates(t *testing.T) {
	skills := oasf.Get("1.1.0").Skills
	refs := parseNode(t, `[{"id":60602},{"id":99999,"name":"error_handling"},{"name":"x/text_to_code"},{"id":60101},{"id":"60602"},{}]`)
	got := CheckDuplicates(skills, oasf.Skills, refs)
	want := []RefFinding{
		{Type: "attribute_array_duplicate", Message: `Duplicate item found in array "skills" at index 1. First occurrence at index 0.`, Pointer: "/1", AttributePath: "skills[1]"},
		{Type: "attribute_array_duplicate", Message: `Duplicate item found in array "skills" at index 3. First occurrence at index 2.`, Pointer: "/3", AttributePath: "skills[3]"},
	}
	if len(got) != len(want) {
		t.Fatalf("got %+v", got)
	}
	for i := range got {
		got[i].Hint = ""
		if got[i] != want[i] {
			t.Errorf("finding %d = %+v, want %+v", i, got[i], want[i])
		}
	}
	if CheckDuplicates(skills, oasf.Skills, parseNode(t, `{}`)) != nil || CheckDuplicates(skills, oasf.Skills, nil) != nil {
		t.Error("non-arrays have no duplicates")
	}
}

func TestOASFTypeOf(t *testing.T) {
	for raw, want := range map[string]string{
		`1`:                    "integer_t (integer in range of -2^63 to 2^63 - 1)",
		`-9223372036854775808`: "integer_t (integer in range of -2^63 to 2^63 - 1)",
		`9223372036854775808`:  "long_t (integer in range of -2^127 to 2^127 - 1)",
		`170141183460469231731687303715884105728`: "big integer (outside of long_t range of -2^127 to 2^127 - 1)",
		`1.0`:     "float_t",
		`1e3`:     "float_t",
		`"1"`:     "string_t",
		`true`:    "boolean_t",
		`null`:    "null",
		`[]`:      "array",
		`{"a":1}`: "object",
	} {
		if got := oasfTypeOf(parseNode(t, raw)); got != want {
			t.Errorf("oasfTypeOf(%s) = %q, want %q", raw, got, want)
		}
	}
	if v, ok := integerT(parseNode(t, "60602")); !ok || v != 60602 {
		t.Error("integerT(60602)")
	}
	for _, raw := range []string{"60602.0", "6e4", `"60602"`, "99999999999999999999"} {
		if _, ok := integerT(parseNode(t, raw)); ok {
			t.Errorf("integerT(%s) accepted", raw)
		}
	}
}

// Hostile text from the document reaches messages and hints only through
// model.SafeText.
func TestCheckReferenceSafeText(t *testing.T) {
	skills := oasf.Get("1.1.0").Skills
	for _, f := range CheckReference(skills, oasf.Skills, 0, parseNode(t, `{"name":"a/\u001b[2Jevil","\u001b]0;x":1}`)) {
		if strings.ContainsRune(f.Message, 0x1b) || strings.ContainsRune(f.Hint, 0x1b) {
			t.Errorf("raw ESC in %+v", f)
		}
	}
	for _, f := range CheckReference(skills, oasf.Skills, 0, parseNode(t, `{"id":60602,"\u001b]0;x":1}`)) {
		if strings.ContainsRune(f.Message, 0x1b) || strings.ContainsRune(f.Hint, 0x1b) {
			t.Errorf("raw ESC in %+v", f)
		}
	}
}

func TestBaseClassHint(t *testing.T) {
	skills := oasf.Get("1.1.0").Skills
	domains := oasf.Get("1.1.0").Domains
	for _, tc := range []struct {
		tree *oasf.Tree
		kind oasf.Kind
		ref  string
		typ  string
	}{
		{skills, oasf.Skills, `{"id":0}`, "id_unknown"},
		{domains, oasf.Domains, `{"name":"base_domain"}`, "name_unknown"},
	} {
		got := CheckReference(tc.tree, tc.kind, 0, parseNode(t, tc.ref))
		if len(got) != 1 || got[0].Type != tc.typ || !strings.Contains(got[0].Hint, "abstract root") {
			t.Errorf("%s: %+v", tc.ref, got)
		}
	}
}

// TestDuplicateIDsIsCheckDuplicates: for a list of plain references, the
// duplicates found by id (checkReferences' common case) are those
// CheckDuplicates finds, below and above the size where a map takes over.
func TestDuplicateIDsIsCheckDuplicates(t *testing.T) {
	skills := oasf.Get("1.1.0").Skills
	var concrete []*oasf.Class
	for _, c := range skills.All() {
		if !c.Category {
			concrete = append(concrete, c)
		}
	}
	rng := rand.New(rand.NewPCG(2, 9))
	dups := 0
	for round := range 400 {
		n := rng.IntN(130)
		pool := concrete[:1+rng.IntN(min(len(concrete), 2+n))]
		var b strings.Builder
		b.WriteByte('[')
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			c := pool[rng.IntN(len(pool))]
			fmt.Fprintf(&b, `{"id":%d,"name":%q}`, c.ID, c.Name)
		}
		b.WriteByte(']')
		refs := parseNode(t, b.String())
		var ids []int
		for _, ref := range refs.All() {
			id, ok := plainReferenceID(skills, ref)
			if !ok {
				t.Fatalf("round %d: %s is not plain", round, ref.Raw())
			}
			ids = append(ids, id)
		}
		var got []RefFinding
		duplicateIDs(skills, ids, func(c *oasf.Class, i, j int) { got = append(got, duplicateFinding(oasf.Skills, c, i, j)) })
		want := CheckDuplicates(skills, oasf.Skills, refs)
		if !slices.Equal(got, want) {
			t.Fatalf("round %d (%d references): by id\n%v\nCheckDuplicates\n%v", round, n, got, want)
		}
		dups += len(want)
	}
	if dups == 0 {
		t.Fatal("no duplicates generated")
	}
}
