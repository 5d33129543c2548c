package cardsteps

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/editor"
	"github.com/oncard/oncard/tui/style"
	"github.com/oncard/oncard/tui/widgets"
)

// onRequestStep chooses the skills a person handles and, for each, where a
// person asks (personEntry), the assistant opt-in and how an action
// completes. Every rule is checked by validate; this step only shows the
// diagnostics at the pointers it edits.
type OnRequestStep struct {
	rowForm // the rows are the skills in /skills
}

func NewOnRequestStep() Step { return &OnRequestStep{} }

func (st *OnRequestStep) Title() string { return titleOf(StepOnRequest) }

func (st *OnRequestStep) Enter(s *editor.State) tea.Cmd {
	n := s.ArrayLen("/skills")
	if st.Cursor >= n {
		st.Cursor = max(0, n-1)
	}
	if st.Editing {
		// Reopen the entry only while the skill is still chosen (an undo
		// may have unchosen it): entering a step never chooses a skill.
		if id := s.Text(st.skillPtr() + "/id"); id == "" || OnRequestEntry(s, id) < 0 {
			st.Editing = false
			return nil
		}
		return st.Open(s)
	}
	return nil
}

// Place puts the cursor on the skill at ptr (/skills/i), the list shown
// (Placer).
func (st *OnRequestStep) Place(ptr string, s *editor.State) bool {
	return st.placeRow(ptr, "/skills", s.ArrayLen("/skills"))
}

func (st *OnRequestStep) skillPtr() string { return editor.Item("/skills", st.Cursor) }

// open shows the entry form of the skill under the cursor (choosing it).
func (st *OnRequestStep) Open(s *editor.State) tea.Cmd {
	id := s.Text(st.skillPtr() + "/id")
	if id == "" || ineligibleReason(s, st.skillPtr()) != "" {
		st.Editing = false
		return nil
	}
	j := OnRequestEntry(s, id)
	if j < 0 {
		chooseOnRequestSkill(s, id, "")
		s.Changed()
		j = OnRequestEntry(s, id)
	}
	idx := 0
	if st.Editing && st.f != nil {
		idx = st.f.Idx
	}
	st.Editing = true
	st.f = st.EntryForm(s, editor.Item(OnRequestSkillsPtr(s), j))
	st.f.Load(s)
	if idx < len(st.f.Fields) {
		st.f.Idx = idx
	}
	return st.f.Focus()
}

// suggestedEntry is the personEntry of another chosen skill (the first
// that has one), offered for skill id: shown as the entry field's
// placeholder and written only by the explicit "use the same entry"
// button, never put into the field as text (typing would append to it).
// from is the id of the skill it comes from.
func suggestedEntry(s *editor.State, id string) (entry, from string) {
	n := s.Doc.Find(OnRequestSkillsPtr(s))
	for j := 0; j < n.Len(); j++ {
		e := n.Index(j)
		if v := e.Get("personEntry").Text(); v != "" && e.Get("id").Text() != id {
			return v, e.Get("id").Text()
		}
	}
	return "", ""
}

func (st *OnRequestStep) EntryForm(s *editor.State, p string) *widgets.Form {
	specs := Spec(StepOnRequest).Fields
	built := specForm(specs, p)
	entry := fieldFor(built, specs, "/personEntry").(*widgets.TextField)
	fields := []widgets.Field{entry}
	if v, from := suggestedEntry(s, s.Text(p+"/id")); v != "" && s.Text(p+"/personEntry") == "" {
		// Another skill's entry is a suggestion: the placeholder shows
		// it, the button writes it; the field itself stays as it is.
		entry.Input.Placeholder = model.SafeText(v) + " (as " + model.SafeText(from) + ")"
		fields = append(fields, &widgets.ButtonField{Lbl: "Use the same entry as " + model.SafeText(from), Action: func(s *editor.State) string {
			s.Note(s.Doc.SetValue(p+"/personEntry", v))
			entry.SetValue(v)
			return "entry set"
		}})
	}
	all := &widgets.ButtonField{Lbl: "Use this entry for all chosen skills", Action: func(s *editor.State) string {
		v := entry.Value()
		sp := OnRequestSkillsPtr(s)
		n := s.ArrayLen(sp)
		for j := 0; j < n; j++ {
			s.Note(s.Doc.SetValue(editor.Item(sp, j)+"/personEntry", v))
		}
		return fmt.Sprintf("applied to %d skill(s)", n)
	}}
	access, completion := fieldFor(built, specs, "/assistantAccess"), fieldFor(built, specs, "/completion")
	return widgets.NewForm(append(fields, all, access, completion)...)
}

func (st *OnRequestStep) Update(in tea.Msg, s *editor.State) (tea.Cmd, bool) {
	msg, ok := in.(tea.KeyPressMsg)
	if !ok {
		return nil, false
	}
	if st.Editing {
		return st.formKey(msg, s)
	}
	n := s.ArrayLen("/skills")
	switch {
	case st.listKey(msg, n, skillRowText(s)): // moved or filtered
	case key.Matches(msg, style.Keys.Toggle):
		if n == 0 || ineligibleReason(s, st.skillPtr()) != "" {
			return nil, false
		}
		id := s.Text(st.skillPtr() + "/id")
		if id == "" {
			return nil, false
		}
		if OnRequestEntry(s, id) >= 0 {
			removeOnRequestSkill(s, id)
		} else {
			chooseOnRequestSkill(s, id, "") // its entry is asked for, not copied
		}
		s.Changed()
		return nil, true
	case key.Matches(msg, style.Keys.Enter):
		if n > 0 {
			return st.Open(s), false
		}
	}
	return nil, false
}

func (st *OnRequestStep) View(th *style.Theme, s *editor.State, width, height int) string {
	var b strings.Builder
	n := s.ArrayLen("/skills")
	if n == 0 {
		return th.Hint.Render("The card has no skills yet: add them on the Skills step first.")
	}
	sp := editor.Item("/skills", st.Cursor)
	if st.Editing && st.f != nil {
		name := model.SafeText(s.Text(sp + "/name"))
		title := "Skill: " + name
		tail := " [" + model.SafeText(s.Text(sp+"/id")) + "] · esc back"
		if ansi.StringWidth(title+tail) > width { // the footer names esc too
			tail = strings.TrimSuffix(tail, " · esc back")
		}
		if ansi.StringWidth(title+tail) > width {
			title = widgets.Truncate(title, max(10, width-ansi.StringWidth(tail)))
		}
		b.WriteString(th.Title.Render(title) + th.Hint.Render(widgets.Truncate(tail, max(1, width-ansi.StringWidth(title)))))
		b.WriteString("\n")
		// Findings about the entry, or about the skill's own text (the
		// entry must not appear in it), are shown above the fields.
		entry := st.f.Fields[0].Pointer()
		entry = entry[:strings.LastIndex(entry, "/")]
		// Findings of the other fields are listed too, so that choosing a
		// completion shows at once what it does to the entry.
		focused := st.f.Pointer()
		for _, d := range s.Diags {
			mine := editor.PointerWithin(d.Pointer, entry) && (focused == "" || !editor.PointerWithin(d.Pointer, focused))
			if mine || editor.PointerWithin(d.Pointer, sp) {
				b.WriteString(widgets.RenderDiagFull(th, d, width, 0) + "\n")
			}
		}
		b.WriteString("\n" + st.f.View(th, s, width))
		return b.String()
	}
	b.WriteString(widgets.HintBlock(th, "Skills a person handles: space chooses · enter opens · / filters", width) + "\n\n")
	rows := max(3, height-3)
	shown := st.Nav.Visible(n, skillRowText(s))
	if st.Nav.Filtered() {
		b.WriteString(st.Nav.View(th, len(shown), n, width) + "\n")
	}
	for _, i := range widgets.Window(shown, st.Cursor, rows) {
		p := editor.Item("/skills", i)
		id := s.Text(p + "/id")
		label := model.SafeText(s.Text(p+"/name")) + " [" + model.SafeText(id) + "]"
		var line string
		if why := ineligibleReason(s, p); why != "" {
			line = th.Hint.Render("  ✗ "+label) + "\n      " + th.Warning.Render("not eligible: "+why)
		} else if j := OnRequestEntry(s, id); j >= 0 {
			ep := editor.Item(OnRequestSkillsPtr(s), j)
			line = "[x] " + label + "  " + th.Hint.Render(model.SafeText(s.Text(ep+"/personEntry")))
			if d := s.DiagsAt(ep); len(d) > 0 {
				line += " " + widgets.DiagMark(th, d)
			}
		} else {
			line = "[ ] " + label
		}
		first, rest, _ := strings.Cut(line, "\n")
		if i == st.Cursor {
			b.WriteString(th.Cursor.Render("›") + " " + widgets.Truncate(first, width-2))
		} else {
			b.WriteString("  " + widgets.Truncate(first, width-2))
		}
		if rest != "" {
			b.WriteString("\n" + widgets.Truncate(rest, width))
		}
		b.WriteString("\n")
	}
	return b.String()
}

func (st *OnRequestStep) Pointer(*editor.State) string {
	if st.Editing && st.f != nil {
		return st.f.Pointer()
	}
	return editor.Item("/skills", st.Cursor)
}

// owns: the extension's declaration (written when the first skill is
// chosen) and the fields of each entry; other members are kept.
func (st *OnRequestStep) Owns(ptr string, s *editor.State) bool {
	i := OnRequestIndex(s)
	if i < 0 {
		return false
	}
	ext := editor.Item(extensionsPtr, i)
	entries := ext + "/params/skills"
	ms := editor.MemberSet{
		Containers: []string{ext, ext + "/params", entries, entries + "/*"},
		Trees: append(editor.Under(ext, "uri", "description", "required"),
			editor.Under(entries+"/*", "id", "personEntry", "assistantAccess", "completion")...),
	}
	return ms.Owns(ptr)
}

func (st *OnRequestStep) Jump(ptr string, s *editor.State) tea.Cmd {
	sp := OnRequestSkillsPtr(s)
	if sp == "" || !editor.PointerWithin(ptr, sp) {
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
	i := skillIndexByID(s, s.Text(editor.Item(sp, j)+"/id"))
	if i < 0 {
		return nil
	}
	st.Cursor = i
	cmd := st.Open(s)
	if st.f != nil {
		st.f.FocusPointer(ptr)
		return tea.Batch(cmd, st.f.Focus())
	}
	return cmd
}

func (st *OnRequestStep) Keys() []key.Binding {
	if st.Editing {
		return []key.Binding{style.Keys.NextField, style.Keys.PrevField, style.Keys.Left, style.Keys.Right, style.Keys.Back}
	}
	return []key.Binding{style.Keys.Toggle, style.Keys.Enter}
}

func (st *OnRequestStep) Busy() bool { return st.Editing }
