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
	p := upgradePlan{d: card, root: card.Root(), o: o}
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

// Upgrade plans and applies the upgrade, returning the edits it made. It
// installs the card member order (see NewCard) so new members such as
// supportedInterfaces land where the spec puts them; a caller applying a
// plan with ApplyEdits should call NewCard on the Doc first for the same
// reason.
func Upgrade(card *Doc, o UpgradeOptions) ([]Edit, error) {
	edits, err := PlanUpgrade(card, o)
	if err != nil {
		return nil, err
	}
	NewCard(card)
	return edits, ApplyEdits(card, edits)
}

type upgradePlan struct {
	d     *Doc
	root  *Node
	o     UpgradeOptions
	edits []Edit
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
func (p *upgradePlan) src(n *Node) []byte { return p.d.Source()[n.Start:n.End] }

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

// flowPreference picks the one OAuth flow v1.0 allows when a v0.3 scheme
// has several: the current flows first, the deprecated ones last.
var flowPreference = []string{"authorizationCode", "clientCredentials", "deviceCode", "implicit", "password"}

// securitySchemes rewrites {type: X, …} schemes into their wrapper form.
func (p *upgradePlan) securitySchemes() {
	schemes := p.root.Get("securitySchemes")
	if schemes == nil || schemes.Kind != Object {
		return
	}
	for _, m := range schemes.Members {
		s := m.Value
		typ := s.Get("type").Text()
		wrapper, ok := schemeWrappers[typ]
		if !ok {
			continue // already v1.0, or unknown: the validator says which
		}
		why := fmt.Sprintf("v1.0 writes a %s scheme as {%q: {…}}", typ, wrapper)
		var members []kv
		for _, sm := range s.Members {
			switch {
			case sm.Key == "type":
			case sm.Key == "in" && typ == "apiKey":
				members = append(members, kv{"location", p.src(sm.Value)})
				why += `; apiKey "in" is "location"`
			case sm.Key == "flows" && typ == "oauth2":
				flows, dropped := p.oneFlow(sm.Value)
				members = append(members, kv{"flows", flows})
				if len(dropped) > 0 {
					why += fmt.Sprintf("; v1.0 allows one flow per scheme, dropped %s", SafeText(strings.Join(dropped, ", ")))
				}
			default:
				members = append(members, kv{sm.Key, p.src(sm.Value)})
			}
		}
		order := securitySchemeOrders[wrapper]
		inner := objectJSON(sortKV(members, order))
		p.set("/securitySchemes/"+escapeToken(m.Key), objectJSON([]kv{{wrapper, inner}}), why)
	}
}

// oneFlow keeps the preferred flow of a flows object.
func (p *upgradePlan) oneFlow(flows *Node) ([]byte, []string) {
	if flows.Kind != Object || flows.Len() <= 1 {
		return p.src(flows), nil
	}
	keep := ""
	for _, f := range flowPreference {
		if flows.Get(f) != nil {
			keep = f
			break
		}
	}
	if keep == "" {
		keep = flows.Members[0].Key
	}
	var dropped []string
	for _, m := range flows.Members {
		if m.Key != keep {
			dropped = append(dropped, m.Key)
		}
	}
	return objectJSON([]kv{{keep, p.src(flows.Get(keep))}}), dropped
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
			done = true
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
			done = true
		}
		if done {
			p.del(SkillPtr(i)+"/security", "v0.3 skill security: now securityRequirements")
		}
	}
}

// requirements converts [{name: [scopes]}] to the v1.0 form.
func (p *upgradePlan) requirements(sec *Node) ([]byte, bool) {
	if sec.Kind != Array {
		return nil, false
	}
	var items [][]byte
	for _, req := range sec.Items {
		if req.Kind != Object {
			return nil, false
		}
		var schemes []kv
		for _, m := range req.Members {
			if m.Value.Kind != Array {
				return nil, false
			}
			list := p.src(m.Value)
			schemes = append(schemes, kv{m.Key, objectJSON([]kv{{"list", list}})})
		}
		items = append(items, objectJSON([]kv{{"schemes", objectJSON(schemes)}}))
	}
	return append(append([]byte{'['}, bytes.Join(items, []byte{','})...), ']'), true
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
