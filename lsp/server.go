// Package lsp is oncard's language server (`oncard lsp`): a face, like
// tui/, that shows editors what `oncard validate` finds, as the person
// types. Documents that are Agent Cards, AI Catalogs or entries, On
// Request params or replies, OASF discovery payloads or records get their
// findings as diagnostics (checkDocument, the one place findings come
// from), hovers that explain members, OASF classes and findings,
// completion of the values the formats allow, and the rules' fixes as
// quick fixes.
//
// The protocol's types are github.com/tliron/glsp's, LSP 3.16's: what the
// server uses of 3.17 is in them (diagnostics with codeDescription and
// relatedInformation, pull configuration, incremental sync; positions in
// UTF-16, the default encoding). The transport is
// github.com/sourcegraph/jsonrpc2, the connection glsp's own server is
// built on, used directly so that the binary carries no websocket, ssh or
// logging framework it would never use.
package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net/url"
	"path/filepath"
	"runtime"
	"sync"
	"time"

	"github.com/oncard/oncard/internal/verdict"
	"github.com/oncard/oncard/validate"
	"github.com/sourcegraph/jsonrpc2"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// Options are the server's, from `oncard lsp`.
type Options struct {
	// Version is oncard's version, announced in serverInfo.
	Version string
	// Debounce is how long after a change the document is checked, so
	// that a burst of keys shares one check; 0 means DefaultDebounce.
	Debounce time.Duration
	// Log receives what the server has to say outside the protocol (the
	// editor usually shows it as the server's log); nil discards it.
	Log io.Writer
}

// DefaultDebounce is the pause after a change before the check: keys
// typed closer together share one check. It is short because the checks
// are cheap (about 2 ms for a card of 200 skills) and never pile up: one
// runs at a time per document, and the changes made meanwhile share the
// next one, so a large card is checked as often as its check allows.
const DefaultDebounce = 30 * time.Millisecond

// ErrNoShutdown is returned when the client said exit without shutdown
// first (or went away): the protocol asks for exit status 1 then.
var ErrNoShutdown = errors.New("the editor ended the session without shutdown")

// Serve speaks the protocol over in and out (the editor's pipe: standard
// input and output) until the editor says exit or closes the pipe.
func Serve(ctx context.Context, in io.Reader, out io.Writer, opts Options) error {
	if opts.Debounce <= 0 {
		opts.Debounce = DefaultDebounce
	}
	if opts.Log == nil {
		opts.Log = io.Discard
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	s := newServer(ctx, opts)
	stream := jsonrpc2.NewBufferedStream(pipe{in, out}, jsonrpc2.VSCodeObjectCodec{})
	// The connection reads from the editor as soon as it is made; the
	// handler notes it (s.conn) with the first message.
	conn := jsonrpc2.NewConn(ctx, stream, jsonrpc2.HandlerWithError(s.handle),
		jsonrpc2.SetLogger(log.New(opts.Log, "oncard lsp: ", 0)))
	select {
	case <-conn.DisconnectNotify():
	case <-ctx.Done():
		conn.Close()
	}
	cancel()
	s.wait()
	if !s.exitedCleanly() {
		return ErrNoShutdown
	}
	return nil
}

// pipe joins the editor's two streams; closing it closes neither (they
// are the process's standard streams, or a test's pipe the test owns).
type pipe struct {
	io.Reader
	io.Writer
}

func (pipe) Close() error { return nil }

// server is one session with one editor.
type server struct {
	ctx      context.Context
	opts     Options
	protocol protocol.Handler

	mu       sync.Mutex
	conn     *jsonrpc2.Conn
	docs     map[protocol.DocumentUri]*document
	settings resolvedSettings
	configs  *verdict.Finder
	// askConfig is true when the editor answers workspace/configuration.
	askConfig bool
	shutdown  bool // shutdown was asked
	exited    bool // exit came after shutdown
	checks    sync.WaitGroup
}

func newServer(ctx context.Context, opts Options) *server {
	s := &server{ctx: ctx, opts: opts, docs: map[protocol.DocumentUri]*document{}, configs: verdict.NewFinder()}
	s.settings, _ = Settings{}.resolve()
	s.protocol = protocol.Handler{
		Initialize:                      s.initialize,
		Initialized:                     s.initialized,
		Shutdown:                        s.shutdownRequest,
		Exit:                            func(*glsp.Context) error { return nil },
		SetTrace:                        func(*glsp.Context, *protocol.SetTraceParams) error { return nil },
		CancelRequest:                   func(*glsp.Context, *protocol.CancelParams) error { return nil },
		WorkspaceDidChangeConfiguration: s.didChangeConfiguration,
		TextDocumentDidOpen:             s.didOpen,
		TextDocumentDidChange:           s.didChange,
		TextDocumentDidSave:             s.didSave,
		TextDocumentDidClose:            s.didClose,
		TextDocumentHover:               s.hover,
		TextDocumentCompletion:          s.completion,
		TextDocumentCodeAction:          s.codeAction,
	}
	return s
}

// wait lets the checks under way finish (they stop early: the context is
// done).
func (s *server) wait() {
	s.mu.Lock()
	for _, d := range s.docs {
		if d.timer != nil {
			d.timer.Stop()
		}
	}
	s.mu.Unlock()
	s.checks.Wait()
}

func (s *server) exitedCleanly() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.exited
}

// handle runs one message on the connection's reader, in the order the
// editor sent them (document changes must be applied in order); the
// checks they start run on goroutines of their own.
func (s *server) handle(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
	gc := &glsp.Context{
		Method: req.Method,
		Notify: func(method string, params any) { s.notify(method, params) },
	}
	if req.Params != nil {
		gc.Params = *req.Params
	}
	s.mu.Lock()
	down := s.shutdown
	// What handling a message sends (a message about bad
	// initializationOptions, the diagnostics of the checks it starts)
	// goes on the connection it came on: Serve cannot note the connection
	// before it starts reading, and the first message may come at once.
	s.conn = conn
	s.mu.Unlock()
	switch {
	case req.Method == protocol.MethodExit:
		s.mu.Lock()
		s.exited = down
		s.mu.Unlock()
		return nil, conn.Close()
	case down && !req.Notif:
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidRequest, Message: "the server is shut down"}
	}
	r, validMethod, validParams, err := s.protocol.Handle(gc)
	switch {
	case !validMethod:
		if req.Notif {
			return nil, nil // $/ notifications and others the server has no use for
		}
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeMethodNotFound, Message: "method not supported: " + req.Method}
	case !validParams:
		msg := "invalid params"
		if err != nil {
			msg = err.Error()
		}
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: msg}
	case err != nil:
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidRequest, Message: err.Error()}
	}
	return r, nil
}

func (s *server) notify(method string, params any) {
	s.mu.Lock()
	c := s.conn
	s.mu.Unlock()
	if c == nil {
		return
	}
	if err := c.Notify(s.ctx, method, params); err != nil && !errors.Is(err, jsonrpc2.ErrClosed) {
		fmt.Fprintf(s.opts.Log, "oncard lsp: %s: %v\n", method, err)
	}
}

// message shows a sentence in the editor (window/showMessage).
func (s *server) message(typ protocol.MessageType, msg string) {
	s.notify(protocol.ServerWindowShowMessage, protocol.ShowMessageParams{Type: typ, Message: msg})
}

func (s *server) initialize(gc *glsp.Context, p *protocol.InitializeParams) (any, error) {
	if ws := p.Capabilities.Workspace; ws != nil && ws.Configuration != nil && *ws.Configuration {
		s.mu.Lock()
		s.askConfig = true
		s.mu.Unlock()
	}
	if p.InitializationOptions != nil {
		raw, _ := json.Marshal(p.InitializationOptions)
		s.applySettings(raw)
	}
	sync := protocol.TextDocumentSyncKindIncremental
	yes, no := true, false
	version := s.opts.Version
	return protocol.InitializeResult{
		Capabilities: protocol.ServerCapabilities{
			TextDocumentSync: protocol.TextDocumentSyncOptions{
				OpenClose: &yes, Change: &sync, Save: protocol.SaveOptions{IncludeText: &no},
			},
			HoverProvider:      true,
			CompletionProvider: &protocol.CompletionOptions{TriggerCharacters: []string{`"`, "/", ":"}},
			CodeActionProvider: protocol.CodeActionOptions{CodeActionKinds: []protocol.CodeActionKind{protocol.CodeActionKindQuickFix}},
		},
		ServerInfo: &protocol.InitializeResultServerInfo{Name: "oncard", Version: &version},
	}, nil
}

func (s *server) initialized(gc *glsp.Context, _ *protocol.InitializedParams) error {
	s.fetchSettings()
	return nil
}

func (s *server) shutdownRequest(*glsp.Context) error {
	s.mu.Lock()
	s.shutdown = true
	s.mu.Unlock()
	return nil
}

// fetchSettings asks the editor for the oncard section. The answer comes
// on the connection's reader, which is running this very handler: the
// question is asked from a goroutine of its own.
func (s *server) fetchSettings() {
	s.mu.Lock()
	ask, c := s.askConfig, s.conn
	s.mu.Unlock()
	if !ask || c == nil {
		return
	}
	s.checks.Add(1)
	go func() {
		defer s.checks.Done()
		ctx, cancel := context.WithTimeout(s.ctx, 30*time.Second)
		defer cancel()
		var answer []json.RawMessage
		section := settingsSection
		params := protocol.ConfigurationParams{Items: []protocol.ConfigurationItem{{Section: &section}}}
		if err := c.Call(ctx, protocol.ServerWorkspaceConfiguration, params, &answer); err != nil {
			fmt.Fprintf(s.opts.Log, "oncard lsp: workspace/configuration: %v\n", err)
			return
		}
		// No oncard section (null) keeps what initializationOptions set.
		if len(answer) > 0 && string(answer[0]) != "null" && s.applySettings(answer[0]) {
			s.recheckAll()
		}
	}()
}

func (s *server) didChangeConfiguration(gc *glsp.Context, p *protocol.DidChangeConfigurationParams) error {
	s.mu.Lock()
	ask := s.askConfig
	s.mu.Unlock()
	if ask {
		s.fetchSettings() // the pull model: the notification only says "ask again"
		return nil
	}
	raw, _ := json.Marshal(p.Settings)
	if s.applySettings(raw) {
		s.recheckAll()
	}
	return nil
}

// applySettings reads and resolves the settings; a mistake is shown and
// the settings in force stay. It reports whether they changed.
func (s *server) applySettings(raw json.RawMessage) bool {
	set, err := parseSettings(raw)
	var r resolvedSettings
	if err == nil {
		r, err = set.resolve()
	}
	if err != nil {
		s.message(protocol.MessageTypeError, err.Error())
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	changed := fmt.Sprint(r) != fmt.Sprint(s.settings)
	s.settings = r
	return changed
}

// recheckAll checks every open document again (the settings, or an
// .oncard.json, changed).
func (s *server) recheckAll() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.configs = verdict.NewFinder()
	for _, d := range s.docs {
		d.started = -1
		s.scheduleLocked(d, 0, false)
	}
}

// pathOf is the file a file: URI names ("" for any other URI: an untitled
// buffer has no .oncard.json and no directory).
func pathOf(uri protocol.DocumentUri) string {
	u, err := url.Parse(string(uri))
	if err != nil || u.Scheme != "file" {
		return ""
	}
	p := u.Path
	if runtime.GOOS == "windows" && len(p) >= 3 && p[0] == '/' && p[2] == ':' {
		p = p[1:] // file:///C:/x is C:/x
	}
	return filepath.FromSlash(p)
}

// isConfigFile tells whether a document is a repository's .oncard.json:
// saving one changes the verdict of the files it governs.
func isConfigFile(path string) bool {
	return path != "" && filepath.Base(path) == verdict.ConfigName
}

// kindOf is what the latest check found the document to be.
func (d *document) kindOf() validate.Kind {
	if d.last == nil {
		return ""
	}
	return d.last.verdict.Kind
}
