package model

import "testing"

func TestSafeText(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"plain text", "plain text"},
		{"Café ☕ 日本", "Café ☕ 日本"},
		{"a\x1b[2Jb", `a\x1b[2Jb`},
		{"line\nnext\ttab\r", `line\nnext\ttab\r`},
		{"\u0085 C1", `\x85 C1`},
		{"bad \xff byte", `bad \xff byte`},
		// Bidi controls reorder text; zero-width characters hide it.
		{"abc\u202edcba\u202c", `abc\u202edcba\u202c`},
		{"\u2066x\u2069 \u200e\u200f\u061c", `\u2066x\u2069 \u200e\u200f\u061c`},
		{"pay\u200bpal\u200c\u200d\u2060\ufeff", `pay\u200bpal\u200c\u200d\u2060\ufeff`},
		{"soft\u00adhyphen", `soft\u00adhyphen`},
		// Line and paragraph separators break lines in some terminals.
		{"one\u2028two\u2029three", `one\u2028two\u2029three`},
		// Tag characters spell invisible ASCII.
		{"hi\U000e0041\U000e007f", `hi\U000e0041\U000e007f`},
	} {
		if got := SafeText(tc.in); got != tc.want {
			t.Errorf("SafeText(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
