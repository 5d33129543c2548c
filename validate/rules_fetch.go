package validate

// The fetch/… rules: a document fetched from a URL. Their rows of docs/DIAGNOSTICS.md are generated
// from these values (go test ./validate -run TestDiagnosticsDoc -update).

var (
	RuleFetchRefused = declare(Rule{
		Code: "fetch/refused", Severity: Error,
		Summary: "oncard will not fetch this URL: not https (plain http is allowed only for localhost), `user:password@` in it, a redirect to another host or scheme (or more than 5), or, in a fetched catalog, a url that is not http(s) (`file:`).",
		Clause:  "(oncard)",
		FixText: "Serve the document from its own https origin, at the url the catalog lists.",
	})
	RuleFetchUnreachable = declare(Rule{
		Code: "fetch/unreachable", Severity: Error,
		Summary: "Nothing answered: the host name does not resolve, the connection or the TLS handshake failed (an untrusted certificate), a proxy refused, or the time limit ran out.",
		Clause:  "(oncard)",
		FixText: "Check the host name and the network; set `HTTPS_PROXY`/`NO_PROXY` when a proxy is needed.",
	})
	RuleFetchStatus = declare(Rule{
		Code: "fetch/status", Severity: Error,
		Summary: "The server answered with a status other than 200 (404, 500, …).",
		Clause:  "(oncard)",
		FixText: "Publish the document at that URL (a bare origin means `/.well-known/agent-card.json`).",
	})
	RuleFetchTooLarge = declare(Rule{
		Code: "fetch/too-large", Severity: Error,
		Summary: "The answer is larger than the size cap of the document's kind.",
		Clause:  "(oncard)",
		FixText: "Check that the URL names a card or a catalog.",
	})
	RuleFetchContentType = declare(Rule{
		Code: "fetch/content-type", Severity: Warning,
		Summary: "The document was served with a `Content-Type` other than JSON (`application/json` or `application/…+json`, parameters allowed), or with none. It is checked anyway.",
		Clause:  "(oncard)",
		FixText: "Serve it as `application/json` (or its own `+json` media type): clients that check the type will not read it.",
	})
	RuleFetchNotFollowed = declare(Rule{
		Code: "fetch/not-followed", Severity: Info, Also: []Severity{Warning},
		Summary: "`--follow` left an entry's url alone: its type is neither an A2A card nor an AI Catalog (info), or the limit of documents one run fetches was reached (warning).",
		Clause:  "(oncard)",
		FixText: "Nothing to fix for other types; validate the rest separately when the limit was reached.",
	})
)
