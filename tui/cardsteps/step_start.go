package cardsteps

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/editor"
	"github.com/oncard/oncard/tui/style"
	"github.com/oncard/oncard/tui/widgets"
)

// Template is a starter card offered on the Start step.
type Template struct {
	Name        string
	Description string
	Data        []byte
}

// BlankCard is the skeleton of "start blank": every required member, empty,
// so the preview shows the shape and the diagnostics say what to fill in.
const BlankCard = `{
  "name": "",
  "description": "",
  "supportedInterfaces": [],
  "version": "1.0.0",
  "capabilities": {},
  "defaultInputModes": ["text/plain"],
  "defaultOutputModes": ["text/plain"],
  "skills": []
}
`

// startStep picks a template or a blank card.
type StartStep struct {
	templates []Template
	cursor    int
	confirm   bool // enter pressed once over an edited card
	status    string
}

func NewStartStep(ts []Template) *StartStep { return &StartStep{templates: ts} }

func (st *StartStep) Title() string { return titleOf(StepStart) }

func (st *StartStep) Enter(*editor.State) tea.Cmd { st.confirm = false; return nil }

// choices is "Blank card" followed by the templates.
func (st *StartStep) choices() int { return 1 + len(st.templates) }

func (st *StartStep) Update(in tea.Msg, s *editor.State) (tea.Cmd, bool) {
	msg, ok := in.(tea.KeyPressMsg)
	if !ok {
		return nil, false
	}
	switch {
	case key.Matches(msg, style.Keys.Up), key.Matches(msg, style.Keys.PrevField):
		if st.cursor > 0 {
			st.cursor--
		}
		st.confirm = false
	case key.Matches(msg, style.Keys.Down), key.Matches(msg, style.Keys.NextField):
		if st.cursor < st.choices()-1 {
			st.cursor++
		}
		st.confirm = false
	case key.Matches(msg, style.Keys.Enter):
		if s.Edits > 0 && !st.confirm {
			st.confirm = true
			return nil, false
		}
		data := []byte(BlankCard)
		if st.cursor > 0 {
			data = st.templates[st.cursor-1].Data
		}
		doc, err := model.Parse(data)
		if err != nil {
			st.status = "cannot read this template: " + err.Error()
			return nil, false
		}
		model.NewCard(doc)
		s.Replace(doc)
		st.confirm = false
		s.Post(CardChosenMsg{})
		return nil, true
	}
	return nil, false
}

func (st *StartStep) View(th *style.Theme, s *editor.State, width, height int) string {
	var b strings.Builder
	b.WriteString(th.Hint.Render("Start from a template or from a blank card.") + "\n\n")
	for i := 0; i < st.choices(); i++ {
		name, desc := "Blank card", "every required member, empty"
		if i > 0 {
			name, desc = st.templates[i-1].Name, st.templates[i-1].Description
		}
		line := name + th.Hint.Render("  "+model.SafeText(desc))
		if i == st.cursor {
			b.WriteString(th.Cursor.Render("›") + " " + widgets.Truncate(line, width-2))
		} else {
			b.WriteString("  " + widgets.Truncate(line, width-2))
		}
		b.WriteString("\n")
	}
	if st.confirm {
		b.WriteString("\n" + th.Warning.Render("This replaces the card you are editing. Press enter again to confirm."))
	}
	if st.status != "" {
		b.WriteString("\n" + th.Error.Render(model.SafeText(st.status)))
	}
	return b.String()
}

func (st *StartStep) Pointer(*editor.State) string       { return "" }
func (st *StartStep) Owns(string, *editor.State) bool    { return false }
func (st *StartStep) Jump(string, *editor.State) tea.Cmd { return nil }
func (st *StartStep) Keys() []key.Binding {
	return []key.Binding{style.Keys.Up, style.Keys.Down, style.Keys.Enter}
}
func (st *StartStep) Busy() bool { return false }
