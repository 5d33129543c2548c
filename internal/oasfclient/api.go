package oasfclient

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"

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

// Versions asks the server which schema versions it serves.
func (c *Client) Versions(ctx context.Context) (*VersionList, error) {
	u := c.endpoint(nil, "versions")
	var list VersionList
	if err := c.getJSON(ctx, u, &list); err != nil {
		return nil, err
	}
	if len(list.Names()) == 0 {
		return nil, c.malformed("GET", u, "it lists no versions")
	}
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
	body, err := c.getBody(ctx, u, &tree)
	if err != nil {
		return nil, err
	}
	if len(tree) == 0 {
		return nil, c.malformed("GET", u, "the tree is empty")
	}
	return body, nil
}

// Query selects one class: by id, by full name, or both (the server then
// uses the id).
type Query struct {
	ID   *int
	Name string
}

// ByID and ByName build a Query.
func ByID(id int) Query        { return Query{ID: &id} }
func ByName(name string) Query { return Query{Name: name} }
func (q Query) values() url.Values {
	v := url.Values{}
	if q.ID != nil {
		v.Set("id", strconv.Itoa(*q.ID))
	}
	if q.Name != "" {
		v.Set("name", q.Name)
	}
	return v
}

// Skill looks one skill up: GET /api/<v>/skills?id=…|name=…. A class the
// server does not know is an *Error with Kind ErrNotFound (IsNotFound).
func (c *Client) Skill(ctx context.Context, version string, q Query) (*oasf.Class, error) {
	return c.Class(ctx, version, oasf.Skills, q)
}

// Domain is Skill for domains: GET /api/<v>/domains?id=…|name=….
func (c *Client) Domain(ctx context.Context, version string, q Query) (*oasf.Class, error) {
	return c.Class(ctx, version, oasf.Domains, q)
}

// classAnswer is the class shape the lookup routes return. Servers have
// used both "id" and "uid"; the category flag is absent on concrete classes.
type classAnswer struct {
	Name        string `json:"name"`
	ID          *int   `json:"id"`
	UID         *int   `json:"uid"`
	Caption     string `json:"caption"`
	Description string `json:"description"`
	Category    bool   `json:"category"`
}

// Class looks one class of kind k up.
func (c *Client) Class(ctx context.Context, version string, k oasf.Kind, q Query) (*oasf.Class, error) {
	if q.ID == nil && q.Name == "" {
		return nil, fmt.Errorf("server: a class lookup needs an id or a name")
	}
	u := c.endpoint(q.values(), version, k.String())
	var a classAnswer
	if err := c.getJSON(ctx, u, &a); err != nil {
		return nil, err
	}
	id := a.ID
	if id == nil {
		id = a.UID
	}
	if id == nil || a.Name == "" {
		return nil, c.malformed("GET", u, "the class has no id or no name")
	}
	return &oasf.Class{ID: *id, Name: a.Name, Caption: a.Caption, Description: a.Description, Category: a.Category}, nil
}

// Finding is one error or warning of a server validation.
type Finding struct {
	Type          string          `json:"error"`
	Message       string          `json:"message"`
	AttributePath string          `json:"attribute_path,omitempty"`
	Attribute     string          `json:"attribute,omitempty"`
	Value         json.RawMessage `json:"value,omitempty"`
}

// Validation is the answer of POST /api/<v>/validate/object/<name>.
type Validation struct {
	Errors       []Finding `json:"errors"`
	Warnings     []Finding `json:"warnings"`
	ErrorCount   int       `json:"error_count"`
	WarningCount int       `json:"warning_count"`
}

// LacksObject reports whether the server answered that it defines no
// object by that name (released servers and "discovery").
func (v *Validation) LacksObject(object string) bool {
	want := fmt.Sprintf(`Unknown "name" value; no object is defined for %s.`, object)
	for _, f := range v.Errors {
		if f.Type == "name_unknown" && f.Message == want {
			return true
		}
	}
	return false
}

// ValidateObject asks the server to validate body as the named object:
// POST /api/<v>/validate/object/<object>. The server answers 200 with its
// findings for any JSON object; a 400 (not an object) is an *Error.
func (c *Client) ValidateObject(ctx context.Context, version, object string, body []byte) (*Validation, error) {
	u := c.endpoint(nil, version, "validate", "object", object)
	status, data, err := c.do(ctx, http.MethodPost, u, body)
	if err != nil {
		return nil, err
	}
	if err := c.statusError("POST", u, status, data); err != nil {
		return nil, err
	}
	var v Validation
	if err := decodeStrict(data, &v); err != nil {
		return nil, c.malformed("POST", u, err.Error())
	}
	return &v, nil
}

// getJSON GETs u and decodes a 200 answer into out.
func (c *Client) getJSON(ctx context.Context, u *url.URL, out any) error {
	_, err := c.getBody(ctx, u, out)
	return err
}

func (c *Client) getBody(ctx context.Context, u *url.URL, out any) ([]byte, error) {
	status, data, err := c.do(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	if err := c.statusError("GET", u, status, data); err != nil {
		return nil, err
	}
	if err := decodeStrict(data, out); err != nil {
		return nil, c.malformed("GET", u, err.Error())
	}
	return data, nil
}

// decodeStrict decodes one JSON value and rejects trailing data.
func decodeStrict(data []byte, out any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(out); err != nil {
		return err
	}
	if dec.More() {
		return fmt.Errorf("unexpected data after the JSON value")
	}
	return nil
}

// statusError turns a status other than 200 into an *Error carrying the
// server's {"error": "..."} message when there is one.
func (c *Client) statusError(method string, u *url.URL, status int, body []byte) error {
	if status == http.StatusOK {
		return nil
	}
	var answer struct {
		Error string `json:"error"`
	}
	_ = json.Unmarshal(body, &answer) // best effort: the status alone is enough
	e := &Error{Kind: ErrStatus, URL: u.String(), Status: status, ServerMessage: answer.Error}
	if status == http.StatusNotFound {
		e.Kind = ErrNotFound
	}
	e.Msg = fmt.Sprintf("the schema server at %s answered %d %s to %s %s", c.base.Host, status, http.StatusText(status), method, u.Path)
	if answer.Error != "" {
		e.Msg += ": " + model.SafeText(answer.Error)
	}
	return e
}

func (c *Client) malformed(method string, u *url.URL, why string) error {
	return &Error{Kind: ErrMalformed, URL: u.String(),
		Msg: fmt.Sprintf("the schema server at %s sent an answer to %s %s that is not what the OASF API documents: %s", c.base.Host, method, u.Path, why)}
}
