package style

import (
	"image/color"
	"os"
	"strings"
	"testing"

	"charm.land/bubbles/v2/textinput"
)

// TestColorsWantedFollowsNoColor: per https://no-color.org, NO_COLOR turns
// colours off when it holds any non-empty value, and set but empty it is
// ignored; TERM=dumb turns them off too.
func TestColorsWantedFollowsNoColor(t *testing.T) {
	tests := []struct {
		name    string
		noColor *string // nil: unset
		term    string
		want    bool
	}{
		{"unset", nil, "xterm-256color", true},
		{"empty", envValue(""), "xterm-256color", true},
		{"one", envValue("1"), "xterm-256color", false},
		{"zero is still non-empty", envValue("0"), "xterm-256color", false},
		{"false is still non-empty", envValue("false"), "xterm-256color", false},
		{"any word", envValue("yes"), "xterm-256color", false},
		{"dumb terminal", nil, "dumb", false},
		{"empty and dumb", envValue(""), "dumb", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("TERM", tt.term)
			t.Setenv("NO_COLOR", "") // restored after the test
			if tt.noColor == nil {
				os.Unsetenv("NO_COLOR")
			} else {
				t.Setenv("NO_COLOR", *tt.noColor)
			}
			if got := ColorsWanted(); got != tt.want {
				t.Errorf("NO_COLOR=%v TERM=%s: ColorsWanted() = %v, want %v", showEnv(tt.noColor), tt.term, got, tt.want)
			}
		})
	}
}

func envValue(s string) *string { return &s }

func showEnv(s *string) string {
	if s == nil {
		return "(unset)"
	}
	return "\"" + *s + "\""
}

// The light theme's highlight is a light shade under dark text; the dark
// theme's a dark shade.
func TestAdaptiveThemeShades(t *testing.T) {
	dark, light := NewAdaptiveTheme(true, true), NewAdaptiveTheme(true, false)
	if lum(light.Highlight.GetBackground()) <= lum(dark.Highlight.GetBackground()) {
		t.Fatal("the light theme's highlight is not lighter than the dark theme's")
	}
	if lum(light.Cursor.GetForeground()) >= lum(light.Cursor.GetBackground()) {
		t.Fatal("the light theme's cursor text is not darker than its background")
	}
	if plain := NewAdaptiveTheme(false, false); plain.Colors || plain.Highlight.GetBackground() != NewTheme(false).Highlight.GetBackground() {
		t.Fatal("without colours the background makes no difference")
	}
}

func lum(c color.Color) uint32 {
	r, g, b, _ := c.RGBA()
	return (r*299 + g*587 + b*114) / 1000
}

// On a light background nothing a text input draws is white: its prompt
// (the picker's "search: "), placeholder and cursor take the theme's
// shades (bubbles' defaults are ANSI white, ESC[37m).
func TestInputsReadOnLightBackgrounds(t *testing.T) {
	th := NewAdaptiveTheme(true, false)
	in := textinput.New()
	in.Prompt = "search: "
	in.Placeholder = "type to search"
	in.SetStyles(th.Input)
	in.SetVirtualCursor(true)
	in.Focus()
	for _, view := range []string{in.View(), func() string { in.SetValue("x"); return in.View() }()} {
		for _, white := range []string{"[37m", "[97m", "38;5;7m", "38;5;15m", "38;2;255;255;255m"} {
			if strings.Contains(view, white) {
				t.Errorf("an input on a light background draws white (%q): %q", white, view)
			}
		}
	}
	if th.Input.Cursor.Color == nil {
		t.Error("the cursor has no colour of the theme")
	}
}

// COLORFGBG's last field is the background's colour number: 7 and 9–15
// are light; anything else, or nothing, is dark.
func TestBackgroundIsDarkReadsColorfgbg(t *testing.T) {
	for v, dark := range map[string]bool{
		"": true, "15;0": true, "0;15": false, "0;default;15": false, "0;7": false,
		"7;8": true, "12;4": true, "0;9": false, "garbage": true, "0;16": true,
	} {
		t.Setenv("COLORFGBG", v)
		if got := BackgroundIsDark(); got != dark {
			t.Errorf("COLORFGBG=%q: dark %v, want %v", v, got, dark)
		}
	}
}
