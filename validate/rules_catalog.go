package validate

// The catalog/… rules: AI Catalog. Their rows of docs/DIAGNOSTICS.md are generated
// from these values (go test ./validate -run TestDiagnosticsDoc -update).

var (
	ruleCatalogSchema = declare(Rule{
		Code: "catalog/schema", Severity: Error,
		Summary: "A member has the wrong type or form where no more specific code applies (entry `type` not a media type, `url` not a URI reference, `tags` not strings, a `signature` member, …).",
		Clause:  "AI-CATALOG.md, Catalog and Entry tables",
		FixText: "Follow the message (\"… must be …\").",
	})
	ruleCatalogSpecVersion = declare(Rule{
		Code: "catalog/spec-version", Severity: Error,
		Summary: "`specVersion` is missing, not `Major.Minor`, or has a major version other than 0 or 1.",
		Clause:  "AI-CATALOG.md checklist: spec-version",
		FixText: "Write `\"specVersion\": \"1.0\"`.",
	})
	ruleCatalogEntriesNotArray = declare(Rule{
		Code: "catalog/entries-not-array", Severity: Error,
		Summary: "`entries` is missing or not an array.",
		Clause:  "AI-CATALOG.md checklist: entries not an array",
		FixText: "Add `\"entries\": []` (it may be empty).",
	})
	ruleCatalogEntryMemberMissing = declare(Rule{
		Code: "catalog/entry-member-missing", Severity: Error,
		Summary: "An entry is not an object, or lacks `identifier` or `type`.",
		Clause:  "AI-CATALOG.md checklist: entry-member-missing",
		FixText: "Add the member.",
	})
	ruleCatalogEntryArtifactSource = declare(Rule{
		Code: "catalog/entry-artifact-source", Severity: Error,
		Summary: "An entry has both `url` and `data`, or neither.",
		Clause:  "AI-CATALOG.md checklist: entry-artifact-source",
		FixText: "Keep exactly one: a link or the artifact inline.",
	})
	ruleCatalogHTTPURL = declare(Rule{
		Code: "catalog/http-url", Severity: Warning,
		Summary: "An entry's `url` is relative or does not use https.",
		Clause:  "AI-CATALOG.md checklist: http url",
		FixText: "Publish the artifact at an absolute `https://` url.",
	})
	ruleCatalogEntryDuplicate = declare(Rule{
		Code: "catalog/entry-duplicate", Severity: Error,
		Summary: "The same (`identifier`, `version`) is listed twice.",
		Clause:  "AI-CATALOG.md checklist: entry-duplicate",
		FixText: "Remove the duplicate, or give each listed version a `version`.",
	})
	ruleCatalogEntryVersionConflict = declare(Rule{
		Code: "catalog/entry-version-conflict", Severity: Warning,
		Summary: "An identifier is listed both with and without a `version`.",
		Clause:  "AI-CATALOG.md checklist: entry-version-conflict",
		FixText: "Give every entry of that identifier a version.",
	})
	ruleCatalogIdentifierNotURI = declare(Rule{
		Code: "catalog/identifier-not-uri", Severity: Warning,
		Summary: "An entry's `identifier` is not a URI.",
		Clause:  "AI-CATALOG.md checklist: identifier-not-uri (warning)",
		FixText: "Use `urn:air:{publisher-domain}:{namespace}:{name}`.",
	})
	ruleCatalogNotIJSON = declare(Rule{
		Code: "catalog/not-i-json", Severity: Error,
		Summary: "A string (value or member name) holds a lone surrogate escape (`\\ud800` without its pair), or a number cannot be held exactly by an IEEE 754 double (`1e999999`, `12345678901234567891`). Checked in catalogs and standalone entries.",
		Clause:  "AI-CATALOG.md: the document must be valid RFC 8785 input (I-JSON, RFC 7493)",
		FixText: "Write the character itself or the whole pair; write numbers a double holds, or the value as a string.",
	})
	RuleCatalogInternal = declare(Rule{
		Code: "catalog/internal", Severity: Error,
		Summary: "The AI Catalog oncard generated from the card (the Catalog step's entry or new catalog) does not parse: a defect of oncard, never of your files; nothing is written.",
		Clause:  "— (oncard's own check of what it writes)",
		FixText: "Report it with the card; meanwhile write the entry with `oncard catalog add`.",
	})
	ruleCatalogTimestampInvalid = declare(Rule{
		Code: "catalog/timestamp-invalid", Severity: Error,
		Summary: "`updatedAt` or a signature's `issuedAt`/`expiresAt` is not an RFC 3339 date-time.",
		Clause:  "AI-CATALOG.md checklist: timestamp-invalid",
		FixText: "Write e.g. `2026-11-30T12:00:00Z`.",
	})
	ruleCatalogPublisherMemberMissing = declare(Rule{
		Code: "catalog/publisher-member-missing", Severity: Error,
		Summary: "A `publisher` is not an object or lacks a non-empty `identifier` or `displayName`.",
		Clause:  "AI-CATALOG.md checklist: publisher-member-missing",
		FixText: "Add the member.",
	})
	ruleCatalogHostMemberMissing = declare(Rule{
		Code: "catalog/host-member-missing", Severity: Error,
		Summary: "`host` is not an object or lacks a non-empty `displayName`.",
		Clause:  "AI-CATALOG.md checklist: host-member-missing (displayName)",
		FixText: "Add `displayName`.",
	})
	ruleCatalogExtensionKeyInvalid = declare(Rule{
		Code: "catalog/extension-key-invalid", Severity: Error,
		Summary: "An `extensions` key is neither a URL nor a reverse-DNS name.",
		Clause:  "AI-CATALOG.md checklist: extension-key-invalid",
		FixText: "Use a URL or a name like `org.example.ext`.",
	})
	ruleCatalogDigestInvalid = declare(Rule{
		Code: "catalog/digest-invalid", Severity: Error, Also: []Severity{Warning},
		Summary: "`digest` is not `alg:lowercasehex`, uses a weak algorithm, or has the wrong length (error); an algorithm oncard does not know (warning).",
		Clause:  "AI-CATALOG.md checklist: digest-invalid",
		FixText: "Write `sha256:` and 64 lowercase hex digits.",
	})
	ruleCatalogTrustManifestsEmpty = declare(Rule{
		Code: "catalog/trust-manifests-empty", Severity: Error,
		Summary: "`trustManifests` is not an array or is empty.",
		Clause:  "AI-CATALOG.md, Entry: never emit an empty one",
		FixText: "Remove the member or fill it.",
	})
	ruleCatalogNestedDepthExceeded = declare(Rule{
		Code: "catalog/nested-depth-exceeded", Severity: Error,
		Summary: "Nested catalogs go deeper than 4 levels.",
		Clause:  "AI-CATALOG.md checklist: nested-depth-exceeded",
		FixText: "Flatten the nesting.",
	})
	ruleCatalogNestedCatalogInvalid = declare(Rule{
		Code: "catalog/nested-catalog-invalid", Severity: Error, Also: []Severity{Warning},
		Summary: "A nested catalog's `data` is not an object, a linked local catalog (or one fetched by `--follow`) is not JSON, or a local one links back to its parent (error), or cannot be read (warning).",
		Clause:  "AI-CATALOG.md checklist: nested-catalog-invalid",
		FixText: "Fix or remove the link.",
	})
	ruleCatalogURLOutsideFolder = declare(Rule{
		Code: "catalog/url-outside-folder", Severity: Warning,
		Summary: "An entry's `url` names a file outside the folder of the catalog being checked: a `file:` URL, an absolute path, or a relative path that climbs above the folder with `..`. oncard reads only files inside the catalog's folder tree (as a server serving that folder would), so the linked document was not read, and no finding quotes another document's content.",
		Clause:  "AI-CATALOG.md, Entry: `url` is where the artifact is served; (oncard) a checked catalog decides nothing about the rest of the machine",
		FixText: "Link the document by a path relative to the catalog, inside its folder, or by its `https://` url (checked with `--follow`).",
	})
	ruleCatalogNestedNotFollowed = declare(Rule{
		Code: "catalog/nested-not-followed", Severity: Info,
		Summary: "A relative nested-catalog url cannot be followed because the catalog came from stdin.",
		Clause:  "(oncard)",
		FixText: "Validate the catalog file by its path.",
	})
	ruleCatalogVersionMismatch = declare(Rule{
		Code: "catalog/version-mismatch", Severity: Error,
		Summary: "An entry's `version` differs from the version of the card it links (inline, local file, `--card`, or fetched by `--follow`).",
		Clause:  "AI-CATALOG.md checklist: version differs from the linked card's",
		FixText: "Copy the card's version into the entry.",
	})
	ruleCatalogDiscoveryMismatch = declare(Rule{
		Code: "catalog/discovery-mismatch", Severity: Error,
		Summary: "An entry's OASF discovery payload differs from its card's discovery params, or the card has none.",
		Clause:  "AI-CATALOG.md, the OASF discovery payload in a catalog: the same object",
		FixText: "Copy the card's discovery params into the entry (`oncard catalog add` does).",
	})
	ruleCatalogCardUnreadable = declare(Rule{
		Code: "catalog/card-unreadable", Severity: Warning,
		Summary: "A locally linked card cannot be read or parsed, or a card fetched by `--follow` is not JSON, so the entry is not cross-checked.",
		Clause:  "(oncard)",
		FixText: "Fix the path, or the card.",
	})
	ruleCatalogEntryTypeMismatch = declare(Rule{
		Code: "catalog/entry-type-mismatch", Severity: Error,
		Summary: "`--follow`: an entry's `type` says an A2A card (or a catalog) but its url serves another kind of document.",
		Clause:  "AI-CATALOG.md, Entry: `type` is the artifact's media type",
		FixText: "List the document with the type of what it is, or fix the url.",
	})
	ruleCatalogIdentifierHostMismatch = declare(Rule{
		Code: "catalog/identifier-host-mismatch", Severity: Info,
		Summary: "`--follow`: a `urn:air:{publisher-domain}:…` identifier names a domain, but the card is served from a host outside it.",
		Clause:  "AI-CATALOG.md, Entry: `urn:air:{publisher-domain}:{namespace}:{name}`",
		FixText: "Check that the identifier names the card's publisher (a hosting provider is a fine reason).",
	})
)
