// Package keyfile reads signing keys and key sets from files, through the
// one safe reader. Parsing them is internal/cardsig's, which reads no file,
// so that the rules that verify signatures (validate) do no file work.
package keyfile

import (
	"context"
	"errors"
	"fmt"
	"io/fs"

	"github.com/oncard/oncard/internal/cardsig"
	"github.com/oncard/oncard/internal/safefile"
)

// maxBytes bounds what a key or key set file may hold: real ones are a few
// kilobytes.
const maxBytes = 1 << 20

// SigningKey reads a private key from a file: PEM (PKCS #8, SEC 1 "EC
// PRIVATE KEY" or PKCS #1 "RSA PRIVATE KEY") or a JWK (or a JWK set holding
// exactly one private key). Errors name the file.
func SigningKey(path string) (*cardsig.SigningKey, error) {
	return read(path, cardsig.ParseSigningKey)
}

// KeySet reads public keys from a file: a JWK set, one JWK, or PEM public
// keys, certificates or private keys (their public half). Errors name the
// file.
func KeySet(path string) (*cardsig.KeySet, error) { return read(path, cardsig.ParseKeySet) }

// read reads a key or key set file (at most maxBytes) and parses it with
// parse; every error names the file. Only a regular file is read
// (safefile.ReadRegular): a named pipe would hang the command, a symlink to
// /dev/zero would be read to the cap, and neither is a key.
func read[K any](path string, parse func([]byte) (K, error)) (K, error) {
	var none K
	data, _, err := safefile.ReadRegular(context.Background(), path, maxBytes)
	var big *safefile.TooLargeError
	var pe *fs.PathError
	switch {
	case errors.As(err, &big):
		return none, fmt.Errorf("%s: larger than %d bytes; not a key file", path, maxBytes)
	case errors.As(err, &pe) && errors.Is(err, safefile.ErrNotRegular):
		return none, fmt.Errorf("%s: %w; a key is read from a regular file", path, pe.Err)
	case err != nil:
		return none, err
	}
	k, err := parse(data)
	if err != nil {
		return none, fmt.Errorf("%s: %w", path, err)
	}
	return k, nil
}
