package editor

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/validate"
)

// State is the state every step shares: the one Doc (the only copy of the
// card), its encoding for the preview, and the diagnostics of the last
// validation. Steps edit the Doc by pointer and call changed().
type State struct {
	Doc   *model.Doc
	JSON  []byte // Doc.Encode() after the last change
	Diags []validate.Diagnostic
	// Kind is what Diags validate the Doc as: a card unless the catalog
	// editor says otherwise.
	Kind validate.Kind
	// view is JSON parsed again, so that positions (lines for the preview
	// highlight) refer to what the preview shows rather than the source
	// (edited nodes have no source position). Parsed on first use after a
	// change, not on every change: see previewDoc.
	view      *model.Doc
	viewStale bool
	// parse is the parse of JSON shared by the check a refresh starts and
	// the preview (Refreshed; nil after Refresh); prior the parse of the
	// encoding before, for the preview's lines until then (priorLines).
	parse *sharedParse
	prior *priorView
	// Focus is the pointer of the member being edited (highlighted).
	Focus string
	// Edits counts changes; drafts compare it to know when to save.
	Edits int
	Opts  *validate.Options
	// editErr is the first edit of the current key that failed (see
	// note): the root shows it, and the key does not count as an edit.
	editErr error
	// dirty says the Doc changed since the last Refresh (JSON and Diags
	// are those of before); refreshAsked that a RefreshMsg is on its way.
	dirty, refreshAsked bool
	// RefreshDelay is how long RefreshCmd waits before its RefreshMsg
	// (FrameDelay unless set; key-by-key tests set 0).
	RefreshDelay time.Duration
	// encodings counts the encodings of the Doc; checking is the one whose
	// findings a command is making (0: none, Diags are up to date).
	encodings, checking int
	// posted are the requests steps made of the root while handling the
	// current message (Post); the root handles them, in order, as soon as
	// the step returns, before any other key.
	posted []tea.Msg
	// said is what a step asked the root to show in the status line after
	// the current key (Say).
	said string
	// hist is the undo and redo history (history.go).
	hist history
	// live is the memory of the checks Refreshed starts (liveOptions);
	// lastChange the time of the latest Changed, in Unix nanoseconds, read
	// by the command RefreshCmd returns (waitForQuiet).
	live       *validate.Incremental
	lastChange atomic.Int64
}

// Say asks the root to show status in the status line once the current
// key is handled (a failed edit of the same key is shown instead).
func (s *State) Say(status string) { s.said = status }

// Post sends msg to the root: a step's way of asking for what only the
// root does (move to another step, save). Unlike a tea.Cmd, the root
// handles it before the next key, so no key typed meanwhile lands on a
// step that has asked to be left.
func (s *State) Post(msg tea.Msg) { s.posted = append(s.posted, msg) }

// TakePosted returns the requests posted since the last call.
func (s *State) TakePosted() []tea.Msg {
	p := s.posted
	s.posted = nil
	return p
}

// note records err, the outcome of an edit of the Doc. A failed edit
// changes nothing in the Doc (model's edits are all or nothing); the root
// says why on screen once the key is handled (takeEditErr).
func (s *State) Note(err error) {
	if err != nil && s.editErr == nil {
		s.editErr = err
	}
}

// takeEditErr returns the failed edit of the key just handled (nil when
// every edit applied) and forgets it.
func (s *State) takeEditErr() error {
	err := s.editErr
	s.editErr = nil
	return err
}

func NewState(doc *model.Doc, opts *validate.Options) *State {
	if opts == nil {
		opts = &validate.Options{}
	}
	s := &State{Doc: doc, Opts: opts, RefreshDelay: FrameDelay}
	s.Refresh()
	s.Record(Place{}) // the history starts from this card
	return s
}

// replace swaps in a new document (a template chosen at the start).
func (s *State) Replace(doc *model.Doc) {
	s.Doc = doc
	s.Changed()
}

// Changed records an edit of the Doc. The encoding and the findings are
// brought up to date by the next Refresh, which the editor asks for once
// the keys already waiting are handled (RefreshCmd): a burst of keys costs
// one re-encoding and one re-validation, whatever the size of the card.
func (s *State) Changed() {
	if s.editErr == nil { // a failed edit is not counted (nor drafted)
		s.Edits++
	}
	s.dirty = true
	s.lastChange.Store(time.Now().UnixNano())
}

// RefreshMsg asks the editor to bring the State up to date (Refreshed).
type RefreshMsg struct{}

// FrameDelay is how long the refresh after an edit waits by default: one
// frame, long enough for the keys of a burst (a paste, fast typing, keys
// sent by tmux) to reach the program first, short enough not to be seen.
const FrameDelay = time.Second / 60

// RefreshCmd returns the command that asks for a Refresh after an edit,
// RefreshDelay later: the keys that arrive meanwhile are handled first, and
// one refresh covers them all. nil when nothing changed, a RefreshMsg is
// on its way, or the findings of the last encoding are still being made
// (one check at a time: the next refresh is asked for once it is back).
func (s *State) RefreshCmd() tea.Cmd {
	if !s.dirty || s.refreshAsked || s.checking != 0 {
		return nil
	}
	s.refreshAsked = true
	delay, last := s.RefreshDelay, &s.lastChange
	return func() tea.Msg {
		if delay > 0 {
			waitForQuiet(func() time.Time { return time.Unix(0, last.Load()) }, delay, time.Now, time.Sleep)
		}
		return RefreshMsg{}
	}
}

// Pending says an edit waits for its Refresh (the encoding, the findings
// and the preview are still those of before it).
func (s *State) Pending() bool { return s.dirty }

// Checking says the findings are being made again, off the event loop,
// for the card as last encoded (JSON is up to date, Diags are not yet).
func (s *State) Checking() bool { return s.checking != 0 }

// Refreshed handles a RefreshMsg. The card is encoded at once (JSON, what
// the preview shows and a draft keeps, is up to date again), and the
// command it returns validates that encoding off the event loop: the keys
// typed meanwhile are handled without waiting for the rules of a large
// card. Its CheckedMsg brings the findings (Checked).
func (s *State) Refreshed() tea.Cmd {
	s.refreshAsked = false
	if !s.dirty {
		return nil
	}
	s.prior = nil
	if s.view != nil && !s.viewStale {
		s.prior = &priorView{view: s.view}
	}
	s.JSON = s.Doc.Encode()
	s.view, s.viewStale = nil, true
	s.parse = &sharedParse{json: s.JSON}
	s.dirty = false
	s.encodings++
	s.checking = s.encodings
	parse, kind, opts, gen := s.parse, s.kind(), s.liveOptions(), s.encodings
	return func() tea.Msg {
		// The encoding is parsed anew: the check shares nothing with the
		// Doc the event loop goes on editing, and the parse is the one
		// the preview needs for line positions (made once, by whichever
		// asks first).
		view, err := parse.get()
		if err != nil {
			return CheckedMsg{gen: gen, err: err}
		}
		return CheckedMsg{gen: gen, diags: Check(view, kind, opts), view: view}
	}
}

// CheckedMsg is the outcome of the check Refreshed started.
type CheckedMsg struct {
	gen   int
	diags []validate.Diagnostic
	view  *model.Doc
	err   error
}

// Checked takes the findings of a check: those of the latest encoding
// (an earlier check's, overtaken by a newer encoding, are dropped).
func (s *State) Checked(msg CheckedMsg) {
	if msg.gen != s.encodings || s.checking == 0 {
		return
	}
	s.checking = 0
	if msg.err != nil {
		// The encoding did not parse again (it always should): validate
		// the Doc itself, here.
		s.Refresh()
		return
	}
	s.Diags = msg.diags
	s.view, s.viewStale, s.prior = msg.view, false, nil
}

// Flush refreshes now when the card changed since the last Refresh: for
// what must see the card as it is (a draft, a diff; a save refreshes
// whatever the state, findings included).
func (s *State) Flush() {
	if s.dirty {
		s.Refresh()
	}
}

// Refresh re-encodes and re-validates the Doc, here and now: the whole
// card (a save's findings), leaving the next refresh's check what it
// found (wholeOptions).
func (s *State) Refresh() {
	s.JSON = s.Doc.Encode()
	s.Diags = Check(s.Doc, s.kind(), s.wholeOptions())
	s.view, s.viewStale = nil, true
	s.parse, s.prior = nil, nil
	s.dirty = false
	s.encodings++
	s.checking = 0
}

// kind is what the Doc is validated as: a card unless the editor says.
func (s *State) kind() validate.Kind {
	if s.Kind == "" {
		return validate.KindCard
	}
	return s.Kind
}

// previewDoc is the encoded JSON parsed, for positions in the preview.
func (s *State) previewDoc() *model.Doc {
	if s.viewStale {
		s.view, s.viewStale = nil, false
		if s.parse != nil {
			if v, err := s.parse.get(); err == nil {
				s.view = v
			}
		} else if v, err := model.Parse(s.JSON); err == nil {
			s.view = v
		}
	}
	return s.view
}

// lineSpan tells which preview lines (0-based, inclusive) hold the member at
// ptr; ok is false when it is not in the document.
func (s *State) LineSpan(ptr string) (first, last int, ok bool) {
	if s.viewStale && s.prior != nil { // the check of JSON, which parses it, is under way
		if first, last, ok := s.prior.priorLines(s.JSON, ptr); ok {
			return first, last, true
		}
	}
	view := s.previewDoc()
	if view == nil || ptr == "" {
		return 0, 0, false
	}
	n := view.Find(ptr)
	if n == nil {
		return 0, 0, false
	}
	l1, _ := view.KeyPosition(ptr)
	l2 := l1
	if n.End() > 0 {
		l2, _ = view.LineCol(n.End() - 1)
	}
	if l2 < l1 {
		l2 = l1
	}
	return l1 - 1, l2 - 1, true
}

// diagsAt returns the diagnostics whose pointer is ptr or lies under it.
func (s *State) DiagsAt(ptr string) []validate.Diagnostic {
	var out []validate.Diagnostic
	for _, d := range s.Diags {
		if PointerWithin(d.Pointer, ptr) {
			out = append(out, d)
		}
	}
	return out
}

// pointerWithin reports whether p is base or a descendant of it.
func PointerWithin(p, base string) bool {
	if base == "" {
		return true
	}
	return p == base || strings.HasPrefix(p, base+"/")
}

// ---- editing helpers: the Doc is always edited through these ----

// text reads a string member ("" when absent or not a string).
func (s *State) Text(ptr string) string { return s.Doc.Find(ptr).Text() }

// strings reads an array of strings.
func (s *State) Strings(ptr string) []string {
	n := s.Doc.Find(ptr)
	var out []string
	for i := 0; i < n.Len(); i++ {
		if v, ok := n.Index(i).Str(); ok {
			out = append(out, v)
		}
	}
	return out
}

// ensureObject creates the objects on the way to ptr (and ptr itself).
func (s *State) ensureObject(ptr string) error { return s.ensure(ptr, "{}") }

// ensureArray creates an empty array at ptr (and objects above it).
func (s *State) EnsureArray(ptr string) error { return s.ensure(ptr, "[]") }

// ensure writes empty at ptr when nothing is there, creating the objects
// above it first. The root always exists.
func (s *State) ensure(ptr, empty string) error {
	if ptr == "" || s.Doc.Find(ptr) != nil {
		return nil
	}
	toks, err := model.SplitPointer(ptr)
	if err != nil {
		return err
	}
	if err := s.ensureObject(model.Pointer(toks[:len(toks)-1]...)); err != nil {
		return err
	}
	return s.Doc.Set(ptr, []byte(empty))
}

// setValue writes v at ptr, creating parent objects; a nil v deletes it.
func (s *State) SetValue(ptr string, v any) error {
	if v == nil {
		if s.Doc.Find(ptr) == nil {
			return nil
		}
		return s.Doc.Delete(ptr)
	}
	toks, err := model.SplitPointer(ptr)
	if err != nil {
		return err
	}
	if len(toks) > 0 {
		if err := s.ensureObject(model.Pointer(toks[:len(toks)-1]...)); err != nil {
			return err
		}
	}
	return s.Doc.SetValue(ptr, v)
}

// deleteIfEmpty removes an object or array that has no members left (an
// empty "provider": {} is worse than none).
func (s *State) DeleteIfEmpty(ptr string) {
	if n := s.Doc.Find(ptr); n != nil && n.Len() == 0 && (n.Kind == model.Object || n.Kind == model.Array) {
		s.Note(s.Doc.Delete(ptr))
	}
}

// arrayLen is the number of items of the array at ptr.
func (s *State) ArrayLen(ptr string) int { return s.Doc.Find(ptr).Len() }

// item is the pointer of the i-th item of the array at ptr.
func Item(ptr string, i int) string { return ptr + "/" + strconv.Itoa(i) }

// object builds a JSON object with members in the order given (key, value,
// key, value …): new members are written in spec order, not in the
// alphabetical order of a Go map.
func Object(kv ...any) json.RawMessage {
	var b bytes.Buffer
	b.WriteByte('{')
	for i := 0; i+1 < len(kv); i += 2 {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(kv[i].(string))
		b.Write(k)
		b.WriteByte(':')
		var v []byte
		switch x := kv[i+1].(type) {
		case json.RawMessage:
			v = x
		default:
			v, _ = json.Marshal(x)
		}
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes()
}

// editFailure is the status line after a key: why an edit of the key
// failed (it changed nothing), else what a step said (Say), else status
// as it was.
func EditFailure(s *State, status string) string {
	said := s.said
	s.said = ""
	if err := s.takeEditErr(); err != nil {
		return "edit not made: " + model.SafeText(err.Error())
	}
	if said != "" {
		return said
	}
	return status
}

// Result says how the program ended.
type Result struct {
	Saved       bool
	Path        string // where the card was written ("-": stdout)
	JSON        []byte // the card written
	Interrupted bool   // Ctrl-C
	DraftKept   string // the draft file kept on Ctrl-C
	// Warnings are what the save reported besides writing (a hard link
	// split off, an owner not kept), one sentence each.
	Warnings []string
	// Catalog says what the Catalog step wrote after the card, or why it
	// did not ("" when it was to write nothing).
	Catalog string
	// ServedAt is the URL the card is to be served at, as the Catalog
	// step derives it ("" when unknown).
	ServedAt string
}

// PreviewContent is the card as the preview shows it, the member being
// edited (Focus) highlighted.
func (s *State) PreviewContent() PreviewContent {
	first, last, hl := s.LineSpan(s.Focus)
	// A member the card does not have yet (an unset capability) is
	// followed at its nearest ancestor that it has, whose first line
	// alone is highlighted: where the member will be written.
	for at := s.Focus; !hl && at != ""; {
		if i := strings.LastIndex(at, "/"); i > 0 {
			at = at[:i]
		} else {
			break
		}
		if first, _, hl = s.LineSpan(at); hl {
			last = first
		}
	}
	return PreviewContent{Text: s.JSON, Key: s.Focus, First: first, Last: last, Highlight: hl}
}

// PreviewContent is what the preview is to show: the text, the key of what
// it follows (a pointer, or anything that changes when the highlighted
// part is another) and the source lines to highlight.
type PreviewContent struct {
	Text        []byte
	Key         string
	First, Last int
	Highlight   bool
}
