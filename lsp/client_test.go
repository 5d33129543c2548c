package lsp

import (
	"context"
	"encoding/json"
	"io"
	"sync"
	"testing"
	"time"

	"github.com/sourcegraph/jsonrpc2"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// client is an editor over a pipe: it speaks the protocol to a real
// server (Serve) with the same JSON-RPC connection, answers
// workspace/configuration with its settings, and collects what the server
// publishes. Positions and diagnostics are decoded into the test's own
// types, as an editor reads the wire.
type client struct {
	t    testing.TB
	conn *jsonrpc2.Conn
	done chan error

	mu       sync.Mutex
	settings any
	diags    map[string][]publish // by URI, in the order received
	messages []string
	notify   chan struct{}
}

// publish is one publishDiagnostics as the wire has it.
type publish struct {
	URI         string       `json:"uri"`
	Version     *int         `json:"version"`
	Diagnostics []diagnostic `json:"diagnostics"`
}

type diagnostic struct {
	Range           rng    `json:"range"`
	Severity        int    `json:"severity"`
	Code            string `json:"code"`
	CodeDescription struct {
		Href string `json:"href"`
	} `json:"codeDescription"`
	Source             string `json:"source"`
	Message            string `json:"message"`
	RelatedInformation []struct {
		Location struct {
			URI   string `json:"uri"`
			Range rng    `json:"range"`
		} `json:"location"`
		Message string `json:"message"`
	} `json:"relatedInformation"`
}

type pos struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

type rng struct {
	Start pos `json:"start"`
	End   pos `json:"end"`
}

// newClient starts a server on a pipe and initializes it; settings (nil
// for none) are what the client answers workspace/configuration with.
func newClient(t testing.TB, settings any) *client {
	return newClientWith(t, settings, 20*time.Millisecond)
}

// newClientWith is newClient with the server's debounce given.
func newClientWith(t testing.TB, settings any, debounce time.Duration) *client {
	return newClientInit(t, settings, debounce, nil)
}

// newClientInit is newClientWith with initializationOptions (nil for
// none): settings in force before the first document is opened.
func newClientInit(t testing.TB, settings any, debounce time.Duration, initOptions any) *client {
	t.Helper()
	c := &client{t: t, settings: settings, diags: map[string][]publish{}, notify: make(chan struct{}, 1000), done: make(chan error, 1)}
	serverIn, clientOut := io.Pipe()
	clientIn, serverOut := io.Pipe()
	go func() {
		c.done <- Serve(context.Background(), serverIn, serverOut, Options{Version: "test", Debounce: debounce})
		serverOut.Close()
	}()
	stream := jsonrpc2.NewBufferedStream(struct {
		io.Reader
		io.Writer
		io.Closer
	}{clientIn, clientOut, clientOut}, jsonrpc2.VSCodeObjectCodec{})
	// The client reads while it answers (as editors do): with a pipe that
	// holds nothing, a reader busy writing would stop both sides.
	c.conn = jsonrpc2.NewConn(context.Background(), stream, jsonrpc2.AsyncHandler(jsonrpc2.HandlerWithError(c.handle)))
	t.Cleanup(func() { c.conn.Close(); serverIn.Close() })
	var res struct {
		Capabilities map[string]any `json:"capabilities"`
		ServerInfo   struct {
			Name string `json:"name"`
		} `json:"serverInfo"`
	}
	c.call("initialize", map[string]any{
		"processId": nil, "rootUri": nil,
		"capabilities":          map[string]any{"workspace": map[string]any{"configuration": true}},
		"initializationOptions": initOptions,
	}, &res)
	if res.ServerInfo.Name != "oncard" || res.Capabilities["hoverProvider"] != true {
		t.Fatalf("initialize answered %+v", res)
	}
	sync := res.Capabilities["textDocumentSync"].(map[string]any)
	if sync["change"] != float64(2) {
		t.Fatalf("textDocumentSync = %v, want incremental (2)", sync)
	}
	c.notifyServer("initialized", map[string]any{})
	return c
}

func (c *client) handle(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch req.Method {
	case "textDocument/publishDiagnostics":
		var p publish
		if err := json.Unmarshal(*req.Params, &p); err != nil {
			c.t.Errorf("publishDiagnostics: %v", err)
		}
		c.diags[p.URI] = append(c.diags[p.URI], p)
		c.notify <- struct{}{}
	case "workspace/configuration":
		return []any{c.settings}, nil
	case "window/showMessage":
		var m struct {
			Message string `json:"message"`
		}
		_ = json.Unmarshal(*req.Params, &m)
		c.messages = append(c.messages, m.Message)
		c.notify <- struct{}{}
	}
	return nil, nil
}

func (c *client) call(method string, params, result any) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := c.conn.Call(ctx, method, params, result); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

func (c *client) notifyServer(method string, params any) {
	c.t.Helper()
	if err := c.conn.Notify(context.Background(), method, params); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

func (c *client) open(uri, text string) {
	c.notifyServer("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": uri, "languageId": "json", "version": 1, "text": text}})
}

// change sends one incremental change: text replaces the range.
func (c *client) change(uri string, version int, r rng, text string) {
	c.notifyServer("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": uri, "version": version},
		"contentChanges": []any{map[string]any{"range": r, "text": text}},
	})
}

// diagnosticsFor waits for the publication of version (counted in
// messages, never in time: a minute is the hang guard) and returns it.
func (c *client) diagnosticsFor(uri string, version int) []diagnostic {
	c.t.Helper()
	deadline := time.After(time.Minute)
	for {
		c.mu.Lock()
		for _, p := range c.diags[uri] {
			if p.Version != nil && *p.Version == version {
				c.mu.Unlock()
				return p.Diagnostics
			}
		}
		c.mu.Unlock()
		select {
		case <-c.notify:
		case <-deadline:
			c.t.Fatalf("no diagnostics for %s version %d", uri, version)
		}
	}
}

// waitNotify waits for the next publication or message (a minute is the
// hang guard, not a timing: what is waited for comes at once).
func (c *client) waitNotify(what string) {
	c.t.Helper()
	select {
	case <-c.notify:
	case <-time.After(time.Minute):
		c.t.Fatalf("nothing came in a minute, waiting for %s", what)
	}
}

// published is everything published for uri so far.
func (c *client) published(uri string) []publish {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]publish(nil), c.diags[uri]...)
}

func (c *client) hover(uri string, p pos) string {
	c.t.Helper()
	var h *struct {
		Contents struct {
			Kind  string `json:"kind"`
			Value string `json:"value"`
		} `json:"contents"`
	}
	c.call("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": p}, &h)
	if h == nil {
		return ""
	}
	return h.Contents.Value
}

type wireItem struct {
	Label    string `json:"label"`
	Detail   string `json:"detail"`
	TextEdit struct {
		Range   rng    `json:"range"`
		NewText string `json:"newText"`
	} `json:"textEdit"`
}

func (c *client) complete(uri string, p pos) []wireItem {
	c.t.Helper()
	var list *struct {
		Items []wireItem `json:"items"`
	}
	c.call("textDocument/completion", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": p}, &list)
	if list == nil {
		return nil
	}
	return list.Items
}

// shutdown ends the session as an editor does and returns Serve's error.
func (c *client) shutdown() error {
	c.t.Helper()
	c.call("shutdown", nil, nil)
	c.notifyServer("exit", nil)
	select {
	case err := <-c.done:
		return err
	case <-time.After(time.Minute):
		c.t.Fatal("the server did not end after exit")
	}
	return nil
}

// wireAction is a code action as the wire has it.
type wireAction struct {
	Title string `json:"title"`
	Kind  string `json:"kind"`
	Edit  struct {
		Changes map[string][]struct {
			Range   rng    `json:"range"`
			NewText string `json:"newText"`
		} `json:"changes"`
	} `json:"edit"`
	Diagnostics []diagnostic `json:"diagnostics"`
}

func (c *client) codeActions(uri string, r rng) []wireAction {
	c.t.Helper()
	var actions []wireAction
	c.call("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": uri}, "range": r,
		"context": map[string]any{"diagnostics": []any{}}}, &actions)
	return actions
}

func toProtocol(p pos) protocol.Position {
	return protocol.Position{Line: uint32(p.Line), Character: uint32(p.Character)}
}
