package validate

// The signature/… rules: Agent Card signatures. Their rows of docs/DIAGNOSTICS.md are generated
// from these values (go test ./validate -run TestDiagnosticsDoc -update).

var (
	ruleSignatureUnverified = declare(Rule{
		Code: "signature/unverified", Severity: Info, Also: []Severity{Error},
		Summary: "No key to check the signature with: no `--jwks` was given, and the signature has no `jku`, or its `jku` is on a host that is not accepted, or on this machine or a private network without your naming its host (not fetched; the message names the host), or its key set could not be fetched or read. An error under `--signatures require` when no other signature verified.",
		Clause:  "A2A-AGENT-CARD.md: `signatures` (oncard)",
		FixText: "Give the signer's public keys: `--jwks FILE\\|URL`; or accept the jku's host (`--schema-host HOST[:PORT]`, `schema_hosts` or `jku_hosts` in the config file).",
	})
	ruleSignatureUnknownKey = declare(Rule{
		Code: "signature/unknown-key", Severity: Warning, Also: []Severity{Error},
		Summary: "The key set has no key with the signature's `kid`, or none of a type that fits its algorithm. An error under `--signatures require` when no other signature verified.",
		Clause:  "A2A-AGENT-CARD.md: `signatures` (oncard)",
		FixText: "Use the signer's key set, holding the key under that `kid`.",
	})
	ruleSignatureAlgNotAllowed = declare(Rule{
		Code: "signature/alg-not-allowed", Severity: Error,
		Summary: "The algorithm is `none`, an HMAC (`HS256`…) or unknown: oncard accepts ES256, ES384, ES512, EdDSA, RS256/384/512 and PS256/384/512.",
		Clause:  "RFC 7518 §3.1 (oncard)",
		FixText: "Sign with an asymmetric key: `oncard sign CARD --key KEY`.",
	})
	ruleSignatureBadJWS = declare(Rule{
		Code: "signature/bad-jws", Severity: Error,
		Summary: "The signature object is malformed: `protected` or `signature` missing or not base64url, the protected header not a JSON object or without `alg`, a critical header oncard does not know, `alg`/`jku`/`crit` outside the protected header, a name in both headers, a member other than `protected`, `signature`, `header`; an EC or Ed25519 signature of the wrong length (an ASN.1 DER ECDSA signature instead of R‖S).",
		Clause:  "RFC 7515 §7.2, RFC 7518 §3.4 (oncard)",
		FixText: "Re-sign the card.",
	})
	ruleSignaturePayloadMismatch = declare(Rule{
		Code: "signature/payload-mismatch", Severity: Error,
		Summary: "The signature does not verify over the card's canonical form with the key: the card changed after it was signed, or another key made it (or the card has no RFC 8785 form, e.g. a lone surrogate).",
		Clause:  "A2A-AGENT-CARD.md: `signatures`",
		FixText: "Re-sign after the last change: `oncard sign CARD --key KEY`.",
	})
	ruleSignatureMissing = declare(Rule{
		Code: "signature/missing", Severity: Error,
		Summary: "`--signatures require` and the card has no signatures.",
		Clause:  "(oncard)",
		FixText: "Sign the card.",
	})
)
