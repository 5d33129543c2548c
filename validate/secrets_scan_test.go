package validate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/testcards"
)

// The secrets check as it was before its walk kept no path and its runs
// were read eight bytes at a time: the oracle the check must agree with,
// finding for finding, in order. It walks the tree with its path and
// looks at each string with the plain run scan (longRun) and the plain
// classification (a byte-by-byte look for prefixes, every search made).

type oracleScanner struct{ walker }

func oracleSecrets(r *report, root *model.Node) {
	s := oracleScanner{walker{r: r, path: make([]pathStep, 0, 16)}}
	s.node(root, true)
}

func (s *oracleScanner) node(n *model.Node, top bool) {
	switch n.Kind {
	case model.String:
		if len(n.Raw()) < minSecretToken {
			return
		}
		if what := oracleSecretIn(n.Raw()); what != "" {
			s.r.emit(ruleA2APossibleSecret, s.here(), describe(s.ptr())+" looks like it contains "+what, "Agent Cards are public: remove the secret from the card and revoke it")
		}
	case model.Array:
		for i, it := range n.All() {
			m := s.pushIndex(i)
			s.node(it, false)
			s.pop(m)
		}
	case model.Object:
		for _, mem := range n.Members() {
			if top && mem.Key() == "signatures" {
				continue
			}
			m := s.push(mem.Key())
			s.node(mem.Value, false)
			s.pop(m)
		}
	}
}

func oracleSecretIn(raw []byte) string {
	pemChecked := false
	for i := 0; ; {
		start, end, ok := longRun(raw, i, minSecretRun, &tokenByte)
		if !ok {
			return ""
		}
		if !pemChecked && isPrivateKeyPEM(raw) {
			return "a private key"
		}
		pemChecked = true
		if what := oracleClassifyRun(raw[start:end], raw[:start]); what != "" {
			return what
		}
		i = end + 1
	}
}

// oraclePrefixed is the byte-by-byte look for a known prefix at a word
// start.
func oraclePrefixed(run []byte) string {
	for i := 0; i < len(run); i++ {
		if len(prefixesByFirstByte[run[i]]) == 0 || i > 0 && isASCIIAlnum(run[i-1]) {
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
	return ""
}

func oracleClassifyRun(run, before []byte) string {
	if len(run) < minSecretRun {
		return ""
	}
	if what := oraclePrefixed(run); what != "" {
		return what
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

// classifyRun is classifyRunFlags for a run whose flags are not known
// (run of any length).
func classifyRun(run, before []byte) string {
	if len(run) < minSecretRun {
		return ""
	}
	return classifyRunFlags(run, before, runFlags(run))
}

// runFlags is the union of the secretByteFlags of run's bytes.
func runFlags(run []byte) (f uint8) {
	for _, c := range run {
		f |= secretByteFlags[c]
	}
	return f
}

// secretFindings runs check on doc's root and returns its findings as
// "pointer: message", in the order they were made.
func secretFindings(doc *model.Doc, check func(*report, *model.Node)) []string {
	r := newReport(doc, nil)
	check(r, doc.Root())
	var out []string
	for _, d := range r.diags {
		if d.Code != ruleA2APossibleSecret.Code {
			panic("the secrets check made a finding of " + d.Code)
		}
		out = append(out, d.Pointer+": "+d.Message)
	}
	return out
}

// agreeWithOracle fails t unless checkSecrets and the oracle make the
// same findings on src, and returns them.
func agreeWithOracle(t testing.TB, src string) []string {
	t.Helper()
	doc, err := model.Parse([]byte(src))
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	got, want := secretFindings(doc, checkSecrets), secretFindings(doc, oracleSecrets)
	if !slices.Equal(got, want) {
		t.Fatalf("checkSecrets on\n%s\n= %q\nthe path walk says %q", src, got, want)
	}
	if pre := secretFindings(doc, prescannedSecrets); !slices.Equal(pre, want) {
		t.Fatalf("the secrets from a prescan of\n%s\n= %q\nthe path walk says %q", src, pre, want)
	}
	if noted := secretFindings(parseNoting(t, []byte(src)), notedSecrets); !slices.Equal(noted, want) {
		t.Fatalf("the secrets from the long strings noted of\n%s\n= %q\nthe path walk says %q", src, noted, want)
	}
	return got
}

// parseNoting parses data as validate does, with its long strings noted.
func parseNoting(t testing.TB, data []byte) *model.Doc {
	t.Helper()
	doc, err := model.ParseLimits(data, model.Limits{LongStrings: minSecretToken})
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// notedSecrets is checkSecrets as the check of a whole card runs it: from
// the long strings its parse noted (secretsOfNoted).
func notedSecrets(r *report, root *model.Node) {
	spans, ok := r.doc.LongStrings(minSecretToken)
	if !ok {
		panic("a parse that noted the long strings gives none")
	}
	p := secretsOfNoted(r.doc.Source(), spans)
	checkSecretsPrescanned(r, root, &p)
}

// prescannedSecrets is checkSecrets as a large card's helper runs it: a
// prescan of the document's bytes, then its findings placed on the tree.
func prescannedSecrets(r *report, root *model.Node) {
	p := prescanSecrets(r.doc.Source(), new(atomic.Bool))
	if !p.complete {
		panic("a prescan never stopped ended incomplete")
	}
	checkSecretsPrescanned(r, root, &p)
}

const (
	ghToken  = "ghp_Z3kq9fT1mXc4LrB8vN2yW6pQ0sD5hJ7uA1eG"
	awsKey   = "AKIAIOSFODNN7EXAMPLE"
	slackTok = "xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx"
	pemKey   = `-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7xK9mQ2rT1vB7nC3zW5yH0pJ6sD9a\n-----END RSA PRIVATE KEY-----`
)

// TestSecretsAgreeWithPathWalk: cards that put secrets where the walk
// without a path could go wrong; each must be found exactly where, and in
// the order, the path walk finds it (and the pointers listed).
func TestSecretsAgreeWithPathWalk(t *testing.T) {
	packed := make([]string, 40) // packMin items or more: a packed array
	for i := range packed {
		packed[i] = fmt.Sprintf("%q", fmt.Sprintf("https://agent.example.com/skills/item-%02d/route-planner", i))
	}
	packed[33] = `"` + ghToken + `"`
	deep, deepEnd := "", ""
	for range 20 { // deeper than the parser keeps as nodes
		deep += `{"a":[`
		deepEnd = `]}` + deepEnd
	}
	for _, c := range []struct {
		name, src string
		want      []string // the pointers of the findings, in order
	}{
		{"a secret in a key", `{"` + ghToken + `": "x", "k": {"` + awsKey + `": 1}}`, nil},
		{"top-level signatures", `{"signatures": [{"protected": "` + ghToken + `", "signature": "` + awsKey + ` x"}], "name": "x"}`, nil},
		{"secrets after the top-level signatures", `{"signatures": [{"protected": "` + ghToken + `", "signature": "` + awsKey + ` x"}], "a": "` + awsKey + ` key", "b": {"c": "` + slackTok + `"}, "d": ["` + ghToken + `"]}`, []string{"/a", "/b/c", "/d/0"}},
		{"signatures below the top", `{"skills": [{"signatures": "` + ghToken + `"}]}`, []string{"/skills/0/signatures"}},
		{"signatures as a string", `{"signatures": "` + ghToken + `", "a": "` + awsKey + ` here"}`, []string{"/a"}},
		{"numbers and literals", `{"n": 12345678901234567890123456789, "m": -1.5e-300000000000000000, "t": [true, false, null], "s": "ghp_x"}`, nil},
		{"escapes", `{"a": "\"` + ghToken + `\"", "b": "\n` + awsKey + `", "c": "x\nAKIAIOSFODNN7EXAMPLE", "d": "\u0041KIAIOSFODNN7EXAMPLE", "e": "a\\` + slackTok + `"}`,
			[]string{"/a", "/e"}}, // after \n, "nAKIA..." starts no word
		{"a private key", `{"k": "` + pemKey + `"}`, []string{"/k"}},
		{"a private key's armour in two strings", `{"a": "-----BEGIN RSA PRIVATE KEY-----", "b": "MIIEowIBAAKCAQEA7xK9mQ2rT1vB7nC3zW5yH0pJ6sD9a", "c": "-----END RSA PRIVATE KEY-----"}`, nil},
		{"a private key with another secret", `{"a": "` + ghToken + ` -----BEGIN PRIVATE KEY----- MIIEowIBAAKCAQEA7xK9mQ2rT1vB7nC3zW5yH0pJ6sD9a"}`, []string{"/a"}},
		{"a bearer token", `{"a": "Authorization: Bearer 9f8e7d6c5b4a39281706f5e4d3c2b1a0", "b": "Bearer:9f8e7d6c5b4a39281706f5e4d3c2b1a0", "c": "bearer   9f8e7d6c5b4a39281706f5e4d3c2b1a0x"}`, []string{"/a", "/c"}},
		{"several secrets, in order", `{"z": "` + slackTok + `", "a": {"y": ["x", "` + awsKey + ` k", {"b": "https://admin:s3cretPassw0rd@db.example.com/x"}]}, "m": "https://api.example.com/v1?api_key=a8F3kL9mQ2xR7tB1vN4c"}`,
			[]string{"/z", "/a/y/1", "/a/y/2/b", "/m"}},
		{"nested arrays", `{"a": [[["` + ghToken + `"], []], [[["x", "` + slackTok + `"]]]]}`, []string{"/a/0/0/0", "/a/1/0/0/1"}},
		{"a packed array", `{"list": [` + strings.Join(packed, ",") + `]}`, []string{"/list/33"}},
		{"a packed array of mixed scalars, read from the source", `{"list": [` + strings.Join(packed[:30], ", ") + `, 12345678901234567890123, "q\"` + slackTok + `\\" ,` +
			"\n" + `true, null, "` + awsKey + ` k", -1.5]}`, []string{"/list/31", "/list/34"}},
		{"deep containers", `{"d": ` + deep + `"` + ghToken + `"` + deepEnd + `}`, []string{"/d" + strings.Repeat("/a/0", 20)}},
		// Deep containers are read from the source (sourceStrings): keys
		// left out, escapes, whitespace before a colon, order.
		{"deep containers read from the source", `{"d": ` + deep + `{"` + ghToken + `" : "x", "k\"` + awsKey + `": 1, "v": "a\\", "w": "q\"` + slackTok + `\\", "u" :` +
			"\n" + `["` + awsKey + ` k", "https://admin:s3cretPassw0rd@db.example.com/x"]}` + deepEnd + `, "z": "` + ghToken + `"}`,
			[]string{"/d" + strings.Repeat("/a/0", 20) + "/w", "/d" + strings.Repeat("/a/0", 20) + "/u/0", "/d" + strings.Repeat("/a/0", 20) + "/u/1", "/z"}},
		{"keys that need escaping", `{"a/b": {"~c": "` + ghToken + `"}}`, []string{"/a~1b/~0c"}},
		{"a string root", `"` + ghToken + `"`, []string{""}},
		{"an array root", `[1, "` + ghToken + `", {"signatures": "` + awsKey + ` x"}]`, []string{"/1", "/2/signatures"}},
		{"a JSON Web Token", `{"t": "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"}`, []string{"/t"}},
		{"prose and ids", `{"d": "Plans a route with traffic-aware-routing-and-scheduling-helpers", "id": "records.request.valley.example.net", "u": "https://agent.example.com/a2a/v1/.well-known/agent-card.json"}`, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := agreeWithOracle(t, c.src)
			var ptrs []string
			for _, f := range got {
				ptrs = append(ptrs, f[:strings.Index(f, ": ")])
			}
			if !slices.Equal(ptrs, c.want) {
				t.Errorf("found at %q, want %q", ptrs, c.want)
			}
		})
	}
}

// TestSecretsOnEditedDoc: an edited Doc (values with no bytes in the
// source) is checked as the path walk checks it.
func TestSecretsOnEditedDoc(t *testing.T) {
	doc := mustParse(t, `{"name": "x", "skills": [{"id": "a", "description": "Plans routes."}], "signatures": []}`)
	for _, e := range [][2]string{
		{"/skills/0/description", `"use ` + ghToken + `"`},
		{"/skills/-", `{"id": "b", "examples": ["curl -H 'Authorization: Bearer 9f8e7d6c5b4a39281706f5e4d3c2b1a0'"]}`},
		{"/signatures/-", `{"protected": "` + ghToken + `"}`},
		{"/url", `"https://admin:s3cretPassw0rd@db.example.com/x"`},
	} {
		if err := doc.Set(e[0], []byte(e[1])); err != nil {
			t.Fatal(err)
		}
	}
	got, want := secretFindings(doc, checkSecrets), secretFindings(doc, oracleSecrets)
	if !slices.Equal(got, want) || len(got) != 3 {
		t.Fatalf("checkSecrets = %q, the path walk says %q (want 3 findings)", got, want)
	}
}

// TestSecretsOnVariantCards: the cards of the benchmarks, as made and
// with secrets put into them, agree with the path walk.
func TestSecretsOnVariantCards(t *testing.T) {
	for i := range 8 {
		card := string(testcards.LargeVariant(1, i))
		agreeWithOracle(t, card)
		// A secret in the last skill's URL-like id and in a personEntry.
		withSecrets := strings.Replace(card, `"personEntry":"https://`, `"personEntry":"https://admin:s3cretPassw0rd@`, 1)
		if k := strings.LastIndex(withSecrets, `"id":"`); k >= 0 {
			withSecrets = withSecrets[:k+6] + ghToken + "." + withSecrets[k+6:]
		}
		if got := agreeWithOracle(t, withSecrets); len(got) != 2 {
			t.Fatalf("card %d with two secrets: %q", i, got)
		}
	}
}

// secretPieces are what generated strings are made of: prefixes, token
// bytes, separators, the bytes the quick tests look for, escapes.
var secretPieces = []string{" ", "a", "Z", "9", "-", "_", "/", ":", "@", "=", "?", "&", ".", "J", "A", "k",
	"Bearer ", "bearer  ", "ghp_", "gho_", "github_pat_", "glpat-", "xoxb-", "sk-", "sk-ant-", "sk_live_", "rk_live_",
	"AKIA", "ASIA", "AIza", "eyJ", ".eyJ", "https://", "admin:pw@", "-----BEGIN ", "PRIVATE KEY", "api_key=", "token=",
	"x8K2m9Q4", "ABCDEFGH12345678", "A1b2C3d4e5", `\n`, `\"`, `\\`, `\u0041`, "é", "https://agent.example.com/a2a/v1"}

// randomSecretString returns a JSON string token of pieces.
func randomSecretString(rnd *rand.Rand) string {
	var b strings.Builder
	b.WriteByte('"')
	for k := rnd.IntN(14); k > 0; k-- {
		b.WriteString(secretPieces[rnd.IntN(len(secretPieces))])
	}
	b.WriteByte('"')
	return b.String()
}

// randomSecretCard returns a JSON document of objects, arrays, numbers
// and generated strings (keys among them), with a top-level signatures
// member at times.
func randomSecretCard(rnd *rand.Rand) string {
	var b strings.Builder
	var value func(depth int)
	// members writes an object's members, keys all different (the parser
	// refuses a duplicate), "signatures" among them at times.
	members := func(depth int) {
		keys := map[string]bool{}
		for range 1 + rnd.IntN(4) {
			key := randomSecretString(rnd)
			if rnd.IntN(5) == 0 {
				key = `"signatures"`
			}
			var decoded string
			if json.Unmarshal([]byte(key), &decoded) != nil || keys[decoded] {
				continue
			}
			if len(keys) > 0 {
				b.WriteByte(',')
			}
			keys[decoded] = true
			b.WriteString(key)
			b.WriteByte(':')
			value(depth + 1)
		}
	}
	value = func(depth int) {
		switch k := rnd.IntN(10); {
		case depth < 5 && k < 2:
			b.WriteByte('{')
			members(depth)
			b.WriteByte('}')
		case depth < 5 && k < 4:
			b.WriteByte('[')
			for i := range rnd.IntN(5) {
				if i > 0 {
					b.WriteString(", ")
				}
				value(depth + 1)
			}
			b.WriteByte(']')
		case k == 4:
			b.WriteString([]string{"123456789012345678901234", "-0.5e-1234567890123456789", "true", "null"}[rnd.IntN(4)])
		default:
			b.WriteString(randomSecretString(rnd))
		}
	}
	b.WriteByte('{')
	members(0)
	b.WriteByte('}')
	return b.String()
}

// TestSecretsAgreeOnGeneratedCards: generated documents, checked by both.
func TestSecretsAgreeOnGeneratedCards(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 5))
	found, cards := 0, 3000
	if testing.Short() {
		cards = 500
	}
	for range cards {
		src := randomSecretCard(rnd)
		if !json.Valid([]byte(src)) {
			t.Fatalf("generated invalid JSON: %s", src)
		}
		found += len(agreeWithOracle(t, src))
	}
	if found < cards/10 {
		t.Fatalf("only %d findings in %d cards: the comparison is nearly vacuous", found, cards)
	}
}

// FuzzSecretsAgreeWithPathWalk: any document the parser accepts is
// checked as the path walk checks it.
func FuzzSecretsAgreeWithPathWalk(f *testing.F) {
	rnd := rand.New(rand.NewPCG(9, 9))
	for range 20 {
		f.Add([]byte(randomSecretCard(rnd)))
	}
	f.Add([]byte(`{"a": "` + pemKey + `", "signatures": ["` + ghToken + `"]}`))
	// Deeper than the parser keeps nodes for: read from the source.
	deep := strings.Repeat(`{"a":[`, 18) + `{"` + ghToken + `": "k\"` + awsKey + `", "b": ["` + slackTok + `"]}` + strings.Repeat(`]}`, 18)
	f.Add([]byte(deep))
	f.Add([]byte(`[` + strings.Repeat(`[`, 17) + randomSecretCard(rnd) + strings.Repeat(`]`, 17) + `]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		// The helper prescans a document before it is parsed: any bytes.
		prescanSecrets(data, new(atomic.Bool))
		doc, err := model.Parse(data)
		if err != nil {
			return
		}
		got, want := secretFindings(doc, checkSecrets), secretFindings(doc, oracleSecrets)
		if !slices.Equal(got, want) {
			t.Fatalf("checkSecrets on %q = %q, the path walk says %q", data, got, want)
		}
		if pre := secretFindings(doc, prescannedSecrets); !slices.Equal(pre, want) {
			t.Fatalf("the secrets from a prescan of %q = %q, the path walk says %q", data, pre, want)
		}
		if noted := secretFindings(parseNoting(t, data), notedSecrets); !slices.Equal(noted, want) {
			t.Fatalf("the secrets from the long strings noted of %q = %q, the path walk says %q", data, noted, want)
		}
	})
}

// TestSecretStringScansAgree: on generated strings, the parts of the
// string check agree with their plain forms: secretIn with the oracle's,
// tokenRun with longRun, prefixedSecret with the byte-by-byte look, and
// plainToken is only sure of strings that hold nothing.
func TestSecretStringScansAgree(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	found, plain := 0, 0
	for range 50000 {
		raw := []byte(randomSecretString(rnd))
		want := oracleSecretIn(raw)
		if got := secretIn(raw); got != want {
			t.Fatalf("secretIn(%s) = %q, the plain scan says %q", raw, got, want)
		}
		if len(raw) >= minSecretToken && plainToken(raw) {
			plain++
			if want != "" {
				t.Fatalf("plainToken(%s) is sure it holds nothing; it holds %s", raw, want)
			}
		}
		for from := 0; from < len(raw); from += 1 + rnd.IntN(8) {
			s, e, flags, ok := tokenRun(raw, from)
			ws, we, wok := longRun(raw, from, minSecretRun, &tokenByte)
			if s != ws || e != we || ok != wok {
				t.Fatalf("tokenRun(%s, %d) = %d, %d, %v; longRun says %d, %d, %v", raw, from, s, e, ok, ws, we, wok)
			}
			if ok {
				if flags != runFlags(raw[s:e]) {
					t.Fatalf("tokenRun(%s, %d): flags %b, the run's are %b", raw, from, flags, runFlags(raw[s:e]))
				}
				if got, want := prefixedSecret(raw[s:e]), oraclePrefixed(raw[s:e]); got != want {
					t.Fatalf("prefixedSecret(%s) = %q, byte by byte %q", raw[s:e], got, want)
				}
			}
		}
		if want != "" {
			found++
		}
	}
	if found < 1000 || plain < 1000 {
		t.Fatalf("%d strings held a secret and %d were plain: the comparison is nearly vacuous", found, plain)
	}
}

// TestSecretPrefixesFitTheTriggers: prefixedSecret and plainToken look
// for a prefix only at an 'A' or at the '-' or '_' ending its first
// word; a prefix of another shape would go unseen.
func TestSecretPrefixesFitTheTriggers(t *testing.T) {
	for _, p := range secretPrefixes {
		if p.prefix[0] == 'A' {
			continue
		}
		sep := bytes.IndexAny(p.prefix, "-_")
		if sep < 2 || bytes.ContainsFunc(p.prefix[:sep], func(r rune) bool { return !isASCIIAlnum(byte(r)) }) {
			t.Errorf("prefix %q neither begins with 'A' nor is a word of two or more letters or digits and a '-' or '_'", p.prefix)
			continue
		}
		i := slices.Index(separatedStarts, separatedStart{sep, uint16(p.prefix[0]) | uint16(p.prefix[1])<<8})
		if i < 0 || separatedBefore[p.prefix[sep-1]]&(1<<i) == 0 {
			t.Errorf("prefix %q is missing from separatedStarts or separatedBefore", p.prefix)
		}
	}
	if len(separatedStarts) > 8 {
		t.Errorf("%d separatedStarts do not fit separatedBefore's bytes", len(separatedStarts))
	}
}

// TestSecretsReadKeptBytes: the strings of a packed array and of a deep
// container are read from their bytes (Node.KeptAsBytes), so the secrets
// check of 100,000 of them allocates next to nothing. Made as nodes, they
// would take 32 bytes each (3.2 MB): all at once through Items, which made
// a 13 MiB card of short strings peak at 9.8 times its size.
func TestSecretsReadKeptBytes(t *testing.T) {
	items := make([]string, 100_000)
	for i := range items {
		items[i] = fmt.Sprintf(`"https://agent.example.com/items/%06d/route"`, i)
	}
	list := strings.Join(items, ",")
	deep := strings.Repeat(`[`, 20) + list + strings.Repeat(`]`, 20)
	for name, src := range map[string]string{"packed": `{"list": [` + list + `]}`, "deep": `{"list": ` + deep + `}`} {
		doc := mustParse(t, src)
		r := newReport(doc, nil)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		checkSecrets(r, doc.Root())
		runtime.ReadMemStats(&after)
		if got := after.TotalAlloc - before.TotalAlloc; got > 64<<10 {
			t.Errorf("%s: the check allocated %d bytes for 100,000 strings", name, got)
		}
		if len(r.diags) != 0 {
			t.Errorf("%s: findings %v", name, r.diags)
		}
	}
}
