package widgets

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/oncard/oncard/tui/style"
)

// ListNav moves the cursor of a long list (a card's skills, a catalog's
// entries): ↑/↓ one row, pgup/pgdn a page of ListPageRows rows, home/end
// to the ends, and / to filter the rows by their text. The cursor is the
// caller's (an index into the whole list); ListNav keeps only the filter.
//
// Keys while the filter is typed are all ListNav's: letters must reach the
// filter, not the list's own keys (a add, d remove).
type ListNav struct {
	// Typing is true while the filter has focus.
	Typing bool
	// Query narrows the rows shown to those whose text contains it
	// (case-insensitive); "" shows every row. It stays after enter, so that
	// the list's keys act on a matching row.
	Query string
	input textinput.Model
}

// ListPageRows is how far pgup/pgdn move: a fixed count rather than the
// pane's height, so that the same keys reach the same row on any screen.
const ListPageRows = 10

// Listing is implemented by a step or screen that shows a long list now:
// pgup/pgdn are then its own, and the preview scrolls with shift+pgup/pgdn.
type Listing interface{ Listing() bool }

// IsListing reports whether page shows a long list now (see Listing).
func IsListing(page any) bool {
	l, ok := page.(Listing)
	return ok && l.Listing()
}

// Key handles msg for a list of n rows, row i's text being text(i), the
// cursor at cur. It reports the cursor after the key and whether the key
// was the list's (moving, filtering); a key it does not take leaves both.
func (l *ListNav) Key(msg tea.KeyPressMsg, cur, n int, text func(int) string) (int, bool) {
	k := style.Keys
	if l.Typing {
		switch {
		case key.Matches(msg, k.Back):
			l.Typing, l.Query = false, ""
			l.input.Blur()
			return l.clamp(cur, n, text), true
		case key.Matches(msg, k.Enter):
			l.Typing = false
			l.input.Blur()
			return l.clamp(cur, n, text), true
		case key.Matches(msg, k.Up, k.Down, k.ScrollUp, k.ScrollDown):
			return l.move(msg, cur, n, text), true
		}
		l.input, _ = l.input.Update(msg)
		l.Query = l.input.Value()
		return l.clamp(cur, n, text), true
	}
	switch {
	case key.Matches(msg, k.Filter):
		l.input = NewInput()
		l.input.Prompt = ""
		l.input.CharLimit = 0
		l.input.SetValue(l.Query)
		l.input.CursorEnd()
		l.input.Focus()
		l.Typing = true
		return cur, true
	case key.Matches(msg, k.Back) && l.Query != "":
		l.Query = ""
		return cur, true
	case key.Matches(msg, k.Up, k.Down, k.ScrollUp, k.ScrollDown, k.Home, k.End):
		return l.move(msg, cur, n, text), true
	}
	return cur, false
}

// move is the cursor after a moving key, among the rows shown.
func (l *ListNav) move(msg tea.KeyPressMsg, cur, n int, text func(int) string) int {
	rows := l.Visible(n, text)
	if len(rows) == 0 {
		return cur
	}
	at := position(rows, cur)
	k := style.Keys
	switch {
	case key.Matches(msg, k.Up):
		at--
	case key.Matches(msg, k.Down):
		at++
	case key.Matches(msg, k.ScrollUp):
		at -= ListPageRows
	case key.Matches(msg, k.ScrollDown):
		at += ListPageRows
	case key.Matches(msg, k.Home):
		at = 0
	case key.Matches(msg, k.End):
		at = len(rows) - 1
	}
	return rows[max(0, min(len(rows)-1, at))]
}

// clamp puts the cursor on a row shown: itself, or the first shown after
// it (the last before it when none follows).
func (l *ListNav) clamp(cur, n int, text func(int) string) int {
	rows := l.Visible(n, text)
	if len(rows) == 0 {
		return max(0, min(cur, n-1))
	}
	return rows[position(rows, cur)]
}

// position is the index in rows (ascending) of cur, or of the first row
// after it, or the last.
func position(rows []int, cur int) int {
	for i, r := range rows {
		if r >= cur {
			return i
		}
	}
	return len(rows) - 1
}

// Visible is the rows shown, in order: every row, or those matching the
// filter.
func (l *ListNav) Visible(n int, text func(int) string) []int {
	q := strings.ToLower(strings.TrimSpace(l.Query))
	out := make([]int, 0, n)
	for i := 0; i < n; i++ {
		if q == "" || strings.Contains(strings.ToLower(text(i)), q) {
			out = append(out, i)
		}
	}
	return out
}

// Window is the part of rows (as Visible gives them) to draw in height
// rows, keeping cur in sight: from its start, or scrolled so that cur is
// the last row drawn.
func Window(rows []int, cur, height int) []int {
	height = max(1, height)
	at := position(rows, cur)
	start := 0
	if at >= height {
		start = at - height + 1
	}
	return rows[start:min(len(rows), start+height)]
}

// Filtered reports whether the rows shown are narrowed (or being).
func (l *ListNav) Filtered() bool { return l.Typing || l.Query != "" }

// View is the filter's line (empty when there is no filter): the query, how
// many of total rows match, and the keys.
func (l *ListNav) View(th *style.Theme, shown, total, width int) string {
	if !l.Filtered() {
		return ""
	}
	count := fmt.Sprintf("%d of %d", shown, total)
	if l.Typing {
		l.input.SetWidth(max(10, width-30))
		l.input.SetStyles(th.Input)
		return Truncate(th.LabelFocus.Render(FocusMark+" / ")+l.input.View()+"  "+th.Hint.Render(count+" · enter keeps · esc clears"), width)
	}
	return Truncate(th.Label.Render("/ "+l.Query)+"  "+th.Hint.Render(count+" · / changes · esc clears"), width)
}
