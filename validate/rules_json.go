package validate

// The json/… rules: the document does not parse. Their rows of docs/DIAGNOSTICS.md are generated
// from these values (go test ./validate -run TestDiagnosticsDoc -update).

var (
	ruleJSONSyntax = declare(Rule{
		Code: "json/syntax", Severity: Error,
		Summary: "The text is not JSON (empty input, a missing comma or quote, a trailing comma, a bad escape or number, data after the value).",
		Clause:  "RFC 8259",
		FixText: "Fix the JSON at the line and column given; the message says what was expected.",
	})
	ruleJSONDuplicateKey = declare(Rule{
		Code: "json/duplicate-key", Severity: Error,
		Summary: "An object has the same member name twice; parsers disagree on which value wins.",
		Clause:  "RFC 8259 §4; AI-CATALOG.md (RFC 8785 input: no duplicate keys)",
		FixText: "Remove one of the two members (the message gives the first one's position).",
	})
	ruleJSONEncoding = declare(Rule{
		Code: "json/encoding", Severity: Error,
		Summary: "The file is not valid UTF-8.",
		Clause:  "RFC 8259 §8.1",
		FixText: "Save the file as UTF-8.",
	})
	ruleJSONBOM = declare(Rule{
		Code: "json/bom", Severity: Warning,
		Summary: "The file starts with a UTF-8 byte order mark. oncard reads it (parsers may ignore one), but writers must not add one.",
		Clause:  "RFC 8259 §8.1",
		FixText: "Save the file as UTF-8 without a BOM.",
	})
	RuleJSONTooLarge = declare(Rule{
		Code: "json/too-large", Severity: Error,
		Summary: "The document is larger than the 16 MiB limit.",
		Clause:  "(oncard)",
		FixText: "Check that it is the right file; a card or catalog this large almost certainly is not one.",
	})
	ruleJSONTooDeep = declare(Rule{
		Code: "json/too-deep", Severity: Error,
		Summary: "Objects and arrays are nested deeper than 256 levels.",
		Clause:  "(oncard)",
		FixText: "Flatten the document; no card or catalog needs that depth.",
	})
)
