package oasfclient

import "errors"

// ErrKind classifies what went wrong, so that callers can decide (e.g. a
// lookup's 404 is an answer, a timeout is not).
type ErrKind int

const (
	ErrBadURL      ErrKind = iota + 1 // the server URL is not acceptable
	ErrUnreachable                    // no connection (DNS, refused, TLS, proxy)
	ErrTimeout                        // connect or total time limit reached
	ErrCanceled                       // the caller's context was canceled
	ErrRedirect                       // a redirect to another host, or too many
	ErrTooLarge                       // the body is over the size cap
	ErrStatus                         // an HTTP status the route does not document
	ErrNotFound                       // 404: no such class, version or route
	ErrMalformed                      // the body is not the documented JSON shape
	ErrBadVersion                     // a version string unsafe as a folder name
)

// Error is every failure of this package. Msg is a complete sentence meant
// for the user; Err, when set, is the underlying cause.
type Error struct {
	Kind   ErrKind
	URL    string // the request (or server) URL
	Status int    // the HTTP status, for ErrStatus and ErrNotFound
	// ServerMessage is the server's own {"error": "..."} text, when it sent one.
	ServerMessage string
	Msg           string
	Err           error
}

func (e *Error) Error() string { return e.Msg }
func (e *Error) Unwrap() error { return e.Err }

// IsNotFound reports whether err is the server saying 404.
func IsNotFound(err error) bool { return KindOf(err) == ErrNotFound }

// KindOf returns the ErrKind of err, or 0 when err is not an *Error.
func KindOf(err error) ErrKind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return 0
}
