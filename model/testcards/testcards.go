// Package testcards builds realistic A2A v1.0 Agent Cards for tests and
// benchmarks: many skills, all listed in an On Request extension, and an
// OASF discovery extension with real OASF 1.1.0 skill and domain names.
//
// The cards are valid per the project's specs (docs in ../shared/spec):
// every skill has id, name, description and tags, no listed skill carries
// security requirements, and no personEntry appears in skill text. Output
// is deterministic and indented with two spaces like json.MarshalIndent.
package testcards

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// OnRequestURI and DiscoveryURI identify the two extensions the cards carry.
const (
	OnRequestURI = "https://agent-capability.org/ext/on-request/v1"
	DiscoveryURI = "https://schema.oasf.outshift.com/1.1.0/objects/discovery"
)

// Large returns a card with the given number of skills, all listed in the
// On Request extension, and an OASF discovery payload with oasfSkills skills
// and oasfDomains domains (each capped at the number of real entries
// available: 60 skills, 25 domains). The On Request extension allows at most
// 200 entries (OR-3.2): a card with more skills is still well-formed JSON,
// useful for size benchmarks, but a validator flags it.
func Large(skills, oasfSkills, oasfDomains int) []byte {
	return build(skills, skills, oasfSkills, oasfDomains)
}

// OfSize returns a valid card of at least size bytes (and less than 1 KB
// more): like Large(n, 50, 20) with as many skills as it takes, the first
// 200 of them (what OR-3.2 allows) listed in the On Request extension.
func OfSize(size int) []byte {
	lo, hi := 1, 1
	for len(build(hi, min(hi, 200), 50, 20)) < size {
		lo, hi = hi, hi*2
	}
	for lo < hi { // the fewest skills that reach size
		mid := (lo + hi) / 2
		if len(build(mid, min(mid, 200), 50, 20)) < size {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return build(hi, min(hi, 200), 50, 20)
}

// build is Large with only the first listed skills in the On Request
// extension.
func build(skills, listed, oasfSkills, oasfDomains int) []byte {
	c := card{
		Name:        "Northwind Bank Assistant",
		Description: "Answers questions about accounts, cards, loans and branches of Northwind Bank, and refers what needs a person to the right team.",
		SupportedInterfaces: []agentInterface{
			{URL: "https://agents.northwind-bank.example/a2a/v1", ProtocolBinding: "JSONRPC", ProtocolVersion: "1.0"},
			{URL: "https://agents.northwind-bank.example/a2a/rest", ProtocolBinding: "HTTP+JSON", ProtocolVersion: "1.0"},
		},
		Provider:         &provider{Organization: "Northwind Bank", URL: "https://northwind-bank.example"},
		Version:          "2.4.1",
		DocumentationURL: "https://northwind-bank.example/developers/assistant",
		IconURL:          "https://northwind-bank.example/static/assistant-icon.png",
		Capabilities: capabilities{
			Streaming:         boolPtr(true),
			PushNotifications: boolPtr(false),
		},
		SecuritySchemes: map[string]any{
			"bearer": map[string]any{
				"httpAuthSecurityScheme": map[string]any{"scheme": "Bearer", "bearerFormat": "JWT"},
			},
		},
		SecurityRequirements: []any{
			map[string]any{"schemes": map[string]any{"bearer": map[string]any{"list": []string{}}}},
		},
		DefaultInputModes:  []string{"text/plain", "application/json"},
		DefaultOutputModes: []string{"text/plain", "application/json"},
	}
	var entries []skillEntry
	for i := 0; i < skills; i++ {
		c.Skills = append(c.Skills, makeSkill(i))
		if i < listed {
			entries = append(entries, makeEntry(i))
		}
	}
	c.Capabilities.Extensions = []extension{
		{
			URI:         OnRequestURI,
			Description: "Skills that a person at Northwind Bank handles on request",
			Required:    boolPtr(false),
			Params:      map[string]any{"skills": entries},
		},
		{
			URI:         DiscoveryURI,
			Description: "OASF skills and domains",
			Params: discovery{
				SchemaVersion: "1.1.0",
				Skills:        pick(oasfSkillRefs, oasfSkills),
				Domains:       pick(oasfDomainRefs, oasfDomains),
			},
		},
	}
	return marshal(c)
}

// Small returns a small valid v1.0 card: three skills, two listed in the
// On Request extension (one https entry with completion, one tel entry),
// a discovery payload with two skills and one domain, and an OpenID
// Connect sign-in required of every caller.
func Small() []byte {
	c := card{
		Name:        "Harbor Dental Front Desk",
		Description: "Books, moves and explains appointments at Harbor Dental.",
		SupportedInterfaces: []agentInterface{
			{URL: "https://agent.harbor-dental.example/a2a", ProtocolBinding: "JSONRPC", ProtocolVersion: "1.0"},
		},
		Provider: &provider{Organization: "Harbor Dental", URL: "https://harbor-dental.example"},
		Version:  "1.0.0",
		Capabilities: capabilities{
			Streaming: boolPtr(false),
			Extensions: []extension{
				{
					URI:         OnRequestURI,
					Description: "Skills that the front desk handles on request",
					Required:    boolPtr(false),
					Params: map[string]any{"skills": []skillEntry{
						{ID: "reschedule", PersonEntry: "https://harbor-dental.example/front-desk", Completion: "deferred"},
						{ID: "opening-hours", PersonEntry: "tel:+1-555-0142", AssistantAccess: boolPtr(true)},
					}},
				},
				{
					URI:         DiscoveryURI,
					Description: "OASF skills and domains",
					Params: discovery{
						SchemaVersion: "1.1.0",
						Skills:        pick(oasfSkillRefs, 2),
						Domains:       pick(oasfDomainRefs, 1),
					},
				},
			},
		},
		// Moving an appointment asks a person to act: the card asks its
		// callers to sign in (security/unprotected-action otherwise).
		SecuritySchemes: map[string]any{
			"patientLogin": map[string]any{
				"openIdConnectSecurityScheme": map[string]any{"openIdConnectUrl": "https://login.harbor-dental.example/.well-known/openid-configuration"},
			},
		},
		SecurityRequirements: []any{
			map[string]any{"schemes": map[string]any{"patientLogin": map[string]any{"list": []string{"openid"}}}},
		},
		DefaultInputModes:  []string{"text/plain"},
		DefaultOutputModes: []string{"text/plain"},
		Skills: []skill{
			{ID: "reschedule", Name: "Reschedule an appointment", Description: "Moves an existing appointment to another free slot.", Tags: []string{"appointments", "scheduling"}, Examples: []string{"Can I move my cleaning to next week?"}},
			{ID: "opening-hours", Name: "Opening hours", Description: "Tells when the practice is open, including holidays.", Tags: []string{"hours"}},
			{ID: "explain-treatment", Name: "Explain a treatment", Description: "Explains common treatments in plain words.", Tags: []string{"treatments", "faq"}},
		},
	}
	return marshal(c)
}

func marshal(v any) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		panic(fmt.Sprintf("testcards: %v", err)) // the types above always marshal
	}
	return buf.Bytes()
}

func boolPtr(b bool) *bool { return &b }

func pick(refs []ref, n int) []ref {
	if n > len(refs) {
		n = len(refs)
	}
	if n < 0 {
		n = 0
	}
	return refs[:n:n]
}
