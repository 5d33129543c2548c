package validate

import (
	"bytes"
	"math/bits"

	"github.com/oncard/oncard/model"
)

// Agent Cards are public documents, so a credential pasted into one is a
// leak. checkSecrets looks at every string value (not /signatures, whose
// base64 JWS values look like tokens by design) for the shapes of common
// credentials. It never repeats the secret in its message.
//
// Speed matters: it runs on every keystroke over every string of the card.
// A scan of the raw bytes finds runs of token characters; only runs of at
// least minSecretRun characters (no prose word is that long) are looked at
// more closely.
func checkSecrets(r *report, root *model.Node) {
	s := secretScanner{walker: walker{r: r, path: make([]pathStep, 0, 16)}}
	s.node(root, true)
}

const minSecretRun = 20

type secretScanner struct{ walker }

func (s *secretScanner) node(n *model.Node, top bool) {
	switch n.Kind {
	case model.String:
		// A credential is a long token; the raw form includes the quotes.
		if len(n.Raw()) < minSecretRun+2 {
			return
		}
		if what := secretIn(n.Raw()); what != "" {
			s.r.emit(ruleA2APossibleSecret, s.here(), describe(s.ptr())+" looks like it contains "+what, "Agent Cards are public: remove the secret from the card and revoke it")
		}
	case model.Array:
		if s.r.inc != nil && s.memberwise(famSecrets, n, func(it *model.Node) { s.node(it, false) }) {
			return
		}
		for i, it := range n.All() {
			m := s.pushIndex(i)
			s.node(it, false)
			s.pop(m)
		}
	case model.Object:
		for _, mem := range n.Members() {
			if top && mem.Key == "signatures" {
				continue
			}
			m := s.push(mem.Key)
			s.node(mem.Value, false)
			s.pop(m)
		}
	}
}

// tokenByte marks the bytes that make up tokens, keys and URLs.
var tokenByte = byteClass(alnum + "-_./+=:@%~")

// secretIn returns what kind of credential raw (a JSON string token as
// written) seems to hold, or "".
//
// Only runs of at least minSecretRun token bytes matter, so the scan jumps:
// if the byte minSecretRun-1 ahead is not a token byte, no such run can
// start before it. Prose is skipped about twenty bytes at a time.
func secretIn(raw []byte) string {
	pemChecked := false
	for i := 0; ; {
		start, end, ok := longRun(raw, i, minSecretRun, &tokenByte)
		if !ok {
			return ""
		}
		// A PEM private key has long base64 lines; look for its armour
		// once, when the first long run shows up.
		if !pemChecked && isPrivateKeyPEM(raw) {
			return "a private key"
		}
		pemChecked = true
		if what := classifyRun(raw[start:end], raw[:start]); what != "" {
			return what
		}
		i = end + 1
	}
}

// longRun finds the first run of at least min bytes of class in s that
// starts at i or later. It looks at the byte min-1 ahead first: when that
// byte is not of the class, no such run can start before it, so prose is
// skipped about min bytes at a time (the secrets and encoded-payload scans
// read every string of a card).
//
// In prose that byte is mostly a letter, but the eight bytes before it
// mostly hold a space: when the class has no space, a space among them is
// found in one word-sized test and the scan goes on past it.
func longRun[T ~string | ~[]byte](s T, i, min int, class *[256]bool) (start, end int, ok bool) {
	spaceEnds := !class[' '] && min >= 8
	for i+min <= len(s) {
		j := i + min - 1
		if !class[s[j]] {
			i = j + 1
			continue
		}
		if spaceEnds {
			k := j - 7
			w := uint64(s[k]) | uint64(s[k+1])<<8 | uint64(s[k+2])<<16 | uint64(s[k+3])<<24 |
				uint64(s[k+4])<<32 | uint64(s[k+5])<<40 | uint64(s[k+6])<<48 | uint64(s[k+7])<<56
			if m := zeroBytes(w ^ (0x0101010101010101 * ' ')); m != 0 {
				i = k + (63-bits.LeadingZeros64(m))/8 + 1
				continue
			}
		}
		start, end := j, j+1
		for start > i && class[s[start-1]] {
			start--
		}
		for end < len(s) && class[s[end]] {
			end++
		}
		if end-start >= min {
			return start, end, true
		}
		i = end + 1
	}
	return 0, 0, false
}

func isPrivateKeyPEM(raw []byte) bool {
	return bytes.Contains(raw, []byte("PRIVATE KEY")) && bytes.Contains(raw, []byte("-----BEGIN"))
}

// classifyRun looks at one run of token characters; before is what precedes
// it in the string (for "Bearer <token>").
func classifyRun(run, before []byte) string {
	if len(run) < minSecretRun {
		return ""
	}
	// Known prefixes start a token: look only at word starts whose first
	// byte begins some prefix.
	for i := 0; i < len(run); i++ {
		if !startsPrefix[run[i]] || i > 0 && isASCIIAlnum(run[i-1]) {
			continue
		}
		for _, p := range prefixesByFirstByte[run[i]] {
			if bytes.HasPrefix(run[i:], p.prefix) {
				rest := run[i+len(p.prefix):]
				if len(rest) >= p.minRest && p.shape(rest) {
					return p.what
				}
			}
		}
	}
	if bytes.HasPrefix(run, []byte("eyJ")) && bytes.Count(run, []byte(".")) == 2 && bytes.Contains(run, []byte(".eyJ")) {
		return "a JSON Web Token"
	}
	if i := bytes.Index(run, []byte("://")); i > 0 {
		auth := run[i+3:]
		if at := bytes.IndexByte(auth, '@'); at > 0 {
			slash := bytes.IndexByte(auth, '/')
			if (slash < 0 || at < slash) && bytes.IndexByte(auth[:at], ':') > 0 {
				return "a URL with a password"
			}
		}
	}
	for _, k := range credentialParams {
		if bytes.IndexByte(run, '=') < 0 {
			break
		}
		if i := bytes.Index(run, k); i >= 0 && (i == 0 || !isASCIIAlnum(run[i-1])) {
			v := run[i+len(k):]
			if amp := bytes.IndexByte(v, '&'); amp >= 0 {
				v = v[:amp]
			}
			if len(v) >= 16 && looksRandom(v) {
				return "a credential in a URL query"
			}
		}
	}
	if bytes.HasSuffix(bytes.TrimRight(before, " "), []byte("Bearer")) || bytes.HasSuffix(bytes.TrimRight(before, " "), []byte("bearer")) {
		if looksRandom(run) {
			return "a bearer token"
		}
	}
	return ""
}

type secretPrefix struct {
	prefix  []byte
	minRest int
	what    string
	shape   func([]byte) bool // what must follow the prefix
}

var secretPrefixes = []secretPrefix{
	{[]byte("AKIA"), 16, "an AWS access key id", upperAlnum16},
	{[]byte("ASIA"), 16, "an AWS access key id", upperAlnum16},
	{[]byte("ghp_"), 30, "a GitHub token", looksRandom},
	{[]byte("gho_"), 30, "a GitHub token", looksRandom},
	{[]byte("ghs_"), 30, "a GitHub token", looksRandom},
	{[]byte("ghu_"), 30, "a GitHub token", looksRandom},
	{[]byte("github_pat_"), 30, "a GitHub token", looksRandom},
	{[]byte("glpat-"), 20, "a GitLab token", looksRandom},
	{[]byte("xoxb-"), 20, "a Slack token", looksRandom},
	{[]byte("xoxp-"), 20, "a Slack token", looksRandom},
	{[]byte("xoxa-"), 20, "a Slack token", looksRandom},
	{[]byte("sk-ant-"), 20, "an Anthropic API key", looksRandom},
	{[]byte("sk-"), 20, "an API key (sk-…)", looksRandom},
	{[]byte("sk_live_"), 16, "a Stripe secret key", looksRandom},
	{[]byte("rk_live_"), 16, "a Stripe secret key", looksRandom},
	{[]byte("AIza"), 30, "a Google API key", looksRandom},
}

// prefixesByFirstByte indexes secretPrefixes by their first byte.
var prefixesByFirstByte = func() (t [256][]secretPrefix) {
	for _, p := range secretPrefixes {
		t[p.prefix[0]] = append(t[p.prefix[0]], p)
	}
	return
}()

// startsPrefix marks the bytes some secretPrefixes begin with: most bytes
// of a run begin none, and are passed over with one load.
var startsPrefix = func() (t [256]bool) {
	for _, p := range secretPrefixes {
		t[p.prefix[0]] = true
	}
	return
}()

var credentialParams = [][]byte{
	[]byte("api_key="), []byte("apikey="), []byte("access_token="), []byte("token="), []byte("secret="), []byte("password="),
}

// upperAlnum16: AWS key ids are 16 upper-case letters or digits after the
// prefix, and no further letter or digit.
func upperAlnum16(b []byte) bool {
	if len(b) < 16 || (len(b) > 16 && isASCIIAlnum(b[16])) {
		return false
	}
	for _, c := range b[:16] {
		if !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// looksRandom tells a token from an identifier made of words: a token mixes
// digits with letters.
func looksRandom(b []byte) bool {
	digits, letters := 0, 0
	for _, c := range b {
		switch {
		case c >= '0' && c <= '9':
			digits++
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			letters++
		}
	}
	return digits >= 2 && letters >= 4
}
