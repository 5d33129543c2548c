package model

import (
	"bytes"
	"testing"
)

// Restore brings back an earlier encoding byte for byte, in the same Doc,
// with the member order kept for the edits that follow.
func TestRestoreEarlierEncoding(t *testing.T) {
	src := []byte("{\n  \"name\": \"A\",\n  \"tags\": [\"x\",   \"y\"],\n  \"skills\": [{\"id\": \"one\"}, {\"id\": \"two\"}]\n}\n")
	d, err := Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	NewCard(d)
	before := d.Encode()
	if err := d.Delete("/skills/0"); err != nil {
		t.Fatal(err)
	}
	if err := d.SetValue("/name", "B"); err != nil {
		t.Fatal(err)
	}
	same := d
	if err := d.Restore(before); err != nil {
		t.Fatal(err)
	}
	if d != same || !bytes.Equal(d.Encode(), src) {
		t.Fatalf("restored:\n%s\nwant:\n%s", d.Encode(), src)
	}
	if !d.Changed() {
		t.Fatal("a restored Doc must count as changed")
	}
	// The card's member order is still installed: a new member lands in
	// spec order (description after name), not at the end.
	if err := d.SetValue("/description", "D"); err != nil {
		t.Fatal(err)
	}
	if got := d.Root().Members()[1].Key(); got != "description" {
		t.Fatalf("member order lost after Restore: second member %q\n%s", got, d.Encode())
	}
	if err := d.Restore([]byte("{")); err == nil {
		t.Fatal("Restore of broken JSON did not fail")
	}
	if d.Find("/description").Text() != "D" {
		t.Fatal("a failed Restore changed the Doc")
	}
}
