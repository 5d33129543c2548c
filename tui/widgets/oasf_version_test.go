package widgets

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/oncard/oncard/model/oasf"
	"github.com/oncard/oncard/tui/internal/keydrive"
	"github.com/oncard/oncard/tui/style"
)

// A switch from 1.1.0 to 1.0.0 of summarization (renamed: 10202 there),
// error_handling (1.1.0 only: dropped), a reference unknown to 1.1.0 that
// 1.0.0 knows (kept as written), and a domain that is the same class.
func TestPlanVersionSaysWhatHappensToEachReference(t *testing.T) {
	v11, v10 := oasf.Get("1.1.0"), oasf.Get("1.0.0")
	if v11 == nil || v10 == nil {
		t.Skip("the embedded taxonomies 1.0.0 and 1.1.0 are needed")
	}
	oldOnly := unknownRef(t, `{"name": "natural_language_processing/information_retrieval_synthesis/question_answering", "id": 10302}`, v11.Skills)
	cc := &ClassChoice{Version: "1.1.0",
		Skills:  []Ref{ClassRef(v11.Skills.ByID(10302)), ClassRef(v11.Skills.ByID(60602)), oldOnly},
		Domains: []Ref{ClassRef(v11.Domains.ByID(10305))},
	}
	vc := cc.PlanVersion("1.0.0")
	if !vc.Changes() || !vc.Changed(oasf.Skills) || vc.Changed(oasf.Domains) {
		t.Fatalf("changes: any %v, skills %v, domains %v", vc.Changes(), vc.Changed(oasf.Skills), vc.Changed(oasf.Domains))
	}
	q := vc.Question()
	for _, want := range []string{
		"Switch OASF 1.1.0 → 1.0.0?",
		"renamed (1):\n   #10302 language_processing/language_generation/summarization → #10202 natural_language_processing/natural_language_generation/summarization",
		"dropped (1):\n   #60602 software_engineering/code_debugging/error_handling (no such class in 1.0.0)",
		"known in 1.0.0, kept as written (1):\n   #10302 natural_language_processing/information_retrieval_synthesis/question_answering",
		"Domains:\n kept (1):\n   #10305 technology/networking/network_security",
	} {
		if !strings.Contains(q, want) {
			t.Errorf("the question lacks %q:\n%s", want, q)
		}
	}
	if cc.Version != "1.1.0" || len(cc.Skills) != 3 {
		t.Fatal("planning changed the declaration")
	}
	cc.ApplyVersion(vc)
	if cc.Version != "1.0.0" || len(cc.Skills) != 2 || cc.Skills[0].Class.ID != 10202 || cc.Skills[1].Class.ID != 10302 {
		t.Fatalf("after the switch: %s %+v", cc.Version, cc.Skills)
	}
	if string(cc.Skills[1].Raw) != string(oldOnly.Raw) {
		t.Fatalf("a reference known again was rewritten: %s", cc.Skills[1].Raw)
	}
	// Back to 1.1.0: summarization is 10302 again; question_answering has no
	// class in 1.1.0 and is dropped, never carried to what 10302 means there.
	back := cc.PlanVersion("1.1.0")
	if q := back.Question(); !strings.Contains(q, "dropped (1):\n   #10302 natural_language_processing/information_retrieval_synthesis/question_answering") {
		t.Fatalf("question_answering not dropped:\n%s", q)
	}
	cc.ApplyVersion(back)
	if len(cc.Skills) != 1 || cc.Skills[0].Class.Name != "language_processing/language_generation/summarization" {
		t.Fatalf("after the round trip: %+v", cc.Skills)
	}
}

// Nothing renamed or dropped: nothing to ask.
func TestPlanVersionWithoutChangesAsksNothing(t *testing.T) {
	v11 := oasf.Get("1.1.0")
	if v11 == nil || oasf.Get("1.0.0") == nil {
		t.Skip("the embedded taxonomies 1.0.0 and 1.1.0 are needed")
	}
	cc := &ClassChoice{Version: "1.1.0", Domains: []Ref{ClassRef(v11.Domains.ByID(10305))}}
	if vc := cc.PlanVersion("1.0.0"); vc.Changes() {
		t.Fatalf("a switch that changes nothing asks:\n%s", vc.Question())
	}
	// A version without a taxonomy keeps every reference as written.
	vc := cc.PlanVersion("9.9.9")
	cc.ApplyVersion(vc)
	if vc.Changes() || len(cc.Domains) != 1 || cc.Domains[0].Class != nil || !strings.Contains(vc.Question(), "no taxonomy for 9.9.9") {
		t.Fatalf("to 9.9.9: %+v\n%s", cc.Domains, vc.Question())
	}
}

// The Chosen list scrolls to keep its cursor on screen.
func TestPickerChosenListScrolls(t *testing.T) {
	tax := oasf.Get(oasf.DefaultVersion)
	var refs []Ref
	for _, c := range tax.Skills.All() {
		if !c.Category && len(refs) < 10 {
			refs = append(refs, ClassRef(c))
		}
	}
	p := NewPicker(tax.Skills, style.NewTheme(false), refs)
	p.Update(keydrive.KeyMsg("tab"))
	for range 9 {
		p.Update(keydrive.KeyMsg("down"))
	}
	got := ansi.Strip(p.View(100, 30))
	if !strings.Contains(got, "› "+ClassLine(refs[9].Class, 98)) {
		t.Fatalf("the last reference is not under the cursor on screen:\n%s", got)
	}
}

// Two references that become the same class in the new version: the
// second is dropped, never written twice.
func TestPlanVersionNeverWritesAClassTwice(t *testing.T) {
	v11 := oasf.Get("1.1.0")
	if v11 == nil || oasf.Get("1.0.0") == nil {
		t.Skip("the embedded taxonomies 1.0.0 and 1.1.0 are needed")
	}
	same := unknownRef(t, `{"name": "natural_language_processing/natural_language_generation/summarization", "id": 10202}`, v11.Skills)
	cc := &ClassChoice{Version: "1.1.0", Skills: []Ref{ClassRef(v11.Skills.ByID(10302)), same}}
	vc := cc.PlanVersion("1.0.0")
	if q := vc.Question(); !strings.Contains(q, "dropped (1):\n   #10202 natural_language_processing/natural_language_generation/summarization (the same class as an earlier reference)") {
		t.Fatalf("the second reference is not dropped:\n%s", q)
	}
	cc.ApplyVersion(vc)
	if len(cc.Skills) != 1 || cc.Skills[0].Class.ID != 10202 {
		t.Fatalf("after the switch: %+v", cc.Skills)
	}
}
