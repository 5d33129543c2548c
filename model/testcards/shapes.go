package testcards

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// The shapes below are documents whose bulk is one kind of value, for the
// memory budget (docs/PERFORMANCE.md): each is minified where it is big,
// the worst case for a parse tree against the bytes it comes from; and one,
// wide-findings-card, for the cost of a finding at each member of a large
// object.

// Shapes lists the names Shaped knows, with what each holds.
var Shapes = map[string]string{
	"numbers":           "a bare JSON array of numbers (not a card)",
	"numbers-card":      "a valid card whose extension params hold an array of numbers",
	"digits-card":       "a valid card whose extension params hold an array of one-digit numbers: two bytes an item",
	"strings-card":      "a valid card whose extension params hold an array of short strings",
	"deep-card":         "a valid card whose extension params hold arrays nested as deep as the parser allows",
	"deep-obj-card":     "a valid card whose extension params hold objects nested as deep as the parser allows",
	"nested3-card":      "a valid card whose extension params hold an array of small arrays and objects three levels deep ([[[7]]], {\"a\":{\"b\":{\"c\":7}}})",
	"nested20-card":     "a valid card whose extension params hold an array of small arrays twenty levels deep, deeper than the parser keeps nodes for",
	"objects31-card":    "a valid card whose extension params hold an array of objects of 31 members of 17 bytes (\"key-number-7\":7)",
	"mixed-card":        "a valid card whose extension params hold an array of one-digit numbers, empty arrays and small objects in turn",
	"small-arrays-card": "a valid card whose extension params hold an array of arrays of 32 one-digit numbers, each beside an array three levels deep",
	"objects-card":      "a valid card whose extension params hold an array of small objects of two scalars",
	"empties-card":      "a valid card whose extension params hold an array of empty arrays and objects",
	"wide-card":         "a valid card whose extension params hold one object of many members, each a number",
	"wide-short-card":   "a valid card whose extension params hold one object of many short members (a base-36 name, a one-digit number)",
	"skills-card":       "a valid card of many short skills (an id, a name, a one-line description, two tags, an example)",
	"wide-objects-card": "a valid card whose extension params hold one object of many members, each a small object or a pair of numbers",
	"onrequest-entries": "an On Request params document (not a card) of many entries, each an id, an https personEntry, assistantAccess and completion",
	"wide-findings-card": "a card whose extension params hold one object of many members, each a number I-JSON cannot hold: " +
		"a finding at each member",
	"tagless-skills-card": "skills-card with no tags in any skill: a finding at each skill",
}

// Shaped returns the document of the named shape of at least size bytes,
// and false for a name Shapes does not list.
func Shaped(name string, size int) ([]byte, bool) {
	switch name {
	case "numbers":
		return numbers(size), true
	case "numbers-card":
		return withBulk(size, func(b *bytes.Buffer, i int) { b.WriteString(strconv.Itoa(100_000_000 + i*7919%900_000_000)) }), true
	case "digits-card":
		return withBulk(size, func(b *bytes.Buffer, i int) { b.WriteByte(byte('0' + i*7%10)) }), true
	case "strings-card":
		return withBulk(size, func(b *bytes.Buffer, i int) { fmt.Fprintf(b, `"%c%d"`, 'a'+i%26, i%100) }), true
	case "deep-card":
		return withBulk(size, func(b *bytes.Buffer, i int) { nested(b, bulkDepth, "[", "]", strconv.Itoa(i%10)) }), true
	case "deep-obj-card":
		return withBulk(size, func(b *bytes.Buffer, i int) { nested(b, bulkDepth, `{"a":`, "}", strconv.Itoa(i%10)) }), true
	case "nested3-card":
		return withBulk(size, func(b *bytes.Buffer, i int) {
			if i%2 == 0 {
				fmt.Fprintf(b, `[[[%d]]]`, i%10)
			} else {
				fmt.Fprintf(b, `{"a":{"b":{"c":%d}}}`, i%10)
			}
		}), true
	case "nested20-card":
		return withBulk(size, func(b *bytes.Buffer, i int) { nested(b, 20, "[", "]", strconv.Itoa(i%10)) }), true
	case "objects31-card":
		return withBulk(size, func(b *bytes.Buffer, i int) {
			b.WriteByte('{')
			for j := range 31 {
				if j > 0 {
					b.WriteByte(',')
				}
				fmt.Fprintf(b, `"key-number-%d":%d`, j, (i+j)%10)
			}
			b.WriteByte('}')
		}), true
	case "mixed-card":
		return withBulk(size, func(b *bytes.Buffer, i int) {
			switch i % 3 {
			case 0:
				b.WriteByte(byte('0' + i%10))
			case 1:
				b.WriteString("[]")
			default:
				fmt.Fprintf(b, `{"a":%d}`, i%10)
			}
		}), true
	case "small-arrays-card":
		return withBulk(size, func(b *bytes.Buffer, i int) {
			if i%2 == 0 {
				b.WriteString("[" + strings.Repeat(strconv.Itoa(i%10)+",", 31) + "0]")
			} else {
				fmt.Fprintf(b, `[[[%d]]]`, i%10)
			}
		}), true
	case "objects-card":
		return withBulk(size, func(b *bytes.Buffer, i int) { fmt.Fprintf(b, `{"n":%d,"ok":%t}`, i, i%3 == 0) }), true
	case "empties-card":
		return withBulk(size, func(b *bytes.Buffer, i int) { b.WriteString([]string{"[]", "{}"}[i%2]) }), true
	case "wide-card":
		return withBulkObject(size, func(b *bytes.Buffer, i int) { fmt.Fprintf(b, `"k%d":%d`, i, i%1000) }), true
	case "wide-short-card":
		return withBulkObject(size, func(b *bytes.Buffer, i int) { fmt.Fprintf(b, `"%s":%d`, strconv.FormatInt(int64(i), 36), i%10) }), true
	case "wide-objects-card":
		return withBulkObject(size, func(b *bytes.Buffer, i int) {
			if i%2 == 0 {
				fmt.Fprintf(b, `"k%d":{"a":%d}`, i, i%10)
			} else {
				fmt.Fprintf(b, `"k%d":[%d,%d]`, i, i%10, i%7)
			}
		}), true
	case "onrequest-entries":
		return onRequestEntries(size), true
	case "wide-findings-card":
		return withBulkObject(size, func(b *bytes.Buffer, i int) { fmt.Fprintf(b, `"k%d":1e%d`, i, 400+i%10) }), true
	case "skills-card":
		return withSkills(size, true), true
	case "tagless-skills-card":
		return withSkills(size, false), true
	}
	return nil, false
}

// onRequestEntries is a minified On Request params document of entries,
// about 110 bytes each, until it is size bytes: an array of records of a
// few fields, larger than the flat containers a small document packs.
func onRequestEntries(size int) []byte {
	var b bytes.Buffer
	b.Grow(size + 128)
	b.WriteString(`{"skills":[`)
	for i := 0; b.Len() < size; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"id":"skill-%d","personEntry":"https://bank.example/ask/%d","assistantAccess":%t,"completion":"deferred"}`, i, i, i%2 == 0)
	}
	b.WriteString("]}")
	return b.Bytes()
}

// numbers is a minified array of nine-digit numbers: ten bytes an item.
func numbers(size int) []byte {
	var b bytes.Buffer
	b.Grow(size + 16)
	b.WriteByte('[')
	for i := 0; b.Len() < size; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(100_000_000 + i*7919%900_000_000))
	}
	b.WriteByte(']')
	return b.Bytes()
}

// bulkDepth is how deep the nested values go below the card's own levels
// (the root, capabilities, extensions, the extension, params, the bulk
// array: 6), so that the deepest reaches model.DefaultLimits.MaxDepth.
const bulkDepth = 256 - 6

// nested writes depth levels of open ... close around leaf.
func nested(b *bytes.Buffer, depth int, open, close, leaf string) {
	for range depth {
		b.WriteString(open)
	}
	b.WriteString(leaf)
	for range depth {
		b.WriteString(close)
	}
}

// bulkURI names the extension that carries the bulk: any extension may
// carry params of any shape.
const bulkURI = "https://example.com/ext/bulk/v1"

// withBulk returns Small() with one more extension whose params hold
// "bulk": an array of items item writes, until the card is size bytes.
func withBulk(size int, item func(b *bytes.Buffer, i int)) []byte {
	return withBulkIn(size, "[", "]", item)
}

// withBulkObject is withBulk with "bulk" an object of the members member
// writes (each a distinct name).
func withBulkObject(size int, member func(b *bytes.Buffer, i int)) []byte {
	return withBulkIn(size, "{", "}", member)
}

// withBulkIn is withBulk with "bulk" a container of open and close.
func withBulkIn(size int, open, close string, item func(b *bytes.Buffer, i int)) []byte {
	head, tail := cutAfter(Small(), `"extensions": [`, false)
	var b bytes.Buffer
	b.Grow(size + 1024)
	b.Write(head)
	b.WriteString(`{"uri": "` + bulkURI + `", "description": "Bulk data", "params": {"bulk": ` + open)
	for i := 0; b.Len() < size; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		item(&b, i)
	}
	b.WriteString(close + "}},")
	b.Write(tail)
	return b.Bytes()
}

// cutAfter cuts card just after the first marker (the last, when last is
// set): what goes before and after what a shape writes there.
func cutAfter(card []byte, marker string, last bool) (head, tail []byte) {
	at := bytes.Index(card, []byte(marker))
	if last {
		at = bytes.LastIndex(card, []byte(marker))
	}
	if at < 0 {
		panic("testcards: Small has no " + marker)
	}
	at += len(marker)
	return card[:at], card[at:]
}

// withSkills returns Small() with short skills added to its own until it
// is size bytes: what a card that lists a great many small skills holds;
// without tags, each skill lacks a member the card requires.
func withSkills(size int, tags bool) []byte {
	head, tail := cutAfter(Small(), `"skills": [`, true) // the card's own, after its extensions' params
	var b bytes.Buffer
	b.Grow(size + 1024)
	b.Write(head)
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, `{"id":"task-%d","name":"Task %d","description":"Handles task %d for the customer.",`, i, i, i)
		if tags {
			fmt.Fprintf(&b, `"tags":["tasks","t%d"],`, i%50)
		}
		fmt.Fprintf(&b, `"examples":["Do task %d"]},`, i)
	}
	b.Write(tail)
	return b.Bytes()
}
