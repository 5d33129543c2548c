package validate

// The a2a/… rules: A2A Agent Card. Their rows of docs/DIAGNOSTICS.md are generated
// from these values (go test ./validate -run TestDiagnosticsDoc -update).

var (
	ruleA2AType = declare(Rule{
		Code: "a2a/type", Severity: Error,
		Summary: "A member has the wrong JSON type (or the card itself is not an object).",
		Clause:  "A2A-AGENT-CARD.md, AgentCard tables",
		FixText: "Give the member the type its A2A message names (the message says which).",
	})
	ruleA2ARequiredMissing = declare(Rule{
		Code: "a2a/required-missing", Severity: Error,
		Summary: "A required member is absent (in a v0.3 card also a scheme's own members, e.g. an `apiKey` scheme's `in` and `name`).",
		Clause:  "A2A-AGENT-CARD.md checks: required fields present",
		FixText: "Add the member; the hint shows a template.",
	})
	ruleA2AEmptyRequired = declare(Rule{
		Code: "a2a/empty-required", Severity: Error,
		Summary: "A required string is empty or a required array has no item.",
		Clause:  "A2A-AGENT-CARD.md checks: required arrays non-empty; required strings non-empty",
		FixText: "Fill it in (e.g. at least one skill, one tag, one input mode).",
	})
	ruleA2AEnum = declare(Rule{
		Code: "a2a/enum", Severity: Error,
		Summary: "A value is outside its closed list (apiKey `location`, a v0.3 scheme `type`).",
		Clause:  "A2A-AGENT-CARD.md, SecurityScheme",
		FixText: "Use one of the values the message lists.",
	})
	ruleA2ASecuritySchemeVariants = declare(Rule{
		Code: "a2a/security-scheme-variants", Severity: Error,
		Summary: "A security scheme holds none or several of the wrapper keys (`apiKeySecurityScheme`, …).",
		Clause:  "A2A-AGENT-CARD.md checks: exactly one variant per scheme",
		FixText: "Keep exactly one wrapper; a v0.3 `{\"type\": …}` scheme must be wrapped in v1.0.",
	})
	ruleA2AOauthFlows = declare(Rule{
		Code: "a2a/oauth-flows", Severity: Error,
		Summary: "An OAuth `flows` object holds none or several flows.",
		Clause:  "A2A-AGENT-CARD.md checks: one flow per `flows`",
		FixText: "Declare one oauth2 scheme per flow.",
	})
	ruleA2ASnakeCaseName = declare(Rule{
		Code: "a2a/snake-case-name", Severity: Warning,
		Summary: "A member is written under its proto name (`supported_interfaces`). ProtoJSON readers accept it, but writers must use the camelCase JSON name. Reported once, at the member; it counts as its camelCase twin (no `a2a/required-missing`) and its contents are checked.",
		Clause:  "A2A-AGENT-CARD.md: ProtoJSON with camelCase names",
		FixText: "Rename it to the camelCase name in the message.",
	})
	ruleA2ADuplicateSkillID = declare(Rule{
		Code: "a2a/duplicate-skill-id", Severity: Error,
		Summary: "Two skills have the same `id`.",
		Clause:  "A2A-AGENT-CARD.md checks: skill ids unique",
		FixText: "Give each skill its own id.",
	})
	ruleA2ADuplicateExtensionURI = declare(Rule{
		Code: "a2a/duplicate-extension-uri", Severity: Error,
		Summary: "An extension `uri` is declared twice in `capabilities.extensions`.",
		Clause:  "A2A-AGENT-CARD.md checks: extension URIs unique",
		FixText: "Declare each extension once.",
	})
	ruleA2AExtensionURINotAbsolute = declare(Rule{
		Code: "a2a/extension-uri-not-absolute", Severity: Error,
		Summary: "An extension `uri` is not an absolute URI.",
		Clause:  "A2A-AGENT-CARD.md checks: extension URIs absolute",
		FixText: "Name the extension by an absolute URI carrying its version.",
	})
	ruleA2AUnknownSecurityScheme = declare(Rule{
		Code: "a2a/unknown-security-scheme", Severity: Error,
		Summary: "A security requirement (card or skill) names a scheme not declared in `securitySchemes`.",
		Clause:  "A2A-AGENT-CARD.md checks: every scheme named exists in `securitySchemes`",
		FixText: "Declare the scheme, or fix the name (the hint lists the declared ones).",
	})
	ruleA2AV03Card = declare(Rule{
		Code: "a2a/v03-card", Severity: Warning,
		Summary: "The card is in the A2A v0.3 shape (top-level `url`, no `supportedInterfaces`).",
		Clause:  "A2A-AGENT-CARD.md, v0.3 shape: read it, flag it, offer to upgrade it",
		FixText: "Upgrade to v1.0 (`oncard edit` offers it); a dual card keeps the v0.3 fields.",
	})
	ruleA2ANoV1Interface = declare(Rule{
		Code: "a2a/no-v1-interface", Severity: Error,
		Summary: "The card is in the v1.0 shape (`supportedInterfaces`) but every interface says `protocolVersion` 0.x: v1.0 clients get no interface, and v0.3 clients do not read `supportedInterfaces`.",
		Clause:  "A2A-AGENT-CARD.md, AgentInterface `protocolVersion`; v0.3 shape (a dual card lists a 1.0 and a 0.3 entry)",
		FixText: "Add an interface with `protocolVersion` `\"1.0\"`, or keep the card in the v0.3 shape.",
	})
	ruleA2AV03Leftover = declare(Rule{
		Code: "a2a/v03-leftover", Severity: Warning,
		Summary: "A v1.0 card still carries a v0.3 member (`url`, `security`, `stateTransitionHistory`, a map-form requirement, …).",
		Clause:  "A2A-AGENT-CARD.md checks: v0.3 leftovers in a v1.0 card",
		FixText: "Move it to its v1.0 member (the hint names it), or list a 0.3 interface to make the card deliberately dual.",
	})
	ruleA2AInvalidURL = declare(Rule{
		Code: "a2a/invalid-url", Severity: Error, Also: []Severity{Warning},
		Summary: "A URL is not absolute (error for an interface or endpoint `url`, warning elsewhere), or uses a scheme other than http(s) (warning).",
		Clause:  "A2A-AGENT-CARD.md, AgentInterface: `url` absolute",
		FixText: "Write the full `https://` address.",
	})
	ruleA2AInsecureURL = declare(Rule{
		Code: "a2a/insecure-url", Severity: Warning,
		Summary: "An interface, provider, icon, documentation, token or metadata URL uses `http` (also on loopback, with a gentler message).",
		Clause:  "A2A-AGENT-CARD.md checks: non-https URLs",
		FixText: "Serve it over https before publishing.",
	})
	ruleA2AProtocolBinding = declare(Rule{
		Code: "a2a/protocol-binding", Severity: Warning,
		Summary: "A `protocolBinding` (or v0.3 transport) is neither `JSONRPC`, `GRPC`, `HTTP+JSON` nor a URI.",
		Clause:  "A2A-AGENT-CARD.md checks: `protocolBinding` neither a core value nor a URI",
		FixText: "Use a core binding (case-sensitive) or a URI naming a custom one.",
	})
	ruleA2AProtocolVersion = declare(Rule{
		Code: "a2a/protocol-version", Severity: Warning,
		Summary: "An interface's `protocolVersion` is not `Major.Minor`, or a v0.3-shaped card claims a non-0.x version.",
		Clause:  "A2A-AGENT-CARD.md checks: `protocolVersion` not `Major.Minor`",
		FixText: "Write `\"1.0\"` (no patch number); a v0.3 card writes `\"0.3.0\"`.",
	})
	ruleA2AMediaType = declare(Rule{
		Code: "a2a/media-type", Severity: Warning,
		Summary: "An input or output mode is not a `type/subtype` media type.",
		Clause:  "A2A-AGENT-CARD.md checks: modes that are not media types",
		FixText: "Write e.g. `text/plain` or `application/json`.",
	})
	ruleA2ARequiredExtension = declare(Rule{
		Code: "a2a/required-extension", Severity: Warning,
		Summary: "An extension is marked `required: true`; clients that do not activate it get error -32008.",
		Clause:  "A2A-AGENT-CARD.md checks: `required: true` on an extension",
		FixText: "Set `required` to false unless clients must activate it.",
	})
	ruleA2ADeprecatedOauthFlow = declare(Rule{
		Code: "a2a/deprecated-oauth-flow", Severity: Warning,
		Summary: "A scheme uses the deprecated `implicit` or `password` OAuth flow.",
		Clause:  "A2A-AGENT-CARD.md checks: deprecated OAuth flows",
		FixText: "Use `authorizationCode` with PKCE, or `clientCredentials`.",
	})
	ruleA2AExtendedCardWithoutSecurity = declare(Rule{
		Code: "a2a/extended-card-without-security", Severity: Warning,
		Summary: "The card announces an extended card but declares no security scheme.",
		Clause:  "A2A-AGENT-CARD.md checks: `extendedAgentCard: true` with no security",
		FixText: "Declare `securitySchemes` and `securityRequirements`.",
	})
	ruleA2APossibleSecret = declare(Rule{
		Code: "a2a/possible-secret", Severity: Warning,
		Summary: "A string looks like a credential (API key, bearer token, private key); the message never repeats it.",
		Clause:  "A2A-AGENT-CARD.md checks: likely secrets in any string",
		FixText: "Remove it from the card and revoke it: cards are public.",
	})
	ruleA2ASignedCard = declare(Rule{
		Code: "a2a/signed-card", Severity: Info, Also: []Severity{Warning},
		Summary: "The card carries `signatures`: info on an unedited card (any edit breaks them), warning once it was edited.",
		Clause:  "A2A-AGENT-CARD.md checks: signed card edited",
		FixText: "Re-sign the card after editing, or remove `signatures`.",
	})
	ruleA2AHiddenCharacters = declare(Rule{
		Code: "a2a/hidden-characters", Severity: Warning,
		Summary: "A name or description (the card's, a skill's, the provider's organization, an extension's description) holds a control character, a bidi control (U+202E can show `gpj.exe` as `exe.jpg`), or an invisible one (zero-width space, soft hyphen, tag characters, …). Descriptions may hold newlines and tabs.",
		Clause:  "(oncard) safety: what people and models read to choose an agent must be what is there",
		FixText: "Remove the character; the message names its code point.",
	})
	ruleA2AMisplacedExtensions = declare(Rule{
		Code: "a2a/misplaced-extensions", Severity: Warning,
		Summary: "The card has a top-level `extensions` member, which A2A does not define.",
		Clause:  "A2A-AGENT-CARD.md, AgentCapabilities / Unknown members",
		FixText: "Move the entries to `capabilities.extensions` as `{\"uri\", \"params\"}`.",
	})
)
