package lsp

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/oasf"
	"github.com/oncard/oncard/validate"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// view is what a request about a position reads: the newest text, and the
// latest check (of that text or an older one: its Doc tells which
// extension is which and lists the card's skills, whichever version).
type view struct {
	text     *text
	last     *checked
	current  bool // last is of text
	settings resolvedSettings
}

func (s *server) viewOf(uri protocol.DocumentUri) (view, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	d := s.docs[uri]
	if d == nil || d.last == nil || !ours(d.last.verdict) {
		return view{}, false // not checked yet, or none of oncard's documents
	}
	return view{text: d.text, last: d.last, current: d.last.version == d.version, settings: s.settings}, true
}

func (v view) doc() *model.Doc { return v.last.verdict.Doc }

func (s *server) hover(gc *glsp.Context, p *protocol.HoverParams) (*protocol.Hover, error) {
	v, ok := s.viewOf(p.TextDocument.URI)
	if !ok {
		return nil, nil
	}
	off := v.text.offset(p.Position)
	sp := locate(v.text.src, off)
	var parts []string
	if sp.Kind != 0 || sp.OnKey {
		pl := placeOf(v.last.verdict.Kind, v.doc(), sp.Path)
		if ref, ok := oasfRefAt(pl); ok && !sp.OnKey {
			if t := oasfHover(v, pl, ref, sp); t != "" {
				parts = append(parts, t)
			}
		}
		if len(sp.Path) > 0 {
			if t := schemaOf(pl.Kind).at(pl.Start, pl.Rel).describe(memberLabel(sp.Path)); t != "" {
				parts = append(parts, t)
			}
		}
	}
	parts = append(parts, findingsAt(v, off)...)
	if len(parts) == 0 {
		return nil, nil
	}
	h := &protocol.Hover{Contents: protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: strings.Join(parts, "\n\n---\n\n")}}
	if sp.Kind != 0 {
		r := v.text.span(sp.Start, sp.End)
		h.Range = &r
	}
	return h, nil
}

// memberLabel names the value at path as a person reads it: its member,
// or for an array item the array's member and the index ("tags[0]").
func memberLabel(path []string) string {
	last := path[len(path)-1]
	if _, err := strconv.Atoi(last); err == nil && len(path) > 1 {
		return path[len(path)-2] + "[" + last + "]"
	}
	return last
}

// oasfHover describes the OASF class a skills[]/domains[] name or id
// names, in the taxonomy of the payload's version.
func oasfHover(v view, pl place, ref oasfRef, sp spot) string {
	tax := taxonomyFor(v.doc(), pl, v.settings.OASFVersion)
	if tax == nil {
		return ""
	}
	tree := tax.Tree(ref.Kind)
	what := strings.TrimSuffix(ref.Kind.String(), "s")
	raw := string(v.text.src[sp.Start:sp.End])
	var c *oasf.Class
	if sp.Kind == '"' {
		c = tree.ByName(decodeString([]byte(raw)))
	} else if id, err := strconv.Atoi(raw); err == nil {
		c = tree.ByID(id)
	}
	if c == nil {
		return fmt.Sprintf("OASF %s: no %s %s in this version", tax.Version, what, raw)
	}
	return classText(c, what, tax.Version)
}

// classText is what hover and completion show of a class.
func classText(c *oasf.Class, what, version string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**%s** — OASF %s %s\n\n`%s` · id %d", c.Caption, version, what, c.Name, c.ID)
	if c.Category {
		b.WriteString("\n\na category: a heading of the taxonomy, not a value to use")
	}
	if c.Parent != "" {
		fmt.Fprintf(&b, "\n\nunder `%s`", c.Parent)
	}
	if c.Description != "" {
		b.WriteString("\n\n" + c.Description)
	}
	return b.String()
}

// findingsAt are the rule summaries of the findings whose range holds
// off, as published for the current text.
func findingsAt(v view, off int) []string {
	if !v.current {
		return nil
	}
	var out []string
	pos := v.text.position(off)
	for _, d := range v.last.verdict.Diags {
		r := findingRange(v.text, v.doc(), d)
		if !inRange(r, pos) {
			continue
		}
		rule := validate.RuleFor(d.Code)
		text := fmt.Sprintf("**%s** (%s): %s", d.Code, d.Severity, rule.Summary)
		if rule.FixText != "" {
			text += "\n\nFix: " + rule.FixText
		}
		out = append(out, text+fmt.Sprintf("\n\n[%s](%s)", d.Code, rule.HelpURI()))
	}
	return out
}

func inRange(r protocol.Range, p protocol.Position) bool {
	before := func(a, b protocol.Position) bool {
		return a.Line < b.Line || a.Line == b.Line && a.Character <= b.Character
	}
	return before(r.Start, p) && before(p, r.End)
}
