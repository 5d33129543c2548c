package validate

import (
	"strconv"
	"strings"

	"github.com/oncard/oncard/model"
)

// walker checks a node against a shape. It keeps the pointer of the current
// node in a reusable buffer and turns it into a string only when it reports,
// so that a clean card costs no allocation per member.
type walker struct {
	r *report
	// path is where the walk is: the pointer is made of it only for a
	// finding (here), as a walk visits every member and few have one.
	path []pathStep
	// strictV03 checks security schemes in the v0.3 form only: what a
	// v0.3 reader of a dual card needs (a v0.3 card on its own may
	// already use the v1.0 wrapper form).
	strictV03 bool
}

// pathStep is one step of a walk: a member's key, or an item's index
// (key unset, index 0 or more).
type pathStep struct {
	key   string
	index int
}

func (w *walker) push(tok string) int {
	n := len(w.path)
	w.path = append(w.path, pathStep{key: tok, index: -1})
	return n
}

func (w *walker) pushIndex(i int) int {
	n := len(w.path)
	w.path = append(w.path, pathStep{index: i})
	return n
}

func (w *walker) pop(n int) { w.path = w.path[:n] }

// ptr is the JSON pointer of where the walk is, as bytes.
func (w *walker) ptr() []byte {
	var b []byte
	for _, st := range w.path {
		b = append(b, '/')
		if st.index >= 0 {
			b = strconv.AppendInt(b, int64(st.index), 10)
			continue
		}
		for i := 0; i < len(st.key); i++ {
			switch st.key[i] {
			case '~':
				b = append(b, '~', '0')
			case '/':
				b = append(b, '~', '1')
			default:
				b = append(b, st.key[i])
			}
		}
	}
	return b
}

func (w *walker) here() string { return string(w.ptr()) }

// at reports whether the walk is at the JSON pointer ptr, without making
// the walk's pointer: the editors' live check asks it at every array.
func (w *walker) at(ptr string) bool {
	var digits [20]byte
	for _, st := range w.path {
		if ptr == "" || ptr[0] != '/' {
			return false
		}
		ptr = ptr[1:]
		end := strings.IndexByte(ptr, '/')
		if end < 0 {
			end = len(ptr)
		}
		tok := ptr[:end]
		ptr = ptr[end:]
		if st.index >= 0 {
			if tok != string(strconv.AppendInt(digits[:0], int64(st.index), 10)) {
				return false
			}
		} else if tok != escapePointerToken(st.key) {
			return false
		}
	}
	return ptr == ""
}

// check walks n (at the walker's current pointer) against s.
func (w *walker) check(n *model.Node, s *shape) {
	if s.scopeList {
		w.checkScopeList(n)
		return
	}
	if s.v03Scheme {
		w.checkV03Scheme(n)
		return
	}
	if s.enum != nil {
		if v, ok := n.Str(); !ok || !contains(s.enum, v) {
			w.r.emit(ruleA2AEnum, w.here(), describe(w.ptr())+" must be one of "+strings.Join(s.enum, ", ")+", found "+quoteValue(n), "")
		}
		return
	}
	if s.kind != anyKind && n.Kind != s.kind {
		w.r.emit(ruleA2AType, w.here(), describe(w.ptr())+" must be "+kindPhrase(s)+", found "+kindName(n.Kind), typeHint(n, s))
		return
	}
	switch n.Kind {
	case model.String:
		if s.nonEmpty && len(n.Raw()) <= 2 { // `""`; any escape is longer
			w.r.emit(ruleA2AEmptyRequired, w.here(), describe(w.ptr())+" is required and must not be empty", "")
		}
	case model.Array:
		if n.Len() < s.minItems {
			w.r.emit(ruleA2AEmptyRequired, w.here(), describe(w.ptr())+" is required and needs at least one item", "")
		}
		if s.items != nil && !(w.r.inc != nil && w.memberwise(famShape, n, func(it *model.Node) { w.check(it, s.items) })) {
			for i, it := range n.AllTransient() {
				if s.items.passes(it) {
					continue
				}
				m := w.pushIndex(i)
				w.check(it, s.items)
				w.pop(m)
			}
		}
	case model.Object:
		w.checkObject(n, s)
	}
}

func (w *walker) checkObject(n *model.Node, s *shape) {
	// One pass looks every member up: its shape, and whether it is a
	// required one. The members are checked after the missing ones are
	// reported, as before the pass was fused.
	members := n.Members()
	x := s.index()
	var subsOnStack [16]*shape
	subs := subsOnStack[:0]
	if len(members) > len(subsOnStack) {
		subs = make([]*shape, 0, len(members))
	}
	var found uint64
	for i := range members {
		sub, bit := x.lookup(members[i].Key())
		subs = append(subs, sub)
		found |= bit
	}
	for i, key := range s.required {
		present := found&(1<<i) != 0 || (x.indexed&(1<<i) == 0 && n.Get(key) != nil)
		if !present && n.Get(snakeCase(key)) == nil {
			m := w.push(key)
			hint := misnamedHint(n, key)
			switch {
			case hint != "":
			case s == shapeCardV03 && key == "protocolVersion":
				hint = `add "protocolVersion": "0.3.0", or upgrade the card to v1.0 (supportedInterfaces)`
			default:
				hint = "add it: " + memberTemplate(key, s.props[key])
			}
			w.r.emit(ruleA2ARequiredMissing, w.here(), requiredMessage(s.name, key), hint)
			w.pop(m)
		}
	}
	if s.exactlyOne != nil {
		w.checkExactlyOne(n, s)
	}
	for i := range members {
		mem := &members[i]
		sub := subs[i]
		if sub == nil {
			sub = s.values
		}
		if sub == nil {
			// Unknown members are legal; a proto snake_case name is the
			// one unknown member worth a word.
			if s.props != nil && strings.IndexByte(mem.Key(), '_') > 0 {
				sub = w.checkSnakeCase(n, s, mem.Key())
			}
			if sub == nil {
				continue
			}
		}
		if sub.passes(mem.Value) {
			continue
		}
		m := w.push(mem.Key())
		w.check(mem.Value, sub)
		w.pop(m)
	}
}

// passes reports whether n is a scalar that scalar shape s accepts as it
// is (of its kind, not empty where it must not be): most values of a card
// are, and the walk passes over them without a step on its path. It is
// check's answer for scalars, without the messages: a constraint added to
// check's scalar cases belongs here too (TestShapePassesOnlyWhatCheckAccepts).
func (s *shape) passes(n *model.Node) bool {
	switch s.kind {
	case model.String:
		return n.Kind == model.String && s.enum == nil && (!s.nonEmpty || len(n.Raw()) > 2)
	case model.Bool, model.Number:
		return n.Kind == s.kind && s.enum == nil
	}
	return false
}

// checkSnakeCase warns about a member written under its proto field name
// ("supported_interfaces"). ProtoJSON readers accept that name, but writers
// must use the JSON (camelCase) name, so it is one warning at the member
// itself; the member then stands in for its camelCase twin (no "required
// member missing") and its contents are checked with the twin's shape,
// which checkSnakeCase returns (nil when key is no such twin).
func (w *walker) checkSnakeCase(obj *model.Node, s *shape, key string) *shape {
	camel := camelCase(key)
	sub, known := s.props[camel]
	if !known || obj.Get(camel) != nil {
		return nil
	}
	m := w.push(key)
	w.r.emit(ruleA2ASnakeCaseName, w.here(), quoted(key)+" is the proto field name: ProtoJSON readers accept it, but A2A JSON writers must use "+quoted(camel), "rename it to "+quoted(camel))
	w.pop(m)
	return sub
}

func (w *walker) checkExactlyOne(n *model.Node, s *shape) {
	var present []string
	for _, k := range s.exactlyOne {
		if n.Get(k) != nil || n.Get(snakeCase(k)) != nil {
			present = append(present, k)
		}
	}
	if len(present) == 1 {
		return
	}
	what := "one of " + strings.Join(s.exactlyOne, ", ")
	var msg, hint string
	if len(present) == 0 {
		msg = describe(w.ptr()) + " must hold exactly " + what + "; it holds none"
		if s.oneCode == ruleA2ASecuritySchemeVariants && n.Get("type") != nil {
			hint = `this is the v0.3 form {"type": ...}; v1.0 wraps the scheme, e.g. {"httpAuthSecurityScheme": {"scheme": "bearer"}}`
		}
	} else {
		msg = describe(w.ptr()) + " must hold exactly " + what + "; it holds " + strings.Join(present, " and ")
		if s.oneCode == ruleA2AOauthFlows {
			hint = "v1.0 allows one flow per scheme: declare one oauth2 scheme per flow"
		}
	}
	w.r.emitAs(s.oneCode, Error, w.here(), msg, hint)
}

// checkScopeList accepts {"list": [scopes]}, a bare array of scopes, or null.
func (w *walker) checkScopeList(n *model.Node) {
	switch n.Kind {
	case model.Object:
		w.checkObject(n, shapeStringList)
	case model.Array:
		w.check(n, shapeStrings)
	case model.Null:
	default:
		w.r.emit(ruleA2AType, w.here(), describe(w.ptr())+` must be {"list": [scopes]}, found `+kindName(n.Kind), "")
	}
}

// memberOf is obj's member key, or its proto snake_case twin when only the
// twin is written: the walker reports the twin once (a2a/snake-case-name)
// and the rules then read it as the member it stands for.
func memberOf(obj *model.Node, key string) *model.Node {
	_, n := namedMember(obj, key)
	return n
}

// namedMember is memberOf with the name the member is written under, for
// pointers. It is one pass over obj's members, and builds no snake_case
// name to look for: the rules ask it for members most objects lack.
func namedMember(obj *model.Node, key string) (string, *model.Node) {
	snakeLen := len(key)
	for i := 0; i < len(key); i++ {
		if c := key[i]; c >= 'A' && c <= 'Z' {
			snakeLen++
		}
	}
	members := obj.Members()
	snake := -1 // the first member under the snake_case name
	for i := range members {
		m := &members[i]
		switch {
		case m.Key() == key:
			return key, m.Value
		case snake < 0 && snakeLen > len(key) && len(m.Key()) == snakeLen && isSnakeCaseOf(m.Key(), key):
			snake = i
		}
	}
	if snake >= 0 {
		return members[snake].Key(), members[snake].Value
	}
	return key, nil
}

// isSnakeCaseOf reports whether name is snakeCase(key), of which it has
// the length: each capital of key is "_" and its small letter in name.
func isSnakeCaseOf(name, key string) bool {
	j := 0
	for i := 0; i < len(key); i++ {
		c := key[i]
		if c >= 'A' && c <= 'Z' {
			if name[j] != '_' {
				return false
			}
			j++
			c += 'a' - 'A'
		}
		if name[j] != c {
			return false
		}
		j++
	}
	return true
}
