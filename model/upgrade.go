package model

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
)

// Edit is one change to a Doc, planned before it is applied so that a person
// can see the diff first.
type Edit struct {
	Ptr    string
	Value  []byte // JSON text to Set at Ptr; nil means Delete Ptr
	Reason string // one line for a person: what and why
}

// ApplyEdits applies edits in order and stops at the first error.
func ApplyEdits(d *Doc, edits []Edit) error {
	for _, e := range edits {
		var err error
		if e.Value == nil {
			err = d.Delete(e.Ptr)
		} else {
			err = d.Set(e.Ptr, e.Value)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", e.Ptr, err)
		}
	}
	return nil
}

// UpgradeOptions choose how a v0.3 card becomes a v1.0 card.
type UpgradeOptions struct {
	// KeepDual keeps the v0.3 top-level fields (url, preferredTransport,
	// additionalInterfaces, protocolVersion, supportsAuthenticatedExtendedCard,
	// security) for old clients and lists every interface twice: for 1.0
	// and for the card's old protocol version.
	KeepDual bool
	// ProtocolVersion of the new interfaces; default "1.0".
	ProtocolVersion string
}

// ErrNotV03 is returned by PlanUpgrade for a card without v0.3 members.
var ErrNotV03 = errors.New("the card has no v0.3 members to upgrade")

// PlanUpgrade lists the edits that turn a v0.3 card (or the v0.3 leftovers
// of a dual card) into the v1.0 shape, following the mapping table of
// A2A-AGENT-CARD.md. Values are copied as written; nothing is applied.
func PlanUpgrade(card *Doc, o UpgradeOptions) ([]Edit, error) {
	if card == nil || card.Root() == nil || card.Root().Kind != Object {
		return nil, errors.New("the card is not a JSON object")
	}
	if card.Changed() {
		var err error
		if card, err = Parse(card.Encode()); err != nil {
			return nil, err
		}
	}
	if o.ProtocolVersion == "" {
		o.ProtocolVersion = "1.0"
	}
	p := upgradePlan{d: card, root: card.Root(), o: o, split: map[string][]string{}, written: map[string]bool{}}
	p.interfaces()
	p.extendedCard()
	p.stateTransitionHistory()
	p.securitySchemes()
	p.securityRequirements()
	if len(p.edits) == 0 {
		return nil, ErrNotV03
	}
	return p.edits, nil
}

type upgradePlan struct {
	d     *Doc
	root  *Node
	o     UpgradeOptions
	edits []Edit
	// split maps a v0.3 OAuth scheme with several flows to the names of
	// the v1.0 schemes it became, one per flow (its own name first):
	// requirements naming it name each of them, as alternatives.
	split map[string][]string
	// written are the owners ("" for the card, a skill's pointer) whose
	// securityRequirements the plan writes from v0.3 security.
	written map[string]bool
}

func (p *upgradePlan) set(ptr string, v []byte, why string) {
	p.edits = append(p.edits, Edit{Ptr: ptr, Value: v, Reason: why})
}
func (p *upgradePlan) del(ptr, why string) {
	p.edits = append(p.edits, Edit{Ptr: ptr, Reason: why})
}

// dropV03 removes a top-level v0.3 member unless the card stays dual.
func (p *upgradePlan) dropV03(key, why string) {
	if p.root.Get(key) != nil && !p.o.KeepDual {
		p.del("/"+key, why)
	}
}

// src is the JSON text of a node as written.
func (p *upgradePlan) src(n *Node) []byte { return p.d.Source()[n.Start():n.End()] }

// majorMinor turns "0.3.0" into "0.3"; "" when s is not a version.
func majorMinor(s string) string {
	parts := strings.Split(s, ".")
	if len(parts) < 2 || parts[0] == "" || parts[1] == "" {
		return ""
	}
	for _, r := range parts[0] + parts[1] {
		if r < '0' || r > '9' {
			return ""
		}
	}
	return parts[0] + "." + parts[1]
}

// interfaces maps url + preferredTransport + additionalInterfaces to
// supportedInterfaces (the preferred one first, duplicates dropped).
func (p *upgradePlan) interfaces() {
	url := p.root.Get("url").Text()
	if p.root.Get("supportedInterfaces") != nil || url == "" {
		if p.root.Get("supportedInterfaces") != nil {
			p.dropV03("url", "v0.3 url: the card already lists supportedInterfaces")
			p.dropV03("preferredTransport", "v0.3 preferredTransport: replaced by supportedInterfaces")
			p.dropV03("additionalInterfaces", "v0.3 additionalInterfaces: replaced by supportedInterfaces")
			p.dropV03("protocolVersion", "v0.3 protocolVersion: now per interface")
		}
		return
	}
	type iface struct{ url, binding string }
	transport := p.root.Get("preferredTransport").Text()
	if transport == "" {
		transport = "JSONRPC" // the v0.3 default
	}
	list := []iface{{url, transport}}
	seen := map[iface]bool{list[0]: true}
	add := p.root.Get("additionalInterfaces")
	for i := 0; i < add.Len(); i++ {
		it := iface{add.Index(i).Get("url").Text(), add.Index(i).Get("transport").Text()}
		if it.url == "" || seen[it] {
			continue
		}
		if it.binding == "" {
			it.binding = "JSONRPC"
		}
		seen[it] = true
		list = append(list, it)
	}
	versions := []string{p.o.ProtocolVersion}
	old := majorMinor(p.root.Get("protocolVersion").Text())
	if old == "" {
		old = "0.3"
	}
	if p.o.KeepDual && old != p.o.ProtocolVersion {
		versions = append(versions, old)
	}
	var b bytes.Buffer
	b.WriteByte('[')
	for vi, v := range versions {
		for i, it := range list {
			if vi+i > 0 {
				b.WriteByte(',')
			}
			obj, _ := marshalOrdered(map[string]any{
				"url": it.url, "protocolBinding": it.binding, "protocolVersion": v,
			}, agentInterfaceOrder)
			b.Write(obj)
		}
	}
	b.WriteByte(']')
	why := fmt.Sprintf("v1.0 lists interfaces in supportedInterfaces (from url, preferredTransport, additionalInterfaces), protocolVersion %q", p.o.ProtocolVersion)
	if len(versions) > 1 {
		why += fmt.Sprintf(" and %q for old clients", old)
	}
	p.set("/supportedInterfaces", b.Bytes(), why)
	p.dropV03("url", "v0.3 url: now in supportedInterfaces")
	p.dropV03("preferredTransport", "v0.3 preferredTransport: the first supportedInterfaces entry is preferred")
	p.dropV03("additionalInterfaces", "v0.3 additionalInterfaces: now in supportedInterfaces")
	p.dropV03("protocolVersion", "v0.3 protocolVersion: now per interface")
}

// extendedCard maps supportsAuthenticatedExtendedCard to
// capabilities.extendedAgentCard.
func (p *upgradePlan) extendedCard() {
	n := p.root.Get("supportsAuthenticatedExtendedCard")
	if n == nil {
		return
	}
	const why = "supportsAuthenticatedExtendedCard is capabilities.extendedAgentCard in v1.0"
	caps := p.root.Get("capabilities")
	switch {
	case caps == nil:
		p.set("/capabilities", objectJSON([]kv{{"extendedAgentCard", p.src(n)}}), why)
	case caps.Kind != Object:
		return // nowhere to move it: leave it for the validator to report
	case caps.Get("extendedAgentCard") == nil:
		p.set("/capabilities/extendedAgentCard", p.src(n), why)
	}
	p.dropV03("supportsAuthenticatedExtendedCard", "v0.3 supportsAuthenticatedExtendedCard: now capabilities.extendedAgentCard")
}

func (p *upgradePlan) stateTransitionHistory() {
	if p.root.Get("capabilities").Get("stateTransitionHistory") != nil {
		p.del("/capabilities/stateTransitionHistory", "capabilities.stateTransitionHistory was removed in v1.0")
	}
}

// schemeWrappers maps v0.3 scheme types to the v1.0 wrapper keys.
var schemeWrappers = map[string]string{
	"apiKey":        "apiKeySecurityScheme",
	"http":          "httpAuthSecurityScheme",
	"oauth2":        "oauth2SecurityScheme",
	"openIdConnect": "openIdConnectSecurityScheme",
	"mutualTLS":     "mtlsSecurityScheme",
}

// flowPreference orders the flows of a v0.3 scheme that has several: the
// scheme keeps its name for the first (the current flows first, the
// deprecated ones last) and each other flow becomes a scheme of its own.
var flowPreference = []string{"authorizationCode", "clientCredentials", "deviceCode", "implicit", "password"}

// securitySchemes rewrites {type: X, …} schemes into their wrapper form. A
// v1.0 scheme holds one OAuth flow, so a v0.3 oauth2 scheme with several
// becomes one scheme per flow ("oauth", "oauth-clientCredentials", …) and
// the requirements that name it list them as alternatives: no client loses
// the flow it used. A dual card keeps the v0.3 members next to the wrapper,
// so that v0.3 readers still find {type: …}.
func (p *upgradePlan) securitySchemes() {
	schemes := p.root.Get("securitySchemes")
	if schemes == nil || schemes.Kind != Object {
		return
	}
	for _, m := range schemes.Members() {
		s := m.Value
		typ := s.Get("type").Text()
		wrapper, ok := schemeWrappers[typ]
		if !ok {
			continue // already v1.0, or unknown: the validator says which
		}
		if has := wrappedAlready(s); has != "" {
			// A dual card's scheme: the v1.0 form is there, next to the
			// v0.3 one. It stays dual, or loses its v0.3 members.
			if !p.o.KeepDual {
				p.set("/securitySchemes/"+escapeToken(m.Key()), objectJSON([]kv{{has, p.src(s.Get(has))}}),
					"v0.3 members of a dual card's scheme: the v1.0 "+has+" stays")
			}
			continue
		}
		// "an apiKey", "an http" (aitch), "a mutualTLS".
		an := "a"
		if typ != "" && strings.ContainsRune("aeiouhAEIOUH", rune(typ[0])) {
			an = "an"
		}
		why := fmt.Sprintf("v1.0 writes %s %s scheme as {%q: {…}}", an, typ, wrapper)
		var members []kv
		var flowNames []string
		var flows *Node
		for _, sm := range s.Members() {
			switch {
			case sm.Key() == "type":
			case sm.Key() == "in" && typ == "apiKey":
				members = append(members, kv{"location", p.src(sm.Value)})
				why += `; apiKey "in" is "location"`
			case sm.Key() == "flows" && typ == "oauth2":
				flows = sm.Value
				flowNames = orderedFlows(sm.Value)
				if len(flowNames) > 1 {
					members = append(members, kv{"flows", objectJSON([]kv{{flowNames[0], p.src(sm.Value.Get(flowNames[0]))}})})
				} else {
					members = append(members, kv{"flows", p.src(sm.Value)})
				}
			default:
				members = append(members, kv{sm.Key(), p.src(sm.Value)})
			}
		}
		var extra []string
		if len(flowNames) > 1 {
			extra = p.splitNames(schemes, m.Key(), flowNames[1:])
			why += fmt.Sprintf("; v1.0 allows one flow per scheme: %s keeps %s, and %s", SafeText(m.Key()), flowNames[0], splitList(extra, flowNames[1:]))
			p.split[m.Key()] = append([]string{m.Key()}, extra...)
		}
		order := securitySchemeOrders[wrapper]
		p.set("/securitySchemes/"+escapeToken(m.Key()), p.schemeJSON(s, wrapper, objectJSON(sortKV(members, order)), nil), why)
		for i, name := range extra {
			flow := flowNames[i+1]
			flowMembers := []kv{{"flows", objectJSON([]kv{{flow, p.src(flows.Get(flow))}})}}
			for _, mm := range members {
				if mm.key != "flows" {
					flowMembers = append(flowMembers, mm)
				}
			}
			v03 := []kv{{"type", []byte(`"oauth2"`)}, {"flows", objectJSON([]kv{{flow, p.src(flows.Get(flow))}})}}
			p.set("/securitySchemes/"+escapeToken(name), p.schemeJSON(nil, wrapper, objectJSON(sortKV(flowMembers, order)), v03),
				fmt.Sprintf("the %s flow of the v0.3 scheme %s, as a v1.0 scheme of its own (an alternative wherever %s is required)", flow, SafeText(m.Key()), SafeText(m.Key())))
		}
	}
}

// wrappedAlready returns the v1.0 wrapper key a scheme already has, or "".
func wrappedAlready(s *Node) string {
	for _, w := range schemeWrappers {
		if s.Get(w) != nil {
			return w
		}
	}
	return ""
}

// schemeJSON is a v1.0 scheme {wrapper: inner}. A dual card keeps the v0.3
// form next to it: the members of the v0.3 scheme old (or v03, for a scheme
// split off one) come first, so that v0.3 readers still read {type: …}.
func (p *upgradePlan) schemeJSON(old *Node, wrapper string, inner []byte, v03 []kv) []byte {
	if !p.o.KeepDual {
		return objectJSON([]kv{{wrapper, inner}})
	}
	var members []kv
	if old != nil {
		for _, m := range old.Members() {
			members = append(members, kv{m.Key(), p.src(m.Value)})
		}
	}
	members = append(members, v03...)
	return objectJSON(append(members, kv{wrapper, inner}))
}

// orderedFlows lists the flows of a flows object in flowPreference order,
// unknown flows last in their written order.
func orderedFlows(flows *Node) []string {
	if flows.Kind != Object {
		return nil
	}
	var out []string
	for _, f := range flowPreference {
		if flows.Get(f) != nil {
			out = append(out, f)
		}
	}
	for _, m := range flows.Members() {
		known := false
		for _, f := range flowPreference {
			known = known || m.Key() == f
		}
		if !known {
			out = append(out, m.Key())
		}
	}
	return out
}

// splitNames names the schemes split off scheme name: "<name>-<flow>",
// numbered when that is taken.
func (p *upgradePlan) splitNames(schemes *Node, name string, flows []string) []string {
	taken := func(n string) bool {
		if schemes.Get(n) != nil {
			return true
		}
		for _, names := range p.split {
			for _, x := range names {
				if x == n {
					return true
				}
			}
		}
		return false
	}
	var out []string
	for _, f := range flows {
		n := name + "-" + f
		for i := 2; taken(n) || contains(out, n); i++ {
			n = fmt.Sprintf("%s-%s-%d", name, f, i)
		}
		out = append(out, n)
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func splitList(names, flows []string) string {
	parts := make([]string, len(names))
	for i := range names {
		parts[i] = SafeText(names[i]) + " holds " + flows[i]
	}
	return strings.Join(parts, ", ")
}

// securityRequirements maps `security` (card and skills) to
// securityRequirements [{schemes: {name: {list: [...]}}}].
func (p *upgradePlan) securityRequirements() {
	// A security value that cannot be converted stays, for the validator to
	// report: the upgrade never drops what it could not carry over.
	if sec := p.root.Get("security"); sec != nil {
		done := p.root.Get("securityRequirements") != nil
		if v, ok := p.requirements(sec); ok && !done {
			p.set("/securityRequirements", v, "v0.3 security is securityRequirements [{schemes: {name: {list}}}] in v1.0")
			done, p.written[""] = true, true
		}
		if done {
			p.dropV03("security", "v0.3 security: now securityRequirements")
		}
	}
	skills := p.root.Get("skills")
	for i := 0; i < skills.Len(); i++ {
		sk := skills.Index(i)
		sec := sk.Get("security")
		if sec == nil {
			continue
		}
		done := sk.Get("securityRequirements") != nil
		if v, ok := p.requirements(sec); ok && !done {
			p.set(SkillPtr(i)+"/securityRequirements", v, "skill security is securityRequirements in v1.0")
			done, p.written[SkillPtr(i)] = true, true
		}
		if done && !p.o.KeepDual {
			p.del(SkillPtr(i)+"/security", "v0.3 skill security: now securityRequirements")
		}
	}
	p.rewriteExistingRequirements()
}

// rewriteExistingRequirements rewrites the securityRequirements the card
// already had: the v0.3 forms readers misread become the spec's
// {schemes: {name: {list: [...]}}} (a requirement without "schemes",
// {name: [scopes]}, which every reader drops; a bare scope array or null
// under "schemes", whose scopes the JS SDK drops), and a requirement
// naming a scheme that was split names each scheme it became.
func (p *upgradePlan) rewriteExistingRequirements() {
	rewrite := func(ptr string, owner *Node) {
		list := owner.Get("securityRequirements")
		if list == nil || list.Kind != Array || p.written[ptr] {
			return // absent, or just written from security (expanded there)
		}
		items, converted, ok := p.v10Requirements(list)
		if !ok {
			return // a form not known: left for the validator to report
		}
		expanded, split := p.expand(items)
		switch {
		case converted:
			p.set(ptr+"/securityRequirements", requirementsJSON(expanded), `a v0.3 requirement form: v1.0 writes {"schemes": {name: {"list": [scopes]}}}, which every reader reads`)
		case split:
			p.set(ptr+"/securityRequirements", requirementsJSON(expanded), "a split OAuth scheme: its flows are alternatives in securityRequirements")
		}
	}
	rewrite("", p.root)
	skills := p.root.Get("skills")
	for i := 0; i < skills.Len(); i++ {
		rewrite(SkillPtr(i), skills.Index(i))
	}
}

// v10Requirements reads securityRequirements as written, each scheme's
// value in the spec's {"list": [...]} form: converted says a v0.3 form was
// rewritten on the way ({name: [scopes]} without "schemes", a bare scope
// array, null); ok is false for a form it does not know.
func (p *upgradePlan) v10Requirements(list *Node) (items [][]kv, converted, ok bool) {
	for _, req := range list.All() {
		if req.Kind != Object {
			return nil, false, false
		}
		schemes := req.Get("schemes")
		if schemes == nil {
			schemes = req // the v0.3 map form: the requirement is the map
			converted = converted || req.Len() > 0
		} else if schemes.Kind != Object || req.Len() != 1 {
			return nil, false, false
		}
		var item []kv
		for _, m := range schemes.Members() {
			v, changed, known := p.scopeList(m.Value)
			if !known {
				return nil, false, false
			}
			converted = converted || changed
			item = append(item, kv{m.Key(), v})
		}
		items = append(items, item)
	}
	return items, converted, true
}

// scopeList is a requirement's value for one scheme in the spec form:
// {"list": [...]} as written, a bare array wrapped, null as no scopes.
func (p *upgradePlan) scopeList(v *Node) (raw []byte, changed, ok bool) {
	switch v.Kind {
	case Object:
		return p.src(v), false, true
	case Array:
		return objectJSON([]kv{{"list", p.src(v)}}), true, true
	case Null:
		return []byte(`{"list":[]}`), true, true
	}
	return nil, false, false
}

// expand replaces each requirement naming a split scheme by one
// requirement per scheme it became (the array is an OR).
func (p *upgradePlan) expand(items [][]kv) ([][]kv, bool) {
	changed := false
	var out [][]kv
	for _, item := range items {
		alts := [][]kv{nil}
		for _, m := range item {
			names := p.split[m.key]
			if len(names) == 0 {
				names = []string{m.key}
			} else {
				changed = true
			}
			var next [][]kv
			for _, a := range alts {
				for _, n := range names {
					next = append(next, append(append([]kv(nil), a...), kv{n, m.raw}))
				}
			}
			alts = next
		}
		out = append(out, alts...)
	}
	return out, changed
}

func requirementsJSON(items [][]kv) []byte {
	parts := make([][]byte, len(items))
	for i, item := range items {
		parts[i] = objectJSON([]kv{{"schemes", objectJSON(item)}})
	}
	return append(append([]byte{'['}, bytes.Join(parts, []byte{','})...), ']')
}

// requirements converts [{name: [scopes]}] to the v1.0 form; a requirement
// naming a split scheme becomes one per scheme it became.
func (p *upgradePlan) requirements(sec *Node) ([]byte, bool) {
	if sec.Kind != Array {
		return nil, false
	}
	var items [][]kv
	for _, req := range sec.All() {
		if req.Kind != Object {
			return nil, false
		}
		var schemes []kv
		for _, m := range req.Members() {
			v, _, ok := p.scopeList(m.Value)
			if !ok || m.Value.Kind == Object {
				return nil, false
			}
			schemes = append(schemes, kv{m.Key(), v})
		}
		items = append(items, schemes)
	}
	items, _ = p.expand(items)
	return requirementsJSON(items), true
}

// kv is one member of an object built from raw JSON values.
type kv struct {
	key string
	raw []byte
}

func objectJSON(members []kv) []byte {
	b := []byte{'{'}
	for i, m := range members {
		if i > 0 {
			b = append(b, ',')
		}
		k, _ := marshal(m.key)
		b = append(append(append(b, k...), ':'), m.raw...)
	}
	return append(b, '}')
}

// sortKV puts members in spec order; unknown members follow in their order.
func sortKV(members []kv, order []string) []kv {
	out := make([]kv, 0, len(members))
	used := make([]bool, len(members))
	for _, k := range order {
		for i, m := range members {
			if !used[i] && m.key == k {
				out = append(out, m)
				used[i] = true
			}
		}
	}
	for i, m := range members {
		if !used[i] {
			out = append(out, m)
		}
	}
	return out
}
