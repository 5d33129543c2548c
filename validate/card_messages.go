package validate

// Messages and hints of the card checks. Card text always passes through
// model.SafeText (via quoted/describe) before it reaches a message.

import (
	"strconv"
	"strings"

	"github.com/oncard/oncard/model"
)

func requiredMessage(typeName, key string) string {
	if typeName == "" {
		return "missing required member " + strconv.Quote(key)
	}
	return typeName + " is missing required member " + strconv.Quote(key)
}

// misnamedHint recognises the commonest reason a required member is
// "missing": it is there under its proto snake_case name.
func misnamedHint(obj *model.Node, key string) string {
	snake := snakeCase(key)
	if snake != key && obj.Get(snake) != nil {
		return "the card writes " + strconv.Quote(snake) + "; A2A JSON uses camelCase names: rename it to " + strconv.Quote(key)
	}
	switch key {
	case "protocolBinding":
		if obj.Get("transport") != nil {
			return `"transport" is the v0.3 name; v1.0 interfaces use "protocolBinding"`
		}
	case "location":
		if obj.Get("in") != nil {
			return `"in" is the v0.3 (OpenAPI) name; v1.0 uses "location"`
		}
	}
	return ""
}

// exampleValues are typical values of required members, for hints.
var exampleValues = map[string]string{
	"protocolBinding": `"JSONRPC"`, "protocolVersion": `"1.0"`, "url": `"https://…"`,
	"defaultInputModes": `["text/plain"]`, "defaultOutputModes": `["text/plain"]`,
	"location": `"header"`, "capabilities": `{"streaming": false}`,
}

// memberTemplate shows the form a missing member takes: "tags": ["…"].
func memberTemplate(key string, s *shape) string {
	if v, ok := exampleValues[key]; ok {
		return strconv.Quote(key) + ": " + v
	}
	value := "…"
	if s != nil {
		switch s.kind {
		case model.String:
			value = `"…"`
		case model.Bool:
			value = "false"
		case model.Object:
			value = "{…}"
		case model.Array:
			value = "[…]"
			if s.items != nil && s.items.kind == model.String {
				value = `["…"]`
			} else if s.items != nil && s.items.kind == model.Object {
				value = "[{…}]"
			}
		}
	}
	return strconv.Quote(key) + ": " + value
}

func snakeCase(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' {
			b.WriteByte('_')
			c += 'a' - 'A'
		}
		b.WriteByte(c)
	}
	return b.String()
}

// describe names the member at a pointer for a message: `"tags" (/skills/0/tags)`.
func describe(ptr []byte) string {
	if len(ptr) == 0 {
		return "the document"
	}
	p := string(ptr)
	last := p[strings.LastIndexByte(p, '/')+1:]
	if _, err := strconv.Atoi(last); err == nil {
		return p
	}
	last = strings.ReplaceAll(strings.ReplaceAll(last, "~1", "/"), "~0", "~")
	return quoted(last) + " (" + model.SafeText(p) + ")"
}

func kindPhrase(s *shape) string {
	switch s.kind {
	case model.String:
		return "a string"
	case model.Bool:
		return "a boolean (true or false)"
	case model.Object:
		if s.name != "" {
			return "an object (" + s.name + ")"
		}
		return "an object"
	case model.Array:
		if s.items != nil && s.items.kind == model.String {
			return "an array of strings"
		}
		if s.items != nil && s.items.name != "" {
			return "an array of " + s.items.name
		}
		return "an array"
	}
	return kindName(s.kind)
}

func kindName(k model.Kind) string {
	switch k {
	case model.Object:
		return "an object"
	case model.Array:
		return "an array"
	case model.String:
		return "a string"
	case model.Number:
		return "a number"
	case model.Bool:
		return "a boolean"
	}
	return "null"
}

func typeHint(n *model.Node, s *shape) string {
	switch {
	case s.kind == model.Array && n.Kind == model.String:
		return `wrap the value in brackets: ["…"]`
	case s.kind == model.Bool && n.Kind == model.String:
		return "write true or false without quotes"
	case s.kind == model.Object && n.Kind == model.Array && s.name == "AgentCapabilities":
		return `capabilities is one object, e.g. {"streaming": true}`
	}
	return ""
}

// quoteValue shows a scalar from the card in a message, made safe and short.
func quoteValue(n *model.Node) string {
	if n == nil {
		return "nothing"
	}
	if s, ok := n.Str(); ok {
		return quoted(shorten(s))
	}
	if n.Kind == model.Object || n.Kind == model.Array {
		return kindName(n.Kind)
	}
	return shorten(model.SafeText(string(n.Raw())))
}

// quoted shows card text in double quotes, safe for a terminal.
func quoted(s string) string { return "\"" + model.SafeText(s) + "\"" }

// shorten keeps messages one short line.
func shorten(s string) string {
	const max = 80
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && s[cut]&0xc0 == 0x80 { // do not split a UTF-8 sequence
		cut--
	}
	return s[:cut] + "…"
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

func camelCase(s string) string {
	var b strings.Builder
	up := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '_':
			up = true
			continue
		case up && c >= 'a' && c <= 'z':
			c -= 'a' - 'A'
		}
		up = false
		b.WriteByte(c)
	}
	return b.String()
}

// clip shortens long card text for a message, on a rune boundary.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}
