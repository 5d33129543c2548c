package gcpolicy

import (
	"os"
	"path/filepath"
	"runtime/debug"
	"testing"
)

func TestForGrowsWithTheDocuments(t *testing.T) {
	if got := For(0); got.MemoryLimit != MinMemoryLimit || got.GCPercent != GCPercent {
		t.Fatalf("no documents: %+v", got)
	}
	if got := For(100 << 10).MemoryLimit; got != MinMemoryLimit {
		t.Fatalf("a 100 KB card: limit %d, want the minimum", got)
	}
	one, five := For(1<<20).MemoryLimit, For(5<<20).MemoryLimit
	if one != MinMemoryLimit || five != baseLimit+perByte*(5<<20) {
		t.Fatalf("1 MB: %d, 5 MB: %d", one, five)
	}
	if huge := For(1 << 62).MemoryLimit; huge <= five {
		t.Fatalf("no overflow: %d", huge)
	}
	if huge := ForValidate(1<<62, 1<<62).MemoryLimit; huge <= ForValidate(5<<20, 5<<20).MemoryLimit {
		t.Fatalf("validate: no overflow: %d", huge)
	}
}

func TestForArgs(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, size int) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, make([]byte, size), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	big := write("big.json", 10<<20)
	var many []string
	for i := range 5 {
		many = append(many, write(filepath.Base(big)+string(rune('a'+i)), 10<<20))
	}
	if got, want := ForArgs([]string{"edit", big}), (Settings{GCPercent, editBaseLimit + 6*(10<<20)}); got != want {
		t.Errorf("edit of 10 MB: %+v, want %+v", got, want)
	}
	// Edit leaves less room besides its file: a 14 MiB card stays under
	// 10 times its size.
	card := write("card14.json", 14<<20)
	if got := ForArgs([]string{"edit", card, "--set", "/name=1"}).MemoryLimit; got > 10*(14<<20) {
		t.Errorf("edit of 14 MiB: limit %d, more than 10 times the file", got)
	}
	// Validate's run reads its files' sizes itself (ForFiles): the
	// command line alone gives the least settings.
	if got := ForArgs(append([]string{"validate", "--format", "json"}, many...)); got != ForValidate(0, 0) {
		t.Errorf("validate before its run reads its files: %+v, want %+v", got, ForValidate(0, 0))
	}
	// Five files of 10 MB in flight at most BytesInFlight, the largest
	// with less room than the others.
	if got, want := ForFiles([]int64{10 << 20, 10 << 20, 10 << 20, 10 << 20, 10 << 20}), ForValidate(10<<20, BytesInFlight); got != want {
		t.Errorf("validate of 50 MB: %+v, want %+v", got, want)
	}
	if got, want := ForValidate(10<<20, BytesInFlight).MemoryLimit, int64(validateBase+(10<<20)*validateQuarters/4+6*(BytesInFlight-(10<<20))); got != want {
		t.Errorf("validate of 50 MB: limit %d, want %d", got, want)
	}
	// One large document: room for its bytes and tree (2.2 times it for a
	// card) and little more, so that the run stays under 4 times the file.
	if got := ForFiles([]int64{14 << 20}).MemoryLimit; got > (14<<20)*7/2 || got < (14<<20)*5/2 {
		t.Errorf("validate of 14 MiB: limit %d, want 2.5 to 3.5 times the file", got)
	}
	if got, want := ForArgs(append([]string{"catalog", "add"}, many...)), For(10<<20); got != want {
		t.Errorf("one at a time: %+v, want %+v", got, want)
	}
	if got := ForArgs([]string{"catalog", "add", dir, filepath.Join(dir, "missing.json")}); got != For(0) || got.MemoryLimit != MinMemoryLimit {
		t.Errorf("folders and missing files are no documents: %+v", got)
	}
	if got := ForFiles(nil); got != ForValidate(0, 0) || got.MemoryLimit != validateMin {
		t.Errorf("validate of no regular file: %+v", got)
	}
}

func TestApplyAndRestore(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	before := debug.SetMemoryLimit(-1)
	beforePercent := debug.SetGCPercent(100)
	debug.SetGCPercent(beforePercent)
	restore := Apply(Settings{GCPercent: 250, MemoryLimit: 300 << 20})
	if got := debug.SetMemoryLimit(-1); got != 300<<20 {
		t.Errorf("limit %d after Apply", got)
	}
	if got := debug.SetGCPercent(250); got != 250 {
		t.Errorf("GOGC %d after Apply", got)
	}
	restore()
	if got := debug.SetMemoryLimit(-1); got != before {
		t.Errorf("limit %d after restore, want %d", got, before)
	}
	if got := debug.SetGCPercent(beforePercent); got != beforePercent {
		t.Errorf("GOGC %d after restore, want %d", got, beforePercent)
	}
}

func TestEnvironmentWins(t *testing.T) {
	t.Setenv("GOGC", "100")
	t.Setenv("GOMEMLIMIT", "1GiB")
	before := debug.SetMemoryLimit(-1)
	restore := Apply(Settings{GCPercent: 250, MemoryLimit: 300 << 20})
	defer restore()
	if got := debug.SetMemoryLimit(-1); got != before {
		t.Errorf("GOMEMLIMIT set: the limit changed to %d", got)
	}
}
