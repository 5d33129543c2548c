package cardsteps

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/editor"
)

// The security members of a card, as the Security step reads and writes
// them (A2A v1.0: securitySchemes is a map name → SecurityScheme, a scheme
// an object with exactly one wrapper key; securityRequirements a list of
// {"schemes": {name: {"list": [scopes]}}}). Which shapes are right is the
// validator's business; this file only turns them into rows and text and
// back.

const schemesPtr = "/securitySchemes"

// schemePtr is the pointer of the scheme called name.
func schemePtr(name string) string { return schemesPtr + "/" + model.Pointer(name)[1:] }

// schemeNames are the card's scheme names in written order.
func schemeNames(s *editor.State) []string {
	n := s.Doc.Find(schemesPtr)
	if n == nil || n.Kind != model.Object {
		return nil
	}
	out := make([]string, n.Len())
	for i, m := range n.Members() {
		out[i] = m.Key()
	}
	return out
}

// schemeKind is one choice of the step's "Kind" field: a wrapper key and,
// for HTTP, the auth scheme it writes. label is short (the seven fit one
// row of the form); about says it in full.
type schemeKind struct {
	label, about string
	wrapper      string
	http         string // "bearer", "basic", "" (another scheme, typed)
	name         string // the name a new scheme of this kind is offered
}

var schemeKinds = []schemeKind{
	{"key", "an API key in a header, query parameter or cookie", "apiKeySecurityScheme", "", "apiKey"},
	{"bearer", "HTTP bearer token (Authorization: Bearer …)", "httpAuthSecurityScheme", "bearer", "bearer"},
	{"basic", "HTTP basic authentication (user and password)", "httpAuthSecurityScheme", "basic", "basic"},
	{"HTTP", "another HTTP authentication scheme", "httpAuthSecurityScheme", "", "http"},
	{"OAuth", "OAuth 2.0, one flow", "oauth2SecurityScheme", "", "oauth2"},
	{"OIDC", "OpenID Connect", "openIdConnectSecurityScheme", "", "openIdConnect"},
	{"mTLS", "mutual TLS: a client certificate", "mtlsSecurityScheme", "", "mtls"},
}

const (
	kindAPIKey = iota
	kindBearer
	kindBasic
	kindHTTPOther
	kindOAuth2
	kindOIDC
	kindMTLS
)

// v03Kinds maps the v0.3 "type" of a scheme to the kind it becomes.
var v03Kinds = map[string]int{
	"apiKey": kindAPIKey, "http": kindBearer, "oauth2": kindOAuth2,
	"openIdConnect": kindOIDC, "mutualTLS": kindMTLS,
}

// schemeWrappers are the wrapper keys a scheme holds, in written order.
func schemeWrappers(n *model.Node) []string {
	var out []string
	if n == nil || n.Kind != model.Object {
		return nil
	}
	for _, m := range n.Members() {
		for _, k := range schemeKinds {
			if m.Key() == k.wrapper && !slices.Contains(out, m.Key()) {
				out = append(out, m.Key())
			}
		}
	}
	return out
}

// kindOf is the kind a scheme shows as: its first wrapper (for HTTP, by
// its auth scheme), else its v0.3 type; ok is false when it has neither.
func kindOf(n *model.Node) (kind int, ok bool) {
	if w := schemeWrappers(n); len(w) > 0 {
		for i, k := range schemeKinds {
			if k.wrapper != w[0] {
				continue
			}
			if k.wrapper != httpWrapper {
				return i, true
			}
			switch strings.ToLower(n.Get(w[0]).Get("scheme").Text()) {
			case "bearer":
				return kindBearer, true
			case "basic":
				return kindBasic, true
			}
			return kindHTTPOther, true
		}
	}
	if k, found := v03Kinds[n.Get("type").Text()]; found {
		if k == kindBearer && strings.EqualFold(n.Get("scheme").Text(), "basic") {
			k = kindBasic
		}
		return k, true
	}
	return kindBearer, false
}

// oauthFlow is one OAuth 2 flow and the URL members it has; label is
// short, for the choice row.
type oauthFlow struct {
	name, label string
	required    []string // URL members the flow requires
	deprecated  bool
}

var oauthFlows = []oauthFlow{
	{"authorizationCode", "code", []string{"authorizationUrl", "tokenUrl"}, false},
	{"clientCredentials", "client", []string{"tokenUrl"}, false},
	{"deviceCode", "device", []string{"deviceAuthorizationUrl", "tokenUrl"}, false},
	{"implicit", "implicit", []string{"authorizationUrl"}, true},
	{"password", "password", []string{"tokenUrl"}, true},
}

// flowNames are the flows a flows object holds, in written order.
func flowNames(flows *model.Node) []string {
	var out []string
	if flows == nil || flows.Kind != model.Object {
		return nil
	}
	for _, m := range flows.Members() {
		out = append(out, m.Key())
	}
	return out
}

// flowIndex is the index of the flow called name in oauthFlows, or -1.
func flowIndex(name string) int {
	for i, f := range oauthFlows {
		if f.name == name {
			return i
		}
	}
	return -1
}

// rawJSON is the node as JSON text, members in written order (scalars as
// written).
func rawJSON(n *model.Node) json.RawMessage {
	if n == nil {
		return json.RawMessage("null")
	}
	switch n.Kind {
	case model.Object:
		kv := make([]any, 0, 2*n.Len())
		for _, m := range n.Members() {
			kv = append(kv, m.Key(), rawJSON(m.Value))
		}
		return editor.Object(kv...)
	case model.Array:
		parts := make([]string, n.Len())
		for i, it := range n.All() {
			parts[i] = string(rawJSON(it))
		}
		return json.RawMessage("[" + strings.Join(parts, ",") + "]")
	}
	return append(json.RawMessage(nil), n.Raw()...)
}

// freshFlow is the value of a flow called name, carrying over from old the
// members the new flow also has; the URLs it requires are written empty
// when old lacks them, so the validator asks for them.
func freshFlow(name string, old *model.Node) json.RawMessage {
	f := oauthFlows[max(0, flowIndex(name))]
	var kv []any
	urls := append(append([]string(nil), f.required...), "refreshUrl")
	for _, u := range urls {
		if v := old.Get(u); v != nil {
			kv = append(kv, u, rawJSON(v))
		} else if slices.Contains(f.required, u) {
			kv = append(kv, u, "")
		}
	}
	if v := old.Get("scopes"); v != nil {
		kv = append(kv, "scopes", rawJSON(v))
	} else {
		kv = append(kv, "scopes", json.RawMessage("{}"))
	}
	if v := old.Get("pkceRequired"); v != nil && name == "authorizationCode" {
		kv = append(kv, "pkceRequired", rawJSON(v))
	}
	return editor.Object(kv...)
}

const httpWrapper = "httpAuthSecurityScheme"

// freshScheme is the scheme of kind k, carrying over what old (the scheme
// as it is) already says in that kind: its variant when it has one (other
// variants are dropped: v1.0 takes exactly one), and its description.
func freshScheme(k int, old *model.Node) json.RawMessage {
	kind := schemeKinds[k]
	variant := old.Get(kind.wrapper)
	if variant != nil && variant.Kind == model.Object && kind.wrapper != httpWrapper {
		return editor.Object(kind.wrapper, rawJSON(variant))
	}
	var kv []any
	switch kind.wrapper {
	case httpWrapper:
		scheme := kind.http
		if cur := variant.Get("scheme").Text(); k == kindHTTPOther && !strings.EqualFold(cur, "bearer") && !strings.EqualFold(cur, "basic") {
			scheme = cur
		}
		kv = []any{"scheme", scheme}
		if f := variant.Get("bearerFormat"); f != nil && k == kindBearer {
			kv = append(kv, "bearerFormat", rawJSON(f))
		}
	case "apiKeySecurityScheme":
		kv = []any{"location", "header", "name", ""}
	case "oauth2SecurityScheme":
		kv = []any{"flows", editor.Object("authorizationCode", freshFlow("authorizationCode", nil))}
	case "openIdConnectSecurityScheme":
		kv = []any{"openIdConnectUrl", ""}
	}
	if desc := schemeDescription(old); desc != nil {
		kv = append(kv, "description", rawJSON(desc))
	}
	return editor.Object(kind.wrapper, editor.Object(kv...))
}

// schemeDescription is the description a scheme carries: its first
// variant's, else a v0.3 scheme's own.
func schemeDescription(old *model.Node) *model.Node {
	for _, w := range schemeWrappers(old) {
		if d := old.Get(w).Get("description"); d != nil {
			return d
		}
	}
	return old.Get("description")
}

// uniqueSchemeName is base, or base-2, base-3 … when it is taken.
func uniqueSchemeName(s *editor.State, base string) string {
	names := schemeNames(s)
	if !slices.Contains(names, base) {
		return base
	}
	for n := 2; ; n++ {
		if c := base + "-" + strconv.Itoa(n); !slices.Contains(names, c) {
			return c
		}
	}
}

// requirementOwners are the pointers of everything that carries security
// requirements: the card ("") and each skill.
func requirementOwners(s *editor.State) []string {
	out := []string{""}
	for i := 0; i < s.ArrayLen("/skills"); i++ {
		out = append(out, editor.Item("/skills", i))
	}
	return out
}

// ---- requirements as one line of text ----

// A requirement line: alternatives (the list is an OR) separated by "|",
// the schemes of one alternative (an AND) by "+", scopes in parentheses:
// "oauth(read write) + key | bearer".

// reqScheme is one scheme of a requirement, with its scopes.
type reqScheme struct {
	name   string
	scopes []string
}

// readRequirements is the line for the securityRequirements list n. Both
// the spec's {"list": [...]} and a bare array of scopes are read; an
// object without "schemes" (the v0.3 map form) is read as its schemes.
func readRequirements(n *model.Node) string {
	if n == nil || n.Kind != model.Array {
		return ""
	}
	var alts []string
	for _, req := range n.All() {
		schemes := req.Get("schemes")
		if schemes == nil {
			schemes = req
		}
		var parts []string
		if schemes.Kind == model.Object {
			for _, m := range schemes.Members() {
				list := m.Value
				if list.Kind == model.Object {
					list = list.Get("list")
				}
				var scopes []string
				for i := 0; i < list.Len(); i++ {
					scopes = append(scopes, list.Index(i).Text())
				}
				part := m.Key()
				if len(scopes) > 0 {
					part += "(" + strings.Join(scopes, " ") + ")"
				}
				parts = append(parts, part)
			}
		}
		alts = append(alts, strings.Join(parts, " + "))
	}
	return strings.Join(alts, " | ")
}

// parseRequirements reads a requirement line. It is lenient, as it runs on
// every key: an unclosed parenthesis ends at the end of the line, empty
// parts are skipped. Names are not checked here: the validator reports a
// scheme that is not declared.
func parseRequirements(line string) [][]reqScheme {
	var out [][]reqScheme
	for _, alt := range splitOutside(line, '|') {
		var and []reqScheme
		for _, part := range splitOutside(alt, '+') {
			name, scopes, _ := strings.Cut(part, "(")
			name = strings.TrimSpace(name)
			if name == "" {
				continue
			}
			scopes, _, _ = strings.Cut(scopes, ")")
			and = append(and, reqScheme{name: name, scopes: strings.Fields(scopes)})
		}
		if len(and) > 0 {
			out = append(out, and)
		}
	}
	return out
}

// splitOutside splits s at sep where it is not inside parentheses.
func splitOutside(s string, sep rune) []string {
	var out []string
	depth, start := 0, 0
	for i, r := range s {
		switch {
		case r == '(':
			depth++
		case r == ')' && depth > 0:
			depth--
		case r == sep && depth == 0:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// requirementsJSON is the spec form of parsed requirements.
func requirementsJSON(reqs [][]reqScheme) json.RawMessage {
	items := make([]string, len(reqs))
	for i, and := range reqs {
		kv := make([]any, 0, 2*len(and))
		for _, r := range and {
			scopes := r.scopes
			if scopes == nil {
				scopes = []string{}
			}
			kv = append(kv, r.name, editor.Object("list", scopes))
		}
		items[i] = string(editor.Object("schemes", editor.Object(kv...)))
	}
	return json.RawMessage("[" + strings.Join(items, ",") + "]")
}

// writeRequirements writes a requirement line at owner's
// securityRequirements; an empty line removes the member.
func writeRequirements(s *editor.State, owner, line string) {
	ptr := owner + "/securityRequirements"
	reqs := parseRequirements(line)
	if len(reqs) == 0 {
		s.Note(s.SetValue(ptr, nil))
		return
	}
	s.Note(s.SetValue(ptr, requirementsJSON(reqs)))
}

// renameScheme renames a scheme, in place, and every requirement naming
// it (card and skills).
func renameScheme(s *editor.State, old, next string) error {
	if next == old {
		return nil
	}
	if strings.TrimSpace(next) == "" {
		return fmt.Errorf("a security scheme needs a name")
	}
	if slices.Contains(schemeNames(s), next) {
		return fmt.Errorf("a security scheme named %q exists already", model.SafeText(next))
	}
	schemes := s.Doc.Find(schemesPtr)
	kv := make([]any, 0, 2*schemes.Len())
	for _, m := range schemes.Members() {
		k := m.Key()
		if k == old {
			k = next
		}
		kv = append(kv, k, rawJSON(m.Value))
	}
	if err := s.SetValue(schemesPtr, editor.Object(kv...)); err != nil {
		return err
	}
	return rewriteRequirements(s, func(name string) (string, bool) {
		if name == old {
			return next, true
		}
		return name, true
	})
}

// removeSchemeReferences drops scheme name from every requirement. An
// alternative left without schemes goes (it named only this scheme), and
// a list left empty goes; it returns how many requirements changed.
func removeSchemeReferences(s *editor.State, name string) (int, error) {
	changed := 0
	err := rewriteRequirements(s, func(n string) (string, bool) {
		if n == name {
			changed++
			return "", false
		}
		return n, true
	})
	return changed, err
}

// rewriteRequirements maps every scheme name of every v1.0 requirement
// list through fn (keep false drops it) and writes back the lists that
// changed.
func rewriteRequirements(s *editor.State, fn func(name string) (string, bool)) error {
	for _, owner := range requirementOwners(s) {
		ptr := owner + "/securityRequirements"
		list := s.Doc.Find(ptr)
		if list == nil || list.Kind != model.Array {
			continue
		}
		changed := false
		var items []string
		for _, req := range list.All() {
			schemes := req.Get("schemes")
			if req.Kind != model.Object || schemes == nil || schemes.Kind != model.Object {
				items = append(items, string(rawJSON(req)))
				continue
			}
			var kv []any
			for _, m := range schemes.Members() {
				name, keep := fn(m.Key())
				if !keep || name != m.Key() {
					changed = true
				}
				if keep {
					kv = append(kv, name, rawJSON(m.Value))
				}
			}
			if len(kv) == 0 && schemes.Len() > 0 {
				continue // it named only the dropped scheme
			}
			var members []any
			for _, m := range req.Members() {
				if m.Key() == "schemes" {
					members = append(members, "schemes", editor.Object(kv...))
				} else {
					members = append(members, m.Key(), rawJSON(m.Value))
				}
			}
			items = append(items, string(editor.Object(members...)))
		}
		if !changed {
			continue
		}
		var err error
		if len(items) == 0 {
			err = s.SetValue(ptr, nil)
		} else {
			err = s.SetValue(ptr, json.RawMessage("["+strings.Join(items, ",")+"]"))
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// ---- scopes as one line of text ----

// readScopes is "name=description; name2=description2" (scope names often
// hold ":", as in orders:read, so "=" separates).
func readScopes(n *model.Node) string {
	if n == nil || n.Kind != model.Object {
		return ""
	}
	parts := make([]string, n.Len())
	for i, m := range n.Members() {
		parts[i] = m.Key()
		if d := m.Value.Text(); d != "" {
			parts[i] += "=" + d
		}
	}
	return strings.Join(parts, "; ")
}

// scopesJSON is the scopes object of a scopes line (a name given twice
// keeps its first description).
func scopesJSON(line string) json.RawMessage {
	var kv []any
	seen := map[string]bool{}
	for _, part := range strings.Split(line, ";") {
		name, desc, _ := strings.Cut(part, "=")
		if name = strings.TrimSpace(name); name != "" && !seen[name] {
			seen[name] = true
			kv = append(kv, name, strings.TrimSpace(desc))
		}
	}
	return editor.Object(kv...)
}

// ---- converting the v0.3 forms ----

// applyUpgradeEdits applies the edits of the upgrade's plan
// (model.PlanUpgrade: the one v0.3 → v1.0 mapping) that keep passes, and
// returns how many it applied.
func applyUpgradeEdits(s *editor.State, keep func(e model.Edit, plan []model.Edit) bool) (int, error) {
	plan, err := model.PlanUpgrade(s.Doc, model.UpgradeOptions{})
	if err != nil {
		return 0, err
	}
	// Chosen over the card as it is, before any edit applies.
	var chosen []model.Edit
	for _, e := range plan {
		if keep(e, plan) {
			chosen = append(chosen, e)
		}
	}
	n := 0
	for _, e := range chosen {
		var v any // nil deletes
		if e.Value != nil {
			v = json.RawMessage(e.Value)
		}
		if err := s.SetValue(e.Ptr, v); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// requirementsOwner is the owner of a securityRequirements pointer ("" the
// card, "/skills/N"); ok is false for any other pointer.
func requirementsOwner(ptr string) (owner string, ok bool) {
	if ptr == "/securityRequirements" {
		return "", true
	}
	rest, found := strings.CutPrefix(ptr, "/skills/")
	if !found {
		return "", false
	}
	i, member, _ := strings.Cut(rest, "/")
	if member != "securityRequirements" {
		return "", false
	}
	return "/skills/" + i, true
}
