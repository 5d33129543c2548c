package cardedit

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/oncard/oncard/internal/cputime"
	"github.com/oncard/oncard/internal/edit"
	"github.com/oncard/oncard/internal/gcpolicy"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/oasf"
	"github.com/oncard/oncard/model/testcards"
	"github.com/oncard/oncard/tui/cardsteps"
	"github.com/oncard/oncard/tui/editor"
	"github.com/oncard/oncard/tui/internal/keydrive"
	"github.com/oncard/oncard/tui/style"
	"github.com/oncard/oncard/tui/widgets"
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
// 150 of the budget card, alone (nothing else waiting): update, apply to
// the Doc, settle, then the refresh that follows it (re-encode,
// re-validate) and the frame.
func BenchmarkKeystroke200Skills(b *testing.B) {
	benchSkillKeystroke(b, testcards.Large(200, 50, 20), 150)
}

// BenchmarkKeystrokeCard1MB and 5MB: the same on valid cards of 1 and 5 MB
// (testcards.OfSize): how the cost of a key grows with the document.
func BenchmarkKeystrokeCard1MB(b *testing.B) { benchSkillKeystroke(b, testcards.OfSize(1<<20), 150) }
func BenchmarkKeystrokeCard5MB(b *testing.B) { benchSkillKeystroke(b, testcards.OfSize(5<<20), 150) }

// BenchmarkKeystroke5000Skills: the same on a card of 5,000 skills.
func BenchmarkKeystroke5000Skills(b *testing.B) {
	benchSkillKeystroke(b, testcards.Large(5000, 50, 20), 150)
}

func benchSkillKeystroke(b *testing.B, data []byte, skill int) {
	m, restore := openSkillDescription(b, data, skill)
	defer restore()
	keys := []tea.KeyPressMsg{keydrive.KeyMsg("x"), keydrive.KeyMsg("backspace")}
	b.ReportAllocs()
	b.ResetTimer()
	med := newMedian(b.N)
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		m.Update(keys[i%2])
		refreshNow(m)
		_ = m.Render()
		med.add(time.Since(t0))
	}
	med.report(b)
}

// BenchmarkBurst100Keys2Skills and 5000Skills: 100 keys typed faster than
// they are handled, into a skill's description, until the screen shows
// them with their findings: each key is handled as Bubble Tea delivers it
// (Update, settle), the refresh it asks for queues behind the keys already
// waiting (so one refresh follows the burst), then one frame is drawn. A
// burst on a card of 5,000 skills should cost at most 1.5 times one on a
// card of 2 (docs/PERFORMANCE.md).
func BenchmarkBurst100Keys2Skills(b *testing.B) {
	benchBurst(b, testcards.Large(2, 0, 0), 1)
}
func BenchmarkBurst100Keys5000Skills(b *testing.B) {
	benchBurst(b, testcards.Large(5000, 50, 20), 150)
}

func benchBurst(b *testing.B, data []byte, skill int) {
	m, restore := openSkillDescription(b, data, skill)
	defer restore()
	keys := []tea.KeyPressMsg{keydrive.KeyMsg("x"), keydrive.KeyMsg("backspace")}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		refreshes := 0
		for k := 0; k < 100; k++ {
			if _, cmd := m.Update(keys[k%2]); cmd != nil {
				refreshes++ // the refresh asked for (its message waits behind the keys)
			}
		}
		refreshNow(m)
		_ = m.Render()
		if refreshes != 1 || m.s.Pending() {
			b.Fatalf("%d refreshes asked for a burst of 100 keys (pending after: %v)", refreshes, m.s.Pending())
		}
	}
}

// openSkillDescription opens the editor on data with the focus in the
// description of skill i.
func openSkillDescription(b *testing.B, data []byte, i int) (*Model, func()) {
	m, restore := openEditor(b, data)
	m.goTo(at(cardsteps.StepSkills))
	m.steps[at(cardsteps.StepSkills)].(*cardsteps.ListStep).Cursor = i
	for _, k := range []string{"enter", "tab", "tab"} { // skill i, its description
		m.Update(keydrive.KeyMsg(k))
		refreshNow(m)
	}
	return m, restore
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
	m.goTo(at(cardsteps.StepOASF))
	for _, k := range []string{"tab", "tab", "enter"} { // the skills picker
		m.handleKey(keydrive.KeyMsg(k))
	}
	if !m.steps[at(cardsteps.StepOASF)].Busy() {
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
	p := widgets.NewPicker(tax.Skills, style.NewTheme(true), nil)
	benchPickerKeys(b, p, searchKeys())
}

// searchKeys type "sum" into the picker's search and take it back.
func searchKeys() []tea.KeyPressMsg {
	return []tea.KeyPressMsg{keydrive.KeyMsg("s"), keydrive.KeyMsg("u"), keydrive.KeyMsg("m"), keydrive.KeyMsg("backspace"), keydrive.KeyMsg("backspace"), keydrive.KeyMsg("backspace")}
}

// benchPickerKeys sends keys to p in turn, drawing a frame after each,
// and reports the median time of a key and its frame.
func benchPickerKeys(b *testing.B, p *widgets.Picker, keys []tea.KeyPressMsg) {
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
	p := widgets.NewPicker(tax.Skills, style.NewTheme(true), nil)
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
		m.edit.keptAt = cardVersion{} // as after a change
		m.refreshKept(cardVersion{m.s.Doc, m.s.Edits})
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

// BenchmarkTyped100Keys2Skills and 5000Skills: 100 keys typed at 200 keys a
// second (faster than anyone types) into a skill's description, through a
// real Bubble Tea program drawing its frames, until the screen shows the
// last key with its findings. The time a burst takes to settle on a card
// of 5,000 skills should be at most 1.5 times that on a card of 2
// (docs/PERFORMANCE.md): each ns/op is one burst.
func BenchmarkTyped100Keys2Skills(b *testing.B) {
	benchTyped(b, testcards.Large(2, 0, 0), 1)
}
func BenchmarkTyped100Keys5000Skills(b *testing.B) {
	benchTyped(b, testcards.Large(5000, 50, 20), 150)
}

// settledMsg asks whether every edit is refreshed (see benchTyped).
type settledMsg struct{ done chan<- struct{} }

func benchTyped(b *testing.B, data []byte, skill int) {
	keys := []tea.KeyPressMsg{keydrive.KeyMsg("x"), keydrive.KeyMsg("backspace")}
	const interval = 5 * time.Millisecond
	var total, cpu time.Duration
	for i := 0; i < b.N; i++ {
		m, restore := openSkillDescription(b, data, skill)
		var p *tea.Program
		filter := func(model tea.Model, msg tea.Msg) tea.Msg {
			if s, ok := msg.(settledMsg); ok {
				if ss := model.(*Model).s; ss.Pending() || ss.Checking() {
					go p.Send(s) // again, behind the refresh on its way
				} else {
					close(s.done)
				}
				return nil
			}
			return msg
		}
		p = tea.NewProgram(m, tea.WithInput(nil), tea.WithOutput(io.Discard), tea.WithFilter(filter),
			tea.WithWindowSize(120, 40), tea.WithoutSignalHandler())
		ran := make(chan error, 1)
		go func() { _, err := p.Run(); ran <- err }()
		// Wait for the program to run: the first settled answer.
		ready := make(chan struct{})
		p.Send(settledMsg{ready})
		<-ready
		t0, c0 := time.Now(), cputime.Process()
		tick := time.NewTicker(interval)
		for k := 0; k < 100; k++ {
			p.Send(keys[k%2])
			<-tick.C
		}
		tick.Stop()
		done := make(chan struct{})
		p.Send(settledMsg{done})
		<-done
		total += time.Since(t0)
		cpu += cputime.Process() - c0
		p.Quit()
		if err := <-ran; err != nil {
			b.Fatal(err)
		}
		restore()
	}
	b.ReportMetric(float64(total.Milliseconds())/float64(b.N), "ms/burst")
	b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/burst")
}

// BenchmarkUndo200Skills and 5MB: ctrl+z and ctrl+y in turn after a key
// typed into skill 150's description: restore the Doc from the kept
// encoding, re-validate, return to the field and render the frame.
func BenchmarkUndo200Skills(b *testing.B) { benchUndo(b, testcards.Large(200, 50, 20)) }
func BenchmarkUndoCard5MB(b *testing.B)   { benchUndo(b, testcards.OfSize(5<<20)) }

func benchUndo(b *testing.B, data []byte) {
	m, restore := openEditor(b, data)
	defer restore()
	m.goTo(at(cardsteps.StepSkills))
	m.steps[at(cardsteps.StepSkills)].(*cardsteps.ListStep).Cursor = 150
	for _, k := range []string{"enter", "tab", "tab", "x"} { // description, one key typed
		m.Update(keydrive.KeyMsg(k))
	}
	if !m.s.CanUndo() {
		b.Fatal("the key typed is not undoable")
	}
	keys := []tea.KeyPressMsg{keydrive.KeyMsg("ctrl+z"), keydrive.KeyMsg("ctrl+y")}
	b.ReportAllocs()
	b.ResetTimer()
	med := newMedian(b.N)
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		m.Update(keys[i%2])
		_ = m.Render()
		med.add(time.Since(t0))
	}
	med.report(b)
}

// refreshNow is the refresh after an edit as the program runs it: the
// RefreshMsg, then the check it starts, whose outcome comes back.
func refreshNow(m *Model) {
	if _, cmd := m.Update(editor.RefreshMsg{}); cmd != nil {
		m.Update(cmd())
	}
}
