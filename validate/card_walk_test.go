package validate

import (
	"fmt"
	"math/rand/v2"
	"slices"
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
	keys := []string{"id", "ids", "name", "tags", "examples", "description", "inputModes", "input_modes", "outputModes", "output_modes", "securityRequirements", "security_requirements", "security", "securityx", "inputmodes", "output_Modes", "s", "i", "o", "secu", "outputModesx"}
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
			{"security", l.security}, {"id", l.id},
		} {
			if c.got != sk.Get(c.key) {
				t.Fatalf("round %d: %s: %s is %v, Get finds %v", round, doc.Source(), c.key, c.got, sk.Get(c.key))
			}
		}
		var has uint8
		for _, c := range []struct {
			key string
			bit uint8
		}{{"inputModes", hasInputModes}, {"outputModes", hasOutputModes}, {"securityRequirements", hasSecurityRequirements}, {"security", hasSecurity}} {
			if sk.Get(c.key) != nil {
				has |= c.bit
			}
		}
		if l.has() != has {
			t.Fatalf("round %d: %s: has %b, Get finds %b", round, doc.Source(), l.has(), has)
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

// TestSkillListsIndexFindsTheSame: the modes and security-names checks,
// which pass over the skills the index says have none of their lists,
// find what they find reading every skill (a nil index), over cards of
// skills with valid and invalid modes and requirements under their names
// and their proto twins.
func TestSkillListsIndexFindsTheSame(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 23))
	lists := []string{
		`"inputModes":["text/plain","text"]`, `"input_modes":["json"]`, `"outputModes":["application/json"]`, `"output_modes":["x"]`,
		`"outputModes":"text/plain"`, `"securityRequirements":[{"schemes":{"apiKey":{"list":[]}}}]`, `"securityRequirements":[{"oauth":[]}]`,
		`"security_requirements":[{"schemes":{"nope":{"list":[]}}}]`, `"security":[{"apiKey":[]},{"other":[]}]`, `"security":{}`,
		`"name":"n"`, `"description":"d"`, `"tags":["t"]`,
	}
	found := 0
	for round := range 2000 {
		var skills []string
		for n := rng.IntN(5); n > 0; n-- {
			members := []string{fmt.Sprintf(`"id":"s%d"`, len(skills))}
			for _, k := range rng.Perm(len(lists))[:rng.IntN(4)] {
				if m := lists[k]; !strings.Contains(strings.Join(members, ","), m[:strings.Index(m, ":")+1]) {
					members = append(members, m)
				}
			}
			rng.Shuffle(len(members), func(i, j int) { members[i], members[j] = members[j], members[i] })
			skills = append(skills, "{"+strings.Join(members, ",")+"}")
		}
		doc := parseString(t, `{"securitySchemes":{"apiKey":{}},"skills":[`+strings.Join(skills, ",")+`]}`)
		root := doc.Root()
		run := func(index *skillIndex) []Diagnostic {
			r := newReport(doc, nil)
			checkModes(r, root, index)
			checkSecurityNames(r, root, index)
			return r.diags
		}
		withIndex, everySkill := run(newSkillIndex(doc, root, false)), run(nil)
		if !slices.Equal(withIndex, everySkill) {
			t.Fatalf("round %d, card %s: with the index\n%s\nreading every skill\n%s", round, doc.Source(), dump(withIndex), dump(everySkill))
		}
		if len(everySkill) > 0 {
			found++
		}
	}
	if found < 500 {
		t.Fatalf("%d cards had findings: the test reaches too little", found)
	}
}
