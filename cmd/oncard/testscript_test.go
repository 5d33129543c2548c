package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"strconv"
	"testing"

	"github.com/oncard/oncard/model/testcards"
	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain lets the txtar scripts run `oncard` as a real subprocess (the
// test binary re-executed as the command), so exit codes, stdin and stdout
// are the ones a user gets.
func TestMain(m *testing.M) {
	// A fixed version keeps --version and SARIF output comparable; the
	// subprocesses run TestMain too, so they see it.
	buildVersion = "test"
	testscript.Main(m, map[string]func(){
		"oncard": func() { os.Exit(run(context.Background(), os.Args[1:])) },
	})
}

// TestScripts runs every testdata/script/*.txtar. Set
// ONCARD_UPDATE_SCRIPTS=1 to rewrite the expected files of failing `cmp`
// lines (review the diff before keeping it). An environment variable, not a
// flag: other test files of this package may import packages that define
// -update.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		RequireExplicitExec: true,
		UpdateScripts:       os.Getenv("ONCARD_UPDATE_SCRIPTS") == "1",
		Setup: func(env *testscript.Env) error {
			env.Setenv("NO_COLOR", "1")
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"genfile":  cmdGenfile,
			"exitcode": cmdExitcode,
		},
	})
}

// cmdExitcode runs a program like exec but asserts its exact exit status,
// which exec cannot (it only tells zero from non-zero):
//
//	exitcode 2 oncard validate --format xml card.json
func cmdExitcode(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: exitcode N program [args...]")
	}
	want, err := strconv.Atoi(args[0])
	ts.Check(err)
	got := 0
	if err := ts.Exec(args[1], args[2:]...); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			ts.Fatalf("exitcode: %v", err)
		}
		got = ee.ExitCode()
	}
	if got != want {
		ts.Fatalf("exit status %d, want %d", got, want)
	}
}

// cmdGenfile writes hostile inputs that are too big or too odd to commit:
//
//	genfile FILE big MB      a syntactically valid object of MB megabytes
//	genfile FILE deep N      N nested arrays, never closed
//	genfile FILE badutf8     a card whose name holds invalid UTF-8
//	genfile FILE catalog N   a valid AI Catalog of N entries (testcards.Catalog)
func cmdGenfile(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("unsupported: ! genfile")
	}
	if len(args) < 2 {
		ts.Fatalf("usage: genfile FILE big MB | deep N | badutf8 | catalog N")
	}
	var data []byte
	switch args[1] {
	case "big":
		mb := atoiArg(ts, args, 2)
		data = bigJSON(mb << 20)
	case "deep":
		data = bytes.Repeat([]byte("["), atoiArg(ts, args, 2))
	case "badutf8":
		data = []byte("{\n  \"name\": \"bad \xff\xfe name\",\n  \"version\": \"1.0.0\"\n}\n")
	case "catalog":
		data = testcards.Catalog(atoiArg(ts, args, 2))
	default:
		ts.Fatalf("genfile: unknown shape %q", args[1])
	}
	ts.Check(os.WriteFile(ts.MkAbs(args[0]), data, 0o644))
}

func atoiArg(ts *testscript.TestScript, args []string, i int) int {
	if len(args) <= i {
		ts.Fatalf("genfile %s: missing size", args[1])
	}
	n, err := strconv.Atoi(args[i])
	ts.Check(err)
	return n
}

// bigJSON is a valid JSON object of about size bytes: many short members,
// as a generated file would be.
func bigJSON(size int) []byte {
	var b bytes.Buffer
	b.Grow(size + 64)
	b.WriteString("{\n")
	for i := 0; b.Len() < size; i++ {
		if i > 0 {
			b.WriteString(",\n")
		}
		b.WriteString(`  "member`)
		b.WriteString(strconv.Itoa(i))
		b.WriteString(`": "some text to fill the file up"`)
	}
	b.WriteString("\n}\n")
	return b.Bytes()
}
