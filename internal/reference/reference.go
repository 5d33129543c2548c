// Package reference finds the third-party data and specs that tests read
// from ../shared next to the repository (../shared/reference and
// ../shared/spec). They are not part of the repository, so a test that
// needs them is skipped, naming the missing path, when they are absent.
package reference

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Dir returns ../shared/reference/<parts...> and skips the test when
// that path does not exist.
func Dir(tb testing.TB, parts ...string) string {
	tb.Helper()
	return need(tb, "reference", parts)
}

// Spec returns ../shared/spec/<parts...> and skips the test when that path
// does not exist.
func Spec(tb testing.TB, parts ...string) string {
	tb.Helper()
	return need(tb, "spec", parts)
}

// Path returns ../shared/<kind>/<parts...> (kind is "reference" or
// "spec") for callers outside a test, such as testscript setups; the
// error says which path is missing.
func Path(kind string, parts ...string) (string, error) {
	root, err := moduleRoot()
	if err != nil {
		return "", err
	}
	p := filepath.Join(append([]string{root, "..", "shared", kind}, parts...)...)
	if _, err := os.Stat(p); err != nil {
		return "", fmt.Errorf("%s is absent (it lives next to the repository, not in it): %w", p, err)
	}
	return p, nil
}

// SpecJSONBlocks returns the top-level JSON examples of the spec document
// name, in order, and skips the test when it is absent. The specs are plain
// text: an example starts with a line "{" and ends with a line "}".
func SpecJSONBlocks(tb testing.TB, name string) []string {
	tb.Helper()
	data, err := os.ReadFile(Spec(tb, name))
	if err != nil {
		tb.Fatal(err)
	}
	return jsonBlocks(string(data))
}

// jsonBlocks cuts the blocks from a line "{" to the next line "}".
func jsonBlocks(text string) []string {
	var blocks, cur []string
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, "\r")
		switch {
		case cur == nil && line == "{":
			cur = []string{line}
		case cur != nil:
			cur = append(cur, line)
			if line == "}" {
				blocks = append(blocks, strings.Join(cur, "\n"))
				cur = nil
			}
		}
	}
	return blocks
}

func need(tb testing.TB, kind string, parts []string) string {
	tb.Helper()
	p, err := Path(kind, parts...)
	if err != nil {
		tb.Skip(err.Error())
	}
	return p
}

// moduleRoot walks up from the working directory (a test runs in its
// package's folder) to the folder holding go.mod.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working directory")
		}
		dir = parent
	}
}
