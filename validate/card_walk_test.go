package validate

import (
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
