package validate

import (
	"bytes"
	"iter"
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/oncard/oncard/model"
)

// Incremental lets the checks of successive versions of one card (an
// editor's, after each burst of keys) re-run only what an edit can change.
// Handed in through Options.Incremental, it remembers, for each skill and
// each entry of an On Request declaration's params.skills, the findings of
// the rule families that read that member alone, with the member's exact
// bytes. The next check of the card reuses them for every member whose
// bytes and index are the same, when the rest of the card (every byte
// outside those lists) and the options are the same too; the families run
// on the other members, and every rule that reads more than one member
// runs on the whole card, always. The findings are exactly those of a
// check without it: the same findings, in the same order, at the same
// positions (a reused finding is placed again in the new document).
//
// Per member: of a skill, the security review's prose (name, description,
// examples), hidden characters, possible secrets, the shape walk, media
// types, look-alike words in its name and v0.3 leftovers; of an On
// Request entry, its shape and possible secrets, and, for an entry naming
// a skill of the card, the checks of that pair (the skill is not secured,
// its text does not repeat the entry), which read the entry and that one
// skill. Everything else runs whole: duplicate skill ids and skills,
// security requirements and schemes, brands and hosts, the security
// family's card-wide rules, the On Request declarations' own checks
// (duplicate and caller-specific entries, an entry naming no skill), OASF
// discovery, I-JSON, signatures, and the v0.3 reading of a dual card.
//
// Only a Doc as parsed is checked incrementally (an edited Doc's new
// members have no bytes of their own); other Docs and other kinds are
// checked whole, leaving the memory as it was. One check at a time uses
// it: a check that finds it in use runs whole. The zero value is ready.
type Incremental struct {
	mu   sync.Mutex
	last *memory // of the latest check, nil before the first
	// spare is the memory of the check before the latest, whose slots
	// the next check reuses (cleared) instead of allocating them anew.
	spare *memory
	// lastReused and lastRan count, for the latest complete check, the
	// members whose findings were reused and those the families ran on.
	lastReused, lastRan int
}

// memory is what one check leaves for the next: its source, where the
// tracked lists and their members were in it, the options it ran with,
// and the findings of each family on each member.
type memory struct {
	src   []byte
	lists []trackedList // in source order
	opts  optionsPrint
	memo  map[familyList][]memoSlot
}

// memberFamily names a group of per-member rules with one hooked loop.
type memberFamily uint8

const (
	famProse         memberFamily = iota + 1 // security prose of a skill (checkSecurityProse)
	famHidden                                // a2a/hidden-characters of a skill
	famSecrets                               // a2a/possible-secret inside a member (the secrets walk)
	famShape                                 // the shape walk of a member
	famModes                                 // a2a/media-type of a skill's modes
	famNames                                 // look-alike words in a skill's name
	famV03Leftovers                          // v0.3 members left in a v1.0 skill
	famEntryShape                            // the schema of an On Request entry
	famEntryAndSkill                         // an On Request entry against the skill it names
)

// skillsList is the base pointer of the card's skills.
const skillsList = "/skills"

type familyList struct {
	fam  memberFamily
	list string
}

// memoSlot is one family's findings on one member: set says the family's
// rules ran on it (or were reused); other is the index of the second
// member they read (the skill an On Request entry names), -1 for none.
type memoSlot struct {
	set   bool
	other int
	diags []Diagnostic
}

// trackedList is one list whose members are remembered one by one: its
// pointer, its bytes [start, end) in the source, and each item's.
type trackedList struct {
	ptr        string
	start, end int
	items      [][2]int
}

// optionsPrint is what of the Options the rules may read: a check under
// other options reuses nothing. MaxBytes is not in it: only the parse
// reads it, and a document that parsed is checked the same under any
// limit (a face that checks what is typed raises the limit to the
// document's size, so it changes with each key).
type optionsPrint struct {
	schemaHosts           string
	defaultHosts          bool
	path, baseURL         string
	dataOwned             bool
	card                  *model.Doc
	resolve, domain, fllw uintptr
}

func printOf(o *Options) optionsPrint {
	return optionsPrint{
		schemaHosts:  strings.Join(o.SchemaHosts, "\x00"),
		defaultHosts: o.SchemaHosts == nil,
		path:         o.Path, baseURL: o.BaseURL,
		dataOwned: o.DataOwned,
		card:      o.Card,
		resolve:   funcPointer(o.Resolve), domain: funcPointer(o.RegistrableDomain), fllw: funcPointer(o.Follow),
	}
}

// funcPointer identifies a function value by its code (closures of one
// literal share it; what they capture comes from the options compared
// beside it, such as Path).
func funcPointer(f any) uintptr {
	v := reflect.ValueOf(f)
	if !v.IsValid() || v.IsNil() {
		return 0
	}
	return v.Pointer()
}

// incrCheck is one incremental check under way: what it may reuse (prev,
// nil when nothing) and what it leaves for the next (next).
type incrCheck struct {
	owner *Incremental
	doc   *model.Doc
	prev  *memory
	next  *memory
	// same[list][i] says item i of the list has the bytes it had in prev
	// (all false when the rest of the card or the options changed).
	same map[string][]bool
	// reused and ran count the members whose findings were reused and
	// those the families ran on (Incremental.lastReused, lastRan).
	reused, ran int
	complete    bool
	// current is the loop last asked for (loop).
	current *memberLoop
}

// begin starts an incremental check of doc as a card, or returns nil for
// a check without one (no Incremental, an edited Doc, or one in use).
func (inc *Incremental) begin(doc *model.Doc, opts *Options) *incrCheck {
	if inc == nil || doc == nil || doc.Changed() {
		return nil
	}
	root := doc.Root()
	if root == nil || root.Kind != model.Object || root.Start() < 0 {
		return nil
	}
	if !inc.mu.TryLock() {
		return nil
	}
	c := &incrCheck{owner: inc, doc: doc, prev: inc.last, same: map[string][]bool{}}
	c.next = &memory{src: doc.Source(), lists: trackedLists(root), opts: printOf(opts), memo: map[familyList][]memoSlot{}}
	if spare := inc.spare; spare != nil {
		inc.spare = nil
		for key, slots := range spare.memo {
			clear(slots) // no family's findings carry over from two checks ago
			c.next.memo[key] = slots
		}
	}
	if c.prev != nil && c.prev.opts == c.next.opts && sameOutside(c.prev, c.next) {
		for k, l := range c.next.lists {
			p := c.prev.lists[k]
			same := make([]bool, len(l.items))
			for i := range min(len(l.items), len(p.items)) {
				a, b := l.items[i], p.items[i]
				same[i] = bytes.Equal(c.next.src[a[0]:a[1]], c.prev.src[b[0]:b[1]])
			}
			c.same[l.ptr] = same
		}
	}
	return c
}

// done marks the check complete: end keeps its memory for the next one.
func (c *incrCheck) done() {
	if c != nil {
		c.complete = true
	}
}

// end releases the Incremental; the memory of a complete check replaces
// the one before.
func (c *incrCheck) end() {
	if c == nil {
		return
	}
	if c.complete {
		c.owner.spare, c.owner.last = c.owner.last, c.next
		c.owner.lastReused, c.owner.lastRan = c.reused, c.ran
	}
	c.owner.mu.Unlock()
}

// trackedLists finds the lists remembered member by member: the card's
// skills and each On Request declaration's params.skills, in source order.
func trackedLists(root *model.Node) []trackedList {
	var lists []trackedList
	add := func(ptr string, n *model.Node) {
		if n == nil || n.Kind != model.Array || n.Start() < 0 {
			return
		}
		l := trackedList{ptr: ptr, start: n.Start(), end: n.End(), items: make([][2]int, n.Len())}
		for i, it := range n.All() {
			l.items[i] = [2]int{it.Start(), it.End()}
		}
		lists = append(lists, l)
	}
	add(skillsList, root.Get("skills"))
	for i, ext := range root.Get("capabilities").Get("extensions").All() {
		if uri, _ := strValue(ext.Get("uri")); uri == OnRequestURI {
			add(indexPtr("/capabilities/extensions", i)+"/params/skills", ext.Get("params").Get("skills"))
		}
	}
	slices.SortFunc(lists, func(a, b trackedList) int { return a.start - b.start })
	return lists
}

// sameOutside reports whether the two sources are byte for byte the same
// outside their tracked lists, and track the same lists: then every rule
// reading the rest of the card sees what it saw before.
func sameOutside(a, b *memory) bool {
	if len(a.lists) != len(b.lists) {
		return false
	}
	ai, bi := 0, 0
	for k := range a.lists {
		la, lb := a.lists[k], b.lists[k]
		if la.ptr != lb.ptr || !bytes.Equal(a.src[ai:la.start], b.src[bi:lb.start]) {
			return false
		}
		ai, bi = la.end, lb.end
	}
	return bytes.Equal(a.src[ai:], b.src[bi:])
}

// memberLoop is one family's loop over one list in this check: which
// items kept their bytes, the findings the family made on each in the
// previous check, and those it makes now.
type memberLoop struct {
	key        familyList
	same       []bool
	prev, next []memoSlot
}

// loop returns the memberLoop of fam over list (the same one for every
// item: the maps are read once per loop, not once per member).
func (c *incrCheck) loop(fam memberFamily, list string) *memberLoop {
	key := familyList{fam, list}
	if l := c.current; l != nil && l.key == key {
		return l
	}
	l := &memberLoop{key: key, same: c.same[list]}
	if c.prev != nil {
		l.prev = c.prev.memo[key]
	}
	n := 0
	for _, t := range c.next.lists {
		if t.ptr == list {
			n = len(t.items)
		}
	}
	if l.next = c.next.memo[key]; len(l.next) != n {
		l.next = make([]memoSlot, n)
		c.next.memo[key] = l.next
	}
	c.current = l
	return l
}

// reuse adds again the findings the loop's family made on item i in the
// previous check (other: the index of the skill they also read, -1 for
// none), placed in the new document, and reports whether it could.
func (c *incrCheck) reuse(r *report, l *memberLoop, i, other int) bool {
	if i >= len(l.same) || !l.same[i] || i >= len(l.prev) {
		return false
	}
	slot := l.prev[i]
	if !slot.set || slot.other != other {
		return false
	}
	if other >= 0 {
		skills := c.same[skillsList]
		if other >= len(skills) || !skills[other] {
			return false
		}
	}
	for _, d := range slot.diags {
		d.Line, d.Column = r.doc.KeyPosition(d.Pointer)
		r.diags = append(r.diags, d)
	}
	c.keep(l, i, other, slot.diags)
	c.reused++
	return true
}

// keep remembers diags as the loop's family's findings on item i.
func (c *incrCheck) keep(l *memberLoop, i, other int, diags []Diagnostic) {
	if i < len(l.next) { // always, for a list as parsed
		l.next[i] = memoSlot{set: true, other: other, diags: slices.Clip(diags)}
	}
}

// perMember runs the findings of fam on member i of list (other: the
// skill they also read, -1 for none): reused when they can be, else check
// runs and its findings are remembered. Without an incremental check it
// is check().
func (r *report) perMember(fam memberFamily, list string, i, other int, check func()) {
	c := r.inc
	if c == nil {
		check()
		return
	}
	l := c.loop(fam, list)
	if c.reuse(r, l, i, other) {
		return
	}
	start := len(r.diags)
	check()
	c.ran++
	c.keep(l, i, other, slices.Clone(r.diags[start:]))
}

// eachSkill is the range of a per-skill family's loop over the card's
// skills: it yields the skills fam's rules must look at, and adds again
// the findings of the others (Incremental). The loop's body must read no
// other member than the skill it is given (and the rest of the card).
func (r *report) eachSkill(fam memberFamily, skills *model.Node) iter.Seq2[int, *model.Node] {
	return r.eachMember(fam, skillsList, skills, nil)
}

// eachSkillOf is eachSkill for a loop that reads only the skills i for
// which want(i) holds: a whole check makes no other (a packed skill is
// made only to be read). An incremental check yields them all, as its
// bookkeeping is by member; the loop tests want itself too.
func (r *report) eachSkillOf(fam memberFamily, skills *model.Node, want func(i int) bool) iter.Seq2[int, *model.Node] {
	return r.eachMember(fam, skillsList, skills, want)
}

// eachMember is eachSkill for the items of any tracked list (arr: the
// array; none for anything else), with eachSkillOf's want (nil: every
// item).
func (r *report) eachMember(fam memberFamily, list string, arr *model.Node, want func(int) bool) iter.Seq2[int, *model.Node] {
	return func(yield func(int, *model.Node) bool) {
		c := r.inc
		if c == nil {
			// The loops keep no node of a member past it (a large card's
			// skills, packed, made one after another in the same memory).
			for i, it := range arr.AllTransientOf(want) {
				if !yield(i, it) {
					return
				}
			}
			return
		}
		l := c.loop(fam, list)
		for i, it := range arr.All() {
			if c.reuse(r, l, i, -1) {
				continue
			}
			start := len(r.diags)
			if !yield(i, it) {
				return // the loop left early: nothing remembered for item i
			}
			c.ran++
			c.keep(l, i, -1, slices.Clone(r.diags[start:]))
		}
	}
}

// entryAgainstCard is checkAgainstCard for entry at of an On Request
// declaration of the card (its skill k, known or not), reused when neither
// the entry nor the skill it names changed. An entry naming no skill is checked every time: its
// message lists the card's skill ids.
func (r *report) entryAgainstCard(cards *skillIndex, k int, known bool, id, personEntry string, at itemPtr) {
	check := func() { checkAgainstCard(r, cards, k, known, id, personEntry, at) }
	if r.inc == nil || cards.external || !known {
		check()
		return
	}
	r.perMember(famEntryAndSkill, at.base, at.i, k, check)
}

// memberwise walks the items of array n where the walk is with walk, one member
// at a time through eachMember (reusing what it can), when n is a tracked
// list (the card's skills, an On Request declaration's entries), and
// reports whether it did; any other array is left to the caller's loop.
// Callers test r.inc first, so that a whole check makes no closure.
func (w *walker) memberwise(fam memberFamily, n *model.Node, walk func(*model.Node)) bool {
	c := w.r.inc
	if c == nil {
		return false
	}
	for _, l := range c.next.lists {
		if !w.at(l.ptr) {
			continue
		}
		for i, it := range w.r.eachMember(fam, l.ptr, n, nil) {
			m := w.pushIndex(i)
			walk(it)
			w.pop(m)
		}
		return true
	}
	return false
}
