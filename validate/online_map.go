package validate

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/oncard/oncard/internal/oasfapi"
	"github.com/oncard/oncard/model"
)

// serverFinding is one finding of the server's verdict, located in the
// document.
type serverFinding struct {
	Type     string // the server's error type, e.g. "id_unknown"
	Message  string
	Pointer  string
	Severity Severity
}

func (f serverFinding) code() string { return "oasf/" + f.Type }

// fromValidation maps the answer of POST .../validate/object/discovery to
// findings under the payload at base.
func fromValidation(base string, v *oasfapi.Validation) []serverFinding {
	var out []serverFinding
	for _, e := range v.Errors {
		out = append(out, serverFinding{e.Type, e.Message, base + attributePathPointer(e.AttributePath), Error})
	}
	for _, w := range v.Warnings {
		out = append(out, serverFinding{w.Type, w.Message, base + attributePathPointer(w.AttributePath), Warning})
	}
	return out
}

// attributePathPointer converts the server's attribute_path
// ("skills[0].name") to a JSON pointer relative to the payload
// ("/skills/0/name"). "" is the payload itself.
func attributePathPointer(path string) string {
	if path == "" {
		return ""
	}
	var b strings.Builder
	for _, part := range strings.Split(path, ".") {
		name, rest, _ := strings.Cut(part, "[")
		b.WriteString(model.Pointer(name))
		for rest != "" {
			idx, after, ok := strings.Cut(rest, "]")
			if !ok {
				break
			}
			b.WriteString("/" + idx)
			rest = strings.TrimPrefix(after, "[")
		}
	}
	return b.String()
}

// encodeNode re-encodes a node (after an edit, its source span is stale).
func encodeNode(n *model.Node) []byte {
	data, err := json.Marshal(n.Interface())
	if err != nil {
		return []byte("null")
	}
	return data
}

// serverErrorTypes are the server's types for skill and domain references
// (OASF.md): the offline findings with these codes are the ones the online
// verdict is compared with.
var serverErrorTypes = map[string]bool{
	"id_unknown": true, "name_unknown": true, "attribute_wrong_type": true,
	"attribute_required_missing": true, "id_name_mismatch": true,
	"attribute_enum_value_unknown": true, "class_out_of_scope": true,
	"attribute_array_duplicate": true, "attribute_unknown": true,
}

// verdictKey identifies a finding for comparison: where, what, and the words.
type verdictKey struct{ Pointer, Code, Message string }

// report records the online findings the offline check did not already
// give, and one disagreement warning per place where the two verdicts
// differ. scope limits the comparison to what the server was asked about.
func (oc *onlineCheck) report(p payloadAt, verdict []serverFinding, offline []Diagnostic, scope func(string) bool) {
	online := map[verdictKey]serverFinding{}
	onlineTypes := map[string]bool{}
	for _, f := range verdict {
		online[verdictKey{f.Pointer, f.code(), f.Message}] = f
		onlineTypes[f.code()] = true
	}
	offlineSet := map[verdictKey]bool{}
	for _, d := range offline {
		if d.Source != "" || !scope(d.Pointer) || !strings.HasPrefix(d.Code, "oasf/") {
			continue
		}
		if serverErrorTypes[strings.TrimPrefix(d.Code, "oasf/")] || onlineTypes[d.Code] {
			offlineSet[verdictKey{d.Pointer, d.Code, d.Message}] = true
		}
	}

	// Group the differences by the reference they concern.
	onlyOnline := map[string][]string{}
	onlyOffline := map[string][]string{}
	for k, f := range online {
		if !offlineSet[k] {
			oc.add(f.Pointer, f.Severity, RuleFor(k.Code), f.Message, "")
			at := referenceOf(k.Pointer, p.ptr)
			onlyOnline[at] = append(onlyOnline[at], k.Code)
		}
	}
	for k := range offlineSet {
		if _, ok := online[k]; !ok {
			at := referenceOf(k.Pointer, p.ptr)
			onlyOffline[at] = append(onlyOffline[at], k.Code)
		}
	}
	places := map[string]bool{}
	for at := range onlyOnline {
		places[at] = true
	}
	for at := range onlyOffline {
		places[at] = true
	}
	sorted := make([]string, 0, len(places))
	for at := range places {
		sorted = append(sorted, at)
	}
	sort.Strings(sorted)
	for _, at := range sorted {
		oc.add(at, Warning, ruleOASFOnlineOfflineDisagree,
			fmt.Sprintf("The schema server at %s and the offline check disagree here: the server reports %s, the offline check %s.",
				oc.client.Host(), listOrNothing(onlyOnline[at]), listOrNothing(onlyOffline[at])),
			"the server's taxonomy may be newer than oncard's; run `oncard oasf sync` and check again")
	}
	if len(sorted) == 0 {
		oc.add(p.ptr, Info, ruleOASFOnlineChecked,
			fmt.Sprintf("The schema server at %s agrees with the offline check of this discovery payload.", oc.client.Host()), "")
	}
}

// referenceOf shortens a pointer to the skill or domain reference it is in
// (/…/skills/3/name -> /…/skills/3), or returns it unchanged.
func referenceOf(ptr, base string) string {
	rest := strings.TrimPrefix(ptr, base)
	for _, list := range []string{"/skills/", "/domains/"} {
		if strings.HasPrefix(rest, list) {
			idx, _, _ := strings.Cut(rest[len(list):], "/")
			if _, err := strconv.Atoi(idx); err == nil {
				return base + list + idx
			}
		}
	}
	return ptr
}

func listOrNothing(codes []string) string {
	if len(codes) == 0 {
		return "nothing"
	}
	sort.Strings(codes)
	return strings.Join(codes, ", ")
}
