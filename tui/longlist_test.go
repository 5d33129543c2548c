package tui

import (
	"fmt"
	"strings"
	"testing"
)

// skillsCard is minimalCard with n skills, skill-1 … skill-n.
func skillsCard(n int) string {
	var skills []string
	for i := 1; i <= n; i++ {
		skills = append(skills, fmt.Sprintf(`{"id": "skill-%d", "name": "Skill %d", "description": "Does %d.", "tags": ["t"]}`, i, i, i))
	}
	at := strings.Index(minimalCard, `"skills": [`)
	return minimalCard[:at] + `"skills": [` + strings.Join(skills, ",\n") + "]\n}\n"
}

func TestSkillsListPagesAndJumps(t *testing.T) {
	d := newDriverJSON(t, skillsCard(200))
	d.goToStep(stepSkills)
	st := d.m.steps[stepSkills]
	offset := d.m.Prev.Offset
	// Skill 150 of 200: 14 pages and 9 rows, not 149 ↓.
	for range 14 {
		d.Press("pgdown")
	}
	d.Press("down", "down", "down", "down", "down", "down", "down", "down", "down")
	if got := st.Pointer(d.m.s); got != "/skills/149" {
		t.Fatalf("after 14 pgdn and 9 ↓ the list is at %s, want /skills/149", got)
	}
	d.MustContain("› 150. Skill 150")
	// pgdn moved the list, not the preview by hand: the preview follows
	// the row (it is not left where pgdn would have scrolled it).
	if !d.m.Prev.Follow {
		t.Fatalf("pgdn in a list scrolled the preview (offset %d → %d)", offset, d.m.Prev.Offset)
	}
	d.Press("end")
	if got := st.Pointer(d.m.s); got != "/skills/199" {
		t.Fatalf("end: %s", got)
	}
	d.Press("pgdown") // at the end it stays
	if got := st.Pointer(d.m.s); got != "/skills/199" {
		t.Fatalf("pgdn at the end: %s", got)
	}
	d.Press("home")
	if got := st.Pointer(d.m.s); got != "/skills/0" {
		t.Fatalf("home: %s", got)
	}
	// The preview scrolls with shift+pgdn, on a list too.
	d.Press("shift+pgdown")
	if d.m.Prev.Follow || d.m.Prev.Offset == 0 {
		t.Fatalf("shift+pgdn did not scroll the preview (offset %d)", d.m.Prev.Offset)
	}
}

func TestSkillsListFilter(t *testing.T) {
	d := newDriverJSON(t, skillsCard(200))
	d.goToStep(stepSkills)
	st := d.m.steps[stepSkills]
	d.Press("/").Typ("skill 15")
	// Letters went to the filter: nothing was added or removed.
	if n := d.m.s.ArrayLen("/skills"); n != 200 {
		t.Fatalf("typing the filter changed the list: %d skills", n)
	}
	d.MustContain("/ skill 15", "11 of 200", "15. Skill 15", "150. Skill 150", "159. Skill 159")
	if strings.Contains(d.Screen(), "14. Skill 14") {
		t.Fatalf("a row that does not match is shown:\n%s", d.Screen())
	}
	if got := st.Pointer(d.m.s); got != "/skills/14" {
		t.Fatalf("the cursor is on %s, want the first match /skills/14", got)
	}
	// ↓ moves among the matches; enter keeps the filter and gives the
	// list its keys back: d removes the row under the cursor.
	d.Press("down", "enter")
	if got := st.Pointer(d.m.s); got != "/skills/149" {
		t.Fatalf("↓ among the matches: %s, want /skills/149", got)
	}
	d.Press("d")
	if n := d.m.s.ArrayLen("/skills"); n != 199 || d.m.s.Text("/skills/149/id") != "skill-151" {
		t.Fatalf("d after the filter: %d skills, /skills/149 is %q", n, d.m.s.Text("/skills/149/id"))
	}
	// esc clears the filter: every row again.
	d.Press("esc")
	d.MustContain("199 skill(s)")
	if strings.Contains(d.Screen(), "of 199") {
		t.Fatalf("esc left the filter:\n%s", d.Screen())
	}
}

func TestOnRequestSkillListPages(t *testing.T) {
	d := newDriverJSON(t, skillsCard(200))
	d.goToStep(stepOnRequest)
	st := d.m.steps[stepOnRequest]
	d.Press("pgdown", "pgdown", "end", "pgup")
	if got := st.Pointer(d.m.s); got != "/skills/189" {
		t.Fatalf("pgdn pgdn end pgup: %s, want /skills/189", got)
	}
	d.Press("/").Typ("skill-42]").Press("enter")
	if got := st.Pointer(d.m.s); got != "/skills/41" {
		t.Fatalf("filtered to skill-42: %s", got)
	}
	d.MustContain("1 of 200", "Skill 42 [skill-42]")
}

// Adding a row while the list is filtered shows every row again: the new
// one is under the cursor, not hidden by the filter.
func TestAddClearsTheFilter(t *testing.T) {
	d := newDriverJSON(t, skillsCard(20))
	d.goToStep(stepSkills)
	d.Press("/").Typ("skill 1").Press("enter", "a", "esc")
	st := d.m.steps[stepSkills]
	if got := st.Pointer(d.m.s); got != "/skills/20" {
		t.Fatalf("after adding: %s, want /skills/20", got)
	}
	if strings.Contains(d.Screen(), "of 21") {
		t.Fatalf("the filter is still on:\n%s", d.Screen())
	}
	d.MustContain("› 21.")
}
