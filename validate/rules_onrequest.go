package validate

// The onrequest/… rules: the On Request extension. Their rows of docs/DIAGNOSTICS.md are generated
// from these values (go test ./validate -run TestDiagnosticsDoc -update).

var (
	ruleOnrequestSchema = declare(Rule{
		Code: "onrequest/schema", Severity: Error,
		Summary: "The declaration, params, skill entry or reply does not match the On Request schema; the message ends with the section (e.g. `OR-3.4`).",
		Clause:  "OR-3.1 to OR-3.6, OR-3.8, §6",
		FixText: "Follow the message: e.g. `required` must be false, `personEntry` an `https://` address without query or a `tel:+` number.",
	})
	ruleOnrequestUnknownSkill = declare(Rule{
		Code: "onrequest/unknown-skill", Severity: Error,
		Summary: "A params entry's `id` is not a skill of the card; the message lists the card's ids.",
		Clause:  "OR-3.3 (ON-REQUEST.md check 1)",
		FixText: "Use an id from the card's `skills[]`, or add that skill.",
	})
	ruleOnrequestSecuredSkill = declare(Rule{
		Code: "onrequest/secured-skill", Severity: Error,
		Summary: "A skill listed On Request carries `securityRequirements` (or v0.3 `security`).",
		Clause:  "ON-REQUEST.md check 2",
		FixText: "Remove the skill from the params, or remove its security requirements.",
	})
	ruleOnrequestValueInSkillText = declare(Rule{
		Code: "onrequest/value-in-skill-text", Severity: Error, Also: []Severity{Warning},
		Summary: "A listed skill's name, description, tags or examples repeat its `personEntry` (warning when the entry is only a host).",
		Clause:  "ON-REQUEST.md check 3 (interpretation)",
		FixText: "Remove the address or number from the skill's text.",
	})
	ruleOnrequestDuplicateSkill = declare(Rule{
		Code: "onrequest/duplicate-skill", Severity: Error,
		Summary: "A skill id is listed twice in `params.skills`.",
		Clause:  "ON-REQUEST.md check 4 (interpretation)",
		FixText: "Keep one entry per skill.",
	})
	ruleOnrequestDuplicateExtension = declare(Rule{
		Code: "onrequest/duplicate-extension", Severity: Error,
		Summary: "The card declares the On Request extension more than once.",
		Clause:  "ON-REQUEST.md check 5 (interpretation)",
		FixText: "Merge the declarations into one `params.skills` list.",
	})
	ruleOnrequestCallerSpecificEntry = declare(Rule{
		Code: "onrequest/caller-specific-entry", Severity: Warning,
		Summary: "A `personEntry` path looks specific to one caller (an `@`, e-mail address, UUID or long token).",
		Clause:  "OR-3.8 (interpretation)",
		FixText: "Use one address for every caller, carrying nothing about the person.",
	})
	ruleOnrequestReplyUnlistedSkill = declare(Rule{
		Code: "onrequest/reply-unlisted-skill", Severity: Error,
		Summary: "The reply's `skillId` is not listed in the card's On Request params.",
		Clause:  "§6, checks against a card",
		FixText: "Fix the `skillId`, or list the skill in the card.",
	})
	ruleOnrequestReplyEntryMismatch = declare(Rule{
		Code: "onrequest/reply-entry-mismatch", Severity: Error,
		Summary: "The reply's `personEntry` differs from the card's entry for that skill.",
		Clause:  "§6, OR-3.8",
		FixText: "Reply with the card's `personEntry`.",
	})
	ruleOnrequestReplyNotOptedIn = declare(Rule{
		Code: "onrequest/reply-not-opted-in", Severity: Error,
		Summary: "Status `given-on-opt-in` for a skill without `assistantAccess: true`.",
		Clause:  "§6, OR-3.5",
		FixText: "Reply `on-request`, or opt the skill in in the card.",
	})
	ruleOnrequestReplyNotAction = declare(Rule{
		Code: "onrequest/reply-not-action", Severity: Warning,
		Summary: "Status `action-referred` for a skill without `completion`.",
		Clause:  "§6, OR-3.6",
		FixText: "Reply `on-request`, or give the skill a `completion`.",
	})
)
