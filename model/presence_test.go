package model

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"
)

// schemaDifferences are the places where oncard's card schema and the proto
// disagree on "required", each on purpose; every other REQUIRED field of
// the table is in the schema's required list and the other way round.
var schemaDifferences = map[string]string{
	// The proto leaves these plain; a card without them is useless, so the
	// schema requires them (an error the author sees), while the canonical
	// form follows the proto.
	"AgentExtension.uri":                 "schema stricter",
	"ImplicitOAuthFlow.authorizationUrl": "schema stricter",
	"PasswordOAuthFlow.tokenUrl":         "schema stricter",
	// The proto marks scopes REQUIRED; a flow without any scopes is
	// written without the member by several SDKs, so the schema accepts it.
	"AuthorizationCodeOAuthFlow.scopes": "proto stricter",
	"ClientCredentialsOAuthFlow.scopes": "proto stricter",
	"DeviceCodeOAuthFlow.scopes":        "proto stricter",
}

// TestPresenceTable holds the presence table to the card schema: the same
// messages with the same members, and the same required lists but for the
// differences listed above. The proto facts themselves (which field is
// `optional`, which REQUIRED) are the table's, copied from PresenceSource;
// TestPresenceFacts pins the ones the canonical form turns on.
func TestPresenceTable(t *testing.T) {
	data, err := os.ReadFile("../validate/schemas/a2a-card-v1.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	var schema struct {
		Defs map[string]struct {
			Required   []string                   `json:"required"`
			Properties map[string]json.RawMessage `json:"properties"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(data, &schema); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, name := range presenceMessageNames {
		m := Message(name)
		def, ok := schema.Defs[m.Name]
		if !ok {
			t.Errorf("%s: no $defs/%s in the card schema", m.Name, m.Name)
			continue
		}
		var names []string
		for _, fl := range m.Fields {
			names = append(names, fl.JSON)
			if want := snakeToCamel(fl.Proto); want != fl.JSON {
				t.Errorf("%s.%s: proto name %s is %s in JSON", m.Name, fl.JSON, fl.Proto, want)
			}
			if (fl.Kind == MessageField || fl.Kind == RepeatedMessage || fl.Kind == MapMessage) != (fl.Message != "") {
				t.Errorf("%s.%s: kind and message name disagree", m.Name, fl.JSON)
			}
			if fl.Message != "" && Message(fl.Message) == nil {
				t.Errorf("%s.%s: message %s is not in the table", m.Name, fl.JSON, fl.Message)
			}
			key := m.Name + "." + fl.JSON
			inSchema := slices.Contains(def.Required, fl.JSON)
			if (fl.Presence == Required) != inSchema {
				seen[key] = true
				if _, known := schemaDifferences[key]; !known {
					t.Errorf("%s: %s in the table, required in the schema: %v", key, presenceName(fl.Presence), inSchema)
				}
			}
		}
		var props []string
		for p := range def.Properties {
			props = append(props, p)
		}
		slices.Sort(props)
		slices.Sort(names)
		if !slices.Equal(props, names) {
			t.Errorf("%s: the table has %v, the schema %v", m.Name, names, props)
		}
	}
	for key := range schemaDifferences {
		if !seen[key] {
			t.Errorf("%s is listed as a difference but the table and the schema agree", key)
		}
	}
}

// TestPresenceFacts pins the proto facts the issue of signing turns on, so
// that a change to the table is a deliberate one.
func TestPresenceFacts(t *testing.T) {
	cases := []struct {
		msg, field string
		want       Presence
	}{
		{"AgentCard", "description", Required},
		{"AgentCard", "skills", Required},
		{"AgentCard", "documentationUrl", Optional},
		{"AgentCard", "iconUrl", Optional},
		{"AgentCard", "provider", Plain},
		{"AgentCapabilities", "streaming", Optional},
		{"AgentCapabilities", "pushNotifications", Optional},
		{"AgentCapabilities", "extendedAgentCard", Optional},
		{"AgentCapabilities", "extensions", Plain},
		{"AgentExtension", "required", Plain},
		{"AgentExtension", "params", Plain},
		{"AuthorizationCodeOAuthFlow", "pkceRequired", Plain}, // plain bool in v1.0.1, not optional
		{"StringList", "list", Plain},
		{"AgentInterface", "tenant", Plain},
	}
	for _, c := range cases {
		fl := Message(c.msg).Field(c.field)
		if fl == nil {
			t.Errorf("%s.%s is not in the table", c.msg, c.field)
			continue
		}
		if fl.Presence != c.want {
			t.Errorf("%s.%s is %s, the proto says %s", c.msg, c.field, presenceName(fl.Presence), presenceName(c.want))
		}
	}
	if !strings.Contains(PresenceSource, "v1.0.1") {
		t.Errorf("PresenceSource %q names no release", PresenceSource)
	}
}

func TestIsDefault(t *testing.T) {
	cases := []struct {
		kind FieldKind
		json string
		want bool
	}{
		{StringField, `""`, true}, {StringField, `"a"`, false}, {StringField, `null`, true},
		{BoolField, `false`, true}, {BoolField, `true`, false}, {BoolField, `"false"`, false},
		{RepeatedString, `[]`, true}, {RepeatedString, `[""]`, false},
		{MapMessage, `{}`, true}, {MapString, `{"a":""}`, false},
		{MessageField, `{}`, false}, {StructField, `{}`, false}, {StructField, `null`, true},
	}
	for _, c := range cases {
		doc, err := Parse([]byte(c.json))
		if err != nil {
			t.Fatal(err)
		}
		if got := IsDefault(c.kind, doc.Root()); got != c.want {
			t.Errorf("IsDefault(%d, %s) = %v, want %v", c.kind, c.json, got, c.want)
		}
	}
}

func snakeToCamel(s string) string {
	parts := strings.Split(s, "_")
	for i := 1; i < len(parts); i++ {
		if parts[i] != "" {
			parts[i] = strings.ToUpper(parts[i][:1]) + parts[i][1:]
		}
	}
	return strings.Join(parts, "")
}

func presenceName(p Presence) string {
	return [...]string{Plain: "plain", Optional: "optional", Required: "REQUIRED"}[p]
}

func TestLoneSurrogate(t *testing.T) {
	cases := map[string]string{
		`{"a":"\ud800"}`:              "/a",
		`{"a":["x","\udc00y"]}`:       "/a/1",
		`{"\ud83d":1}`:                "/\ufffd",
		`{"a":"\ud83d\u0041"}`:        "/a",
		`{"a":"\\ud800"}`:             "", // an escaped backslash, then text
		`{"a":"\ud83d\ude00","b":""}`: "",
	}
	for src, want := range cases {
		doc, err := Parse([]byte(src))
		if err != nil {
			t.Fatal(err)
		}
		got, found := doc.LoneSurrogate()
		if found != (want != "") || got != want {
			t.Errorf("%s: LoneSurrogate() = %q, %v; want %q", src, got, found, want)
		}
	}
}
