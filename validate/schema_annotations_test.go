package validate

// What the messages read from the schema documents themselves: the spec
// section of a rule (from descriptions) and the tool's "x-code" and
// "x-missing-code" annotations (the diagnostic code of a rule).

import "strings"

// sectionAt finds the spec section that governs the schema location frag:
// the "(OR-3.4)" or "(§6)" of the nearest description, not above a $defs
// member (the root's description is about the whole file).
func (s *schema) sectionAt(frag string) string {
	toks := splitFragment(frag)
	for i := len(toks); i >= 0; i-- {
		if i == 0 && len(toks) > 0 {
			break
		}
		m, _ := lookup(s.raw, toks[:i]).(map[string]any)
		if d, ok := m["description"].(string); ok {
			if sec := sectionIn(d); sec != "" {
				return sec
			}
		}
		if i >= 2 && toks[i-2] == "$defs" {
			break
		}
	}
	return ""
}

// codeAt finds the nearest "x-code" annotation at or above frag.
func (s *schema) codeAt(frag string) string {
	toks := splitFragment(frag)
	for i := len(toks); i >= 0; i-- {
		m, _ := lookup(s.raw, toks[:i]).(map[string]any)
		if c, ok := m["x-code"].(string); ok {
			return c
		}
	}
	return ""
}

// memberSection is the section of a member's own schema (following one
// local $ref), for "missing required member" messages.
func (s *schema) memberSection(frag, member string) string {
	m, _ := lookup(s.raw, append(splitFragment(frag), "properties", member)).(map[string]any)
	if d, ok := m["description"].(string); ok {
		if sec := sectionIn(d); sec != "" {
			return sec
		}
	}
	if ref, ok := m["$ref"].(string); ok && strings.HasPrefix(ref, "#") {
		return s.sectionAt(ref[1:])
	}
	return ""
}

// missingCodeAt reads the "x-missing-code" map of the schema at frag.
func (s *schema) missingCodeAt(frag, member string) string {
	m, _ := lookup(s.raw, splitFragment(frag)).(map[string]any)
	codes, _ := m["x-missing-code"].(map[string]any)
	c, _ := codes[member].(string)
	return c
}

// sectionIn extracts "OR-3.4, OR-3.8" or "§6" (as "On Request §6") from "(…)"
// in a description.
func sectionIn(desc string) string {
	for rest := desc; ; {
		i := strings.Index(rest, "(")
		if i < 0 {
			return ""
		}
		j := strings.Index(rest[i:], ")")
		if j < 0 {
			return ""
		}
		inner := rest[i+1 : i+j]
		if strings.HasPrefix(inner, "OR-") {
			return inner
		}
		if strings.HasPrefix(inner, "§") {
			// A bare section number means nothing outside the schema file.
			return "On Request " + inner
		}
		rest = rest[i+j:]
	}
}
