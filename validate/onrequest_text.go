package validate

// The On Request card check "the person entry must not also appear in the
// skill's own text" (interpretation 3 of ON-REQUEST.md), and the matching it
// needs: an https entry by host and path, a tel: entry by its digits in any
// spacing.

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/oncard/oncard/model"
)

// checkValueInSkillText reports the person entry repeated in the listed
// skill's name, description, tags or examples (interpretation 3 of
// ON-REQUEST.md: the extension is the only place that carries it).
//
// Severity: error. ON-REQUEST.md writes "must not appear", and the schema's
// own description lists this check beside the two error-level ones (each id
// names a skill; no securityRequirements). The one soft case is an https
// entry that is only a host ("https://bank.example/"): naming one's own
// domain in a description is ordinary prose, so that match is a warning.
func checkValueInSkillText(r *report, cards *skillIndex, skill *model.Node, skillPtr itemPtr, id, personEntry string, entryPtr itemPtr) {
	m, ok := personEntryMatcher(personEntry)
	if !ok {
		return
	}
	if b := cards.skillBytes(skill); b != nil && !m.match(b) {
		return // in none of the skill's strings: the common case, in one scan
	}
	hostOnly := m.hostOnly
	report := func(ptr, field string) {
		where := ""
		if cards.external {
			where = fmt.Sprintf(" (card %s)", ptr)
			ptr = entryPtr.member("personEntry")
		}
		msg := fmt.Sprintf("the %s of skill %q repeats its On Request entry %q%s; the extension is the only place that carries it",
			field, id, clip(personEntry, 80), where)
		hint := "remove the address or number from the skill's text"
		if hostOnly {
			r.emitAs(ruleOnrequestValueInSkillText, Warning, ptr, msg, hint)
		} else {
			r.emit(ruleOnrequestValueInSkillText, ptr, msg, hint)
		}
	}
	// One pass over the skill's members (not a lookup per field): this
	// runs for each of a card's On Request entries.
	for _, mem := range skill.Members() {
		switch field := mem.Key(); field {
		case "name", "description":
			if s, ok := stringBytes(mem.Value); ok && m.match(s) {
				report(skillPtr.member(field), field)
			}
		case "tags", "examples":
			for i, it := range mem.Value.All() {
				if s, ok := stringBytes(it); ok && m.match(s) {
					report(skillPtr.member(field)+"/"+strconv.Itoa(i), field[:len(field)-1])
				}
			}
		}
	}
}

// entryMatcher tests "text mentions this person entry": for an https entry,
// its host and path without the scheme (case-insensitive, with or without a
// final slash); for a tel: entry, its digits in any spacing or punctuation,
// with or without the country code (at least 7 digits).
type entryMatcher struct {
	needle   string // https: lower-case host and path
	digits   []byte // tel: the number's digits
	hostOnly bool   // an https entry without a path
}

// personEntryMatcher returns false for entries it cannot look for.
func personEntryMatcher(entry string) (entryMatcher, bool) {
	switch {
	case strings.HasPrefix(entry, "https://"):
		needle := strings.TrimRight(entry[len("https://"):], "/")
		if needle == "" {
			return entryMatcher{}, false
		}
		if hasUpperASCII(needle) {
			needle = strings.ToLower(needle)
		}
		return entryMatcher{needle: needle, hostOnly: strings.IndexByte(needle, '/') < 0}, true
	case strings.HasPrefix(entry, "tel:"):
		digits := digitsOf(entry)
		if len(digits) < 4 {
			return entryMatcher{}, false
		}
		return entryMatcher{digits: digits}, true
	}
	return entryMatcher{}, false
}

func (m *entryMatcher) match(text []byte) bool {
	if m.digits != nil {
		return mentionsNumber(text, m.digits)
	}
	return containsFoldASCII(text, m.needle)
}

// hasUpperASCII reports whether s has an ASCII capital, eight bytes at a
// time: it runs for each https person entry.
func hasUpperASCII(s string) bool {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if bytesBetween(load64(s, i), 'A', 'Z') != 0 {
			return true
		}
	}
	for ; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			return true
		}
	}
	return false
}

// containsFoldASCII reports whether text contains needle (lower case),
// ignoring ASCII case, without allocating. Candidates are found with
// IndexByte (vectorised) for an anchor: the needle's first byte that is
// not a letter (a host's '.', a path's '/'), which prose holds rarely and
// in one case only; a needle of letters alone is anchored at its first
// letter, looked for in both cases.
func containsFoldASCII(text []byte, needle string) bool {
	n := len(needle)
	if n == 0 {
		return true
	}
	at := 0 // the anchor's offset in needle
	for at < n && 'a' <= needle[at] && needle[at] <= 'z' {
		at++
	}
	if at == n {
		return containsFoldLetters(text, needle)
	}
	anchor := needle[at]
	for i := at; i+n-at <= len(text); {
		k := bytes.IndexByte(text[i:], anchor)
		if k < 0 {
			return false
		}
		i += k
		if i+n-at > len(text) {
			return false
		}
		if equalFoldASCII(text[i-at:i-at+n], needle) {
			return true
		}
		i++
	}
	return false
}

// containsFoldLetters is containsFoldASCII for a needle of lower-case
// letters only.
func containsFoldLetters(text []byte, needle string) bool {
	n := len(needle)
	for i := 0; i+n <= len(text); i++ {
		if equalFoldASCII(text[i:i+n], needle) {
			return true
		}
	}
	return false
}

// equalFoldASCII reports whether b equals lower (lower case, as long as
// b), ignoring ASCII case.
func equalFoldASCII(b []byte, lower string) bool {
	for j := 0; j < len(lower); j++ {
		c := b[j]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != lower[j] {
			return false
		}
	}
	return true
}

// digitsOf returns the digits of s, in one allocation: it runs for each
// tel: entry of a card.
func digitsOf(s string) []byte {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			n++
		}
	}
	b := make([]byte, 0, n)
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			b = append(b, s[i])
		}
	}
	return b
}

// mentionsNumber reports whether text writes the number digits: a run of
// digits, where single separators a phone number is written with (space,
// - . ( ) / +; at most two in a row) do not end the run, that contains all
// of digits, or is at least 7 digits long and ends it (the number without
// its country code).
func mentionsNumber(text, digits []byte) bool {
	var buf [64]byte
	run := buf[:0]
	check := func() bool {
		return bytes.Contains(run, digits) || (len(run) >= 7 && bytes.HasSuffix(digits, run))
	}
	// A match needs a run of at least need digits: passages with fewer
	// digits than that in a row are skipped without the run logic.
	need := min(len(digits), 7)
	gap := 0
	for i := 0; i < len(text); i++ {
		if len(run) == 0 {
			if i = nextDigitRun(text, i, need); i < 0 {
				return false
			}
		}
		c := text[i]
		switch {
		case c >= '0' && c <= '9':
			if len(run) < cap(run) {
				run = append(run, c)
			}
			gap = 0
		case isPhoneSeparator(c) && gap < 2:
			gap++
		default:
			if len(run) > 0 && check() {
				return true
			}
			run, gap = run[:0], 0
		}
	}
	return len(run) > 0 && check()
}

// nextDigitRun returns the offset, at i or after, of the first digit that
// may begin a run of need digits (separators between them allowed), or -1
// when text has fewer than need digits from i on. A digit-free stretch,
// which is most of prose, is passed over eight bytes at a time.
func nextDigitRun(text []byte, i, need int) int {
	for {
		if i = indexDigit(text, i); i < 0 {
			return -1
		}
		first, count := i, 0
		for ; i < len(text); i++ {
			if text[i]-'0' <= 9 {
				if count++; count >= need {
					return first
				}
			} else if !isPhoneSeparator(text[i]) {
				break // the group ends short: look on after it
			}
		}
		if i == len(text) {
			return -1
		}
	}
}

// indexDigit returns the offset of the first ASCII digit of text at i or
// after, or -1.
func indexDigit(text []byte, i int) int {
	for ; i+8 <= len(text); i += 8 {
		if m := digitBytes(binary.LittleEndian.Uint64(text[i:])); m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for ; i < len(text); i++ {
		if text[i]-'0' <= 9 {
			return i
		}
	}
	return -1
}

// digitBytes has the high bit set in each byte of x that is an ASCII digit
// ('0' to '9'), and no other bit.
func digitBytes(x uint64) uint64 { return bytesBetween(x, '0', '9') }

// bytesBetween has the high bit set in each byte of x from lo to hi (both
// below 0x80), and no other bit. Each byte is tested on its low seven bits,
// where adding and subtracting the constants carries and borrows into no
// other byte; ^x drops the bytes of 0x80 and above.
func bytesBetween(x uint64, lo, hi byte) uint64 {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	low := x &^ highs
	atLeastLo := low + ones*uint64(0x80-lo) // high bit: low >= lo
	atMostHi := ones*uint64(0x80+hi) - low  // high bit: low <= hi
	return atLeastLo & atMostHi & ^x & highs
}

func isPhoneSeparator(c byte) bool {
	switch c {
	case ' ', '-', '.', '(', ')', '/', '+':
		return true
	}
	return false
}
