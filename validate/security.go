package validate

import (
	"cmp"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/oncard/oncard/model"
)

// The security/… rules of a card (rules_security.go) come in two parts:
// checkSecurityProse reads the prose a reading model takes in and counts
// the skills that repeat one name and description (floods), scans of every
// skill's texts that run with the other text rules (checkTextRules, beside
// the others on a large card); checkSecurityCard reads the names people
// and registries go by, the URLs a client or registry fetches, and the
// capabilities offered without protection, a few members, with the card's
// own rules (checkCardRules). The two halves take about as long on a
// large card (docs/PERFORMANCE.md). Inline cards of
// a catalog go through checkCard, so they get both. The secret, http: and
// invisible-character rules of the a2a family are listed with them (their
// Tags).

// checkSecurityProse is the security review's half that runs with the
// text rules: phrases, encoded payloads and floods in the prose, and the
// skills repeated to flood searches.
func checkSecurityProse(r *report, root *model.Node) {
	var ps proseScanner
	forEachProse(r, root, func(at proseAt, n *model.Node) {
		if s, ok := n.Str(); ok && s != "" {
			checkProse(r, &ps, at, s)
		}
	})
	checkDuplicateSkills(r, root)
}

// checkSecurityCard is the half that runs with the card's own rules:
// look-alike and impostor names, the hosts a client fetches, and
// capabilities offered without protection.
func checkSecurityCard(r *report, root *model.Node) {
	checkNames(r, root)
	checkHosts(r, root)
	checkUnprotectedActions(r, root)
}

// proseAt says where a text is: a member of the card, of skill skill
// (example example), or of extension ext. Its pointer is made only for a
// finding: a card has thousands of texts and few findings.
type proseAt struct {
	member              string
	skill, example, ext int
}

func (a proseAt) ptr() string {
	switch {
	case a.ext >= 0:
		return indexPtr("/capabilities/extensions", a.ext) + "/" + a.member
	case a.example >= 0:
		return indexPtr(indexPtr("/skills", a.skill)+"/examples", a.example)
	case a.skill >= 0:
		return indexPtr("/skills", a.skill) + "/" + a.member
	}
	return "/" + a.member
}

// long is false for names: a name is not checked for length.
func (a proseAt) long() bool { return a.member != "name" }

// forEachProse calls fn with every text of the card that models read to
// choose an agent and a skill: the card's name and description, each
// skill's name, description and examples, each extension's description.
// A skill's texts are skipped when r reuses its findings (Incremental).
func forEachProse(r *report, root *model.Node, fn func(at proseAt, n *model.Node)) {
	card := proseAt{skill: -1, example: -1, ext: -1}
	for _, m := range []string{"name", "description"} {
		if n := root.Get(m); n != nil {
			at := card
			at.member = m
			fn(at, n)
		}
	}
	for i, sk := range r.eachSkill(famProse, root.Get("skills")) {
		if sk.Kind != model.Object {
			continue
		}
		// One pass over the skill's members rather than a lookup for
		// each; the first of members with the same name counts, as for
		// Get.
		var seen uint8
		for _, mem := range sk.Members() {
			var bit uint8
			switch mem.Key() {
			case "name":
				bit = 1
			case "description":
				bit = 2
			case "examples":
				bit = 4
			default:
				continue
			}
			if seen&bit != 0 {
				continue
			}
			seen |= bit
			at := proseAt{member: mem.Key(), skill: i, example: -1, ext: -1}
			if bit != 4 {
				fn(at, mem.Value)
				continue
			}
			for j, ex := range mem.Value.All() {
				at.example = j
				fn(at, ex)
			}
		}
	}
	for i, ext := range root.Get("capabilities").Get("extensions").All() {
		if n := ext.Get("description"); n != nil {
			fn(proseAt{member: "description", skill: -1, example: -1, ext: i}, n)
		}
	}
}

// maxProse is the longest description or example that is not a flood
// (security/oversized-text), in characters.
const maxProse = 4000

// checkProse scans one text for instructions, bait and claims, encoded
// payloads, and its length.
func checkProse(r *report, ps *proseScanner, at proseAt, s string) {
	for _, f := range ps.scanPhrases(s) {
		ptr := at.ptr()
		r.emitExcerpt(f.rule, ptr, memberName(ptr)+" holds "+f.what+proseWhy(f.rule), proseHint(f.rule), excerpt(s, f.start, f.end))
	}
	if what, start, end := encodedPayload(s); what != "" && secretIn([]byte(s)) == "" {
		ptr := at.ptr()
		r.emitExcerpt(ruleSecurityEncodedPayload, ptr, memberName(ptr)+" holds "+what+": text people cannot read, which a model may decode and follow", "remove the encoded text from the prose", excerpt(s, start, end))
	}
	if len(s) > maxProse && at.long() {
		if n := utf8.RuneCountInString(s); n > maxProse {
			ptr := at.ptr()
			r.emitExcerpt(ruleSecurityOversizedText, ptr, memberName(ptr)+" is "+strconv.Itoa(n)+" characters long (more than "+strconv.Itoa(maxProse)+"): it floods the context of the model that reads the card", "keep it short; move the rest to documentationUrl", excerpt(s, 0, maxExcerpt-10))
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
	// Back to the start of the characters cut, at most UTFMax-1 bytes:
	// a text that is not UTF-8 (a run of continuation bytes) must not
	// stretch the excerpt.
	for k := 0; k < utf8.UTFMax-1 && from > 0 && !utf8.RuneStart(s[from]); k++ {
		from--
	}
	for k := 0; k < utf8.UTFMax-1 && to < len(s) && to > from && !utf8.RuneStart(s[to]); k++ {
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
	for i, ext := range root.Get("capabilities").Get("extensions").All() {
		if uri, _ := strValue(ext.Get("uri")); uri != OnRequestURI {
			continue
		}
		first, n := -1, 0
		for j, entry := range ext.Get("params").Get("skills").All() {
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
		if list := memberOf(root, key); list != nil && list.Kind == model.Array && list.Len() > 0 {
			return true
		}
	}
	return false
}

// minDuplicateSkills is how many skills with one name and description make
// a flood (security/duplicate-skills).
const minDuplicateSkills = 10

// checkDuplicateSkills: many skills with the same description and names
// that differ only in case, digits or punctuation ("Route 1", "Route 2").
// Names are compared first, by a 64-bit FNV-1a hash of their letters (a
// card holds at most a few hundred skills); only a name shared by enough
// skills has their descriptions compared.
func checkDuplicateSkills(r *report, root *model.Node) {
	skills := root.Get("skills")
	if skills == nil || skills.Kind != model.Array || skills.Len() < minDuplicateSkills {
		return
	}
	var room [256]uint64 // most cards' skills: no allocation
	hashes := room[:0]
	if skills.Len() > len(room) {
		hashes = make([]uint64, 0, skills.Len())
	}
	for _, sk := range skills.AllTransient() {
		name, _ := strValue(sk.Get("name"))
		hashes = append(hashes, lettersHash(fnvOffset, name))
	}
	if !anyRepeated(hashes, minDuplicateSkills) {
		return // most cards: no name comes back often enough to sort them
	}
	type named struct {
		hash  uint64
		index int
	}
	names := make([]named, len(hashes))
	for i, h := range hashes {
		names[i] = named{h, i}
	}
	slices.SortFunc(names, func(a, b named) int { return cmp.Or(cmp.Compare(a.hash, b.hash), a.index-b.index) })
	var groups [][]named // of minDuplicateSkills names or more with one hash
	for lo := 0; lo < len(names); {
		hi := lo + 1
		for hi < len(names) && names[hi].hash == names[lo].hash {
			hi++
		}
		if hi-lo >= minDuplicateSkills {
			groups = append(groups, names[lo:hi])
		}
		lo = hi
	}
	if len(groups) == 0 {
		return
	}
	// Their descriptions, read in one walk of the skills: reading a
	// packed array's items by index makes each one's nodes alone.
	descs := make([]string, len(hashes))
	wanted := make([]bool, len(hashes))
	for _, g := range groups {
		for _, n := range g {
			wanted[n.index] = true
		}
	}
	for i, sk := range skills.AllTransientOf(func(i int) bool { return i < len(wanted) && wanted[i] }) {
		descs[i], _ = strValue(sk.Get("description"))
	}
	for _, g := range groups {
		same := map[string][]int{}
		for _, n := range g {
			same[descs[n.index]] = append(same[descs[n.index]], n.index)
		}
		// The group that starts first, not the first a map yields:
		// the finding must not change from one check to the next.
		var flood []int
		for _, group := range same {
			if len(group) >= minDuplicateSkills && (flood == nil || slices.Min(group) < slices.Min(flood)) {
				flood = group
			}
		}
		if flood != nil {
			r.emit(ruleSecurityDuplicateSkills, "/skills", strconv.Itoa(len(flood))+" skills (the first "+indexPtr("/skills", slices.Min(flood))+") have the same name and description: a card stuffed with copies crowds out other agents in searches", "declare each skill once")
			return
		}
	}
}

// anyRepeated reports whether some hash comes at least times times (at
// most 255), counting them in an open-addressing table of twice their
// number or more (one pass, where a sort takes n log n comparisons). The
// counts are a table of their own, a byte each: on a card of 30,000
// skills the two take 0.6 MB where slots of a hash and a count took 1 MB.
func anyRepeated(hashes []uint64, times int) bool {
	size := slotsFor(len(hashes), 64)
	var hashesOnStack [512]uint64
	var countsOnStack [512]uint8
	table, counts := hashesOnStack[:min(size, 512)], countsOnStack[:min(size, 512)]
	if size > 512 {
		table, counts = make([]uint64, size), make([]uint8, size)
	}
	mask := uint64(size - 1)
	for _, h := range hashes {
		for i := h & mask; ; i = (i + 1) & mask {
			if counts[i] == 0 {
				table[i], counts[i] = h, 1
				break
			}
			if table[i] == h {
				if counts[i]++; int(counts[i]) >= times {
					return true
				}
				break
			}
		}
	}
	return false
}

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// lettersHash adds the letters of s, in lower case, and an end mark to
// the FNV-1a hash h. Each byte is looked up in nameLetters and mixed in
// when it is a letter, with no branch on which kind of byte it is: the
// names of a card's skills mix capitals, spaces and digits in no order a
// branch predicts.
func lettersHash(h uint64, s string) uint64 {
	for i := 0; i < len(s); i++ {
		c := nameLetters[s[i]]
		mixed := (h ^ uint64(c)) * fnvPrime
		if c != 0 {
			h = mixed
		}
	}
	return (h ^ 0xff) * fnvPrime
}

// nameLetters maps each byte that lettersHash counts (an ASCII letter, any
// byte outside ASCII) to itself in lower case, and every other byte to 0.
var nameLetters = func() (t [256]byte) {
	for c := range 256 {
		switch {
		case c >= 'A' && c <= 'Z':
			t[c] = byte(c) + 'a' - 'A'
		case c >= 'a' && c <= 'z', c >= utf8.RuneSelf:
			t[c] = byte(c)
		}
	}
	return t
}()
