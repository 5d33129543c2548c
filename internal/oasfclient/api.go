package oasfclient

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/oncard/oncard/internal/jsonwords"
	"github.com/oncard/oncard/internal/oasfapi"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/oasf"
)

// VersionInfo is one entry of GET /api/versions.
type VersionInfo struct {
	SchemaVersion string `json:"schema_version"`
	ServerVersion string `json:"server_version,omitempty"`
	APIVersion    string `json:"api_version,omitempty"`
	URL           string `json:"url,omitempty"`
	APIURL        string `json:"api_url,omitempty"`
	// Version is the field older servers used instead of schema_version.
	Version string `json:"version,omitempty"`
}

// Name is the schema_version this entry describes.
func (v VersionInfo) Name() string {
	if v.SchemaVersion != "" {
		return v.SchemaVersion
	}
	return v.Version
}

// VersionList is the answer of GET /api/versions.
type VersionList struct {
	Versions []VersionInfo `json:"versions"`
	Default  *VersionInfo  `json:"default,omitempty"`
}

// Names lists the schema_versions in the server's order.
func (l *VersionList) Names() []string {
	out := make([]string, 0, len(l.Versions))
	for _, v := range l.Versions {
		if n := v.Name(); n != "" {
			out = append(out, n)
		}
	}
	return out
}

// Versions asks the server which schema versions it serves. The answer is
// remembered for the client's life (it also decides whether a 404 means "no
// such class" or "no such version").
func (c *Client) Versions(ctx context.Context) (*VersionList, error) {
	c.mu.Lock()
	known := c.versions
	c.mu.Unlock()
	if known != nil {
		return known, nil
	}
	u := c.endpoint(nil, "versions")
	status, data, err := c.do(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	if status != http.StatusOK {
		return nil, c.statusError(ctx, "GET", u, status, data, "")
	}
	var list VersionList
	if err := decodeStrict(data, &list); err != nil {
		return nil, c.malformed("GET", u, err.Error())
	}
	if len(list.Names()) == 0 {
		return nil, c.malformed("GET", u, "it lists no versions")
	}
	c.mu.Lock()
	c.versions = &list
	c.mu.Unlock()
	return &list, nil
}

// Categories returns the raw body of GET /api/<v>/skill_categories (kind
// Skills) or /api/<v>/domain_categories (Domains), after checking that it
// is a JSON object.
func (c *Client) Categories(ctx context.Context, version string, kind oasf.Kind) ([]byte, error) {
	route := "skill_categories"
	if kind == oasf.Domains {
		route = "domain_categories"
	}
	u := c.endpoint(nil, version, route)
	var tree map[string]json.RawMessage
	body, err := c.getBody(ctx, version, u, &tree)
	if err != nil {
		return nil, err
	}
	if len(tree) == 0 {
		return nil, c.malformed("GET", u, "the tree is empty")
	}
	return body, nil
}

// Query, Finding and Validation are the server's shapes (internal/oasfapi).
type (
	Query      = oasfapi.Query
	Finding    = oasfapi.Finding
	Validation = oasfapi.Validation
)

// queryValues is a Query as the server's id and name parameters.
func queryValues(q Query) url.Values {
	v := url.Values{}
	if q.ID != nil {
		v.Set("id", strconv.Itoa(*q.ID))
	}
	if q.Name != "" {
		v.Set("name", q.Name)
	}
	return v
}

// classAnswer is one class as the server builds it (OASF.md, "The schema
// server API"; examples in reference/oasf/api-examples): uid is the full
// id, name the short name, category the category's short name (a string),
// family "skill"|"domain" (absent on 1.0.0/1.0.1 servers), and the full
// path and full id only as the single key of attributes.name.enum and
// attributes.id.enum.
type classAnswer struct {
	UID         *int            `json:"uid"`
	Name        string          `json:"name"`
	Caption     string          `json:"caption"`
	Description string          `json:"description"`
	Category    json.RawMessage `json:"category"`
	Family      string          `json:"family"`
	Extends     string          `json:"extends"`
	Attributes  struct {
		ID   struct{ Enum map[string]json.RawMessage } `json:"id"`
		Name struct{ Enum map[string]json.RawMessage } `json:"name"`
	} `json:"attributes"`
}

// legacyClass is one element of the array 1.0.0/1.0.1 servers answer to
// GET /api/<v>/skills (they ignore ?id= and ?name=).
type legacyClass struct {
	Name string `json:"name"`
	UID  *int   `json:"uid"`
}

// Class looks one class of kind k up. Servers 1.0.2 and later answer
// GET /api/<v>/skills?id=…|name=… with the class; servers 1.0.0/1.0.1
// answer that route with the array of every class, so the client finds the
// class's short name there and fetches it from /api/<v>/skills/<name>. A
// class the server does not know is an *Error with Kind ErrNotFound
// (IsNotFound); a version it does not serve is ErrVersionNotServed.
func (c *Client) Class(ctx context.Context, version string, k oasf.Kind, q Query) (*oasf.Class, error) {
	if q.ID == nil && q.Name == "" {
		return nil, fmt.Errorf("oasfclient: a class lookup needs an id or a name")
	}
	if list := c.legacyList(version, k); list != nil {
		return c.legacyClass(ctx, version, k, q, list)
	}
	u := c.endpoint(queryValues(q), version, k.String())
	var raw json.RawMessage
	if _, err := c.getBody(ctx, version, u, &raw); err != nil {
		return nil, err
	}
	if t := bytes.TrimLeft(raw, " \t\r\n"); len(t) > 0 && t[0] == '[' {
		var list []legacyClass
		if err := json.Unmarshal(raw, &list); err != nil {
			return nil, c.malformed("GET", u, jsonwords.Explain(raw, err))
		}
		c.mu.Lock()
		if c.legacy == nil {
			c.legacy = map[string][]legacyClass{}
		}
		c.legacy[version+"\x00"+k.String()] = list
		c.mu.Unlock()
		return c.legacyClass(ctx, version, k, q, list)
	}
	return c.decodeClass("GET", u, k, raw)
}

func (c *Client) legacyList(version string, k oasf.Kind) []legacyClass {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.legacy[version+"\x00"+k.String()]
}

// legacyClass resolves q in the class array of a 1.0.0/1.0.1 server, then
// fetches the class by its short name. A name is matched as the server
// matches it: by short name or full path (a partial path is unknown).
func (c *Client) legacyClass(ctx context.Context, version string, k oasf.Kind, q Query, list []legacyClass) (*oasf.Class, error) {
	short := ""
	for _, e := range list {
		if q.ID != nil && e.UID != nil && *e.UID == *q.ID {
			short = e.Name
			break
		}
		if q.ID == nil && e.Name != "" && e.Name == q.Name[strings.LastIndex(q.Name, "/")+1:] {
			short = e.Name
			break
		}
	}
	what := "name " + q.Name
	if q.ID != nil {
		what = "id " + strconv.Itoa(*q.ID)
	}
	notFound := &Error{Kind: ErrNotFound, Status: http.StatusNotFound, URL: c.endpoint(nil, version, k.String()).String(),
		Msg: fmt.Sprintf("the schema server at %s has no %s with %s in OASF %s", c.Host(), singular(k), model.SafeText(what), model.SafeText(version))}
	if short == "" {
		return nil, notFound
	}
	u := c.endpoint(nil, version, k.String(), short)
	var raw json.RawMessage
	if _, err := c.getBody(ctx, version, u, &raw); err != nil {
		return nil, err
	}
	cl, err := c.decodeClass("GET", u, k, raw)
	if err != nil {
		return nil, err
	}
	if q.ID == nil && strings.Contains(q.Name, "/") && cl.Name != q.Name {
		return nil, notFound // a partial or wrong path: the server's lookup does not accept it
	}
	if q.ID != nil && q.Name != "" && q.Name != cl.Name && q.Name != cl.Name[strings.LastIndex(cl.Name, "/")+1:] {
		return nil, &Error{Kind: ErrBadRequest, Status: http.StatusBadRequest, URL: u.String(),
			Msg: fmt.Sprintf("id %d and name %q refer to different %ss in OASF %s on the schema server at %s",
				*q.ID, model.SafeText(q.Name), singular(k), model.SafeText(version), c.Host())}
	}
	return cl, nil
}

func singular(k oasf.Kind) string { return strings.TrimSuffix(k.String(), "s") }

// decodeClass reads one class answer and checks it is a class of kind k.
func (c *Client) decodeClass(method string, u *url.URL, k oasf.Kind, raw []byte) (*oasf.Class, error) {
	var a classAnswer
	if err := decodeStrict(raw, &a); err != nil {
		return nil, c.malformed(method, u, err.Error())
	}
	if a.UID == nil || a.Name == "" {
		return nil, c.malformed(method, u, "the class has no uid or no name")
	}
	if a.Family != "" && a.Family != singular(k) {
		return nil, c.malformed(method, u, fmt.Sprintf("asked for a %s, it answered a %s", singular(k), model.SafeText(a.Family)))
	}
	full := a.Name
	if len(a.Attributes.Name.Enum) == 1 {
		for n := range a.Attributes.Name.Enum {
			full = n
		}
	} else if len(a.Attributes.Name.Enum) > 1 {
		return nil, c.malformed(method, u, "attributes.name.enum names more than one class")
	}
	if full != a.Name && !strings.HasSuffix(full, "/"+a.Name) {
		return nil, c.malformed(method, u, fmt.Sprintf("the full name %q does not end in the class name %q", model.SafeText(full), model.SafeText(a.Name)))
	}
	if len(a.Attributes.ID.Enum) == 1 {
		for id := range a.Attributes.ID.Enum {
			if id != strconv.Itoa(*a.UID) {
				return nil, c.malformed(method, u, fmt.Sprintf("uid %d and attributes.id.enum %q differ", *a.UID, model.SafeText(id)))
			}
		}
	}
	parent := ""
	if i := strings.LastIndex(full, "/"); i >= 0 {
		parent = full[:i]
	}
	return &oasf.Class{ID: *a.UID, Name: full, Caption: a.Caption, Description: a.Description, Parent: parent}, nil
}

// ValidateObject asks the server to validate body as the named object:
// POST /api/<v>/validate/object/<object>. The server answers 200 with its
// findings for any JSON object; a 400 (not an object) is an *Error. A 200
// that is not a validation result (HTML, {}, counts that do not match the
// lists) is ErrMalformed: it must never read as "no findings".
func (c *Client) ValidateObject(ctx context.Context, version, object string, body []byte) (*Validation, error) {
	u := c.endpoint(nil, version, "validate", "object", object)
	status, data, err := c.do(ctx, http.MethodPost, u, body)
	if err != nil {
		return nil, err
	}
	if status != http.StatusOK {
		return nil, c.statusError(ctx, "POST", u, status, data, version)
	}
	var raw struct {
		Errors       *[]Finding `json:"errors"`
		Warnings     *[]Finding `json:"warnings"`
		ErrorCount   *int       `json:"error_count"`
		WarningCount *int       `json:"warning_count"`
	}
	if err := decodeStrict(data, &raw); err != nil {
		return nil, c.malformed("POST", u, "it is not a validation result: "+err.Error())
	}
	if raw.Errors == nil || raw.ErrorCount == nil || raw.Warnings == nil || raw.WarningCount == nil {
		return nil, c.malformed("POST", u, "it is not a validation result (errors, warnings, error_count and warning_count are required)")
	}
	if *raw.ErrorCount != len(*raw.Errors) || *raw.WarningCount != len(*raw.Warnings) {
		return nil, c.malformed("POST", u, fmt.Sprintf("its counts (%d errors, %d warnings) do not match its lists (%d, %d)",
			*raw.ErrorCount, *raw.WarningCount, len(*raw.Errors), len(*raw.Warnings)))
	}
	v := &Validation{Errors: *raw.Errors, Warnings: *raw.Warnings, ErrorCount: *raw.ErrorCount, WarningCount: *raw.WarningCount}
	for _, list := range [][]Finding{v.Errors, v.Warnings} {
		for i := range list {
			if list[i].Type == "" {
				return nil, c.malformed("POST", u, "a finding has no error type")
			}
			list[i] = safeFinding(list[i])
		}
	}
	return v, nil
}

// safeType is what a server's error type must look like to become part of
// a diagnostic code. It is compiled on first use, as are the package's other
// patterns: their bounded repetitions make programs of hundreds of
// instructions, which every process would otherwise build at start-up.
var safeType = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[a-z][a-z0-9_]{0,63}$`) })

// SafeType makes a server's error type usable in a diagnostic code: lower
// case letters, digits and "_" are kept, anything else becomes "_", and the
// result is at most 64 bytes.
func SafeType(t string) string {
	if safeType().MatchString(t) {
		return t
	}
	var b strings.Builder
	for _, r := range strings.ToLower(t) {
		if b.Len() >= 64 {
			break
		}
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') || r == '_' {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	s := b.String()
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		s = "x" + s
	}
	return s
}

// maxServerText caps a message from the server.
const maxServerText = 1000

func safeFinding(f Finding) Finding {
	f.Type = SafeType(f.Type)
	f.Message = safeServerText(f.Message)
	f.AttributePath = safeServerText(f.AttributePath)
	f.Attribute = safeServerText(f.Attribute)
	return f
}

// safeServerText escapes control and invisible characters and caps the
// length of a text that came from a server.
func safeServerText(s string) string {
	s = model.SafeText(s)
	if len(s) > maxServerText {
		cut := maxServerText
		for cut > 0 && (s[cut]&0xC0) == 0x80 { // not inside a UTF-8 sequence
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}

// getBody GETs u (a route of version, "" for unversioned routes) and
// decodes a 200 answer into out.
func (c *Client) getBody(ctx context.Context, version string, u *url.URL, out any) ([]byte, error) {
	status, data, err := c.do(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	if status != http.StatusOK {
		return nil, c.statusError(ctx, "GET", u, status, data, version)
	}
	if err := decodeStrict(data, out); err != nil {
		return nil, c.malformed("GET", u, err.Error())
	}
	return data, nil
}

// decodeStrict decodes one JSON value and rejects trailing data. Its error
// says in JSON's terms what is wrong and where (jsonwords), never in Go's.
func decodeStrict(data []byte, out any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(out); err != nil {
		return errors.New(jsonwords.Explain(data, err))
	}
	if dec.More() {
		end := dec.InputOffset()
		for end < int64(len(data)) && strings.IndexByte(" \t\r\n", data[end]) >= 0 {
			end++
		}
		return errors.New(jsonwords.Position(data, end) + "unexpected data after the JSON value")
	}
	return nil
}

// statusError turns a status other than 200 into an *Error carrying the
// server's {"error": "..."} message (made safe) when there is one. A 404 on
// a route of a version the server does not list is ErrVersionNotServed; a
// 404 otherwise is ErrNotFound; a 400 is ErrBadRequest.
func (c *Client) statusError(ctx context.Context, method string, u *url.URL, status int, body []byte, version string) error {
	var answer struct {
		Error string `json:"error"`
	}
	_ = json.Unmarshal(body, &answer) // best effort: the status alone is enough
	said := safeServerText(answer.Error)
	e := &Error{Kind: ErrStatus, URL: u.String(), Status: status, ServerMessage: said}
	switch status {
	case http.StatusNotFound:
		e.Kind = ErrNotFound
		if version != "" {
			if served, list, ok := c.serves(ctx, version); ok && !served {
				e.Kind = ErrVersionNotServed
				e.Msg = fmt.Sprintf("the schema server at %s does not serve OASF %s (it serves %s)",
					c.Host(), model.SafeText(version), model.SafeText(strings.Join(list, ", ")))
				return e
			}
		}
	case http.StatusBadRequest:
		e.Kind = ErrBadRequest
	}
	e.Msg = fmt.Sprintf("the schema server at %s answered %d %s to %s %s", c.Host(), status, http.StatusText(status), method, model.SafeText(u.EscapedPath()))
	if said != "" {
		e.Msg += ": " + said
	}
	return e
}

// serves reports whether the server lists version; ok is false when the
// list cannot be had (then a 404 stays ErrNotFound).
func (c *Client) serves(ctx context.Context, version string) (served bool, list []string, ok bool) {
	l, err := c.Versions(ctx)
	if err != nil {
		return false, nil, false
	}
	names := l.Names()
	return slices.Contains(names, version), names, true
}

func (c *Client) malformed(method string, u *url.URL, why string) error {
	return &Error{Kind: ErrMalformed, URL: u.String(),
		Msg: fmt.Sprintf("the schema server at %s sent an answer to %s %s that is not what the OASF API documents: %s",
			c.Host(), method, model.SafeText(u.EscapedPath()), model.SafeText(why))}
}
