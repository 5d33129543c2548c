package tui

import (
	"image/color"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/oncard/oncard/tui/style"
)

// On a light background the preview highlight and the cursor row are a
// light shade under dark text; on a dark one, a dark shade. The theme
// changes in place when the terminal says which it has, so every component
// holding it follows.
func TestThemeFollowsTheBackground(t *testing.T) {
	d := newDriverJSON(t, minimalCard)
	d.m.AdaptTheme = true
	d.m.Th = style.NewTheme(true)
	dark := d.m.Th.Highlight.GetBackground()
	d.Send(tea.BackgroundColorMsg{Color: color.White})
	light := d.m.Th.Highlight.GetBackground()
	if lum(light) <= lum(dark) {
		t.Fatalf("highlight on a light terminal %v is not lighter than on a dark one %v", light, dark)
	}
	if fg := d.m.Th.Cursor.GetForeground(); lum(fg) >= lum(light) {
		t.Fatalf("cursor text %v is not darker than its light background %v", fg, light)
	}
	d.Send(tea.BackgroundColorMsg{Color: color.Black})
	if got := d.m.Th.Highlight.GetBackground(); got != dark {
		t.Fatalf("back on a dark terminal: %v, want %v", got, dark)
	}
	// A theme the caller chose stays as it is.
	fixed := newDriverJSON(t, minimalCard)
	before := *fixed.m.Th
	fixed.Send(tea.BackgroundColorMsg{Color: color.White})
	if fixed.m.Th.Colors != before.Colors || fixed.m.Th.Highlight.GetBackground() != before.Highlight.GetBackground() {
		t.Fatal("a theme given in Options changed with the background")
	}
}

// lum is a colour's relative brightness (0 black … 65535 white).
func lum(c color.Color) uint32 {
	r, g, b, _ := c.RGBA()
	return (r*299 + g*587 + b*114) / 1000
}
