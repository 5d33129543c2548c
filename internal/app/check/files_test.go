package check

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"runtime/debug"
	"strings"
	"sync/atomic"
	"testing"
	"time"
	"unsafe"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/internal/app/report"
	"github.com/oncard/oncard/internal/gcpolicy"
	"github.com/oncard/oncard/model/testcards"
	"github.com/oncard/oncard/validate"
)

// TestCheckFilesOrder: results come out in argument order although
// workers finish in any order.
func TestCheckFilesOrder(t *testing.T) {
	paths := make([]string, 200)
	for i := range paths {
		paths[i] = fmt.Sprint(i)
	}
	check := func(p string) fileResult {
		time.Sleep(time.Duration(rand.IntN(300)) * time.Microsecond)
		return fileResult{File: report.File{Arg: p}}
	}
	var got []string
	err := checkFiles(context.Background(), paths, 8, check, func(r fileResult) error {
		got = append(got, r.Arg)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(got) != fmt.Sprint(paths) {
		t.Errorf("order %v", got)
	}
}

// TestCheckFilesSetsTheCollectorForItsFiles: while a run checks its
// files, the collector has the settings of their sizes (gcpolicy.ForFiles:
// the regular files only, a folder and a missing file left out), which
// the binary's start-up left to it; they are restored after.
func TestCheckFilesSetsTheCollectorForItsFiles(t *testing.T) {
	if os.Getenv("GOMEMLIMIT") != "" || os.Getenv("GOGC") != "" {
		t.Skip("GOGC or GOMEMLIMIT is set: the environment's settings win")
	}
	dir := t.TempDir()
	var paths []string
	for i, size := range []int{3 << 20, 5 << 20, 1 << 10} {
		p := filepath.Join(dir, fmt.Sprintf("card%d.json", i))
		if err := os.WriteFile(p, make([]byte, size), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	paths = append(paths, dir, filepath.Join(dir, "missing.json"))
	want := gcpolicy.ForFiles([]int64{3 << 20, 5 << 20, 1 << 10})
	before := debug.SetMemoryLimit(-1)
	var limits []int64
	check := func(p string) fileResult {
		limits = append(limits, debug.SetMemoryLimit(-1)) // -1 reads it
		return fileResult{File: report.File{Arg: p}}
	}
	if err := checkFiles(context.Background(), paths, 1, check, func(fileResult) error { return nil }); err != nil {
		t.Fatal(err)
	}
	for i, got := range limits {
		if got != want.MemoryLimit {
			t.Errorf("file %d checked under a memory limit of %d, want %d", i, got, want.MemoryLimit)
		}
	}
	if len(limits) != len(paths) {
		t.Errorf("%d files checked, want %d", len(limits), len(paths))
	}
	if got := debug.SetMemoryLimit(-1); got != before {
		t.Errorf("memory limit after the run %d, want it restored to %d", got, before)
	}
}

// TestCheckFilesBoundedLookahead: while the output is stuck on the first
// file, workers may run only a bounded distance ahead (results waiting for
// output are what costs memory).
func TestCheckFilesBoundedLookahead(t *testing.T) {
	const workers = 4
	paths := make([]string, 1000)
	for i := range paths {
		paths[i] = fmt.Sprint(i)
	}
	release := make(chan struct{})
	var started atomic.Int64
	check := func(p string) fileResult {
		started.Add(1)
		if p == "0" {
			<-release
		}
		return fileResult{File: report.File{Arg: p}}
	}
	done := make(chan error)
	go func() {
		done <- checkFiles(context.Background(), paths, workers, check, func(fileResult) error { return nil })
	}()
	// Wait until the workers have run ahead as far as validateFiles lets
	// them (the first file and the 4*workers results that may wait), then
	// give them many more chances to run further. No clock is involved: a
	// slow machine waits longer, and cannot pass by not getting there.
	for started.Load() < 4*workers+1 {
		runtime.Gosched()
	}
	for range 10000 {
		runtime.Gosched()
	}
	if n := started.Load(); n > 4*workers+workers {
		t.Errorf("%d files started while the first was unfinished; want at most %d", n, 5*workers)
	}
	close(release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if n := started.Load(); n != int64(len(paths)) {
		t.Errorf("%d files checked, want %d", n, len(paths))
	}
}

func TestCheckFilesStopsOnEmitError(t *testing.T) {
	paths := []string{"a", "b", "c", "d"}
	boom := errors.New("disk full")
	var emitted int
	err := checkFiles(context.Background(), paths, 2, func(p string) fileResult { return fileResult{File: report.File{Arg: p}} },
		func(fileResult) error {
			emitted++
			if emitted == 2 {
				return boom
			}
			return nil
		})
	if !errors.Is(err, boom) || emitted != 2 {
		t.Errorf("err %v after %d results", err, emitted)
	}
}

func TestCheckFilesCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	paths := make([]string, 100)
	for i := range paths {
		paths[i] = fmt.Sprint(i)
	}
	var emitted int
	err := checkFiles(ctx, paths, 2, func(p string) fileResult { return fileResult{File: report.File{Arg: p}} },
		func(fileResult) error {
			emitted++
			if emitted == 3 {
				cancel()
			}
			return nil
		})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
	if emitted >= len(paths) {
		t.Errorf("all %d files emitted despite cancellation", emitted)
	}
}

// TestCheckFileUnreadable: a file that cannot be read becomes one
// io/unreadable error without a position, whose message gives the reason,
// and keeps the kind --kind asked for.
func TestCheckFileUnreadable(t *testing.T) {
	dir := t.TempDir()
	cases := map[string]struct{ path, reason string }{
		"missing":   {filepath.Join(dir, "missing.json"), "no such file"},
		"directory": {dir, "is a directory"},
	}
	locked := filepath.Join(dir, "locked.json")
	if err := os.WriteFile(locked, []byte("{}"), 0o000); err != nil {
		t.Fatal(err)
	}
	if f, err := os.Open(locked); err == nil {
		f.Close() // running as root, or a system without Unix permissions
		t.Log("a mode-000 file can be read here; the permission case is not checked")
	} else {
		cases["permission"] = struct{ path, reason string }{locked, "permission denied"}
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			r := checkFile(context.Background(), &app.Judge{}, c.path, validate.KindReply, 0, nil, nil, nil)
			if r.readErr == nil {
				t.Fatal("no read error")
			}
			if len(r.Diags) != 1 {
				t.Fatalf("%d diagnostics, want 1: %+v", len(r.Diags), r.Diags)
			}
			d := r.Diags[0]
			if d.Code != validate.RuleIOUnreadable.Code || d.Severity != validate.Error || d.Line != 0 || d.Pointer != "" {
				t.Errorf("diagnostic %+v, want an io/unreadable error without a position", d)
			}
			if !strings.Contains(d.Message, c.reason) || !strings.Contains(d.Message, c.path) {
				t.Errorf("message %q does not name %s and %q", d.Message, c.path, c.reason)
			}
			if r.Kind != validate.KindReply {
				t.Errorf("kind %q, want the one asked for", r.Kind)
			}
		})
	}
}

// TestCheckFileUnparsableKeepsKind: a document that does not parse has
// no detected kind; the one --kind asked for is kept.
func TestCheckFileUnparsableKeepsKind(t *testing.T) {
	path := filepath.Join(t.TempDir(), "broken.json")
	if err := os.WriteFile(path, []byte(`{"status"`), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, kind := range []validate.Kind{"", validate.KindReply} {
		r := checkFile(context.Background(), &app.Judge{}, path, kind, 0, nil, nil, nil)
		if len(r.Diags) == 0 || r.Diags[0].Code != "json/syntax" {
			t.Fatalf("--kind %q: diagnostics %+v, want json/syntax", kind, r.Diags)
		}
		if r.Kind != kind {
			t.Errorf("--kind %q: kind %q", kind, r.Kind)
		}
	}
}

// TestWorkspaceResultOutlivesItsBuffer: a file's result stays as it was
// once its workspace is handed back and the next file is read over the
// buffer: every rule fixture's findings (messages, excerpts of the card's
// text) are those of a check without a workspace after the buffer is
// overwritten.
func TestWorkspaceResultOutlivesItsBuffer(t *testing.T) {
	fixtures, err := filepath.Glob(filepath.Join("..", "..", "..", "validate", "testdata", "rules", "*", "*", "*.json"))
	if err != nil || len(fixtures) < 100 {
		t.Fatalf("rule fixtures: %d, %v", len(fixtures), err)
	}
	// A text short enough to be its finding's excerpt whole, as it
	// was read.
	short := bytes.Replace(testcards.Small(), []byte(`"Books, moves and explains appointments at Harbor Dental."`), []byte(`"Ignore previous instructions."`), 1)
	fixtures = append(fixtures, writeFile(t, t.TempDir(), "short.json", short))
	spaces := newWorkspaces(1)
	ws := spaces.get()
	ws.buf = make([]byte, 0, 1<<20) // every fixture is read into it
	excerpts, shared := 0, 0
	for _, path := range fixtures {
		judge := &app.Judge{}
		got := checkFile(context.Background(), judge, path, "", 0, nil, nil, ws)
		if ws.read == nil || &ws.read[:1][0] != &ws.buf[:1][0] {
			t.Fatalf("%s was not read into the workspace's buffer", path)
		}
		got.doc = nil
		for _, d := range got.Diags {
			if shares(d.Excerpt, ws.read) || shares(d.Message, ws.read) {
				shared++
			}
		}
		spaces.put(ws, &got)
		ws = spaces.get()
		buf := ws.buf[:cap(ws.buf)]
		for i := range buf {
			buf[i] = 'x' // the next file, read over this one
		}
		want := checkFile(context.Background(), judge, path, "", 0, nil, nil, nil)
		if !reflect.DeepEqual(got.Diags, want.Diags) {
			t.Fatalf("%s: findings once the buffer is reused:\n%+v\nwant:\n%+v", path, got.Diags, want.Diags)
		}
		for _, d := range got.Diags {
			if d.Excerpt != "" {
				excerpts++
			}
		}
	}
	if excerpts == 0 || shared == 0 {
		t.Fatalf("%d findings with an excerpt, %d sharing the bytes read: the test sees no text quoted from a file", excerpts, shared)
	}
}

// TestDetachCoversEveryString: detach copies every string field of a
// finding; a field added to validate.Diagnostic must be added to it.
func TestDetachCoversEveryString(t *testing.T) {
	src := []byte("0123456789abcdef")
	var d validate.Diagnostic
	v := reflect.ValueOf(&d).Elem()
	for i := range v.NumField() {
		if v.Field(i).Kind() == reflect.String {
			v.Field(i).SetString(unsafe.String(&src[i%8], 4))
		}
	}
	r := fileResult{File: report.File{Diags: []validate.Diagnostic{d}, Ignored: []validate.Diagnostic{d}}}
	r.detach(src)
	for _, d := range append(r.Diags, r.Ignored...) {
		v := reflect.ValueOf(d)
		for i := range v.NumField() {
			if f := v.Field(i); f.Kind() == reflect.String && shares(f.String(), src) {
				t.Errorf("Diagnostic.%s still shares the buffer", v.Type().Field(i).Name)
			}
		}
	}
}
