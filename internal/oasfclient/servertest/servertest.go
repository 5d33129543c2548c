// Package servertest runs a stand-in for an OASF schema server in tests.
//
// The real server (https://schema.oasf.outshift.com) cannot be reached from
// CI, so tests talk to this httptest server instead. A stand-in is only
// worth what it copies: its answers are built at start-up from the
// server's own trees in ../shared/reference/oasf/api, in the shapes
// ../shared/spec/OASF.md documents, and a test (TestAnswersMatchExamples)
// holds them byte for byte to the answers in
// ../shared/reference/oasf/api-examples. Routes:
//
//	GET  /api/versions
//	GET  /api/<v>/skill_categories, /api/<v>/domain_categories
//	     the reference tree as is; with ?id=|?name= the matched node (with
//	     its subtree) alone at the top level
//	GET  /api/<v>/skills?id=|name=, /api/<v>/domains?id=|name=   (servers ≥ 1.0.2)
//	     one class: uid = full id, name = short name, category = the
//	     category's short name, category_name, family, extends, constraints,
//	     attributes.{annotations,id,name} with the full id and full path as
//	     the single enum keys; keys sorted, one-space indent. ?name= takes
//	     the short name or the full path; a partial path, a category or an
//	     unknown class is 404 {"error":"No skill found with id 99999"}; a
//	     non-numeric id is 400 {"error":"Invalid id parameter: must be a
//	     numeric value"}; an id and a name of different classes is 400
//	     {"error":"id 601 and name '…' refer to different skills"}. Without
//	     a parameter: the array of every class (as below).
//	POST /api/<v>/validate/object/<name>
//	     200 with error name_unknown for any object (released servers define
//	     no "discovery"); 400 when the body is not a JSON object
//
// With Legacy set it answers as servers 1.0.0/1.0.1 do: GET /api/<v>/skills
// is the array of every class whatever the query, and one class is at
// /api/<v>/skills/<short name>, without "family".
//
// Where the references are silent the stand-in chooses, and says so here:
// the 404 text for a name ("No skill found with name <name>"); the array's
// elements (each class without "attributes", as the server's reduce_class
// leaves it; compact) and the legacy 404 ("Skill <name> not found"), both
// as the 1.0.x server's schema_controller.ex writes them; the versions
// list's fields (OASF.md's); compact JSON for every answer without an
// example; and a final newline after every JSON answer (the examples end
// with one).
//
// Besides the held versions it serves a synthetic "1.2.0": 1.1.0's trees
// plus one skill (NewSkillName, NewSkillID), standing in for a future
// version that exists only on the server. Tests withdraw a version
// (Withdraw) and inject failures (500, timeouts, malformed JSON, oversized
// bodies, redirects, a real answer altered with Rewrite) per path with
// Fault.
package servertest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
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

// ReferenceExamplesDir returns ../shared/reference/oasf/api-examples, or ""
// when it is absent.
func ReferenceExamplesDir() string {
	p, err := reference.Path("reference", "oasf", "api-examples")
	if err != nil {
		return ""
	}
	return p
}

// node is one class of a categories tree, as the tree holds it.
type node struct {
	Key         string // its key in the parent's classes (the short name)
	Name        string // full path
	ID          int
	Caption     string
	Description string
	Category    bool
	Parent      *node
	Raw         json.RawMessage // the node's bytes in the tree, subtree included
}

// top is the node's top-level category.
func (n *node) top() *node {
	for n.Parent != nil {
		n = n.Parent
	}
	return n
}

// treeNode is the JSON shape of a tree node.
type treeNode struct {
	Name        string                     `json:"name"`
	ID          int                        `json:"id"`
	Caption     string                     `json:"caption"`
	Description string                     `json:"description"`
	Category    bool                       `json:"category"`
	Classes     map[string]json.RawMessage `json:"classes"`
}

// index is one tree (skills or domains) of one version.
type index struct {
	all    []*node // every node, categories included
	byID   map[int]*node
	byName map[string]*node // full path and short name of every node
}

// version is what the server holds for one schema_version.
type version struct {
	trees map[string][]byte // "skill_categories"/"domain_categories" -> body
	kinds map[string]*index // "skills"/"domains"
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

	mu        sync.Mutex
	legacy    bool
	withdrawn map[string]bool
	faults    map[string]http.HandlerFunc
	requests  []string
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
	s, err := Load()
	if err != nil {
		return nil, err
	}
	s.Server = httptest.NewServer(s)
	return s, nil
}

// Load builds the stand-in's answers without starting a listener (serve
// it with ServeHTTP, e.g. behind a TLS test server).
func Load() (*Server, error) {
	api := ReferenceAPIDir()
	if api == "" {
		return nil, ErrNoFixtures
	}
	return load(api)
}

func load(api string) (*Server, error) {
	s := &Server{versions: map[string]*version{}, faults: map[string]http.HandlerFunc{}, withdrawn: map[string]bool{}}
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
	ver := &version{trees: trees, kinds: map[string]*index{}}
	for route, kind := range map[string]string{"skill_categories": "skills", "domain_categories": "domains"} {
		idx := &index{byID: map[int]*node{}, byName: map[string]*node{}}
		var walk func(parent *node, classes map[string]json.RawMessage) error
		walk = func(parent *node, classes map[string]json.RawMessage) error {
			for key, raw := range classes {
				var t treeNode
				if err := json.Unmarshal(raw, &t); err != nil {
					return err
				}
				n := &node{Key: key, Name: t.Name, ID: t.ID, Caption: t.Caption, Description: t.Description,
					Category: t.Category, Parent: parent, Raw: raw}
				idx.all = append(idx.all, n)
				idx.byID[n.ID] = n
				idx.byName[n.Name] = n
				idx.byName[n.Name[strings.LastIndex(n.Name, "/")+1:]] = n
				if err := walk(n, t.Classes); err != nil {
					return err
				}
			}
			return nil
		}
		var top map[string]json.RawMessage
		if err := json.Unmarshal(trees[route], &top); err != nil {
			return fmt.Errorf("%s %s: %w", v, route, err)
		}
		if err := walk(nil, top); err != nil {
			return fmt.Errorf("%s %s: %w", v, route, err)
		}
		slices.SortFunc(idx.all, func(a, b *node) int { return a.ID - b.ID })
		ver.kinds[kind] = idx
	}
	s.versions[v] = ver
	s.order = append(s.order, v)
	return nil
}

// withNewSkill copies 1.1.0's trees and inserts NewSkillName as the first
// child of NewSkillParent, keeping the fixture's bytes (and so its order)
// everywhere else.
func withNewSkill(base *version) (map[string][]byte, error) {
	parent := base.kinds["skills"].byName[NewSkillParent]
	if parent == nil {
		return nil, fmt.Errorf("1.1.0 has no %s", NewSkillParent)
	}
	maxID := 0
	for _, c := range base.kinds["skills"].all {
		if c.Parent == parent {
			maxID = max(maxID, c.ID)
		}
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
	entry, _ := json.Marshal(map[string]any{"name": NewSkillName, "id": maxID + 1, "caption": NewSkillCaption, "description": NewSkillDesc})
	insert := fmt.Sprintf("\n%q: %s,", leaf, entry)
	out := append(append(append([]byte{}, skills[:open]...), insert...), skills[open:]...)
	if !json.Valid(out) {
		return nil, fmt.Errorf("the synthetic %s tree is not valid JSON", ServerOnlyVersion)
	}
	return map[string][]byte{"skill_categories": out, "domain_categories": base.trees["domain_categories"]}, nil
}

// AddCopies makes the stand-in also serve each of names with the trees of
// version base, byte for byte (a server listing many versions, each of a
// real size). The last name is the newest.
func (s *Server) AddCopies(base string, names ...string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	b := s.versions[base]
	if b == nil {
		return fmt.Errorf("servertest: no version %s to copy", base)
	}
	for _, n := range names {
		if err := s.add(n, b.trees); err != nil {
			return err
		}
	}
	return nil
}

// SetLegacy makes the stand-in answer class lookups as servers 1.0.0 and
// 1.0.1 do (true) or as 1.0.2 and later (false, the default).
func (s *Server) SetLegacy(on bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.legacy = on
}

// Withdraw stops serving a version (as a hosted server whose deployment was
// reverted): it leaves /api/versions and its routes answer 404.
func (s *Server) Withdraw(v string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.withdrawn[v] = true
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

// ServeHTTP answers one request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	line := r.Method + " " + r.URL.Path
	if r.URL.RawQuery != "" {
		line += "?" + r.URL.RawQuery
	}
	s.requests = append(s.requests, line)
	fault := s.faults[r.URL.Path]
	legacy := s.legacy
	s.mu.Unlock()
	if fault != nil {
		fault(w, r)
		return
	}
	s.serve(w, r, legacy)
}

// serve gives the documented answer to one request.
func (s *Server) serve(w http.ResponseWriter, r *http.Request, legacy bool) {
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
	s.mu.Lock()
	if s.withdrawn[parts[1]] {
		ver = nil
	}
	s.mu.Unlock()
	if ver == nil {
		writeJSON(w, http.StatusNotFound, map[string]string{"error": "Version " + parts[1] + " not found"})
		return
	}
	rest := parts[2:]
	switch {
	case len(rest) == 1 && r.Method == http.MethodGet && (rest[0] == "skill_categories" || rest[0] == "domain_categories"):
		s.serveTree(w, r, ver, rest[0])
	case len(rest) == 1 && r.Method == http.MethodGet && (rest[0] == "skills" || rest[0] == "domains"):
		if legacy || !r.URL.Query().Has("id") && !r.URL.Query().Has("name") {
			serveArray(w, ver.kinds[rest[0]], rest[0], legacy)
			return
		}
		serveClass(w, r, ver.kinds[rest[0]], rest[0])
	case len(rest) == 2 && legacy && r.Method == http.MethodGet && (rest[0] == "skills" || rest[0] == "domains"):
		serveLegacyClass(w, ver.kinds[rest[0]], rest[0], rest[1])
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
	if r.TLS != nil {
		base = "https://" + r.Host
	}
	mk := func(v string) entry {
		return entry{SchemaVersion: v, ServerVersion: "0.5.2", APIVersion: "1.0.0",
			URL: base + "/" + v, APIURL: base + "/api/" + v}
	}
	var list []entry
	s.mu.Lock()
	for i := len(s.order) - 1; i >= 0; i-- { // newest first, as the server lists them
		if !s.withdrawn[s.order[i]] {
			list = append(list, mk(s.order[i]))
		}
	}
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, map[string]any{"versions": list, "default": mk("1.1.0")})
}

// serveTree answers a categories route: the whole tree, or with ?id= or
// ?name= the matched node alone at the top level, subtree included, in the
// tree's own key order (one-space indent, as the example shows).
func (s *Server) serveTree(w http.ResponseWriter, r *http.Request, ver *version, route string) {
	q := r.URL.Query()
	if !q.Has("id") && !q.Has("name") {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(ver.trees[route])
		return
	}
	kind := strings.TrimSuffix(route, "_categories") + "s"
	idx := ver.kinds[kind]
	var n *node
	what := "name " + q.Get("name")
	if q.Has("id") {
		id, err := strconv.Atoi(q.Get("id"))
		if err != nil {
			writeJSON(w, http.StatusBadRequest, map[string]string{"error": "Invalid id parameter: must be a numeric value"})
			return
		}
		n, what = idx.byID[id], "id "+q.Get("id")
	} else {
		n = idx.byName[q.Get("name")]
	}
	if n == nil {
		writeJSON(w, http.StatusNotFound, map[string]string{"error": fmt.Sprintf("No %s found with %s", strings.TrimSuffix(kind, "s"), what)})
		return
	}
	key, _ := json.Marshal(n.Key)
	var out bytes.Buffer
	if err := json.Indent(&out, []byte(`{`+string(key)+`:`+string(n.Raw)+`}`), "", " "); err != nil {
		writeJSON(w, http.StatusInternalServerError, map[string]string{"error": err.Error()})
		return
	}
	out.WriteByte('\n')
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(out.Bytes())
}

// classBody is one class as servers build it (see the package comment),
// encoded. family is omitted for legacy servers.
func classBody(n *node, kind string, legacy bool) []byte {
	return encode(classMap(n, kind, legacy), " ")
}

// classMap is one class as servers build it, before encoding.
func classMap(n *node, kind string, legacy bool) map[string]any {
	family := strings.TrimSuffix(kind, "s")
	enumOf := func(key string) map[string]any {
		return map[string]any{key: map[string]any{"caption": n.Caption, "description": n.Description}}
	}
	extends := "base_" + family
	if n.Parent != nil {
		extends = n.Parent.Key
	}
	top := n.top()
	c := map[string]any{
		"attributes": map[string]any{
			"annotations": map[string]any{
				"caption": "Annotations", "description": "Additional metadata associated with the " + family + ".",
				"requirement": "optional", "type": "typed_map_t", "type_name": "Typed Map", "value_type": "string_t",
			},
			"id": map[string]any{
				"caption": "ID", "description": "The id as a unique identifier of the " + family + ".",
				"enum": enumOf(strconv.Itoa(n.ID)), "requirement": "recommended", "type": "integer_t", "type_name": "Integer",
			},
			"name": map[string]any{
				"caption": "Name", "description": "The name as a unique identifier of the " + family + ".",
				"enum": enumOf(n.Name), "requirement": "recommended", "type": "string_t", "type_name": "String",
			},
		},
		"caption":       n.Caption,
		"category":      top.Key,
		"category_name": top.Caption,
		"constraints":   map[string]any{"at_least_one": []string{"id", "name"}},
		"description":   n.Description,
		"extends":       extends,
		"family":        family,
		"name":          n.Key,
		"uid":           n.ID,
	}
	if legacy {
		delete(c, "family")
	}
	return c
}

// serveClass answers GET /api/<v>/skills?id=|name= (servers ≥ 1.0.2).
func serveClass(w http.ResponseWriter, r *http.Request, idx *index, kind string) {
	singular := strings.TrimSuffix(kind, "s")
	q := r.URL.Query()
	var byID, byName *node
	if q.Has("id") {
		id, err := strconv.Atoi(q.Get("id"))
		if err != nil {
			writeJSON(w, http.StatusBadRequest, map[string]string{"error": "Invalid id parameter: must be a numeric value"})
			return
		}
		if byID = idx.byID[id]; byID == nil || byID.Category {
			writeJSON(w, http.StatusNotFound, map[string]string{"error": fmt.Sprintf("No %s found with id %s", singular, q.Get("id"))})
			return
		}
	}
	if q.Has("name") {
		// The short name or the full path; a partial path matches nothing.
		if byName = idx.byName[q.Get("name")]; byName == nil || byName.Category {
			writeJSON(w, http.StatusNotFound, map[string]string{"error": fmt.Sprintf("No %s found with name %s", singular, q.Get("name"))})
			return
		}
	}
	n := byID
	if n == nil {
		n = byName
	}
	if byID != nil && byName != nil && byID != byName {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": fmt.Sprintf("id %s and name '%s' refer to different %ss", q.Get("id"), q.Get("name"), singular)})
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(classBody(n, kind, false))
}

// serveArray answers GET /api/<v>/skills without a parameter (and any
// query on legacy servers): every class that is not a category, by id,
// each as the server's reduce_class leaves it (the class without its
// attributes).
func serveArray(w http.ResponseWriter, idx *index, kind string, legacy bool) {
	var list []map[string]any
	for _, n := range idx.all {
		if n.Category {
			continue
		}
		c := classMap(n, kind, legacy)
		delete(c, "attributes")
		list = append(list, c)
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(encode(list, ""))
}

// serveLegacyClass answers GET /api/<v>/skills/<short name> (legacy).
func serveLegacyClass(w http.ResponseWriter, idx *index, kind, name string) {
	n := idx.byName[name]
	if n == nil || n.Category || strings.Contains(name, "/") {
		title := strings.ToUpper(kind[:1]) + strings.TrimSuffix(kind[1:], "s")
		writeJSON(w, http.StatusNotFound, map[string]string{"error": fmt.Sprintf("%s %s not found", title, name)})
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(classBody(n, kind, true))
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
			"attribute":      "name",
			"attribute_path": "",
			"error":          "name_unknown",
			"message":        fmt.Sprintf(`Unknown "name" value; no object is defined for %s.`, object),
			"value":          object,
		}},
		"warnings":      []any{},
		"error_count":   1,
		"warning_count": 0,
	})
}

// encode writes v with sorted keys, no HTML escaping, the given indent
// ("" is compact) and a final newline.
func encode(v any, indent string) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if indent != "" {
		enc.SetIndent("", indent)
	}
	_ = enc.Encode(v)
	return b.Bytes()
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(encode(v, ""))
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

// Rewrite answers what the stand-in would answer, with the first old in
// the body replaced by new: a real answer with one member of the wrong
// type, say. An answer without old is a 500 naming what was missing, so
// that a test whose premise is wrong fails rather than passes.
func (s *Server) Rewrite(old, new string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		legacy := s.legacy
		s.mu.Unlock()
		rec := httptest.NewRecorder()
		s.serve(rec, r, legacy)
		body := rec.Body.String()
		if !strings.Contains(body, old) {
			writeJSON(w, http.StatusInternalServerError, map[string]string{"error": fmt.Sprintf("servertest: Rewrite: %q is not in the answer", old)})
			return
		}
		maps.Copy(w.Header(), rec.Header())
		w.Header().Del("Content-Length")
		w.WriteHeader(rec.Code)
		_, _ = io.WriteString(w, strings.Replace(body, old, new, 1))
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
