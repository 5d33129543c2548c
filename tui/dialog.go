package tui

import (
	"bytes"
	"fmt"
	"os"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/aymanbagabas/go-udiff"
	"github.com/charmbracelet/x/ansi"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/style"
)

// dialog is a yes/no question that takes the keyboard until answered, the
// one dialog of both editors (R is the root model the answers act on).
// y runs yes, n runs no (when there is one), esc cancels: the dialog
// closes and nothing runs. A second ctrl+c leaves at once through quit.
type dialog[R any] struct {
	question string
	yes, no  func(R) tea.Cmd // no may be nil: nothing to do
}

// update handles a key while d is shown: close takes it off the screen
// (before an answer runs, so that the answer may open another dialog) and
// quit is the root's way of leaving on ctrl+c.
func (d *dialog[R]) update(msg tea.KeyPressMsg, r R, close func(), quit func(R) tea.Cmd) tea.Cmd {
	switch {
	case key.Matches(msg, style.Keys.Yes):
		close()
		return d.yes(r)
	case key.Matches(msg, style.Keys.No):
		close()
		if d.no != nil {
			return d.no(r)
		}
	case key.Matches(msg, style.Keys.Back):
		close()
	case key.Matches(msg, style.Keys.Quit):
		close()
		return quit(r)
	}
	return nil
}

func (d *dialog[R]) view(th *style.Theme, width int) string {
	inner := max(10, width-4)
	q := ansi.Hardwrap(d.question, inner, true)
	return th.Dialog.Render(q + "\n\n" + th.Hint.Render("y yes · n no · esc cancel"))
}

func keepDraftAndQuit(m *Model) tea.Cmd {
	m.result.Interrupted = true
	if m.draft != nil {
		m.writeDraftNow()
		m.result.DraftKept = m.draft.Path
	}
	return tea.Quit
}

func quitDialog() *dialog[*Model] {
	return &dialog[*Model]{
		question: "Quit. Keep a draft of this card to resume later\n(oncard new --resume)?",
		yes:      keepDraftAndQuit,
		no: func(m *Model) tea.Cmd {
			m.result.Interrupted = true
			m.removeDraft()
			return tea.Quit
		},
	}
}

func overwriteDialog(path string, data []byte) *dialog[*Model] {
	q := model.SafeText(path) + " already exists."
	if stat := diffStat(path, data); stat != "" {
		q += "\nSaving changes " + stat + "."
	}
	return &dialog[*Model]{
		question: q + "\nOverwrite it?",
		yes:      func(m *Model) tea.Cmd { return m.save(path, true) },
		no: func(m *Model) tea.Cmd {
			m.status = "not saved: choose another path"
			return nil
		},
	}
}

// diffStat summarises how the file at path would change ("12 lines added,
// 3 removed"), or "" when it cannot be read (too big, unreadable).
func diffStat(path string, data []byte) string {
	fi, err := os.Stat(path)
	if err != nil || fi.Size() > 4<<20 {
		return ""
	}
	old, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	if bytes.Equal(old, data) {
		return "nothing (same bytes)"
	}
	added, removed := countDiffLines(udiff.Unified("old", "new", string(old), string(data)))
	return fmt.Sprintf("%d %s added, %d removed", added, plural(added, "line", "lines"), removed)
}
