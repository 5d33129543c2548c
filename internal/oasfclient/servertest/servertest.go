// Package servertest runs a stand-in for an OASF schema server in tests.
//
// The real server (https://schema.oasf.outshift.com) cannot be reached from
// CI, so tests talk to this httptest server instead. It answers the routes
// oncard uses exactly as OASF.md documents them, from the fixtures in
// ../shared/reference/oasf/api (the server's own skill_categories and
// domain_categories answers):
//
//	GET  /api/versions
//	GET  /api/<v>/skill_categories, /api/<v>/domain_categories
//	GET  /api/<v>/skills?id=|name=, /api/<v>/domains?id=|name=
//	     one class {name, id, caption, description, category?}; a name is
//	     matched by full path, else by its last segment; 404
//	     {"error":"No skill found with id 99999"}; top-level categories are
//	     found by id but not by name
//	POST /api/<v>/validate/object/<name>
//	     200 with error name_unknown for any object (released servers define
//	     no "discovery"); 400 when the body is not a JSON object
//
// Besides the held versions it serves a synthetic "1.2.0": 1.1.0's trees
// plus one skill (NewSkillName, NewSkillID), standing in for a future
// version that exists only on the server. Tests inject failures (500,
// timeouts, malformed JSON, oversized bodies, redirects) per path with
// Fault.
package servertest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/oncard/oncard/internal/reference"
)

// The synthetic server-only version and the node it adds.
const (
	ServerOnlyVersion = "1.2.0"
	NewSkillParent    = "software_engineering/code_debugging"
	NewSkillName      = NewSkillParent + "/crash_dump_analysis"
	NewSkillCaption   = "Crash Dump Analysis"
	NewSkillDesc      = "Read crash dumps to find where a program went wrong (only in the stand-in 1.2.0)."
)

// NewSkillID is the id of the added skill (computed from the 1.1.0 tree:
// the next free id under NewSkillParent).
var NewSkillID int

var newSkillOnce sync.Once

// ReferenceAPIDir returns ../shared/reference/oasf/api next to the module
// root, or "" when its 1.1.0 skill tree is absent.
func ReferenceAPIDir() string {
	if _, err := reference.Path("reference", "oasf", "api", "1.1.0", "skill_categories.json"); err != nil {
		return ""
	}
	api, _ := reference.Path("reference", "oasf", "api")
	return api
}

// node is one class of a categories tree.
type node struct {
	Name        string           `json:"name"`
	ID          int              `json:"id"`
	Caption     string           `json:"caption"`
	Description string           `json:"description,omitempty"`
	Category    bool             `json:"category,omitempty"`
	Classes     map[string]*node `json:"classes,omitempty"`
}

// version is what the server holds for one schema_version.
type version struct {
	trees  map[string][]byte // "skill_categories"/"domain_categories" -> body
	byID   map[string]map[int]*node
	byName map[string]map[string]*node
	byLeaf map[string]map[string][]*node
}

// Server is the stand-in. URL is its root (http://127.0.0.1:port).
type Server struct {
	*httptest.Server
	versions map[string]*version
	order    []string

	// Discovery, when set, makes the server know the discovery object: it
	// returns the body of the 200 answer to POST .../validate/object/discovery.
	// Nil is a released server (name_unknown).
	Discovery func(version string, payload []byte) []byte

	mu       sync.Mutex
	faults   map[string]http.HandlerFunc
	requests []string
}

// New starts the stand-in, or skips the test when the fixtures are absent.
func New(tb testing.TB) *Server {
	tb.Helper()
	s, err := Start()
	if errors.Is(err, ErrNoFixtures) {
		tb.Skip(err.Error())
	}
	if err != nil {
		tb.Fatalf("servertest: %v", err)
	}
	tb.Cleanup(s.Close)
	return s
}

// ErrNoFixtures: ../shared/reference/oasf/api is absent.
var ErrNoFixtures = errors.New("../shared/reference/oasf/api is absent: the OASF server stand-in has no fixtures to serve")

// Start starts the stand-in outside a *testing.T (testscript setups); the
// caller closes it.
func Start() (*Server, error) {
	api := ReferenceAPIDir()
	if api == "" {
		return nil, ErrNoFixtures
	}
	s, err := load(api)
	if err != nil {
		return nil, err
	}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	return s, nil
}

func load(api string) (*Server, error) {
	s := &Server{versions: map[string]*version{}, faults: map[string]http.HandlerFunc{}}
	for _, v := range []string{"1.0.0", "1.1.0"} {
		trees := map[string][]byte{}
		for _, f := range []string{"skill_categories", "domain_categories"} {
			data, err := os.ReadFile(filepath.Join(api, v, f+".json"))
			if err != nil {
				return nil, err
			}
			trees[f] = data
		}
		if err := s.add(v, trees); err != nil {
			return nil, err
		}
	}
	future, err := withNewSkill(s.versions["1.1.0"])
	if err != nil {
		return nil, err
	}
	if err := s.add(ServerOnlyVersion, future); err != nil {
		return nil, err
	}
	return s, nil
}

func (s *Server) add(v string, trees map[string][]byte) error {
	ver := &version{trees: trees, byID: map[string]map[int]*node{}, byName: map[string]map[string]*node{},
		byLeaf: map[string]map[string][]*node{}}
	for route, kind := range map[string]string{"skill_categories": "skills", "domain_categories": "domains"} {
		var top map[string]*node
		if err := json.Unmarshal(trees[route], &top); err != nil {
			return fmt.Errorf("%s %s: %w", v, route, err)
		}
		ver.byID[kind] = map[int]*node{}
		ver.byName[kind] = map[string]*node{}
		ver.byLeaf[kind] = map[string][]*node{}
		var walk func(map[string]*node)
		walk = func(m map[string]*node) {
			for _, n := range m {
				ver.byID[kind][n.ID] = n
				if !n.Category { // the server does not find categories by name
					ver.byName[kind][n.Name] = n
					leaf := n.Name[strings.LastIndex(n.Name, "/")+1:]
					ver.byLeaf[kind][leaf] = append(ver.byLeaf[kind][leaf], n)
				}
				walk(n.Classes)
			}
		}
		walk(top)
	}
	s.versions[v] = ver
	s.order = append(s.order, v)
	return nil
}

// withNewSkill copies 1.1.0's trees and inserts NewSkillName as the first
// child of NewSkillParent, keeping the fixture's bytes (and so its order)
// everywhere else.
func withNewSkill(base *version) (map[string][]byte, error) {
	parent := base.byName["skills"][NewSkillParent]
	if parent == nil {
		return nil, fmt.Errorf("1.1.0 has no %s", NewSkillParent)
	}
	maxID := 0
	for _, c := range parent.Classes {
		maxID = max(maxID, c.ID)
	}
	newSkillOnce.Do(func() { NewSkillID = maxID + 1 })
	skills := base.trees["skill_categories"]
	at := bytes.Index(skills, []byte(`"name": "`+NewSkillParent+`"`))
	if at < 0 {
		return nil, fmt.Errorf("cannot find %s in the 1.1.0 fixture", NewSkillParent)
	}
	open := bytes.Index(skills[at:], []byte(`"classes": {`))
	if open < 0 {
		return nil, fmt.Errorf("%s has no classes in the 1.1.0 fixture", NewSkillParent)
	}
	open += at + len(`"classes": {`)
	leaf := NewSkillName[strings.LastIndex(NewSkillName, "/")+1:]
	entry, _ := json.Marshal(node{Name: NewSkillName, ID: maxID + 1, Caption: NewSkillCaption, Description: NewSkillDesc})
	insert := fmt.Sprintf("\n%q: %s,", leaf, entry)
	out := append(append(append([]byte{}, skills[:open]...), insert...), skills[open:]...)
	if !json.Valid(out) {
		return nil, fmt.Errorf("the synthetic %s tree is not valid JSON", ServerOnlyVersion)
	}
	return map[string][]byte{"skill_categories": out, "domain_categories": base.trees["domain_categories"]}, nil
}

// Fault makes every request to path (any method, any query) answer with h
// instead of the documented answer. A nil h removes the fault.
func (s *Server) Fault(path string, h http.HandlerFunc) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if h == nil {
		delete(s.faults, path)
		return
	}
	s.faults[path] = h
}

// Requests lists the requests served so far, as "METHOD /path?query".
func (s *Server) Requests() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.requests...)
}

// CountRequests counts served requests whose "METHOD /path" starts with prefix.
func (s *Server) CountRequests(prefix string) int {
	n := 0
	for _, r := range s.Requests() {
		if strings.HasPrefix(r, prefix) {
			n++
		}
	}
	return n
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	line := r.Method + " " + r.URL.Path
	if r.URL.RawQuery != "" {
		line += "?" + r.URL.RawQuery
	}
	s.requests = append(s.requests, line)
	fault := s.faults[r.URL.Path]
	s.mu.Unlock()
	if fault != nil {
		fault(w, r)
		return
	}
	parts := strings.Split(strings.TrimPrefix(r.URL.Path, "/"), "/")
	if len(parts) < 2 || parts[0] != "api" {
		writeJSON(w, http.StatusNotFound, map[string]string{"error": "Not found"})
		return
	}
	if len(parts) == 2 && parts[1] == "versions" && r.Method == http.MethodGet {
		s.serveVersions(w, r)
		return
	}
	ver := s.versions[parts[1]]
	if ver == nil {
		writeJSON(w, http.StatusNotFound, map[string]string{"error": "Version " + parts[1] + " not found"})
		return
	}
	rest := parts[2:]
	switch {
	case len(rest) == 1 && r.Method == http.MethodGet && (rest[0] == "skill_categories" || rest[0] == "domain_categories"):
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(ver.trees[rest[0]])
	case len(rest) == 1 && r.Method == http.MethodGet && (rest[0] == "skills" || rest[0] == "domains"):
		s.serveClass(w, r, ver, rest[0])
	case len(rest) == 3 && r.Method == http.MethodPost && rest[0] == "validate" && rest[1] == "object":
		s.serveValidate(w, r, parts[1], rest[2])
	default:
		writeJSON(w, http.StatusNotFound, map[string]string{"error": "Not found"})
	}
}

func (s *Server) serveVersions(w http.ResponseWriter, r *http.Request) {
	type entry struct {
		SchemaVersion string `json:"schema_version"`
		ServerVersion string `json:"server_version"`
		APIVersion    string `json:"api_version"`
		URL           string `json:"url"`
		APIURL        string `json:"api_url"`
	}
	base := "http://" + r.Host
	mk := func(v string) entry {
		return entry{SchemaVersion: v, ServerVersion: "0.5.2", APIVersion: "1.0.0",
			URL: base + "/" + v, APIURL: base + "/api/" + v}
	}
	var list []entry
	for i := len(s.order) - 1; i >= 0; i-- { // newest first, as the server lists them
		list = append(list, mk(s.order[i]))
	}
	writeJSON(w, http.StatusOK, map[string]any{"versions": list, "default": mk("1.1.0")})
}

func (s *Server) serveClass(w http.ResponseWriter, r *http.Request, ver *version, kind string) {
	singular := strings.TrimSuffix(kind, "s")
	q := r.URL.Query()
	var n *node
	switch {
	case q.Has("id"):
		id, err := strconv.Atoi(q.Get("id"))
		if err == nil {
			n = ver.byID[kind][id]
		}
		if n == nil {
			writeJSON(w, http.StatusNotFound, map[string]string{"error": fmt.Sprintf("No %s found with id %s", singular, q.Get("id"))})
			return
		}
	case q.Has("name"):
		// The server resolves a name by its full path, else by its last
		// segment (as its validator does: "right class, wrong path" is
		// reported by the caller comparing the answer's full name).
		name := q.Get("name")
		n = ver.byName[kind][name]
		if n == nil {
			if same := ver.byLeaf[kind][name[strings.LastIndex(name, "/")+1:]]; len(same) == 1 {
				n = same[0]
			}
		}
		if n == nil {
			writeJSON(w, http.StatusNotFound, map[string]string{"error": fmt.Sprintf("No %s found with name %s", singular, q.Get("name"))})
			return
		}
	default:
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "Expected an id or a name parameter."})
		return
	}
	one := *n
	one.Classes = nil
	writeJSON(w, http.StatusOK, one)
}

func (s *Server) serveValidate(w http.ResponseWriter, r *http.Request, v, object string) {
	body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	var obj map[string]any
	if err := json.Unmarshal(body, &obj); err != nil || obj == nil {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "Unexpected body. Expected a JSON object."})
		return
	}
	if object == "discovery" && s.Discovery != nil {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(s.Discovery(v, body))
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"errors": []map[string]any{{
			"error":   "name_unknown",
			"message": fmt.Sprintf(`Unknown "name" value; no object is defined for %s.`, object),
			"value":   object,
		}},
		"warnings":      []any{},
		"error_count":   1,
		"warning_count": 0,
	})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// ---- faults ----

// Status answers with the given status and body.
func Status(code int, body string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(code)
		_, _ = io.WriteString(w, body)
	}
}

// Hang never answers: it returns when the client gives up. The body is
// read first, since only then does net/http notice a client hanging up
// (and cancel the request's context); a minute is the backstop.
func Hang() http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		select {
		case <-r.Context().Done():
		case <-time.After(time.Minute):
		}
	}
}

// Oversized answers 200 with n bytes of a valid JSON string.
func Oversized(n int) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `"`+strings.Repeat("x", n)+`"`)
	}
}

// Redirect answers 302 to location (a full URL).
func Redirect(location string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, location, http.StatusFound)
	}
}
