package main

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/internal/cardsig"
	"github.com/oncard/oncard/internal/fetch"
	"github.com/oncard/oncard/internal/safehttp"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/validate"
)

func init() { register(newSignCmd) }

type signFlags struct {
	key        string
	kid        string
	jku        string
	alg        string
	output     string
	publicJWKS string
	yes        bool
	dryRun     bool
	force      bool
}

func newSignCmd() *cobra.Command {
	f := &signFlags{}
	cmd := &cobra.Command{
		Use:   "sign CARD --key FILE",
		Short: "Sign an Agent Card (A2A signatures: JWS over the card's canonical JSON)",
		Long: `Sign adds a signature to an Agent Card, or replaces the one with the same kid.
The signature is a JWS (RFC 7515) whose detached payload is the RFC 8785
canonical form of the card without "signatures": re-formatting the file keeps
it valid, any change of a value breaks it. The rest of the file keeps its bytes.

--key is a private key: PEM (PKCS #8, "EC PRIVATE KEY", "RSA PRIVATE KEY") or a
JWK. The algorithm follows from it: ES256/ES384/ES512 by curve, EdDSA for
Ed25519, RS256 for RSA (--alg PS256 and the other RS/PS ones for RSA too). The
kid is --kid, else the JWK's kid, else the key's RFC 7638 thumbprint.
Without --key, the config file's signing_key is used, with its signing_kid
and signing_jku unless --kid and --jku are given.
--public-jwks writes the public key as a JWK set, to publish for verifiers
(at the --jku URL, if you give one) and for oncard validate --jwks.

A card with error-level findings is not signed. The card is replaced in place
with --yes (atomically, never over a change made meanwhile), written to
another file with -o PATH ("-" for stdout), or printed with --dry-run; on a
terminal, without these, oncard asks. Exit status: 0 signed, 1 refused or
failed, 2 usage.`,
		Example: `  oncard sign agent-card.json --key signing-key.pem --kid 2026-11 --yes
  oncard sign agent-card.json --key key.jwk --jku https://agent.example/.well-known/jwks.json \
    --public-jwks jwks.json -o signed-card.json
  oncard validate --jwks jwks.json signed-card.json`,
		Args: usageArgs(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runSign(cmd, args[0], f)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.key, "key", "", "private key to sign with: PEM or JWK (default: signing_key of the config file)")
	fl.StringVar(&f.kid, "kid", "", "key id written in the signature (default: the JWK's kid, else the key's thumbprint)")
	fl.StringVar(&f.jku, "jku", "", "https URL of the JWK set holding the public key, written in the signature")
	fl.StringVar(&f.alg, "alg", "", "JWS algorithm (default by key type): "+strings.Join(cardsig.Algorithms, ", "))
	fl.StringVarP(&f.output, "output", "o", "", `write the signed card to PATH ("-" for stdout) instead of replacing CARD`)
	fl.StringVar(&f.publicJWKS, "public-jwks", "", "also write the public key as a JWK set to PATH")
	fl.BoolVarP(&f.yes, "yes", "y", false, "replace CARD without asking")
	fl.BoolVar(&f.dryRun, "dry-run", false, "print the signed card on stdout and write nothing")
	fl.BoolVar(&f.force, "force", false, "let -o and --public-jwks replace an existing file")
	return cmd
}

func runSign(cmd *cobra.Command, path string, f *signFlags) error {
	usage := func(format string, a ...any) error {
		return usageError{msg: fmt.Sprintf(format, a...), cmd: cmd.CommandPath()}
	}
	if f.key == "" {
		// The config file's signing_key, with its signing_kid and
		// signing_jku unless --kid and --jku say otherwise.
		cfg, err := app.ConfiguredSigning()
		if err != nil {
			return err
		}
		if cfg.KeyPath != "" {
			f.key = cfg.KeyPath
			f.kid, f.jku = cmp.Or(f.kid, cfg.KeyID), cmp.Or(f.jku, cfg.JKU)
		}
	}
	modes := 0
	for _, on := range []bool{f.yes, f.output != "", f.dryRun} {
		if on {
			modes++
		}
	}
	interactive := modes == 0 && canPrompt(cmd)
	switch {
	case path == "-":
		return usage("oncard sign needs the card's file (to print the signed card, add --dry-run)")
	case f.key == "":
		return usage("--key is required: the private key to sign with (PEM or JWK), unless the config file names one (signing_key)")
	case modes > 1:
		return usage("--yes, -o and --dry-run are alternatives (replace the card, write elsewhere, print): use one")
	case modes == 0 && !interactive:
		return usage("no terminal to confirm on: pass --yes to replace %s, -o PATH to write elsewhere, or --dry-run to print the signed card", model.SafeText(path))
	case f.alg != "" && !slices.Contains(cardsig.Algorithms, f.alg):
		return usage("--alg %s: oncard signs with %s", model.SafeText(f.alg), strings.Join(cardsig.Algorithms, ", "))
	case f.publicJWKS == "-" && (f.dryRun || f.output == "-"):
		return usage("--public-jwks - and the signed card would both go to stdout; give --public-jwks a file")
	}
	if f.jku != "" {
		if err := cardsig.CheckJKU(f.jku); err != nil {
			return usage("--jku: %s", model.SafeText(err.Error()))
		}
	}
	stderr := cmd.ErrOrStderr()
	name := model.SafeText(path)

	file, err := model.OpenFile(path)
	if err != nil {
		return errors.New(model.SafeText(err.Error()))
	}
	doc := file.Doc
	if kind := validate.Detect(doc); kind != validate.KindCard {
		return fmt.Errorf("%s looks like %s, not an Agent Card; nothing signed", name, app.KindArticle(kind))
	}
	if err := refuseErrors(stderr, path, validate.Card(doc, &validate.Options{Path: path})); err != nil {
		return err
	}
	key, err := cardsig.ReadSigningKey(f.key)
	if err != nil {
		return fmt.Errorf("--key %s; nothing signed", model.SafeText(err.Error()))
	}
	others := doc.Root().Get("signatures").Len()
	signed, err := cardsig.Sign(doc, key, cardsig.SignOptions{KeyID: f.kid, JKU: f.jku, Algorithm: f.alg})
	if err != nil {
		return fmt.Errorf("%s: %s; nothing signed", name, model.SafeText(err.Error()))
	}
	data := doc.Encode()
	if err := checkSigned(cmd, data, key, signed); err != nil {
		return err
	}

	what := "added"
	if signed.Replaced {
		what, others = "replaced the one with the same kid", others-1
	}
	fmt.Fprintf(stderr, "oncard: signature %d (kid %s, %s) %s\n", signed.Index, quote(signed.KeyID), signed.Algorithm, what)
	if others > 0 {
		fmt.Fprintf(stderr, "oncard: kept %s as written (not checked here)\n", app.Count(others, "other signature", "other signatures"))
	}

	if f.publicJWKS != "" {
		if err := writePublicJWKS(cmd, f, key, signed); err != nil {
			return err
		}
	}
	switch {
	case f.dryRun || f.output == "-":
		_, err := cmd.OutOrStdout().Write(data)
		return err
	case f.output != "":
		err := model.WriteNew(f.output, data, f.force)
		if errors.Is(err, model.ErrExists) {
			return fmt.Errorf("%s exists; --force replaces it; nothing written", model.SafeText(f.output))
		}
		if err != nil {
			return fmt.Errorf("%s; nothing written", model.SafeText(err.Error()))
		}
		fmt.Fprintf(stderr, "oncard: wrote %s\n", model.SafeText(f.output))
		return nil
	case interactive:
		ok, err := newPrompter(cmd.Context(), cmd.InOrStdin(), stderr).confirm("Replace " + name + " with the signed card?")
		if err != nil {
			return err
		}
		if !ok {
			fmt.Fprintf(stderr, "oncard: %s not written\n", name)
			return exitError{exitInvalid}
		}
	}
	if err := file.Save(data); err != nil {
		if errors.Is(err, model.ErrChangedOnDisk) {
			return fmt.Errorf("%s changed on disk since oncard read it; nothing written (sign again to sign the new version)", name)
		}
		return fmt.Errorf("%s; nothing written", model.SafeText(err.Error()))
	}
	fmt.Fprintf(stderr, "oncard: wrote %s\n", name)
	return nil
}

// refuseErrors lists the card's error-level findings and refuses to sign:
// a signature vouches for a card, so it must be one that validates.
func refuseErrors(w io.Writer, path string, diags []validate.Diagnostic) error {
	n := 0
	for _, d := range diags {
		if d.Severity != validate.Error {
			continue
		}
		n++
		fmt.Fprintf(w, "%s:%d:%d: error %s: %s\n", model.SafeText(path), d.Line, d.Column, d.Code, model.SafeText(d.Message))
	}
	if n == 0 {
		return nil
	}
	return fmt.Errorf("%s has %s; a card with errors is not signed (oncard validate %s shows every finding)",
		model.SafeText(path), app.Count(n, "error", "errors"), model.SafeText(path))
}

// checkSigned verifies the new signature over the bytes about to be
// written, re-read from scratch: what is written verifies, or nothing is.
func checkSigned(cmd *cobra.Command, data []byte, key *cardsig.SigningKey, s cardsig.Signed) error {
	doc, err := model.Parse(data)
	if err != nil {
		return fmt.Errorf("the signed card does not parse (%s); nothing written", model.SafeText(err.Error()))
	}
	res := cardsig.Verify(cmd.Context(), doc, cardsig.Options{Keys: key.PublicKeySet(s.KeyID, s.Algorithm)})
	if s.Index >= len(res) || res[s.Index].Status != cardsig.Verified {
		return fmt.Errorf("the new signature does not verify over the written card; nothing written")
	}
	return nil
}

// writePublicJWKS writes the key's public half as a JWK set.
func writePublicJWKS(cmd *cobra.Command, f *signFlags, key *cardsig.SigningKey, s cardsig.Signed) error {
	data, err := json.MarshalIndent(key.PublicKeySet(s.KeyID, s.Algorithm), "", "  ")
	if err != nil {
		return err
	}
	data = append(data, '\n')
	if f.publicJWKS == "-" {
		_, err := cmd.OutOrStdout().Write(data)
		return err
	}
	err = model.WriteNew(f.publicJWKS, data, f.force)
	if errors.Is(err, model.ErrExists) {
		return fmt.Errorf("%s exists; --force replaces it; nothing written", model.SafeText(f.publicJWKS))
	}
	if err != nil {
		return fmt.Errorf("%s; nothing written", model.SafeText(err.Error()))
	}
	fmt.Fprintf(cmd.ErrOrStderr(), "oncard: wrote the public key set %s\n", model.SafeText(f.publicJWKS))
	return nil
}

// quote is s in double quotes, safe for a terminal.
func quote(s string) string { return `"` + model.SafeText(s) + `"` }

// signatureCheck is `oncard validate --signatures/--jwks`: it verifies the
// signatures of each Agent Card checked. A nil *signatureCheck does
// nothing (--signatures off).
type signatureCheck struct {
	policy validate.SignaturePolicy
	opts   cardsig.Options
}

func signaturePolicyNames() []string {
	names := make([]string, len(validate.SignaturePolicies))
	for i, p := range validate.SignaturePolicies {
		names[i] = string(p)
	}
	return names
}

// newSignatureCheck reads the --jwks key set (a file, or a URL fetched
// through the safe client) once for the whole run. Without --jwks, a
// signature's jku is fetched when its origin is one of hosts (the accepted
// OASF schema hosts), each URL once per run.
func newSignatureCheck(cmd *cobra.Command, policy, jwks string, hosts []string) (*signatureCheck, error) {
	if policy == string(validate.SignaturesOff) {
		if jwks != "" {
			return nil, usageError{msg: "--jwks has nothing to do with --signatures off", cmd: cmd.CommandPath()}
		}
		return nil, nil
	}
	c := &signatureCheck{policy: validate.SignaturePolicy(policy)}
	keySets := &app.KeySetFetcher{Client: fetchClient(), Hosts: hosts}
	if jwks == "" {
		c.opts.Fetch = keySets.JKU
		return c, nil
	}
	var keys *cardsig.KeySet
	var err error
	if fetch.Classify(jwks) == fetch.URL {
		var data []byte
		if data, err = keySets.Get(cmd.Context(), jwks); err == nil {
			if keys, err = cardsig.ParseJWKSet(data); err != nil {
				err = fmt.Errorf("%s: %w", safehttp.Redact(jwks), err)
			}
		}
	} else {
		keys, err = cardsig.ReadKeySet(jwks)
	}
	if err != nil {
		return nil, fmt.Errorf("--jwks %s", model.SafeText(err.Error()))
	}
	c.opts.Keys = keys
	return c, nil
}

// run adds the signature findings of a card to r; it needs r.doc.
func (c *signatureCheck) run(cmd *cobra.Command, r *fileResult) {
	if c == nil || r.doc == nil || r.Kind != validate.KindCard {
		return
	}
	r.Diags = validate.WithSignatures(cmd.Context(), r.doc, r.Diags, c.policy, c.opts)
	r.Ends = valueEnds(r.doc, r.Diags)
}
