package safehttp

// ErrKind classifies a failure, so that a caller can decide what it means
// (a timeout is not an answer; a 404 may be one).
type ErrKind int

const (
	ErrBadURL      ErrKind = iota + 1 // not https, plain http off loopback, credentials, unparsable
	ErrUnreachable                    // no connection (DNS, refused, TLS)
	ErrProxy                          // the proxy refused or could not be reached
	ErrTimeout                        // connect or total time limit reached
	ErrCanceled                       // the caller's context was canceled
	ErrRedirect                       // a redirect to another host or scheme, or too many
	ErrTooLarge                       // the body is over the size cap
	ErrStatus                         // Get only: a status other than 200
	ErrNotPublic                      // GetPublic only: the host is on this machine or a private network
)

// Error is every failure of this package. Msg is a complete sentence for
// the user, with no credentials in it; URL is the request URL, redacted.
type Error struct {
	Kind   ErrKind
	URL    string
	Status int // ErrStatus only
	Msg    string
	Err    error
}

func (e *Error) Error() string { return e.Msg }
func (e *Error) Unwrap() error { return e.Err }
