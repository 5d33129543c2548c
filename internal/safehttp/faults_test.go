package safehttp

import (
	"context"
	"errors"
	"io"
	"log"
	"net"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"
)

// A server that accepts the connection and never starts the TLS handshake
// is given up at the connect limit, and the message names that limit, not
// the whole request's.
func TestStalledTLSHandshakeNamesItsLimit(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			t.Cleanup(func() { conn.Close() }) // held open, silent
		}
	}()
	c := New(Options{ConnectTimeout: 200 * time.Millisecond, Timeout: time.Minute, Subject: "the schema server"})
	u, _ := url.Parse("https://" + ln.Addr().String() + "/api/versions")
	_, err = c.Do(context.Background(), Request{URL: u})
	var e *Error
	if !errors.As(err, &e) || e.Kind != ErrTimeout || !strings.Contains(e.Msg, "did not complete the TLS handshake in time (limit 200ms)") {
		t.Errorf("err = %v", err)
	}
}

// net/http's Transport logs some server misbehaviour (an unsolicited
// response on an idle connection) with the standard logger; a Client keeps
// those lines off stderr.
func TestTransportLogStaysOffStderr(t *testing.T) {
	New(Options{})
	if w := log.Writer(); w == os.Stderr || w != io.Discard {
		t.Errorf("the standard logger writes to %v", w)
	}
}
