package validate

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/oncard/oncard/internal/reference"
)

// False positives count as much as misses. Every real card of
// ../shared/reference/a2a/real-cards, every A2A example of
// ../shared/reference/a2a/examples and every document under testdata
// (but the security fixtures' invalid.json) gets no error from a rule of
// the security review (the security/… family and the a2a rules it lists),
// and exactly the security/… warnings below. Each was reviewed: the reason
// is beside it.

// securityCorpusWant is the reviewed list, "file pointer code", for
// the reference corpus (../shared/reference/a2a).
var securityCorpusWant = []string{
	// Samples served from the developer's machine (localhost, 127.0.0.1):
	// true, and a registry must not fetch them.
	"examples/a2a-samples-a2a_mcp-air_ticketing_agent.json /url security/internal-host",
	"examples/a2a-samples-adk_currency_agent-agent_card.json /url security/internal-host",
	"examples/a2a-samples-adk_skills_agent-agent_card.json /supportedInterfaces/0/url security/internal-host",
	"examples/a2a-samples-adk_skills_agent-agent_card.json /supportedInterfaces/1/url security/internal-host",
	"real-cards/0spoon__seamless__docs_wk-agent-card.json /supportedInterfaces/0/url security/internal-host",
	"real-cards/0spoon__seamless__docs_wk-agent-card.json /url security/internal-host",
	"real-cards/ChandraDevYadav__a2a-orchestrator__agent-card.json /url security/internal-host",
	// A published card whose MCP interfaces are on 127.0.0.1 (its first,
	// local://, is no URL a client fetches).
	"real-cards/druide67__asiai__docs_wk-agent-card.json /supportedInterfaces/1/url security/internal-host",
	"real-cards/druide67__asiai__docs_wk-agent-card.json /supportedInterfaces/2/url security/internal-host",
	// Conformance and SDK fixtures on localhost:0 and 127.0.0.1.
	"real-cards/oaslananka__a2amesh__tests_conformance_fixtures_a2a-1.2_agent-card.json /supportedInterfaces/0/url security/internal-host",
	"real-cards/oaslananka__a2amesh__tests_conformance_fixtures_a2a-1.2_agent-card.json /supportedInterfaces/1/url security/internal-host",
	"real-cards/oaslananka__a2amesh__tests_conformance_fixtures_a2a-1.2_agent-card.json /url security/internal-host",
	"real-cards/tomtom215__a2a-rust__crates_a2a-protocol-types_tests_fixtures_a2a_go_v2.5.0_agent_card_security.json /supportedInterfaces/0/url security/internal-host",
	// A docker-compose service name (http://bed-manager-agent:8026): it
	// resolves only inside that network.
	"real-cards/symphonix-health__nexus-a2a-protocol__demos_helixcare_bed-manager-agent_app_agent_card.json /url security/internal-host",
}

// securityTestdataWant is the same for this package's testdata (outside
// the security fixtures, which security_test.go checks).
var securityTestdataWant = []string{
	// The On Request fixtures sketch the extension: their cards declare no
	// security requirement, and their action skill has a completion. True
	// of the spec's worked example too.
	"catalog/card.json /capabilities/extensions/0/params/skills/0/completion security/unprotected-action",
	"catalog/inline-card-discovery-mismatch.catalog.json /entries/0/data/capabilities/extensions/0/params/skills/0/completion security/unprotected-action",
	"catalog/inline-card-name-missing.catalog.json /entries/0/data/capabilities/extensions/0/params/skills/0/completion security/unprotected-action",
	"catalog/inline-card-nested.catalog.json /entries/0/data/entries/0/data/capabilities/extensions/0/params/skills/0/completion security/unprotected-action",
	"catalog/inline-card-unknown-skill.catalog.json /entries/0/data/capabilities/extensions/0/params/skills/0/completion security/unprotected-action",
	"catalog/inline-card-version-mismatch.catalog.json /entries/0/data/capabilities/extensions/0/params/skills/0/completion security/unprotected-action",
	"catalog/inline-card.valid.catalog.json /entries/0/data/capabilities/extensions/0/params/skills/0/completion security/unprotected-action",
	// Two On Request declarations, each with its own action.
	"onrequest/duplicate-extension.invalid.card.json /capabilities/extensions/0/params/skills/0/completion security/unprotected-action",
	"onrequest/duplicate-extension.invalid.card.json /capabilities/extensions/1/params/skills/0/completion security/unprotected-action",
	"onrequest/duplicate-skill.invalid.card.json /capabilities/extensions/0/params/skills/0/completion security/unprotected-action",
	// Requirements on a skill only (or an empty one): none on the card.
	"onrequest/secured-skill-empty.valid.card.json /capabilities/extensions/0/params/skills/0/completion security/unprotected-action",
	"onrequest/secured-skill-v03.invalid.card.json /capabilities/extensions/0/params/skills/0/completion security/unprotected-action",
	"onrequest/secured-skill.invalid.card.json /capabilities/extensions/0/params/skills/0/completion security/unprotected-action",
	"onrequest/unknown-skill.invalid.card.json /capabilities/extensions/0/params/skills/0/completion security/unprotected-action",
	"onrequest/value-in-skill-text-tel.invalid.card.json /capabilities/extensions/0/params/skills/0/completion security/unprotected-action",
	"onrequest/value-in-skill-text-url.invalid.card.json /capabilities/extensions/0/params/skills/0/completion security/unprotected-action",
	"onrequest/value-in-skill-text.valid.card.json /capabilities/extensions/0/params/skills/0/completion security/unprotected-action",
	"onrequest/worked-example.card.json /capabilities/extensions/0/params/skills/0/completion security/unprotected-action",
	// The rule fixtures made from the On Request cards above: the same cards, the same warning.
	"rules/catalog/discovery-mismatch/invalid.json /entries/0/data/capabilities/extensions/0/params/skills/0/completion security/unprotected-action",
	"rules/catalog/version-mismatch/invalid.json /entries/0/data/capabilities/extensions/0/params/skills/0/completion security/unprotected-action",
	"rules/onrequest/duplicate-extension/invalid.json /capabilities/extensions/0/params/skills/0/completion security/unprotected-action",
	"rules/onrequest/duplicate-extension/invalid.json /capabilities/extensions/1/params/skills/0/completion security/unprotected-action",
	"rules/onrequest/reply-entry-mismatch/card.json /capabilities/extensions/0/params/skills/0/completion security/unprotected-action",
	"rules/onrequest/reply-not-action/card.json /capabilities/extensions/0/params/skills/0/completion security/unprotected-action",
	"rules/onrequest/reply-not-opted-in/card.json /capabilities/extensions/0/params/skills/0/completion security/unprotected-action",
	"rules/onrequest/reply-unlisted-skill/card.json /capabilities/extensions/0/params/skills/0/completion security/unprotected-action",
	"rules/onrequest/secured-skill/invalid.json /capabilities/extensions/0/params/skills/0/completion security/unprotected-action",
	"rules/onrequest/unknown-skill/invalid.json /capabilities/extensions/0/params/skills/0/completion security/unprotected-action",
	"rules/onrequest/value-in-skill-text/invalid.json /capabilities/extensions/0/params/skills/0/completion security/unprotected-action",
}

func TestSecurityCorpus(t *testing.T) {
	root := reference.Dir(t, "a2a")
	var files []string
	for _, dir := range []string{"real-cards", "examples"} {
		names, err := filepath.Glob(filepath.Join(root, dir, "*.json"))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, names...)
	}
	if len(files) < 50 {
		t.Fatalf("found only %d reference cards under %s", len(files), root)
	}
	checkSecurityCorpus(t, root, files, securityCorpusWant)
}

func TestSecurityTestdata(t *testing.T) {
	var files []string
	err := filepath.WalkDir("testdata", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "fuzz" {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".json") {
			return nil
		}
		if strings.Contains(path, filepath.Join("rules", "security")+string(filepath.Separator)) && filepath.Base(path) == "invalid.json" {
			return nil
		}
		files = append(files, path)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	checkSecurityCorpus(t, "testdata", files, securityTestdataWant)
}

// checkSecurityCorpus validates files (detecting each kind) and compares
// their security/… findings with want; no rule of the review may report
// an error.
func checkSecurityCorpus(t *testing.T, root string, files []string, want []string) {
	t.Helper()
	var got []string
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		_, _, diags := bytesOf(data, "", &Options{Path: path})
		for _, d := range diags {
			rule := RuleOf(d.Code)
			if rule == nil || !slices.Contains(rule.Tags, "security") {
				continue
			}
			if d.Severity == Error {
				t.Errorf("%s: security error %s at %s: %s", rel, d.Code, d.Pointer, d.Message)
			}
			if rule.Family() == "security" {
				got = append(got, rel+" "+d.Pointer+" "+d.Code)
			}
		}
	}
	slices.Sort(got)
	sortedWant := slices.Sorted(slices.Values(want))
	for _, g := range got {
		if !slices.Contains(sortedWant, g) {
			t.Errorf("unexpected: %q", g)
		}
	}
	for _, w := range sortedWant {
		if !slices.Contains(got, w) {
			t.Errorf("missing: %q", w)
		}
	}
}
