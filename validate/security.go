package validate

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/oncard/oncard/model"
)

// checkSecurity runs the security/… rules on a card (rules_security.go):
// the prose a reading model takes in, the names people and registries go
// by, the URLs a client or registry fetches, capabilities offered without
// protection, and floods. checkCardRules calls it, so inline cards of a
// catalog get it too. The secret, http: and invisible-character rules of
// the a2a family are listed with it (their Tags).
func checkSecurity(r *report, root *model.Node) {
	var ps proseScanner
	forEachProse(root, func(ptr string, n *model.Node, long bool) {
		s, ok := n.Str()
		if !ok || s == "" {
			return
		}
		checkProse(r, &ps, ptr, s, long)
	})
	checkNames(r, root)
	checkHosts(r, root)
	checkUnprotectedActions(r, root)
	checkDuplicateSkills(r, root)
}

// forEachProse calls fn with every text of the card that models read to
// choose an agent and a skill: the card's name and description, each
// skill's name, description and examples, each extension's description.
// long is false for names (a name is not checked for length).
func forEachProse(root *model.Node, fn func(ptr string, n *model.Node, long bool)) {
	if n := root.Get("name"); n != nil {
		fn("/name", n, false)
	}
	if n := root.Get("description"); n != nil {
		fn("/description", n, true)
	}
	for i, sk := range itemsOf(root.Get("skills")) {
		if sk.Kind != model.Object {
			continue
		}
		base := indexPtr("/skills", i)
		if n := sk.Get("name"); n != nil {
			fn(base+"/name", n, false)
		}
		if n := sk.Get("description"); n != nil {
			fn(base+"/description", n, true)
		}
		for j, ex := range itemsOf(sk.Get("examples")) {
			fn(indexPtr(base+"/examples", j), ex, true)
		}
	}
	for i, ext := range itemsOf(root.Get("capabilities").Get("extensions")) {
		if n := ext.Get("description"); n != nil {
			fn(indexPtr("/capabilities/extensions", i)+"/description", n, true)
		}
	}
}

// maxProse is the longest description or example that is not a flood
// (security/oversized-text), in characters.
const maxProse = 4000

// checkProse scans one text for instructions, bait and claims, encoded
// payloads, and its length.
func checkProse(r *report, ps *proseScanner, ptr, s string, long bool) {
	where := memberName(ptr)
	for _, f := range ps.scanPhrases(s) {
		r.emitExcerpt(f.rule, ptr, where+" holds "+f.what+proseWhy(f.rule), proseHint(f.rule), excerpt(s, f.start, f.end))
	}
	if len(s) >= minBase64Run || strings.Contains(s, ":") {
		if what, start, end := encodedPayload(s); what != "" && secretIn([]byte(s)) == "" {
			r.emitExcerpt(ruleSecurityEncodedPayload, ptr, where+" holds "+what+": text people cannot read, which a model may decode and follow", "remove the encoded text from the prose", excerpt(s, start, end))
		}
	}
	if long && len(s) > maxProse {
		if n := utf8.RuneCountInString(s); n > maxProse {
			r.emitExcerpt(ruleSecurityOversizedText, ptr, where+" is "+strconv.Itoa(n)+" characters long (more than "+strconv.Itoa(maxProse)+"): it floods the context of the model that reads the card", "keep it short; move the rest to documentationUrl", excerpt(s, 0, maxExcerpt-10))
		}
	}
}

// proseWhy says why a phrase of a rule matters, after its description.
func proseWhy(rule *Rule) string {
	switch rule {
	case ruleSecuritySelectionBait:
		return ": words aimed at whoever routes requests, not a description of the agent"
	case ruleSecurityUnverifiableClaim:
		return ": nothing in the card can prove it"
	}
	return ": a model reading the card may take it as an instruction"
}

func proseHint(rule *Rule) string {
	switch rule {
	case ruleSecuritySelectionBait:
		return "say what the agent does and for whom; let the client compare"
	case ruleSecurityUnverifiableClaim:
		return "remove the claim, or have the organisation sign the card"
	}
	return "describe what the agent does, for people; leave instructions to the client's own prompt"
}

// memberName names the member at ptr in a message: `"description"
// (/skills/3/description)`.
func memberName(ptr string) string { return describe([]byte(ptr)) }

// maxExcerpt is the most of a card's text an excerpt shows, in bytes
// before escaping.
const maxExcerpt = 60

// excerpt returns at most maxExcerpt bytes of s around [start, end),
// escaped, with an ellipsis where it was cut.
func excerpt(s string, start, end int) string {
	from := max(0, start-10)
	to := min(len(s), max(end, from)+10)
	if to-from > maxExcerpt {
		to = from + maxExcerpt
	}
	for from > 0 && !utf8.RuneStart(s[from]) {
		from--
	}
	for to < len(s) && !utf8.RuneStart(s[to]) {
		to--
	}
	out := model.SafeText(s[from:to])
	if from > 0 {
		out = "…" + out
	}
	if to < len(s) {
		out += "…"
	}
	return out
}

// checkUnprotectedActions: an On Request skill with a completion asks a
// person to act; on a card without any security requirement anyone can
// ask. Reported once, at the first such skill.
func checkUnprotectedActions(r *report, root *model.Node) {
	if cardHasRequirement(root) {
		return
	}
	for i, ext := range itemsOf(root.Get("capabilities").Get("extensions")) {
		if uri, _ := strValue(ext.Get("uri")); uri != OnRequestURI {
			continue
		}
		first, n := -1, 0
		for j, entry := range itemsOf(ext.Get("params").Get("skills")) {
			if entry.Kind == model.Object && entry.Get("completion") != nil {
				if first < 0 {
					first = j
				}
				n++
			}
		}
		if first < 0 {
			continue
		}
		ptr := indexPtr(indexPtr("/capabilities/extensions", i)+"/params/skills", first) + "/completion"
		r.emit(ruleSecurityUnprotectedAction, ptr, strconv.Itoa(n)+" On Request skill(s) ask a person to act (completion), and the card declares no security requirement: anyone can ask", "declare a security scheme and a card-level securityRequirements")
	}
}

// cardHasRequirement reports whether the card itself lists a security
// requirement (v1.0 securityRequirements or v0.3 security).
func cardHasRequirement(root *model.Node) bool {
	for _, key := range requirementLists {
		if list := memberOf(root, key); list != nil && list.Kind == model.Array && len(list.Items) > 0 {
			return true
		}
	}
	return false
}

// minDuplicateSkills is how many skills with one name and description make
// a flood (security/duplicate-skills).
const minDuplicateSkills = 10

// checkDuplicateSkills: many skills with the same name and description,
// compared by their letters only.
func checkDuplicateSkills(r *report, root *model.Node) {
	skills := itemsOf(root.Get("skills"))
	if len(skills) < minDuplicateSkills {
		return
	}
	type group struct{ first, n int }
	groups := make(map[string]*group, len(skills))
	var buf []byte
	reported := false
	for i, sk := range skills {
		name, _ := strValue(sk.Get("name"))
		desc, _ := strValue(sk.Get("description"))
		buf = lettersOnly(lettersOnly(buf[:0], name), desc)
		g, ok := groups[string(buf)]
		if !ok {
			groups[string(buf)] = &group{first: i, n: 1}
			continue
		}
		g.n++
		if g.n == minDuplicateSkills && !reported {
			reported = true
			r.emit(ruleSecurityDuplicateSkills, "/skills", strconv.Itoa(minDuplicateSkills)+" or more skills (the first "+indexPtr("/skills", g.first)+") have the same name and description: a card stuffed with copies crowds out other agents in searches", "declare each skill once")
		}
	}
}

// lettersOnly appends the letters of s to buf, in lower case.
func lettersOnly(buf []byte, s string) []byte {
	for _, c := range []byte(s) {
		switch {
		case c >= 'a' && c <= 'z', c >= utf8.RuneSelf:
			buf = append(buf, c)
		case c >= 'A' && c <= 'Z':
			buf = append(buf, c+'a'-'A')
		}
	}
	return append(buf, 0)
}
