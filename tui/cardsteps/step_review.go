package cardsteps

import (
	"fmt"
	"os"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/editor"
	"github.com/oncard/oncard/tui/style"
	"github.com/oncard/oncard/tui/widgets"
	"github.com/oncard/oncard/validate"
)

// DefaultPath is where a new card is saved unless told otherwise.
const DefaultPath = "./agent-card.json"

// reviewStep shows every diagnostic, asks for the path and saves.
type ReviewStep struct {
	Path string
	f    *widgets.Form
	// catalog is the Catalog step, whose write Review announces (nil
	// when the flow has none).
	Catalog *CatalogStep
	// existing is the path last found to be an existing file (by the
	// command statOutput starts; "" when none), so that the screen warns
	// that saving asks before replacing it.
	existing string
	// catalogDiff is the Catalog step's write as a diff, made when Review
	// is entered and when the catalog file is read again.
	catalogDiff string
}

// OutputStatMsg says whether path, the path to save to, is an existing
// file (the outcome of statOutput).
type OutputStatMsg struct {
	path   string
	exists bool
}

// statOutput looks, in a command, whether the path to save to exists.
func (st *ReviewStep) statOutput() tea.Cmd {
	path := st.Path
	return func() tea.Msg {
		fi, err := os.Stat(path)
		return OutputStatMsg{path: path, exists: err == nil && !fi.IsDir()}
	}
}

func NewReviewStep(path string) *ReviewStep {
	if path == "" {
		path = DefaultPath
	}
	return &ReviewStep{Path: path}
}

func (st *ReviewStep) Title() string { return titleOf(StepReview) }

func (st *ReviewStep) Enter(s *editor.State) tea.Cmd {
	refresh := st.Catalog.RefreshForReview(s)
	st.catalogDiff = st.Catalog.PlanDiff()
	path := widgets.NewTextField("Save to", "", widgets.TextString, DefaultPath)
	path.Hint = `"-" writes the card to standard output`
	path.Read = func(*editor.State) string { return st.Path }
	path.Write = func(s *editor.State, v string) {
		st.Path = strings.TrimSpace(v)
		s.Post(OutputChangedMsg{Path: st.Path})
	}
	stat := st.statOutput()
	save := &widgets.ButtonField{Lbl: "Save", Action: func(*editor.State) string { return "" }}
	st.f = widgets.NewForm(path, save)
	st.f.Load(s)
	st.f.Idx = 1
	return tea.Batch(st.f.Focus(), refresh, stat)
}

func (st *ReviewStep) Update(in tea.Msg, s *editor.State) (tea.Cmd, bool) {
	var msg tea.KeyPressMsg
	switch in := in.(type) {
	case CatalogSourceMsg:
		// The Catalog step (before this one) has planned with it.
		st.catalogDiff = st.Catalog.PlanDiff()
		return nil, false
	case OutputStatMsg:
		if in.path == st.Path {
			st.existing = ""
			if in.exists {
				st.existing = in.path
			}
		}
		return nil, false
	case tea.KeyPressMsg:
		msg = in
	default:
		return nil, false
	}
	if st.f.Idx == 1 && key.Matches(msg, style.Keys.Enter, style.Keys.Toggle) {
		if st.Path == "" {
			st.Path = DefaultPath
			s.Post(OutputChangedMsg{Path: st.Path})
		}
		s.Post(SaveRequestMsg{Path: st.Path})
		return nil, false
	}
	if st.f.Idx == 0 && key.Matches(msg, style.Keys.Enter) {
		st.f.Idx = 1
		return st.f.Focus(), true
	}
	// The path is not part of the card: no re-validation needed.
	fl := st.f.Focused()
	if key.Matches(msg, style.Keys.NextField, style.Keys.PrevField) {
		return st.f.Move(1), true
	}
	changed, cmd := fl.Update(msg)
	if changed {
		fl.Apply(s)
		cmd = tea.Batch(cmd, st.statOutput())
	}
	return cmd, false
}

func (st *ReviewStep) View(th *style.Theme, s *editor.State, width, height int) string {
	var b strings.Builder
	e, w, i := validate.Counts(s.Diags)
	b.WriteString(widgets.CountsLine(th, s.Diags) + "\n")
	if e > 0 {
		b.WriteString(th.Error.Render(fmt.Sprintf("Fix the %d %s before saving (ctrl+g, enter jumps to the field).", e, widgets.Plural(e, "error", "errors"))) + "\n")
	} else {
		if w+i > 0 {
			b.WriteString(th.Hint.Render("Warnings do not stop the save; read them first.") + "\n")
		}
		to := st.Path
		if to == "-" {
			to = "standard output"
		}
		b.WriteString(th.OK.Render(ansi.Wrap("Ready: enter on Save writes "+model.SafeText(to)+" atomically.", max(10, width), " /")) + "\n")
		if st.existing != "" && st.existing == st.Path {
			b.WriteString(th.Warning.Render(ansi.Wrap("The file exists: saving asks before replacing it.", max(10, width), " ")) + "\n")
		}
	}
	if st.Catalog != nil {
		if also := st.Catalog.Announcement(); also != "" {
			b.WriteString(th.Info.Render(ansi.Wrap(also+".", max(10, width), " /")) + "\n")
		}
		if why := st.Catalog.Problem(st.Path); why != "" {
			b.WriteString(th.Error.Render(widgets.Truncate("The save stops at the catalog: "+why, width)) + "\n")
		}
	}
	b.WriteString("\n" + st.f.View(th, s, width) + "\n")
	if d := widgets.CatalogDiff(th, st.catalogDiff, width, max(3, (height-10)/2)); d != "" {
		b.WriteString("\n" + d + "\n")
	}
	rows := max(1, height-8)
	for n, d := range s.Diags {
		if n == rows {
			b.WriteString(th.Hint.Render(fmt.Sprintf("\n… %d more (ctrl+g)", len(s.Diags)-rows)))
			break
		}
		where := d.Pointer
		if where == "" {
			where = "/"
		}
		b.WriteString("\n" + widgets.RenderDiag(th, d, width-2) + "\n  " + th.Hint.Render(widgets.Truncate(model.SafeText(where), width-2)))
	}
	return b.String()
}

func (st *ReviewStep) Pointer(*editor.State) string       { return "" }
func (st *ReviewStep) Owns(string, *editor.State) bool    { return false }
func (st *ReviewStep) Jump(string, *editor.State) tea.Cmd { return nil }
func (st *ReviewStep) Keys() []key.Binding {
	return []key.Binding{style.Keys.NextField, style.Keys.Enter}
}
func (st *ReviewStep) Busy() bool { return false }

// NextSteps is printed after a card is saved at path: also is what was
// written with it (the catalog, "" for nothing), servedAt the URL the
// card is to be served at ("" when it is not known yet).
func NextSteps(path, also, servedAt string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Saved %s.\n", path)
	if also != "" {
		b.WriteString(also + "\n")
	}
	if servedAt == "" {
		servedAt = "https://<your host>/.well-known/agent-card.json"
	}
	fmt.Fprintf(&b, `Next steps:
  1. Serve it at %s
  2. Check it any time:       oncard validate %s
  3. See its catalog entry:   oncard preview %s
`, servedAt, path, path)
	return b.String()
}
