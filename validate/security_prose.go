package validate

import (
	"math/bits"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The prose scanner reads the texts a model reads when it chooses an agent
// (names, descriptions, skills' examples) for phrases aimed at that model:
// instructions, routing bait, claims of endorsement. It works on words,
// not on regular expressions: the text is split into lower-case words once,
// and each word is looked up among the first words of the phrases
// (phraseStarts); only a match is followed further. A card of 200 skills is
// a few thousand lookups.

// phraseFinding is one phrase found: its rule, what it is (for the
// message) and where it is in the text (bytes, for the excerpt).
type phraseFinding struct {
	rule       *Rule
	what       string
	start, end int
}

// word is one word of the text: its lower-case form (lower[lo:hi] of the
// scanner) and its bytes in the text.
type word struct {
	lo, hi     int
	start, end int
}

// proseScanner holds the buffers one card's texts are scanned with. After
// a phrase's first word, words holds it and the words read after it, as
// far as a match has looked (next is where the next word is searched).
//
// The rest is what scanPhrases keeps of a text out of its word loop, where
// the loop's few registers need not hold it: the findings so far, the
// first words waiting for a word they need (queue[:queued], in order, and
// the words any of them needs, so that the loop tests a word against them
// all at once), and the last three words read (recent[(count-1)&3] the
// last; count the words read, while lookAt runs).
type proseScanner struct {
	words []word
	lower []byte
	s     string
	next  int

	found  []phraseFinding
	queue  [4]pendingStart
	queued int
	needs  wordSet
	recent [4][2]int
	count  int
}

// has reads words up to word i, and reports whether there is one.
func (ps *proseScanner) has(i int) bool {
	for len(ps.words) <= i {
		start, end := nextWord(ps.s, ps.next)
		if start < 0 {
			return false
		}
		ps.add(ps.s, start, end)
		ps.next = end
	}
	return true
}

// step is one position of a phrase: one of its words (any word when
// words is nil and gap > 0), optional or not.
type step struct {
	words    []string
	optional bool
	// gap > 0: up to gap words of any kind, then the next step.
	gap int
}

// phrase is a sequence of steps starting with one of its first words.
type phrase struct {
	rule  *Rule
	what  string
	steps []step
	// after: the phrase counts only right after one of these words (its
	// first word is a rarer one than "the").
	after []string
	// notAfter: the phrase does not count right after these words (before
	// the after word, when there is one): "find the best agent" describes a
	// router, it does not bait one.
	notAfter []string
}

func one(w ...string) step { return step{words: w} }
func opt(w ...string) step { return step{words: w, optional: true} }
func gap(n int) step       { return step{gap: n} }

// The words phrases are made of.
var (
	earlier       = []string{"previous", "prior", "preceding", "earlier", "above", "former", "original", "initial", "existing", "other", "old"}
	instructions  = []string{"instructions", "instruction", "prompts", "prompt", "rules", "directions", "directives", "guidelines", "messages", "context", "commands", "guidance", "orders"}
	theUser       = []string{"user", "users", "human", "humans", "customer", "customers", "operator", "requester"}
	sensitiveData = []string{"conversation", "conversations", "transcript", "transcripts", "history", "credentials", "credential", "password", "passwords", "secrets", "secret", "cookies", "cookie", "prompt", "pii", "ssn", "keys"}
	routerVerbs   = []string{"choose", "pick", "prefer", "select", "use", "route", "call", "recommend", "delegate", "invoke"}
	endorsed      = []string{"certified", "endorsed", "accredited", "approved", "audited", "verified", "authorized", "authorised", "sanctioned", "vetted"}
	describers    = []string{"find", "finds", "finding", "choose", "chooses", "choosing", "select", "selects", "selecting", "pick", "picks", "recommend", "recommends", "match", "matches", "identify", "identifies", "discover", "discovers", "route", "routes", "rank", "ranks", "compare", "compares", "which", "is"}
)

var phrases = []phrase{
	// Instructions aimed at the reading model.
	{rule: ruleSecurityModelInstruction, what: "an order to ignore earlier instructions", steps: []step{
		one("ignore", "disregard", "forget", "override", "bypass", "skip", "ignoring", "disregarding"), opt("all", "any", "every", "each"), opt("of"), opt("the", "your", "my", "these", "those", "its"),
		one(earlier...), one(instructions...)}},
	{rule: ruleSecurityModelInstruction, what: "an order to ignore the model's instructions", steps: []step{
		one("ignore", "disregard", "forget", "override", "bypass"), one("all", "your", "any"), opt("the", "of", "safety", "system"), one("instructions", "rules", "guidelines", "prompts", "restrictions", "policies")}},
	{rule: ruleSecurityModelInstruction, what: "a mention of the model's hidden instructions (system prompt)", steps: []step{
		one("system", "developer", "hidden"), one("prompt")}},
	{rule: ruleSecurityModelInstruction, what: "an order that the model must always or never do something", steps: []step{
		one("you", "assistants", "assistant", "model", "models", "llm", "llms", "ai"), one("must", "shall"), one("always", "never")}},
	{rule: ruleSecurityModelInstruction, what: "an order to keep something from the user", steps: []step{
		one("do", "does", "never", "without", "don't", "dont"), opt("not"), one("tell", "telling", "inform", "informing", "mention", "mentioning", "reveal", "revealing", "disclose", "disclosing", "notify", "notifying", "alert", "alerting", "asking", "warn", "warning", "show", "showing"),
		opt("this", "it", "that", "anything"), opt("to"), opt("the", "your"), one(theUser...)}},
	{rule: ruleSecurityModelInstruction, what: "an order to keep something from the user", steps: []step{
		one("hide", "conceal", "keep", "withhold"), gap(3), one("from"), opt("the", "your"), one(theUser...)}},
	{rule: ruleSecurityModelInstruction, what: "an order to call a tool", steps: []step{
		one("call", "invoke", "execute", "trigger", "run"), one("this", "the", "that"), opt("following", "next"), one("tool", "function")}},
	{rule: ruleSecurityModelInstruction, what: "an order to send the conversation, credentials or data elsewhere", steps: []step{
		one("send", "forward", "post", "upload", "transmit", "leak", "exfiltrate", "email", "copy", "sends", "forwards", "uploads"), gap(4), one(sensitiveData...), gap(4), one("to")}},
	{rule: ruleSecurityModelInstruction, what: "an order to exfiltrate data", steps: []step{one("exfiltrate", "exfiltrating")}},
	// The override phrase in other languages.
	{rule: ruleSecurityModelInstruction, what: "an order to ignore earlier instructions (German)", steps: []step{
		one("ignoriere", "ignoriert", "ignorieren", "vergiss", "vergesst", "vergessen", "missachte"), opt("sie"), opt("alle"), opt("deine", "ihre", "die"),
		one("vorherigen", "bisherigen", "vorigen", "früheren", "obigen", "vorangegangenen"), one("anweisungen", "instruktionen", "befehle", "regeln", "anweisung")}},
	{rule: ruleSecurityModelInstruction, what: "an order to ignore earlier instructions (French)", steps: []step{
		one("ignore", "ignorez", "ignorer", "oublie", "oubliez", "oublier"), opt("toutes"), one("les", "tes", "vos"), one("instructions", "consignes", "règles", "directives"), one("précédentes", "antérieures")}},
	{rule: ruleSecurityModelInstruction, what: "an order to ignore earlier instructions (Spanish)", steps: []step{
		one("ignora", "ignore", "ignorar", "olvida", "olvide", "olvidar"), opt("todas"), one("las", "tus", "sus"), one("instrucciones", "indicaciones", "reglas"), one("anteriores", "previas")}},
	{rule: ruleSecurityModelInstruction, what: "an order to ignore earlier instructions (Italian)", steps: []step{
		one("ignora", "ignorare", "dimentica", "dimenticare"), opt("tutte"), one("le"), one("istruzioni", "regole"), one("precedenti")}},
	{rule: ruleSecurityModelInstruction, what: "an order to ignore earlier instructions (Portuguese)", steps: []step{
		one("ignore", "ignora", "ignorar", "esqueça", "esqueca"), opt("todas"), one("as"), one("instruções", "instrucoes", "regras"), one("anteriores")}},

	// Routing bait.
	{rule: ruleSecuritySelectionBait, what: "an order to route every request to this agent", steps: []step{
		one("always"), one(routerVerbs...), opt("to"), one("me", "us")}},
	{rule: ruleSecuritySelectionBait, what: "an order to route every request to this agent", steps: []step{
		one("always"), one(routerVerbs...), opt("to"), one("this", "our"), opt("ai", "a2a"), one("agent", "assistant", "service", "one", "bot")}},
	{rule: ruleSecuritySelectionBait, what: "an order to rank this agent above others", steps: []step{
		one(routerVerbs...), one("this", "our"), opt("agent", "assistant", "one", "service"), one("over", "instead", "before", "above", "first")}},
	{rule: ruleSecuritySelectionBait, what: "an order to shun competing agents", steps: []step{
		one("never", "not", "don't", "dont"), one(routerVerbs...), one("other", "another", "any"), opt("other"), one("agent", "agents", "assistant", "assistants")}},
	{rule: ruleSecuritySelectionBait, what: "a superlative claim (best, only, official) about the agent", after: []string{"the"}, notAfter: describers, steps: []step{
		one("best", "only", "official", "ultimate", "top", "leading", "greatest", "#1", "number-one"), opt("ai", "a2a"), one("agent", "assistant")}},

	// Claims nothing in the card can prove.
	{rule: ruleSecurityUnverifiableClaim, what: "a claim of certification or endorsement by an organisation", steps: []step{
		one("this", "our"), one("agent", "assistant", "service", "app"), opt("is", "has", "was"), opt("been"), opt("officially", "fully", "formally"), one(endorsed...)}},
	{rule: ruleSecurityUnverifiableClaim, what: "a claim of certification or endorsement by an organisation", steps: []step{
		one("certified", "endorsed", "accredited"), one("by")}},
	{rule: ruleSecurityUnverifiableClaim, what: "a claim of certification or endorsement by an organisation", steps: []step{
		one("officially"), one(endorsed...)}},
	{rule: ruleSecurityUnverifiableClaim, what: "a claimed partnership with an organisation", steps: []step{
		one("official"), one("partner", "partners", "representative", "reseller"), one("of", "for")}},
}

// phraseStarts indexes phrases by their first words, in lower case.
// firstWords is a Bloom filter of them (of their wordMix), which passes over
// nearly every other word with one load and one test, before the scanner
// looks a word up; shortStarts holds those of eight bytes or fewer by
// their key, so that a plain word is looked up without putting it in lower
// case.
var phraseStarts, firstWords, shortStarts = func() (map[string]*phraseStart, *[firstWordsLen]uint64, *[shortStartsLen]shortStart) {
	m := map[string]*phraseStart{}
	var filter [firstWordsLen]uint64
	var short [shortStartsLen]shortStart
	for i, p := range phrases {
		words, anyNext := secondWords(p.steps[1:])
		need, window := requiredAhead(p.steps[1:])
		for _, w := range p.steps[0].words {
			st := m[w]
			if st == nil {
				st = &phraseStart{next: map[string]bool{}, window: window}
				m[w] = st
				key := wordKey(w)
				mix := wordMix(key, len(w))
				filter[mix>>firstWordsShift] |= firstWordBit(mix)
				if len(w) <= 8 {
					j := mix >> shortStartsShift
					for short[j].st != nil {
						j = (j + 1) % shortStartsLen
					}
					short[j] = shortStart{key, st}
				}
			}
			st.phrases = append(st.phrases, i)
			if window == 0 || st.window == 0 {
				st.window = 0
			} else {
				st.window = max(st.window, window)
				for _, n := range need {
					st.need.add(wordMix(wordKey(n), len(n)))
				}
			}
			if anyNext {
				st.anyNext = true
				continue
			}
			for _, n := range words {
				st.next[n] = true
			}
		}
	}
	return m, &filter, &short
}()

// phraseStart is what follows one first word: its phrases, and the words
// that may come second in one of them (anyNext: any word may, or none
// need to).
//
// Every one of its phrases but those of window 0 needs one word of need
// among the window words after the first: the scan looks no further at a
// first word whose next window words pass none (most of those of "do",
// "you" or "copy").
type phraseStart struct {
	phrases []int
	next    map[string]bool
	anyNext bool
	need    wordSet
	window  int
}

// requiredAhead returns the words of the first step of steps that is not
// optional nor a gap, and the last word (counted from 1, after the first
// word) it can be at; window 0 when every step can be passed over.
func requiredAhead(steps []step) (words []string, window int) {
	window = 1
	for _, st := range steps {
		switch {
		case st.gap > 0:
			window += st.gap
		case st.optional:
			window++
		default:
			return st.words, window
		}
	}
	return nil, 0
}

// shortStart is a slot of shortStarts: a first word's key and its
// phraseStart (nil: an empty slot).
type shortStart struct {
	key uint64
	st  *phraseStart
}

// shortStarts is an open-addressing table of 256 slots by the top bits of
// wordMix (the 75 first words of eight bytes or fewer fill under a third).
const (
	shortStartsLen   = 256
	shortStartsShift = 64 - 8
)

// shortStartOf returns the phraseStart of a word of at most eight bytes
// whose key is key, or nil.
func shortStartOf(key, mix uint64) *phraseStart {
	for j := mix >> shortStartsShift; ; j = (j + 1) % shortStartsLen {
		switch e := &shortStarts[j]; {
		case e.st == nil:
			return nil
		case e.key == key:
			return e.st
		}
	}
}

// secondWords lists the words that can begin steps: those of its optional
// steps up to the first required one, and of that one. any when a gap or
// the end of the phrase can come first.
func secondWords(steps []step) (words []string, any bool) {
	for _, st := range steps {
		if st.gap > 0 {
			return nil, true
		}
		words = append(words, st.words...)
		if !st.optional {
			return words, false
		}
	}
	return nil, true
}

// A word is hashed as its first eight bytes in lower case, read as one
// little-endian number with zeros after the word's end (wordKey), and its
// length in lower case: a word of eight bytes or fewer is its key, and a
// word of plain ASCII letters and digits is the eight bytes the scan has
// just read, in lower case, masked to its length.
func wordKey[T ~string | ~[]byte](w T) uint64 {
	var k uint64
	for j := min(len(w), 8) - 1; j >= 0; j-- {
		k = k<<8 | uint64(w[j])
	}
	return k
}

// wordMix mixes a word's key and length into the bits the filters take
// (Fibonacci hashing: the high bits of the product depend on every byte).
func wordMix(key uint64, n int) uint64 { return (key ^ uint64(n)) * 0x9e3779b97f4a7c15 }

// firstWords has 512 words of 64 bits (4 KiB, in the first-level cache);
// a first word sets one bit, chosen by its mix, so that a word is tested
// with one load and one bit. With the 94 first words, about one word in
// 350 that is not one passes (then shortStarts or phraseStarts tells).
const (
	firstWordsLen   = 512
	firstWordsShift = 64 - 9
)

func firstWordBit(mix uint64) uint64 { return 1 << (mix >> 49 & 63) }

// wordSet is a Bloom filter of a few dozen words: two bits of 512 for
// each, so that about one word in 100 that is not one passes (of the 27
// words "never" needs).
type wordSet [8]uint64

func (ws *wordSet) add(mix uint64) {
	ws[mix>>61] |= 1 << (mix >> 55 & 63)
	ws[mix>>52&7] |= 1 << (mix >> 46 & 63)
}

func (ws *wordSet) has(mix uint64) bool {
	return ws[mix>>61]&(1<<(mix>>55&63)) != 0 && ws[mix>>52&7]&(1<<(mix>>46&63)) != 0
}

// scanPhrases returns the first phrase of each rule found in s. One pass
// over the bytes finds the words and mixes each (wordMix); only a word
// that passes firstWords is looked up, and the phrases of a first word are
// matched (phrasesAt, which reads the words after it again with nextWord,
// the same words the pass finds) only once a word the pass reads after it
// passes its need filter within its window (most never do): the first
// words wait in queue, and the loop tests each word against the needs of
// all of them at once.
//
// Most words are plain ASCII letters followed by a separator: the pass
// reads the eight bytes at a word's start at once, its end is the first
// of them that is not a letter (alphaBytes; a word longer than eight
// bytes reads eight more at a time) and its key comes from the same
// bytes, with no branch for each byte. A word with a digit in it is read
// again with the digits (alnumWord); one with anything else in it or
// after it (a mark, a character outside ASCII) a character at a time
// (wordEnd), and is put in lower case to be mixed.
func (ps *proseScanner) scanPhrases(s string) []phraseFinding {
	// found and queued are left empty by the scan before, and recent is
	// read only as far back as count goes (firstWord).
	count := 0 // the words read (ps.count while lookAt runs)
	for i := 0; i < len(s); {
		start, end, next := i, i, 0
		var key uint64
		var n int // the word's length in lower case
		var w uint64
		switch {
		case i+8 <= len(s):
			w = load64(s, i)
		case len(s) >= 8: // the last eight bytes, shifted down past those before i
			w = load64(s, len(s)-8) >> (8 * (i + 8 - len(s)))
		default:
			w = loadTail(s, i)
		}
		alpha := alphaBytes(w)
		switch {
		case alpha&0x80 != 0:
			// A word of ASCII letters: its key from the first eight bytes
			// (all of them when the word is longer: stops&-stops is then
			// 0, and the mask all ones), then its end.
			stops := ^alpha & highBits
			key = (w | lowerBits) & ((stops&-stops)>>7 - 1)
			for stops == 0 {
				end += 8
				w = load8(s, end)
				stops = ^alphaBytes(w) & highBits
			}
			stop := bits.TrailingZeros64(stops) // bit 7 of the byte after it
			end += stop >> 3
			switch wordClass[byte(w>>(stop&^7))] { // past the text: 0, a separator
			case sep:
				n, next = end-start, end+1
				// Noted here, where start and end are at hand in
				// registers (firstWord reads the word and the two before
				// it from recent).
				ps.recent[count&3] = [2]int{start, end}
				goto word
			case letter: // a digit: the word is read again with the digits
				if end, key = alnumWord(s, start); end >= 0 {
					n, next = end-start, end+1
					break
				}
				end = start
				goto careful
			default:
				end = start
				goto careful
			}
		case wordClass[w&0xff] == letter: // a digit
			if end, key = alnumWord(s, start); end >= 0 {
				n, next = end-start, end+1
				break
			}
			end = start
			goto careful
		case wordClass[w&0xff] != sep: // a mark or a character outside ASCII
			goto careful
		default:
			for i++; i < len(s) && wordClass[s[i]] == sep; i++ {
			}
			continue
		}
		ps.recent[count&3] = [2]int{start, end}
		goto word
	careful: // a mark or a character outside ASCII in or after it
		if end = wordEnd(s, start); end == start { // a character that starts no word
			_, size := utf8.DecodeRuneInString(s[i:])
			i += size
			continue
		}
		ps.words, ps.lower = ps.words[:0], ps.lower[:0]
		ps.add(s, start, end)
		key, n, next = wordKey(ps.lower), len(ps.lower), end
		ps.recent[count&3] = [2]int{start, end}
	word:
		// next goes through the call and back, so that nothing the loop
		// needs waits in memory for it.
		count++
		mix := wordMix(key, n)
		if firstWords[mix>>firstWordsShift]&firstWordBit(mix) != 0 || ps.queued != 0 && ps.needs.has(mix) {
			ps.count = count
			next = ps.lookAt(s, key, n, mix, next)
			count = ps.count
		}
		i = next
	}
	found := ps.found // a first word still queued lacks a word it needs
	ps.found, ps.queued = nil, 0
	return found
}

// pendingStart is a first word met whose phrases wait for a word of its
// need: the last word it may come in (counted as count counts), the first
// word's offsets and those of the two words before it.
type pendingStart struct {
	st    *phraseStart
	until int
	at    [2]int
	prev  [2][2]int
}

// lookAt tells the first words queued about the word just read (the
// last of recent; key, length n in lower case and mix), and, when it
// passes firstWords, looks it up and queues it if it is a first word (or
// matches its phrases now when one of them needs no later word, after
// those queued). A full queue has its first one matched to make room. The
// needs of those queued are made again when the queue has changed. It
// returns next, the scan's next offset, as it was given.
//
//go:noinline
func (ps *proseScanner) lookAt(s string, key uint64, n int, mix uint64, next int) int {
	changed := ps.queued > 0 && ps.advance(s, mix)
	if firstWords[mix>>firstWordsShift]&firstWordBit(mix) != 0 {
		changed = ps.firstWord(s, key, n, mix) || changed
	}
	if !changed {
		return next
	}
	ps.needs = wordSet{}
	for _, q := range ps.queue[:ps.queued] {
		for k := range ps.needs {
			ps.needs[k] |= q.st.need[k]
		}
	}
	return next
}

// before returns the offsets of the word k words back from the one after
// the last read ({-1, -1} before the text's first).
func (ps *proseScanner) before(k int) [2]int {
	if ps.count < k {
		return [2]int{-1, -1}
	}
	return ps.recent[(ps.count-k)&3]
}

// firstWord is lookAt's part for a word that passed firstWords: it looks
// the word up, and queues it or matches its phrases, as lookAt says.
func (ps *proseScanner) firstWord(s string, key uint64, n int, mix uint64) (queueChanged bool) {
	at := ps.recent[(ps.count-1)&3]
	start, end := at[0], at[1]
	var st *phraseStart
	if n <= 8 {
		st = shortStartOf(key, mix)
	} else {
		st = ps.startOf(s, start, end)
	}
	if st == nil {
		return false
	}
	p := pendingStart{st, ps.count - 1 + st.window, at, [2][2]int{ps.before(2), ps.before(3)}}
	if st.window == 0 || ps.queued == len(ps.queue) {
		n := ps.queued
		if st.window > 0 {
			n = 1
		}
		for _, q := range ps.queue[:n] {
			ps.found = ps.phrasesAt(s, q.st, q.at[0], q.at[1], q.prev, ps.found)
		}
		ps.queued = copy(ps.queue[:], ps.queue[n:ps.queued])
		if st.window == 0 {
			ps.found = ps.phrasesAt(s, st, start, end, p.prev, ps.found)
			return true
		}
	}
	ps.queue[ps.queued] = p
	ps.queued++
	return true
}

// advance tells the first words queued about the word just read, of mix:
// the last one whose need it passes is matched now, with those before it
// that it may still come for, in their order (each word's phrases are
// matched before a later word's, as a later one may be a second finding
// of the same rule). Of the others, those it was the last word for are
// dropped: none of their phrases can match.
func (ps *proseScanner) advance(s string, mix uint64) (queueChanged bool) {
	word := ps.count - 1
	last := -1
	for k, q := range ps.queue[:ps.queued] {
		if q.until >= word && q.st.need.has(mix) {
			last = k
		}
	}
	for k := 0; k <= last; k++ {
		if q := &ps.queue[k]; q.until >= word {
			ps.found = ps.phrasesAt(s, q.st, q.at[0], q.at[1], q.prev, ps.found)
		}
	}
	kept := 0
	for k := last + 1; k < ps.queued; k++ {
		if ps.queue[k].until > word {
			ps.queue[kept] = ps.queue[k]
			kept++
		}
	}
	queueChanged = kept != ps.queued
	ps.queued = kept
	return queueChanged
}

const (
	oneBits   = 0x0101010101010101
	lowerBits = oneBits * 0x20 // or'ed into an ASCII letter or digit: it in lower case
)

// letterBytes has the high bit set in each byte of w that is an ASCII
// letter or digit, and no other bit.
func letterBytes(w uint64) uint64 {
	return alphaBytes(w) | betweenBytes(w, '0'-1, '9'+1)
}

// alphaBytes has the high bit set in each byte of w that is an ASCII
// letter, and no other bit: what the scan's loop tests, as most words have
// no digit (a digit after letters, or a word that begins with one, is read
// again by alnumWord).
func alphaBytes(w uint64) uint64 { return betweenBytes(w|lowerBits, 'a'-1, 'z'+1) }

// alnumWord reads the word of ASCII letters and digits at s[start] (one
// begins there) with letterBytes, and returns its end and key, or end -1
// when a byte that is no separator comes after it (it is then read a
// character at a time).
//
//go:noinline
func alnumWord(s string, start int) (end int, key uint64) {
	w := load8(s, start)
	stops := ^letterBytes(w) & highBits
	key = (w | lowerBits) & ((stops&-stops)>>7 - 1)
	end = start
	for stops == 0 {
		end += 8
		w = load8(s, end)
		stops = ^letterBytes(w) & highBits
	}
	stop := bits.TrailingZeros64(stops)
	if wordClass[byte(w>>(stop&^7))] != sep {
		return -1, 0
	}
	return end + stop>>3, key
}

// load8 returns the eight bytes of s from i as a little-endian number, with
// zeros for the bytes past its end (i <= len(s)): a zero is a separator,
// so a word that ends the text ends as one before a space does, and
// nothing is read past the string.
func load8(s string, i int) uint64 {
	if i+8 <= len(s) {
		return load64(s, i)
	}
	return loadTail(s, i)
}

// loadTail is load8 of the last seven bytes or fewer: the last eight bytes
// of s shifted down past those before i, or a byte at a time when s is
// shorter than eight.
//
//go:noinline
func loadTail(s string, i int) uint64 {
	if len(s) < 8 {
		var w uint64
		for j := len(s) - 1; j >= i; j-- {
			w = w<<8 | uint64(s[j])
		}
		return w
	}
	return load64(s, len(s)-8) >> (8 * (i + 8 - len(s)))
}

// startOf returns the phraseStart of the word s[start:end], or nil.
func (ps *proseScanner) startOf(s string, start, end int) *phraseStart {
	ps.words, ps.lower = ps.words[:0], ps.lower[:0]
	ps.add(s, start, end)
	return phraseStarts[string(ps.lower)] // no allocation
}

// wordEnd returns the end of the word that starts at s[start], read a
// character at a time as nextWord does (start when no word starts there).
func wordEnd(s string, start int) int {
	i := start
	for i < len(s) {
		size := 1
		if k := wordClass[s[i]]; k != letter {
			if k == sep {
				break
			}
			var r rune
			if r, size = wordRune(s, i, i > start); r < 0 {
				break
			}
		}
		i += size
	}
	return i
}

// wordRune reads the character at s[i] that is not an ASCII letter or
// digit: the lower-case character it adds to a word (inWord: one has
// begun), or -1 when it ends one or starts none; and its size.
func wordRune(s string, i int, inWord bool) (rune, int) {
	c := s[i]
	switch wordClass[c] {
	case inner:
		if inWord && i+1 < len(s) && isWordByte(s[i+1]) {
			return rune(c), 1
		}
	case hash:
		if !inWord {
			return '#', 1
		}
	case multi:
		d, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case d == '\u2019' && inWord:
			return '\'', size
		case unicode.IsLetter(d) || unicode.IsDigit(d) || unicode.Is(unicode.Mn, d):
			return unicode.ToLower(d), size
		}
		return -1, size
	}
	return -1, 1
}

// phrasesAt matches the phrases of st, whose first word is s[start:end];
// prev are the two words before it.
func (ps *proseScanner) phrasesAt(s string, st *phraseStart, start, end int, prev [2][2]int, found []phraseFinding) []phraseFinding {
	ps.words, ps.lower = ps.words[:0], ps.lower[:0]
	ps.add(s, start, end)
	ps.s, ps.next = s, end
	if !st.anyNext && (!ps.has(1) || !st.next[string(ps.lower[ps.words[1].lo:ps.words[1].hi])]) {
		return found // no phrase goes on with the next word
	}
	word := func(k int) string {
		if prev[k][0] < 0 {
			return ""
		}
		return s[prev[k][0]:prev[k][1]]
	}
	for _, pi := range st.phrases {
		p := &phrases[pi]
		if hasRule(found, p.rule) {
			continue
		}
		before := word(0)
		if p.after != nil {
			if !containsFold(p.after, before) {
				continue
			}
			before = word(1)
		}
		if containsFold(p.notAfter, before) {
			continue
		}
		if last, ok := ps.match(p.steps[1:], 1); ok {
			at := start
			if p.after != nil {
				at = prev[0][0]
			}
			found = append(found, phraseFinding{rule: p.rule, what: p.what, start: at, end: ps.words[last-1].end})
		}
	}
	return found
}

// add appends the word s[start:end] to the words read, in lower case.
func (ps *proseScanner) add(s string, start, end int) {
	lo := len(ps.lower)
	for i := start; i < end; {
		c := s[i]
		if c < utf8.RuneSelf {
			ps.lower = append(ps.lower, lowerByte(c))
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == '\u2019' {
			r = '\''
		}
		ps.lower = utf8.AppendRune(ps.lower, unicode.ToLower(r))
		i += size
	}
	ps.words = append(ps.words, word{lo: lo, hi: len(ps.lower), start: start, end: end})
}

func lowerByte(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

func containsFold(list []string, w string) bool {
	for _, v := range list {
		if len(v) == len(w) && strings.EqualFold(v, w) {
			return true
		}
	}
	return false
}

func hasRule(found []phraseFinding, r *Rule) bool {
	for _, f := range found {
		if f.rule == r {
			return true
		}
	}
	return false
}

// match matches steps at word i and returns the index after the last word
// matched.
func (ps *proseScanner) match(steps []step, i int) (int, bool) {
	if len(steps) == 0 {
		return i, true
	}
	st := steps[0]
	if st.gap > 0 {
		for skip := 0; skip <= st.gap && (skip == 0 || ps.has(i+skip-1)); skip++ {
			if end, ok := ps.match(steps[1:], i+skip); ok {
				return end, true
			}
		}
		return 0, false
	}
	if ps.has(i) && ps.is(i, st.words) {
		if end, ok := ps.match(steps[1:], i+1); ok {
			return end, true
		}
	}
	if st.optional {
		return ps.match(steps[1:], i)
	}
	return 0, false
}

// is reports whether word i is one of list.
func (ps *proseScanner) is(i int, list []string) bool {
	w := ps.lower[ps.words[i].lo:ps.words[i].hi]
	for _, v := range list {
		if string(w) == v {
			return true
		}
	}
	return false
}

// nextWord finds the first word of s at or after i: a run of letters,
// digits and the marks inside words (an apostrophe, a right single
// quotation mark as in "don’t", "-" between letters, "#" at its start).
// start is -1 when there is none.
func nextWord(s string, i int) (start, end int) {
	start = -1
	for i < len(s) {
		// ASCII letters and separators a run at a time.
		if start < 0 {
			for i < len(s) && wordClass[s[i]] == sep {
				i++
			}
		} else {
			for i < len(s) && wordClass[s[i]] == letter {
				i++
			}
		}
		if i >= len(s) {
			break
		}
		c := s[i]
		size := 1
		in := false
		switch wordClass[c] {
		case letter:
			in = true
		case inner:
			in = start >= 0 && i+1 < len(s) && isWordByte(s[i+1])
		case hash:
			in = start < 0
		case multi:
			var r rune
			r, size = utf8.DecodeRuneInString(s[i:])
			in = r == '\u2019' && start >= 0 || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)
		}
		switch {
		case in && start < 0:
			start = i
		case !in && start >= 0:
			return start, i
		case !in: // a separator that is not ASCII, or a misplaced mark
		}
		i += size
	}
	if start < 0 {
		return -1, -1
	}
	return start, len(s)
}

// The classes of bytes for nextWord.
const (
	sep    = iota // ends a word
	letter        // an ASCII letter or digit
	inner         // ' and -: inside a word only
	hash          // #: at a word's start only
	multi         // a byte of a multi-byte character: decode it
)

var wordClass = func() (t [256]byte) {
	for c := 0; c < 256; c++ {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
			t[c] = letter
		case c == '\'' || c == '-':
			t[c] = inner
		case c == '#':
			t[c] = hash
		case c >= utf8.RuneSelf:
			t[c] = multi
		}
	}
	return
}()

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= utf8.RuneSelf
}

// Encoded payloads: a run of base64 or hex long enough to hold a sentence,
// or a data: URL. A hash (64 hex digits) or a wallet address is shorter.
const (
	minBase64Run = 80
	minHexRun    = 128
)

// encodedPayload returns what kind of encoded text s holds and where, or
// "". Only runs of at least minBase64Run bytes matter, so, as in secretIn,
// the scan jumps ahead a run's length at a time through prose.
func encodedPayload(s string) (what string, start, end int) {
	if i := dataURL(s); i >= 0 {
		return "a data: URL", i, min(len(s), i+40)
	}
	for i := 0; ; {
		start, end, ok := longRun(s, i, minBase64Run, &base64Byte)
		if !ok {
			return "", 0, 0
		}
		switch run := s[start:end]; {
		case isHexRun(run):
			if len(run) >= minHexRun {
				return "a long run of hex digits", start, end
			}
		case looksBase64(run):
			return "a long base64 run", start, end
		}
		i = end + 1
	}
}

var base64Byte = byteClass(alnum + "+/=_-")

func isHexRun(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}

// looksBase64 tells encoded bytes from a long identifier or a path: base64
// mixes upper and lower case letters with digits, and has no long runs of
// one separator.
func looksBase64(s string) bool {
	upper, lower, digits := 0, 0, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= 'A' && c <= 'Z':
			upper++
		case c >= 'a' && c <= 'z':
			lower++
		case c >= '0' && c <= '9':
			digits++
		}
	}
	n := len(s)
	return upper*8 >= n && lower*8 >= n && digits*20 >= n && upper+lower+digits >= n*9/10
}

// dataURL returns where a data: URL starts in s ("data:" at a word start,
// then a media type or a comma), or -1. It looks only at colons.
func dataURL(s string) int {
	for off := 0; ; {
		c := strings.IndexByte(s[off:], ':')
		if c < 0 {
			return -1
		}
		c += off
		off = c + 1
		i := c - 4
		if i < 0 || indexFold(s[i:c], "data") != 0 || (i > 0 && isWordByte(s[i-1])) || c+1 >= len(s) {
			continue
		}
		if rest := s[c+1:]; rest[0] == ',' || isMediaTypeStart(rest) {
			return i
		}
	}
}

// isMediaTypeStart: "text/html", "image/png;base64," at the start of s.
func isMediaTypeStart(s string) bool {
	slash := -1
	for i := 0; i < len(s) && i < 40; i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z':
		case c == '/' && i > 0 && slash < 0:
			slash = i
		case slash > 0 && (c == ';' || c == ','):
			return i > slash+1
		case slash > 0 && (c >= '0' && c <= '9' || c == '.' || c == '+' || c == '-'):
		default:
			return false
		}
	}
	return false
}

// indexFold is strings.Index for an ASCII lower-case needle, ignoring the
// case of s.
func indexFold(s, needle string) int {
	for i := 0; i+len(needle) <= len(s); i++ {
		j := 0
		for j < len(needle) {
			c := s[i+j]
			if c >= 'A' && c <= 'Z' {
				c += 'a' - 'A'
			}
			if c != needle[j] {
				break
			}
			j++
		}
		if j == len(needle) {
			return i
		}
	}
	return -1
}
