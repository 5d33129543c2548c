package validate

import (
	"encoding/binary"
	"encoding/json"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// The On Request checks take short cuts on the common case; these tests
// hold each to the checks it stands for.

// randomPersonEntry makes entries near the edges of the person-entry
// shape: https and tel entries with bytes from each class and beyond.
func randomPersonEntry(rng *rand.Rand) string {
	const bytesOf = "az09AZ.-_~/?#:@%+() \t\"\\é\x00"
	var b strings.Builder
	b.WriteString([]string{"https://", "tel:+", "tel:", "http://", "HTTPS://", ""}[rng.IntN(6)])
	for n := rng.IntN(12); n > 0; n-- {
		if rng.IntN(3) > 0 {
			b.WriteByte("0123456789abc"[rng.IntN(13)])
			continue
		}
		r, _ := utf8.DecodeRuneInString(bytesOf[rng.IntN(len(bytesOf)):])
		b.WriteRune(r)
	}
	if rng.IntN(40) == 0 {
		b.WriteString(strings.Repeat("a", 2040))
	}
	return b.String()
}

// TestPlainPersonEntryPassesEveryCheck: an entry isPlainPersonEntry
// accepts is one every check of checkPersonEntryShape accepts, and the
// entries of real cards take the short cut.
func TestPlainPersonEntryPassesEveryCheck(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	plain := 0
	for range 200_000 {
		s := randomPersonEntry(rng)
		if !isPlainPersonEntry(s) {
			continue
		}
		plain++
		if !isSchemaURI(s) || utf8.RuneCountInString(s) > 2048 || (!isHTTPSEntry(s) && !isTelEntry(s)) {
			t.Fatalf("isPlainPersonEntry(%q) but a check of the shape fails", s)
		}
	}
	if plain < 1000 {
		t.Fatalf("only %d generated entries were plain: the test does not reach the short cut", plain)
	}
	for _, s := range []string{"https://support.example.com/ask", "https://a.example", "https://a.example/", "tel:+1-555-0142", "tel:+44(20)7946.0958"} {
		if !isPlainPersonEntry(s) {
			t.Errorf("isPlainPersonEntry(%q) = false", s)
		}
	}
	for _, s := range []string{"https://", "https:///x", "https://a.example/?q", "https://a.example#f", "tel:+123", "tel:+(123)", "tel:1-555-0142", "https://a b"} {
		if isPlainPersonEntry(s) {
			t.Errorf("isPlainPersonEntry(%q) = true", s)
		}
	}
}

// randomSkillText writes text around the entry's needle: itself, its
// case changed, cut short, its digits spaced, escaped, or none of it.
func randomSkillText(rng *rand.Rand, needle string) any {
	words := []string{"Call", "us", "at", "555", "0142", "+1", "(20)", "7946", "support.example", "/care/", "é", "\u2028", "1-555", "."}
	var b strings.Builder
	for n := rng.IntN(5); n > 0; n-- {
		b.WriteString(words[rng.IntN(len(words))])
		b.WriteString([]string{" ", "-", "", ". ", "/"}[rng.IntN(5)])
	}
	switch rng.IntN(6) {
	case 0:
		b.WriteString(needle)
	case 1:
		b.WriteString(strings.ToUpper(needle))
	case 2:
		b.WriteString(needle[:rng.IntN(len(needle)+1)])
	case 3:
		for _, c := range needle {
			if c >= '0' && c <= '9' {
				b.WriteRune(c)
				b.WriteString([]string{" ", "", "-", "  ", ".", "x"}[rng.IntN(6)])
			}
		}
	}
	if rng.IntN(8) == 0 {
		return 42 // not a string: no text to look in
	}
	return b.String()
}

// TestSkillBytesShortCutFindsTheSame: checkValueInSkillText finds the same
// with the one scan of the skill's bytes as without it (src nil: the
// per-string path), for entries and skill texts that mention the entry in
// any way, with and without escapes in the skill.
func TestSkillBytesShortCutFindsTheSame(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	entries := []string{"https://support.example.com/care/bill", "https://Bank.Example/", "https://a.example", "tel:+1-555-0142", "tel:+44(20)7946.0958", "tel:+1555", "mailto:x@example.com"}
	shortCut, found := 0, 0
	for round := range 3000 {
		entry := entries[rng.IntN(len(entries))]
		needle := strings.TrimPrefix(strings.TrimPrefix(entry, "https://"), "tel:")
		skill := map[string]any{"id": "s", "name": randomSkillText(rng, needle), "description": randomSkillText(rng, needle)}
		for _, list := range []string{"tags", "examples"} {
			if rng.IntN(3) > 0 {
				var items []any
				for n := rng.IntN(4); n > 0; n-- {
					items = append(items, randomSkillText(rng, needle))
				}
				skill[list] = items
			}
		}
		if rng.IntN(2) == 0 {
			skill["inputModes"] = []any{"text/plain"}
		}
		card := map[string]any{"skills": []any{skill}, "capabilities": map[string]any{"extensions": []any{map[string]any{
			"uri": OnRequestURI, "params": map[string]any{"skills": []any{map[string]any{"id": "s", "personEntry": entry}}},
		}}}}
		data, err := json.Marshal(card)
		if err != nil {
			t.Fatal(err)
		}
		switch rng.IntN(6) { // escapes where json.Marshal writes none
		case 0, 1:
			data = []byte(strings.ReplaceAll(string(data), "/", `\/`))
		case 2: // the hosts' letters too: their bytes no longer read as the text
			data = []byte(strings.ReplaceAll(string(data), "x", `\u0078`))
		}
		doc := parseString(t, string(data))
		root := doc.Root()
		external := rng.IntN(2) == 0
		run := func(src []byte) []Diagnostic {
			r := newReport(doc, nil)
			cards := newSkillIndex(doc, root, external)
			cards.src = src
			cards.build()
			skill := cards.skills.Index(0)
			checkValueInSkillText(r, cards, skill, itemPtr{"/skills", 0}, "s", entry, itemPtr{"/capabilities/extensions/0/params/skills", 0})
			return r.diags
		}
		fast, slow := run(doc.Source()), run(nil)
		if !slices.Equal(fast, slow) {
			t.Fatalf("round %d, card %s: with the short cut\n%s\nwithout\n%s", round, data, dump(fast), dump(slow))
		}
		if newSkillIndex(doc, root, false).skillBytes(root.Get("skills").Index(0)) != nil {
			shortCut++
		}
		if len(slow) > 0 {
			found++
		}
	}
	if shortCut < 1000 || found < 500 {
		t.Fatalf("the short cut was open to %d skills, %d found something: the test reaches too little", shortCut, found)
	}
}

// TestSkillBytesNotForEditedDocs: an edited Doc's skills have no bytes
// of their own in the source, so the short cut is not taken.
func TestSkillBytesNotForEditedDocs(t *testing.T) {
	doc := parseString(t, `{"skills":[{"id":"s","description":"no number here"}]}`)
	if newSkillIndex(doc, doc.Root(), false).skillBytes(doc.Root().Get("skills").Index(0)) == nil {
		t.Fatal("no bytes for a skill as parsed")
	}
	if err := doc.Set("/skills/0/description", []byte(`"call 555 0142"`)); err != nil {
		t.Fatal(err)
	}
	if newSkillIndex(doc, doc.Root(), false).skillBytes(doc.Root().Get("skills").Index(0)) != nil {
		t.Fatal("bytes for a skill of an edited Doc")
	}
}

// TestBytesBetweenEveryByte: digitBytes and bytesBetween for capitals
// mark exactly the bytes of their range, for every byte value in every
// position of a word, beside any other byte.
func TestBytesBetweenEveryByte(t *testing.T) {
	for _, r := range []struct {
		lo, hi byte
		mask   func(uint64) uint64
	}{
		{'0', '9', digitBytes},
		{'A', 'Z', func(x uint64) uint64 { return bytesBetween(x, 'A', 'Z') }},
	} {
		for c := range 256 {
			for pos := range 8 {
				for _, fill := range []byte{0, '0', '9', '/', ':', '@', 'A', 'Z', '[', 0x7f, 0x80, 0xb9, 0xc1, 0xda, 0xff} {
					var w [8]byte
					for i := range w {
						w[i] = fill
					}
					w[pos] = byte(c)
					m := r.mask(binary.LittleEndian.Uint64(w[:]))
					if load64(string(w[:]), 0) != binary.LittleEndian.Uint64(w[:]) {
						t.Fatalf("load64(% x) is not the word", w)
					}
					for i, b := range w {
						got, want := m>>(8*i+7)&1 == 1, b >= r.lo && b <= r.hi
						if got != want || m>>(8*i)&0x7f != 0 {
							t.Fatalf("%c-%c of % x: byte %d marked %v, want %v (mask %#x)", r.lo, r.hi, w, i, got, want, m)
						}
					}
				}
			}
		}
	}
	for _, s := range []string{"", "a", "abcdefgh", "abcdefghZ", "Zabcdefgh", "abcdefgHijk", "support.example.com/care", "\xc1\xda"} {
		want := strings.ToLower(s) != s && strings.ContainsAny(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
		if got := hasUpperASCII(s); got != want {
			t.Errorf("hasUpperASCII(%q) = %v", s, got)
		}
	}
}

// nextDigitRunByByte is nextDigitRun a byte at a time, as it was written
// first: the reference for the one that passes over words.
func nextDigitRunByByte(text []byte, i, need int) int {
	count, first := 0, -1
	for ; i < len(text); i++ {
		if text[i]-'0' <= 9 {
			if first < 0 {
				first = i
			}
			if count++; count >= need {
				return first
			}
		} else if first >= 0 && !isPhoneSeparator(text[i]) {
			count, first = 0, -1
		}
	}
	return -1
}

func TestNextDigitRunIsTheByteLoop(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	const alphabet = "0123456789 -.()/+ax\"é"
	for range 100_000 {
		text := make([]byte, rng.IntN(40))
		for i := range text {
			text[i] = alphabet[rng.IntN(len(alphabet))]
		}
		i, need := rng.IntN(len(text)+1), 1+rng.IntN(8)
		if got, want := nextDigitRun(text, i, need), nextDigitRunByByte(text, i, need); got != want {
			t.Fatalf("nextDigitRun(%q, %d, %d) = %d, want %d", text, i, need, got, want)
		}
	}
}

// mayBeCallerSpecificByByte is mayBeCallerSpecific a byte at a time, as
// it was written first: the reference for the one that passes over words.
func mayBeCallerSpecificByByte(path string) bool {
	seg := 0
	for i := 0; i < len(path); i++ {
		switch c := path[i]; {
		case c >= '0' && c <= '9', c == '@', c == '%':
			return true
		case c == '/':
			if seg == uuidLen {
				return true
			}
			seg = 0
		default:
			seg++
		}
	}
	return seg == uuidLen
}

func TestMayBeCallerSpecificIsTheByteLoop(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	const alphabet = "abcxyz-_./@%09AZé"
	for range 100_000 {
		var b strings.Builder
		for n := rng.IntN(90); n > 0; n-- {
			if rng.IntN(12) == 0 {
				b.WriteString(strings.Repeat("a", uuidLen-1+rng.IntN(3)))
			}
			if rng.IntN(3) > 0 {
				b.WriteByte("abcdefghij"[rng.IntN(10)])
			} else {
				b.WriteByte(alphabet[rng.IntN(len(alphabet))])
			}
		}
		path := b.String()
		if got, want := mayBeCallerSpecific(path), mayBeCallerSpecificByByte(path); got != want {
			t.Fatalf("mayBeCallerSpecific(%q) = %v, want %v", path, got, want)
		}
	}
}

// TestSkillIndexFindsWhatAMapFinds: the skill index's table of ids finds,
// for every id, the first skill a map of the ids finds, no skill for any
// other id, and the same duplicates and list of ids, over cards of up to
// 300 skills with repeated, empty, escaped and missing ids and ids that are
// not strings.
func TestSkillIndexFindsWhatAMapFinds(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for round := range 400 {
		n := rng.IntN(300)
		if round < 4 {
			n = round // no skill, one, two, three
		}
		var skills []string
		for range n {
			var id string
			switch k := rng.IntN(20); {
			case k == 0:
				id = `""`
			case k == 1:
				id = "7"
			case k == 2:
				skills = append(skills, `{"name":"no id"}`)
				continue
			case k == 3:
				id = `"s\u002d` + string(rune('a'+rng.IntN(26))) + `"` // "s-a" … escaped
			default:
				id = `"s-` + string(rune('a'+rng.IntN(26))) + strings.Repeat("x", rng.IntN(3)) + `"`
			}
			if rng.IntN(3) == 0 {
				skills = append(skills, `{"name":"n","id":`+id+`}`)
			} else {
				skills = append(skills, `{"id":`+id+`,"name":"n"}`)
			}
		}
		doc := parseString(t, `{"skills":[`+strings.Join(skills, ",")+`]}`)
		root := doc.Root()
		// The map the index stands for: the first skill of each string id.
		first := map[string]int{}
		var dups [][2]int
		var ids []string
		for i, sk := range root.Get("skills").All() {
			id, ok := sk.Get("id").Str()
			if !ok {
				continue
			}
			if k, seen := first[id]; !seen {
				first[id] = i
				ids = append(ids, id)
			} else if id != "" {
				dups = append(dups, [2]int{i, k})
			}
		}
		c := newSkillIndex(doc, root, false)
		c.build()
		if !slices.Equal(c.dups, dups) {
			t.Fatalf("round %d: duplicates %v, want %v", round, c.dups, dups)
		}
		if got := c.ids(); !slices.Equal(got, ids) && len(got)+len(ids) > 0 {
			t.Fatalf("round %d: ids %q, want %q", round, got, ids)
		}
		probes := append(slices.Collect(maps.Keys(first)), "", "s-", "s-zzzz", "t-a", "7", "no id")
		for _, id := range probes {
			k, ok := c.lookup(id)
			want, wantOK := first[id]
			if ok != wantOK || (ok && k != want) {
				t.Fatalf("round %d: lookup(%q) = %d, %v; want %d, %v", round, id, k, ok, want, wantOK)
			}
		}
	}
}

// TestPlainBytesEveryPlace: plainHostLen and isPlainPath, eight bytes at a
// time, read as plainHostByte and plainPathByte do one by one: every byte
// value at every place of strings of every length up to 19, amid bytes of
// each class.
func TestPlainBytesEveryPlace(t *testing.T) {
	for n := range 20 {
		for _, fill := range []byte{'a', 'Z', '0', '.', '-', '/', '_', '~'} {
			s := []byte(strings.Repeat(string(fill), n))
			for pos := range n {
				for c := range 256 {
					s[pos] = byte(c)
					str := string(s)
					want := 0
					for want < len(str) && plainHostByte[str[want]] {
						want++
					}
					if got := plainHostLen(str); got != want {
						t.Fatalf("plainHostLen(%q) = %d, want %d", str, got, want)
					}
					if got, want := isPlainPath(str), allOf(str, &plainPathByte); got != want {
						t.Fatalf("isPlainPath(%q) = %v, want %v", str, got, want)
					}
				}
				s[pos] = fill
			}
		}
	}
}
