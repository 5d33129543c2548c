package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/edit"
)

// editOps collects --set and --delete in the order they were given on the
// command line: the edits apply in that order, so `--delete /a --set
// /a=...` and `--set /a=... --delete /a` mean different things. Each flag
// gets its own pflag.Value appending to the one list.
type editOps struct{ ops []edit.Op }

// setFlag is --set POINTER=JSON.
type setFlag struct{ list *editOps }

func (f setFlag) String() string { return "" }
func (f setFlag) Type() string   { return "POINTER=JSON" }
func (f setFlag) Set(arg string) error {
	ptr, value, err := parseSetArg(arg)
	if err != nil {
		return safeError(err)
	}
	f.list.ops = append(f.list.ops, edit.Op{Kind: edit.OpSet, Ptr: ptr, Value: value})
	return nil
}

// deleteFlag is --delete POINTER.
type deleteFlag struct{ list *editOps }

func (f deleteFlag) String() string { return "" }
func (f deleteFlag) Type() string   { return "POINTER" }
func (f deleteFlag) Set(arg string) error {
	if err := checkMemberPointer(arg); err != nil {
		return safeError(err)
	}
	f.list.ops = append(f.list.ops, edit.Op{Kind: edit.OpDelete, Ptr: arg})
	return nil
}

// parseSetArg splits POINTER=JSON. A member name may itself hold "=", so
// every "=" is tried from the left and the first split whose right side is
// valid JSON wins; when none is, the error is about the first split, with
// a hint for the usual mistake (a string without its quotes).
func parseSetArg(arg string) (string, []byte, error) {
	first := strings.IndexByte(arg, '=')
	if first < 0 {
		return "", nil, fmt.Errorf(`want POINTER=JSON, e.g. '/name="Weather agent"'`)
	}
	for i := first; i >= 0; {
		ptr, value := arg[:i], arg[i+1:]
		if checkMemberPointer(ptr) == nil && validJSON(value) {
			return ptr, []byte(value), nil
		}
		next := strings.IndexByte(arg[i+1:], '=')
		if next < 0 {
			break
		}
		i += next + 1
	}
	ptr, value := arg[:first], arg[first+1:]
	if err := checkMemberPointer(ptr); err != nil {
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

// checkMemberPointer accepts an RFC 6901 pointer to a member or item (not
// the whole document).
func checkMemberPointer(ptr string) error {
	if ptr == "" || ptr[0] != '/' {
		return fmt.Errorf("%q is not a JSON pointer to a member: it starts with /, e.g. /name or /skills/0/tags", ptr)
	}
	if _, err := model.SplitPointer(ptr); err != nil {
		return err
	}
	return nil
}

// safeError makes an error that quotes the user's input safe to print on a
// terminal.
func safeError(err error) error { return errors.New(model.SafeText(err.Error())) }
