package main

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/oncard/oncard/internal/app/signing"
	"github.com/oncard/oncard/internal/cardsig"
)

func init() { register(newSignCmd) }

func newSignCmd() *cobra.Command {
	f := &signing.Options{}
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

What is signed is the card normalised as A2A §8.4.1 says (default-valued
members left out). Readers do not all normalise alike, so before signing oncard
drops the members they treat differently ("required": false, empty lists, nulls
inside params), showing the change as a diff; on a terminal it asks first.
--keep-defaults keeps them: the signature is then over the §8.4.1 form, and a
warning names the readers that will reject it.

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
			f.CanPrompt = canPrompt(cmd)
			return signing.Sign(cmd.Context(), console(cmd), args[0], *f)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.Key, "key", "", "private key to sign with: PEM or JWK (default: signing_key of the config file)")
	fl.StringVar(&f.Kid, "kid", "", "key id written in the signature (default: the JWK's kid, else the key's thumbprint)")
	fl.StringVar(&f.JKU, "jku", "", "https URL of the JWK set holding the public key, written in the signature")
	fl.StringVar(&f.Alg, "alg", "", "JWS algorithm (default by key type): "+strings.Join(cardsig.Algorithms, ", "))
	fl.StringVarP(&f.Output, "output", "o", "", `write the signed card to PATH ("-" for stdout) instead of replacing CARD`)
	fl.StringVar(&f.PublicJWKS, "public-jwks", "", "also write the public key as a JWK set to PATH")
	fl.BoolVarP(&f.Yes, "yes", "y", false, "replace CARD without asking")
	fl.BoolVar(&f.DryRun, "dry-run", false, "print the signed card on stdout and write nothing")
	fl.BoolVar(&f.Force, "force", false, "let -o and --public-jwks replace an existing file")
	fl.BoolVar(&f.KeepDefaults, "keep-defaults", false, "sign without dropping the default-valued members readers treat differently first")
	return cmd
}
