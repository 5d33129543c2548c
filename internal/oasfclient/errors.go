package oasfclient

import (
	"errors"

	"github.com/oncard/oncard/internal/oasfapi"
)

// ErrKind classifies what went wrong, so that callers can decide (e.g. a
// lookup's 404 is an answer, a timeout is not).
type ErrKind int

const (
	ErrBadURL           ErrKind = iota + 1 // the server URL is not acceptable
	ErrUnreachable                         // no connection (DNS, refused, TLS)
	ErrTimeout                             // connect or total time limit reached
	ErrCanceled                            // the caller's context was canceled
	ErrRedirect                            // a redirect to another host, or too many
	ErrTooLarge                            // the body is over the size cap
	ErrStatus                              // an HTTP status the route does not document
	ErrNotFound                            // 404: no such class (the version is served)
	ErrMalformed                           // the body is not the documented JSON shape
	ErrBadVersion                          // a version string unsafe as a folder name
	ErrProxy                               // the proxy refused or could not be reached
	ErrVersionNotServed                    // the server does not serve that schema version
	ErrBadRequest                          // 400: the server refused the query (bad id, id/name mismatch)
)

// Error is every failure of this package. Msg is a complete sentence meant
// for the user (no credentials, server text made safe); Err, when set, is
// the underlying cause.
type Error struct {
	Kind   ErrKind
	URL    string // the request (or server) URL, without credentials
	Status int    // the HTTP status, for ErrStatus, ErrNotFound, ErrBadRequest
	// ServerMessage is the server's own {"error": "..."} text, when it sent
	// one, made safe to print.
	ServerMessage string
	Msg           string
	Err           error
}

func (e *Error) Error() string { return e.Msg }
func (e *Error) Unwrap() error { return e.Err }

// Is makes the answers that are not failures (oasfapi.ErrNotFound,
// oasfapi.ErrVersionNotServed) known to errors.Is.
func (e *Error) Is(target error) bool {
	switch target {
	case oasfapi.ErrNotFound:
		return e.Kind == ErrNotFound
	case oasfapi.ErrVersionNotServed:
		return e.Kind == ErrVersionNotServed
	}
	return false
}

// KindOf returns the ErrKind of err, or 0 when err is not an *Error.
func KindOf(err error) ErrKind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return 0
}
