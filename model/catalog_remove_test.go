package model

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func removeOne(t *testing.T, src, id, version string) (string, *Removed) {
	t.Helper()
	doc, err := Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	r, err := RemoveEntry(doc, id, version)
	if err != nil {
		t.Fatalf("RemoveEntry(%s, %q): %v", id, version, err)
	}
	parsed, err := Parse(r.Text)
	if err != nil {
		t.Fatalf("the text left does not parse: %v\n%s", err, r.Text)
	}
	if !reflect.DeepEqual(parsed.Root().Interface(), r.Doc.Root().Interface()) {
		t.Errorf("the Doc and the text differ:\n%s\n%s", r.Text, r.Doc.Encode())
	}
	return string(r.Text), r
}

// TestRemoveEntryLayouts: the entry and its separator go; every other byte
// stays, in every layout a catalog comes in.
func TestRemoveEntryLayouts(t *testing.T) {
	const (
		a = `{"identifier": "urn:example:agents:a", "type": "t/t", "url": "https://a.example/c.json", "zz": 1.50}`
		b = `{"identifier": "urn:example:agents:b", "type": "t/t", "url": "https://b.example/c.json"}`
		c = `{"identifier": "urn:example:agents:c", "type": "t/t", "url": "https://c.example/c.json"}`
	)
	tests := []struct {
		name, src, id, want string
	}{
		{
			name: "middle entry, four spaces, odd members kept",
			src:  "{\n    \"specVersion\" :\"1.0\",\n    \"x-odd\": [1,2 ,3],\n    \"entries\": [\n        " + a + ",\n        " + b + ",\n        " + c + "\n    ]\n}",
			id:   "urn:example:agents:b",
			want: "{\n    \"specVersion\" :\"1.0\",\n    \"x-odd\": [1,2 ,3],\n    \"entries\": [\n        " + a + ",\n        " + c + "\n    ]\n}",
		},
		{
			name: "first entry",
			src:  "{\n  \"specVersion\": \"1.0\",\n  \"entries\": [\n    " + a + ",\n    " + b + "\n  ]\n}\n",
			id:   "urn:example:agents:a",
			want: "{\n  \"specVersion\": \"1.0\",\n  \"entries\": [\n    " + b + "\n  ]\n}\n",
		},
		{
			name: "last entry",
			src:  "{\n  \"specVersion\": \"1.0\",\n  \"entries\": [\n    " + a + ",\n    " + b + "\n  ]\n}\n",
			id:   "urn:example:agents:b",
			want: "{\n  \"specVersion\": \"1.0\",\n  \"entries\": [\n    " + a + "\n  ]\n}\n",
		},
		{
			name: "tabs and CRLF",
			src:  "{\r\n\t\"specVersion\": \"1.0\",\r\n\t\"entries\": [\r\n\t\t" + a + ",\r\n\t\t" + b + "\r\n\t]\r\n}\r\n",
			id:   "urn:example:agents:b",
			want: "{\r\n\t\"specVersion\": \"1.0\",\r\n\t\"entries\": [\r\n\t\t" + a + "\r\n\t]\r\n}\r\n",
		},
		{
			name: "minified",
			src:  `{"specVersion":"1.0","entries":[{"identifier":"urn:example:agents:a","type":"t/t"},{"identifier":"urn:example:agents:b","type":"t/t"}]}`,
			id:   "urn:example:agents:a",
			want: `{"specVersion":"1.0","entries":[{"identifier":"urn:example:agents:b","type":"t/t"}]}`,
		},
		{
			name: "items on one line",
			src:  "{\n  \"specVersion\": \"1.0\",\n  \"entries\": [" + a + ", " + b + ", " + c + "]\n}\n",
			id:   "urn:example:agents:b",
			want: "{\n  \"specVersion\": \"1.0\",\n  \"entries\": [" + a + ", " + c + "]\n}\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, r := removeOne(t, tt.src, tt.id, "")
			if got != tt.want {
				t.Errorf("got:\n%q\nwant:\n%q", got, tt.want)
			}
			if r.Identifier != tt.id {
				t.Errorf("removed %+v", r)
			}
		})
	}
}

func TestRemoveEntryOnlyEntry(t *testing.T) {
	src := "{\n  \"specVersion\": \"1.0\",\n  \"entries\": [\n    {\"identifier\": \"urn:example:agents:a\", \"type\": \"t/t\"}\n  ],\n  \"x-after\": true\n}\n"
	got, r := removeOne(t, src, "urn:example:agents:a", "")
	want := "{\n  \"specVersion\": \"1.0\",\n  \"entries\": [],\n  \"x-after\": true\n}\n"
	if got != want {
		t.Errorf("got:\n%q\nwant:\n%q", got, want)
	}
	if r.Index != 0 {
		t.Errorf("removed %+v", r)
	}
}

func TestRemoveEntryVersions(t *testing.T) {
	src := `{"specVersion": "1.0", "entries": [
  {"identifier": "urn:example:agents:b", "type": "t/t", "version": "1.0.0", "url": "https://b.example/1"},
  {"identifier": "urn:example:agents:b", "type": "t/t", "version": "2.0.0", "url": "https://b.example/2"},
  {"identifier": "urn:example:agents:c", "type": "t/t", "url": "https://c.example/"}
]}`
	got, r := removeOne(t, src, "urn:example:agents:b", "2.0.0")
	want := `{"specVersion": "1.0", "entries": [
  {"identifier": "urn:example:agents:b", "type": "t/t", "version": "1.0.0", "url": "https://b.example/1"},
  {"identifier": "urn:example:agents:c", "type": "t/t", "url": "https://c.example/"}
]}`
	if got != want || r.Index != 1 || r.Version != "2.0.0" {
		t.Errorf("got %+v:\n%s", r, got)
	}

	// The only entry with the identifier goes without a version.
	if _, r := removeOne(t, src, "urn:example:agents:c", ""); r.Index != 2 || r.Version != "" {
		t.Errorf("removed %+v", r)
	}

	errs := []struct {
		id, version string
		is          error
		msg         string
	}{
		{"urn:example:agents:b", "", ErrAmbiguousEntry, "listed with versions 1.0.0, 2.0.0; say which"},
		{"urn:example:agents:b", "3.0.0", ErrNoSuchEntry, "listed with version 1.0.0, 2.0.0, not 3.0.0"},
		{"urn:example:agents:z", "", ErrNoSuchEntry, "no entry has the identifier urn:example:agents:z"},
		{"urn:example:agents:c", "1.0.0", ErrNoSuchEntry, "listed with version (none), not 1.0.0"},
	}
	for _, e := range errs {
		doc, err := Parse([]byte(src))
		must(t, err)
		_, err = RemoveEntry(doc, e.id, e.version)
		if !errors.Is(err, e.is) || !strings.Contains(err.Error(), e.msg) {
			t.Errorf("RemoveEntry(%s, %q) = %v, want %v containing %q", e.id, e.version, err, e.is, e.msg)
		}
		if doc.Changed() {
			t.Errorf("RemoveEntry(%s, %q) failed but changed the doc", e.id, e.version)
		}
	}
}

func TestRemoveEntryNotACatalog(t *testing.T) {
	for _, src := range []string{`{"specVersion": "1.0"}`, `{"entries": {}}`, `[]`} {
		doc, err := Parse([]byte(src))
		must(t, err)
		if _, err := RemoveEntry(doc, "urn:example:agents:a", ""); err == nil || !strings.Contains(err.Error(), "/entries") {
			t.Errorf("%s: err = %v", src, err)
		}
	}
}

// TestRemoveEntryUndoesMerge: removing an entry MergeEntries appended gives
// the catalog back byte for byte.
func TestRemoveEntryUndoesMerge(t *testing.T) {
	src := "{\n    \"specVersion\": \"1.0\",\n    \"entries\": [\n        {\"identifier\": \"urn:example:agents:a\", \"type\": \"t/t\", \"url\": \"https://a.example/c.json\"}\n    ]\n}\n"
	merged, _ := mergeOne(t, src, mergeEntry)
	got, _ := removeOne(t, merged, "urn:example:agents:b", "1.0.0")
	if got != src {
		t.Errorf("got:\n%q\nwant:\n%q", got, src)
	}
}
