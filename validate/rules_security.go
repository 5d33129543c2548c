package validate

// The security/… rules: what in a card could steer the model that reads it,
// mislead the people and registries choosing an agent, or send a client
// where it should not go. Their rows of docs/DIAGNOSTICS.md are generated
// from these values (ONCARD_UPDATE_DOCS=1 go test ./validate -run
// TestDiagnosticsDoc); docs/security.md explains each with an example.
//
// Every finding names the member and the pattern, never the card's text: a
// report pasted into a ticket must not carry an injected instruction on.
// `oncard validate --show-text` adds a short escaped excerpt.
//
// SecuritySeverity is the score GitHub code scanning ranks a SARIF finding
// by (0.1–3.9 low, 4.0–6.9 medium, 7.0–8.9 high, 9.0+ critical).

// securityTags are the SARIF tags of every rule in, or listed with, the
// security family.
var securityTags = []string{"security"}

var (
	ruleSecurityModelInstruction = declare(Rule{
		Code: "security/model-instruction", Severity: Warning, Tags: securityTags, SecuritySeverity: "8.0",
		Summary: "A name, description, skill example or extension description holds an instruction aimed at the model that reads the card: to ignore or override its earlier instructions, to reveal or obey a system prompt, an order that it must always or never do something, to keep something from the user, to call a tool, or to send the conversation, credentials or data somewhere. English, with the override phrase also in German, French, Spanish, Italian and Portuguese.",
		Clause:  "(oncard) card poisoning: the card is read by host models choosing an agent",
		FixText: "Describe what the agent and its skills do, for people; leave instructions to the client's own prompt.",
	})
	ruleSecurityEncodedPayload = declare(Rule{
		Code: "security/encoded-payload", Severity: Warning, Tags: securityTags, SecuritySeverity: "6.0",
		Summary: "Prose (a name, description, skill example or extension description) carries a long base64 or hex run, or a `data:` URL: text a person cannot read but a model may decode and follow.",
		Clause:  "(oncard) card poisoning: hidden payloads in prose",
		FixText: "Remove the encoded text; link to the content from a documented member instead.",
	})
	ruleSecuritySelectionBait = declare(Rule{
		Code: "security/selection-bait", Severity: Warning, Tags: securityTags, SecuritySeverity: "5.0",
		Summary: "Prose tells whoever routes requests to always choose, pick or prefer this agent, or calls it the best, only or official agent: words aimed at the router, not a description.",
		Clause:  "(oncard) routing bait: agent selection by a reading model",
		FixText: "Say what the agent does and for whom; let the client compare.",
	})
	ruleSecurityUnverifiableClaim = declare(Rule{
		Code: "security/unverifiable-claim", Severity: Warning, Tags: securityTags, SecuritySeverity: "4.0",
		Summary: "Prose claims the agent is certified, verified, endorsed, approved or audited by an organisation: nothing in the card can prove it (a signature by that organisation would).",
		Clause:  "(oncard) impersonation: trust claimed in the card's own words",
		FixText: "Remove the claim, or have the organisation sign the card and say so in the documentation.",
	})
	ruleSecurityMixedScript = declare(Rule{
		Code: "security/mixed-script", Severity: Warning, Tags: securityTags, SecuritySeverity: "6.0",
		Summary: "A word of the card's `name`, the `provider.organization` or a skill's `name` mixes letters of several scripts (Latin with Cyrillic or Greek, …), the shape of a look-alike name. Han with Hiragana, Katakana, Hangul or Bopomofo is one script here, as Unicode TR39 allows.",
		Clause:  "Unicode TR39 §5 (mixed-script detection)",
		FixText: "Write each word in one script.",
	})
	ruleSecurityConfusableName = declare(Rule{
		Code: "security/confusable-name", Severity: Warning, Tags: securityTags, SecuritySeverity: "6.5",
		Summary: "A word of the card's `name`, the `provider.organization` or a skill's `name` is written in letters of another script that look like Latin ones: its TR39 skeleton (Unicode 17.0 confusables) is plain ASCII, so it reads as a Latin word it is not.",
		Clause:  "Unicode TR39 §4 (confusable detection, skeletons)",
		FixText: "Write the name in the letters it is read in.",
	})
	ruleSecurityBrandMismatch = declare(Rule{
		Code: "security/brand-mismatch", Severity: Warning, Tags: securityTags, SecuritySeverity: "7.0",
		Summary: "The `provider.organization`, or the start of the card's `name`, claims a well-known brand (docs/security.md lists them; look-alike spellings count), while the registrable domains of the provider's URL and of every interface belong to someone else.",
		Clause:  "(oncard) impersonation: a name against the domains that serve the agent",
		FixText: "Serve the agent from the brand's own domain, or name your own organisation and describe the integration in the description.",
	})
	ruleSecurityInternalHost = declare(Rule{
		Code: "security/internal-host", Severity: Warning, Tags: securityTags, SecuritySeverity: "7.5",
		Summary: "An interface, provider, documentation, icon, OAuth, OpenID Connect metadata or key-set URL points at this machine, a private or link-local network, a cloud metadata service (`169.254.169.254`, `fd00:ec2::254`), a `.local`, `.internal`, `.localhost` or other non-public name: a client or a registry that fetches it is sent inside its own network.",
		Clause:  "(oncard) SSRF: URLs a client or registry fetches",
		FixText: "Publish the card with the agent's public https URLs; keep local cards out of registries.",
	})
	ruleSecurityIPHost = declare(Rule{
		Code: "security/ip-host", Severity: Warning, Tags: securityTags, SecuritySeverity: "3.0",
		Summary: "A URL a client fetches names a public IP address instead of a host name: no certificate names it in the usual way, it moves without notice, and it hides who runs the agent.",
		Clause:  "(oncard) SSRF and provenance: URLs a client or registry fetches",
		FixText: "Use the agent's DNS name.",
	})
	ruleSecurityJKU = declare(Rule{
		Code: "security/jku", Severity: Warning, Tags: securityTags, SecuritySeverity: "7.0",
		Summary: "A signature's `jku` (the key set a verifier would fetch) is not https, is not a URL, or is on another registrable domain than the card's interfaces: trusting it lets whoever controls that host vouch for the card.",
		Clause:  "RFC 7515 §4.1.2, §10.6 (a jku must be https, and trusted only from known hosts)",
		FixText: "Publish the key set over https on the agent's own domain, or give verifiers the keys (`--jwks`).",
	})
	ruleSecurityUnprotectedAction = declare(Rule{
		Code: "security/unprotected-action", Severity: Warning, Tags: securityTags, SecuritySeverity: "5.0",
		Summary: "An On Request skill that changes things (it has a `completion`) is offered by a card that declares no security requirement at all: anyone may ask a person of the provider to act.",
		Clause:  "ON-REQUEST.md OR-3.6 (`completion`); A2A-AGENT-CARD.md `securityRequirements`",
		FixText: "Declare a security scheme and a card-level `securityRequirements`.",
	})
	ruleSecurityOversizedText = declare(Rule{
		Code: "security/oversized-text", Severity: Warning, Tags: securityTags, SecuritySeverity: "4.0",
		Summary: "A description or a skill example is longer than 4,000 characters: beyond any description's need, it floods the context of the model that reads the card and hides what is in it from people.",
		Clause:  "(oncard) context flooding",
		FixText: "Keep descriptions to what the agent does; move the rest to `documentationUrl`.",
	})
	ruleSecurityDuplicateSkills = declare(Rule{
		Code: "security/duplicate-skills", Severity: Warning, Tags: securityTags, SecuritySeverity: "3.0",
		Summary: "Ten or more skills have the same description and names that differ only in case, digits or punctuation (`Route 1`, `Route 2`, …): a card stuffed to win searches and to crowd out other agents.",
		Clause:  "(oncard) context flooding",
		FixText: "Declare each skill once; tell variants apart in their descriptions.",
	})
)
