package lsp

import (
	"bytes"
	"testing"

	"github.com/oncard/oncard/model/testcards"
)

// BenchmarkDiagnosticsAfterChange measures what an editor waits for after
// the pause that follows a keystroke: one incremental change of one
// character sent over the pipe, applied, the card checked (every rule, as
// `oncard validate`), the findings converted and published, and read by
// the client, after the server's pause (DefaultDebounce) as in an editor.
// The change is in the card's description (every rule runs again), or in
// one skill's (Skill…: the check remembers the others' findings,
// validate.Incremental).
func BenchmarkDiagnosticsAfterChange(b *testing.B) {
	for _, bc := range []struct {
		name string
		card []byte
		nth  int // the description changed: the card's is the first
	}{
		{"Card200Skills", testcards.Large(200, 50, 20), 1},
		{"Card5MB", testcards.OfSize(5 << 20), 1},
		{"Skill5MB", testcards.OfSize(5 << 20), 152},
	} {
		b.Run(bc.name, func(b *testing.B) {
			c := newClientWith(b, nil, 0) // 0: the default pause
			uri := "file:///bench/agent-card.json"
			c.open(uri, string(bc.card))
			if d := c.diagnosticsFor(uri, 1); len(d) != 0 {
				b.Fatalf("the benchmark card has findings: %+v", d[0])
			}
			// The change: one character of the card's description, "A"
			// and "B" in turn, so that the card stays valid.
			i := 0
			for range bc.nth {
				i += bytes.Index(bc.card[i:], []byte(`"description": "`)) + len(`"description": "`)
			}
			at := newText(bc.card).position(i)
			r := rng{pos{int(at.Line), int(at.Character)}, pos{int(at.Line), int(at.Character) + 1}}
			b.SetBytes(int64(len(bc.card)))
			b.ResetTimer()
			for n := range b.N {
				version := n + 2
				c.change(uri, version, r, string(rune('A'+n%2)))
				if d := c.diagnosticsFor(uri, version); len(d) != 0 {
					b.Fatalf("findings after the change: %+v", d[0])
				}
			}
			b.StopTimer()
			c.mu.Lock()
			c.diags = map[string][]publish{}
			c.mu.Unlock()
		})
	}
}

// BenchmarkHoverWhileChecking5MB measures a request answered while the
// 5 MB card is being checked: a change is sent, then at once a hover on
// the card's last skill (the scan that finds the cursor reads the text up
// to it). The checks run off the request loop, so the hover does not wait
// for them.
func BenchmarkHoverWhileChecking5MB(b *testing.B) {
	card := testcards.OfSize(5 << 20)
	c := newClientWith(b, nil, 0)
	uri := "file:///bench/agent-card.json"
	c.open(uri, string(card))
	c.diagnosticsFor(uri, 1)
	t := newText(card)
	i := bytes.Index(card, []byte(`"description": "`)) + len(`"description": "`)
	at := t.position(i)
	r := rng{pos{int(at.Line), int(at.Character)}, pos{int(at.Line), int(at.Character) + 1}}
	last := t.position(bytes.LastIndex(card, []byte(`"tags"`)) + 2)
	b.ResetTimer()
	for n := range b.N {
		b.StopTimer()
		c.change(uri, n+2, r, string(rune('A'+n%2)))
		b.StartTimer()
		if h := c.hover(uri, pos{int(last.Line), int(last.Character)}); h == "" {
			b.Fatal("no hover")
		}
	}
}

// BenchmarkDiagnosticsOfManyFindings measures the conversion of findings
// into the protocol's diagnostics (each finding's range: its node found by
// pointer, its line and column in UTF-16 units) for a card with a finding
// at each member of one large object written on one line
// (testcards.Shaped "wide-findings-card", 256 KiB: 17,000 findings). The
// check itself runs once, before the timer.
func BenchmarkDiagnosticsOfManyFindings(b *testing.B) {
	card, _ := testcards.Shaped("wide-findings-card", 256<<10)
	txt := newText(card)
	c := &checked{text: txt, verdict: checkDocument(b.Context(), txt.src, checkRequest{Path: "/bench/agent-card.json"})}
	if len(c.verdict.Diags) < 10_000 {
		b.Fatalf("%d findings", len(c.verdict.Diags))
	}
	for b.Loop() {
		if len(diagnostics("file:///bench/agent-card.json", c)) != len(c.verdict.Diags) {
			b.Fatal("a finding was not converted")
		}
	}
	b.ReportMetric(float64(len(c.verdict.Diags)), "findings")
}
