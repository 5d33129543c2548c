package editor

import "strings"

// memberSet is the part of the card a step's fields edit, as pointer
// patterns in which "*" stands for any one token (an array index). It is
// what Step.owns answers from: diagnostics jump to the step that owns their
// pointer, and edit mode lists as "kept as is" every member no step owns,
// so a set must not claim members its fields never touch (an unknown
// "x-vendor" inside a skill is kept, not edited).
type MemberSet struct {
	// containers own the object or array itself but not what is in it
	// (a skill item, "/provider"): their unknown members stay visible.
	Containers []string
	// trees own the member and everything under it (a field's value).
	Trees []string
}

// owns reports whether ptr is one of the containers, a tree or inside one.
// It runs for every member of the card on every change (edit mode's "kept
// as is"), so it compares the pointer's tokens in place: pattern names
// hold no "~" or "/", so an escaped token can never equal one anyway.
func (ms MemberSet) Owns(ptr string) bool {
	for _, p := range ms.Containers {
		if rest, ok := matchPattern(p, ptr); ok && rest == "" {
			return true
		}
	}
	for _, p := range ms.Trees {
		if rest, ok := matchPattern(p, ptr); ok && (rest == "" || rest[0] == '/') {
			return true
		}
	}
	return false
}

// matchPattern matches the tokens of pattern against the first tokens of
// ptr and returns what of ptr is left ("" or "/more/tokens").
func matchPattern(pattern, ptr string) (rest string, ok bool) {
	for pattern != "" {
		if ptr == "" || ptr[0] != '/' {
			return "", false
		}
		var pt, tok string
		pt, pattern = cutToken(pattern[1:])
		tok, ptr = cutToken(ptr[1:])
		if pt != "*" && pt != tok {
			return "", false
		}
	}
	return ptr, true
}

// cutToken splits "a/b/c" into "a" and "/b/c".
func cutToken(s string) (tok, rest string) {
	if i := strings.IndexByte(s, '/'); i >= 0 {
		return s[:i], s[i:]
	}
	return s, ""
}

// under prefixes every name with base + "/" (the members of one item).
func Under(base string, names ...string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = base + "/" + n
	}
	return out
}
