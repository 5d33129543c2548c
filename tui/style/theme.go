// Package style is the look and the keys shared by every screen of oncard:
// the one Theme (also the command line's colours) and the one keymap.
package style

import (
	"os"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/textinput"
	"charm.land/lipgloss/v2"
)

// Theme is the one set of styles oncard draws with: the screens, and the
// command line's highlighted JSON and diffs (cmd/oncard takes its styles
// from here). A plain theme (no colours, only bold/reverse/faint) is used
// when NO_COLOR is set or TERM=dumb, so that nothing depends on colour to
// be understood. The colours adapt to the terminal's background
// (NewAdaptiveTheme): on a light one, highlights are light and text dark.
type Theme struct {
	Colors bool

	Title      lipgloss.Style // screen titles
	StepActive lipgloss.Style // the current step in the step list
	StepIdle   lipgloss.Style
	Label      lipgloss.Style // field labels
	LabelFocus lipgloss.Style
	Hint       lipgloss.Style // faint explanations
	Error      lipgloss.Style
	Warning    lipgloss.Style
	Info       lipgloss.Style
	OK         lipgloss.Style
	Cursor     lipgloss.Style // the highlighted row of a list
	Heading    lipgloss.Style // category headings in the picker
	Highlight  lipgloss.Style // the preview lines of the member being edited
	Pane       lipgloss.Style // a bordered pane
	PaneFocus  lipgloss.Style
	Help       lipgloss.Style
	Dialog     lipgloss.Style
	// Input styles every text input (placeholder, cursor).
	Input textinput.Styles

	// Diffs and JSON, on screens and on the command line. They use the 16
	// basic colours, whose shades the terminal's own theme chooses for its
	// background.
	DiffAdd, DiffDel, DiffHunk, DiffHead                    lipgloss.Style
	JSONKey, JSONString, JSONNumber, JSONLiteral, JSONPunct lipgloss.Style
}

// ColorsWanted reports whether the environment allows colours
// (https://no-color.org and TERM=dumb). NO_COLOR turns them off when it is
// set to any non-empty value ("0" and "false" included); set but empty, it
// does not.
func ColorsWanted() bool {
	if os.Getenv("NO_COLOR") != "" {
		return false
	}
	return os.Getenv("TERM") != "dumb"
}

// BackgroundIsDark is what the environment says of the terminal's
// background, for the time before the terminal answers the editors' query
// (and for a terminal that never does): COLORFGBG, as rxvt, Konsole and
// others set it ("0;15", "0;default;15"), whose last field is the
// background's colour number, 7 and 9–15 being light ones. Dark when it
// says nothing.
func BackgroundIsDark() bool {
	v := os.Getenv("COLORFGBG")
	if v == "" {
		return true
	}
	fields := strings.Split(v, ";")
	n, err := strconv.Atoi(strings.TrimSpace(fields[len(fields)-1]))
	if err != nil {
		return true
	}
	return n != 7 && (n < 9 || n > 15)
}

// NewEnvTheme is the theme the environment asks for: colours unless
// NO_COLOR or TERM=dumb, for the background COLORFGBG names.
func NewEnvTheme() *Theme {
	if !BackgroundIsDark() {
		return NewAdaptiveTheme(ColorsWanted(), false)
	}
	return NewTheme(ColorsWanted())
}

// NewTheme builds the theme, with colours or without, for a dark
// background (what a terminal that does not say has, most often).
func NewTheme(colors bool) *Theme { return NewAdaptiveTheme(colors, true) }

// NewAdaptiveTheme builds the theme for a dark or a light background.
func NewAdaptiveTheme(colors, dark bool) *Theme {
	t := &Theme{Colors: colors}
	base := lipgloss.NewStyle()
	t.DiffAdd, t.DiffDel, t.DiffHunk, t.DiffHead = base, base, base, base
	t.JSONKey, t.JSONString, t.JSONNumber, t.JSONLiteral, t.JSONPunct = base, base, base, base, base
	t.Input = textinput.DefaultStyles(dark)
	t.Input.Cursor.Blink = false
	if !colors {
		plain := textinput.StyleState{Placeholder: base.Faint(true)}
		t.Input.Focused, t.Input.Blurred = plain, plain
		t.Input.Cursor.Color = nil
	}
	border := lipgloss.RoundedBorder()
	if !colors {
		border = lipgloss.NormalBorder()
		t.Title = base.Bold(true)
		t.StepActive = base.Bold(true).Reverse(true)
		t.StepIdle = base
		t.Label = base
		t.LabelFocus = base.Bold(true)
		t.Hint = base.Faint(true)
		t.Error = base.Bold(true)
		t.Warning = base
		t.Info = base.Faint(true)
		t.OK = base
		t.Cursor = base.Reverse(true)
		t.Heading = base.Bold(true).Underline(true)
		t.Highlight = base.Reverse(true)
		t.Pane = base.Border(border)
		t.PaneFocus = base.Border(lipgloss.ThickBorder())
		t.Help = base.Faint(true)
		t.Dialog = base.Border(lipgloss.DoubleBorder()).Padding(0, 1)
		return t
	}
	t.DiffAdd = base.Foreground(lipgloss.Green)
	t.DiffDel = base.Foreground(lipgloss.Red)
	t.DiffHunk = base.Foreground(lipgloss.Cyan)
	t.DiffHead = base.Foreground(lipgloss.BrightBlack)
	t.JSONKey = base.Foreground(lipgloss.Blue)
	t.JSONString = base.Foreground(lipgloss.Green)
	t.JSONNumber = base.Foreground(lipgloss.Yellow)
	t.JSONLiteral = base.Foreground(lipgloss.Magenta)
	t.JSONPunct = base.Foreground(lipgloss.BrightBlack)

	// Each colour has a shade for a light background and one for a dark.
	pick := lipgloss.LightDark(dark)
	accent := pick(lipgloss.Color("#5A3FC0"), lipgloss.Color("#7D56F4"))
	red := pick(lipgloss.Color("#B3261E"), lipgloss.Color("#E06C75"))
	yellow := pick(lipgloss.Color("#8A5A00"), lipgloss.Color("#E5C07B"))
	blue := pick(lipgloss.Color("#0B5CAD"), lipgloss.Color("#61AFEF"))
	green := pick(lipgloss.Color("#2E7D32"), lipgloss.Color("#98C379"))
	grey := pick(lipgloss.Color("#5C6370"), lipgloss.Color("#7F848E"))
	// The row under the cursor and the preview's highlight: a light grey
	// under dark text on a light terminal, a dark grey on a dark one.
	shade := pick(lipgloss.Color("#D7DAE0"), lipgloss.Color("#3E4451"))
	onShade := pick(lipgloss.Color("#1F2329"), lipgloss.Color("#FFFFFF"))
	// The inputs' prompt ("search: "), placeholder and cursor in the
	// theme's shades: the defaults are white, which a light background
	// swallows.
	for _, st := range []*textinput.StyleState{&t.Input.Focused, &t.Input.Blurred} {
		st.Prompt = base.Foreground(grey)
		st.Placeholder, st.Suggestion = base.Foreground(grey), base.Foreground(grey)
	}
	t.Input.Blurred.Text = base.Foreground(grey)
	t.Input.Cursor.Color = accent
	t.Title = base.Bold(true).Foreground(accent)
	t.StepActive = base.Bold(true).Foreground(lipgloss.Color("#FFFFFF")).Background(accent)
	t.StepIdle = base.Foreground(grey)
	t.Label = base.Foreground(grey)
	t.LabelFocus = base.Bold(true).Foreground(accent)
	t.Hint = base.Foreground(grey)
	t.Error = base.Bold(true).Foreground(red)
	t.Warning = base.Foreground(yellow)
	t.Info = base.Foreground(blue)
	t.OK = base.Foreground(green)
	t.Cursor = base.Bold(true).Foreground(onShade).Background(shade)
	t.Heading = base.Bold(true).Foreground(blue)
	t.Highlight = base.Background(shade)
	t.Pane = base.Border(border).BorderForeground(grey)
	t.PaneFocus = base.Border(border).BorderForeground(accent)
	t.Help = base.Foreground(grey)
	t.Dialog = base.Border(lipgloss.DoubleBorder()).BorderForeground(accent).Padding(0, 1)
	return t
}
