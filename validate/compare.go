package validate

import "strings"

// NewFindings returns the error-level findings of after that were not in
// before: what an edit added. It lets a legacy file with old defects stay
// editable (an edit is refused only for the errors it brings) and lets the
// editor say which findings are new.
//
// A finding is the same when its code, pointer and message are. Lines and
// columns are ignored: an edit above a finding moves it without changing
// it. Findings are counted, not just looked up, so a second copy of an old
// error is new. Findings left unmatched are then matched once more with
// array indices ignored in their pointers, so that deleting /skills/0 does
// not make the old errors of the later skills (now one index lower) look
// new; this never hides an error whose count grew. What is still left is
// matched a last time by code and message alone: a finding that moved with
// its value (an upgrade moves a bad /url to /supportedInterfaces/0/url) is
// not new. Messages quote the value they judge, so a moved finding keeps
// its message while a new defect elsewhere has its own; and since each old
// finding is matched once, a second copy of it is still new.
//
// The result keeps after's order. Before may hold findings of any severity;
// only its errors count (a warning that became an error is new).
func NewFindings(before, after []Diagnostic) []Diagnostic {
	return newFindings(before, after, func(d Diagnostic) bool { return d.Severity == Error })
}

// Added returns every finding of after, of any severity, that was not in
// before: what a scripted edit prints (the file's old findings are not
// repeated). A finding is matched as NewFindings matches errors, its
// severity included: a warning that became an error is added.
func Added(before, after []Diagnostic) []Diagnostic {
	return newFindings(before, after, func(Diagnostic) bool { return true })
}

func newFindings(before, after []Diagnostic, counts func(Diagnostic) bool) []Diagnostic {
	exact := make(map[findingKey]int)
	for _, d := range before {
		if counts(d) {
			exact[keyOf(d, d.Pointer)]++
		}
	}
	// First pass: exact matches.
	matched := make([]bool, len(after))
	for i, d := range after {
		if !counts(d) {
			continue
		}
		k := keyOf(d, d.Pointer)
		if exact[k] > 0 {
			exact[k]--
			matched[i] = true
		}
	}
	// Second pass: what is left of before, by pointer shape.
	shifted := make(map[findingKey]int)
	for k, n := range exact {
		if n > 0 {
			shifted[findingKey{k.sev, k.code, indexFree(k.pointer), k.message}] += n
		}
	}
	var unmatched []Diagnostic
	for i, d := range after {
		if !counts(d) || matched[i] {
			continue
		}
		k := keyOf(d, indexFree(d.Pointer))
		if shifted[k] > 0 {
			shifted[k]--
			continue
		}
		unmatched = append(unmatched, d)
	}
	// Third pass: findings that moved with their value.
	moved := make(map[findingKey]int)
	for k, n := range shifted {
		if n > 0 {
			moved[findingKey{sev: k.sev, code: k.code, message: k.message}] += n
		}
	}
	var added []Diagnostic
	for _, d := range unmatched {
		k := findingKey{sev: d.Severity, code: d.Code, message: d.Message}
		if moved[k] > 0 {
			moved[k]--
			continue
		}
		added = append(added, d)
	}
	return added
}

// findingKey identifies a finding independently of where its line is.
type findingKey struct {
	sev                    Severity
	code, pointer, message string
}

func keyOf(d Diagnostic, pointer string) findingKey {
	return findingKey{d.Severity, d.Code, pointer, d.Message}
}

// indexFree replaces every array index token of a pointer with "#":
// "/skills/3/tags/0" becomes "/skills/#/tags/#". Member names made of
// digits are replaced too; that only makes the second pass a little more
// forgiving, never stricter.
func indexFree(ptr string) string {
	if !strings.ContainsAny(ptr, "0123456789") {
		return ptr
	}
	tokens := strings.Split(ptr, "/")
	for i, t := range tokens {
		if i > 0 && isDigits(t) {
			tokens[i] = "#"
		}
	}
	return strings.Join(tokens, "/")
}
