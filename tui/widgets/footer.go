package widgets

import (
	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"

	"github.com/oncard/oncard/tui/style"
)

// The footer is one line of key help: the keys that work everywhere and
// must always be seen (save, next step, the key list, quit) at its end,
// the current page's keys before them as far as the width allows. After F1
// it is every key of the keymap, in as many columns as the width holds.

// essentialKeys are left out of the footer only when the width cannot
// hold them, in their short words, the last first.
func essentialKeys(k style.KeyMap) []key.Binding {
	return []key.Binding{
		shortHelp(k.NextStep, "next"), shortHelp(k.Save, "save"),
		shortHelp(k.Help, "keys"), shortHelp(k.Quit, "quit"),
	}
}

// shortHelp is b described in another word.
func shortHelp(b key.Binding, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(b.Keys()...), key.WithHelp(b.Help().Key, desc))
}

// helpSeparators are those of bubbles/help's defaults: between keys on
// the short line, between columns of the full help.
const (
	shortSeparator = " • "
	fullSeparator  = "    "
)

func (f *Chrome) helpModel(width int) help.Model {
	h := help.New()
	h.SetWidth(width)
	h.ShortSeparator = shortSeparator
	h.FullSeparator = fullSeparator
	h.Styles.ShortKey = f.Th.LabelFocus
	h.Styles.ShortDesc = f.Th.Help
	h.Styles.FullKey = f.Th.LabelFocus
	h.Styles.FullDesc = f.Th.Help
	h.Styles.ShortSeparator = f.Th.Help
	h.Styles.FullSeparator = f.Th.Help
	h.Styles.Ellipsis = f.Th.Help
	return h
}

// footer is the key help under the diagnostics: the page's keys and the
// essential ones, or every key after F1.
func (f *Chrome) footer(width int, ks []key.Binding, overlay, narrow bool) string {
	h := f.helpModel(width)
	if f.ShowHelp {
		return h.FullHelpView(fullHelpColumns(width))
	}
	if overlay {
		return "" // a dialog shows its own keys
	}
	if f.Diag.Focused {
		ks = nil
	}
	var lead []key.Binding
	if narrow {
		// The swap key says what it swaps to; on a narrow screen it is
		// what shows the preview at all, so it comes first.
		swap := style.Keys.Preview
		if f.showPreview {
			swap = shortHelp(style.Keys.Preview, "form")
		}
		lead = append(lead, swap)
	}
	return h.ShortHelpView(fitKeys(width, lead, ks, style.Keys.Diagnostics, essentialKeys(style.Keys)))
}

// fitKeys chooses the footer's keys for width: lead, then as many of the
// page's keys as fit (in order, no gaps), then extra when it fits beside
// lead and essential, then essential (the last of them dropped only
// when even they do not fit).
func fitKeys(width int, lead, page []key.Binding, extra key.Binding, essential []key.Binding) []key.Binding {
	widthOf := func(ks []key.Binding) int {
		w := 0
		for i, k := range ks {
			w += shortWidth(k, i > 0)
		}
		return w
	}
	fixed := append(append([]key.Binding(nil), lead...), essential...)
	for len(fixed) > len(lead)+1 && widthOf(fixed) > width {
		fixed = fixed[:len(fixed)-1]
	}
	var tail []key.Binding
	if widthOf(fixed)+shortWidth(extra, true) <= width {
		tail = append(tail, extra)
	}
	tail = append(tail, fixed[len(lead):]...)
	used := widthOf(append(append([]key.Binding(nil), lead...), tail...))
	shown := map[string]bool{extra.Help().Key: true}
	for _, k := range fixed {
		shown[k.Help().Key] = true
	}
	var middle []key.Binding
	for _, k := range page {
		if !k.Enabled() || shown[k.Help().Key] {
			continue // a page may list a frame key too: once is enough
		}
		w := shortWidth(k, true)
		if used+w > width {
			break // the page's keys in their order, no gaps
		}
		shown[k.Help().Key] = true
		used += w
		middle = append(middle, k)
	}
	out := append(append([]key.Binding(nil), lead...), middle...)
	return append(out, tail...)
}

// shortWidth is the cells k takes on the short help line, with the
// separator before it when it is not the first.
func shortWidth(k key.Binding, separated bool) int {
	h := k.Help()
	w := ansi.StringWidth(h.Key) + 1 + ansi.StringWidth(h.Desc)
	if separated {
		w += ansi.StringWidth(shortSeparator)
	}
	return w
}

// fullHelpColumns arranges every key for the F1 help: the keymap's groups
// side by side when they fit in width, otherwise the keys in group order
// flowed down as many columns as fit.
func fullHelpColumns(width int) [][]key.Binding {
	groups := style.Keys.All()
	if columnsWidth(groups) <= width {
		return groups
	}
	var all []key.Binding
	for _, g := range groups {
		all = append(all, g...)
	}
	for n := len(groups) - 1; n > 1; n-- {
		if cols := flowColumns(all, n); columnsWidth(cols) <= width {
			return cols
		}
	}
	return flowColumns(all, 1)
}

// flowColumns cuts keys into n columns of equal height (the last may be shorter).
func flowColumns(keys []key.Binding, n int) [][]key.Binding {
	rows := (len(keys) + n - 1) / n
	var cols [][]key.Binding
	for len(keys) > 0 {
		c := min(rows, len(keys))
		cols = append(cols, keys[:c])
		keys = keys[c:]
	}
	return cols
}

// columnsWidth is the width of the full help drawn with these columns.
func columnsWidth(cols [][]key.Binding) int {
	total := 0
	for i, col := range cols {
		keyW, descW := 0, 0
		for _, k := range col {
			keyW = max(keyW, ansi.StringWidth(k.Help().Key))
			descW = max(descW, ansi.StringWidth(k.Help().Desc))
		}
		if i > 0 {
			total += ansi.StringWidth(fullSeparator)
		}
		total += keyW + 1 + descW
	}
	return total
}

// fullHelpHeight is the lines the full help takes at width.
func fullHelpHeight(width int) int {
	rows := 0
	for _, col := range fullHelpColumns(width) {
		rows = max(rows, len(col))
	}
	return rows
}
