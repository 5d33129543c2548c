package cardedit

import (
	"bytes"
	"fmt"
	"os"

	tea "charm.land/bubbletea/v2"
	"github.com/aymanbagabas/go-udiff"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/widgets"
)

// The card editor's dialogs: leaving with unsaved changes, overwriting a file.

func quitDialog() *widgets.Dialog[*Model] {
	return &widgets.Dialog[*Model]{
		Question: "Quit. Keep a draft of this card to resume later\n(oncard new --resume)?",
		Yes:      keepDraftAndQuit,
		No:       (*Model).quitRemovingDraft,
	}
}

// overwriteDialog asks before replacing the file at path; stat says how
// saving changes it (diffStat, "" when unknown).
func overwriteDialog(path, stat string) *widgets.Dialog[*Model] {
	q := model.SafeText(path) + " already exists."
	if stat != "" {
		q += "\nSaving over it: " + stat + "."
	}
	return &widgets.Dialog[*Model]{
		Question: q + "\nOverwrite it?",
		Yes:      func(m *Model) tea.Cmd { return m.save(path, true) },
		No: func(m *Model) tea.Cmd {
			m.Status = "not saved: choose another path"
			return nil
		},
	}
}

// diffStat (file work: it reads the file) summarises how the file at path would change ("12 lines added,
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
		return "no line changes (the same bytes)"
	}
	added, removed := widgets.CountDiffLines(udiff.Unified("old", "new", string(old), string(data)))
	return fmt.Sprintf("%d %s added, %d removed", added, widgets.Plural(added, "line", "lines"), removed)
}
