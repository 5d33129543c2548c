package main

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/oncard/oncard/internal/app/check"
	"github.com/oncard/oncard/internal/app/newcard"
	"github.com/oncard/oncard/model/oasf"
)

// complete runs `oncard __complete args...` (what the shell scripts call)
// and returns the values offered (descriptions dropped) and the directive.
func complete(t *testing.T, args ...string) ([]string, cobra.ShellCompDirective) {
	t.Helper()
	code, stdout, stderr := runCapture(t, append([]string{cobra.ShellCompRequestCmd}, args...)...)
	if code != 0 {
		t.Fatalf("__complete %q: exit %d, stderr %s", args, code, stderr)
	}
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	last := lines[len(lines)-1]
	if !strings.HasPrefix(last, ":") {
		t.Fatalf("__complete %q: no directive line in %q", args, stdout)
	}
	d, err := strconv.Atoi(last[1:])
	if err != nil {
		t.Fatalf("__complete %q: directive %q", args, last)
	}
	var values []string
	for _, l := range lines[:len(lines)-1] {
		v, _, _ := strings.Cut(l, "\t")
		values = append(values, v)
	}
	return values, cobra.ShellCompDirective(d)
}

func TestCompleteFlagValues(t *testing.T) {
	tests := []struct {
		args []string
		want []string
	}{
		{[]string{"validate", "--format", ""}, []string{"text", "json", "sarif"}},
		{[]string{"validate", "--format", "s"}, []string{"sarif"}},
		{[]string{"validate", "--kind", ""}, check.Kinds()},
		{[]string{"validate", "--signatures", ""}, check.SignaturePolicies()},
		{[]string{"preview", "--spec-version", ""}, []string{"1.0", "0.9"}},
		{[]string{"catalog", "list", "--format", ""}, []string{"text", "json"}},
		{[]string{"new", "--template", ""}, newcard.Templates()},
		{[]string{"oasf", "search", "--version", ""}, oasf.Versions()},
		{[]string{"oasf", "show", "--version", ""}, oasf.Versions()},
		{[]string{"validate", "--schema-host", ""}, []string{"schema.oasf.outshift.com", "localhost", "127.0.0.1", "[::1]"}},
		{[]string{"validate", "--online", "--oasf-server", ""}, []string{"https://schema.oasf.outshift.com"}},
	}
	t.Setenv("XDG_CONFIG_HOME", t.TempDir()) // no config file: the defaults
	for _, tt := range tests {
		got, d := complete(t, tt.args...)
		if !slices.Equal(got, tt.want) {
			t.Errorf("%q: got %q, want %q", tt.args, got, tt.want)
		}
		if d&cobra.ShellCompDirectiveNoFileComp == 0 {
			t.Errorf("%q: directive %d offers files too", tt.args, d)
		}
	}
	if v := oasf.Versions(); !slices.Contains(v, "1.0.0") || !slices.Contains(v, oasf.DefaultVersion) {
		t.Errorf("the built-in OASF versions are missing from %q", v)
	}
}

// TestCompleteEveryEnumFlag: every flag with a fixed set of values, on
// every command, completes to exactly that set.
func TestCompleteEveryEnumFlag(t *testing.T) {
	n := 0
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.Flags().VisitAll(func(f *pflag.Flag) {
			e, ok := f.Value.(*enumValue)
			if !ok {
				return
			}
			n++
			args := append(strings.Fields(strings.TrimPrefix(c.CommandPath(), "oncard")), "--"+f.Name, "")
			if got, _ := complete(t, args...); !slices.Equal(got, e.allowed) {
				t.Errorf("%s --%s: got %q, want %q", c.CommandPath(), f.Name, got, e.allowed)
			}
		})
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(newRootCmd())
	if n < 5 {
		t.Errorf("only %d enum flags found; the walk misses commands", n)
	}
}

func TestCompleteFiles(t *testing.T) {
	tests := []struct {
		args []string
		want []string
	}{
		{[]string{"validate", ""}, []string{"json"}},
		{[]string{"validate", "--card", ""}, []string{"json"}},
		{[]string{"validate", "--jwks", ""}, []string{"pem", "json", "jwk", "jwks"}},
		{[]string{"sign", "x.json", "--key", ""}, []string{"pem", "json", "jwk", "jwks"}},
		{[]string{"catalog", "add", "card.json", "--to", ""}, []string{"json"}},
		{[]string{"catalog", "list", ""}, []string{"json"}},
		{[]string{"edit", ""}, []string{"json"}},
		{[]string{"new", "--from", ""}, []string{"json"}},
	}
	for _, tt := range tests {
		got, d := complete(t, tt.args...)
		if !slices.Equal(got, tt.want) || d != cobra.ShellCompDirectiveFilterFileExt {
			t.Errorf("%q: got %q with directive %d, want extensions %q", tt.args, got, d, tt.want)
		}
	}
}

func TestCompleteCatalogRemove(t *testing.T) {
	cat := filepath.Join(t.TempDir(), "catalog.json")
	err := os.WriteFile(cat, []byte(`{"specVersion": "1.0", "entries": [
  {"identifier": "urn:example:agents:b", "type": "t/t", "version": "1.0.0", "url": "https://b.example/1"},
  {"identifier": "urn:example:agents:b", "type": "t/t", "version": "2.0.0", "url": "https://b.example/2"},
  {"identifier": "urn:example:agents:c", "type": "t/t", "version": "0.1", "url": "https://c.example/"}
]}`), 0o644)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args []string
		want []string
	}{
		{[]string{"catalog", "remove", cat, ""}, []string{"urn:example:agents:b", "urn:example:agents:c"}},
		{[]string{"catalog", "remove", cat, "urn:example:agents:b", "--version", ""}, []string{"1.0.0", "2.0.0"}},
		{[]string{"catalog", "remove", cat, "urn:example:agents:c", "--version", ""}, []string{"0.1"}},
		{[]string{"catalog", "remove", cat, "--version", ""}, []string{"1.0.0", "2.0.0", "0.1"}},
		{[]string{"catalog", "remove", filepath.Join(filepath.Dir(cat), "missing.json"), ""}, nil},
	}
	for _, tt := range tests {
		if got, _ := complete(t, tt.args...); !slices.Equal(got, tt.want) {
			t.Errorf("%q: got %q, want %q", tt.args[2:], got, tt.want)
		}
	}
	if got, d := complete(t, "catalog", "remove", ""); !slices.Equal(got, []string{"json"}) || d != cobra.ShellCompDirectiveFilterFileExt {
		t.Errorf("catalog remove: got %q, %d", got, d)
	}
}

func TestCompleteOASFNames(t *testing.T) {
	got, _ := complete(t, "oasf", "show", "software_engineering/code_debugging/")
	if !slices.Contains(got, "software_engineering/code_debugging/error_handling") {
		t.Errorf("got %q", got)
	}
	for _, g := range got {
		if !strings.HasPrefix(g, "software_engineering/code_debugging/") {
			t.Errorf("%q does not start with what was typed", g)
		}
	}
	got, _ = complete(t, "oasf", "show", "--domains", "--version", "1.0.0", "technology/networking/")
	if len(got) == 0 || !slices.Contains(got, "technology/networking/network_security") {
		t.Errorf("domains: got %q", got)
	}
}
