package app

import (
	"context"
	"errors"
	"fmt"
	"net/url"
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
	// config file's schema_hosts, --schema-host). A jku elsewhere is not
	// fetched (cardsig.ErrJKUNotAccepted).
	Hosts []string

	mu  sync.Mutex
	got map[string]*keySetFetch
}

type keySetFetch struct {
	once sync.Once
	data []byte
	err  error
}

// Get fetches the key set at rawURL (any URL the safe client accepts),
// once: later calls return the first answer.
func (f *KeySetFetcher) Get(ctx context.Context, rawURL string) ([]byte, error) {
	f.mu.Lock()
	if f.got == nil {
		f.got = map[string]*keySetFetch{}
	}
	one, ok := f.got[rawURL]
	if !ok {
		one = &keySetFetch{}
		f.got[rawURL] = one
	}
	f.mu.Unlock()
	one.once.Do(func() { one.data, one.err = f.fetch(ctx, rawURL) })
	return one.data, one.err
}

func (f *KeySetFetcher) fetch(ctx context.Context, rawURL string) ([]byte, error) {
	client := f.Client
	if client == nil {
		client = safehttp.New(safehttp.Options{Subject: "the key server"})
	}
	body, _, _, err := client.Get(ctx, rawURL, MaxKeySetBytes)
	if err != nil {
		shown := model.SafeText(safehttp.Redact(rawURL))
		var se *safehttp.Error
		if errors.As(err, &se) {
			return nil, fmt.Errorf("cannot fetch %s: %s", shown, se.Msg)
		}
		return nil, fmt.Errorf("cannot fetch %s: %s", shown, model.SafeText(safehttp.Redact(err.Error())))
	}
	return body, nil
}

// JKU is a cardsig.Options.Fetch: it fetches the key set a signature's jku
// names when the jku's origin is on Hosts, and otherwise refuses with an
// error that wraps cardsig.ErrJKUNotAccepted and says how to accept it.
func (f *KeySetFetcher) JKU(ctx context.Context, jku string) ([]byte, error) {
	if err := JKUAccepted(f.Hosts, jku); err != nil {
		return nil, err
	}
	return f.Get(ctx, jku)
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
