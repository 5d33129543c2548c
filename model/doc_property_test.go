package model

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"sync"
	"testing"

	"github.com/oncard/oncard/internal/reference"
)

// TestEveryScalarEdit sets every scalar of every fixture, one at a time:
// exactly that token's bytes change. It also deletes every member and item
// and checks the meaning of the result.
func TestEveryScalarEdit(t *testing.T) {
	checkEveryEditOfRoundtrips(t)
}

// checkEveryEditOfRoundtrips runs checkEveryEdit on every fixture of
// testdata/roundtrip.
func checkEveryEditOfRoundtrips(t *testing.T) {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join("testdata", "roundtrip", "*.json"))
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		checkEveryEdit(t, f, data, 0)
	}
}

// TestEveryScalarEditReference does the same on the reference cards and
// catalogs (the first 300 values of each file, to bound the time).
func TestEveryScalarEditReference(t *testing.T) {
	referenceDir := reference.Dir(t)
	dirs := []string{filepath.Join(referenceDir, "a2a"), filepath.Join(referenceDir, "ai-catalog")}
	n := 0
	for _, dir := range dirs {
		files, _ := filepath.Glob(filepath.Join(dir, "*", "*.json"))
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := Parse(data); err != nil || len(data) > 200<<10 {
				continue
			}
			n++
			checkEveryEdit(t, f, data, 300)
		}
	}
	if n == 0 {
		t.Skipf("no reference cards under %s", referenceDir)
	}
}

func checkEveryEdit(t *testing.T, f string, data []byte, limit int) {
	t.Helper()
	orig := mustParse(t, data)
	want := decodeStd(t, data)
	ptrs := allPointers(orig.Root(), "", nil)
	if limit > 0 && len(ptrs) > limit {
		ptrs = ptrs[:limit]
	}
	for _, ptr := range ptrs {
		n := orig.Find(ptr)
		if n.Kind != Object && n.Kind != Array {
			d := mustParse(t, data)
			if err := d.Set(ptr, []byte(`"X"`)); err != nil {
				t.Fatal(err)
			}
			if got, exp := d.Encode(), concat(data[:n.Start()], []byte(`"X"`), data[n.End():]); !bytes.Equal(got, exp) {
				t.Fatalf("%s: set %s changed more than its token:\n%s", f, ptr, lineDiffText(exp, got))
			}
		}
		if ptr == "" {
			continue
		}
		d := mustParse(t, data)
		if err := d.Delete(ptr); err != nil {
			t.Fatal(err)
		}
		got := d.Encode()
		exp := deleteAt(cloneAny(want), ptr)
		d2, err := Parse(got)
		if err != nil {
			t.Fatalf("%s: delete %s gives invalid JSON: %v\n%s", f, ptr, err, got)
		}
		if !reflect.DeepEqual(d2.Root().Interface(), exp) {
			t.Fatalf("%s: delete %s means something else:\n%s", f, ptr, got)
		}
	}
}

func cloneAny(v any) any {
	switch x := v.(type) {
	case map[string]any:
		c := make(map[string]any, len(x))
		for k, e := range x {
			c[k] = cloneAny(e)
		}
		return c
	case []any:
		c := make([]any, len(x))
		for i, e := range x {
			c[i] = cloneAny(e)
		}
		return c
	}
	return v
}

// TestConcurrentReads: reads of an edited Doc may run in parallel (run
// with -race).
func TestConcurrentReads(t *testing.T) {
	d := mustParse(t, []byte("{\n  \"a\": [1, 2],\n  \"b\": {}\n}"))
	if err := d.SetValue("/b/c", map[string]any{"k": []int{1}}); err != nil {
		t.Fatal(err)
	}
	want := string(d.Encode())
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 50; j++ {
				if string(d.Encode()) != want {
					t.Error("Encode differs between calls")
				}
				_ = d.Root().Interface()
				d.Position("/b/c/k/0")
				d.KeyPosition("/a")
				_ = d.Find("/a/1").Raw()
			}
		}()
	}
	wg.Wait()
}
