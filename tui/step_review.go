package tui

import (
	"fmt"
	"os"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/style"
	"github.com/oncard/oncard/validate"
)

// DefaultPath is where a new card is saved unless told otherwise.
const DefaultPath = "./agent-card.json"

// reviewStep shows every diagnostic, asks for the path and saves.
type reviewStep struct {
	path string
	f    *form
	// saveRequested is set by enter on Save; the root saves right after.
	saveRequested bool
	// catalog is the Catalog step, whose write Review announces (nil
	// when the flow has none).
	catalog *catalogStep
}

func newReviewStep(path string) *reviewStep {
	if path == "" {
		path = DefaultPath
	}
	return &reviewStep{path: path}
}

func (st *reviewStep) title() string { return "Review & save" }

func (st *reviewStep) enter(s *Session) tea.Cmd {
	st.catalog.refreshForReview(s)
	path := newTextField("Save to", "", textString, DefaultPath)
	path.hint = `"-" writes the card to standard output`
	path.read = func(*Session) string { return st.path }
	path.write = func(_ *Session, v string) { st.path = strings.TrimSpace(v) }
	save := &buttonField{lbl: "Save", action: func(*Session) string { return "" }}
	st.f = newForm(path, save)
	st.f.load(s)
	st.f.idx = 1
	return st.f.focus()
}

func (st *reviewStep) update(msg tea.KeyPressMsg, s *Session) (tea.Cmd, bool) {
	if st.f.idx == 1 && key.Matches(msg, style.Keys.Enter, style.Keys.Toggle) {
		if st.path == "" {
			st.path = DefaultPath
		}
		st.saveRequested = true
		return nil, false
	}
	if st.f.idx == 0 && key.Matches(msg, style.Keys.Enter) {
		st.f.idx = 1
		return st.f.focus(), true
	}
	// The path is not part of the card: no re-validation needed.
	fl := st.f.focused()
	if key.Matches(msg, style.Keys.NextField, style.Keys.PrevField) {
		return st.f.move(1), true
	}
	changed, cmd := fl.update(msg)
	if changed {
		fl.apply(s)
	}
	return cmd, false
}

func (st *reviewStep) view(th *style.Theme, s *Session, width, height int) string {
	var b strings.Builder
	e, w, i := validate.Counts(s.Diags)
	b.WriteString(countsLine(th, s.Diags) + "\n")
	if e > 0 {
		b.WriteString(th.Error.Render(fmt.Sprintf("Fix the %d %s before saving (ctrl+g, enter jumps to the field).", e, plural(e, "error", "errors"))) + "\n")
	} else {
		if w+i > 0 {
			b.WriteString(th.Hint.Render("Warnings do not stop the save; read them first.") + "\n")
		}
		to := st.path
		if to == "-" {
			to = "standard output"
		}
		b.WriteString(th.OK.Render(ansi.Wrap("Ready: enter on Save writes "+model.SafeText(to)+" atomically.", max(10, width), " /")) + "\n")
		if fi, err := os.Stat(st.path); err == nil && !fi.IsDir() {
			b.WriteString(th.Warning.Render(ansi.Wrap("The file exists: saving asks before replacing it.", max(10, width), " ")) + "\n")
		}
	}
	if st.catalog != nil {
		if also := st.catalog.announcement(); also != "" {
			b.WriteString(th.Info.Render(ansi.Wrap(also+".", max(10, width), " /")) + "\n")
		}
		if why := st.catalog.problem(st.path); why != "" {
			b.WriteString(th.Error.Render(truncate("The save stops at the catalog: "+why, width)) + "\n")
		}
	}
	b.WriteString("\n" + st.f.view(th, s, width) + "\n")
	rows := max(1, height-8)
	for n, d := range s.Diags {
		if n == rows {
			b.WriteString(th.Hint.Render(fmt.Sprintf("\n… %d more (ctrl+g)", len(s.Diags)-rows)))
			break
		}
		where := d.Pointer
		if where == "" {
			where = "/"
		}
		b.WriteString("\n" + renderDiag(th, d, width-2) + "\n  " + th.Hint.Render(truncate(model.SafeText(where), width-2)))
	}
	return b.String()
}

func (st *reviewStep) pointer(*Session) string       { return "" }
func (st *reviewStep) owns(string, *Session) bool    { return false }
func (st *reviewStep) jump(string, *Session) tea.Cmd { return nil }
func (st *reviewStep) keys() []key.Binding {
	return []key.Binding{style.Keys.NextField, style.Keys.Enter}
}
func (st *reviewStep) busy() bool { return false }

// NextSteps is printed after a card is saved.
func NextSteps(path string) string {
	return fmt.Sprintf(`Saved %s.
Next steps:
  1. Serve it at https://<your host>/.well-known/agent-card.json
  2. Check it any time:       oncard validate %s
  3. See its catalog entry:   oncard preview %s
`, path, path, path)
}
