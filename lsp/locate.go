package lsp

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// spot is where a cursor is in a JSON text: the path of the value (or of
// the member whose key) it is on, and the token under it. It is found by
// a scan that tolerates everything after the cursor, so that hover and
// completion work while the text does not parse (the moment a person is
// typing a value).
type spot struct {
	// Path is the RFC 6901 tokens of the value at the cursor; on a key,
	// of that member.
	Path []string
	// OnKey is true when the cursor is on (or where the editor would type)
	// an object's key; false on a value.
	OnKey bool
	// Token is the string, number or literal under the cursor, [Start,
	// End) in bytes, with its first byte in Kind ('"' for a string); Kind
	// is 0 when the cursor is between tokens.
	Start, End int
	Kind       byte
	// Prefix is the part of a string token before the cursor, decoded.
	Prefix string
}

// frame is one open container of the scan.
type frame struct {
	object    bool
	key       [2]int // object: the span of the member's key token, decoded only for the path
	expectKey bool   // object: the next string is a key
	index     int    // array: the item being read
}

// locate scans src up to off and tells what is there.
func locate(src []byte, off int) spot {
	var stack []frame
	path := func() []string {
		p := make([]string, len(stack))
		for i, f := range stack {
			if f.object {
				p[i] = decodeString(src[f.key[0]:f.key[1]])
			} else {
				p[i] = strconv.Itoa(f.index)
			}
		}
		return p
	}
	top := func() *frame {
		if len(stack) == 0 {
			return nil
		}
		return &stack[len(stack)-1]
	}
	i := 0
	for i < len(src) && i < off {
		c := src[i]
		switch c {
		case ' ', '\t', '\r', '\n':
			for i++; i < off && (src[i] == ' ' || src[i] == '\n' || src[i] == '\t' || src[i] == '\r'); i++ {
			}
		case '{', '[':
			stack = append(stack, frame{object: c == '{', expectKey: c == '{'})
			i++
		case '}', ']':
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
			i++
		case ',':
			if f := top(); f != nil {
				if f.object {
					f.expectKey = true
				} else {
					f.index++
				}
			}
			i++
		case ':':
			if f := top(); f != nil && f.object {
				f.expectKey = false
			}
			i++
		case '"':
			end := stringEnd(src, i)
			f := top()
			isKey := f != nil && f.object && f.expectKey
			if isKey {
				f.key = [2]int{i, end}
			}
			if off < end || off == end && !closed(src, i, end) {
				// The cursor is inside this string (or it is still open).
				return spot{Path: path(), OnKey: isKey, Start: i, End: end, Kind: '"',
					Prefix: decodeString(src[i:min(off, end)])}
			}
			i = end
		default:
			end := i + 1
			for end < len(src) && !delimiter(src[end]) {
				end++
			}
			if off <= end {
				return spot{Path: path(), Start: i, End: end, Kind: c, Prefix: string(src[i:off])}
			}
			i = end
		}
	}
	// Between tokens: where a key or a value would be typed.
	s := spot{Start: off, End: off}
	if f := top(); f != nil && f.object && f.expectKey {
		s.OnKey = true
		f.key = [2]int{}
	}
	s.Path = path()
	return s
}

// stringEnd is the offset just past the string token starting at i (the
// end of the text for one never closed, or the line's end for one not
// closed on its line: a string the person is still typing). Most of a
// card is strings: they are skipped with IndexByte, not byte by byte.
func stringEnd(src []byte, i int) int {
	j := i + 1
	for {
		q := bytes.IndexByte(src[j:], '"')
		if q < 0 {
			if nl := bytes.IndexByte(src[j:], '\n'); nl >= 0 {
				return j + nl
			}
			return len(src)
		}
		if nl := bytes.IndexByte(src[j:j+q], '\n'); nl >= 0 {
			return j + nl
		}
		q += j
		backslashes := 0
		for k := q - 1; k > i && src[k] == '\\'; k-- {
			backslashes++
		}
		if backslashes%2 == 0 {
			return q + 1
		}
		j = q + 1
	}
}

// closed tells whether the string token [i, end) has its closing quote.
func closed(src []byte, i, end int) bool {
	return end-i >= 2 && src[end-1] == '"'
}

func delimiter(c byte) bool {
	switch c {
	case ' ', '\t', '\r', '\n', ',', ':', '{', '}', '[', ']', '"':
		return true
	}
	return false
}

// decodeString decodes a string token, or the start of one, leniently.
func decodeString(tok []byte) string {
	if len(tok) == 0 {
		return ""
	}
	if len(tok) >= 2 && tok[len(tok)-1] == '"' && bytes.IndexByte(tok, '\\') < 0 {
		return string(tok[1 : len(tok)-1]) // no escapes: the bytes are the text
	}
	var s string
	if json.Unmarshal(tok, &s) == nil {
		return s
	}
	body := tok[1:]
	if len(body) > 0 && body[len(body)-1] == '"' {
		body = body[:len(body)-1]
	}
	if json.Unmarshal(append(append([]byte{'"'}, body...), '"'), &s) == nil {
		return s
	}
	return string(body)
}
