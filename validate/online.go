package validate

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/oncard/oncard/internal/oasfapi"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/oasf"
)

// SourceOnline marks diagnostics that come from a schema server.
const SourceOnline = "online"

// catalogDiscoveryKey is the AI Catalog extensions key of the OASF
// discovery payload.
const catalogDiscoveryKey = "org.agntcy.oasf.discovery.v1"

// SchemaServer is what the online check asks an OASF schema server. The
// check does no network work of its own: internal/oasfclient's Client is
// the server, handed in by the caller (the pipeline, for `--online`).
type SchemaServer interface {
	// Host is the server's host[:port], as messages name it; URL its root.
	Host() string
	URL() string
	// ValidateObject is POST /api/<version>/validate/object/<object>.
	ValidateObject(ctx context.Context, version, object string, body []byte) (*oasfapi.Validation, error)
	// Class looks one class up; an error that errors.Is
	// oasfapi.ErrNotFound means there is none.
	Class(ctx context.Context, version string, k oasf.Kind, q oasfapi.Query) (*oasf.Class, error)
	// Categories is the category tree of version, as the server writes it.
	Categories(ctx context.Context, version string, k oasf.Kind) ([]byte, error)
}

// OnlineOptions configure Online.
type OnlineOptions struct {
	// Server is the schema server asked. Its errors that errors.Is
	// oasfapi.ErrVersionNotServed are answers, not failures.
	Server SchemaServer
	// SchemaHosts decide which card extension URIs are the discovery
	// extension, as Options.SchemaHosts; nil means DefaultSchemaHosts.
	SchemaHosts []string
}

// Online asks an OASF schema server for its verdict on every discovery
// payload in doc (a standalone payload, a card's discovery extension params,
// or an AI Catalog entry's extension) and merges it with the offline
// diagnostics:
//
//   - the payload is sent to POST /api/<v>/validate/object/discovery;
//   - a released server does not define that object: Online says so once
//     (info oasf/server-lacks-discovery) and checks each skill and domain
//     reference with GET /api/<v>/skills?id=…|name=… (and domains);
//   - server findings become Diagnostics with Source "online" and code
//     oasf/<type> at the pointer the server names; a finding the offline
//     check already reported identically is not repeated;
//   - where the two verdicts differ, a warning oasf/online-offline-disagree
//     says so at the reference (or payload) concerned.
//
// A network or server failure returns the offline diagnostics unchanged and
// an error (the server's) whose message is meant for the user.
func Online(ctx context.Context, doc *model.Doc, kind Kind, offline []Diagnostic, o OnlineOptions) ([]Diagnostic, error) {
	if doc == nil || doc.Root() == nil {
		return offline, nil
	}
	if kind == "" {
		kind = Detect(doc)
	}
	r := newReport(doc, &Options{SchemaHosts: o.SchemaHosts})
	payloads := discoveryPayloads(r, kind)
	if len(payloads) == 0 {
		return offline, nil
	}
	oc := newOnlineCheck(o.Server, r)
	for _, p := range payloads {
		if err := oc.checkPayload(ctx, p, offline); err != nil {
			return offline, err
		}
	}
	merged := append(append([]Diagnostic(nil), offline...), oc.r.diags...)
	sortDiagnostics(merged)
	return merged, nil
}

// payloadAt is one discovery payload and where it sits in the document.
type payloadAt struct {
	ptr  string
	node *model.Node
}

// discoveryPayloads finds the discovery payloads of a document of kind k.
func discoveryPayloads(r *report, k Kind) []payloadAt {
	root := r.doc.Root()
	var out []payloadAt
	switch k {
	case KindDiscovery:
		out = append(out, payloadAt{"", root})
	case KindCard:
		exts := root.Get("capabilities").Get("extensions")
		if exts == nil || exts.Kind != model.Array {
			break
		}
		for i, ext := range exts.All() {
			uri, ok := ext.Get("uri").Str()
			if ok && isDiscoveryURI(r, uri) && ext.Get("params") != nil {
				out = append(out, payloadAt{"/capabilities/extensions/" + strconv.Itoa(i) + "/params", ext.Get("params")})
			}
		}
	case KindCatalog:
		entries := root.Get("entries")
		if entries == nil || entries.Kind != model.Array {
			break
		}
		for i, e := range entries.All() {
			if p := e.Get("extensions").Get(catalogDiscoveryKey); p != nil {
				out = append(out, payloadAt{"/entries/" + strconv.Itoa(i) + "/extensions/" + model.Pointer(catalogDiscoveryKey)[1:], p})
			}
		}
	}
	// Only objects with a string schema_version can be asked about; the
	// offline check reports the others.
	kept := out[:0]
	for _, p := range out {
		if p.node != nil && p.node.Kind == model.Object {
			if _, ok := p.node.Get("schema_version").Str(); ok {
				kept = append(kept, p)
			}
		}
	}
	return kept
}

// onlineCheck holds the state of one Online call.
type onlineCheck struct {
	client  SchemaServer
	r       *report         // collects the online findings
	said    bool            // the "server lacks discovery" note was given
	lacks   map[string]bool // versions whose server lacks the discovery object
	lookups map[lookupKey]lookupResult
	cats    map[treeKey][]*oasf.Class
}

func newOnlineCheck(client SchemaServer, r *report) *onlineCheck {
	return &onlineCheck{client: client, r: r, lacks: map[string]bool{},
		lookups: map[lookupKey]lookupResult{}, cats: map[treeKey][]*oasf.Class{}}
}

func (oc *onlineCheck) add(ptr string, sev Severity, rule *Rule, msg, hint string) {
	if d := oc.r.emitAs(rule, sev, ptr, msg, hint); d != nil {
		d.Source = SourceOnline
	}
}

// checkPayload gets the server's verdict on one payload, then compares it
// with the offline findings in the same scope.
func (oc *onlineCheck) checkPayload(ctx context.Context, p payloadAt, offline []Diagnostic) error {
	version, _ := p.node.Get("schema_version").Str()
	verdict, scope, err := oc.verdict(ctx, version, p)
	if errors.Is(err, oasfapi.ErrVersionNotServed) {
		oc.add(p.ptr+"/schema_version", Info, ruleOASFServerVersionUnknown,
			fmt.Sprintf("The schema server at %s does not serve OASF %s; the payload was checked offline only.",
				oc.client.Host(), model.SafeText(version)), "")
		return nil
	}
	if err != nil {
		return err
	}
	oc.report(p, verdict, offline, scope)
	return nil
}

// verdict asks the server to validate the payload as a discovery object
// and, when the server does not define that object, falls back to checking
// each reference. scope tells which offline findings the verdict covers.
func (oc *onlineCheck) verdict(ctx context.Context, version string, p payloadAt) (verdict []serverFinding, scope func(string) bool, err error) {
	if !oc.lacks[version] {
		v, err := oc.client.ValidateObject(ctx, version, "discovery", payloadBytes(oc.r.doc, p.node))
		if err != nil {
			return nil, nil, err
		}
		if !v.LacksObject("discovery") {
			return fromValidation(p.ptr, v), func(ptr string) bool { return within(ptr, p.ptr) }, nil
		}
		oc.lacks[version] = true
	}
	if !oc.said {
		oc.said = true
		oc.add(p.ptr, Info, ruleOASFServerLacksDiscovery,
			fmt.Sprintf("The schema server at %s does not define the discovery object yet; each skill and domain reference was checked with its class lookup instead.",
				oc.client.Host()), "")
	}
	verdict, err = oc.checkReferences(ctx, version, p)
	scope = func(ptr string) bool { return within(ptr, p.ptr+"/skills/") || within(ptr, p.ptr+"/domains/") }
	return verdict, scope, err
}

// payloadBytes is the payload as written (or re-encoded after an edit).
func payloadBytes(doc *model.Doc, n *model.Node) []byte {
	if n.Start() >= 0 && n.End() <= len(doc.Source()) && !doc.Changed() {
		return doc.Source()[n.Start():n.End()]
	}
	return encodeNode(n)
}

// within reports whether ptr is base or below it.
func within(ptr, base string) bool {
	if base == "" {
		return true
	}
	if len(base) > 0 && base[len(base)-1] == '/' {
		return len(ptr) >= len(base) && ptr[:len(base)] == base
	}
	return ptr == base || (len(ptr) > len(base) && ptr[:len(base)] == base && ptr[len(base)] == '/')
}
