package validate

// The oasf/… rules: OASF discovery payloads. Their rows of docs/DIAGNOSTICS.md are generated
// from these values (go test ./validate -run TestDiagnosticsDoc -update).

var (
	// A schema server error type, reported through oasfTypeRule.
	_ = declare(Rule{
		Code: "oasf/id_unknown", Severity: Error, Table: "oasf/server",
		Summary: "No class has this id in the payload's `schema_version`.",
		Clause:  "OASF.md errors: unknown id",
		FixText: "Look the skill or domain up (`oncard oasf search`); the hint says what the id means in other versions.",
	})
	ruleOASFNameUnknown = declare(Rule{
		Code: "oasf/name_unknown", Severity: Error, Table: "oasf/server",
		Summary: "No class has this name in the payload's `schema_version`.",
		Clause:  "OASF.md errors: unknown name",
		FixText: "Use a name from the taxonomy of that version (the hint suggests one).",
	})
	ruleOASFAttributeWrongType = declare(Rule{
		Code: "oasf/attribute_wrong_type", Severity: Error, Table: "oasf/server",
		Summary: "A value has the wrong type: an `id` that is not an integer, a reference that is not an object, `skills`/`domains` not arrays, `schema_version` not a string, annotations not strings.",
		Clause:  "OASF.md errors: id not an integer",
		FixText: "Write the type the message names (`integer_t`, `string_t`, …).",
	})
	ruleOASFAttributeRequiredMissing = declare(Rule{
		Code: "oasf/attribute_required_missing", Severity: Error, Table: "oasf/server",
		Summary: "A reference has neither `id` nor `name`, or the payload lacks `schema_version` or `skills`.",
		Clause:  "OASF.md errors: neither id nor name; missing required member",
		FixText: "Add the member.",
	})
	ruleOASFIDNameMismatch = declare(Rule{
		Code: "oasf/id_name_mismatch", Severity: Error, Table: "oasf/server",
		Summary: "A reference's `id` and `name` name different classes.",
		Clause:  "OASF.md errors: id and name name different classes",
		FixText: "Keep the one you meant (the hint shows both).",
	})
	// A schema server error type, reported through oasfTypeRule.
	_ = declare(Rule{
		Code: "oasf/attribute_enum_value_unknown", Severity: Error, Table: "oasf/server",
		Summary: "The name's last segment is right but its full path is not.",
		Clause:  "OASF.md errors: right last segment, wrong full path",
		FixText: "Write the full name the hint gives.",
	})
	// A schema server error type, reported through oasfTypeRule.
	_ = declare(Rule{
		Code: "oasf/class_out_of_scope", Severity: Error, Table: "oasf/server",
		Summary: "A top-level category is used as a value.",
		Clause:  "OASF.md errors: a category used as a value",
		FixText: "Pick a concrete skill or domain within the category.",
	})
	// A schema server error type, reported through oasfTypeRule.
	_ = declare(Rule{
		Code: "oasf/attribute_array_duplicate", Severity: Error, Table: "oasf/server",
		Summary: "The same class is listed twice in `skills` or `domains`.",
		Clause:  "OASF.md errors: same class twice",
		FixText: "Remove one of them.",
	})
	ruleOASFAttributeUnknown = declare(Rule{
		Code: "oasf/attribute_unknown", Severity: Error, Table: "oasf/server",
		Summary: "A reference, or the payload, has a member the object does not define.",
		Clause:  "OASF.md errors: unknown member in a reference",
		FixText: "Remove it: references have `id`, `name`, `annotations`; the payload `schema_version`, `skills`, `domains`.",
	})
	ruleOASFNotObject = declare(Rule{
		Code: "oasf/not-object", Severity: Error, Table: "oasf/own",
		Summary: "The discovery payload is not a JSON object.",
		Clause:  "oasf-discovery-extension.md, Payload",
		FixText: "Write `{\"schema_version\": …, \"skills\": […], \"domains\": […]}`.",
	})
	ruleOASFVersionUnknown = declare(Rule{
		Code: "oasf/version-unknown", Severity: Error, Table: "oasf/own",
		Summary: "`schema_version` is not an OASF version oncard knows; the references are not checked.",
		Clause:  "OASF.md, Versions: an unknown version is an error",
		FixText: "Use a listed version, or fetch it with `oncard oasf sync`.",
	})
	ruleOASFAttributeRecommendedMissing = declare(Rule{
		Code: "oasf/attribute_recommended_missing", Severity: Warning, Table: "oasf/own",
		Summary: "The payload has no `domains`.",
		Clause:  "OASF.md: `domains` recommended",
		FixText: "Add domains so consumers can find the artifact by field.",
	})
	ruleOASFSkillsEmpty = declare(Rule{
		Code: "oasf/skills-empty", Severity: Warning, Table: "oasf/own",
		Summary: "`skills` is an empty array: nobody can find the artifact by skill.",
		Clause:  "oasf-discovery-extension.md, Payload: skills required",
		FixText: "List at least one skill.",
	})
	ruleOASFDraftMember = declare(Rule{
		Code: "oasf/draft-member", Severity: Info, Table: "oasf/own",
		Summary: "The payload has `formats` or `distributions`, members of a later upstream draft.",
		Clause:  "OASF.md, schema server API (later draft)",
		FixText: "Keep the payload to `schema_version`, `skills` and `domains`.",
	})
	ruleOASFRecordPartlyChecked = declare(Rule{
		Code: "oasf/record-partly-checked", Severity: Info, Table: "oasf/own",
		Summary: "The document is an OASF record (it has `schema_version` with members of a record: `name`, `version`, `authors`, `locators`, …). Its `schema_version`, `skills` and `domains` were checked as a discovery payload's are; the rest of the record is the OASF schema server's to check.",
		Clause:  "OASF.md (objects/record); oasf-discovery-extension.md, Payload",
		FixText: "Nothing to fix; validate the whole record with a schema server.",
	})
	ruleOASFParamsMissing = declare(Rule{
		Code: "oasf/params-missing", Severity: Error, Table: "oasf/own",
		Summary: "The card declares the discovery extension without `params`.",
		Clause:  "OASF.md, discovery extension identifiers: `params` is the payload",
		FixText: "Add the payload as the extension's `params`.",
	})
	ruleOASFURIMalformed = declare(Rule{
		Code: "oasf/uri-malformed", Severity: Warning, Table: "oasf/own",
		Summary: "The discovery extension `uri` is not an absolute URL, or has no version before `/objects/discovery`.",
		Clause:  "OASF.md: `<schema server URL>/<version>/objects/discovery`",
		FixText: "Use e.g. `https://schema.oasf.outshift.com/1.1.0/objects/discovery`.",
	})
	ruleOASFURIHostNotAccepted = declare(Rule{
		Code: "oasf/uri-host-not-accepted", Severity: Warning, Table: "oasf/own",
		Summary: "The `uri` has the discovery path but its server is not an accepted one, so the extension is not recognised and its params are not checked.",
		Clause:  "OASF.md: recognised on a schema server consumers accept",
		FixText: "Accept the server (`--schema-host`, or `schema_hosts` in the config), or use the public one.",
	})
	ruleOASFURIInsecure = declare(Rule{
		Code: "oasf/uri-insecure", Severity: Warning, Table: "oasf/own",
		Summary: "The discovery extension `uri` uses http on a host other than this machine.",
		Clause:  "(oncard)",
		FixText: "Use https.",
	})
	ruleOASFURIVersionMismatch = declare(Rule{
		Code: "oasf/uri-version-mismatch", Severity: Warning, Table: "oasf/own",
		Summary: "The version in the `uri` differs from the payload's `schema_version`.",
		Clause:  "OASF.md: the version in the URI is informational (warn when they differ)",
		FixText: "Make the URI name the payload's version (the hint gives it).",
	})
	ruleOASFServerLacksDiscovery = declare(Rule{
		Code: "oasf/server-lacks-discovery", Severity: Info, Table: "oasf/online",
		Summary: "The schema server does not define the `discovery` object yet; each reference was checked by a class lookup instead.",
		Clause:  "OASF.md, schema server API: released servers lack `discovery`",
		FixText: "Nothing to fix; said once per run.",
	})
	ruleOASFServerVersionUnknown = declare(Rule{
		Code: "oasf/server-version-unknown", Severity: Info, Table: "oasf/online",
		Summary: "The server does not serve the payload's `schema_version` (a 404 on a version its `/api/versions` does not list, e.g. after a reverted deployment); it was checked offline only.",
		Clause:  "OASF.md: a 404 for a whole version is \"the server does not serve <v>\"",
		FixText: "Use a server that serves that version (`--oasf-server`), or rely on the offline check.",
	})
	ruleOASFOnlineOfflineDisagree = declare(Rule{
		Code: "oasf/online-offline-disagree", Severity: Warning, Table: "oasf/online",
		Summary: "The server and the offline check gave different verdicts for a reference; the message lists both.",
		Clause:  "OASF.md: same verdict with or without the network",
		FixText: "Run `oncard oasf sync` (the server's taxonomy may be newer) and check again.",
	})
	ruleOASFOnlineChecked = declare(Rule{
		Code: "oasf/online-checked", Severity: Info, Table: "oasf/online",
		Summary: "The server agrees with the offline check of this payload.",
		Clause:  "(oncard)",
		FixText: "Nothing to fix.",
	})
)

// oasfTypeRule is the rule of an OASF schema server error type, the code
// oncard's offline reference check and the server's answers share.
func oasfTypeRule(typ string) *Rule { return RuleFor("oasf/" + typ) }
