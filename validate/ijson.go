package validate

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/oncard/oncard/model"
)

// The AI Catalog must be valid RFC 8785 input, so I-JSON (RFC 7493): no
// lone surrogates in strings, numbers that round-trip as IEEE 754 doubles
// (ruleCatalogNotIJSON). Every other document gets the same check under
// ruleJSONNotIJSON: the official SDKs read numbers as doubles and RFC 8785
// (a card's signature) cannot represent either, so a reader would get
// another value than the one written.

// checkIJSON reports every string (value or member name) that holds a lone
// surrogate escape and every number that a double cannot hold exactly.
// Both are found on the written text, so the cost is linear in the document
// (no number is ever expanded by its exponent).
func checkIJSON(r *report, n *model.Node, ptr string) {
	if n == nil {
		return
	}
	// Member names are read from the source between values; an edited Doc
	// (the TUI's merged catalog) may hold nodes of other sources, so its
	// names are checked when it is written and read again.
	w := newIJSONWalk(r, ruleCatalogNotIJSON)
	w.check(n, ptr)
}

// checkDocumentIJSON is checkIJSON for a document other than a catalog or
// an entry.
func checkDocumentIJSON(r *report) {
	if !r.doc.MaybeNotIJSON() {
		return // the parser met no token I-JSON may not hold
	}
	newIJSONWalk(r, ruleJSONNotIJSON).check(r.doc.Root(), "")
}

func newIJSONWalk(r *report, rule *Rule) *ijsonWalk {
	return &ijsonWalk{r: r, rule: rule, src: r.doc.Source(), keys: !r.doc.Changed()}
}

// check is checkIJSON with this walk's memory: a streamed catalog checks
// each entry with one walk (catalogStream).
func (w *ijsonWalk) check(n *model.Node, ptr string) {
	if n == nil {
		return
	}
	w.base, w.steps = ptr, w.steps[:0]
	w.walk(n)
}

// ijsonWalk walks a document for checkIJSON. The pointer of the node being
// read is kept as a stack of steps and joined only for a finding: a catalog
// of 100,000 entries has millions of nodes and, as a rule, no finding.
type ijsonWalk struct {
	r     *report
	rule  *Rule
	src   []byte
	keys  bool
	base  string
	steps []ijsonStep
}

// ijsonStep is one step of the pointer: a member name, or an index when
// key is unset.
type ijsonStep struct {
	key   string
	index int
	isKey bool
}

// readers says who cannot read a number a double does not hold.
func (r *Rule) readers() string {
	if r == ruleCatalogNotIJSON {
		return "RFC 8785 (the AI Catalog's canonical form) cannot represent it"
	}
	return "readers that hold numbers as doubles (both official A2A SDKs, RFC 8785 for a signature) read another number"
}

func (w *ijsonWalk) pointer() string {
	var b strings.Builder
	b.WriteString(w.base)
	for _, s := range w.steps {
		b.WriteByte('/')
		if s.isKey {
			b.WriteString(escapePointerToken(s.key))
		} else {
			b.WriteString(strconv.Itoa(s.index))
		}
	}
	return b.String()
}

func (w *ijsonWalk) walk(n *model.Node) {
	switch n.Kind {
	case model.String:
		if hasLoneSurrogate(n.Raw()) {
			ptr := w.pointer()
			w.r.emit(w.rule, ptr, describe([]byte(ptr))+" holds a lone surrogate escape (\\uD800–\\uDFFF without its pair); I-JSON and RFC 8785 forbid it", "write the character itself, or the full surrogate pair")
		}
	case model.Number:
		if raw := n.Raw(); !isSmallInteger(raw) && !roundTripsAsDouble(string(raw)) {
			w.r.emit(w.rule, w.pointer(), "the number "+shorten(string(raw))+" does not round-trip as an IEEE 754 double; "+w.rule.readers(), "write a number a double holds exactly, or the value as a string")
		}
	case model.Array:
		w.steps = append(w.steps, ijsonStep{})
		top := len(w.steps) - 1
		for i, it := range n.AllTransient() {
			w.steps[top].index = i
			w.walk(it)
		}
		w.steps = w.steps[:top]
	case model.Object:
		w.steps = append(w.steps, ijsonStep{isKey: true})
		top := len(w.steps) - 1
		prev := n.Start() + 1
		for _, m := range n.AllMembers() {
			w.steps[top].key = m.Key()
			if w.keys && n.Start() >= 0 && m.Value.Start() > prev && m.Value.Start() <= len(w.src) && hasLoneSurrogate(w.src[prev:m.Value.Start()]) {
				w.r.emit(w.rule, w.pointer(), "the member name "+quoted(shorten(m.Key()))+" holds a lone surrogate escape; I-JSON and RFC 8785 forbid it", "rename the member")
			}
			w.walk(m.Value)
			if m.Value.End() > 0 {
				prev = m.Value.End()
			}
		}
		w.steps = w.steps[:top]
	}
}

// isSmallInteger: an integer of at most 15 digits, which a double holds
// exactly (2^53 has 16 digits), decided without parsing.
func isSmallInteger(raw []byte) bool {
	digits := raw
	if len(digits) > 0 && digits[0] == '-' {
		digits = digits[1:]
	}
	if len(digits) == 0 || len(digits) > 15 {
		return false
	}
	for _, c := range digits {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// hasLoneSurrogate reports a \uD800–\uDFFF escape in JSON text that is not
// a high surrogate followed by a low one.
func hasLoneSurrogate(raw []byte) bool {
	if bytes.IndexByte(raw, '\\') < 0 {
		return false // the common case, found fast
	}
	for i := 0; i < len(raw); i++ {
		if raw[i] != '\\' {
			continue
		}
		if i+1 < len(raw) && raw[i+1] != 'u' {
			i++ // any other escape, including \\
			continue
		}
		v, ok := hex4(raw, i+2)
		if !ok {
			continue
		}
		switch {
		case v >= 0xD800 && v <= 0xDBFF:
			if w, ok := hex4(raw, i+8); ok && i+7 < len(raw) && raw[i+6] == '\\' && raw[i+7] == 'u' && w >= 0xDC00 && w <= 0xDFFF {
				i += 11
				continue
			}
			return true
		case v >= 0xDC00 && v <= 0xDFFF:
			return true
		}
		i += 5
	}
	return false
}

func hex4(b []byte, at int) (int, bool) {
	if at < 0 || at+4 > len(b) {
		return 0, false
	}
	v, err := strconv.ParseUint(string(b[at:at+4]), 16, 32)
	return int(v), err == nil
}

// roundTripsAsDouble reports whether the JSON number raw names exactly the
// value of the nearest double: "1.50" and "1e2" do, "1e999999" (out of
// range) and "12345678901234567891" (more digits than a double keeps) do
// not.
func roundTripsAsDouble(raw string) bool {
	f, err := strconv.ParseFloat(raw, 64)
	if err != nil {
		return false // out of range (ParseFloat reports it in linear time)
	}
	return sameDecimal(raw, strconv.FormatFloat(f, 'g', -1, 64))
}

// sameDecimal compares two JSON numbers by value on their text: both are
// brought to sign, significant digits and exponent, which costs time
// linear in their length whatever their exponents (big.Rat would build
// 10^999999 to compare "1e999999").
func sameDecimal(a, b string) bool {
	sa, da, ea, oka := decimalParts(a)
	sb, db, eb, okb := decimalParts(b)
	if !oka || !okb {
		return a == b
	}
	if da == "" || db == "" { // zero, whatever its sign or exponent
		return da == db
	}
	return sa == sb && da == db && ea == eb
}

// decimalParts splits a JSON number into its sign, its significant digits
// without leading or trailing zeros, and the exponent of the first digit
// (value = 0.DIGITS × 10^exp). An exponent too large for an int is not
// parsed (ok false).
func decimalParts(s string) (neg bool, digits string, exp int, ok bool) {
	if strings.HasPrefix(s, "-") {
		neg, s = true, s[1:]
	}
	mant, e, hasExp := strings.Cut(strings.ToLower(s), "e")
	exp10 := 0
	if hasExp {
		v, err := strconv.Atoi(e)
		if err != nil {
			return false, "", 0, false
		}
		exp10 = v
	}
	intPart, frac, _ := strings.Cut(mant, ".")
	all := intPart + frac
	pointAt := len(intPart)
	lead := 0
	for lead < len(all) && all[lead] == '0' {
		lead++
	}
	all = all[lead:]
	all = strings.TrimRight(all, "0")
	return neg, all, pointAt - lead + exp10, true
}
