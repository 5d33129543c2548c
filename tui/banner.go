package tui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/component"
	"github.com/oncard/oncard/tui/style"
	"github.com/oncard/oncard/validate"
)

// fileStep is the first screen of `oncard edit`, in place of the template
// chooser of `oncard new`: what the file is and what the editor will keep
// as it is. It edits nothing.
type fileStep struct{ m *Model }

func newFileStep(m *Model) *fileStep { return &fileStep{m: m} }

func (st *fileStep) Title() string { return "File" }

func (st *fileStep) Enter(*component.Session) tea.Cmd { return nil }

func (st *fileStep) Update(tea.Msg, *component.Session) (tea.Cmd, bool) { return nil, false }

func (st *fileStep) View(th *style.Theme, s *component.Session, width, height int) string {
	m := st.m
	var b strings.Builder
	line := func(text string) { b.WriteString(text + "\n") }
	line(th.Title.Render(component.Truncate("Editing "+m.edit.fileName(), width)))
	line("Shape: " + m.shapeBanner())
	switch m.shape() {
	case model.ShapeV03:
		line(th.Hint.Render(ansi.Wrap("An A2A v0.3 card. The Review step can upgrade it to v1.0 (or to a dual card that old clients still read), shown as a diff first; nothing is upgraded on its own.", width, " ")))
	case model.ShapeDual:
		line(th.Hint.Render(ansi.Wrap("A dual card: v1.0 members plus the v0.3 ones for old clients. It stays dual; the Review step can drop the v0.3 members.", width, " ")))
	}
	if n := m.edit.ed.Signatures(); n > 0 {
		line(th.Warning.Render(ansi.Wrap(fmt.Sprintf("Signed (%s): any edit makes them stop verifying; Review offers to remove them.", component.Count(n, "signature", "signatures")), width, " ")))
	}
	if e, _, _ := validate.Counts(m.edit.ed.Before()); e > 0 {
		line(th.Hint.Render(ansi.Wrap(fmt.Sprintf("The file has %s already: a save is refused only for errors the edits add.", component.Count(e, "error", "errors")), width, " ")))
	}
	line("")
	line(ansi.Wrap("Every screen shows the file's values; only what you change is written back, and the rest of the file stays byte for byte as it is. ctrl+n goes to the next screen, ctrl+s to Review & save (the diff, then a confirmation).", width, " "))
	if kept := m.keptAsIs(); len(kept) > 0 {
		line("")
		line(th.Label.Render("Kept as is (no screen edits them):"))
		for i, p := range kept {
			if i == max(3, height-strings.Count(b.String(), "\n")-2) {
				line(th.Hint.Render(fmt.Sprintf("  … %d more (listed on Review)", len(kept)-i)))
				break
			}
			line(th.Hint.Render(component.Truncate("  "+model.SafeText(p), width)))
		}
	}
	return b.String()
}

func (st *fileStep) Pointer(*component.Session) string       { return "" }
func (st *fileStep) Owns(string, *component.Session) bool    { return false }
func (st *fileStep) Jump(string, *component.Session) tea.Cmd { return nil }
func (st *fileStep) Keys() []key.Binding                     { return nil }
func (st *fileStep) Busy() bool                              { return false }
