package validate

// JSON pointer tokens (RFC 6901). The schema fragments the tests read are in
// schema_pointers_test.go.

import (
	"github.com/oncard/oncard/model"
)

// ptrToken escapes one member name as a pointer token ("a/b" -> "a~1b").
func ptrToken(t string) string { return model.Pointer([]string{t}...)[1:] }
