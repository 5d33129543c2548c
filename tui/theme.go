package tui

import (
	"os"

	"charm.land/bubbles/v2/textinput"
	"charm.land/lipgloss/v2"
)

// Theme is the one set of styles the whole program draws with. A plain
// theme (no colours, only bold/reverse/faint) is used when NO_COLOR is set or
// TERM=dumb, so that nothing depends on colour to be understood.
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

// NewTheme builds the theme, with colours or without.
func NewTheme(colors bool) *Theme {
	t := &Theme{Colors: colors}
	base := lipgloss.NewStyle()
	t.Input = textinput.DefaultStyles(true)
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
	accent := lipgloss.Color("#7D56F4")
	red := lipgloss.Color("#E06C75")
	yellow := lipgloss.Color("#E5C07B")
	blue := lipgloss.Color("#61AFEF")
	green := lipgloss.Color("#98C379")
	grey := lipgloss.Color("#7F848E")
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
	t.Cursor = base.Bold(true).Foreground(lipgloss.Color("#FFFFFF")).Background(lipgloss.Color("#3E4451"))
	t.Heading = base.Bold(true).Foreground(blue)
	t.Highlight = base.Background(lipgloss.Color("#3E4451"))
	t.Pane = base.Border(border).BorderForeground(grey)
	t.PaneFocus = base.Border(border).BorderForeground(accent)
	t.Help = base.Foreground(grey)
	t.Dialog = base.Border(lipgloss.DoubleBorder()).BorderForeground(accent).Padding(0, 1)
	return t
}
