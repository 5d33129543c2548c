package model

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

// mergeEntry is an entry as EntryFromCard writes it (2-space indentation,
// the discovery payload in the card's own compact layout).
const mergeEntry = `{
  "identifier": "urn:example:agents:b",
  "type": "application/a2a-agent-card+json",
  "version": "1.0.0",
  "url": "https://b.example/agent-card.json",
  "extensions": {
    "org.agntcy.oasf.discovery.v1": {
      "schema_version": "1.1.0",
      "skills": [{"name": "x", "id": 1}]
    }
  }
}`

func mergeOne(t *testing.T, src string, entries ...string) (string, []MergeResult) {
	t.Helper()
	raw := make([][]byte, len(entries))
	for i, e := range entries {
		raw[i] = []byte(e)
	}
	doc, err := Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	m, err := MergeEntries(doc, raw)
	if err != nil {
		t.Fatalf("MergeEntries: %v", err)
	}
	// The text parses, and the Doc holds the same values.
	parsed, err := Parse(m.Text)
	if err != nil {
		t.Fatalf("the merged text does not parse: %v\n%s", err, m.Text)
	}
	if !reflect.DeepEqual(parsed.Root().Interface(), m.Doc.Root().Interface()) {
		t.Errorf("the Doc and the text differ:\n%s\n%s", m.Text, m.Doc.Encode())
	}
	return string(m.Text), m.Results
}

// TestMergeEntriesIntoEmptyIsCatalogFromCards: adding the seed card to the
// empty catalog oncard starts from gives what CatalogFromCards writes, the
// seed example byte for byte.
func TestMergeEntriesIntoEmptyIsCatalogFromCards(t *testing.T) {
	card := loadView(t, "network-debugger-card.json")
	empty, _, err := CatalogFromCards(nil, CatalogOptions{})
	must(t, err)
	entry, _, err := EntryFromCard(card, seedOptions)
	must(t, err)
	got, results := mergeOne(t, string(empty), string(entry))
	want, _, err := CatalogFromCards([]CardSource{{Card: card, Entry: seedOptions}}, CatalogOptions{})
	must(t, err)
	if got != string(want) {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	if len(results) != 1 || !results[0].Added || results[0].Index != 0 ||
		results[0].Identifier != seedOptions.Identifier || results[0].Version != "1.0.0" {
		t.Errorf("results = %+v", results)
	}
}

// TestMergeEntriesAppendLayouts: an appended entry takes the layout of the
// catalog around it; every other byte stays.
func TestMergeEntriesAppendLayouts(t *testing.T) {
	const small = `{"identifier": "urn:example:agents:b", "type": "t/t", "url": "https://b.example/c.json",
  "tags": ["q"]}`
	tests := []struct {
		name, src, want string
	}{
		{
			name: "four spaces, odd members kept",
			src:  "{\n    \"specVersion\" :\"1.0\",\n    \"x-odd\": [1,2 ,3],\n    \"entries\": [\n        {\"identifier\": \"urn:example:agents:a\", \"type\": \"t/t\", \"url\": \"https://a.example/c.json\", \"zz\": 1.50}\n    ]\n}",
			want: "{\n    \"specVersion\" :\"1.0\",\n    \"x-odd\": [1,2 ,3],\n    \"entries\": [\n        {\"identifier\": \"urn:example:agents:a\", \"type\": \"t/t\", \"url\": \"https://a.example/c.json\", \"zz\": 1.50},\n" +
				"        {\"identifier\": \"urn:example:agents:b\", \"type\": \"t/t\", \"url\": \"https://b.example/c.json\",\n            \"tags\": [\"q\"]}\n    ]\n}",
		},
		{
			name: "tabs and CRLF",
			src:  "{\r\n\t\"specVersion\": \"1.0\",\r\n\t\"entries\": [\r\n\t\t{\"identifier\": \"urn:example:agents:a\", \"type\": \"t/t\", \"url\": \"https://a.example/c.json\"}\r\n\t]\r\n}\r\n",
			want: "{\r\n\t\"specVersion\": \"1.0\",\r\n\t\"entries\": [\r\n\t\t{\"identifier\": \"urn:example:agents:a\", \"type\": \"t/t\", \"url\": \"https://a.example/c.json\"},\r\n" +
				"\t\t{\"identifier\": \"urn:example:agents:b\", \"type\": \"t/t\", \"url\": \"https://b.example/c.json\",\r\n\t\t\t\"tags\": [\"q\"]}\r\n\t]\r\n}\r\n",
		},
		{
			name: "minified",
			src:  `{"specVersion":"1.0","entries":[{"identifier":"urn:example:agents:a","type":"t/t","url":"https://a.example/c.json"}]}`,
			want: `{"specVersion":"1.0","entries":[{"identifier":"urn:example:agents:a","type":"t/t","url":"https://a.example/c.json"},{"identifier":"urn:example:agents:b","type":"t/t","url":"https://b.example/c.json","tags":["q"]}]}`,
		},
		{
			name: "items on one line in an indented document",
			src:  "{\n  \"specVersion\": \"1.0\",\n  \"entries\": [{\"identifier\": \"urn:example:agents:a\", \"type\": \"t/t\", \"url\": \"https://a.example/c.json\"}]\n}\n",
			want: "{\n  \"specVersion\": \"1.0\",\n  \"entries\": [{\"identifier\": \"urn:example:agents:a\", \"type\": \"t/t\", \"url\": \"https://a.example/c.json\"}, " +
				"{\"identifier\": \"urn:example:agents:b\", \"type\": \"t/t\", \"url\": \"https://b.example/c.json\", \"tags\": [\"q\"]}]\n}\n",
		},
		{
			name: "empty array with white space, entries first",
			src:  "{\n  \"entries\": [ ],\n  \"specVersion\": \"1.0\"\n}\n",
			want: "{\n  \"entries\": [\n    {\"identifier\": \"urn:example:agents:b\", \"type\": \"t/t\", \"url\": \"https://b.example/c.json\",\n      \"tags\": [\"q\"]}\n  ],\n  \"specVersion\": \"1.0\"\n}\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, results := mergeOne(t, tt.src, small)
			if got != tt.want {
				t.Errorf("got:\n%q\nwant:\n%q", got, tt.want)
			}
			if !results[0].Added {
				t.Errorf("results = %+v", results)
			}
		})
	}
}

func TestMergeEntriesUpdate(t *testing.T) {
	src := `{
  "specVersion": "1.0",
  "entries": [
    {"identifier": "urn:example:agents:a", "type": "t/t", "url": "https://a.example/c.json"},
    {
      "identifier": "urn:example:agents:b",
      "displayName": "Kept",
      "type": "application/a2a-agent-card+json",
      "version": "0.9.0",
      "url": "https://old.example/agent-card.json",
      "x-unknown": {"deep": [1, 2.50e1]},
      "extensions": {"com.example.other": true, "org.agntcy.oasf.discovery.v1": {"schema_version": "1.1.0", "skills": [{"name": "x", "id": 1}]}}
    },
    {"identifier": "urn:example:agents:c", "type": "t/t", "url": "https://c.example/c.json"}
  ]
}
`
	got, results := mergeOne(t, src, mergeEntry)
	want := strings.Replace(strings.Replace(src, `"version": "0.9.0"`, `"version": "1.0.0"`, 1),
		"https://old.example/agent-card.json", "https://b.example/agent-card.json", 1)
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	if r := results[0]; r.Added || r.Index != 1 || r.PreviousVersion != "0.9.0" || r.Version != "1.0.0" {
		t.Errorf("results = %+v", results)
	}

	// Merging the same again changes nothing.
	again, results := mergeOne(t, got, mergeEntry)
	if again != got || results[0].Added || results[0].PreviousVersion != "1.0.0" {
		t.Errorf("a second merge changed the catalog:\n%s\n%+v", again, results)
	}
}

func TestMergeEntriesMatching(t *testing.T) {
	twoVersions := `{"specVersion": "1.0", "entries": [
  {"identifier": "urn:example:agents:b", "type": "t/t", "version": "1.0.0", "url": "https://b.example/1"},
  {"identifier": "urn:example:agents:b", "type": "t/t", "version": "2.0.0", "url": "https://b.example/2"}
]}`
	v3 := `{"identifier": "urn:example:agents:b", "type": "t/t", "version": "3.0.0", "url": "https://b.example/3"}`
	v2 := `{"identifier": "urn:example:agents:b", "type": "t/t", "version": "2.0.0", "url": "https://b.example/two"}`

	// Several versions listed and none equal: appended, nothing guessed.
	got, results := mergeOne(t, twoVersions, v3)
	if !results[0].Added || results[0].Index != 2 || !strings.Contains(got, "https://b.example/1") || !strings.Contains(got, "https://b.example/2\"") {
		t.Errorf("got %+v\n%s", results, got)
	}
	// The same version: that one is updated.
	got, results = mergeOne(t, twoVersions, v2)
	if results[0].Added || results[0].Index != 1 || !strings.Contains(got, "https://b.example/two") || !strings.Contains(got, "https://b.example/1") {
		t.Errorf("got %+v\n%s", results, got)
	}
	// Within one call, a later entry updates one appended earlier.
	empty := `{"specVersion": "1.0", "entries": []}`
	v1 := `{"identifier": "urn:example:agents:b", "type": "t/t", "version": "1.0.0", "url": "https://b.example/1"}`
	got, results = mergeOne(t, empty, v1, v2)
	if len(results) != 2 || !results[1].Added || results[1].Index != 0 || results[1].PreviousVersion != "1.0.0" ||
		strings.Contains(got, "https://b.example/1") || strings.Count(got, "urn:example:agents:b") != 1 {
		t.Errorf("got %+v\n%s", results, got)
	}
	// An update and an append in one call.
	got, results = mergeOne(t, twoVersions, v2, `{"identifier": "urn:example:agents:z", "type": "t/t", "url": "https://z.example/"}`)
	if results[0].Added || !results[1].Added || results[1].Index != 2 || !strings.Contains(got, "https://b.example/two") || !strings.Contains(got, "urn:example:agents:z") {
		t.Errorf("got %+v\n%s", results, got)
	}
}

func TestMergeEntriesErrors(t *testing.T) {
	tests := []struct {
		name, src, entry, want string
	}{
		{"no entries", `{"specVersion": "1.0"}`, mergeEntry, "/entries"},
		{"entries not an array", `{"entries": {}}`, mergeEntry, "/entries"},
		{"root not an object", `[]`, mergeEntry, "/entries"},
		{"entry not JSON", `{"entries": []}`, `{"identifier": `, "entry 1"},
		{"entry not an object", `{"entries": []}`, `[1]`, "entry 1: not a JSON object"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := Parse([]byte(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			_, err = MergeEntries(doc, [][]byte{[]byte(tt.entry)})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want one containing %q", err, tt.want)
			}
		})
	}
}

// TestMergeEntriesKeepsUntouchedBytes: in an oddly written catalog, the
// bytes before the end of the last entry stay identical on append.
func TestMergeEntriesKeepsUntouchedBytes(t *testing.T) {
	src := "\ufeff{ \"specVersion\":\"1.0\" ,\"entries\" :[\n\t{\"identifier\":\"urn:a\",\"type\":\"t/t\",\"url\":\"https://a/\\u0041\"}   ,\n\t{\"identifier\":\"urn:b\",\"type\":\"t/t\",\"data\":{}}\n  ] , \"z\" : null }"
	got, _ := mergeOne(t, src, mergeEntry)
	head := strings.Index(src, "{}}") + 3
	if !strings.HasPrefix(got, src[:head]) || !strings.HasSuffix(got, src[head:]) {
		t.Errorf("untouched bytes changed:\n%s", got)
	}
	if !bytes.Contains([]byte(got), []byte(",\n\t{\n\t  \"identifier\"")) || !bytes.Contains([]byte(got), []byte(`"skills": [{"name": "x", "id": 1}]`)) {
		t.Errorf("the entry is not on its own lines with the payload's layout kept:\n%s", got)
	}
}

func TestCompactJSON(t *testing.T) {
	in := []byte("{\n  \"a b\": [1, 2.50e1,\n\t\"x\\\" :, y\"],\r\n  \"c\" : {}\n}")
	for _, tt := range []struct {
		spaced bool
		want   string
	}{
		{false, `{"a b":[1,2.50e1,"x\" :, y"],"c":{}}`},
		{true, `{"a b": [1, 2.50e1, "x\" :, y"], "c": {}}`},
	} {
		var b bytes.Buffer
		compactJSON(&b, in, tt.spaced)
		if b.String() != tt.want {
			t.Errorf("spaced=%v: got %s, want %s", tt.spaced, b.String(), tt.want)
		}
	}
	var b bytes.Buffer
	compactJSON(&b, []byte(`"unclosed \`), false) // never panics
}

// FuzzMergeEntries: any catalog text and entry text either fail with an
// error or merge into a catalog that parses, whose entries array holds
// each merged entry at the index reported.
func FuzzMergeEntries(f *testing.F) {
	f.Add(`{"specVersion": "1.0", "entries": []}`, mergeEntry)
	f.Add("{\n\t\"entries\": [\n\t\t{\"identifier\": \"urn:example:agents:b\", \"version\": \"0.1\"}\n\t]\n}", `{"identifier": "urn:example:agents:b", "version": "2"}`)
	f.Add(`{"entries":[1,{"identifier":"x"}]}`, `{"identifier":"x","extensions":{"a.b":{}}}`)
	f.Add("{\"entries\" : [ ] }", "[]")
	f.Fuzz(func(t *testing.T, src, entry string) {
		in, err := Parse([]byte(src))
		if err != nil {
			return
		}
		m, err := MergeEntries(in, [][]byte{[]byte(entry)})
		if err != nil {
			return
		}
		doc, err := Parse(m.Text)
		if err != nil {
			t.Fatalf("the merged text does not parse: %v\n%s", err, m.Text)
		}
		if !reflect.DeepEqual(doc.Root().Interface(), m.Doc.Root().Interface()) {
			t.Fatalf("the Doc and the text differ:\n%s\n%s", m.Text, m.Doc.Encode())
		}
		entries := doc.Root().Get("entries")
		for _, r := range m.Results {
			if got := entries.Index(r.Index).Get("identifier").Text(); got != r.Identifier {
				t.Fatalf("entry %d has identifier %q, reported %q:\n%s", r.Index, got, r.Identifier, m.Text)
			}
		}
	})
}

// TestMergeEntriesEditedDoc: a Doc edited before the merge is merged from
// its encoding (positions of an edited Doc are stale).
func TestMergeEntriesEditedDoc(t *testing.T) {
	doc, err := Parse([]byte("{\n  \"specVersion\": \"0.9\",\n  \"entries\": []\n}\n"))
	must(t, err)
	must(t, doc.SetValue("/specVersion", "1.0"))
	m, err := MergeEntries(doc, [][]byte{[]byte(`{"identifier": "urn:x:y", "type": "t/t", "url": "https://x/"}`)})
	must(t, err)
	want := "{\n  \"specVersion\": \"1.0\",\n  \"entries\": [\n    {\"identifier\": \"urn:x:y\", \"type\": \"t/t\", \"url\": \"https://x/\"}\n  ]\n}\n"
	if string(m.Text) != want {
		t.Errorf("got:\n%s", m.Text)
	}
	if _, err := MergeEntries(nil, nil); err == nil {
		t.Error("a nil Doc was accepted")
	}
}
