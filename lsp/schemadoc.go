package lsp

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/oncard/oncard/validate"
)

// schemaFile is one of the JSON Schemas oncard checks with, decoded, for
// what hover and completion read from it: descriptions, types, enums,
// required members.
type schemaFile struct {
	raw map[string]any
}

var (
	schemaOnce  sync.Once
	schemaFiles map[validate.Kind]*schemaFile
)

// schemaOf returns the decoded schema of a kind (the file
// validate.PublishedSchema returns); nil for a kind without one.
func schemaOf(k validate.Kind) *schemaFile {
	schemaOnce.Do(func() {
		schemaFiles = map[validate.Kind]*schemaFile{}
		for _, k := range validate.PublishedKinds {
			data, err := validate.PublishedSchema(k)
			if err != nil {
				continue // embedded and tested in validate: not reached
			}
			var raw map[string]any
			if json.Unmarshal(data, &raw) == nil {
				schemaFiles[k] = &schemaFile{raw: raw}
			}
		}
	})
	if k == validate.KindReply {
		k = validate.KindOnRequest // the reply is a definition of the same file
	}
	return schemaFiles[k]
}

// schemaNode is a schema location reached from a document path: the
// schema objects that apply there (a $ref followed, the branches of
// allOf/anyOf/oneOf/if-then-else gathered), the definition's name when a
// $ref named one, and whether the parent requires the member.
type schemaNode struct {
	nodes    []map[string]any
	def      string
	required bool
}

// at walks the schema along a document path from start (a fragment such
// as "#/$defs/params"; "" for the file's root).
func (f *schemaFile) at(start string, path []string) schemaNode {
	if f == nil {
		return schemaNode{}
	}
	var root any = f.raw
	if start != "" {
		root = f.fragment(start)
	}
	cur := f.expand(root)
	for _, tok := range path {
		var next []any
		required := false
		for _, n := range cur.nodes {
			if props, ok := n["properties"].(map[string]any); ok {
				if p, ok := props[tok]; ok {
					next = append(next, p)
					required = required || inList(n["required"], tok)
					continue
				}
			}
			if _, err := strconv.Atoi(tok); err == nil {
				if it, ok := n["items"]; ok {
					next = append(next, it)
					continue
				}
			}
			if ap, ok := n["additionalProperties"].(map[string]any); ok {
				next = append(next, ap)
			}
		}
		if len(next) == 0 {
			return schemaNode{}
		}
		cur = schemaNode{}
		for _, n := range next {
			e := f.expand(n)
			cur.nodes = append(cur.nodes, e.nodes...)
			if cur.def == "" {
				cur.def = e.def
			}
		}
		cur.required = required
	}
	return cur
}

// expand follows $refs and gathers the branches of a schema object.
func (f *schemaFile) expand(n any) schemaNode {
	var out schemaNode
	var walk func(n any, depth int)
	walk = func(n any, depth int) {
		m, ok := n.(map[string]any)
		if !ok || depth > 12 {
			return
		}
		out.nodes = append(out.nodes, m)
		if ref, ok := m["$ref"].(string); ok {
			if out.def == "" {
				if i := strings.LastIndexByte(ref, '/'); i >= 0 && strings.Contains(ref, "$defs") {
					out.def = ref[i+1:]
				}
			}
			walk(f.fragment(ref), depth+1)
		}
		for _, k := range []string{"allOf", "anyOf", "oneOf"} {
			if list, ok := m[k].([]any); ok {
				for _, b := range list {
					walk(b, depth+1)
				}
			}
		}
		for _, k := range []string{"then", "else"} {
			walk(m[k], depth+1)
		}
	}
	walk(n, 0)
	return out
}

// fragment resolves a local reference ("#/$defs/AgentSkill").
func (f *schemaFile) fragment(ref string) any {
	_, frag, ok := strings.Cut(ref, "#")
	if !ok {
		return nil
	}
	var cur any = f.raw
	for _, tok := range strings.Split(strings.TrimPrefix(frag, "/"), "/") {
		if tok == "" {
			continue
		}
		m, ok := cur.(map[string]any)
		if !ok {
			return nil
		}
		cur = m[strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")]
	}
	return cur
}

func inList(list any, s string) bool {
	l, _ := list.([]any)
	for _, v := range l {
		if v == s {
			return true
		}
	}
	return false
}

// enum lists the values a schema location allows, when it closes them
// (enum or const), in the schema's order.
func (n schemaNode) enum() []string {
	var out []string
	seen := map[string]bool{}
	add := func(v any) {
		if s, ok := v.(string); ok && !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	for _, m := range n.nodes {
		if list, ok := m["enum"].([]any); ok {
			for _, v := range list {
				add(v)
			}
		}
		if c, ok := m["const"]; ok {
			add(c)
		}
	}
	return out
}

// describe is what hover says about a member: its type, whether it is
// required, what it must hold, and the schema's description.
func (n schemaNode) describe(member string) string {
	if len(n.nodes) == 0 {
		return ""
	}
	var types, descs, facts []string
	seenT, seenD := map[string]bool{}, map[string]bool{}
	for _, m := range n.nodes {
		if t, ok := m["type"].(string); ok && !seenT[t] {
			seenT[t] = true
			types = append(types, t)
		}
		if d, ok := m["description"].(string); ok && !seenD[d] {
			seenD[d] = true
			descs = append(descs, d)
		}
		if v, ok := m["minItems"].(float64); ok && v > 0 {
			facts = append(facts, fmt.Sprintf("at least %d %s", int(v), plural(int(v), "item", "items")))
		}
		if v, ok := m["minLength"].(float64); ok && v > 0 {
			facts = append(facts, "not empty")
		}
		if v, ok := m["maxLength"].(float64); ok {
			facts = append(facts, fmt.Sprintf("at most %d characters", int(v)))
		}
		if v, ok := m["format"].(string); ok {
			facts = append(facts, "format "+v)
		}
		if req, ok := m["required"].([]any); ok && len(req) > 0 && m["properties"] != nil {
			names := make([]string, 0, len(req))
			for _, r := range req {
				if s, ok := r.(string); ok {
					names = append(names, "`"+s+"`")
				}
			}
			facts = append(facts, "requires "+strings.Join(names, ", "))
		}
	}
	if items := n.itemsDef(); items != "" && len(types) == 1 && types[0] == "array" {
		types[0] = "array of " + items
	}
	var b strings.Builder
	fmt.Fprintf(&b, "**`%s`**", member)
	if len(types) > 0 {
		b.WriteString(" — " + strings.Join(types, " or "))
	}
	if n.def != "" && !(len(types) == 1 && strings.HasPrefix(types[0], "array of ")) {
		b.WriteString(" (" + n.def + ")")
	}
	if n.required {
		b.WriteString(", required")
	}
	if e := n.enum(); len(e) > 0 {
		b.WriteString("\n\none of: `" + strings.Join(e, "`, `") + "`")
	}
	if len(facts) > 0 {
		b.WriteString("\n\n" + strings.Join(dedupe(facts), "; "))
	}
	for _, d := range descs {
		b.WriteString("\n\n" + d)
	}
	return b.String()
}

// itemsDef is the definition name of an array's items, when a $ref names
// one.
func (n schemaNode) itemsDef() string {
	for _, m := range n.nodes {
		if it, ok := m["items"].(map[string]any); ok {
			if ref, ok := it["$ref"].(string); ok {
				return ref[strings.LastIndexByte(ref, '/')+1:]
			}
		}
	}
	return ""
}

func dedupe(s []string) []string {
	seen := map[string]bool{}
	out := s[:0]
	for _, v := range s {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
