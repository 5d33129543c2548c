package lsp

import (
	"time"

	"github.com/oncard/oncard/validate"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// document is one open document: its newest text, and the state of its
// checks. One check runs at a time per document; a change made while it
// runs waits for it and is checked next, and only the check of the newest
// version is published ("the newest version wins"), so that a large card
// typed into never shows findings of a text that is gone.
type document struct {
	uri     protocol.DocumentUri
	path    string
	version int32
	text    *text

	timer   *time.Timer // the debounced check, pending
	running bool        // a check is under way
	again   bool        // a newer version waits for the running check
	started int32       // the version the latest check was started for (-1: none)
	online  bool        // the next check asks the OASF server too
	last    *checked    // the latest check published
	// live is what the document's checks remember from one to the next
	// (checkRequest.Live).
	live *validate.Incremental
}

// checked is a published check: the version and text it was made of, and
// its verdict.
type checked struct {
	version int32
	text    *text
	verdict fileVerdict
}

func (s *server) didOpen(gc *glsp.Context, p *protocol.DidOpenTextDocumentParams) error {
	d := &document{uri: p.TextDocument.URI, path: pathOf(p.TextDocument.URI),
		version: p.TextDocument.Version, text: newText([]byte(p.TextDocument.Text)), started: -1,
		live: &validate.Incremental{}}
	s.mu.Lock()
	defer s.mu.Unlock()
	if old := s.docs[d.uri]; old != nil && old.timer != nil {
		old.timer.Stop()
	}
	s.docs[d.uri] = d
	s.scheduleLocked(d, 0, true)
	return nil
}

func (s *server) didChange(gc *glsp.Context, p *protocol.DidChangeTextDocumentParams) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	d := s.docs[p.TextDocument.URI]
	if d == nil {
		return nil // never opened: nothing to apply the change to
	}
	t, err := d.text.apply(p.ContentChanges)
	if err != nil {
		return err
	}
	d.text, d.version = t, p.TextDocument.Version
	s.scheduleLocked(d, s.opts.Debounce, false)
	return nil
}

func (s *server) didSave(gc *glsp.Context, p *protocol.DidSaveTextDocumentParams) error {
	s.mu.Lock()
	d := s.docs[p.TextDocument.URI]
	config := d != nil && isConfigFile(d.path)
	if d != nil && !config {
		d.started = -1 // checked again: the files it links may have changed
		s.scheduleLocked(d, 0, true)
	}
	s.mu.Unlock()
	if config {
		s.recheckAll() // the repository's policy changed
	}
	return nil
}

func (s *server) didClose(gc *glsp.Context, p *protocol.DidCloseTextDocumentParams) error {
	s.mu.Lock()
	d := s.docs[p.TextDocument.URI]
	delete(s.docs, p.TextDocument.URI)
	if d != nil && d.timer != nil {
		d.timer.Stop()
	}
	s.mu.Unlock()
	if d != nil {
		// Its findings go with it (LSP: the client forgets nothing itself).
		s.notify(protocol.ServerTextDocumentPublishDiagnostics,
			protocol.PublishDiagnosticsParams{URI: d.uri, Diagnostics: []protocol.Diagnostic{}})
	}
	return nil
}

// scheduleLocked checks d after delay (0: now). s.mu is held.
func (s *server) scheduleLocked(d *document, delay time.Duration, online bool) {
	if d.timer != nil {
		d.timer.Stop()
		d.timer = nil
	}
	d.online = d.online || online
	if delay <= 0 {
		s.startLocked(d)
		return
	}
	d.timer = time.AfterFunc(delay, func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.docs[d.uri] == d {
			d.timer = nil
			s.startLocked(d)
		}
	})
}

// startLocked starts the check of d's newest version, unless one runs
// (then it follows) or that version was checked already. s.mu is held.
func (s *server) startLocked(d *document) {
	if d.running {
		d.again = true
		return
	}
	if d.started == d.version && !d.online {
		return
	}
	if isConfigFile(d.path) {
		return // a repository's configuration, not a document oncard checks
	}
	d.running, d.again, d.started = true, false, d.version
	online := d.online && s.settings.Online
	d.online = false
	req := checkRequest{Path: d.path, Settings: s.settings, Configs: s.configs, Online: online, Known: d.kindOf(), Live: d.live}
	version, txt := d.version, d.text
	s.checks.Add(1)
	go func() {
		defer s.checks.Done()
		v := checkDocument(s.ctx, txt.src, req)
		s.finish(d, &checked{version: version, text: txt, verdict: v})
	}()
}

// finish publishes a check if its version is still the newest, and starts
// the one waiting.
func (s *server) finish(d *document, c *checked) {
	s.mu.Lock()
	d.running = false
	open := s.docs[d.uri] == d
	publish := open && d.version == c.version && s.ctx.Err() == nil
	if publish {
		d.last = c
	}
	if open && d.again && s.ctx.Err() == nil {
		s.startLocked(d)
	}
	s.mu.Unlock()
	if !publish {
		return
	}
	if c.verdict.OnlineErr != nil {
		s.message(protocol.MessageTypeWarning, "oncard: "+d.path+": online check failed: "+c.verdict.OnlineErr.Error())
	}
	s.notify(protocol.ServerTextDocumentPublishDiagnostics, protocol.PublishDiagnosticsParams{
		URI: d.uri, Version: ptr(protocol.UInteger(c.version)), Diagnostics: diagnostics(d.uri, c),
	})
}

// ours tells whether a verdict is about one of oncard's documents: any
// other gets no diagnostics at all.
func ours(v fileVerdict) bool {
	return v.Kind != "" && v.Kind != validate.KindUnknown
}

func ptr[T any](v T) *T { return &v }
