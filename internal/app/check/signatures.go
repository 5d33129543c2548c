package check

import (
	"context"
	"fmt"

	"github.com/oncard/oncard/internal/keyfile"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/internal/app/input"
	"github.com/oncard/oncard/internal/cardsig"
	"github.com/oncard/oncard/internal/fetch"
	"github.com/oncard/oncard/internal/safehttp"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/validate"
)

// signatureCheck is `oncard validate --signatures/--jwks`: it verifies the
// signatures of each Agent Card checked. A nil *signatureCheck does
// nothing (--signatures off).
type signatureCheck struct {
	policy validate.SignaturePolicy
	opts   cardsig.Options
	// keySets fetches the key sets of jku URLs (nil with --jwks): per
	// card, since a jku is followed on the card's own origin.
	keySets *app.KeySetFetcher
}

// SignaturePolicies are the values of --signatures.
func SignaturePolicies() []string {
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
func newSignatureCheck(ctx context.Context, policy, jwks string, hosts []string) (*signatureCheck, error) {
	if policy == string(validate.SignaturesOff) {
		if jwks != "" {
			return nil, app.UsageError{Msg: "--jwks has nothing to do with --signatures off"}
		}
		return nil, nil
	}
	c := &signatureCheck{policy: validate.SignaturePolicy(policy)}
	keySets := &app.KeySetFetcher{Client: input.Client(), Hosts: hosts}
	if jwks == "" {
		// The config file's key sets, else the jku of each signature.
		keys, from, err := app.ConfiguredKeySets()
		if err != nil {
			return nil, err
		}
		if keys != nil {
			c.opts.Keys, c.opts.KeysFrom = keys, from
			return c, nil
		}
		c.keySets = keySets
		return c, nil
	}
	var keys *cardsig.KeySet
	var err error
	if fetch.Classify(jwks) == fetch.URL {
		var data []byte
		if data, err = keySets.Get(ctx, jwks); err == nil {
			if keys, err = cardsig.ParseJWKSet(data); err != nil {
				err = fmt.Errorf("%s: %w", safehttp.Redact(jwks), err)
			}
		}
	} else {
		keys, err = keyfile.KeySet(jwks)
	}
	if err != nil {
		return nil, fmt.Errorf("--jwks %s", model.SafeText(err.Error()))
	}
	c.opts.Keys = keys
	c.opts.KeysFrom = "key set of --jwks " + model.SafeText(safehttp.Redact(jwks))
	return c, nil
}
