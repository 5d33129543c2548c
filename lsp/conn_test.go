package lsp

import (
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/sourcegraph/jsonrpc2"
)

// TestFirstRequestsMessageReachesTheEditor: the connection reads from the
// editor as soon as it is made, so nothing but the handler itself can note
// it before the first request. What that request's handling sends (here,
// the message about bad initializationOptions) must reach the editor: when
// Serve noted the connection after making it, the message could be
// dropped, and a client waiting for it hung.
func TestFirstRequestsMessageReachesTheEditor(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s := newServer(ctx, Options{Version: "test", Debounce: DefaultDebounce, Log: io.Discard})
	serverIn, clientOut := io.Pipe()
	clientIn, serverOut := io.Pipe()
	t.Cleanup(func() { serverIn.Close(); clientIn.Close() })
	// The server's connection, which s has not seen: its handler is
	// called here by hand, as the connection's reader calls it.
	serverConn := jsonrpc2.NewConn(ctx, jsonrpc2.NewBufferedStream(pipe{serverIn, serverOut}, jsonrpc2.VSCodeObjectCodec{}),
		jsonrpc2.HandlerWithError(func(context.Context, *jsonrpc2.Conn, *jsonrpc2.Request) (any, error) { return nil, nil }))
	defer serverConn.Close()
	messages := make(chan string, 1)
	editor := jsonrpc2.NewConn(ctx, jsonrpc2.NewBufferedStream(struct {
		io.Reader
		io.Writer
		io.Closer
	}{clientIn, clientOut, clientOut}, jsonrpc2.VSCodeObjectCodec{}),
		jsonrpc2.AsyncHandler(jsonrpc2.HandlerWithError(func(_ context.Context, _ *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
			if req.Method == "window/showMessage" && req.Params != nil {
				var m struct {
					Message string `json:"message"`
				}
				_ = json.Unmarshal(*req.Params, &m)
				messages <- m.Message
			}
			return nil, nil
		})))
	defer editor.Close()
	params := json.RawMessage(`{"processId": null, "rootUri": null, "capabilities": {}, "initializationOptions": {"failOn": "sometimes"}}`)
	if _, err := s.handle(ctx, serverConn, &jsonrpc2.Request{Method: "initialize", Params: &params, ID: jsonrpc2.ID{Num: 1}}); err != nil {
		t.Fatal(err)
	}
	select {
	case m := <-messages:
		if !strings.Contains(m, "oncard.failOn") {
			t.Errorf("message %q, want one about oncard.failOn", m)
		}
	case <-time.After(time.Minute): // the hang guard, not a timing
		t.Fatal("the message about bad initializationOptions never reached the editor")
	}
}
