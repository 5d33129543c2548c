package jsonwords

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

// goWords are what encoding/json's own messages say and no reader of a
// message should see: Go type names and Go vocabulary.
var goWords = regexp.MustCompile(`Go (struct|value)|unmarshal|interface \{\}|\bint\b|\buint\b|float64|\[\]|\*\w+\.\w+|\bjson: `)

type versionList struct {
	Versions []struct {
		SchemaVersion string `json:"schema_version"`
	} `json:"versions"`
	Default *struct {
		SchemaVersion string `json:"schema_version"`
	} `json:"default"`
}

type class struct {
	UID        *int   `json:"uid"`
	Name       string `json:"name"`
	Attributes struct {
		ID struct {
			Enum map[string]struct{ Caption string }
		} `json:"id"`
	} `json:"attributes"`
	Count uint8   `json:"count"`
	Score float32 `json:"score"`
}

func TestExplainNamesPathTypeAndPosition(t *testing.T) {
	for _, c := range []struct {
		name, data string
		into       func() any
		want       string
	}{
		{"element of an array", `{"versions": [{"schema_version": "1.1.0"}, {"schema_version": 110}]}`,
			func() any { return new(versionList) },
			"line 1, column 63: versions[1].schema_version must be a string, not a number"},
		{"container of the wrong type", "{\n \"versions\": {\"schema_version\": \"1.1.0\"}\n}",
			func() any { return new(versionList) },
			"line 2, column 14: versions must be an array, not an object"},
		{"string for a number", `{"uid": "1206", "name": "customer_support"}`,
			func() any { return new(class) },
			"line 1, column 9: uid must be a whole number, not a string"},
		{"fraction for a whole number", `{"uid": 12.5}`,
			func() any { return new(class) },
			"line 1, column 9: uid must be a whole number, not 12.5"},
		{"whole number out of range", `{"count": 300}`,
			func() any { return new(class) },
			"line 1, column 11: count must be a whole number from 0 to 255, not 300"},
		{"negative for unsigned", `{"count": -1}`,
			func() any { return new(class) },
			"count must be a whole number from 0 to 255, not -1"},
		{"float out of range", `{"score": 1e400}`,
			func() any { return new(class) },
			"score must be a number within range, not 1e400"},
		{"map member not a plain name", `{"attributes": {"id": {"enum": {"12 06": {"Caption": false}}}}}`,
			func() any { return new(class) },
			`line 1, column 54: attributes.id.enum["12 06"].Caption must be a string, not a boolean`},
		{"top-level value", `[{"uid": 1}]`,
			func() any { return new(class) },
			"line 1, column 1: the top-level value must be an object, not an array"},
		{"any list given an object", `{"a": 1}`,
			func() any { return new([]any) },
			"the top-level value must be an array, not an object"},
		{"syntax", `{"versions": [1,]}`,
			func() any { return new(versionList) },
			"line 1, column 17: invalid character ']' looking for beginning of value"},
		{"truncated", `{"versions": [`,
			func() any { return new(versionList) },
			"the JSON ends before its last value is complete"},
		{"empty", "  \n",
			func() any { return new(versionList) },
			"it is empty, expected a JSON value"},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := json.Unmarshal([]byte(c.data), c.into())
			if err == nil {
				t.Fatal("no error decoding")
			}
			got := Explain([]byte(c.data), err)
			if !strings.Contains(got, c.want) {
				t.Errorf("Explain = %q\nwant it to contain %q (encoding/json said %q)", got, c.want, err)
			}
			if m := goWords.FindString(got); m != "" {
				t.Errorf("Explain = %q names Go (%q)", got, m)
			}
		})
	}
}

// A json.Decoder's errors (strict decoding, unknown members, empty input)
// are explained as well as json.Unmarshal's.
func TestExplainDecoderErrors(t *testing.T) {
	decode := func(data string) error {
		dec := json.NewDecoder(bytes.NewReader([]byte(data)))
		dec.DisallowUnknownFields()
		var v versionList
		return dec.Decode(&v)
	}
	for data, want := range map[string]string{
		"":                             "it is empty, expected a JSON value",
		`{"versions": [], "extra": 1}`: `unknown member "extra"`,
		"\n\n  {\"default\": {\"schema_version\": [\"1.1.0\"]}}": "line 3, column 34: default.schema_version must be a string, not an array",
	} {
		err := decode(data)
		if err == nil {
			t.Fatalf("%q: no error", data)
		}
		if got := Explain([]byte(data), err); got != want {
			t.Errorf("%q: Explain = %q, want %q (encoding/json said %q)", data, got, want, err)
		}
	}
}

// An error that did not come from encoding/json is left as it is.
func TestExplainKeepsOtherErrors(t *testing.T) {
	err := json.Unmarshal([]byte(`{"a": "x"}`), new(struct {
		A strictText `json:"a"`
	}))
	if got := Explain([]byte(`{"a": "x"}`), err); got != "strict text wants at least two characters" {
		t.Errorf("Explain = %q", got)
	}
}

type strictText string

func (s *strictText) UnmarshalJSON(b []byte) error {
	if len(b) < 4 {
		return errTooShort
	}
	*s = strictText(b)
	return nil
}

var errTooShort = errorString("strict text wants at least two characters")

type errorString string

func (e errorString) Error() string { return string(e) }
