package model

import (
	"bytes"
	"errors"
	"fmt"
	"net/url"
	"strings"
)

// EntryOptions override the defaults EntryFromCard derives from the card.
type EntryOptions struct {
	Identifier string // default urn:air:<host>:agents:<slug of the card's name>
	URL        string // default https://<host>/.well-known/agent-card.json
}

// Derives reports whether EntryFromCard fills in the identifier or the url
// itself (a suggestion the person should check or replace).
func (o EntryOptions) Derives() bool { return o.Identifier == "" || o.URL == "" }

// entryIndent is the indentation unit of generated entries and catalogs
// (the one every example of the AI Catalog spec uses).
const entryIndent = "  "

// EntryFromCard builds the AI Catalog entry that lists an A2A card: member
// order identifier, type, version, url, extensions; the card's OASF discovery
// params go, unchanged (re-indented only), under org.agntcy.oasf.discovery.v1.
// The entry is JSON text with 2-space indentation and no final newline.
// suggested are notes for a person about the defaults that were used.
func EntryFromCard(card *Doc, o EntryOptions) (entry []byte, suggested []string, err error) {
	if card == nil || card.Root() == nil || card.Root().Kind != Object {
		return nil, nil, errors.New("the card is not a JSON object")
	}
	if card.Changed() {
		// Spans of edited nodes are stale: work on the encoded bytes.
		if card, err = Parse(card.Encode()); err != nil {
			return nil, nil, err
		}
	}
	c := &Card{Doc: card}

	id, u := o.Identifier, o.URL
	if id == "" || u == "" {
		primary := c.PrimaryURL()
		host, hostport, herr := endpointHost(primary)
		if herr != nil {
			return nil, nil, fmt.Errorf("/supportedInterfaces/0/url: %w; give the identifier and url explicitly", herr)
		}
		if id == "" {
			slug := Slug(c.Name())
			if slug == "" {
				return nil, nil, errors.New("/name: the card has no name to derive an identifier from; give one explicitly")
			}
			id = "urn:air:" + host + ":agents:" + slug
			suggested = append(suggested, fmt.Sprintf("identifier %s derived from the host of %s and the card's name", SafeText(id), SafeText(primary)))
		}
		if u == "" {
			u = "https://" + hostport + "/.well-known/agent-card.json"
			suggested = append(suggested, fmt.Sprintf("url %s assumes the card is served at the well-known path of its first interface's host", SafeText(u)))
		}
	}

	var b bytes.Buffer
	b.WriteString("{\n")
	writeMember(&b, 1, "identifier", id, true)
	writeMember(&b, 1, "type", MediaTypeA2ACard, true)
	if v := c.Version(); v != "" {
		writeMember(&b, 1, "version", v, true)
	} else {
		suggested = append(suggested, "the card has no version, so the entry has none")
	}
	params := discoveryParams(c)
	writeMember(&b, 1, "url", u, params != nil)
	if params != nil {
		b.WriteString(entryIndent + `"extensions": {` + "\n")
		b.WriteString(strings.Repeat(entryIndent, 2))
		k, _ := marshal(DiscoveryCatalogKey)
		b.Write(k)
		b.WriteString(": ")
		b.Write(reindentValue(card, params, strings.Repeat(entryIndent, 2)))
		b.WriteString("\n" + entryIndent + "}\n")
	} else {
		suggested = append(suggested, "the card declares no OASF discovery extension, so the entry carries no skills or domains")
	}
	b.WriteString("}")
	return b.Bytes(), suggested, nil
}

// discoveryParams returns the params node of the card's discovery extension.
func discoveryParams(c *Card) *Node {
	i := c.DiscoveryIndex()
	if i < 0 {
		return nil
	}
	return c.Doc.Find(ExtensionPtr(i) + "/params")
}

func writeMember(b *bytes.Buffer, depth int, key, value string, comma bool) {
	k, _ := marshal(key)
	v, _ := marshal(value)
	b.WriteString(strings.Repeat(entryIndent, depth))
	b.Write(k)
	b.WriteString(": ")
	b.Write(v)
	if comma {
		b.WriteByte(',')
	}
	b.WriteByte('\n')
}

// endpointHost returns the host name and host[:port] of an interface url;
// a gRPC "host:port" without a scheme is accepted.
func endpointHost(raw string) (host, hostport string, err error) {
	if raw == "" {
		return "", "", errors.New("the card has no interface url")
	}
	if !strings.Contains(raw, "://") {
		raw = "grpc://" + raw
	}
	u, err := url.Parse(raw)
	if err != nil || u.Hostname() == "" {
		return "", "", fmt.Errorf("cannot read a host from %q", raw)
	}
	return strings.ToLower(u.Hostname()), strings.ToLower(u.Host), nil
}

// reindentValue returns the source bytes of n with the indentation of every
// line after the first moved from the card's to prefix, in entryIndent units.
// Nothing else changes: spacing inside lines, escapes, number forms and
// member order stay as the author wrote them.
func reindentValue(d *Doc, n *Node, prefix string) []byte {
	src := d.Source()
	raw := src[n.Start():n.End()]
	lineStart := bytes.LastIndexByte(src[:n.Start()], '\n') + 1
	base := leadingSpace(src[lineStart:n.Start()])
	return reindent(raw, base, d.Style().Indent, prefix, entryIndent)
}

// reindent rewrites the indentation of the lines after the first of raw:
// base is removed, what remains is counted in srcUnit and written as as many
// dstUnit after prefix. Lines indented in another way keep their relative
// indentation. Line ends become "\n".
func reindent(raw []byte, base, srcUnit, prefix, dstUnit string) []byte {
	lines := strings.Split(strings.ReplaceAll(string(raw), "\r\n", "\n"), "\n")
	var b strings.Builder
	b.WriteString(lines[0])
	for _, line := range lines[1:] {
		b.WriteByte('\n')
		ws := leadingSpace([]byte(line))
		rest := line[len(ws):]
		rel, ok := strings.CutPrefix(ws, base)
		if !ok {
			rel = ws
		}
		if srcUnit != "" && strings.Count(rel, srcUnit)*len(srcUnit) == len(rel) {
			rel = strings.Repeat(dstUnit, strings.Count(rel, srcUnit))
		}
		b.WriteString(prefix + rel + rest)
	}
	return []byte(b.String())
}

func leadingSpace(b []byte) string {
	i := 0
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	return string(b[:i])
}

// CatalogOptions are the catalog-level choices of CatalogFromCards.
type CatalogOptions struct {
	SpecVersion     string // "1.0" (default) or e.g. "0.9"
	HostDisplayName string // when set, the catalog gets host {displayName}
}

// CardSource is one card to list and the options for its entry.
type CardSource struct {
	Card  *Doc
	Entry EntryOptions
}

// CatalogFromCards builds a whole AI Catalog listing the cards: specVersion,
// host (when a display name is given), entries. JSON text with 2-space
// indentation and a final newline. suggested collects the entries' notes.
func CatalogFromCards(cards []CardSource, o CatalogOptions) (catalog []byte, suggested []string, err error) {
	sv := o.SpecVersion
	if sv == "" {
		sv = "1.0"
	}
	var b bytes.Buffer
	b.WriteString("{\n")
	writeMember(&b, 1, "specVersion", sv, true)
	if o.HostDisplayName != "" {
		dn, _ := marshal(o.HostDisplayName)
		b.WriteString(entryIndent + `"host": {` + "\n" + strings.Repeat(entryIndent, 2) + `"displayName": `)
		b.Write(dn)
		b.WriteString("\n" + entryIndent + "},\n")
	}
	if len(cards) == 0 {
		b.WriteString(entryIndent + `"entries": []` + "\n}\n")
		return b.Bytes(), nil, nil
	}
	b.WriteString(entryIndent + `"entries": [` + "\n")
	for i, cs := range cards {
		e, notes, err := EntryFromCard(cs.Card, cs.Entry)
		if err != nil {
			return nil, nil, fmt.Errorf("card %d: %w", i+1, err)
		}
		for _, n := range notes {
			suggested = append(suggested, fmt.Sprintf("card %d: %s", i+1, n))
		}
		b.WriteString(strings.Repeat(entryIndent, 2))
		b.Write(reindent(e, "", entryIndent, strings.Repeat(entryIndent, 2), entryIndent))
		if i < len(cards)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString(entryIndent + "]\n}\n")
	return b.Bytes(), suggested, nil
}
