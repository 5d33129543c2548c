package app

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/oncard/oncard/internal/keyfile"

	"github.com/oncard/oncard/internal/cardsig"
	"github.com/oncard/oncard/internal/jsonwords"
	"github.com/oncard/oncard/internal/oasfclient"
	"github.com/oncard/oncard/internal/safefile"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/validate"
)

// userConfig is the optional file os.UserConfigDir()/oncard/config.json
// ($XDG_CONFIG_HOME/oncard/config.json on Linux):
//
//	{
//	  "schema_hosts": ["oasf.internal.example:8443"],
//	  "oasf_server": "https://oasf.internal.example:8443",
//	  "oasf_use_synced": false,
//	  "signing_key": "keys/agent-signing.pem",
//	  "signing_kid": "2026-11",
//	  "signing_jku": "https://agent.example/.well-known/jwks.json",
//	  "jku_hosts": ["keys.internal.example"]
//	}
//
// schema_hosts are accepted in addition to the defaults (the public OASF
// schema server and loopback): an A2A extension whose uri is
// <scheme>://<one of them>/<version>/objects/discovery is recognised as the
// OASF discovery extension. oasf_server is the server `oncard oasf sync` and
// `oncard validate --online` use when no flag names one. oasf_use_synced
// lets a synced copy of a built-in OASF version that differs from it be
// used instead (as --oasf-use-synced does); without it the built-in stays.
// The schema_hosts list also decides whose jku (the URL of a signer's JWK
// set, in a signature's header) oncard validate fetches, with jku_hosts,
// hosts accepted for jku alone. A jku on this machine or a private network
// is fetched only from a host the user named (jku_hosts, schema_hosts,
// --schema-host), never because loopback is among the defaults: anyone can
// write any jku into a card.
//
// signing_key is the private key (PEM or JWK file; a relative path is
// relative to the config file's folder) oncard signs with when no --key
// or --sign-key is given: oncard sign, and oncard edit re-signing the
// signatures this key made on a card it changes. signing_kid and
// signing_jku are what oncard sign writes in a new signature when --kid
// and --jku are not given.
type userConfig struct {
	SchemaHosts   []string `json:"schema_hosts,omitempty"`
	OASFServer    string   `json:"oasf_server,omitempty"`
	OASFUseSynced bool     `json:"oasf_use_synced,omitempty"`
	SigningKey    string   `json:"signing_key,omitempty"`
	SigningKID    string   `json:"signing_kid,omitempty"`
	SigningJKU    string   `json:"signing_jku,omitempty"`
	JKUHosts      []string `json:"jku_hosts,omitempty"`
	// JWKS are the files of the key sets signatures are verified with
	// when no --jwks is given (a relative path is relative to the config
	// file's folder): the signers you trust, kept at hand.
	JWKS []string `json:"jwks,omitempty"`

	path string // where it was read from ("" when there is no file)
}

// configPath is where the user's config file lives.
func configPath() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("no user config directory: %w", err)
	}
	return filepath.Join(dir, "oncard", "config.json"), nil
}

// loadConfig reads the config file. A missing file (or no config directory
// at all) is the empty config; a file that cannot be used is an error that
// names it, since silently ignoring it would change which hosts count.
// WantSyncedOASF reports the config file's oasf_use_synced: whether a
// synced OASF version that differs from the built-in one is used instead.
// A config file that cannot be read counts as "no" (the command that needs
// the file reports it).
func WantSyncedOASF() bool {
	cfg, err := loadConfig()
	return err == nil && cfg.OASFUseSynced
}

func loadConfig() (userConfig, error) {
	p, err := configPath()
	if err != nil {
		return userConfig{}, nil
	}
	// Regular files only, within the parser's limit: a named pipe or a
	// device at that path must not hang or flood every command.
	data, _, err := safefile.ReadRegular(context.Background(), p, int64(model.DefaultLimits.MaxBytes))
	if errors.Is(err, os.ErrNotExist) {
		return userConfig{}, nil
	}
	if err != nil {
		return userConfig{}, fmt.Errorf("cannot read the config file: %w", err)
	}
	var c userConfig
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields() // a misspelt key must not pass unnoticed
	if err := dec.Decode(&c); err != nil {
		return userConfig{}, fmt.Errorf("config file %s: %s", p, jsonwords.Explain(data, err))
	}
	c.path = p
	for _, list := range []struct {
		key   string
		hosts []string // c's own slice: normalized in place
	}{{"schema_hosts", c.SchemaHosts}, {"jku_hosts", c.JKUHosts}} {
		for i, h := range list.hosts {
			norm, err := NormalizeSchemaHost(h)
			if err != nil {
				return userConfig{}, fmt.Errorf("config file %s: %s[%d]: %v", p, list.key, i, err)
			}
			list.hosts[i] = norm
		}
	}
	if c.OASFServer != "" {
		if _, err := oasfclient.New(c.OASFServer, oasfclient.Options{}); err != nil {
			return userConfig{}, fmt.Errorf("config file %s: oasf_server: %v", p, err)
		}
	}
	if c.SigningJKU != "" {
		if err := cardsig.CheckJKU(c.SigningJKU); err != nil {
			return userConfig{}, fmt.Errorf("config file %s: signing_jku: %v", p, err)
		}
	}
	if c.SigningKey != "" && !filepath.IsAbs(c.SigningKey) {
		c.SigningKey = filepath.Join(filepath.Dir(p), c.SigningKey)
	}
	for i, f := range c.JWKS {
		if !filepath.IsAbs(f) {
			c.JWKS[i] = filepath.Join(filepath.Dir(p), f)
		}
	}
	return c, nil
}

// ConfiguredKeySets reads the key sets the config file's jwks names, as
// one set, and says where they came from for messages; nil when it names
// none. An unreadable file is an error naming it.
func ConfiguredKeySets() (*cardsig.KeySet, string, error) {
	cfg, err := loadConfig()
	if err != nil || len(cfg.JWKS) == 0 {
		return nil, "", err
	}
	var sets []*cardsig.KeySet
	for i, f := range cfg.JWKS {
		set, err := keyfile.KeySet(f)
		if err != nil {
			return nil, "", fmt.Errorf("config file %s: jwks[%d]: %s", cfg.path, i, model.SafeText(err.Error()))
		}
		sets = append(sets, set)
	}
	return cardsig.MergeKeySets(sets...), "key sets of the config file's jwks", nil
}

// AcceptedSchemaHosts is the list of OASF schema servers whose
// /objects/discovery URIs are recognised: the defaults, then the config
// file's schema_hosts, then the --schema-host flags, without repeats. Each
// entry is "host" (any port) or "host:port", lower case.
func AcceptedSchemaHosts(flagHosts []string) ([]string, error) {
	cfg, err := loadConfig()
	if err != nil {
		return nil, err
	}
	hosts := slices.Clone(validate.DefaultSchemaHosts)
	hosts = append(hosts, cfg.SchemaHosts...)
	for _, h := range flagHosts {
		norm, err := NormalizeSchemaHost(h)
		if err != nil {
			return nil, &BadHostError{Host: h, Err: err}
		}
		hosts = append(hosts, norm)
	}
	out := hosts[:0]
	seen := map[string]bool{}
	for _, h := range hosts {
		if !seen[h] {
			seen[h] = true
			out = append(out, h)
		}
	}
	return out, nil
}

// BadHostError is a --schema-host value that is not a host: a usage
// mistake (exit 2), not a failure of the run.
type BadHostError struct {
	Host string
	Err  error
}

func (e *BadHostError) Error() string { return fmt.Sprintf("--schema-host %q: %v", e.Host, e.Err) }

// SigningDefaults are the signing settings of the config file: the key
// (a path, "" when none is configured), the kid and the jku new signatures
// get.
type SigningDefaults struct {
	KeyPath, KeyID, JKU string
}

// ConfiguredSigning returns the config file's signing_key, signing_kid and
// signing_jku (zero when there is no config file).
func ConfiguredSigning() (SigningDefaults, error) {
	cfg, err := loadConfig()
	if err != nil {
		return SigningDefaults{}, err
	}
	return SigningDefaults{KeyPath: cfg.SigningKey, KeyID: cfg.SigningKID, JKU: cfg.SigningJKU}, nil
}

// SigningKey reads the private key to sign with: the file of the flag
// (named flag, e.g. "--sign-key") when flagPath is given, else the config
// file's signing_key; nil (and no error) when there is neither. from says
// where the key came from, for messages; errors start with it.
func SigningKey(flag, flagPath string) (key *cardsig.SigningKey, from string, err error) {
	path, from := flagPath, flag
	if path == "" {
		cfg, err := ConfiguredSigning()
		if err != nil {
			return nil, "", err
		}
		if cfg.KeyPath == "" {
			return nil, "", nil
		}
		path, from = cfg.KeyPath, "the config file's signing_key"
	}
	key, err = keyfile.SigningKey(path)
	if err != nil {
		return nil, from, fmt.Errorf("%s %s", from, model.SafeText(err.Error()))
	}
	return key, from, nil
}

// OASFServerURL picks the schema server: the flag, else the config file's
// oasf_server, else the public server.
func OASFServerURL(flag string) (string, error) {
	if flag != "" {
		return flag, nil
	}
	cfg, err := loadConfig()
	if err != nil {
		return "", err
	}
	if cfg.OASFServer != "" {
		return cfg.OASFServer, nil
	}
	return oasfclient.DefaultServer, nil
}

// NormalizeSchemaHost checks "host" or "host:port" (IPv6 in brackets) and
// lower-cases it. URLs are refused with a hint, since a scheme or path here
// is a common mistake.
func NormalizeSchemaHost(h string) (string, error) {
	h = strings.ToLower(strings.TrimSpace(h))
	if h == "" {
		return "", fmt.Errorf("empty host")
	}
	for _, r := range h {
		if unicode.IsControl(r) || r == 0x7f {
			return "", fmt.Errorf("%q holds a control character; a host is a name or an address", h)
		}
	}
	if strings.Contains(h, "*") {
		return "", fmt.Errorf("%q: a wildcard is not a host; list each host (host or host:port)", h)
	}
	if strings.Contains(h, "://") || strings.ContainsAny(h, "/?#@ ") {
		return "", fmt.Errorf("%q is not a host: write host or host:port (no scheme or path)", h)
	}
	host, port := h, ""
	if strings.HasPrefix(h, "[") || strings.Count(h, ":") == 1 {
		var err error
		if host, port, err = net.SplitHostPort(h); err != nil {
			if !strings.HasSuffix(h, "]") {
				return "", fmt.Errorf("%q is not host or host:port", h)
			}
			host, port = strings.Trim(h, "[]"), ""
		}
	}
	if port != "" {
		if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
			return "", fmt.Errorf("%q: port %q is not a number from 1 to 65535", h, port)
		}
	}
	if host == "" || (strings.Contains(host, ":") && net.ParseIP(host) == nil) {
		return "", fmt.Errorf("%q is not host or host:port", h)
	}
	if net.ParseIP(host) == nil {
		for _, r := range host {
			if !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '.' || r == '_') {
				return "", fmt.Errorf("%q is not host or host:port: %q cannot be in a host name", h, r)
			}
		}
	}
	return h, nil
}
