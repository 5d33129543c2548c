package model

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/oncard/oncard/internal/reference"
)

// TestRoundTripFixtures holds our own fixtures to the round-trip promise.
func TestRoundTripFixtures(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "roundtrip", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 15 {
		t.Fatalf("%d fixtures in testdata/roundtrip, want at least 15", len(files))
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := Parse(data); err != nil {
				t.Fatalf("fixture does not parse: %v", err)
			}
			checkRoundTrip(t, data)
		})
	}
}

// TestRoundTripReference runs the same checks over every JSON file of the
// reference data. Files that are not valid JSON must fail with a located
// ParseError.
func TestRoundTripReference(t *testing.T) {
	referenceDir := reference.Dir(t)
	count := 0
	err := filepath.WalkDir(referenceDir, func(path string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() || !strings.HasSuffix(path, ".json") {
			return err
		}
		count++
		rel, _ := filepath.Rel(referenceDir, path)
		t.Run(rel, func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := Parse(data); err != nil {
				var pe *ParseError
				if !errors.As(err, &pe) || pe.Line < 1 || pe.Column < 1 || pe.Code == "" {
					t.Fatalf("unlocated error: %#v", err)
				}
				t.Logf("does not parse (expected for some files): %v", err)
				return
			}
			checkRoundTrip(t, data)
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if count == 0 {
		t.Skipf("no JSON files under %s", referenceDir)
	}
}

// checkRoundTrip: no edit is byte-identical; for an object document,
// setting one string member changes only its bytes, adding a member adds
// one line (plus at most a comma), deleting a member removes only its
// lines. Every result must mean what encoding/json says it should.
func checkRoundTrip(t *testing.T, data []byte) {
	t.Helper()
	d := mustParse(t, data)
	if got := d.Encode(); !bytes.Equal(got, data) {
		t.Fatalf("no-edit Encode differs from the source")
	}
	if d.Changed() {
		t.Fatal("Changed() after Parse")
	}
	if d.Root().Kind != Object {
		return
	}
	want := decodeStd(t, data).(map[string]any)

	// Set one existing string member.
	if ptr, n := firstStringMember(d.Root(), ""); n != nil {
		d := mustParse(t, data)
		if err := d.SetValue(ptr, "changed ✓ value"); err != nil {
			t.Fatal(err)
		}
		got := d.Encode()
		wantBytes := concat(data[:n.Start()], []byte(`"changed ✓ value"`), data[n.End():])
		if !bytes.Equal(got, wantBytes) {
			t.Fatalf("set %s changed more than the value:\n%s", ptr, lineDiffText(data, got))
		}
		removed, added := lineDiff(data, got)
		if len(removed) != 1 || len(added) != 1 {
			t.Fatalf("set %s: want one changed line:\n%s", ptr, lineDiffText(data, got))
		}
	}

	// Add a member at the root: one new line, the line before may get a comma.
	{
		d := mustParse(t, data)
		if err := d.SetValue("/x-oncard-added", map[string]any{}); err != nil {
			t.Fatal(err)
		}
		got := d.Encode()
		checkMeaning(t, got, withMember(want, "x-oncard-added", map[string]any{}))
		removed, added := lineDiff(data, got)
		if isMultiLine(d.src, d.Root()) {
			if len(added) != len(removed)+1 || len(removed) > 1 {
				t.Fatalf("add: want one added line and at most one comma:\n%s", lineDiffText(data, got))
			}
			// The comma goes where the file puts them (json.dumps with
			// separators (", ", ": ") leaves a space after it).
			if len(removed) == 1 && !containsLine(added, strings.TrimRight(removed[0], " \r")+",") {
				t.Fatalf("add: the changed line should only gain a comma:\n%s", lineDiffText(data, got))
			}
			newLine := added[len(added)-1]
			if len(removed) == 0 || !strings.Contains(newLine, "x-oncard-added") {
				newLine = findLine(added, "x-oncard-added")
			}
			if indent := rtIndentOf(newLine); indent != d.Style().Indent && !sameIndentAsSiblings(d, data, indent) {
				t.Fatalf("add: new line %q is not indented like its siblings", newLine)
			}
			if !strings.Contains(newLine, `"x-oncard-added"`+colonOf(d)+`{}`) {
				t.Fatalf("add: new line %q lacks the document's colon style %q", newLine, colonOf(d))
			}
		} else if len(removed) != 1 || len(added) != 1 {
			t.Fatalf("add to a one-line object: want one changed line:\n%s", lineDiffText(data, got))
		}
	}

	// Delete a member in the middle, and the last member.
	members, outer, outerSrc := d.Root().Members(), d.Root(), d.src
	var targets []int
	if len(members) >= 3 {
		targets = append(targets, len(members)/2)
	}
	if len(members) >= 2 {
		targets = append(targets, len(members)-1)
	}
	for _, i := range targets {
		d := mustParse(t, data)
		key := members[i].Key()
		if err := d.Delete(Pointer(key)); err != nil {
			t.Fatal(err)
		}
		got := d.Encode()
		checkMeaning(t, got, withoutMember(want, key))
		removed, added := lineDiff(data, got)
		if !isMultiLine(d.src, d.Root()) {
			if len(removed) != 1 || len(added) != 1 {
				t.Fatalf("delete %s from a one-line object: want one changed line:\n%s", key, lineDiffText(data, got))
			}
			continue
		}
		// The member's lines, and the blank lines that separated it from
		// the one before (they go with it).
		memberLines := d.lineOf(members[i].Value.End()) - d.lineOf(int(members[i].keyStart)) + 1
		if nl := bytes.Count(outer.sepsAt(outerSrc, i).lead.bytes(outerSrc), []byte{'\n'}); nl > 1 {
			memberLines += nl - 1
		}
		switch {
		case len(added) == 0 && len(removed) == memberLines:
		case len(added) == 1 && len(removed) == memberLines+1 &&
			strings.TrimSuffix(removed[0], "\r") == strings.TrimSuffix(added[0], "\r")+",":
			// the last member went; the one before lost its comma
		default:
			t.Fatalf("delete %s: want only its %d lines removed (and a comma):\n%s", key, memberLines, lineDiffText(data, got))
		}
	}
}

func mustParse(t testing.TB, data []byte) *Doc {
	t.Helper()
	d, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func (d *Doc) lineOf(off int) int { l, _ := d.LineCol(off); return l }

// checkMeaning re-parses an encoded document with both parsers and compares
// it with the expected value.
func checkMeaning(t *testing.T, got []byte, want any) {
	t.Helper()
	d, err := Parse(got)
	if err != nil {
		t.Fatalf("the edited document does not parse: %v\n%s", err, got)
	}
	if !reflect.DeepEqual(d.Root().Interface(), want) || !reflect.DeepEqual(decodeStd(t, got), want) {
		t.Fatalf("the edited document means something else:\n%s", got)
	}
}

func firstStringMember(n *Node, ptr string) (string, *Node) {
	for _, m := range n.Members() {
		p := ptr + "/" + pointerToken(m.Key())
		if m.Value.Kind == String {
			return p, m.Value
		}
	}
	for _, m := range n.Members() {
		if p, v := firstStringMember(m.Value, ptr+"/"+pointerToken(m.Key())); v != nil {
			return p, v
		}
	}
	return "", nil
}

func isMultiLine(src []byte, n *Node) bool {
	for i := 0; i < n.Len(); i++ {
		if bytes.ContainsRune(n.sepsAt(src, i).lead.bytes(src), '\n') {
			return true
		}
	}
	return false
}

func colonOf(d *Doc) string {
	if d.Style().SpaceAfterColon {
		return ": "
	}
	return ":"
}

func sameIndentAsSiblings(d *Doc, data []byte, indent string) bool {
	for _, m := range d.Root().Members() {
		if m.keyStart >= 0 && string(lineIndent(data, int(m.keyStart))) == indent {
			return true
		}
	}
	return false
}

func withMember(m map[string]any, k string, v any) map[string]any {
	c := make(map[string]any, len(m)+1)
	for k, v := range m {
		c[k] = v
	}
	c[k] = v
	return c
}

func withoutMember(m map[string]any, k string) map[string]any {
	c := make(map[string]any, len(m))
	for kk, v := range m {
		if kk != k {
			c[kk] = v
		}
	}
	return c
}

func concat(parts ...[]byte) []byte { return bytes.Join(parts, nil) }

// lineDiff returns the lines of a and b between their common first and
// last lines: what an edit removed and added. Edits here touch one place,
// so this is the exact diff.
func lineDiff(a, b []byte) (removed, added []string) {
	la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	i := 0
	for i < len(la) && i < len(lb) && la[i] == lb[i] {
		i++
	}
	j := 0
	for j < len(la)-i && j < len(lb)-i && la[len(la)-1-j] == lb[len(lb)-1-j] {
		j++
	}
	return la[i : len(la)-j], lb[i : len(lb)-j]
}

func lineDiffText(a, b []byte) string {
	removed, added := lineDiff(a, b)
	var s strings.Builder
	for _, l := range removed {
		s.WriteString("- " + l + "\n")
	}
	for _, l := range added {
		s.WriteString("+ " + l + "\n")
	}
	return s.String()
}

func containsLine(lines []string, want string) bool {
	for _, l := range lines {
		if strings.TrimRight(l, " \r") == want {
			return true
		}
	}
	return false
}

func findLine(lines []string, sub string) string {
	for _, l := range lines {
		if strings.Contains(l, sub) {
			return l
		}
	}
	return ""
}

func rtIndentOf(s string) string { return s[:len(s)-len(strings.TrimLeft(s, " \t"))] }
