package validate

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/oncard/oncard/model"
)

func TestWalkerAt(t *testing.T) {
	var w walker
	w.push("capabilities")
	w.push("a/b~c")
	w.pushIndex(12)
	want := string(w.ptr())
	if want != "/capabilities/a~1b~0c/12" {
		t.Fatalf("ptr %q", want)
	}
	for _, p := range []string{want, "", "/capabilities", "/capabilities/a~1b~0c", "/capabilities/a~1b~0c/1", "/capabilities/a~1b~0c/12/x", "/capabilities/a/b~c/12", "capabilities/a~1b~0c/12"} {
		if got := w.at(p); got != (p == want) {
			t.Errorf("at(%q) = %v", p, got)
		}
	}
}

// TestShapePassesOnlyWhatCheckAccepts: for every shape of the card walks
// and values of every kind, a value the walk passes over (shape.passes) is
// one check finds nothing in.
func TestShapePassesOnlyWhatCheckAccepts(t *testing.T) {
	values := []string{`""`, `"x"`, `"\u0041"`, `"query"`, `0`, `1.5`, `true`, `null`, `[]`, `["x"]`, `{}`, `{"a": 1}`}
	seen := map[*shape]bool{}
	var visit func(s *shape)
	passed := 0
	visit = func(s *shape) {
		if s == nil || seen[s] {
			return
		}
		seen[s] = true
		for _, v := range values {
			doc, err := model.Parse([]byte(v))
			if err != nil {
				t.Fatal(err)
			}
			if !s.passes(doc.Root()) {
				continue
			}
			passed++
			r := newReport(doc, nil)
			w := walker{r: r}
			w.check(doc.Root(), s)
			if len(r.diags) != 0 {
				t.Errorf("shape %q (kind %v) passes %s, which check reports: %v", s.name, s.kind, v, r.diags[0].Message)
			}
		}
		for _, p := range s.props {
			visit(p)
		}
		visit(s.items)
		visit(s.values)
	}
	visit(shapeCardV10)
	visit(shapeCardV03)
	if passed == 0 {
		t.Fatal("no shape passed any value: the test checks nothing")
	}
}

// TestNamedMemberFindsWhatGetFinds: namedMember's one pass returns what
// looking the member up by its name, then by snakeCase of it, returns,
// over objects of near names (capitals, underscores, prefixes).
func TestNamedMemberFindsWhatGetFinds(t *testing.T) {
	keys := []string{"inputModes", "input_modes", "inputmodes", "input_Modes", "input_modesx", "securityRequirements", "security_requirements", "security", "securityrequirements", "security__requirements", "supportedInterfaces", "supported_interfaces", "supported_interface", "a", "_a", "aB", "a_b", "A", "_a_b", ""}
	rng := rand.New(rand.NewPCG(5, 9))
	for round := range 3000 {
		var members []string // distinct keys: the parser refuses a repeated one
		for _, k := range rng.Perm(len(keys))[:rng.IntN(7)] {
			members = append(members, fmt.Sprintf("%q:%d", keys[k], len(members)))
		}
		doc := parseString(t, "{"+strings.Join(members, ",")+"}")
		obj := doc.Root()
		for _, key := range keys {
			wantName, want := key, obj.Get(key)
			if want == nil {
				if snake := snakeCase(key); obj.Get(snake) != nil {
					wantName, want = snake, obj.Get(snake)
				}
			}
			name, got := namedMember(obj, key)
			if name != wantName || got != want {
				t.Fatalf("round %d: namedMember(%s, %q) = %q, %v; want %q, %v", round, doc.Source(), key, name, got, wantName, want)
			}
		}
	}
	if name, n := namedMember(nil, "inputModes"); name != "inputModes" || n != nil {
		t.Fatalf("namedMember(nil) = %q, %v", name, n)
	}
}

// TestReadSkillListsFindsWhatGetFinds: readSkillLists' one pass finds each
// list Get finds by its name, over skills of those members, near names
// and others, and namedMember's answers from them.
func TestReadSkillListsFindsWhatGetFinds(t *testing.T) {
	keys := []string{"id", "name", "tags", "examples", "description", "inputModes", "input_modes", "outputModes", "output_modes", "securityRequirements", "security_requirements", "security", "securityx", "inputmodes", "output_Modes", "s", "i", "o", "secu", "outputModesx"}
	rng := rand.New(rand.NewPCG(13, 17))
	for round := range 3000 {
		var members []string
		for _, k := range rng.Perm(len(keys))[:rng.IntN(9)] {
			members = append(members, fmt.Sprintf("%q:[%d]", keys[k], len(members)))
		}
		doc := parseString(t, "{"+strings.Join(members, ",")+"}")
		sk := doc.Root()
		l := readSkillLists(sk)
		for _, c := range []struct {
			key string
			got *model.Node
		}{
			{"inputModes", l.inputModes}, {"input_modes", l.inputModesSnake},
			{"outputModes", l.outputModes}, {"output_modes", l.outputModesSnake},
			{"securityRequirements", l.securityRequirements}, {"security_requirements", l.securityRequirementsSnake},
			{"security", l.security},
		} {
			if c.got != sk.Get(c.key) {
				t.Fatalf("round %d: %s: %s is %v, Get finds %v", round, doc.Source(), c.key, c.got, sk.Get(c.key))
			}
		}
		for _, c := range []struct {
			key  string
			read func() (string, *model.Node)
		}{{"inputModes", l.input}, {"outputModes", l.output}, {"securityRequirements", l.requirements}} {
			name, n := c.read()
			wantName, want := namedMember(sk, c.key)
			if name != wantName || n != want {
				t.Fatalf("round %d: %s: %s is %q, %v; namedMember finds %q, %v", round, doc.Source(), c.key, name, n, wantName, want)
			}
		}
	}
	if l := readSkillLists(parseString(t, `["security"]`).Root()); l != (skillLists{}) {
		t.Fatalf("lists of an array: %+v", l)
	}
}
