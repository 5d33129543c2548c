package validate

import "github.com/oncard/oncard/model"

// checkSchema validates the node at basePtr against a compiled JSON Schema and
// records each failure as a sentence a person understands, located at the
// failing member (pointer = basePtr + the instance location), with the given
// code. Owned by the On Request work; see the body for how oneOf is avoided.
func checkSchema(r *report, s *schema, node *model.Node, basePtr, code string) {
	// todo: implemented in the On Request work
}

// schema is a compiled JSON Schema (jsonschema/v6), compiled once per process.
type schema struct{}
