package model

import (
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestDetectKind(t *testing.T) {
	cases := []struct {
		json  string
		want  DocKind
		close bool
	}{
		{`{"name":"a","description":"b","supportedInterfaces":[],"capabilities":{},"skills":[]}`, KindCard, false},
		{`{"name":"a","url":"https://x","protocolVersion":"0.3.0","skills":[{"id":"s","name":"n"}]}`, KindCard, false},
		{`{"name":"a","supported_interfaces":[],"default_input_modes":[]}`, KindCard, false},
		{`{"capabilities":{}}`, KindCard, true}, // one marker only
		{`{"skills":[{"id":"s","personEntry":"https://bank.example/ask"}]}`, KindOnRequest, false},
		{`{"uri":"https://agent-capability.org/ext/on-request/v1","params":{"skills":[]}}`, KindOnRequest, false},
		{`{"status":"on-request","skillId":"s","personEntry":"tel:+15550100"}`, KindReply, false},
		{`{"schema_version":"1.1.0","skills":[{"id":60602}]}`, KindDiscovery, false},
		{`{"specVersion":"1.0","entries":[]}`, KindCatalog, false},
		{`{"entries":[]}`, KindCatalog, false},
		{`{"identifier":"urn:x","type":"application/a2a-agent-card+json","url":"https://x/card.json"}`, KindEntry, false},
		{`{"identifier":"urn:x","url":"https://x/card.json"}`, KindEntry, false},
		// An entry that also carries card members: an entry, but close.
		{`{"identifier":"urn:x","type":"application/a2a-agent-card+json","url":"https://x","capabilities":{}}`, KindEntry, true},
		// Not one of the kinds: never guessed to be a card.
		{`{"name":"left-pad","version":"1.3.0","description":"pad","scripts":{}}`, KindUnknown, false},
		{`{}`, KindUnknown, false},
		{`[1,2]`, KindUnknown, false},
		{`"text"`, KindUnknown, false},
		// A card whose skills happen to carry personEntry is still a card.
		{`{"name":"a","capabilities":{},"skills":[{"id":"s","personEntry":"https://x.example"}]}`, KindCard, false},
	}
	for _, tc := range cases {
		// Each also with 100 members of no kind before and after its own:
		// a root of many members is read once, not searched by name.
		wide := tc.json
		if strings.HasPrefix(wide, "{") && wide != "{}" {
			var pad []string
			for i := range 100 {
				pad = append(pad, `"x`+strconv.Itoa(i)+`":`+strconv.Itoa(i))
			}
			half := strings.Join(pad[:50], ",")
			wide = "{" + half + "," + wide[1:len(wide)-1] + "," + strings.Join(pad[50:], ",") + "}"
		}
		for _, src := range []string{tc.json, wide} {
			doc, err := Parse([]byte(src))
			if err != nil {
				t.Fatal(err)
			}
			d := DetectKindDetail(doc)
			if d.Kind != tc.want || d.Close != tc.close {
				t.Errorf("DetectKindDetail(%s) = %q close=%v (others %v), want %q close=%v", src, d.Kind, d.Close, d.Others, tc.want, tc.close)
			}
			if DetectKind(doc) != d.Kind {
				t.Errorf("DetectKind and DetectKindDetail disagree on %s", src)
			}
		}
	}
	if got := DetectKind(nil); got != KindUnknown {
		t.Errorf("DetectKind(nil) = %q", got)
	}
	if slices.Contains(Kinds, KindUnknown) {
		t.Error("KindUnknown is not a kind a document can be checked as")
	}
}

func TestInstallKindOrderEntry(t *testing.T) {
	doc, err := Parse([]byte(`{"identifier": "urn:x", "url": "https://x/card.json"}`))
	if err != nil {
		t.Fatal(err)
	}
	k := DetectKind(doc)
	if k != KindEntry {
		t.Fatalf("kind %q", k)
	}
	InstallKindOrder(doc, k)
	if err := doc.SetValue("/type", "application/a2a-agent-card+json"); err != nil {
		t.Fatal(err)
	}
	out := string(doc.Encode())
	if i, j := strings.Index(out, `"type"`), strings.Index(out, `"url"`); i < 0 || j < i {
		t.Errorf("type was not placed before url:\n%s", out)
	}
}

// TestEvidenceNamesAreTheNamesAsked: every name the kind detection asks a
// root of many members about is one of evidenceNames, read in the one pass
// over its names; one missing from the list would be searched for from the
// first member, once for each document.
func TestEvidenceNamesAreTheNamesAsked(t *testing.T) {
	var pad []string
	for i := range 100 {
		pad = append(pad, `"x`+strconv.Itoa(i)+`":`+strconv.Itoa(i))
	}
	wide := mustParse(t, []byte("{"+strings.Join(pad, ",")+`,"skills":[{"id":"s","personEntry":"tel:+15550100"}],"schema_version":"1.1.0"}`))
	asked := map[string]bool{}
	evidenceAsked = func(key string) { asked[key] = true }
	defer func() { evidenceAsked = nil }()
	for _, src := range []string{`{"skills":[]}`, `{"schema_version":"1.1.0","skills":[]}`, `{"identifier":"x","type":"t","url":"u"}`, `{"status":"x","skillId":"y"}`} {
		DetectKind(mustParse(t, []byte(src)))
	}
	DetectKind(wide)
	for key := range asked {
		if !evidenceNames[key] {
			t.Errorf("the kind detection asks for %q, which evidenceNames lacks", key)
		}
	}
	if len(asked) < 20 {
		t.Fatalf("only %d names asked: the hook sees too little", len(asked))
	}
}
