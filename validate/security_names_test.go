package validate

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// hostOfSeeds are URLs of the usual shape and odd ones near it.
var hostOfSeeds = []string{
	"https://a2a.example.com/a2a/jsonrpc", "https://example.com", "https://example.com/", "https://example.com.",
	"https://example.com./x", "https://.", "https://", "https:///x", "https://-a.example/b", "https://1.2.3.4/x",
	"https://10.0.0.1", "https://[::1]/x", "https://Example.com/x", "HTTPS://example.com/x", "https://example.com:8443/x",
	"https://user@example.com/x", "https://example.com?q=1", "https://example.com/x?q=1", "https://example.com/x#f",
	"https://example.com/%41", "https://example.com/%zz", "https://exa%41mple.com/", "https://example.com/a b",
	"https://example.com/\x7f", "https://ex\x00ample.com", "https://example.com\\x", "https://localhost/x",
	"https://a..b/x", "https://a_b.example/x", "https://éxample.com/x", "http://example.com/x", "example.com:443",
	"grpc.example.com:50051", "//example.com/x", "https:example.com", "https://example.com//x", "https://<AGENT_HOST>/a2a",
}

// FuzzHostOfShortCut: hostOf, with its short cut for plain https URLs,
// gives net/url's answer (parsedHostOf) for every string.
func FuzzHostOfShortCut(f *testing.F) {
	for _, s := range hostOfSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := hostOf(s), parsedHostOf(s); got != want {
			t.Fatalf("hostOf(%q) = %q, net/url reads %q", s, got, want)
		}
	})
}

// TestHostOfShortCutReadsAsNetURL: the same over the seeds and many URLs
// generated near the short cut's edges (bytes of each class and beyond in
// the host and the path), which the short cut takes often.
func TestHostOfShortCutReadsAsNetURL(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 34))
	const odd = "aZ09.-_~/?#:@%[]!$&'()*+,;= \t\\\x00\x7fé"
	oddRunes := []rune(odd)
	// piece is up to n bytes of common, each odd one time in odds.
	piece := func(common string, n, odds int) string {
		var b strings.Builder
		for range rng.IntN(n) {
			if rng.IntN(odds) > 0 {
				b.WriteByte(common[rng.IntN(len(common))])
			} else {
				b.WriteRune(oddRunes[rng.IntN(len(oddRunes))])
			}
		}
		return b.String()
	}
	urls := append([]string(nil), hostOfSeeds...)
	for range 20000 {
		odds := []int{1 << 30, 40, 8}[rng.IntN(3)] // a third of the URLs have no odd byte
		urls = append(urls, []string{"https://", "https://", "https://", "https:/", "HTTPS://", "http://", ""}[rng.IntN(7)]+
			piece("abcxyz0189.-", 16, odds)+[]string{"", "/", "/", "/x", ":443", "."}[rng.IntN(6)]+piece("abz09-._~/", 24, odds))
	}
	shortCut := 0
	for _, s := range urls {
		if got, want := hostOf(s), parsedHostOf(s); got != want {
			t.Fatalf("hostOf(%q) = %q, net/url reads %q", s, got, want)
		}
		if _, ok := plainHTTPSHost(s); ok {
			shortCut++
		}
	}
	t.Logf("the short cut took %d of %d URLs", shortCut, len(urls))
	if shortCut < len(urls)/10 || shortCut > len(urls)*9/10 {
		t.Fatalf("the short cut took %d of %d URLs: the test reaches too little of one side", shortCut, len(urls))
	}
}

// TestIsASCIIEveryPlace: isASCII finds a byte of 0x80 or more at every
// place of strings of every length up to 40.
func TestIsASCIIEveryPlace(t *testing.T) {
	for n := range 41 {
		s := []byte(strings.Repeat("a", n))
		if !isASCII(string(s)) {
			t.Fatalf("isASCII(%q) = false", s)
		}
		for i := range n {
			for _, c := range []byte{0x80, 0xc3, 0xff} {
				s[i] = c
				if isASCII(string(s)) {
					t.Fatalf("isASCII(%q) = true", s)
				}
			}
			s[i] = 0x7f
			if !isASCII(string(s)) {
				t.Fatalf("isASCII(%q) = false", s)
			}
			s[i] = 'a'
		}
	}
}
