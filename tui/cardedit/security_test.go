package cardedit

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/tui/cardsteps"
	"github.com/oncard/oncard/validate"
)

// securedCard is minimalCard with security members spliced in after
// capabilities.
func securedCard(members string) string {
	return strings.Replace(minimalCard, `"capabilities": {},`, `"capabilities": {}, `+members+`,`, 1)
}

// jsonAt decodes the member at ptr for comparison with want (JSON text).
func jsonAt(t *testing.T, d *driver, ptr, want string) {
	t.Helper()
	n := d.m.s.Doc.Find(ptr)
	if n == nil {
		t.Fatalf("%s is missing:\n%s", ptr, d.json())
	}
	var w any
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(n.Interface())
	var g any
	_ = json.Unmarshal(got, &g)
	if !reflect.DeepEqual(g, w) {
		t.Fatalf("%s = %s, want %s", ptr, got, want)
	}
}

func hasCode(d *driver, code string) bool {
	for _, x := range d.m.s.Diags {
		if x.Code == code {
			return true
		}
	}
	return false
}

func (d *driver) security() *cardsteps.SecurityStep {
	return d.m.steps[at(cardsteps.StepSecurity)].(*cardsteps.SecurityStep)
}

// A scheme added on the Security step is written in the v1.0 shape, its
// name follows the kind until typed, and a card requirement names it.
func TestSecurityAddAPIKeySchemeAndRequireIt(t *testing.T) {
	d := newDriverJSON(t, minimalCard)
	d.goStep(cardsteps.StepSecurity).MustContain("Security schemes", "none yet")
	d.Press("a")
	jsonAt(t, d, "/securitySchemes/bearer", `{"httpAuthSecurityScheme": {"scheme": "bearer"}}`)
	d.Press("left") // the kind: API key
	jsonAt(t, d, "/securitySchemes", `{"apiKey": {"apiKeySecurityScheme": {"location": "header", "name": ""}}}`)
	d.Press("tab", "right") // location: query
	d.Press("tab").Typ("X-API-Key")
	jsonAt(t, d, "/securitySchemes/apiKey", `{"apiKeySecurityScheme": {"location": "query", "name": "X-API-Key"}}`)
	d.Press("esc", "down", "enter").Typ("apiKey")
	jsonAt(t, d, "/securityRequirements", `[{"schemes": {"apiKey": {"list": []}}}]`)
	if n := d.errorsCount(); n != 0 {
		t.Fatalf("%d errors: %v\n%s", n, d.diagCodes(), d.json())
	}
	d.Press("esc").MustContain("apiKey", "API key in query X-API-Key", "Card (every skill)")
}

// OAuth 2: one flow, its URLs and scopes, in the exact v1.0 shape.
func TestSecurityOAuthClientCredentialsFlow(t *testing.T) {
	d := newDriverJSON(t, minimalCard)
	d.goStep(cardsteps.StepSecurity).Press("a", "right", "right", "right") // bearer → basic → HTTP → OAuth 2
	d.Press("tab", "right")                                                // flow: client
	d.Press("tab").Typ("https://auth.example/token")
	d.Press("tab", "tab").Typ("orders:read=Read orders; orders:write; orders:read=again")
	jsonAt(t, d, "/securitySchemes/oauth2", `{"oauth2SecurityScheme": {"flows": {"clientCredentials": {
		"tokenUrl": "https://auth.example/token", "scopes": {"orders:read": "Read orders", "orders:write": ""}}}}}`)
	d.Press("esc", "down", "enter").Typ("oauth2(orders:read orders:write)")
	jsonAt(t, d, "/securityRequirements", `[{"schemes": {"oauth2": {"list": ["orders:read", "orders:write"]}}}]`)
	if n := d.errorsCount(); n != 0 {
		t.Fatalf("%d errors: %v\n%s", n, d.diagCodes(), d.json())
	}
}

// The most common v1.0 error in real cards: a scheme in the v0.3 form. Its
// diagnostic jumps to the scheme, and converting it fixes it, with the
// upgrade's own mapping (apiKey "in" is "location").
func TestSecurityConvertsV03SchemeFromItsDiagnostic(t *testing.T) {
	d := newDriverJSON(t, securedCard(`"securitySchemes": {"key": {"type": "apiKey", "in": "header", "name": "X-K"}}`))
	if !hasCode(d, "a2a/security-scheme-variants") {
		t.Fatalf("no variant error to fix: %v", d.diagCodes())
	}
	d.Press("ctrl+g", "enter")
	if d.m.cur != at(cardsteps.StepSecurity) || !d.security().Busy() || d.m.s.Focus != "/securitySchemes/key" {
		t.Fatalf("the jump went to step %d (busy %v), focus %q", d.m.cur, d.m.steps[d.m.cur].Busy(), d.m.s.Focus)
	}
	d.MustContain("v0.3 form", "Convert to the v1.0 form", "security-scheme-variants")
	d.Press("tab", "enter")
	jsonAt(t, d, "/securitySchemes/key", `{"apiKeySecurityScheme": {"location": "header", "name": "X-K"}}`)
	if n := d.errorsCount(); n != 0 {
		t.Fatalf("%d errors after converting: %v\n%s", n, d.diagCodes(), d.json())
	}
	d.MustContain("Location", "Parameter name") // the form of the kind it now is
}

// A v0.3 OAuth scheme with two flows becomes one scheme per flow, and a
// requirement naming it names both, as alternatives.
func TestSecurityConvertSplitsOAuthFlows(t *testing.T) {
	d := newDriverJSON(t, securedCard(`"securitySchemes": {"auth": {"type": "oauth2", "flows": {
		"clientCredentials": {"tokenUrl": "https://a.example/t", "scopes": {}},
		"authorizationCode": {"authorizationUrl": "https://a.example/a", "tokenUrl": "https://a.example/t", "scopes": {}}}}},
		"securityRequirements": [{"schemes": {"auth": {"list": []}}}]`))
	d.goStep(cardsteps.StepSecurity).Press("enter", "tab", "tab", "enter")
	jsonAt(t, d, "/securitySchemes", `{
		"auth": {"oauth2SecurityScheme": {"flows": {"authorizationCode": {"authorizationUrl": "https://a.example/a", "tokenUrl": "https://a.example/t", "scopes": {}}}}},
		"auth-clientCredentials": {"oauth2SecurityScheme": {"flows": {"clientCredentials": {"tokenUrl": "https://a.example/t", "scopes": {}}}}}}`)
	jsonAt(t, d, "/securityRequirements", `[{"schemes": {"auth": {"list": []}}}, {"schemes": {"auth-clientCredentials": {"list": []}}}]`)
	if n := d.errorsCount(); n != 0 {
		t.Fatalf("%d errors: %v\n%s", n, d.diagCodes(), d.json())
	}
}

// A v1.0 scheme holding two flows (a2a/oauth-flows) keeps the one shown.
func TestSecurityKeepsOneOAuthFlow(t *testing.T) {
	d := newDriverJSON(t, securedCard(`"securitySchemes": {"auth": {"oauth2SecurityScheme": {"flows": {
		"deviceCode": {"deviceAuthorizationUrl": "https://a.example/d", "tokenUrl": "https://a.example/t", "scopes": {}},
		"clientCredentials": {"tokenUrl": "https://a.example/t", "scopes": {}}}}}}`))
	if !hasCode(d, "a2a/oauth-flows") {
		t.Fatalf("no flows error to fix: %v", d.diagCodes())
	}
	d.goStep(cardsteps.StepSecurity).Press("enter").MustContain("Keep only deviceCode", "a2a/oauth-flows")
	d.Press("tab", "tab", "tab", "enter")
	jsonAt(t, d, "/securitySchemes/auth/oauth2SecurityScheme/flows",
		`{"deviceCode": {"deviceAuthorizationUrl": "https://a.example/d", "tokenUrl": "https://a.example/t", "scopes": {}}}`)
	if n := d.errorsCount(); n != 0 {
		t.Fatalf("%d errors: %v\n%s", n, d.diagCodes(), d.json())
	}
}

// A scheme holding two variants keeps the one its kind shows.
func TestSecurityKeepsOneVariant(t *testing.T) {
	d := newDriverJSON(t, securedCard(`"securitySchemes": {"s": {"mtlsSecurityScheme": {}, "httpAuthSecurityScheme": {"scheme": "basic"}}}`))
	if !hasCode(d, "a2a/security-scheme-variants") {
		t.Fatalf("no variant error to fix: %v", d.diagCodes())
	}
	d.goStep(cardsteps.StepSecurity).Press("enter", "tab", "tab").MustContain("Keep only mTLS")
	d.Press("enter")
	jsonAt(t, d, "/securitySchemes/s", `{"mtlsSecurityScheme": {}}`)
	if n := d.errorsCount(); n != 0 {
		t.Fatalf("%d errors: %v\n%s", n, d.diagCodes(), d.json())
	}
}

// Renaming a scheme renames it where requirements name it, in place.
func TestSecurityRenameFollowsRequirements(t *testing.T) {
	card := securedCard(`"securitySchemes": {"key": {"apiKeySecurityScheme": {"location": "header", "name": "X-K"}}, "z": {"mtlsSecurityScheme": {}}},
		"securityRequirements": [{"schemes": {"key": {"list": []}}}]`)
	card = strings.Replace(card, `"tags": ["weather"]}`, `"tags": ["weather"], "securityRequirements": [{"schemes": {"key": {"list": ["a"]}, "z": {"list": []}}}]}`, 1)
	d := newDriverJSON(t, card)
	d.goStep(cardsteps.StepSecurity).Press("enter").Typ("2")
	jsonAt(t, d, "/securitySchemes", `{"key2": {"apiKeySecurityScheme": {"location": "header", "name": "X-K"}}, "z": {"mtlsSecurityScheme": {}}}`)
	jsonAt(t, d, "/securityRequirements", `[{"schemes": {"key2": {"list": []}}}]`)
	jsonAt(t, d, "/skills/0/securityRequirements", `[{"schemes": {"key2": {"list": ["a"]}, "z": {"list": []}}}]`)
	if names := d.m.s.Doc.Find("/securitySchemes"); names.Members()[0].Key() != "key2" {
		t.Fatalf("the renamed scheme moved:\n%s", d.json())
	}
	// A name in use is refused, and says so.
	d.Press("ctrl+u").Typ("z")
	if !strings.Contains(d.m.Status, "exists already") {
		t.Fatalf("status %q", d.m.Status)
	}
	if d.m.s.Doc.Find("/securitySchemes/z/mtlsSecurityScheme") == nil {
		t.Fatalf("the other scheme was overwritten:\n%s", d.json())
	}
}

// d on a scheme removes it and the requirements that named only it.
func TestSecurityRemoveSchemeDropsItsRequirements(t *testing.T) {
	d := newDriverJSON(t, securedCard(`"securitySchemes": {"a": {"mtlsSecurityScheme": {}}, "b": {"mtlsSecurityScheme": {}}},
		"securityRequirements": [{"schemes": {"a": {"list": []}}}, {"schemes": {"a": {"list": []}, "b": {"list": []}}}]`))
	d.goStep(cardsteps.StepSecurity).Press("d")
	jsonAt(t, d, "/securitySchemes", `{"b": {"mtlsSecurityScheme": {}}}`)
	jsonAt(t, d, "/securityRequirements", `[{"schemes": {"b": {"list": []}}}]`)
	d.MustContain("removed scheme a and 2 requirements naming it")
	if n := d.errorsCount(); n != 0 {
		t.Fatalf("%d errors: %v\n%s", n, d.diagCodes(), d.json())
	}
	d.Press("down", "d") // the card's row: its requirements go
	if d.m.s.Doc.Find("/securityRequirements") != nil {
		t.Fatalf("the card's requirements are left:\n%s", d.json())
	}
	d.MustContain("requirements removed")
}

// A skill listed On Request shows, where its requirements are typed, that
// requirements take it off, and why: the validator's rule and message.
func TestSecuritySkillRequirementsShowTheOnRequestRule(t *testing.T) {
	d := templateDriver(t, "on-request")
	d.goStep(cardsteps.StepSecurity)
	skills := d.m.s.ArrayLen("/skills")
	k := cardsteps.OnRequestEntry(d.m.s, "dispute-charge")
	if k < 0 || skills < 2 {
		t.Fatalf("the template changed: %s", d.json())
	}
	row := d.m.s.Doc.Find("/securitySchemes").Len() + 1 + 1 // the card's row, then skills[1]
	for range row {
		d.Press("down")
	}
	d.Press("enter").MustContain("Skill Dispute a card charge", "listed On Request", "would take it off")
	if note := d.security().OnRequestNote(d.m.s, "/skills/1"); !strings.Contains(note, validate.SecuredSkillWhy) {
		t.Fatalf("the note does not say why: %q", note)
	}
	d.Typ("bearer")
	if !hasCode(d, "onrequest/secured-skill") {
		t.Fatalf("no On Request error: %v", d.diagCodes())
	}
	d.MustContain("is listed On Request,", "onrequest/secured-skill")
	d.Press("esc").MustContain("not On Request")
	d.goStep(cardsteps.StepOnRequest).MustContain("not eligible: carries securityRequirements")
}

// An empty requirements list requires nothing: the skill stays eligible
// for On Request (the validator's rule, which the On Request step now
// asks instead of keeping a copy of it).
func TestEmptyRequirementsKeepSkillEligibleForOnRequest(t *testing.T) {
	card := strings.Replace(minimalCard, `"tags": ["weather"]}`, `"tags": ["weather"], "securityRequirements": []}`, 1)
	d := newDriverJSON(t, card)
	d.goStep(cardsteps.StepOnRequest)
	if strings.Contains(d.Screen(), "not eligible") {
		t.Fatalf("a skill with an empty requirements list is shown ineligible:\n%s", d.Screen())
	}
	d.Press("space")
	if cardsteps.OnRequestEntry(d.m.s, "forecast") < 0 {
		t.Fatalf("the skill could not be chosen:\n%s", d.json())
	}
	if hasCode(d, "onrequest/secured-skill") {
		t.Fatalf("the validator disagrees: %v", d.diagCodes())
	}
}

// A finding under a skill's requirements jumps to that skill's row.
func TestSecurityJumpToSkillRequirement(t *testing.T) {
	card := strings.Replace(minimalCard, `"tags": ["weather"]}`, `"tags": ["weather"], "securityRequirements": [{"schemes": {"nope": {"list": []}}}]}`, 1)
	d := newDriverJSON(t, card)
	d.m.jumpTo("/skills/0/securityRequirements/0/schemes/nope")
	if d.m.cur != at(cardsteps.StepSecurity) || !d.security().Busy() || d.m.s.Focus != "/skills/0/securityRequirements" {
		t.Fatalf("step %d, focus %q", d.m.cur, d.m.s.Focus)
	}
	d.MustContain("Skill Forecast", "nope", "unknown-security-scheme")
}

// Every field of every Security form edits a member the step owns, and
// the step owns nothing else of a skill.
func TestSecurityOwnsWhatItsFieldsEdit(t *testing.T) {
	d := newDriverJSON(t, securedCard(`"securitySchemes": {
		"k": {"apiKeySecurityScheme": {"location": "header", "name": "X"}},
		"o": {"oauth2SecurityScheme": {"flows": {"authorizationCode": {"authorizationUrl": "https://a/a", "tokenUrl": "https://a/t", "scopes": {}}}}},
		"v": {"type": "http", "scheme": "bearer"}}, "security": [{"k": []}]`))
	st, s := d.security(), d.m.s
	for i := 0; i < 3+1+1; i++ {
		for _, f := range st.RowForm(s, i).Fields {
			if p := f.Pointer(); p != "" && !st.Owns(p, s) {
				t.Errorf("row %d: the field %q edits %s, which the step does not own", i, f.Label(), p)
			}
		}
	}
	for _, p := range []string{"/skills/0/name", "/skills/0", "/capabilities", "/x"} {
		if st.Owns(p, s) {
			t.Errorf("the Security step owns %s", p)
		}
	}
}

// A v0.3 card shows its interfaces (url, preferredTransport,
// additionalInterfaces) and how to convert them.
func TestV03CardShowsItsInterfaces(t *testing.T) {
	d := newDriverJSON(t, `{"name": "Old", "description": "A v0.3 card.", "url": "https://old.example/a2a",
		"preferredTransport": "JSONRPC", "protocolVersion": "0.3.0", "version": "1",
		"additionalInterfaces": [{"url": "https://old.example/grpc", "transport": "GRPC"}],
		"capabilities": {}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
		"skills": [{"id": "a", "name": "A", "description": "A.", "tags": ["a"]}]}`)
	d.goStep(cardsteps.StepInterfaces)
	screen := d.Screen()
	if strings.Contains(screen, "No interfaces yet") {
		t.Fatalf("a v0.3 card's interfaces are not shown:\n%s", screen)
	}
	d.MustContain("v0.3 card", "https://old.example/a2a  JSONRPC", "https://old.example/grpc  GRPC",
		"additionalInterfaces[0]", "--upgrade")
}

// alt+0 is the tenth step.
func TestGoToTenthStepWithAltZero(t *testing.T) {
	d := newDriverJSON(t, minimalCard)
	d.Press("alt+0")
	if d.m.cur != at(cardsteps.StepReview) || len(d.m.steps) != 10 {
		t.Fatalf("alt+0 went to step %d of %d", d.m.cur, len(d.m.steps))
	}
}

// A draft saved before the Security step existed (its index counts the
// old steps) resumes on the step it was left on; a new draft names it.
func TestDraftStepFromBeforeSecurityStep(t *testing.T) {
	for _, c := range []struct {
		draft app.Draft
		want  int
	}{
		{app.Draft{Step: 5}, at(cardsteps.StepOnRequest)}, // On Request, before Security was the sixth step
		{app.Draft{Step: 8}, at(cardsteps.StepReview)},
		{app.Draft{Step: 4}, at(cardsteps.StepSkills)},
		{app.Draft{Step: 6, StepName: "Security"}, at(cardsteps.StepSecurity)},
		{app.Draft{Step: 3, StepName: "No such step"}, at(cardsteps.StepAgent)},
	} {
		dr := c.draft
		d := newDriver(t, Options{Doc: mustParse(t, minimalCard), Draft: &dr})
		if d.m.cur != c.want {
			t.Errorf("draft %+v resumed on step %d, want %d", c.draft, d.m.cur, c.want)
		}
	}
	d := newDriver(t, Options{Doc: mustParse(t, minimalCard), DraftDir: t.TempDir()})
	d.goStep(cardsteps.StepSecurity)
	dr, _, _ := d.m.draftNow()
	if dr.StepName != "Security" || dr.Step != at(cardsteps.StepSecurity) {
		t.Fatalf("draft step %d %q", dr.Step, dr.StepName)
	}
}

// The schemes are listed in the card's order, not sorted.
func TestSecuritySchemeRowsInCardOrder(t *testing.T) {
	d := newDriverJSON(t, securedCard(`"securitySchemes": {"zz": {"mtlsSecurityScheme": {}}, "aa": {"mtlsSecurityScheme": {}}}`))
	d.goStep(cardsteps.StepSecurity)
	screen := d.Screen()
	if i, j := strings.Index(screen, "zz"), strings.Index(screen, "aa"); i < 0 || j < 0 || i > j {
		t.Fatalf("schemes not in card order:\n%s", screen)
	}
	if got := d.m.steps[at(cardsteps.StepSecurity)].Pointer(d.m.s); got != "/securitySchemes/zz" {
		t.Fatalf("pointer %q", got)
	}
}

// A v0.3 "security" member left in a v1.0 card is converted where the
// requirements are edited (the upgrade's mapping, for that member only).
func TestSecurityConvertsV03Requirements(t *testing.T) {
	card := securedCard(`"securitySchemes": {"k": {"mtlsSecurityScheme": {}}}, "security": [{"k": ["a"]}]`)
	card = strings.Replace(card, `"tags": ["weather"]}`, `"tags": ["weather"], "security": [{"k": []}]}`, 1)
	d := newDriverJSON(t, card)
	d.goStep(cardsteps.StepSecurity).MustContain("v0.3 security: convert")
	d.Press("down", "enter", "tab").MustContain("Convert the v0.3 security")
	d.Press("enter")
	jsonAt(t, d, "/securityRequirements", `[{"schemes": {"k": {"list": ["a"]}}}]`)
	if d.m.s.Doc.Find("/security") != nil {
		t.Fatalf("the v0.3 member is left:\n%s", d.json())
	}
	if d.m.s.Doc.Find("/skills/0/securityRequirements") != nil || d.m.s.Doc.Find("/skills/0/security") == nil {
		t.Fatalf("the skill's security was converted from the card's row:\n%s", d.json())
	}
	d.MustContain("k(a)") // the requirements field, loaded again
}
