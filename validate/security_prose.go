package validate

import (
	"encoding/binary"
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
type proseScanner struct {
	words []word
	lower []byte
	s     string
	next  int
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
// puts any word in lower case or looks it up.
var phraseStarts, firstWords = func() (map[string]*phraseStart, *[firstWordsLen]uint64) {
	m := map[string]*phraseStart{}
	var filter [firstWordsLen]uint64
	for i, p := range phrases {
		words, anyNext := secondWords(p.steps[1:])
		for _, w := range p.steps[0].words {
			st := m[w]
			if st == nil {
				st = &phraseStart{next: map[string]bool{}}
				m[w] = st
				mix := wordMix(wordKey(w), len(w))
				filter[mix>>firstWordsShift] |= firstWordBits(mix)
			}
			st.phrases = append(st.phrases, i)
			if anyNext {
				st.anyNext = true
				continue
			}
			for _, n := range words {
				st.next[n] = true
				st.nextFilter.add(wordMix(wordKey(n), len(n)))
			}
		}
	}
	return m, &filter
}()

// phraseStart is what follows one first word: its phrases, and the words
// that may come second in one of them (anyNext: any word may, or none
// need to). nextFilter is a Bloom filter of next, which the scan tests
// the word after this one against before it reads it again.
type phraseStart struct {
	phrases    []int
	next       map[string]bool
	nextFilter wordSet
	anyNext    bool
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
// a first word sets two bits of one word, chosen by its mix, so that a
// word is tested with one load. With the 170 first words, about one word
// in 10,000 that is not one passes.
const (
	firstWordsLen   = 512
	firstWordsShift = 64 - 9
)

func firstWordBits(mix uint64) uint64 { return 1<<(mix>>49&63) | 1<<(mix>>43&63) }

// wordSet is a Bloom filter of a few words: one bit of 256 for each.
type wordSet [4]uint64

func (ws *wordSet) add(mix uint64)      { ws[mix>>62] |= 1 << (mix >> 56 & 63) }
func (ws *wordSet) has(mix uint64) bool { return ws[mix>>62]&(1<<(mix>>56&63)) != 0 }

// scanPhrases returns the first phrase of each rule found in s. One pass
// over the bytes finds the words and mixes each (wordMix); only a word
// that passes firstWords is put in lower case and looked up, and a first
// word whose phrases need a second word waits for the pass to read the
// next one: only when that one passes the first word's nextFilter are its
// phrases matched (phrasesAt, which reads the words after it again with
// nextWord, the same words the pass finds).
//
// Most words are plain ASCII letters and digits followed by a separator:
// the pass reads eight bytes at the start of each word, finds its end as
// the first byte that is not a letter or digit (letterBytes; a word longer
// than eight bytes reads eight more at a time) and has its key from the
// same bytes. A word with anything else in it (a mark inside it, a
// character outside ASCII) or after it is read again a character at a
// time (wordEnd) and put in lower case to be mixed.
func (ps *proseScanner) scanPhrases(s string) []phraseFinding {
	var found []phraseFinding
	// The two words before the current one, as start and end offsets.
	prev, prev2 := [2]int{-1, -1}, [2]int{-1, -1}
	// A first word, its offsets and the two words before it, whose
	// phrases wait for the next word (pending nil: none does).
	var pending *phraseStart
	var pendingAt [2]int
	var pendingPrev [2][2]int
	for i := 0; i < len(s); {
		start, end, next := i, 0, 0
		var key uint64
		var n int // the word's length in lower case
		w := load8(s, i)
		letters := letterBytes(w)
		switch {
		case letters&0x80 != 0:
			// Its key from the first eight bytes (all of them when the
			// word is longer: stops&-stops is then 0, and the mask all
			// ones), then its end.
			stops := ^letters & highBits
			key = (w | lowerBits) & ((stops&-stops)>>7 - 1)
			end = i
			for stops == 0 {
				end += 8
				w = load8(s, end)
				stops = ^letterBytes(w) & highBits
			}
			stop := bits.TrailingZeros64(stops) // bit 7 of the byte that ends it
			end += stop >> 3
			if wordClass[byte(w>>(stop&^7))] == sep { // past the end: 0, a separator
				n, next = end-start, end+1
				break
			}
			fallthrough
		case wordClass[s[i]] != sep:
			if end = wordEnd(s, start); end == start { // a character that starts no word
				_, n := utf8.DecodeRuneInString(s[i:])
				i += n
				continue
			}
			ps.words, ps.lower = ps.words[:0], ps.lower[:0]
			ps.add(s, start, end)
			key, n, next = wordKey(ps.lower), len(ps.lower), end
		default:
			for i++; i < len(s) && wordClass[s[i]] == sep; i++ {
			}
			continue
		}
		mix := wordMix(key, n)
		if pending != nil {
			if pending.nextFilter.has(mix) {
				found = ps.phrasesAt(s, pending, pendingAt[0], pendingAt[1], pendingPrev, found)
			}
			pending = nil
		}
		if bits := firstWordBits(mix); firstWords[mix>>firstWordsShift]&bits == bits {
			if st := ps.startOf(s, start, end); st != nil {
				if st.anyNext {
					found = ps.phrasesAt(s, st, start, end, [2][2]int{prev, prev2}, found)
				} else {
					pending, pendingAt, pendingPrev = st, [2]int{start, end}, [2][2]int{prev, prev2}
				}
			}
		}
		prev2, prev = prev, [2]int{start, end}
		i = next
	}
	return found // a first word still pending has no second word
}

// lowerBits or'ed into an ASCII letter or digit puts it in lower case.
const lowerBits = 0x2020202020202020

// letterBytes has the high bit set in each byte of w that is an ASCII
// letter or digit, and no other bit.
func letterBytes(w uint64) uint64 {
	return betweenBytes(w|lowerBits, 'a'-1, 'z'+1) | betweenBytes(w, '0'-1, '9'+1)
}

// load8 returns the eight bytes of s from i as a little-endian number, with
// zeros for the bytes past its end (i <= len(s)): a zero is a separator,
// so a word that ends the text ends as one before a space does, and
// nothing is read past the string. (The conversion to []byte copies
// nothing: the compiler reads the string's bytes in place.)
func load8(s string, i int) uint64 {
	if i+8 <= len(s) {
		return binary.LittleEndian.Uint64([]byte(s[i : i+8]))
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
	return load8(s, len(s)-8) >> (8 * (i + 8 - len(s)))
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
