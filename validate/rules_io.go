package validate

// The io/… rules: the file cannot be read. Their rows of docs/DIAGNOSTICS.md are generated
// from these values (go test ./validate -run TestDiagnosticsDoc -update).

var (
	RuleIOUnreadable = declare(Rule{
		Code: "io/unreadable", Severity: Error,
		Summary: "The file could not be read: it does not exist, is a directory, or may not be read; the message gives the reason.",
		Clause:  "(oncard)",
		FixText: "Fix the path, or the file's permissions.",
	})
)
