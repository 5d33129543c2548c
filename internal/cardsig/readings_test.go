package cardsig

import (
	"strings"
	"testing"

	"github.com/oncard/oncard/model"
)

func payloads(t *testing.T, card string) map[Reading]string {
	t.Helper()
	doc, err := model.Parse([]byte(card))
	if err != nil {
		t.Fatal(err)
	}
	out := map[Reading]string{}
	for _, r := range Readings {
		p, err := Payload(doc, r)
		if err != nil {
			t.Fatalf("%s: %v", r, err)
		}
		out[r] = string(p)
	}
	return out
}

// TestPayloadSpecExample is the example of A2A §8.4.1, byte for byte.
func TestPayloadSpecExample(t *testing.T) {
	got := payloads(t, `{
  "name": "Example Agent",
  "description": "",
  "capabilities": {
    "streaming": false,
    "pushNotifications": false,
    "extensions": []
  },
  "skills": []
}`)
	want := `{"capabilities":{"pushNotifications":false,"streaming":false},"description":"","name":"Example Agent","skills":[]}`
	if got[Normalised] != want {
		t.Errorf("§8.4.1 form:\n got %s\nwant %s", got[Normalised], want)
	}
	// The JS SDK drops the REQUIRED empty members too.
	if want := `{"capabilities":{"pushNotifications":false,"streaming":false},"name":"Example Agent"}`; got[JSSDK] != want {
		t.Errorf("JS SDK form:\n got %s\nwant %s", got[JSSDK], want)
	}
	if want := `{"capabilities":{"extensions":[],"pushNotifications":false,"streaming":false},"description":"","name":"Example Agent","skills":[]}`; got[Literal] != want {
		t.Errorf("literal form:\n got %s\nwant %s", got[Literal], want)
	}
}

func TestPayloadReadingsDiffer(t *testing.T) {
	cases := []struct {
		name, card           string
		literal, norm, jssdk string
	}{
		{
			"required false on an extension",
			`{"capabilities":{"extensions":[{"uri":"https://x.example/e","required":false}]}}`,
			`{"capabilities":{"extensions":[{"required":false,"uri":"https://x.example/e"}]}}`,
			`{"capabilities":{"extensions":[{"uri":"https://x.example/e"}]}}`,
			`{"capabilities":{"extensions":[{"uri":"https://x.example/e"}]}}`,
		},
		{
			"a member the proto does not define",
			`{"name":"a","x-extra":{"k":""}}`,
			`{"name":"a","x-extra":{"k":""}}`,
			`{"name":"a","x-extra":{"k":""}}`,
			`{"name":"a"}`,
		},
		{
			"null and empty inside params",
			`{"capabilities":{"extensions":[{"uri":"u","params":{"a":null,"b":[],"c":0,"d":false}}]}}`,
			`{"capabilities":{"extensions":[{"params":{"a":null,"b":[],"c":0,"d":false},"uri":"u"}]}}`,
			`{"capabilities":{"extensions":[{"params":{"a":null,"b":[],"c":0,"d":false},"uri":"u"}]}}`,
			`{"capabilities":{"extensions":[{"params":{"c":0,"d":false},"uri":"u"}]}}`,
		},
		{
			"a requirement without scopes",
			`{"securityRequirements":[{"schemes":{"bearer":{"list":[]}}}]}`,
			`{"securityRequirements":[{"schemes":{"bearer":{"list":[]}}}]}`,
			`{"securityRequirements":[{"schemes":{"bearer":{}}}]}`,
			`{}`,
		},
		{
			"optional members: kept when set, dropped when null",
			`{"documentationUrl":"","iconUrl":null,"capabilities":{"streaming":false}}`,
			`{"capabilities":{"streaming":false},"documentationUrl":"","iconUrl":null}`,
			`{"capabilities":{"streaming":false},"documentationUrl":""}`,
			`{"capabilities":{"streaming":false}}`,
		},
		{
			"snake_case names and a oneof with two variants",
			`{"default_input_modes":["text/plain"],"securitySchemes":{"k":{"httpAuthSecurityScheme":{"scheme":"bearer"},"apiKeySecurityScheme":{"location":"header","name":"X"}}}}`,
			`{"default_input_modes":["text/plain"],"securitySchemes":{"k":{"apiKeySecurityScheme":{"location":"header","name":"X"},"httpAuthSecurityScheme":{"scheme":"bearer"}}}}`,
			`{"default_input_modes":["text/plain"],"securitySchemes":{"k":{"apiKeySecurityScheme":{"location":"header","name":"X"},"httpAuthSecurityScheme":{"scheme":"bearer"}}}}`,
			`{"defaultInputModes":["text/plain"],"securitySchemes":{"k":{"apiKeySecurityScheme":{"location":"header","name":"X"}}}}`,
		},
		{
			"signatures are never covered",
			`{"name":"a","signatures":[{"protected":"x","signature":"y"}]}`,
			`{"name":"a"}`, `{"name":"a"}`, `{"name":"a"}`,
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := payloads(t, c.card)
			for r, want := range map[Reading]string{Literal: c.literal, Normalised: c.norm, JSSDK: c.jssdk} {
				if got[r] != want {
					t.Errorf("%s:\n got %s\nwant %s", r, got[r], want)
				}
			}
		})
	}
}

func TestPayloadRefusesLoneSurrogates(t *testing.T) {
	for _, card := range []string{
		`{"name":"\ud800"}`,
		`{"name":"a\udc00b"}`,
		`{"capabilities":{"extensions":[{"uri":"u","params":{"\ud83d":1}}]}}`,
		`{"name":"\ud83d\u0041"}`,
	} {
		doc, err := model.Parse([]byte(card))
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range Readings {
			if p, err := Payload(doc, r); err == nil || !strings.Contains(err.Error(), "lone UTF-16 surrogate") {
				t.Errorf("%s under %s: %s, %v; want the lone surrogate refused", card, r, p, err)
			}
		}
	}
	// A pair is fine.
	doc, _ := model.Parse([]byte(`{"name":"\ud83d\ude00"}`))
	for _, r := range Readings {
		if _, err := Payload(doc, r); err != nil {
			t.Errorf("a surrogate pair under %s: %v", r, err)
		}
	}
}

// BenchmarkPayloads is the canonical payload of the full template card
// (about 5 KB) under each reading: what Verify computes once per card.
func BenchmarkPayloads(b *testing.B) {
	doc := benchCard(b)
	for _, r := range Readings {
		b.Run(string(r), func(b *testing.B) {
			for b.Loop() {
				if _, err := Payload(doc, r); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
