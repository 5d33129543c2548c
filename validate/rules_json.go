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
	// Reported by model's parser (ParseError.Code), reached through RuleFor.
	_ = declare(Rule{
		Code: "json/duplicate-key", Severity: Error,
		Summary: "An object has the same member name twice; parsers disagree on which value wins.",
		Clause:  "RFC 8259 §4; AI-CATALOG.md (RFC 8785 input: no duplicate keys)",
		FixText: "Remove one of the two members (the message gives the first one's position).",
	})
	ruleJSONNotIJSON = declare(Rule{
		Code: "json/not-i-json", Severity: Error,
		Summary: "A card, On Request params or reply, or discovery payload holds a number an IEEE 754 double cannot hold exactly (`9007199254740993`, `1e999999`) or a lone surrogate escape: both official A2A SDKs read numbers as doubles, so they get another value, and RFC 8785 (a signature's canonical form) cannot represent either. Catalogs and entries report the same under `catalog/not-i-json`.",
		Clause:  "RFC 7493 (I-JSON) §2.1–2.2; A2A-AGENT-CARD.md §8.4.1 (RFC 8785 input)",
		FixText: "Write numbers a double holds, or the value as a string; write the character itself or the whole surrogate pair.",
	})
	// Reported by model's parser (ParseError.Code), reached through RuleFor.
	_ = declare(Rule{
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
	// Reported by model's parser (ParseError.Code), reached through RuleFor.
	_ = declare(Rule{
		Code: "json/too-deep", Severity: Error,
		Summary: "Objects and arrays are nested deeper than 256 levels.",
		Clause:  "(oncard)",
		FixText: "Flatten the document; no card or catalog needs that depth.",
	})
)
