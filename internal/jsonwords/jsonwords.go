// Package jsonwords says in plain words what encoding/json found wrong with
// a document or a server's answer.
//
// encoding/json's own messages speak of the program, not of the JSON:
// "cannot unmarshal string into Go struct field classAnswer.uid of type
// int" names a Go type and a Go struct the reader has never seen. Explain
// names the member by its path in the JSON ("versions[1].schema_version"),
// the JSON type expected and the one it has ("must be a number, not a
// string"), and where it stands (line and column), so that a message can be
// acted on by whoever wrote or served the JSON.
package jsonwords

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Explain turns err, returned by encoding/json while decoding data (with
// json.Unmarshal, or a json.Decoder's first Decode of data), into a
// sentence that names no Go type: "line 1, column 54:
// versions[1].schema_version must be a string, not a number". Errors that
// did not come from encoding/json keep their own text.
func Explain(data []byte, err error) string {
	at, what := explain(data, err)
	if at < 0 {
		return what
	}
	return Position(data, at) + what
}

// Describe is Explain without the line and column: for data cut out of a
// larger document, where a position within the piece would mislead.
func Describe(data []byte, err error) string {
	_, what := explain(data, err)
	return what
}

// Position is "line L, column C: " for a byte offset of data (columns
// counted in characters, as the document model counts them).
func Position(data []byte, offset int64) string {
	off := int(min(max(offset, 0), int64(len(data))))
	line := 1 + bytes.Count(data[:off], []byte{'\n'})
	lineStart := bytes.LastIndexByte(data[:off], '\n') + 1
	return fmt.Sprintf("line %d, column %d: ", line, utf8.RuneCount(data[lineStart:off])+1)
}

// explain says what is wrong and at which byte of data (-1: unknown).
func explain(data []byte, err error) (at int64, what string) {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	var ie *json.InvalidUnmarshalError
	switch {
	case err == nil:
		return -1, ""
	case errors.As(err, &te):
		return explainType(data, te)
	case errors.As(err, &se):
		if len(bytes.TrimSpace(data)) == 0 {
			return -1, "it is empty, expected a JSON value"
		}
		// Offset counts the bytes read, the offending one included.
		return se.Offset - 1, syntaxWords(se.Error())
	case errors.Is(err, io.EOF):
		// A json.Decoder's answer to input with no value at all.
		return -1, "it is empty, expected a JSON value"
	case errors.Is(err, io.ErrUnexpectedEOF):
		return -1, "the JSON ends before its last value is complete"
	case errors.As(err, &ie):
		// The program passed something it cannot decode into: a bug, but
		// its Go wording helps nobody reading the message.
		return -1, "it cannot be decoded (an internal error of oncard)"
	}
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "json: unknown field "); ok {
		return -1, "unknown member " + name
	}
	return -1, strings.TrimPrefix(msg, "json: ")
}

// syntaxWords rewords the one message of encoding/json's scanner that is
// not already plain.
func syntaxWords(msg string) string {
	if msg == "unexpected end of JSON input" {
		return "the JSON ends before its last value is complete"
	}
	return msg
}

func explainType(data []byte, te *json.UnmarshalTypeError) (at int64, what string) {
	path, start, found := locate(data, te.Offset)
	at = start
	if !found {
		at, path = -1, te.Field // dotted member names without indexes: better than nothing
	}
	if path == "" {
		path = "the top-level value"
	}
	has := jsonValue(te.Value)
	if n, ok := strings.CutPrefix(te.Value, "number "); ok {
		has = n // a number of the right type but the wrong kind: say which
	}
	return at, fmt.Sprintf("%s must be %s, not %s", path, expected(te.Type, te.Value), has)
}

// jsonValue puts an article before encoding/json's name of a JSON value
// ("number", "string", "array", "object", "bool").
func jsonValue(v string) string {
	switch {
	case v == "bool":
		return "a boolean"
	case v == "array", v == "object":
		return "an " + v
	case v == "null":
		return "null"
	case strings.HasPrefix(v, "number"):
		return "a number"
	}
	return "a " + v
}

// expected names, as a JSON type, what a Go type can be decoded from.
// value is encoding/json's name of the value that did not fit, which tells
// a number of the wrong kind (1.5 for a whole number) from a wrong type.
func expected(t reflect.Type, value string) string {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil {
		return "a value of another type"
	}
	number, isNumber := strings.CutPrefix(value, "number ")
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		if t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8 {
			return "a base64 string"
		}
		return "an array"
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if isNumber && !strings.ContainsAny(number, ".eE") {
			return fmt.Sprintf("a whole number from %d to %d", minInt(t), maxInt(t))
		}
		return "a whole number"
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if isNumber && !strings.ContainsAny(number, ".eE") {
			return fmt.Sprintf("a whole number from 0 to %d", maxUint(t))
		}
		return "a whole number of 0 or more"
	case reflect.Float32, reflect.Float64:
		if isNumber {
			return "a number within range"
		}
		return "a number"
	}
	return "a value of another type"
}

func minInt(t reflect.Type) int64   { return -1 << (t.Bits() - 1) }
func maxInt(t reflect.Type) int64   { return 1<<(t.Bits()-1) - 1 }
func maxUint(t reflect.Type) uint64 { return 1<<t.Bits() - 1 }

// frame is one open object or array while locate walks the document.
type frame struct {
	object  bool
	key     string // object: the member being read
	index   int    // array: the element being read (-1 before the first)
	wantKey bool   // object: the next token is a member name (or '}')
}

// locate finds the value that encoding/json stopped at: the one whose
// first token ends at end (encoding/json's UnmarshalTypeError.Offset is the
// end of a literal, or just after the '{' or '[' opening a container). It
// returns the value's path ("versions[1].id") and where the value starts.
func locate(data []byte, end int64) (path string, start int64, ok bool) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber() // numbers too large for a float64 are still tokens
	var stack []frame
	prev := int64(0)
	for {
		tok, err := dec.Token()
		if err != nil {
			return "", 0, false
		}
		off := dec.InputOffset()
		n := len(stack)
		delim, isDelim := tok.(json.Delim)
		switch {
		case isDelim && (delim == '}' || delim == ']'):
			stack = stack[:n-1]
			if n > 1 && stack[n-2].object {
				stack[n-2].wantKey = true
			}
		case n > 0 && stack[n-1].object && stack[n-1].wantKey:
			stack[n-1].key, _ = tok.(string)
			stack[n-1].wantKey = false
		default: // a value
			if n > 0 && !stack[n-1].object {
				stack[n-1].index++
			}
			if off == end {
				return pathOf(stack), valueStart(data, prev), true
			}
			if isDelim {
				stack = append(stack, frame{object: delim == '{', wantKey: delim == '{', index: -1})
			} else if n > 0 && stack[n-1].object {
				stack[n-1].wantKey = true
			}
		}
		prev = off
	}
}

// valueStart skips what stands between the previous token and a value.
func valueStart(data []byte, from int64) int64 {
	for from < int64(len(data)) && strings.IndexByte(" \t\r\n:,", data[from]) >= 0 {
		from++
	}
	return from
}

// pathOf writes the path of the value being read: member names joined by
// dots, array indexes in brackets, a name that is not a plain word quoted
// (`tags[2]`, `enum["a b"]`).
func pathOf(stack []frame) string {
	var b strings.Builder
	for _, f := range stack {
		switch {
		case !f.object:
			b.WriteString("[" + strconv.Itoa(f.index) + "]")
		case plainName(f.key):
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(f.key)
		default:
			b.WriteString("[" + strconv.Quote(f.key) + "]")
		}
	}
	return b.String()
}

func plainName(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r == '_' || r == '-' || r == '$' || r == '@' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9')) {
			return false
		}
	}
	return true
}
