package lsp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/oasf"
	"github.com/oncard/oncard/validate"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// coreBindings are A2A's protocol bindings (case-sensitive); anything else
// is a URI naming a custom one.
var coreBindings = []string{"JSONRPC", "GRPC", "HTTP+JSON"}

// commonMediaTypes are offered for input and output modes: the media types
// agents declare most.
var commonMediaTypes = []string{"text/plain", "application/json", "text/markdown", "text/html", "text/csv",
	"image/png", "image/jpeg", "image/webp", "audio/mpeg", "audio/wav", "video/mp4", "application/pdf",
	"application/octet-stream"}

// oasfCompletionLimit is how many OASF classes one completion offers (the
// picker's search ranks them; the editor filters further as one types).
const oasfCompletionLimit = 50

// candidate is one value completion offers.
type candidate struct {
	value  string
	detail string
	doc    string
	number bool // an OASF id: written as a JSON number
}

func (s *server) completion(gc *glsp.Context, p *protocol.CompletionParams) (any, error) {
	v, ok := s.viewOf(p.TextDocument.URI)
	if !ok {
		return nil, nil
	}
	off := v.text.offset(p.Position)
	sp := locate(v.text.src, off)
	if sp.Kind != 0 && sp.Kind != '"' && !(sp.Kind >= '0' && sp.Kind <= '9') {
		return nil, nil // true, false, null
	}
	pl := placeOf(v.last.verdict.Kind, v.doc(), sp.Path)
	cands := candidatesAt(v, pl, sp)
	items := make([]protocol.CompletionItem, 0, len(cands))
	for i, c := range cands {
		items = append(items, completionItem(v.text, sp, c, i))
	}
	return protocol.CompletionList{IsIncomplete: len(items) >= oasfCompletionLimit, Items: items}, nil
}

// candidatesAt lists what may be written where the cursor is.
func candidatesAt(v view, pl place, sp spot) []candidate {
	doc := v.doc()
	rel := pl.Rel
	last := ""
	if len(rel) > 0 {
		last = rel[len(rel)-1]
	}
	if sp.OnKey {
		if requirementSchemes(pl) {
			return schemeNames(doc)
		}
		return nil
	}
	if ref, ok := oasfRefAt(pl); ok {
		return oasfCandidates(v, pl, ref, sp)
	}
	switch pl.Kind {
	case validate.KindOnRequest:
		if len(rel) >= 3 && rel[len(rel)-3] == "skills" && last == "id" && isIndex(rel[len(rel)-2]) {
			return cardSkills(doc)
		}
	case validate.KindCard:
		switch {
		case last == "protocolBinding" || last == "transport" || last == "preferredTransport":
			return plain(coreBindings, "A2A protocol binding")
		case len(rel) >= 2 && isIndex(last) && isModes(rel[len(rel)-2]):
			return plain(commonMediaTypes, "media type")
		}
	}
	if e := schemaOf(pl.Kind).at(pl.Start, pl.Rel).enum(); len(e) > 0 {
		return plain(e, "allowed value")
	}
	return nil
}

func isIndex(tok string) bool {
	_, err := strconv.Atoi(tok)
	return err == nil
}

func isModes(member string) bool {
	switch member {
	case "defaultInputModes", "defaultOutputModes", "inputModes", "outputModes",
		"default_input_modes", "default_output_modes", "input_modes", "output_modes":
		return true
	}
	return false
}

func plain(values []string, detail string) []candidate {
	out := make([]candidate, len(values))
	for i, v := range values {
		out[i] = candidate{value: v, detail: detail}
	}
	return out
}

// requirementSchemes tells whether a key being typed names a security
// scheme: inside a v1.0 requirement's schemes, or a v0.3 security entry.
func requirementSchemes(pl place) bool {
	r := pl.Rel
	if pl.Kind != validate.KindCard || len(r) < 3 {
		return false
	}
	n := len(r)
	switch {
	case r[n-2] == "schemes" && isIndex(r[n-3]) && n >= 4 && isRequirements(r[n-4]):
		return true
	case isIndex(r[n-2]) && (r[n-3] == "security"):
		return true
	}
	return false
}

func isRequirements(member string) bool {
	return member == "securityRequirements" || member == "security_requirements"
}

// schemeNames are the card's declared security schemes.
func schemeNames(doc *model.Doc) []candidate {
	var out []candidate
	for _, key := range []string{"securitySchemes", "security_schemes"} {
		n := doc.Find("/" + key)
		if n == nil {
			continue
		}
		for _, m := range n.Members() {
			out = append(out, candidate{value: m.Key(), detail: "security scheme declared in " + key})
		}
	}
	return out
}

// cardSkills are the skills of the card an On Request entry lists.
func cardSkills(doc *model.Doc) []candidate {
	skills := doc.Find("/skills")
	out := make([]candidate, 0, skills.Len())
	for i := 0; i < skills.Len(); i++ {
		sk := skills.Index(i)
		id := sk.Get("id").Text()
		if id == "" {
			continue
		}
		out = append(out, candidate{value: id, detail: sk.Get("name").Text(), doc: sk.Get("description").Text()})
	}
	return out
}

// oasfCandidates offers OASF classes for a reference's name or id. A
// name is searched with the text typed so far, ranked as the OASF picker
// ranks it (model/oasf Search); an id is offered by its digits typed so
// far. The class the reference's other member names comes first: the id
// of the name written beside it, or the name of the id.
func oasfCandidates(v view, pl place, ref oasfRef, sp spot) []candidate {
	tax := taxonomyFor(v.doc(), pl, v.settings.OASFVersion)
	if tax == nil {
		return nil
	}
	tree := tax.Tree(ref.Kind)
	what := strings.TrimSuffix(ref.Kind.String(), "s")
	var classes []*oasf.Class
	seen := map[int]bool{}
	add := func(c *oasf.Class) {
		if c != nil && !c.Category && !seen[c.ID] && len(classes) < oasfCompletionLimit {
			seen[c.ID] = true
			classes = append(classes, c)
		}
	}
	sibling := v.doc().Find(model.Pointer(append(append([]string{}, pl.Base...), pl.Rel[:2]...)...))
	if ref.Member == "id" {
		add(tree.ByName(sibling.Get("name").Text()))
		for _, c := range tree.All() {
			if strings.HasPrefix(strconv.Itoa(c.ID), sp.Prefix) {
				add(c)
			}
		}
	} else {
		if id := sibling.Get("id"); id != nil && id.Kind == model.Number && sp.Prefix == "" {
			if n, err := strconv.Atoi(string(id.Raw())); err == nil {
				add(tree.ByID(n))
			}
		}
		for _, m := range tree.Search(sp.Prefix, oasfCompletionLimit+len(classes)) {
			add(m.Class)
		}
	}
	out := make([]candidate, 0, len(classes))
	for _, c := range classes {
		doc := classText(c, what, tax.Version)
		if ref.Member == "id" {
			out = append(out, candidate{value: strconv.Itoa(c.ID), detail: c.Caption + " · " + c.Name, doc: doc, number: true})
		} else {
			out = append(out, candidate{value: c.Name, detail: fmt.Sprintf("%s · id %d", c.Caption, c.ID), doc: doc})
		}
	}
	return out
}

// completionItem writes a candidate over the token under the cursor: a
// string's contents (its quotes stay), a number whole, or, between
// tokens, the value with its quotes.
func completionItem(t *text, sp spot, c candidate, rank int) protocol.CompletionItem {
	kind := protocol.CompletionItemKindValue
	if c.number {
		kind = protocol.CompletionItemKindConstant
	}
	item := protocol.CompletionItem{Label: c.value, Kind: &kind, SortText: ptr(fmt.Sprintf("%04d", rank))}
	if c.detail != "" {
		item.Detail = ptr(c.detail)
	}
	if c.doc != "" {
		item.Documentation = protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: c.doc}
	}
	var start, end int
	var newText string
	switch {
	case sp.Kind == '"':
		start, end = sp.Start+1, sp.End
		if closed(t.src, sp.Start, sp.End) {
			end--
		}
		newText = jsonContent(c.value)
		if c.number { // an id typed as a string: write the number
			start, end, newText = sp.Start, sp.End, c.value
		}
	case sp.Kind != 0:
		start, end, newText = sp.Start, sp.End, c.value
	default:
		start, end = sp.Start, sp.Start
		newText = c.value
		if !c.number {
			newText = `"` + jsonContent(c.value) + `"`
		}
	}
	item.TextEdit = protocol.TextEdit{Range: t.span(start, end), NewText: newText}
	return item
}

// jsonContent is s as it is written between a JSON string's quotes.
func jsonContent(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	out := strings.TrimSuffix(b.String(), "\n")
	return out[1 : len(out)-1]
}
