package tui

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/oncard/oncard/internal/gcpolicy"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/edit"
	"github.com/oncard/oncard/model/oasf"
	"github.com/oncard/oncard/model/testcards"
	"github.com/oncard/oncard/tui/cardedit"
	"github.com/oncard/oncard/tui/component"
	"github.com/oncard/oncard/tui/internal/keydrive"
	"github.com/oncard/oncard/tui/style"
)

// The budgets are stated for the card of testcards.Large(200, 50, 20): 200
// skills, all listed On Request, 50 OASF skills and 20 domains (133 KB).
// Every benchmark runs with the collector settings the binary applies for
// a document of that size (gcpolicy).

// openEditor opens the card editor on data at 120x40, with the binary's
// collector settings for it; the caller defers the returned restore.
func openEditor(b *testing.B, data []byte) (*Model, func()) {
	b.Helper()
	restore := gcpolicy.Apply(gcpolicy.For(int64(len(data))))
	doc, err := model.Parse(data)
	if err != nil {
		b.Fatal(err)
	}
	m := New(Options{Doc: doc, Theme: style.NewTheme(true)})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	return m, restore
}

// BenchmarkKeystroke200Skills: one key typed into the description of skill
// 150 of the budget card: update, apply to the Doc, re-encode, re-validate
// and render the frame.
func BenchmarkKeystroke200Skills(b *testing.B) {
	benchSkillKeystroke(b, testcards.Large(200, 50, 20), 150)
}

// BenchmarkKeystrokeCard1MB and 5MB: the same on valid cards of 1 and 5 MB
// (testcards.OfSize): how the cost of a key grows with the document.
func BenchmarkKeystrokeCard1MB(b *testing.B) { benchSkillKeystroke(b, testcards.OfSize(1<<20), 150) }
func BenchmarkKeystrokeCard5MB(b *testing.B) { benchSkillKeystroke(b, testcards.OfSize(5<<20), 150) }

func benchSkillKeystroke(b *testing.B, data []byte, skill int) {
	m, restore := openEditor(b, data)
	defer restore()
	m.goTo(stepSkills)
	st := m.steps[stepSkills].(*cardedit.ListStep)
	st.Cursor = skill
	m.handleKey(keydrive.KeyMsg("enter"))
	m.handleKey(keydrive.KeyMsg("tab"))
	m.handleKey(keydrive.KeyMsg("tab")) // description
	keys := []tea.KeyPressMsg{keydrive.KeyMsg("x"), keydrive.KeyMsg("backspace")}
	b.ReportAllocs()
	b.ResetTimer()
	med := newMedian(b.N)
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		m.handleKey(keys[i%2])
		_ = m.Render()
		med.add(time.Since(t0))
	}
	med.report(b)
}

// bigCard is a valid card with n short skills (and an On Request entry for
// every fifth), for tests that need a long card, not the budget card.
func bigCard(n int) string {
	var skills, entries []string
	for i := 0; i < n; i++ {
		skills = append(skills, fmt.Sprintf(`    {"id": "skill-%d", "name": "Skill %d", "description": "Does thing %d for the caller, carefully.", "tags": ["t%d", "common"], "examples": ["Please do thing %d"]}`, i, i, i, i%7, i))
		if i%5 == 0 && len(entries) < 200 {
			entries = append(entries, fmt.Sprintf(`{"id": "skill-%d", "personEntry": "https://ops.example/desk"}`, i))
		}
	}
	return `{
  "name": "Big Agent",
  "description": "An agent with many skills.",
  "supportedInterfaces": [{"url": "https://big.example/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
  "version": "1.0.0",
  "capabilities": {"extensions": [{"uri": "https://agent-capability.org/ext/on-request/v1", "required": false, "params": {"skills": [` +
		strings.Join(entries, ", ") + `]}}]},
  "defaultInputModes": ["text/plain"],
  "defaultOutputModes": ["text/plain"],
  "skills": [
` + strings.Join(skills, ",\n") + `
  ]
}
`
}

// median records the duration of each operation: the budget is stated as a
// median, which a mean can hide.
type median []time.Duration

func newMedian(n int) *median { m := make(median, 0, n); return &m }

func (m *median) add(d time.Duration) { *m = append(*m, d) }

func (m *median) report(b *testing.B) {
	if len(*m) == 0 {
		return
	}
	s := append([]time.Duration(nil), *m...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	b.ReportMetric(float64(s[len(s)/2].Nanoseconds())/1e6, "median-ms")
}

// BenchmarkKeystrokeAgentField200Skills: a key in the Agent name field of the
// same card (the preview shows the top of the document).
func BenchmarkKeystrokeAgentField200Skills(b *testing.B) {
	m, restore := openEditor(b, testcards.Large(200, 50, 20))
	defer restore()
	keys := []tea.KeyPressMsg{keydrive.KeyMsg("x"), keydrive.KeyMsg("backspace")}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m.handleKey(keys[i%2])
		_ = m.Render()
	}
}

// BenchmarkPickerKeystroke: a key typed into the taxonomy picker's search
// with every 1.1.0 skill loaded, on the editor's screen with the budget card
// open: search, rebuild the rows, render the whole frame.
func BenchmarkPickerKeystroke(b *testing.B) {
	if oasf.Get("1.1.0") == nil {
		b.Skip("no 1.1.0 taxonomy")
	}
	m, restore := openEditor(b, testcards.Large(200, 50, 20))
	defer restore()
	m.goTo(stepOASF)
	for _, k := range []string{"tab", "tab", "enter"} { // the skills picker
		m.handleKey(keydrive.KeyMsg(k))
	}
	if !m.steps[stepOASF].Busy() {
		b.Fatal("the picker did not open")
	}
	keys := searchKeys()
	b.ReportAllocs()
	b.ResetTimer()
	med := newMedian(b.N)
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		m.handleKey(keys[i%len(keys)])
		_ = m.Render()
		med.add(time.Since(t0))
	}
	med.report(b)
}

// BenchmarkPickerWidgetKeystroke: the picker alone (search, rows, its own
// 60x30 view), without the rest of the screen.
func BenchmarkPickerWidgetKeystroke(b *testing.B) {
	tax := oasf.Get("1.1.0")
	if tax == nil {
		b.Skip("no 1.1.0 taxonomy")
	}
	p := component.NewPicker(tax.Skills, style.NewTheme(true), nil)
	benchPickerKeys(b, p, searchKeys())
}

// searchKeys type "sum" into the picker's search and take it back.
func searchKeys() []tea.KeyPressMsg {
	return []tea.KeyPressMsg{keydrive.KeyMsg("s"), keydrive.KeyMsg("u"), keydrive.KeyMsg("m"), keydrive.KeyMsg("backspace"), keydrive.KeyMsg("backspace"), keydrive.KeyMsg("backspace")}
}

// benchPickerKeys sends keys to p in turn, drawing a frame after each,
// and reports the median time of a key and its frame.
func benchPickerKeys(b *testing.B, p *component.Picker, keys []tea.KeyPressMsg) {
	b.ReportAllocs()
	b.ResetTimer()
	med := newMedian(b.N)
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		p.Update(keys[i%len(keys)])
		_ = p.View(60, 30)
		med.add(time.Since(t0))
	}
	med.report(b)
}

// BenchmarkPickerMove: moving the cursor in the browse view.
func BenchmarkPickerMove(b *testing.B) {
	tax := oasf.Get("1.1.0")
	if tax == nil {
		b.Skip("no 1.1.0 taxonomy")
	}
	p := component.NewPicker(tax.Skills, style.NewTheme(true), nil)
	p.Open(tax.Skills.Children("")[0])
	benchPickerKeys(b, p, []tea.KeyPressMsg{keydrive.KeyMsg("down"), keydrive.KeyMsg("up")})
}

// BenchmarkFirstFrame: from nothing to the first frame of `oncard new`
// (model, validation of the blank card, render).
func BenchmarkFirstFrame(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		m := New(Options{Theme: style.NewTheme(true)})
		m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
		_ = m.Render()
	}
}

// BenchmarkEditReviewFrame200Skills: one frame of the edit Review screen
// (diff, errors the edits add, members kept as is) on a 200-skill card
// with one change: what every key on that screen costs.
func BenchmarkEditReviewFrame200Skills(b *testing.B) {
	m := openBigCardEdit(b, 200)
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	m.handleKey(keydrive.KeyMsg("x")) // the Agent step's name: one change
	m.handleKey(keydrive.KeyMsg("ctrl+s"))
	if _, ok := m.steps[m.cur].(*editReviewStep); !ok {
		b.Fatal("not on Review")
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = m.Render()
	}
}

// BenchmarkKeptAsIsWalk200Skills: the "kept as is" walk after a change
// (every member asked of every step's owns), on a 200-skill card. It runs
// once per change of the card, not per frame.
func BenchmarkKeptAsIsWalk200Skills(b *testing.B) {
	m := openBigCardEdit(b, 200)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m.edit.keptDoc = nil // as after a change
		m.refreshKept()
	}
}

// openBigCardEdit opens `oncard edit` on a card with n skills.
func openBigCardEdit(b *testing.B, n int) *Model {
	b.Helper()
	path := filepath.Join(b.TempDir(), "card.json")
	if err := os.WriteFile(path, []byte(bigCard(n)), 0o644); err != nil {
		b.Fatal(err)
	}
	es, err := edit.OpenMax(path, 0)
	if err != nil {
		b.Fatal(err)
	}
	es.Prepare(func(d *model.Doc) { model.NewCard(d) })
	return New(Options{Edit: es, Theme: style.NewTheme(true)})
}
