package validate

// The validate/… rules: calls to the Go API. Their rows of docs/DIAGNOSTICS.md are generated
// from these values (go test ./validate -run TestDiagnosticsDoc -update).

var (
	ruleValidateUnknownDocument = declare(Rule{
		Code: "validate/unknown-document", Severity: Warning,
		Summary: "The document is none of the kinds oncard checks (a `package.json`, a `tsconfig.json`, an object with none of a card's members): it gets this one finding instead of a card's errors, so `oncard validate **/*.json` can run in CI.",
		Clause:  "(oncard)",
		FixText: "Nothing, if the file is not meant to be checked (ignore it in `.oncard.json`); otherwise pass `--kind KIND` to check it as that kind.",
	})
	ruleValidateUnknownKind = declare(Rule{
		Code: "validate/unknown-kind", Severity: Error,
		Summary: "`Document` was asked for a kind that does not exist.",
		Clause:  "(oncard)",
		FixText: "Pass one of `validate.Kinds`, or \"\" to detect it.",
	})
	ruleValidateNoDocument = declare(Rule{
		Code: "validate/no-document", Severity: Error,
		Summary: "A validator was given a nil `*model.Doc` (a caller ignored a parse error).",
		Clause:  "(oncard)",
		FixText: "Check the error of `model.Parse`, or call `validate.Bytes`.",
	})
)
