package tui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/style"
)

// onRequestStep chooses the skills a person handles and, for each, where a
// person asks (personEntry), the assistant opt-in and how an action
// completes. Every rule is checked by validate; this step only shows the
// diagnostics at the pointers it edits.
type onRequestStep struct {
	rowForm // the rows are the skills in /skills
}

func newOnRequestStep() step { return &onRequestStep{} }

func (st *onRequestStep) title() string { return "On Request" }

func (st *onRequestStep) enter(s *Session) tea.Cmd {
	n := s.arrayLen("/skills")
	if st.cursor >= n {
		st.cursor = max(0, n-1)
	}
	if st.editing {
		return st.open(s)
	}
	return nil
}

func (st *onRequestStep) skillPtr() string { return item("/skills", st.cursor) }

// open shows the entry form of the skill under the cursor (choosing it).
func (st *onRequestStep) open(s *Session) tea.Cmd {
	id := s.text(st.skillPtr() + "/id")
	if id == "" || ineligibleReason(s, st.skillPtr()) != "" {
		st.editing = false
		return nil
	}
	j := onRequestEntry(s, id)
	if j < 0 {
		chooseOnRequestSkill(s, id, st.sharedEntry(s))
		s.changed()
		j = onRequestEntry(s, id)
	}
	idx := 0
	if st.editing && st.f != nil {
		idx = st.f.idx
	}
	st.editing = true
	st.f = st.entryForm(s, item(onRequestSkillsPtr(s), j))
	st.f.load(s)
	if idx < len(st.f.fields) {
		st.f.idx = idx
	}
	return st.f.focus()
}

// sharedEntry is the personEntry already used by another chosen skill, a
// sensible start for the next one.
func (st *onRequestStep) sharedEntry(s *Session) string {
	p := onRequestSkillsPtr(s)
	n := s.Doc.Find(p)
	for j := 0; j < n.Len(); j++ {
		if e := n.Index(j).Get("personEntry").Text(); e != "" {
			return e
		}
	}
	return ""
}

func (st *onRequestStep) entryForm(s *Session, p string) *form {
	entry := newTextField("Person entry", p+"/personEntry", textRequired, "https://example.com/support or tel:+1-555-0100")
	entry.hint = "https:// (no query, no fragment) or tel:+…; the same for every caller"
	all := &buttonField{lbl: "Use this entry for all chosen skills", action: func(s *Session) string {
		v := entry.value()
		sp := onRequestSkillsPtr(s)
		n := s.arrayLen(sp)
		for j := 0; j < n; j++ {
			s.note(s.Doc.SetValue(item(sp, j)+"/personEntry", v))
		}
		return fmt.Sprintf("applied to %d skill(s)", n)
	}}
	access := newChoiceField("Assistant access", p+"/assistantAccess", []string{"no", "yes"}, []any{nil, true})
	access.hint = "opt in to letting an assistant get the result directly"
	completion := newChoiceField("Completion", p+"/completion",
		[]string{noneOption, "in-conversation", "deferred"}, []any{nil, "in-conversation", "deferred"})
	completion.hint = "only for a skill that changes something in your systems; needs an https entry"
	return newForm(entry, all, access, completion)
}

func (st *onRequestStep) update(msg tea.KeyPressMsg, s *Session) (tea.Cmd, bool) {
	if st.editing {
		return st.formKey(msg, s)
	}
	n := s.arrayLen("/skills")
	switch {
	case st.moveKey(msg, n): // up or down: the cursor moved
	case key.Matches(msg, style.Keys.Toggle):
		if n == 0 || ineligibleReason(s, st.skillPtr()) != "" {
			return nil, false
		}
		id := s.text(st.skillPtr() + "/id")
		if id == "" {
			return nil, false
		}
		if onRequestEntry(s, id) >= 0 {
			removeOnRequestSkill(s, id)
		} else {
			chooseOnRequestSkill(s, id, st.sharedEntry(s))
		}
		s.changed()
		return nil, true
	case key.Matches(msg, style.Keys.Enter):
		if n > 0 {
			return st.open(s), false
		}
	}
	return nil, false
}

func (st *onRequestStep) view(th *style.Theme, s *Session, width, height int) string {
	var b strings.Builder
	n := s.arrayLen("/skills")
	if n == 0 {
		return th.Hint.Render("The card has no skills yet: add them on the Skills step first.")
	}
	sp := item("/skills", st.cursor)
	if st.editing && st.f != nil {
		name := model.SafeText(s.text(sp + "/name"))
		title := "Skill: " + name
		tail := " [" + model.SafeText(s.text(sp+"/id")) + "] · esc back"
		if ansi.StringWidth(title+tail) > width { // the footer names esc too
			tail = strings.TrimSuffix(tail, " · esc back")
		}
		if ansi.StringWidth(title+tail) > width {
			title = truncate(title, max(10, width-ansi.StringWidth(tail)))
		}
		b.WriteString(th.Title.Render(title) + th.Hint.Render(truncate(tail, max(1, width-ansi.StringWidth(title)))))
		b.WriteString("\n")
		// Findings about the entry, or about the skill's own text (the
		// entry must not appear in it), are shown above the fields.
		entry := st.f.fields[0].pointer()
		entry = entry[:strings.LastIndex(entry, "/")]
		// Findings of the other fields are listed too, so that choosing a
		// completion shows at once what it does to the entry.
		focused := st.f.pointer()
		for _, d := range s.Diags {
			mine := pointerWithin(d.Pointer, entry) && (focused == "" || !pointerWithin(d.Pointer, focused))
			if mine || pointerWithin(d.Pointer, sp) {
				b.WriteString(renderDiagFull(th, d, width, 0) + "\n")
			}
		}
		b.WriteString("\n" + st.f.view(th, s, width))
		return b.String()
	}
	b.WriteString(th.Hint.Render(truncate("Skills a person handles: space chooses · enter opens", width)) + "\n\n")
	rows := max(3, height-3)
	start := 0
	if st.cursor >= rows {
		start = st.cursor - rows + 1
	}
	for i := start; i < n && i < start+rows; i++ {
		p := item("/skills", i)
		id := s.text(p + "/id")
		label := model.SafeText(s.text(p+"/name")) + " [" + model.SafeText(id) + "]"
		var line string
		if why := ineligibleReason(s, p); why != "" {
			line = th.Hint.Render("  ✗ "+label) + "\n      " + th.Warning.Render("not eligible: "+why)
		} else if j := onRequestEntry(s, id); j >= 0 {
			ep := item(onRequestSkillsPtr(s), j)
			line = "[x] " + label + "  " + th.Hint.Render(model.SafeText(s.text(ep+"/personEntry")))
			if d := s.diagsAt(ep); len(d) > 0 {
				line += " " + diagMark(th, d)
			}
		} else {
			line = "[ ] " + label
		}
		first, rest, _ := strings.Cut(line, "\n")
		if i == st.cursor {
			b.WriteString(th.Cursor.Render("›") + " " + truncate(first, width-2))
		} else {
			b.WriteString("  " + truncate(first, width-2))
		}
		if rest != "" {
			b.WriteString("\n" + truncate(rest, width))
		}
		b.WriteString("\n")
	}
	return b.String()
}

func (st *onRequestStep) pointer(*Session) string {
	if st.editing && st.f != nil {
		return st.f.pointer()
	}
	return item("/skills", st.cursor)
}

// owns: the extension's declaration (written when the first skill is
// chosen) and the fields of each entry; other members are kept.
func (st *onRequestStep) owns(ptr string, s *Session) bool {
	i := onRequestIndex(s)
	if i < 0 {
		return false
	}
	ext := item(extensionsPtr, i)
	entries := ext + "/params/skills"
	ms := memberSet{
		containers: []string{ext, ext + "/params", entries, entries + "/*"},
		trees: append(under(ext, "uri", "description", "required"),
			under(entries+"/*", "id", "personEntry", "assistantAccess", "completion")...),
	}
	return ms.owns(ptr)
}

func (st *onRequestStep) jump(ptr string, s *Session) tea.Cmd {
	sp := onRequestSkillsPtr(s)
	if sp == "" || !pointerWithin(ptr, sp) {
		return nil
	}
	toks, _ := model.SplitPointer(strings.TrimPrefix(ptr, sp))
	if len(toks) == 0 {
		return nil
	}
	var j int
	if _, err := fmt.Sscanf(toks[0], "%d", &j); err != nil {
		return nil
	}
	i := skillIndexByID(s, s.text(item(sp, j)+"/id"))
	if i < 0 {
		return nil
	}
	st.cursor = i
	cmd := st.open(s)
	if st.f != nil {
		st.f.focusPointer(ptr)
		return tea.Batch(cmd, st.f.focus())
	}
	return cmd
}

func (st *onRequestStep) keys() []key.Binding {
	if st.editing {
		return []key.Binding{style.Keys.NextField, style.Keys.PrevField, style.Keys.Left, style.Keys.Right, style.Keys.Back}
	}
	return []key.Binding{style.Keys.Toggle, style.Keys.Enter}
}

func (st *onRequestStep) busy() bool { return st.editing }
