package app

import (
	"fmt"

	"github.com/oncard/oncard/model"
)

// Plural is one when n is 1, else many.
func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Count is "1 error", "2 errors".
func Count(n int, one, many string) string { return fmt.Sprintf("%d %s", n, Plural(n, one, many)) }

// Quote is s in double quotes, safe for a terminal.
func Quote(s string) string { return `"` + model.SafeText(s) + `"` }
