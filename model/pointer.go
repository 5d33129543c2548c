package model

import (
	"fmt"
	"strings"
)

// Pointer joins reference tokens into an RFC 6901 pointer, escaping "~" and
// "/". Pointer() is "" (the root).
func Pointer(tokens ...string) string {
	if len(tokens) == 0 {
		return ""
	}
	var b strings.Builder
	for _, t := range tokens {
		b.WriteByte('/')
		if strings.ContainsAny(t, "~/") {
			t = strings.ReplaceAll(t, "~", "~0")
			t = strings.ReplaceAll(t, "/", "~1")
		}
		b.WriteString(t)
	}
	return b.String()
}

// SplitPointer splits an RFC 6901 pointer into unescaped reference tokens.
// "" (the root) gives no tokens; a pointer must otherwise start with "/",
// and "~" must be followed by "0" or "1".
func SplitPointer(ptr string) ([]string, error) {
	if ptr == "" {
		return nil, nil
	}
	if ptr[0] != '/' {
		return nil, fmt.Errorf("invalid JSON pointer %q: must be empty or start with '/'", ptr)
	}
	parts := strings.Split(ptr[1:], "/")
	for i, t := range parts {
		if !strings.Contains(t, "~") {
			continue
		}
		for j := 0; j < len(t); j++ {
			if t[j] == '~' && (j+1 >= len(t) || (t[j+1] != '0' && t[j+1] != '1')) {
				return nil, fmt.Errorf("invalid JSON pointer %q: '~' must be followed by '0' or '1'", ptr)
			}
		}
		t = strings.ReplaceAll(t, "~1", "/")
		parts[i] = strings.ReplaceAll(t, "~0", "~")
	}
	return parts, nil
}

// arrayIndex parses an RFC 6901 array index: decimal digits without leading
// zeros. It returns -1 when tok is not one.
func arrayIndex(tok string) int {
	if tok == "" || len(tok) > 9 || (len(tok) > 1 && tok[0] == '0') {
		return -1
	}
	n := 0
	for i := 0; i < len(tok); i++ {
		c := tok[i]
		if c < '0' || c > '9' {
			return -1
		}
		n = n*10 + int(c-'0')
	}
	return n
}
