// Package cardsig signs A2A Agent Cards and verifies their signatures.
//
// An A2A v1.0 card's `signatures` holds JWS signatures (RFC 7515) in the
// flattened JSON form without a payload: {"protected", "signature",
// "header"?}. The payload they cover is detached: the RFC 8785 canonical
// form (package jcs) of the card without `signatures`, normalised as A2A
// §8.4.1 says (field presence: defaults dropped). So a signature survives
// any re-formatting of the file, and breaks on any change of meaning.
//
// Readers do not agree on that normalisation (readings.go): Verify checks
// each signature under every Reading and says which accept it; Sign signs
// the §8.4.1 form, and DroppedMembers lists what to delete first so that
// all readings compute the same payload.
//
// The JOSE work (header handling, algorithms, the signature bytes) is done
// by go-jose; this package decides which keys and algorithms are acceptable,
// what is signed, and reports for each signature what was found and why.
//
// Verification never goes to the network by itself: keys come from a
// KeySet the caller loaded, or from a jku URL through the Fetch function
// the caller supplies (which decides which origins it accepts).
package cardsig
