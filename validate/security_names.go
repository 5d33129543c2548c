package validate

import (
	"fmt"
	"net/url"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/oncard/oncard/model"
)

// Look-alike names. People, registries and models choose an agent by its
// name and its provider's: a word written with Cyrillic letters that look
// Latin ("Gооgle" with two Cyrillic o) passes for another. Unicode TR39
// gives the two tests used here: mixed-script detection (a word whose
// letters belong to no one script) and skeletons (a word that, letter for
// its look-alike letter, is plain ASCII).

// checkNames checks the card's name, the provider's organization and each
// skill's name for look-alike words, and the name against the domains
// that serve the agent.
func checkNames(r *report, root *model.Node) {
	check := func(n *model.Node, ptr func() string) {
		if s, ok := strValue(n); ok && !isASCII(s) { // an ASCII name has one script
			checkLookalike(r, ptr(), s)
		}
	}
	// A document whose strings are all printable ASCII has one script
	// in every name (most cards): only the brands are left to check.
	if r.textIsPlainASCII() {
		checkBrand(r, root)
		return
	}
	check(root.Get("name"), func() string { return "/name" })
	check(root.Get("provider").Get("organization"), func() string { return "/provider/organization" })
	for i, sk := range r.eachSkill(famNames, root.Get("skills")) {
		// As check does, without a closure a skill: this runs on every
		// skill of a card.
		if s, ok := sk.Get("name").Str(); ok && !isASCII(s) {
			checkLookalike(r, indexPtr("/skills", i)+"/name", s)
		}
	}
	checkBrand(r, root)
}

// checkLookalike reports the first look-alike word of s: a confusable word
// (its skeleton is ASCII though it is not) before a merely mixed one.
func checkLookalike(r *report, ptr, s string) {
	if isASCII(s) {
		return
	}
	words := nameWords(s)
	latin := false
	for _, w := range words {
		if wordScripts(w).has("Latin") {
			latin = true
		}
	}
	for _, w := range words {
		scripts := wordScripts(w)
		foreign := scripts.firstOtherThan("Latin")
		if foreign == "" {
			continue
		}
		mixed := !scripts.single()
		// A word wholly in another script is confusable only among Latin
		// words: a name all in Cyrillic is Russian, not a disguise.
		if (mixed || latin) && isASCII(skeleton(w)) {
			r.emitExcerpt(ruleSecurityConfusableName, ptr, fmt.Sprintf("%s has a word written with %s letters (%s) that look like Latin ones: it reads as a Latin word it is not", memberName(ptr), foreign, scripts.sample(foreign)), "write the name in the letters it is read in", excerpt(s, strings.Index(s, w), strings.Index(s, w)+len(w)))
			return
		}
		if mixed {
			r.emitExcerpt(ruleSecurityMixedScript, ptr, fmt.Sprintf("%s has a word that mixes %s letters: the shape of a look-alike name", memberName(ptr), scripts.names()), "write each word in one script", excerpt(s, strings.Index(s, w), strings.Index(s, w)+len(w)))
			return
		}
	}
}

// isASCII is eight bytes at a time: it runs on every name of a card.
func isASCII(s string) bool {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if load64(s, i)&highBits != 0 {
			return false
		}
	}
	for ; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// nameWords splits a name into words: runs of letters, marks and digits.
func nameWords(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool {
		return !(unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.M, r))
	})
}

// skeleton is TR39's skeleton(X): NFD, each character replaced by its
// prototype, NFD again.
func skeleton(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		if i := sort.Search(len(confusableFrom), func(i int) bool { return confusableFrom[i] >= r }); i < len(confusableFrom) && confusableFrom[i] == r {
			b.WriteString(confusableTo[i])
			continue
		}
		b.WriteRune(r)
	}
	return norm.NFD.String(b.String())
}

// scriptSet is the scripts of one word's letters, each with a letter of
// it; Common and Inherited characters (digits, marks) belong to none.
type scriptSet struct {
	scripts []string
	letters []rune
}

func wordScripts(w string) scriptSet {
	var s scriptSet
	for _, r := range w {
		name := scriptOf(r)
		if name == "" || name == "Common" || name == "Inherited" || s.has(name) {
			continue
		}
		s.scripts = append(s.scripts, name)
		s.letters = append(s.letters, r)
	}
	return s
}

func (s scriptSet) has(name string) bool { return contains(s.scripts, name) }

// single tells whether the word is in one script, as TR39's augmented
// script sets count: Han goes with Hiragana and Katakana (Japanese), with
// Hangul (Korean) and with Bopomofo (Chinese).
func (s scriptSet) single() bool {
	if len(s.scripts) <= 1 {
		return true
	}
	for _, group := range [][]string{{"Han", "Hiragana", "Katakana"}, {"Han", "Hangul"}, {"Han", "Bopomofo"}} {
		all := true
		for _, name := range s.scripts {
			all = all && contains(group, name)
		}
		if all {
			return true
		}
	}
	return false
}

func (s scriptSet) firstOtherThan(name string) string {
	for _, n := range s.scripts {
		if n != name {
			return n
		}
	}
	return ""
}

// sample names the word's first letter of a script by its code point.
func (s scriptSet) sample(name string) string {
	for i, n := range s.scripts {
		if n == name {
			return fmt.Sprintf("U+%04X", s.letters[i])
		}
	}
	return ""
}

func (s scriptSet) names() string {
	switch len(s.scripts) {
	case 0:
		return ""
	case 1:
		return s.scripts[0]
	}
	return strings.Join(s.scripts[:len(s.scripts)-1], ", ") + " and " + s.scripts[len(s.scripts)-1]
}

// commonScripts are tried first: a name's letters are nearly always in one
// of them.
var commonScripts = []string{"Latin", "Common", "Inherited", "Cyrillic", "Greek", "Han", "Hiragana", "Katakana", "Hangul", "Arabic", "Hebrew", "Armenian", "Georgian", "Cherokee", "Devanagari", "Thai"}

// scriptOf is the Unicode Script property of r ("" when unassigned).
func scriptOf(r rune) string {
	if r < utf8.RuneSelf {
		if 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' {
			return "Latin"
		}
		return "Common"
	}
	for _, name := range commonScripts {
		if unicode.Is(unicode.Scripts[name], r) {
			return name
		}
	}
	for name, table := range unicode.Scripts {
		if unicode.Is(table, r) {
			return name
		}
	}
	return ""
}

// brands are well-known names an impostor borrows, with the registrable
// domains (public suffix + 1) that serve them. docs/security.md lists
// them. Names that are also common words or first names (apple, visa,
// amazon, gemini, claude) are left out: the rule would fire on honest
// cards.
var brands = []struct {
	name    string
	domains []string
}{
	{"google", []string{"google.com", "google.dev", "googleapis.com", "withgoogle.com", "goog"}},
	{"microsoft", []string{"microsoft.com", "azure.com", "office.com", "live.com", "bing.com"}},
	{"azure", []string{"microsoft.com", "azure.com"}},
	{"openai", []string{"openai.com", "chatgpt.com"}},
	{"chatgpt", []string{"openai.com", "chatgpt.com"}},
	{"anthropic", []string{"anthropic.com", "claude.ai", "claude.com"}},
	{"github", []string{"github.com"}},
	{"paypal", []string{"paypal.com"}},
	{"stripe", []string{"stripe.com"}},
	{"aws", []string{"amazon.com", "aws.com", "amazonaws.com"}},
	{"salesforce", []string{"salesforce.com", "force.com"}},
	{"nvidia", []string{"nvidia.com"}},
	{"coinbase", []string{"coinbase.com"}},
	{"mastercard", []string{"mastercard.com"}},
	{"slack", []string{"slack.com"}},
}

// checkBrand: the provider's organization (any word) or the card's name
// (its first word) claims a brand, while no URL that names the agent's
// home, the provider's and the interfaces', is on one of the brand's
// domains. URLs without a registrable domain (loopback, IP addresses,
// .local names) are no evidence either way; with none left, nothing is
// reported.
func checkBrand(r *report, root *model.Node) {
	brand, ptr := -1, ""
	if org, ok := strValue(root.Get("provider").Get("organization")); ok {
		for _, w := range nameWords(org) {
			if brand = brandOf(w); brand >= 0 {
				ptr = "/provider/organization"
				break
			}
		}
	}
	if brand < 0 {
		if name, ok := strValue(root.Get("name")); ok {
			if words := nameWords(name); len(words) > 0 {
				if brand = brandOf(words[0]); brand >= 0 {
					ptr = "/name"
				}
			}
		}
	}
	if brand < 0 {
		return
	}
	domains := homeDomains(r, root)
	if len(domains) == 0 {
		return
	}
	for _, d := range domains {
		if contains(brands[brand].domains, d) {
			return
		}
	}
	r.emit(ruleSecurityBrandMismatch, ptr, fmt.Sprintf("%s claims the brand %s, but the provider's and interfaces' URLs are on %s, none of that brand's domains: the shape of an impostor", memberName(ptr), brands[brand].name, pluralDomains(len(domains), "another registrable domain", "other registrable domains")), "serve the agent from the brand's own domain, or name your own organisation")
}

func pluralDomains(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// brandOf returns the index of the brand a word names, compared by
// skeleton, so that a look-alike spelling counts too; -1 for none.
func brandOf(w string) int {
	if len(w) < 3 || len(w) > 40 {
		return -1
	}
	key := strings.ToLower(w)
	if !isASCII(key) {
		key = strings.ToLower(skeleton(key))
	} else {
		key = digitLookalikes.Replace(key)
	}
	for i, b := range brands {
		if key == b.name {
			return i
		}
	}
	return -1
}

// digitLookalikes are the digits an ASCII name writes for letters.
var digitLookalikes = strings.NewReplacer("0", "o", "1", "l")

// homeDomains are the registrable domains of the provider's URL and of the
// card's interfaces, each once.
func homeDomains(r *report, root *model.Node) []string {
	var out []string
	add := func(n *model.Node) {
		if d := r.registrableDomain(urlHost(n)); d != "" && !contains(out, d) {
			out = append(out, d)
		}
	}
	add(root.Get("provider").Get("url"))
	for _, u := range interfaceURLs(root) {
		add(u.node)
	}
	return out
}

// urlHost is the host of the URL in n, lower case ("" for anything else).
// A gRPC endpoint may be a bare host:port.
func urlHost(n *model.Node) string {
	s, ok := strValue(n)
	if !ok || s == "" {
		return ""
	}
	return hostOf(s)
}

// Only URLs a client fetches count: http(s) and ws(s) ones, and bare
// host:port gRPC targets. A host that is no host name at all (a template
// placeholder such as "<AGENT_HOST>") is a2a/invalid-url's.
func hostOf(s string) string {
	if host, ok := plainHTTPSHost(s); ok {
		return host
	}
	return parsedHostOf(s)
}

// parsedHostOf is hostOf by net/url's parse, for any URL.
func parsedHostOf(s string) string {
	if isHostPort(s) && !strings.Contains(s, "://") {
		s = "//" + s
	}
	u, err := url.Parse(s)
	if err != nil {
		return ""
	}
	switch strings.ToLower(u.Scheme) {
	case "", "http", "https", "ws", "wss":
	default:
		return ""
	}
	host := strings.TrimSuffix(strings.ToLower(u.Hostname()), ".")
	if !isHostname(host) {
		return ""
	}
	return host
}

// plainHTTPSHost is hostOf for the usual shape of a card's URL, read
// without net/url's parse (which allocates the URL it returns): "https://",
// a host of small letters, digits, dots and dashes, and a path of plain
// bytes (plainPathByte) or none. ok is false for any other shape, left to
// parsedHostOf; FuzzHostOfShortCut holds the two together.
func plainHTTPSHost(s string) (host string, ok bool) {
	rest, ok := strings.CutPrefix(s, "https://")
	if !ok {
		return "", false
	}
	i := 0
	for i < len(rest) && httpsHostByte[rest[i]] {
		i++
	}
	if i == 0 || (i < len(rest) && (rest[i] != '/' || !isPlainPath(rest[i+1:]))) {
		return "", false
	}
	// Such a host is a host name unless the final dot leaves nothing.
	return strings.TrimSuffix(rest[:i], "."), true
}

var httpsHostByte = byteClass("0123456789abcdefghijklmnopqrstuvwxyz.-")

// registrableDomain is host's public suffix plus one label (the Public
// Suffix List, private domains included: two github.io sites are two
// owners); "" for an IP address, a single label or a public suffix itself.
// The list is handed in (Options.RegistrableDomain: the pipeline gives
// golang.org/x/net/publicsuffix, whose package reaches net/http); without
// it the last two labels stand in.
func (r *report) registrableDomain(host string) string {
	if host == "" || !strings.Contains(host, ".") || isIPLiteral(host) {
		return ""
	}
	if r.opts.RegistrableDomain == nil {
		labels := strings.Split(host, ".")
		return strings.Join(labels[len(labels)-2:], ".")
	}
	d, err := r.opts.RegistrableDomain(host)
	if err != nil {
		return ""
	}
	return d
}
