package validate

// Helpers of the shapes checked in code (onrequest_shape.go,
// catalog_shape.go): reading a node without a copy, and the schema
// explainer's sentence parts ("(got …)", "(OR-3.1)"), so that code and schema
// write the same sentences.

import (
	"bytes"
	"fmt"

	"github.com/oncard/oncard/model"
)

// stringBytes is the decoded value of a string node as bytes, taken from the
// source without a copy when the string has no escapes: this check reads
// every text of every listed skill on every keystroke.
func stringBytes(n *model.Node) ([]byte, bool) {
	if n == nil || n.Kind != model.String {
		return nil, false
	}
	raw := n.Raw()
	if len(raw) >= 2 && bytes.IndexByte(raw, '\\') < 0 {
		return raw[1 : len(raw)-1], true
	}
	s, ok := n.Str()
	return []byte(s), ok
}

// sec is the " (OR-3.4)" that ends a sentence about a rule of that section.
func sec(section string) string { return " (" + section + ")" }

// gotType is the explainer's "(got <type>)" for a node.
func gotType(n *model.Node) string {
	if n == nil {
		return " (got null)"
	}
	return " (got " + n.Kind.String() + ")"
}

// gotNode is the explainer's "(got <value>)" for a node.
func gotNode(n *model.Node) string {
	if n == nil {
		return " (got null)"
	}
	switch n.Kind {
	case model.String:
		s, _ := n.Str()
		return fmt.Sprintf(" (got %q)", clip(s, 80))
	case model.Object:
		return " (got an object)"
	case model.Array:
		return " (got an array)"
	case model.Null:
		return " (got null)"
	}
	return " (got " + model.SafeText(string(n.Raw())) + ")"
}
