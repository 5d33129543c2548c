// Package jcs produces the RFC 8785 JSON Canonicalization Scheme (JCS) form
// of a JSON document: members sorted by their names' UTF-16 code units, no
// insignificant whitespace, numbers written as ECMAScript writes them,
// strings with the fewest escapes. It is the form A2A Agent Card signatures
// are computed over.
//
// The serialisation itself is github.com/gowebpki/jcs (a maintained module,
// the Go code of the RFC's author); this package is the one place oncard
// chooses it, holds it to the RFC's test vectors, and adapts it to model.Doc.
package jcs

import (
	"bytes"
	"fmt"

	gojcs "github.com/gowebpki/jcs"

	"github.com/oncard/oncard/model"
)

// Transform returns the canonical form of the JSON document data. It fails
// for input JCS cannot represent: invalid JSON, duplicate member names, lone
// UTF-16 surrogates in escapes, numbers outside IEEE 754 double range.
func Transform(data []byte) ([]byte, error) {
	out, err := gojcs.Transform(data)
	if err != nil {
		return nil, fmt.Errorf("no canonical JSON form (RFC 8785): %w", err)
	}
	return out, nil
}

// Doc returns the canonical form of doc without the top-level members named
// in omit (for a card: "signatures", which the signatures cannot cover).
// doc is not modified. The document's bytes as written are what is
// canonicalised, so escapes and number forms reach JCS exactly as they are
// in the file.
func Doc(doc *model.Doc, omit ...string) ([]byte, error) {
	if doc == nil || doc.Root() == nil {
		return nil, fmt.Errorf("no document")
	}
	src := doc
	if root := doc.Root(); root.Kind == model.Object {
		for _, name := range omit {
			if root.Get(name) == nil {
				continue
			}
			if src == doc {
				src = doc.Clone()
			}
			if err := src.Delete(model.Pointer(name)); err != nil {
				return nil, err
			}
		}
	}
	// A byte order mark before the root is kept by Encode but is no part
	// of the JSON value.
	return Transform(bytes.TrimPrefix(src.Encode(), []byte("\ufeff")))
}
