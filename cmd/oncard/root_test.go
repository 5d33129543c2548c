package main

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"
)

func runCapture(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = runWith(context.Background(), args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

// TestUsageExitCodes: every kind of usage mistake exits 2 with a message on
// stderr and nothing on stdout; these fail before any file is read.
func TestUsageExitCodes(t *testing.T) {
	tests := []struct {
		args []string
		msg  string
	}{
		{[]string{"validate"}, "requires at least 1 arg"},
		{[]string{"validate", "--nope", "x.json"}, "unknown flag: --nope"},
		{[]string{"validate", "-z", "x.json"}, "unknown shorthand flag"},
		{[]string{"validate", "--format", "xml", "x.json"}, "must be one of text, json, sarif"},
		{[]string{"validate", "--kind", "agent", "x.json"}, "must be one of card, onrequest, reply, discovery, catalog"},
		{[]string{"validate", "x.json", "--format"}, "flag needs an argument"},
		{[]string{"validate", "-", "-"}, "standard input"},
		{[]string{"no-such-command"}, `unknown command "no-such-command"`},
		{[]string{"--bogus"}, "unknown flag: --bogus"},
	}
	for _, tt := range tests {
		code, stdout, stderr := runCapture(t, tt.args...)
		if code != exitUsage {
			t.Errorf("%v: exit %d, want %d (stderr %q)", tt.args, code, exitUsage, stderr)
		}
		if !strings.Contains(stderr, tt.msg) {
			t.Errorf("%v: stderr %q lacks %q", tt.args, stderr, tt.msg)
		}
		if !strings.Contains(stderr, "--help' for usage") {
			t.Errorf("%v: stderr %q does not point to --help", tt.args, stderr)
		}
		if stdout != "" {
			t.Errorf("%v: stdout %q, want nothing", tt.args, stdout)
		}
	}
}

func TestHelpAndVersion(t *testing.T) {
	code, stdout, _ := runCapture(t, "--version")
	if code != 0 || !strings.Contains(stdout, version()) {
		t.Errorf("--version: exit %d, stdout %q", code, stdout)
	}
	code, stdout, _ = runCapture(t, "validate", "--help")
	if code != 0 || !strings.Contains(stdout, "--schema-host") || !strings.Contains(stdout, "--format") {
		t.Errorf("validate --help: exit %d, stdout %q", code, stdout)
	}
}

func TestInterruptedExits130(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errb bytes.Buffer
	code := runWith(ctx, []string{"validate", "a.json", "b.json"}, strings.NewReader(""), &out, &errb)
	if code != exitInterrupt {
		t.Errorf("exit %d, want %d; stderr %q", code, exitInterrupt, errb.String())
	}
	if !strings.Contains(errb.String(), "interrupted") {
		t.Errorf("stderr %q", errb.String())
	}
}

func TestCodeOf(t *testing.T) {
	if codeOf(nil) != exitOK || codeOf(exitError{exitInvalid}) != exitInvalid ||
		codeOf(usagef("x")) != exitUsage || codeOf(context.Canceled) != exitInvalid {
		t.Error("codeOf maps errors wrongly")
	}
}

// TestUsageErrorsPointToSubcommandHelp: a usage mistake points to the help
// of the command that was run, also when the error comes from a helper
// shared by several commands (usagef names no command).
func TestUsageErrorsPointToSubcommandHelp(t *testing.T) {
	tests := []struct {
		args []string
		help string
	}{
		{[]string{"new", "--template", "nope", "--yes"}, "oncard new"},
		{[]string{"new", "a.json", "-o", "b.json"}, "oncard new"},
		{[]string{"new", "a.json", "b.json"}, "oncard new"},
		{[]string{"validate", "--schema-host", "https://a.example/x", "x.json"}, "oncard validate"},
		{[]string{"oasf", "search", "--schema-host", "https://a.example/x", "x"}, "oncard oasf search"},
		{[]string{"validate", "--nope", "x.json"}, "oncard validate"},
		{[]string{"no-such-command"}, "oncard"},
	}
	for _, tt := range tests {
		code, _, stderr := runCapture(t, tt.args...)
		if code != exitUsage {
			t.Errorf("%v: exit %d, want %d (stderr %q)", tt.args, code, exitUsage, stderr)
		}
		want := "Run '" + tt.help + " --help' for usage."
		if !strings.Contains(stderr, want) {
			t.Errorf("%v: stderr %q lacks %q", tt.args, stderr, want)
		}
	}
}

// TestNoColorFollowsNoColorOrg: after normalizeNoColor, the colour profile
// that fang and our highlighting detect has no colour for any non-empty
// NO_COLOR (colorprofile alone keeps colours for "yes" or "0"), and keeps
// colour when NO_COLOR is set but empty.
func TestNoColorFollowsNoColorOrg(t *testing.T) {
	for _, tt := range []struct {
		value     string
		wantColor bool
	}{
		{"", true},
		{"1", false},
		{"yes", false},
		{"0", false},
		{"false", false},
	} {
		t.Setenv("TERM", "xterm-256color")
		t.Setenv("COLORTERM", "")
		t.Setenv("CLICOLOR_FORCE", "")
		t.Setenv("NO_COLOR", tt.value)
		normalizeNoColor()
		p := colorprofile.Env(os.Environ())
		if got := p > colorprofile.Ascii; got != tt.wantColor {
			t.Errorf("NO_COLOR=%q: profile %v, colour %v, want %v", tt.value, p, got, tt.wantColor)
		}
	}
}
