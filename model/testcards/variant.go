package testcards

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"

	"github.com/oncard/oncard/model/oasf"
)

// LargeVariant returns card i of the family named by seed: the size and
// shape of Large(200, 50, 20) (200 skills, all listed in the On Request
// extension, 50 OASF skills and 20 domains; 86 to 99 KB minified, 91 KB or
// 89 KiB on average), but every card of the family is a different card.
// The seed and the index choose the sector and the organisation (and so
// the name, descriptions and every host), the interfaces and security
// scheme, the order, ids, names, tags and examples of the skills, each
// entry's personEntry (https on one of the card's hosts under one of
// several paths, or a tel: number in one of several spellings),
// assistantAccess (true, false or absent) and completion, the order of the
// entries and of the extensions, and which OASF 1.1.0 skills and domains
// the discovery payload lists (real ones, from the embedded taxonomy).
//
// Every card is valid: validate.Check finds no error and no warning in it,
// and it passes the A2A card schema and the On Request schema with format
// assertions on (bench/compare.sh checks with Ajv). The JSON is minified.
// The same seed and index give the same bytes (the choices come from
// math/rand/v2's PCG, seeded with both; a Go release may in principle
// change how its Perm and Shuffle draw).
func LargeVariant(seed int64, i int) []byte {
	return variant(seed, i, 200, 200, 50, 20)
}

// SmallVariant is LargeVariant at the size of Small: three skills, two of
// them listed in the On Request extension, two OASF skills and one domain
// (about 2.5 KB minified).
func SmallVariant(seed int64, i int) []byte {
	return variant(seed, i, 3, 2, 2, 1)
}

// oasfLeaves are the non-category classes of the embedded OASF 1.1.0
// taxonomy, the values a discovery payload may list.
var oasfLeaves = sync.OnceValues(func() (skills, domains []ref) {
	tax := oasf.Embedded("1.1.0")
	if tax == nil {
		panic("testcards: no embedded OASF 1.1.0 taxonomy")
	}
	leaves := func(t *oasf.Tree) []ref {
		var out []ref
		for _, c := range t.All() {
			if !c.Category {
				out = append(out, ref{Name: c.Name, ID: c.ID})
			}
		}
		return out
	}
	return leaves(tax.Skills), leaves(tax.Domains)
})

// cardGen holds what one card's choices share: its random source, sector,
// hosts and naming habits.
type cardGen struct {
	r        *rand.Rand
	sec      *sector
	org      string
	host     string   // the organisation's registrable host
	help     []string // hosts personEntry addresses use
	phones   []string // tel: entries the card uses
	regions  []string // this card's order of the region words
	idSep    string   // "-", "_" or "."
	idPrefix string   // "" or the sector's key and idSep
	nameForm string   // how a regional skill's name is written
}

func variant(seed int64, index, skills, listed, oasfSkills, oasfDomains int) []byte {
	r := rand.New(rand.NewPCG(uint64(seed), uint64(index)))
	g := &cardGen{r: r, sec: &sectors[r.IntN(len(sectors))]}
	g.org = oneOf(r, orgNames) + " " + g.sec.orgNoun
	g.host = fmt.Sprintf("%s-%d%s", slug(g.org), index, oneOf(r, []string{".example", ".example.com", ".example.net", ".example.org"}))
	g.help = []string{oneOf(r, []string{"", "help.", "support.", "www."}) + g.host, oneOf(r, []string{"", "care.", "contact."}) + g.host}
	g.phones = phones(r)
	g.regions = append([]string(nil), regionWords...)
	r.Shuffle(len(g.regions), func(a, b int) { g.regions[a], g.regions[b] = g.regions[b], g.regions[a] })
	g.idSep = oneOf(r, []string{"-", "_", "."})
	if r.IntN(4) == 0 {
		g.idPrefix = g.sec.key + g.idSep
	}
	g.nameForm = oneOf(r, []string{"%s (%s)", "%s: %s region", "%s - %s"})

	c := card{
		Name:                g.org + " " + oneOf(r, g.sec.agents),
		Description:         g.org + " " + g.sec.blurb,
		SupportedInterfaces: g.interfaces(),
		Provider:            &provider{Organization: g.org, URL: "https://" + oneOf(r, []string{"", "www."}) + g.host},
		Version:             fmt.Sprintf("%d.%d.%d", 1+r.IntN(4), r.IntN(20), r.IntN(10)),
		Capabilities: capabilities{
			Streaming:         maybeBool(r),
			PushNotifications: maybeBool(r),
		},
		DefaultInputModes:  modes(r, "application/json"),
		DefaultOutputModes: modes(r, "application/json", "text/markdown"),
	}
	if r.IntN(3) > 0 {
		c.DocumentationURL = "https://developers." + g.host + oneOf(r, []string{"/assistant", "/a2a", "/docs/agent"})
	}
	if r.IntN(2) == 0 {
		c.IconURL = "https://" + g.host + oneOf(r, []string{"/static/assistant-icon.png", "/assets/agent.svg", "/icon.png"})
	}
	c.SecuritySchemes, c.SecurityRequirements = g.security()

	topicOrder := r.Perm(len(g.sec.topics))
	var entries []skillEntry
	for i := range skills {
		t := &g.sec.topics[topicOrder[i%len(topicOrder)]]
		round := i / len(topicOrder)
		s := g.skill(t, round)
		c.Skills = append(c.Skills, s)
		if i < listed {
			entries = append(entries, g.entry(t, s.ID, round))
		}
	}
	r.Shuffle(len(entries), func(a, b int) { entries[a], entries[b] = entries[b], entries[a] })

	skillRefs, domainRefs := oasfLeaves()
	onRequest := extension{
		URI:         OnRequestURI,
		Description: oneOf(r, []string{"", "Skills that a person at " + g.org + " handles on request", "What our team does for you in person"}),
		Params:      map[string]any{"skills": entries},
	}
	if r.IntN(3) > 0 {
		onRequest.Required = boolPtr(false)
	}
	discovery := extension{
		URI:         DiscoveryURI,
		Description: oneOf(r, []string{"", "OASF skills and domains", "Where this agent sits in the OASF taxonomy"}),
		Params: discovery{
			SchemaVersion: "1.1.0",
			Skills:        sample(r, skillRefs, oasfSkills),
			Domains:       sample(r, domainRefs, oasfDomains),
		},
	}
	c.Capabilities.Extensions = []extension{onRequest, discovery}
	if r.IntN(2) == 0 {
		c.Capabilities.Extensions = []extension{discovery, onRequest}
	}
	return marshalCompact(c)
}

// interfaces are one to three of the bindings, in a random order, on one
// of the organisation's agent hosts.
func (g *cardGen) interfaces() []agentInterface {
	agentHost := oneOf(g.r, []string{"agents.", "a2a.", "assistant.", "api."}) + g.host
	all := []agentInterface{
		{URL: "https://" + agentHost + oneOf(g.r, []string{"/a2a/v1", "/a2a/jsonrpc", "/rpc"}), ProtocolBinding: "JSONRPC", ProtocolVersion: "1.0"},
		{URL: "https://" + agentHost + oneOf(g.r, []string{"/a2a/rest", "/v1/a2a"}), ProtocolBinding: "HTTP+JSON", ProtocolVersion: "1.0"},
		{URL: "https://grpc." + g.host, ProtocolBinding: "GRPC", ProtocolVersion: "1.0"},
	}
	order := g.r.Perm(len(all))[:1+g.r.IntN(len(all))]
	out := make([]agentInterface, len(order))
	for k, o := range order {
		out[k] = all[o]
	}
	return out
}

// security declares one scheme of four kinds and requires it of every
// caller (a card offering actions without any requirement draws a
// security warning).
func (g *cardGen) security() (map[string]any, []any) {
	var name string
	var scheme map[string]any
	var scopes []string
	switch g.r.IntN(4) {
	case 0:
		name = oneOf(g.r, []string{"bearer", "jwt"})
		scheme = map[string]any{"httpAuthSecurityScheme": map[string]any{"scheme": "Bearer", "bearerFormat": "JWT"}}
	case 1:
		name = oneOf(g.r, []string{"oauth", "customerLogin"})
		scopes = []string{"assistant.read"}
		flow := map[string]any{"tokenUrl": "https://auth." + g.host + "/oauth2/token", "scopes": map[string]any{
			"assistant.read":  "Read what the assistant may tell you",
			"requests.create": "Ask a person to act for you",
		}}
		flows := map[string]any{"clientCredentials": flow}
		if g.r.IntN(2) == 0 {
			flow["authorizationUrl"] = "https://auth." + g.host + "/oauth2/authorize"
			flow["pkceRequired"] = true
			flows = map[string]any{"authorizationCode": flow}
		}
		scheme = map[string]any{"oauth2SecurityScheme": map[string]any{"flows": flows}}
	case 2:
		name = oneOf(g.r, []string{"oidc", "memberLogin"})
		scopes = []string{"openid"}
		scheme = map[string]any{"openIdConnectSecurityScheme": map[string]any{"openIdConnectUrl": "https://login." + g.host + "/.well-known/openid-configuration"}}
	default:
		name = oneOf(g.r, []string{"apiKey", "partnerKey"})
		scheme = map[string]any{"apiKeySecurityScheme": map[string]any{"location": "header", "name": oneOf(g.r, []string{"X-API-Key", "X-Partner-Key"})}}
	}
	if scopes == nil {
		scopes = []string{}
	}
	return map[string]any{name: scheme},
		[]any{map[string]any{"schemes": map[string]any{name: map[string]any{"list": scopes}}}}
}

// skill writes topic t for a round: round 0 as it is, later rounds for one
// region each.
func (g *cardGen) skill(t *topic, round int) skill {
	s := skill{
		ID:          g.idPrefix + strings.ReplaceAll(t.slug, "-", g.idSep),
		Name:        t.name,
		Description: t.desc,
		Tags:        append([]string(nil), t.tags...),
		Examples:    t.examples[:1],
	}
	if g.r.IntN(8) == 0 {
		s.Examples = t.examples // one or two
	}
	if round > 0 {
		reg := g.region(round)
		s.ID += g.idSep + strings.ReplaceAll(reg, "-", g.idSep)
		s.Name = fmt.Sprintf(g.nameForm, t.name, reg)
		s.Description = t.desc + " " + fmt.Sprintf(oneOf(g.r, regionSentences), reg)
		s.Tags = append(s.Tags, "region-"+reg)
	}
	if g.r.IntN(4) == 0 {
		s.Tags = append(s.Tags, oneOf(g.r, g.sec.extraTag))
	}
	switch g.r.IntN(12) {
	case 0:
		s.OutputModes = []string{"text/plain", "text/html"}
	case 1:
		s.InputModes = []string{"text/plain", "image/png"}
	}
	return s
}

// region names round r (1, 2, ...) with this card's words, one per digit
// of r-1 in base len(g.regions), as region does with the fixed list.
func (g *cardGen) region(r int) string {
	n := len(g.regions)
	name := g.regions[(r-1)%n]
	for k := (r - 1) / n; k > 0; k /= n {
		name = g.regions[k%n] + "-" + name
	}
	return name
}

// entry lists a skill in the On Request params. An action usually has an
// https personEntry and says how it completes; other skills get an https
// address or, one in four, a tel: number.
func (g *cardGen) entry(t *topic, id string, round int) skillEntry {
	e := skillEntry{ID: id}
	switch {
	case t.action && g.r.IntN(8) != 0:
		e.PersonEntry = g.address(t, round)
		e.Completion = oneOf(g.r, []string{"deferred", "in-conversation"})
	case g.r.IntN(4) == 0:
		e.PersonEntry = oneOf(g.r, g.phones)
	default:
		e.PersonEntry = g.address(t, round)
	}
	switch g.r.IntN(10) {
	case 0, 1, 2:
		e.AssistantAccess = boolPtr(true)
	case 3:
		e.AssistantAccess = boolPtr(false)
	}
	return e
}

// address is an https personEntry: one of the card's help hosts, a team's
// path and the topic, sometimes the region and a closing slash.
func (g *cardGen) address(t *topic, round int) string {
	a := "https://" + oneOf(g.r, g.help) + "/" + oneOf(g.r, g.sec.teams) + "/" + t.slug
	if round > 0 && g.r.IntN(5) == 0 {
		a += "/" + g.region(round)
	}
	if g.r.IntN(4) == 0 {
		a += "/"
	}
	return a
}

// phones are the card's two or three tel: entries, in one of the
// spellings the On Request schema allows (^tel:\+[0-9][0-9().-]{3,}$).
func phones(r *rand.Rand) []string {
	forms := []func(n int) string{
		func(n int) string { return fmt.Sprintf("tel:+1-555-01%02d", n%100) },
		func(n int) string { return fmt.Sprintf("tel:+44.20.7946.0%03d", n%1000) },
		func(n int) string { return fmt.Sprintf("tel:+1(555)01%02d", n%100) },
		func(n int) string { return fmt.Sprintf("tel:+4930901%03d", n%1000) },
		func(n int) string { return fmt.Sprintf("tel:+61-2-9876-5%03d", n%1000) },
	}
	form := forms[r.IntN(len(forms))]
	out := make([]string, 2+r.IntN(2))
	for k := range out {
		out[k] = form(r.IntN(1000))
	}
	return out
}

func modes(r *rand.Rand, optional ...string) []string {
	out := []string{"text/plain"}
	for _, m := range optional {
		if r.IntN(2) == 0 {
			out = append(out, m)
		}
	}
	return out
}

func maybeBool(r *rand.Rand) *bool {
	switch r.IntN(3) {
	case 0:
		return boolPtr(true)
	case 1:
		return boolPtr(false)
	}
	return nil
}

// sample picks n distinct refs (all when n is larger) in a random order.
func sample(r *rand.Rand, refs []ref, n int) []ref {
	n = max(0, min(n, len(refs)))
	out := make([]ref, n)
	for k, p := range r.Perm(len(refs))[:n] {
		out[k] = refs[p]
	}
	return out
}

func oneOf[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

// slug turns an organisation's name into a host label.
func slug(s string) string {
	var b strings.Builder
	for _, c := range strings.ToLower(s) {
		switch {
		case c >= 'a' && c <= 'z':
			b.WriteRune(c)
		case c == ' ':
			b.WriteByte('-')
		}
	}
	return b.String()
}

func marshalCompact(v any) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(fmt.Sprintf("testcards: %v", err)) // the types always marshal
	}
	return buf.Bytes()
}
