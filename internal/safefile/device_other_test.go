//go:build !unix

package safefile

import (
	"os"
	"testing"
)

func charDevice(*testing.T) string { return os.DevNull }
