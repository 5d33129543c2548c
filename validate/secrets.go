package validate

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"slices"

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
// more closely. The walk that reads the strings keeps no pointer; one is
// made for a finding (secrets_scan.go).
func checkSecrets(r *report, root *model.Node) {
	s := secretScanner{walker: walker{r: r, path: make([]pathStep, 0, 16)}}
	s.node(root, true)
}

// checkSecretsPrescanned is checkSecrets of the root of r's document, as
// parsed, from p, the complete prescan of its bytes (prescanSecrets).
func checkSecretsPrescanned(r *report, root *model.Node, p *secretPrescan) {
	s := secretScanner{walker: walker{r: r, path: make([]pathStep, 0, 16)}}
	s.fromPrescan(root, p, r.doc.Source())
}

const minSecretRun = 20

// minSecretToken is the shortest string token, quotes included, that can
// hold such a run: the strings the walks check, the prescan reads and the
// parse notes for them (model.Limits.LongStrings).
const minSecretToken = minSecretRun + 2

// secretScanner is the check under way; secrets_scan.go has its walks.
type secretScanner struct {
	walker
	// hits are the strings of the subtree being checked that hold a
	// secret, in order; next is the first not yet reported.
	hits []secretHit
	next int
	// count numbers the long strings (longString) as a walk meets them.
	count int
}

// found reports what seems to be a credential in the string at ptr.
func (s *secretScanner) found(ptr, what string) {
	s.r.emit(ruleA2APossibleSecret, ptr, describe([]byte(ptr))+" looks like it contains "+what, "Agent Cards are public: remove the secret from the card and revoke it")
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
		start, end, flags, ok := tokenRun(raw, i)
		if !ok {
			return ""
		}
		// A PEM private key has long base64 lines; look for its armour
		// once, when the first long run shows up.
		if !pemChecked && isPrivateKeyPEM(raw) {
			return "a private key"
		}
		pemChecked = true
		if what := classifyRunFlags(raw[start:end], raw[:start], flags); what != "" {
			return what
		}
		i = end + 1
	}
}

// tokenRun is longRun(raw, i, minSecretRun, &tokenByte) that also returns
// the union of the run's secretByteFlags, gathered as it reads the run's
// bytes: classifyRunFlags then skips the searches a run cannot match.
func tokenRun(raw []byte, i int) (start, end int, flags uint8, ok bool) {
	for i+minSecretRun <= len(raw) {
		j := i + minSecretRun - 1
		if !tokenByte[raw[j]] {
			i = j + 1
			continue
		}
		k := j - 7 // as in longRun: a space among the eight bytes up to j
		w := binary.LittleEndian.Uint64(raw[k:])
		if m := zeroBytes(w ^ (0x0101010101010101 * ' ')); m != 0 {
			i = k + (63-bits.LeadingZeros64(m))/8 + 1
			continue
		}
		flags = secretByteFlags[raw[j]]
		start, end = j, j+1
		for start > i {
			f := secretByteFlags[raw[start-1]]
			if f == 0 {
				break
			}
			flags |= f
			start--
		}
		for end < len(raw) {
			f := secretByteFlags[raw[end]]
			if f == 0 {
				break
			}
			flags |= f
			end++
		}
		if end-start >= minSecretRun {
			return start, end, flags, true
		}
		i = end + 1
	}
	return 0, 0, 0, false
}

// longRun finds the first run of at least min bytes of class in s that
// starts at i or later. It looks at the byte min-1 ahead first: when that
// byte is not of the class, no such run can start before it, so prose is
// skipped about min bytes at a time (the encoded-payload scan reads every
// string of a card; tokenRun is its form for the secrets check).
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

// isPrivateKeyPEM reports whether raw holds both markers of a PEM private
// key's armour. Most strings it is asked about are tokens with no space,
// which "PRIVATE KEY" has: one IndexByte passes over them.
func isPrivateKeyPEM(raw []byte) bool {
	return bytes.IndexByte(raw, ' ') >= 0 && bytes.Contains(raw, []byte("PRIVATE KEY")) && bytes.Contains(raw, []byte("-----BEGIN"))
}

// The bytes each kind of credential needs: a run without them is not
// searched for it. flagToken marks the token bytes themselves.
const (
	flagToken  = 1 << iota
	flagPrefix // '-', '_', 'A': what every known prefix holds (prefixedSecret)
	flagAt     // '@': a URL with a password
	flagEquals // '=': a credential in a URL query
)

var secretByteFlags = func() (t [256]uint8) {
	for c := range 256 {
		if tokenByte[c] {
			t[c] = flagToken
		}
	}
	t['-'] |= flagPrefix
	t['_'] |= flagPrefix
	t['A'] |= flagPrefix
	t['@'] |= flagAt
	t['='] |= flagEquals
	return
}()

// classifyRunFlags looks at one run of token characters, of at least
// minSecretRun; before is what precedes it in the string (for "Bearer
// <token>"), flags the union of its bytes' secretByteFlags.
func classifyRunFlags(run, before []byte, flags uint8) string {
	if flags&flagPrefix != 0 {
		if what := prefixedSecret(run); what != "" {
			return what
		}
	}
	if bytes.HasPrefix(run, []byte("eyJ")) && bytes.Count(run, []byte(".")) == 2 && bytes.Contains(run, []byte(".eyJ")) {
		return "a JSON Web Token"
	}
	if flags&flagAt != 0 {
		if i := bytes.Index(run, []byte("://")); i > 0 {
			auth := run[i+3:]
			if at := bytes.IndexByte(auth, '@'); at > 0 {
				slash := bytes.IndexByte(auth, '/')
				if (slash < 0 || at < slash) && bytes.IndexByte(auth[:at], ':') > 0 {
					return "a URL with a password"
				}
			}
		}
	}
	if flags&flagEquals != 0 {
		for _, k := range credentialParams {
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
	}
	if before = bytes.TrimRight(before, " "); bytes.HasSuffix(before, []byte("Bearer")) || bytes.HasSuffix(before, []byte("bearer")) {
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

// prefixedSecret returns what the first known prefix (secretPrefixes) at a
// word start of run, with what must follow it, names, or "".
//
// Most runs are URLs and dotted ids, and most of their word starts begin no
// prefix; rather than look at every byte, the scan looks for the bytes a
// prefix must hold, eight at a time: a prefix either begins with 'A'
// (AKIA, ASIA, AIza) or is a short word and a '-' or '_' (sk-, ghp_,
// xoxb-, github_pat_ ...). So the 'A' prefixes are tried at each 'A', and
// at each '-' or '_' the prefixes whose word begins with the two bytes
// found where it would begin (separatedStarts). A word start tried from a
// later byte than a byte-by-byte look would try it at cannot come before a
// match found earlier, as no word starts inside a prefix's first word: the
// first match is the same (TestSecretStringScansAgree). run is a run of
// at least minSecretRun bytes, so eight can be read anywhere in it.
func prefixedSecret(run []byte) string {
	const ones = 0x0101010101010101
	for i := 0; i < len(run); i += 8 {
		j := min(i, len(run)-8) // the last word overlaps the one before
		w := binary.LittleEndian.Uint64(run[j:])
		m := zeroBytes(w^(ones*'-')) | zeroBytes(w^(ones*'_')) | zeroBytes(w^(ones*'A'))
		m &^= 1<<(8*(i-j)) - 1 // bytes the word before looked at
		for ; m != 0; m &= m - 1 {
			if what := prefixTriggered(run, j+bits.TrailingZeros64(m)/8); what != "" {
				return what
			}
		}
	}
	return ""
}

// prefixTriggered tries the prefixes that run[k], a '-', '_' or 'A', may
// be part of: an 'A' prefix at k, or a prefix whose first '-' or '_' is
// at k.
func prefixTriggered(run []byte, k int) string {
	if run[k] == 'A' {
		return prefixAt(run, k)
	}
	if k == 0 {
		return ""
	}
	// Only the prefixes whose word ends with the byte before k.
	for c := separatedBefore[run[k-1]]; c != 0; c &= c - 1 {
		st := separatedStarts[bits.TrailingZeros8(c)]
		if p := k - st.sep; p >= 0 && uint16(run[p])|uint16(run[p+1])<<8 == st.first2 {
			if what := prefixAt(run, p); what != "" {
				return what
			}
		}
	}
	return ""
}

// separatedBefore marks, for each byte, the separatedStarts (bit i for
// the i-th) of the prefixes whose word ends with that byte.
var separatedBefore = func() (t [256]uint8) {
	for _, p := range secretPrefixes {
		sep := bytes.IndexAny(p.prefix, "-_")
		if p.prefix[0] == 'A' || sep < 2 {
			continue
		}
		i := slices.Index(separatedStarts, separatedStart{sep, uint16(p.prefix[0]) | uint16(p.prefix[1])<<8})
		t[p.prefix[sep-1]] |= 1 << i
	}
	return
}()

// separatedStart is where the word of a prefix made of a word and a '-' or
// '_' begins: sep bytes before that byte, with the two bytes first2 (the
// first in the low byte).
type separatedStart struct {
	sep    int
	first2 uint16
}

// separatedStarts lists the separatedStart of every prefix but the 'A'
// ones, each once.
var separatedStarts = func() (t []separatedStart) {
	for _, p := range secretPrefixes {
		sep := bytes.IndexAny(p.prefix, "-_")
		if p.prefix[0] == 'A' || sep < 2 {
			continue
		}
		st := separatedStart{sep, uint16(p.prefix[0]) | uint16(p.prefix[1])<<8}
		if !slices.Contains(t, st) {
			t = append(t, st)
		}
	}
	return
}()

// prefixAt tries the prefixes at run[w:], if a word starts there.
func prefixAt(run []byte, w int) string {
	if w > 0 && alnumByte[run[w-1]] {
		return ""
	}
	for _, p := range prefixesByFirstByte[run[w]] {
		if bytes.HasPrefix(run[w:], p.prefix) {
			rest := run[w+len(p.prefix):]
			if len(rest) >= p.minRest && p.shape(rest) {
				return p.what
			}
		}
	}
	return ""
}

var alnumByte = byteClass(alnum)

var credentialParams = [][]byte{
	[]byte("api_key="), []byte("apikey="), []byte("access_token="), []byte("token="), []byte("secret="), []byte("password="),
}

// betweenBytes has the high bit set in each byte of x that is above lo
// and below hi, and no other bit ("Bit Twiddling Hacks", hasbetween: exact
// for each byte, as no carry crosses into the next); lo < hi <= 0x80, and a
// byte of 0x80 or more is never marked.
func betweenBytes(x uint64, lo, hi uint64) uint64 {
	const ones, lows, highs = 0x0101010101010101, 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	t := x & lows
	return (ones*(127+hi) - t) & ^x & (t + ones*(127-lo)) & highs
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
