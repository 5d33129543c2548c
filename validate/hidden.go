package validate

import (
	"fmt"
	"unicode"
	"unicode/utf8"

	"github.com/oncard/oncard/model"
)

// ruleA2AHiddenCharacters: a name or description holds characters a reader
// cannot see or that reorder what they see.

// checkHiddenCharacters looks at the texts people and models read to decide
// which agent and skill to trust: the card's and each skill's name and
// description, the provider's organization, each extension's description.
// A control character, a bidi control (which can show "exe.txt" for
// "txt.exe") or an invisible character there is a finding.
func checkHiddenCharacters(r *report, root *model.Node) {
	// A document of plain ASCII text holds none of these characters
	// (most cards): nothing to read.
	if r.textIsPlainASCII() {
		return
	}
	// The pointer is built only for a finding: the scan reads every name
	// and description on every keystroke.
	check := func(n *model.Node, multiline bool, ptr func() string) {
		s, ok := n.Str()
		if !ok {
			return
		}
		if what, at := hiddenCharacter(s, multiline); what != "" {
			p := ptr()
			r.emit(ruleA2AHiddenCharacters, p, fmt.Sprintf("%s holds %s (U+%04X): readers do not see it, or see the text reordered", describe([]byte(p)), what, at), "remove it; write the text as people should read it")
		}
	}
	fixed := func(p string) func() string { return func() string { return p } }
	check(root.Get("name"), false, fixed("/name"))
	check(root.Get("description"), true, fixed("/description"))
	check(root.Get("provider").Get("organization"), false, fixed("/provider/organization"))
	for i, sk := range r.eachSkill(famHidden, root.Get("skills")) {
		// One pass over the skill's members; the first of members with
		// the same name counts, as for Get.
		var seenName, seenDescription bool
		for _, mem := range sk.Members() {
			switch {
			case mem.Key() == "name" && !seenName:
				seenName = true
				check(mem.Value, false, func() string { return indexPtr("/skills", i) + "/name" })
			case mem.Key() == "description" && !seenDescription:
				seenDescription = true
				check(mem.Value, true, func() string { return indexPtr("/skills", i) + "/description" })
			}
		}
	}
	for i, ext := range root.Get("capabilities").Get("extensions").All() {
		check(ext.Get("description"), true, func() string { return indexPtr("/capabilities/extensions", i) + "/description" })
	}
}

// hiddenCharacter names the first control, bidi or invisible character of
// s, and returns it; "" when there is none. Multi-line texts may hold
// newlines and tabs.
func hiddenCharacter(s string, multiline bool) (string, rune) {
	// Printable ASCII is the common case: passed over eight bytes at a
	// time, again after each other character (a text with one curly quote
	// is ASCII around it).
	for i := printableASCIIPrefix(s); i < len(s); {
		if c := s[i]; c >= 0x20 && c < 0x7f {
			i += printableASCIIPrefix(s[i:])
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case multiline && (r == '\n' || r == '\t' || r == '\r'):
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0):
			return "a control character", r
		case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069, r == 0x200e, r == 0x200f, r == 0x061c:
			return "a bidi control", r
		case r == 0x200b, r == 0x200c, r == 0x2060, r >= 0x2061 && r <= 0x2064, r == 0xfeff, r == 0x00ad,
			r == 0x180e, r == 0x115f, r == 0x1160, r == 0x3164, r == 0xffa0, r >= 0xe0000 && r <= 0xe007f:
			return "an invisible character", r
		case unicode.Is(unicode.Co, r):
			return "a private-use character", r
		}
	}
	return "", 0
}
