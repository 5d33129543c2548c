package testcards

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

func TestLargeIsValidCard(t *testing.T) {
	for _, tc := range []struct{ skills, oasfSkills, oasfDomains int }{{1, 1, 1}, {37, 10, 5}, {200, 50, 20}, {250, 100, 100}} {
		data := Large(tc.skills, tc.oasfSkills, tc.oasfDomains)
		checkCard(t, data, tc.skills, tc.skills, min(tc.oasfSkills, len(oasfSkillRefs)), min(tc.oasfDomains, len(oasfDomainRefs)))
	}
}

func TestSmallIsValidCard(t *testing.T) {
	data := Small()
	var c map[string]any
	if err := json.Unmarshal(data, &c); err != nil {
		t.Fatal(err)
	}
	checkCard(t, data, 3, 2, 2, 1)
}

func TestDeterministic(t *testing.T) {
	first, second := Large(30, 5, 5), Large(30, 5, 5)
	if string(first) != string(second) {
		t.Fatal("Large is not deterministic")
	}
}

var (
	httpsEntry = regexp.MustCompile(`^https://[^?#]+$`)
	telEntry   = regexp.MustCompile(`^tel:\+[0-9][0-9().-]{3,}$`)
)

// checkCard holds the card to the rules of ../shared/spec that the
// generator promises to follow.
func checkCard(t *testing.T, data []byte, skills, listed, oasfSkills, oasfDomains int) {
	t.Helper()
	if !strings.HasPrefix(string(data), "{\n  \"name\": ") {
		t.Fatalf("not indented with two spaces: %.40q", data)
	}
	var c struct {
		Name, Description, Version string
		SupportedInterfaces        []map[string]string
		Capabilities               struct {
			Extensions []struct {
				URI      string
				Required *bool
				Params   json.RawMessage
			}
		}
		DefaultInputModes, DefaultOutputModes []string
		Skills                                []map[string]any
	}
	if err := json.Unmarshal(data, &c); err != nil {
		t.Fatal(err)
	}
	if c.Name == "" || c.Description == "" || c.Version == "" || len(c.SupportedInterfaces) == 0 ||
		len(c.DefaultInputModes) == 0 || len(c.DefaultOutputModes) == 0 {
		t.Fatal("a required card member is missing")
	}
	for _, in := range c.SupportedInterfaces {
		if in["url"] == "" || in["protocolBinding"] == "" || in["protocolVersion"] != "1.0" {
			t.Errorf("bad interface %v", in)
		}
	}
	if len(c.Skills) != skills {
		t.Fatalf("%d skills, want %d", len(c.Skills), skills)
	}
	ids := map[string]map[string]any{}
	for _, s := range c.Skills {
		id, _ := s["id"].(string)
		if id == "" || s["name"] == "" || s["description"] == "" {
			t.Fatalf("skill without id, name or description: %v", s)
		}
		if tags, _ := s["tags"].([]any); len(tags) == 0 {
			t.Fatalf("skill %s has no tags", id)
		}
		if _, ok := s["securityRequirements"]; ok {
			t.Fatalf("skill %s carries securityRequirements", id)
		}
		if ids[id] != nil {
			t.Fatalf("duplicate skill id %s", id)
		}
		ids[id] = s
	}
	if len(c.Capabilities.Extensions) != 2 {
		t.Fatalf("%d extensions, want 2", len(c.Capabilities.Extensions))
	}
	or := c.Capabilities.Extensions[0]
	if or.URI != OnRequestURI || or.Required == nil || *or.Required {
		t.Fatalf("bad On Request declaration %s", or.URI)
	}
	var params struct {
		Skills []struct {
			ID              string
			PersonEntry     string
			AssistantAccess *bool
			Completion      *string
		}
	}
	if err := json.Unmarshal(or.Params, &params); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	tel, https, access, completion := 0, 0, 0, 0
	for _, e := range params.Skills {
		s := ids[e.ID]
		if s == nil || seen[e.ID] {
			t.Fatalf("entry %q names no skill or is repeated", e.ID)
		}
		seen[e.ID] = true
		switch {
		case httpsEntry.MatchString(e.PersonEntry):
			https++
		case telEntry.MatchString(e.PersonEntry):
			tel++
			if e.Completion != nil {
				t.Fatalf("entry %s has completion with a tel personEntry", e.ID)
			}
		default:
			t.Fatalf("bad personEntry %q", e.PersonEntry)
		}
		if e.Completion != nil {
			completion++
			if *e.Completion != "deferred" && *e.Completion != "in-conversation" {
				t.Fatalf("bad completion %q", *e.Completion)
			}
		}
		if e.AssistantAccess != nil && *e.AssistantAccess {
			access++
		}
		text, _ := json.Marshal([]any{s["name"], s["description"], s["tags"], s["examples"]})
		digits := strings.NewReplacer("tel:", "", "+", "", "-", "", "https://", "").Replace(e.PersonEntry)
		if strings.Contains(string(text), strings.TrimPrefix(e.PersonEntry, "https://")) || strings.Contains(onlyDigits(string(text)), digits) {
			t.Fatalf("skill %s text carries its personEntry", e.ID)
		}
	}
	if len(seen) != listed {
		t.Fatalf("%d skills listed in On Request, want %d", len(seen), listed)
	}
	if listed >= 10 && (tel == 0 || https == 0 || access == 0 || completion == 0) {
		t.Fatalf("entries lack variety: tel %d https %d access %d completion %d", tel, https, access, completion)
	}
	disc := c.Capabilities.Extensions[1]
	if disc.URI != DiscoveryURI {
		t.Fatalf("bad discovery URI %s", disc.URI)
	}
	var payload struct {
		SchemaVersion string `json:"schema_version"`
		Skills        []ref
		Domains       []ref
	}
	if err := json.Unmarshal(disc.Params, &payload); err != nil {
		t.Fatal(err)
	}
	if payload.SchemaVersion != "1.1.0" || len(payload.Skills) != oasfSkills || len(payload.Domains) != oasfDomains {
		t.Fatalf("discovery payload: %s, %d skills, %d domains", payload.SchemaVersion, len(payload.Skills), len(payload.Domains))
	}
}

func onlyDigits(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func TestOfSize(t *testing.T) {
	for _, size := range []int{50 << 10, 1 << 20} {
		data := OfSize(size)
		if len(data) < size || len(data) >= size+1024 {
			t.Fatalf("OfSize(%d) is %d bytes", size, len(data))
		}
		var c struct{ Skills []any }
		if err := json.Unmarshal(data, &c); err != nil {
			t.Fatal(err)
		}
		checkCard(t, data, len(c.Skills), min(len(c.Skills), 200), 50, 20)
	}
}

func TestCatalogShape(t *testing.T) {
	var c struct {
		SpecVersion string
		Entries     []struct{ Identifier, URL string }
	}
	if err := json.Unmarshal(Catalog(3), &c); err != nil {
		t.Fatal(err)
	}
	if c.SpecVersion != "1.0" || len(c.Entries) != 3 || c.Entries[2].Identifier != "urn:air:agents2.example.com:agents:agent-2" {
		t.Fatalf("catalog: %+v", c)
	}
}

// TestShapes: every shape is valid JSON of at least its size, the cards
// among them valid cards.
func TestShapes(t *testing.T) {
	for name := range Shapes {
		data, ok := Shaped(name, 200_000)
		if !ok {
			t.Fatalf("%s: not known", name)
		}
		if !json.Valid(data) || len(data) < 200_000 || len(data) > 210_000 {
			t.Fatalf("%s: %d bytes, valid JSON %v", name, len(data), json.Valid(data))
		}
		if name == "numbers" || name == "onrequest-entries" {
			continue // not cards
		}
		var card struct {
			Name         string
			Capabilities struct{ Extensions []struct{ URI string } }
			Skills       []struct{ ID string }
		}
		if err := json.Unmarshal(data, &card); err != nil || card.Name == "" {
			t.Fatalf("%s: not a card: %v", name, err)
		}
		skills := strings.HasSuffix(name, "skills-card")
		if bulkFirst := card.Capabilities.Extensions[0].URI == bulkURI; bulkFirst == skills {
			t.Fatalf("%s: the bulk extension first: %v", name, bulkFirst)
		}
		if skills && len(card.Skills) < 1000 {
			t.Fatalf("%s: %d skills", name, len(card.Skills))
		}
	}
	if _, ok := Shaped("nothing", 10); ok {
		t.Fatal("an unknown shape was made")
	}
}
