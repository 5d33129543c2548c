package editrun

import (
	"errors"
	"fmt"
	"strings"

	"github.com/oncard/oncard/model"
)

// ParseSet splits the argument of --set, POINTER=JSON. A member name may itself hold "=", so
// every "=" is tried from the left and the first split whose right side is
// valid JSON wins; when none is, the error is about the first split, with
// a hint for the usual mistake (a string without its quotes).
func ParseSet(arg string) (string, []byte, error) {
	first := strings.IndexByte(arg, '=')
	if first < 0 {
		return "", nil, fmt.Errorf(`want POINTER=JSON, e.g. '/name="Weather agent"'`)
	}
	for i := first; i >= 0; {
		ptr, value := arg[:i], arg[i+1:]
		if CheckPointer(ptr) == nil && validJSON(value) {
			return ptr, []byte(value), nil
		}
		next := strings.IndexByte(arg[i+1:], '=')
		if next < 0 {
			break
		}
		i += next + 1
	}
	ptr, value := arg[:first], arg[first+1:]
	if err := CheckPointer(ptr); err != nil {
		return "", nil, err
	}
	if strings.TrimSpace(value) == "" {
		return "", nil, fmt.Errorf(`%s: the value is missing; it is JSON: for an empty string write '%s=""'`, ptr, ptr)
	}
	if looksLikeBareString(value) {
		return "", nil, fmt.Errorf(`%s: the value %s is not JSON; a string needs double quotes, inside single quotes for the shell: --set '%s="%s"'`,
			ptr, value, ptr, value)
	}
	_, err := model.Parse([]byte(value))
	var pe *model.ParseError
	if errors.As(err, &pe) {
		return "", nil, fmt.Errorf("%s: the value is not valid JSON (column %d: %s)", ptr, pe.Column, pe.Reason())
	}
	return "", nil, fmt.Errorf("%s: the value is not valid JSON", ptr)
}

// validJSON reports whether s is one JSON value (the model's own parser
// decides, so that what --set accepts is what the document accepts).
func validJSON(s string) bool {
	_, err := model.Parse([]byte(s))
	return err == nil && !strings.HasPrefix(s, "\ufeff")
}

// looksLikeBareString: the value would be valid as a JSON string once
// quoted, and is not an attempt at an object, array or quoted string.
func looksLikeBareString(s string) bool {
	if strings.ContainsAny(s[:1], `{["`) {
		return false
	}
	return !strings.ContainsAny(s, "\"\\\n\t")
}

// CheckPointer accepts an RFC 6901 pointer to a member or item (not
// the whole document).
func CheckPointer(ptr string) error {
	if ptr == "" || ptr[0] != '/' {
		return fmt.Errorf("%q is not a JSON pointer to a member: it starts with /, e.g. /name or /skills/0/tags", ptr)
	}
	if _, err := model.SplitPointer(ptr); err != nil {
		return err
	}
	return nil
}
