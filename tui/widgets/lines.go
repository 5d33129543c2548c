package widgets

import (
	"fmt"
	"github.com/oncard/oncard/tui/editor"
	"strings"

	"github.com/oncard/oncard/model"
)

// The line-by-line prompts (tui/accessible) ask the very fields the full
// screen shows: a LineField says its value as text and takes an answer
// typed as a line, which it writes through the same Apply a key would.
// So an answer reaches the card exactly as typing it would, and is judged
// by the same findings (Check).

// LineField is a field that can be asked line by line.
type LineField interface {
	Field
	// Current is the value as an answer would spell it ("" for none).
	Current() string
	// Choices are the answers a choice accepts (nil: free text).
	Choices() []string
	// Help is the field's hint.
	Help() string
	// Optional says the member may be absent: an answer of "-" removes it.
	Optional() bool
	// Answer writes the answer into the card (s.Changed is called); an
	// answer the field cannot take (not one of its choices) is refused
	// and changes nothing.
	Answer(s *editor.State, text string) error
}

// AsLine is f's line face; ok is false for a field that holds no value
// (a button).
func AsLine(f Field) (LineField, bool) {
	l, ok := f.(LineField)
	return l, ok
}

func (f *TextField) Current() string {
	if f.Read != nil || f.kind == TextList {
		return f.Input.Value()
	}
	if !f.typed && f.loaded != "" {
		return f.loaded // the card's own text, with what the input drops
	}
	if f.Input.Value() == "" && f.Suggested != "" {
		return f.Suggested
	}
	return f.Input.Value()
}
func (f *TextField) Choices() []string { return nil }

// Help is the hint, or else the example the empty field shows.
func (f *TextField) Help() string {
	if f.Hint == "" && strings.HasPrefix(f.Input.Placeholder, "e.g. ") {
		return f.Input.Placeholder
	}
	return f.Hint
}

func (f *TextField) Optional() bool { return f.kind != TextRequired }

func (f *TextField) Answer(s *editor.State, text string) error {
	if f.Read == nil && f.kind != TextList && s.Doc.Find(f.ptr) != nil && s.Text(f.ptr) == text {
		return nil // the card holds it already, byte for byte
	}
	f.SetValue(text)
	f.Apply(s)
	s.Changed()
	return nil
}

func (f *ChoiceField) Current() string {
	if f.onCustom() {
		return f.Custom.Value()
	}
	return f.options[f.Idx]
}

// Choices are the options; a custom last option ("custom URI") is
// answered with the text itself.
func (f *ChoiceField) Choices() []string {
	if f.Custom != nil {
		return f.options[:len(f.options)-1]
	}
	return f.options
}

func (f *ChoiceField) Help() string   { return f.Hint }
func (f *ChoiceField) Optional() bool { return false }

func (f *ChoiceField) Answer(s *editor.State, text string) error {
	text = strings.TrimSpace(text)
	for i, o := range f.options {
		if strings.EqualFold(o, text) && !(f.Custom != nil && i == len(f.options)-1) {
			f.Idx = i
			f.Apply(s)
			s.Changed()
			return nil
		}
	}
	if f.Custom != nil && text != "" {
		f.Idx = len(f.options) - 1
		f.Custom.SetValue(text)
		f.Apply(s)
		s.Changed()
		return nil
	}
	return fmt.Errorf("%q is not one of: %s", model.SafeText(text), strings.Join(f.Choices(), ", "))
}

func (f *modesField) Current() string   { return strings.Join(f.modes(), ", ") }
func (f *modesField) Choices() []string { return nil }
func (f *modesField) Optional() bool    { return true }

// Help names the common media types (the full screen's toggles).
func (f *modesField) Help() string {
	h := "media types, comma separated, e.g. " + strings.Join(CommonModes[:3], ", ")
	if f.Hint != "" {
		h = f.Hint + "; " + h
	}
	return h
}

// Answer takes the media types, comma separated ("" for none).
func (f *modesField) Answer(s *editor.State, text string) error {
	f.chosen = nil
	var others []string
	for _, m := range splitList(text, ",") {
		if isCommonMode(m) && f.isChosen(m) < 0 {
			f.chosen = append(f.chosen, m)
		} else if !isCommonMode(m) {
			others = append(others, m)
		}
	}
	f.other.SetValue(strings.Join(others, ", "))
	f.Apply(s)
	s.Changed()
	return nil
}

// CustomLabel names the value typed for the custom last option ("" when
// the choice has none).
func (f *ChoiceField) CustomLabel() string {
	if f.Custom == nil {
		return ""
	}
	return f.Custom.Lbl
}
