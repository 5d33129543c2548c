package main

import (
	"encoding/pem"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestFetchScripts runs testdata/script/fetch_server/*.txtar, the scripts
// that validate documents by URL. Each script gets its own local HTTPS
// server (httptest), which the oncard subprocess trusts through
// SSL_CERT_FILE, and which answers only what the script tells it to:
//
//	serve PATH TYPE FILE    answer GET PATH with 200, Content-Type TYPE ("-" for
//	                        none) and FILE, where $SERVER is replaced by the URL
//	redirect PATH LOCATION  answer GET PATH with 302 to LOCATION
//	servebig PATH MB        answer GET PATH with a JSON object of MB megabytes
//	hits PATH N             assert PATH was requested N times
//	expand SRC DST          write SRC to DST with $SERVER replaced by the URL
//
//	$SERVER                 the server's URL, https://127.0.0.1:port
//	$SERVER_HOST            its host:port
//
// They live in a sub-folder so that TestScripts, which has no server, does
// not run them.
func TestFetchScripts(t *testing.T) {
	if runtime.GOOS != "linux" {
		// The subprocess trusts the test certificate through SSL_CERT_FILE,
		// which only the Linux certificate loader reads.
		t.Skip("needs SSL_CERT_FILE to be honoured (Linux)")
	}
	testscript.Run(t, testscript.Params{
		Dir:                 filepath.Join("testdata", "script", "fetch_server"),
		RequireExplicitExec: true,
		UpdateScripts:       os.Getenv("ONCARD_UPDATE_SCRIPTS") == "1",
		Setup: func(env *testscript.Env) error {
			srv := newScriptServer()
			env.Defer(srv.Close)
			fetchServers.Store(env.WorkDir, srv)
			env.Defer(func() { fetchServers.Delete(env.WorkDir) })
			certFile := filepath.Join(env.WorkDir, ".server-cert.pem")
			cert := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: srv.Certificate().Raw})
			if err := os.WriteFile(certFile, cert, 0o644); err != nil {
				return err
			}
			env.Setenv("SSL_CERT_FILE", certFile)
			env.Setenv("SSL_CERT_DIR", filepath.Join(env.WorkDir, ".no-certs"))
			env.Setenv("NO_COLOR", "1")
			env.Setenv("SERVER", srv.URL)
			env.Setenv("SERVER_HOST", strings.TrimPrefix(srv.URL, "https://"))
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"exitcode": cmdExitcode,
			"serve":    cmdServe,
			"redirect": cmdRedirect,
			"servebig": cmdServeBig,
			"hits":     cmdHits,
			"expand":   cmdExpand,
		},
	})
}

// fetchServers maps a script's work folder to its server.
var fetchServers sync.Map

type scriptRoute struct {
	contentType string // "" sends no Content-Type
	body        []byte
	location    string // a redirect
}

type scriptServer struct {
	*httptest.Server
	mu     sync.Mutex
	routes map[string]scriptRoute
	hits   map[string]int
}

func newScriptServer() *scriptServer {
	s := &scriptServer{routes: map[string]scriptRoute{}, hits: map[string]int{}}
	s.Server = httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.hits[r.URL.Path]++
		rt, ok := s.routes[r.URL.Path]
		s.mu.Unlock()
		switch {
		case !ok:
			http.NotFound(w, r)
		case rt.location != "":
			http.Redirect(w, r, rt.location, http.StatusFound)
		default:
			w.Header()["Content-Type"] = nil // none unless the script says (no sniffing)
			if rt.contentType != "" {
				w.Header().Set("Content-Type", rt.contentType)
			}
			_, _ = w.Write(rt.body)
		}
	}))
	s.Config.ErrorLog = log.New(io.Discard, "", 0)
	s.StartTLS()
	return s
}

func scriptServerOf(ts *testscript.TestScript) *scriptServer {
	srv, ok := fetchServers.Load(ts.Getenv("WORK"))
	if !ok {
		ts.Fatalf("no server for this script")
	}
	return srv.(*scriptServer)
}

func (s *scriptServer) route(path string, r scriptRoute) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.routes[path] = r
}

func cmdServe(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: serve PATH TYPE FILE")
	}
	srv := scriptServerOf(ts)
	ctype := args[1]
	if ctype == "-" {
		ctype = ""
	}
	body := strings.ReplaceAll(ts.ReadFile(args[2]), "$SERVER", srv.URL)
	srv.route(args[0], scriptRoute{contentType: ctype, body: []byte(body)})
}

func cmdRedirect(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: redirect PATH LOCATION")
	}
	scriptServerOf(ts).route(args[0], scriptRoute{location: args[1]})
}

func cmdServeBig(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: servebig PATH MB")
	}
	mb, err := strconv.Atoi(args[1])
	ts.Check(err)
	scriptServerOf(ts).route(args[0], scriptRoute{contentType: "application/json", body: bigJSON(mb << 20)})
}

func cmdHits(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: hits PATH N")
	}
	want, err := strconv.Atoi(args[1])
	ts.Check(err)
	srv := scriptServerOf(ts)
	srv.mu.Lock()
	got := srv.hits[args[0]]
	srv.mu.Unlock()
	if got != want {
		ts.Fatalf("%s requested %d times, want %d", args[0], got, want)
	}
}

func cmdExpand(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: expand SRC DST")
	}
	text := strings.ReplaceAll(ts.ReadFile(args[0]), "$SERVER", scriptServerOf(ts).URL)
	ts.Check(os.WriteFile(ts.MkAbs(args[1]), []byte(text), 0o644))
}
