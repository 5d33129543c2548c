package validate

// Schema fragments as token lists, and the lookup of a token path in a
// decoded JSON value: what the schema explainer of the tests reads the
// embedded schemas with.

import "strings"

// fragmentOf is the fragment of a schema URL ("/$defs/params"), or "".
func fragmentOf(url string) string {
	_, frag, _ := strings.Cut(url, "#")
	return frag
}

// splitFragment turns a JSON pointer fragment into its unescaped tokens.
func splitFragment(frag string) []string {
	if frag == "" || frag == "/" {
		return nil
	}
	toks := strings.Split(strings.TrimPrefix(frag, "/"), "/")
	for i, t := range toks {
		toks[i] = strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
	}
	return toks
}

// lookup walks a decoded JSON value by reference tokens; nil when absent.
func lookup(v any, toks []string) any {
	for _, t := range toks {
		switch c := v.(type) {
		case map[string]any:
			v = c[t]
		case []any:
			i, ok := parseIndexToken(t)
			if !ok || i >= len(c) {
				return nil
			}
			v = c[i]
		default:
			return nil
		}
	}
	return v
}

// relative is loc without its prefix base (nil when loc is shorter).
func relative(base, loc []string) []string {
	if len(loc) < len(base) {
		return nil
	}
	return loc[len(base):]
}

// isIndexToken: s is an array index token (see parseIndexToken).
func isIndexToken(s string) bool { _, ok := parseIndexToken(s); return ok }

// parseIndexToken reads an array index token: digits only, at most nine
// (so the int cannot overflow).
func parseIndexToken(s string) (int, bool) {
	if s == "" || len(s) > 9 {
		return 0, false
	}
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}
