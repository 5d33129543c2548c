package validate

import (
	"fmt"
	"math/rand/v2"
	"net/netip"
	"strings"
	"testing"
)

// TestIPLiteralShortCut: parseIPLiteral, which leaves out of
// netip.ParseAddr the hosts mayBeIPLiteral rules out, reads every host as
// netip.ParseAddr does: the seeds and hosts made of digits, dots, colons,
// hex letters, other letters and zones, and IPv4 addresses.
func TestIPLiteralShortCut(t *testing.T) {
	hosts := []string{"", "1.2.3.4", "10.0.0.1", "1.2.3", "1.2.3.4.5", "01.2.3.4", "256.1.1.1", "::1", "[::1]", "fe80::1%eth0", "[fe80::1%25eth0]",
		"::ffff:1.2.3.4", "a2a.example.com", "localhost", "1.2.3.4%eth0", "abcd", "a:b", "1e100.net", "0x7f.0.0.1", "127.1", "1.2.3.4.", ".1.2.3"}
	rng := rand.New(rand.NewPCG(29, 31))
	const bytesOf = "0123456789.:abcdefxyz%[]-"
	for range 50000 {
		var b strings.Builder
		for n := rng.IntN(16); n > 0; n-- {
			b.WriteByte(bytesOf[rng.IntN(len(bytesOf))])
		}
		hosts = append(hosts, b.String())
	}
	for range 5000 { // IPv4 addresses, some of them not quite
		h := fmt.Sprintf("%d.%d.%d.%d", rng.IntN(300), rng.IntN(256), rng.IntN(256), rng.IntN(256))
		if i := rng.IntN(len(h) * 4); i < len(h) {
			h = h[:i] + string(bytesOf[rng.IntN(len(bytesOf))]) + h[i:]
		}
		hosts = append(hosts, h)
	}
	parsed := 0
	for _, h := range hosts {
		got, ok := parseIPLiteral(h)
		host := strings.TrimSuffix(strings.TrimPrefix(h, "["), "]")
		if i := strings.IndexByte(host, '%'); i >= 0 {
			host = host[:i]
		}
		want, err := netip.ParseAddr(host)
		if ok != (err == nil) || got != want {
			t.Fatalf("parseIPLiteral(%q) = %v, %v; netip reads %v, %v", h, got, ok, want, err)
		}
		if ok {
			parsed++
		}
	}
	if parsed < 100 {
		t.Fatalf("only %d hosts were IP addresses: the test reaches too little", parsed)
	}
}
