package tui

import (
	"strings"
	"testing"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/style"
)

// The Security step in the real program: a v1.0 card whose scheme is in
// the v0.3 form (a2a/security-scheme-variants) is fixed from the
// diagnostic, then the card requires the scheme and a new OAuth scheme.
func TestFlowSecurityStep(t *testing.T) {
	pkg := tempWorkDir(t)
	doc, err := model.Parse([]byte(securedCard(`"securitySchemes": {"token": {"type": "http", "scheme": "bearer", "bearerFormat": "JWT"}}`)))
	if err != nil {
		t.Fatal(err)
	}
	f := newFlow(t, New(Options{Doc: doc, Theme: style.NewTheme(false)}), 120, 40)
	f.Keys("alt+6") // Security
	list := f.Screen()
	f.Keys("ctrl+g", "enter") // the variant error: the scheme's form
	f.Keys("tab", "enter")    // Convert to the v1.0 form
	converted := f.Screen()
	f.Keys("esc", "a", "right", "right", "right") // a new scheme: OAuth 2
	f.Keys("tab", "right", "right")               // flow: device
	f.Keys("tab").Typ("https://auth.example/device")
	f.Keys("tab").Typ("https://auth.example/token")
	f.Keys("esc", "down", "enter").Typ("token | oauth2") // the card's requirements
	required := f.Screen()
	f.tm.Quit()
	final := f.final()

	if !strings.Contains(list, "security-scheme-variants") || !strings.Contains(list, "v0.3 form") {
		t.Fatalf("the list does not show the v0.3 scheme:\n%s", list)
	}
	if strings.Contains(converted, "security-scheme-variants") || !strings.Contains(converted, "Bearer format") {
		t.Fatalf("the scheme is not converted:\n%s", converted)
	}
	if e := final.s.Diags; len(e) != 0 {
		t.Fatalf("findings left: %v\n%s", e, final.s.JSON)
	}
	for _, want := range []string{`"httpAuthSecurityScheme"`, `"bearerFormat": "JWT"`, `"deviceCode"`,
		`"deviceAuthorizationUrl": "https://auth.example/device"`, `"oauth2": {`} {
		if !strings.Contains(string(final.s.JSON), want) {
			t.Fatalf("the card lacks %s:\n%s", want, final.s.JSON)
		}
	}
	if n := final.s.Doc.Find("/securityRequirements").Len(); n != 2 {
		t.Fatalf("the card requires %d alternatives, want 2:\n%s", n, final.s.JSON)
	}
	requireGolden(t, pkg, list+"\n---- converted ----\n"+converted+"\n---- required ----\n"+required)
}
