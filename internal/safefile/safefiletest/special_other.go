//go:build !unix

package safefiletest

import (
	"os"
	"testing"
)

// CharDevice returns the null device (NUL on Windows), which a test may try
// to overwrite.
func CharDevice(testing.TB) string { return os.DevNull }
