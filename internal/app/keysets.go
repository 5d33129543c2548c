package app

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"slices"
	"strings"
	"sync"

	"github.com/oncard/oncard/internal/cardsig"
	"github.com/oncard/oncard/internal/safehttp"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/validate"
)

// MaxKeySetBytes caps a fetched JWK set: a few keys are a few kilobytes,
// so anything near this is not a key set.
const MaxKeySetBytes = 1 << 20

// KeySetFetcher fetches the JWK sets signatures are verified with — the
// one `--jwks URL` names and those a signature's jku names — through the
// safe client (https only, plain http only to this machine, bounded time
// and size, redirects only within the host). Each URL is fetched at most
// once per fetcher, however many cards name it, even from several
// goroutines at once; a run uses one fetcher.
type KeySetFetcher struct {
	Client *safehttp.Client
	// Hosts are the origins whose jku is followed: the accepted-hosts list
	// of the OASF schema servers (AcceptedSchemaHosts: the defaults, the
	// config file's schema_hosts, --schema-host), and the config file's
	// jku_hosts. A jku elsewhere is not fetched
	// (cardsig.ErrJKUNotAccepted). Nor is one on this machine or a private
	// network, unless the user named its host: one of Hosts that is not a
	// default (validate.DefaultSchemaHosts lists loopback for local OASF
	// servers, not for key sets), or one of the config file's schema_hosts
	// or jku_hosts.
	Hosts []string

	mu  sync.Mutex
	got map[string]*keySetFetch

	configOnce sync.Once
	config     userConfig
	configErr  error
}

type keySetFetch struct {
	once sync.Once
	data []byte
	err  error
}

// Get fetches the key set at rawURL (any URL the safe client accepts),
// once: later calls return the first answer.
func (f *KeySetFetcher) Get(ctx context.Context, rawURL string) ([]byte, error) {
	return f.once(ctx, rawURL, false)
}

// once fetches rawURL the first time it is asked for, with the client's
// Get or (publicOnly) GetPublic; each kind of fetch is remembered apart,
// since one may refuse what the other fetched.
func (f *KeySetFetcher) once(ctx context.Context, rawURL string, publicOnly bool) ([]byte, error) {
	key := rawURL
	if publicOnly {
		key = "public only\x00" + rawURL
	}
	f.mu.Lock()
	if f.got == nil {
		f.got = map[string]*keySetFetch{}
	}
	one, ok := f.got[key]
	if !ok {
		one = &keySetFetch{}
		f.got[key] = one
	}
	f.mu.Unlock()
	one.once.Do(func() { one.data, one.err = f.fetch(ctx, rawURL, publicOnly) })
	return one.data, one.err
}

func (f *KeySetFetcher) fetch(ctx context.Context, rawURL string, publicOnly bool) ([]byte, error) {
	client := f.Client
	if client == nil {
		client = safehttp.New(safehttp.Options{Subject: "the key server"})
	}
	get := client.Get
	if publicOnly {
		get = client.GetPublic
	}
	body, _, _, err := get(ctx, rawURL, MaxKeySetBytes)
	if err != nil {
		var se *safehttp.Error
		if errors.As(err, &se) && se.Kind == safehttp.ErrNotPublic {
			return nil, &jkuNotPublic{url: rawURL, why: se.Msg}
		}
		shown := model.SafeText(safehttp.Redact(rawURL))
		if se != nil {
			return nil, fmt.Errorf("cannot fetch %s: %s", shown, se.Msg)
		}
		return nil, fmt.Errorf("cannot fetch %s: %s", shown, model.SafeText(safehttp.Redact(err.Error())))
	}
	return body, nil
}

// JKUFor is the cardsig.Options.Fetch for the signatures of the card
// fetched from cardURL ("" for a local file). A jku is a hint that anyone
// can write into a card (a forger picks the trust anchor,
// a2aproject/A2A#2096), so its key set is fetched only from a host the user
// named (--schema-host, the config file's schema_hosts or jku_hosts), or
// from an accepted host (Hosts) that is the card's own origin. Otherwise it
// is refused with an error that wraps cardsig.ErrJKUNotAccepted and says
// how to accept it. A jku on this machine or a private network is refused
// the same way unless the user named its host (see Hosts).
func (f *KeySetFetcher) JKUFor(cardURL string) func(ctx context.Context, jku string) ([]byte, error) {
	return func(ctx context.Context, jku string) ([]byte, error) { return f.jkuFor(ctx, jku, cardURL) }
}

func (f *KeySetFetcher) jkuFor(ctx context.Context, jku, cardURL string) ([]byte, error) {
	f.configOnce.Do(func() { f.config, f.configErr = loadConfig() })
	if f.configErr != nil {
		return nil, f.configErr
	}
	named := slices.Concat(userNamedHosts(f.Hosts), f.config.SchemaHosts, f.config.JKUHosts)
	namedByUser := len(named) > 0 && JKUAccepted(named, jku) == nil
	if !namedByUser {
		if err := JKUAccepted(slices.Concat(f.Hosts, f.config.JKUHosts), jku); err != nil {
			return nil, err
		}
		if !sameOrigin(jku, cardURL) {
			return nil, &jkuNotOwnOrigin{jku: jku, card: cardURL}
		}
	}
	// A host the user named is theirs, wherever it is; one accepted only as
	// a default is fetched from the public internet alone.
	return f.once(ctx, jku, !namedByUser)
}

// sameOrigin says whether two URLs have one scheme, host and port.
func sameOrigin(a, b string) bool {
	ua, err1 := url.Parse(a)
	ub, err2 := url.Parse(b)
	if err1 != nil || err2 != nil || ua.Host == "" {
		return false
	}
	port := func(u *url.URL) string {
		if p := u.Port(); p != "" {
			return p
		}
		if u.Scheme == "https" {
			return "443"
		}
		return "80"
	}
	return strings.EqualFold(ua.Scheme, ub.Scheme) && strings.EqualFold(ua.Hostname(), ub.Hostname()) && port(ua) == port(ub)
}

// jkuNotOwnOrigin is a jku on an accepted host that is not the card's own
// origin, and that the user did not name.
type jkuNotOwnOrigin struct{ jku, card string }

func (e *jkuNotOwnOrigin) Error() string {
	h := "its host"
	if u, err := url.Parse(e.jku); err == nil {
		h = model.SafeText(strings.ToLower(u.Host))
	}
	where := "the card is a local file"
	if e.card != "" {
		where = "the card came from " + model.SafeText(safehttp.Redact(e.card))
	}
	return h + " is not the card's own origin (" + where + "); a jku elsewhere is fetched only from a host you name (the jku_hosts setting of the config file, or --schema-host " + h + ")"
}

func (e *jkuNotOwnOrigin) Unwrap() error { return cardsig.ErrJKUNotAccepted }

// userNamedHosts are the entries of hosts that are not defaults: the ones
// the user added (config file or flag).
func userNamedHosts(hosts []string) []string {
	var out []string
	for _, h := range hosts {
		if !slices.Contains(validate.DefaultSchemaHosts, h) {
			out = append(out, h)
		}
	}
	return out
}

// JKUAccepted returns nil when the jku's origin is on the accepted-hosts
// list hosts (an https URL without a port is port 443), else an error
// wrapping cardsig.ErrJKUNotAccepted that names the host and how to accept
// it.
func JKUAccepted(hosts []string, jku string) error {
	u, err := url.Parse(jku)
	if err != nil || u.Host == "" {
		return fmt.Errorf("%w: %q is not a URL with a host", cardsig.ErrJKUNotAccepted, jku)
	}
	host, port := strings.ToLower(u.Hostname()), u.Port()
	if port == "" && u.Scheme == "https" {
		port = "443"
	}
	if validate.SchemaHostAccepted(hosts, host, port) {
		return nil
	}
	return &jkuNotAccepted{host: strings.ToLower(u.Host)}
}

// jkuNotAccepted is a jku whose origin is not accepted.
type jkuNotAccepted struct{ host string }

func (e *jkuNotAccepted) Error() string {
	h := model.SafeText(e.host)
	return h + " is not an accepted host (accept it with --schema-host " + h + " or the schema_hosts setting of the config file)"
}

func (e *jkuNotAccepted) Unwrap() error { return cardsig.ErrJKUNotAccepted }

// jkuNotPublic is a jku on this machine or a private network whose host
// the user did not name: a card must not make oncard fetch from there.
type jkuNotPublic struct{ url, why string }

func (e *jkuNotPublic) Error() string {
	host := "HOST:PORT"
	if u, err := url.Parse(e.url); err == nil {
		port := u.Port()
		if port == "" {
			port = map[string]string{"https": "443", "http": "80"}[u.Scheme]
		}
		host = strings.ToLower(net.JoinHostPort(u.Hostname(), port))
	}
	h := model.SafeText(host)
	return e.why + "; a jku is fetched from there only from a host you name (the jku_hosts setting of the config file, or --schema-host " + h + ")"
}

func (e *jkuNotPublic) Unwrap() error { return cardsig.ErrJKUNotAccepted }
