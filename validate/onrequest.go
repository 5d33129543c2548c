package validate

// The On Request extension: its entry points (a card's declaration, a
// standalone params document) and the checks against the card. The shapes
// are in onrequest_shape.go, the person-entry checks in onrequest_text.go
// and onrequest_caller.go; replies in reply.go.

import (
	"bytes"
	"fmt"
	"hash/maphash"
	"strings"

	"github.com/oncard/oncard/model"
)

// OnRequestURI identifies the On Request extension (the model's constant).
const OnRequestURI = model.OnRequestURI

// The schema file is the spec's own, byte for byte; each shape is checked
// against its $defs member directly so that failures are specific.
const (
	onRequestSchemaFile = "on-request-v1.schema.json"
	onRequestDeclDef    = onRequestSchemaFile + "#/$defs/agentExtension"
	onRequestParamsDef  = onRequestSchemaFile + "#/$defs/params"
	onRequestReplyDef   = onRequestSchemaFile + "#/$defs/reply"
)

// checkOnRequestDecl checks one On Request AgentExtension entry of a card
// (ext at extPtr, e.g. /capabilities/extensions/0) against the card,
// cards (the card's skill index, which checkSkillIDs reads too).
func checkOnRequestDecl(r *report, ext *model.Node, extPtr string, cards *skillIndex) {
	checkDeclShape(r, ext, extPtr)
	checkDuplicateDecl(r, ext, extPtr, cards.card)
	checkOnRequestParams(r, ext.Get("params"), extPtr+"/params", cards)
}

// onRequest validates a standalone On Request document: the params object, or
// a whole AgentExtension entry (it has "uri" or "params"). With opts.Card the
// card checks run against that card.
func onRequest(doc *model.Doc, opts *Options) []Diagnostic {
	r := newReport(doc, opts)
	root := doc.Root()
	var cards *skillIndex
	if r.opts.Card != nil && r.opts.Card.Root() != nil {
		cards = newSkillIndex(r.opts.Card, r.opts.Card.Root(), true)
	}
	if root != nil && root.Kind == model.Object && (root.Get("uri") != nil || root.Get("params") != nil) {
		checkDeclShape(r, root, "")
		checkOnRequestParams(r, root.Get("params"), "/params", cards)
	} else {
		checkParamsShape(r, root, "")
		checkOnRequestParams(r, root, "", cards)
	}
	checkDocumentIJSON(r)
	return r.sorted()
}

// checkDuplicateDecl reports a second (third …) On Request declaration in the
// card (interpretation 5 of ON-REQUEST.md: declared at most once per card).
func checkDuplicateDecl(r *report, ext *model.Node, extPtr string, card *model.Node) {
	exts := card.Get("capabilities").Get("extensions")
	first := -1
	for i := 0; i < exts.Len(); i++ {
		item := exts.Index(i)
		if item.Get("uri").Text() != OnRequestURI {
			continue
		}
		if first < 0 {
			first = i
		}
		if item == ext && i != first {
			r.emit(ruleOnrequestDuplicateExtension, extPtr+"/uri", fmt.Sprintf("the On Request extension is declared more than once (first at capabilities.extensions[%d]); declare it once and list every skill in its params", first), "merge the skills of both declarations into one params.skills list")
			return
		}
	}
}

// skillIndex is the card the params are checked against. external means the
// card is another file than the one validated (validate --card), so findings
// about the card's skills are reported at the params entry instead. One
// index serves a check of a card: its On Request declarations and
// checkSkillIDs read the same table of ids.
type skillIndex struct {
	card     *model.Node
	external bool
	// src is the source of the card's Doc while it is as parsed (nil once
	// edited): there a skill's bytes hold its texts as they read, unless
	// an escape is among them (skillBytes).
	src []byte
	// plain: every string of the source is plain ASCII without escapes
	// (model.Doc.TextIsPlainASCII), so no skill's bytes need a look for one.
	plain  bool
	skills *model.Node // card.skills
	built  bool
	// table finds a skill by its id without a map: open addressing over
	// the ids' hashes, two slots a skill or more, each 1 + the index in
	// card.skills of the first skill with an id (0: empty). skillIDs are
	// the skills' ids by index ("" for a skill without one: only the table
	// says which skills have one). Two allocations a card, none a skill.
	table    []int32
	skillIDs []string
	// lists are, by skill, which lists the rules check it has
	// (skillLists.has), read in the same pass as its id.
	lists []uint8
	// dups are the skills whose non-empty id an earlier skill has:
	// [index, index of the first], in order.
	dups   [][2]int
	idList []string // ids(), once made
}

// slotsFor is the size of an open-addressing table of n keys: a power of
// two of at least least slots and twice n, so that a probe ends soon.
func slotsFor(n, least int) int {
	size := least
	for size < 2*n {
		size *= 2
	}
	return size
}

// idSeed seeds the hashes of skillIndex.table (which slot an id takes
// changes nothing but the probes).
var idSeed = maphash.MakeSeed()

// newSkillIndex is the index of the skills of card, the root of doc or a
// card inside it (doc may be nil: then no skill's bytes are read). It is
// built on first use.
func newSkillIndex(doc *model.Doc, card *model.Node, external bool) *skillIndex {
	c := &skillIndex{card: card, external: external}
	if doc != nil && !doc.Changed() {
		c.src = doc.Source()
		c.plain = doc.TextIsPlainASCII()
	}
	return c
}

func (c *skillIndex) build() {
	if c.built {
		return
	}
	c.built = true
	skills := c.card.Get("skills")
	c.skills = skills
	if skills == nil || skills.Kind != model.Array {
		return
	}
	c.table = make([]int32, slotsFor(skills.Len(), 8))
	c.skillIDs = make([]string, skills.Len())
	c.lists = make([]uint8, skills.Len())
	for i, sk := range skills.AllTransient() {
		read := readSkillLists(sk)
		c.lists[i] = read.has()
		id, ok := read.id.Str()
		if !ok {
			continue
		}
		c.skillIDs[i] = id
		at := c.find(id)
		if c.table[at] == 0 {
			c.table[at] = int32(i + 1)
		} else if id != "" {
			c.dups = append(c.dups, [2]int{i, int(c.table[at]) - 1})
		}
	}
}

// find returns the slot of the table that holds id's first skill, or else
// the empty slot where it would go.
func (c *skillIndex) find(id string) int {
	mask := len(c.table) - 1
	for at := int(maphash.String(idSeed, id)) & mask; ; at = (at + 1) & mask {
		if k := c.table[at]; k == 0 || c.skillIDs[k-1] == id {
			return at
		}
	}
}

// listsOf says which lists skill i has (skillLists.has), built first;
// every one for a nil index or a skill it does not know, so that the
// caller reads the skill.
func (c *skillIndex) listsOf(i int) uint8 {
	if c == nil {
		return hasEveryList
	}
	c.build()
	if i < 0 || i >= len(c.lists) {
		return hasEveryList
	}
	return c.lists[i]
}

// withRequirements tells whether skill i has securityRequirements or
// security (listsOf).
func (c *skillIndex) withRequirements(i int) bool {
	return c.listsOf(i)&(hasSecurityRequirements|hasSecurity) != 0
}

// lookup is the index of the first skill with id, built first.
func (c *skillIndex) lookup(id string) (int, bool) {
	c.build()
	if c.table == nil {
		return 0, false
	}
	k := int(c.table[c.find(id)]) - 1
	return k, k >= 0
}

// ids are the card's skill ids, each once, in the order of the skills:
// for a message, so made when the first one needs them.
func (c *skillIndex) ids() []string {
	c.build()
	if c.idList == nil {
		c.idList = []string{}
		for i, id := range c.skillIDs {
			if k, _ := c.lookup(id); k == i {
				c.idList = append(c.idList, id)
			}
		}
	}
	return c.idList
}

// skillBytes returns the bytes of skill in the card's source when every
// text of it reads there as it is (the Doc as parsed, no escape in the
// skill), else nil. A string without escapes is its bytes between its
// quotes, so text the skill's bytes do not contain is in none of its
// strings: one scan of them rules a person entry out (checkValueInSkillText).
func (c *skillIndex) skillBytes(skill *model.Node) []byte {
	if c.src == nil || skill.Start() < 0 || skill.End() > len(c.src) || skill.End()-skill.Start() < 2 {
		return nil
	}
	b := c.src[skill.Start():skill.End()]
	if b[0] != '{' || b[len(b)-1] != '}' || !c.plain && bytes.IndexByte(b, '\\') >= 0 {
		return nil
	}
	return b
}

// checkOnRequestParams runs the checks a schema cannot make on params at ptr;
// cards is nil when there is no card to check against. The schema has
// already reported the shape; anything malformed is skipped here.
func checkOnRequestParams(r *report, params *model.Node, ptr string, cards *skillIndex) {
	skills := params.Get("skills")
	if skills == nil || skills.Kind != model.Array {
		return
	}
	// The first entry of each id: for an id of the card, by the skill's
	// index (no map of the entries' ids); for other ids, in a table made
	// when one comes.
	var firstOfSkill []int32 // entry index + 1, 0 for none yet
	if cards != nil {
		cards.build()
		firstOfSkill = make([]int32, cards.skills.Len())
	}
	var firstAt firstEntries
	skillsPtr := ptr + "/skills"
	for i, entry := range skills.AllTransient() {
		entryPtr := itemPtr{skillsPtr, i}
		id, ok := entry.Get("id").Str()
		if !ok || id == "" {
			continue
		}
		j, dup := -1, false
		k, known := cards.lookupIn(firstOfSkill, id)
		if known {
			if firstOfSkill[k] > 0 {
				j, dup = int(firstOfSkill[k])-1, true
			} else {
				firstOfSkill[k] = int32(i + 1)
			}
		} else {
			j, dup = firstAt.first(skills, id, i)
		}
		if dup {
			r.emit(ruleOnrequestDuplicateSkill, entryPtr.member("id"), fmt.Sprintf("skill %q is listed more than once (first at skills[%d]); one entry per skill", id, j), "")
		}
		entryValue, _ := entry.Get("personEntry").Str()
		checkCallerSpecific(r, entryValue, entryPtr)
		if cards != nil {
			r.entryAgainstCard(cards, k, known, id, entryValue, entryPtr)
		}
	}
}

// firstEntries finds the first entry of each id of an On Request
// declaration's entries that is not a skill of the card: an
// open-addressing table of entry indexes (4 bytes a slot, two slots an
// entry or more) over the ids' hashes, which it keeps by entry (8 bytes).
// A declaration of 800,000 entries took 26 MB or more as a map of the ids
// (besides a standalone On Request document of 14 MB), 14 MB so.
type firstEntries struct {
	table  []int32  // entry index + 1, 0 for an empty slot
	hashes []uint64 // by entry: the hash of its id, when in the table
}

// first returns the entry before i with id, if any (dup); else it notes
// entry i as the first with id. entries is the declaration's array: an
// entry whose id's hash is id's is read again to compare the ids.
func (f *firstEntries) first(entries *model.Node, id string, i int) (j int, dup bool) {
	if f.table == nil {
		f.table, f.hashes = make([]int32, slotsFor(entries.Len(), 8)), make([]uint64, entries.Len())
	}
	h := maphash.String(idSeed, id)
	mask := len(f.table) - 1
	for at := int(h) & mask; ; at = (at + 1) & mask {
		k := int(f.table[at]) - 1
		if k < 0 {
			f.table[at], f.hashes[i] = int32(i+1), h
			return -1, false
		}
		if f.hashes[k] == h {
			if other, _ := entries.Index(k).Get("id").Str(); other == id {
				return k, true
			}
		}
	}
}

// lookupIn is lookup for the duplicate check of checkOnRequestParams:
// false when there is no card (c nil) or the skill has no slot in slots
// (one per skill of the card).
func (c *skillIndex) lookupIn(slots []int32, id string) (int, bool) {
	if c == nil {
		return 0, false
	}
	k, ok := c.lookup(id)
	return k, ok && k < len(slots)
}

// checkAgainstCard runs the card checks for one params entry, whose skill
// is skill k of the card (ok false: none has its id): the skill exists
// (OR-3.3), is not secured, and does not repeat the person entry in its
// own text.
func checkAgainstCard(r *report, cards *skillIndex, k int, ok bool, id, personEntry string, entryPtr itemPtr) {
	if !ok {
		r.emit(ruleOnrequestUnknownSkill, entryPtr.member("id"), fmt.Sprintf("skill %q is not a skill of this card (OR-3.3); the card's skills are: %s", id, listIDs(cards.ids())), "use the id of an entry in the card's skills[], or add that skill to the card")
		return
	}
	skill := cards.skills.Index(k)
	skillPtr := itemPtr{"/skills", k}
	var secured []string
	if cards.listsOf(k)&(hasSecurityRequirements|hasSecurity) != 0 { // most skills have neither
		secured = SecuredSkillMembers(skill)
	}
	for _, member := range secured {
		ptr, where := skillPtr.member(member), ""
		if cards.external {
			ptr, where = entryPtr.member("id"), fmt.Sprintf(" (card %s)", skillPtr.member(member))
		}
		r.emit(ruleOnrequestSecuredSkill, ptr, fmt.Sprintf("skill %q is listed On Request but carries %s%s: %s", id, member, where, SecuredSkillWhy), "remove the skill from the On Request params, or remove its "+member)
	}
	checkValueInSkillText(r, cards, skill, skillPtr, id, personEntry, entryPtr)
}

// SecuredSkillWhy is why a skill with security requirements cannot be
// listed On Request (check 2 of the extension), for messages on both faces.
const SecuredSkillWhy = "a skill a person handles on request takes no security requirements"

// SecuredSkillMembers names the members of skill that keep it from being
// listed On Request: "securityRequirements" (v1.0) and "security" (v0.3),
// each when it says anything. An empty list (or null) requires nothing, so
// it is no obstacle. It is the rule onrequest/secured-skill reports; the
// editor asks it too, to show which skills are eligible.
func SecuredSkillMembers(skill *model.Node) []string {
	// One pass over the skill's members (the first of a repeated key
	// counts, as for Get): this runs for each of a card's On Request
	// entries, and most skills have neither.
	var req, sec *model.Node
	for _, m := range skill.Members() {
		switch m.Key() {
		case "securityRequirements":
			if req == nil {
				req = m.Value
			}
		case "security":
			if sec == nil {
				sec = m.Value
			}
		}
	}
	var out []string
	if carries(req) {
		out = append(out, "securityRequirements")
	}
	if carries(sec) {
		out = append(out, "security")
	}
	return out
}

// carries reports whether a security member says anything: an empty list
// (or null) requires nothing.
func carries(n *model.Node) bool {
	if n == nil || n.Kind == model.Null {
		return false
	}
	if n.Kind == model.Array || n.Kind == model.Object {
		return n.Len() > 0
	}
	return true
}

// listIDs quotes the card's skill ids for a message, at most 20 of them.
func listIDs(ids []string) string {
	if len(ids) == 0 {
		return "(none)"
	}
	const most = 20
	q := make([]string, 0, most+1)
	for i, id := range ids {
		if i == most {
			q = append(q, fmt.Sprintf("… and %d more", len(ids)-most))
			break
		}
		q = append(q, fmt.Sprintf("%q", id))
	}
	return strings.Join(q, ", ")
}
