package style

import (
	"image/color"
	"os"
	"testing"
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
