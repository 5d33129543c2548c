// Package sizecap decides how large a document oncard agrees to read: a
// default per kind of document, which a flag (--max-size) may replace.
//
// The caps exist so that a wrong argument (a log file, a disk image) fails
// fast with a message naming the limit, instead of exhausting memory. Agent
// Cards, On Request params and replies and OASF payloads are small, so
// 16 MiB is generous; AI Catalogs of a registry are large (100,000 entries
// are about 55 MiB), so their cap is higher.
package sizecap

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

const (
	// Document is the default cap of every kind but catalogs.
	Document = 16 << 20
	// Catalog is the default cap of an AI Catalog.
	Catalog = 256 << 20
	// Largest is the largest default cap: what a reader may read of a
	// document whose name or first bytes say it is a catalog (see Head).
	Largest = Catalog
	// Fetch is the default cap of a fetched document that is not a
	// catalog by its kind or its URL: what a schema or card server sends is
	// small, and an endless or compressed answer must stop early.
	Fetch = 8 << 20
)

// NamedCatalog reports whether a file name or URL path says it is an AI
// Catalog ("ai-catalog.json", "catalog.json", "…-catalog.json"): its read
// may take the catalog cap from the start.
func NamedCatalog(name string) bool {
	base := strings.ToLower(name)
	if i := strings.LastIndexAny(base, `/\`); i >= 0 {
		base = base[i+1:]
	}
	if i := strings.IndexAny(base, "?#"); i >= 0 {
		base = base[:i]
	}
	return strings.Contains(base, "catalog")
}

// HeadIsCatalog reports whether the first bytes of a document (its head,
// cut anywhere) show a top-level "specVersion" or "entries" member before
// they end: a document larger than the Document cap may then be read up to
// the catalog cap.
func HeadIsCatalog(head []byte) bool { return looksLikeCatalog(head) }

// Default returns the default cap of a kind of document ("catalog", "card",
// ...). An unknown or empty kind gets the Document cap.
func Default(kind string) int {
	if kind == "catalog" {
		return Catalog
	}
	return Document
}

// For returns the cap that applies to data: max when it is positive (the
// user's --max-size), else the default of kind, or, when kind is "" (to be
// detected), the catalog cap for a document whose top-level object has a
// "specVersion" or "entries" member (what makes a catalog) and the Document
// cap for anything else. The members are looked for only when data is over
// the Document cap, by a scan that builds nothing.
func For(kind string, data []byte, max int) int {
	switch {
	case max > 0:
		return max
	case kind != "":
		return Default(kind)
	case len(data) > Document && looksLikeCatalog(data):
		return Catalog
	}
	return Document
}

// looksLikeCatalog reports whether data is a JSON object with a top-level
// "specVersion" or "entries" member. Malformed input answers false (the
// parser will say what is wrong with it, if it is small enough to parse).
func looksLikeCatalog(data []byte) bool {
	s := scanner{src: data}
	s.src = bytes.TrimPrefix(s.src, []byte("\xEF\xBB\xBF"))
	s.ws()
	if !s.eat('{') {
		return false
	}
	for {
		s.ws()
		key, ok := s.str()
		if !ok {
			return false
		}
		if key == "specVersion" || key == "entries" {
			return true
		}
		s.ws()
		if !s.eat(':') {
			return false
		}
		s.ws()
		if !s.skipValue() {
			return false
		}
		s.ws()
		if !s.eat(',') {
			return false
		}
	}
}

// scanner skips over JSON without decoding it.
type scanner struct {
	src []byte
	pos int
}

func (s *scanner) ws() {
	for s.pos < len(s.src) {
		switch s.src[s.pos] {
		case ' ', '\t', '\n', '\r':
			s.pos++
		default:
			return
		}
	}
}

func (s *scanner) eat(c byte) bool {
	if s.pos < len(s.src) && s.src[s.pos] == c {
		s.pos++
		return true
	}
	return false
}

// str moves past a string and returns its raw content (escapes kept: the
// member names looked for have none).
func (s *scanner) str() (string, bool) {
	if !s.eat('"') {
		return "", false
	}
	start := s.pos
	for s.pos < len(s.src) {
		switch s.src[s.pos] {
		case '\\':
			s.pos += 2
		case '"':
			s.pos++
			return string(s.src[start : s.pos-1]), true
		default:
			s.pos++
		}
	}
	return "", false
}

// skipValue moves past one value: a string, a container (brackets counted
// outside strings) or a scalar.
func (s *scanner) skipValue() bool {
	if s.pos >= len(s.src) {
		return false
	}
	switch s.src[s.pos] {
	case '"':
		_, ok := s.str()
		return ok
	case '{', '[':
		depth := 0
		for s.pos < len(s.src) {
			switch s.src[s.pos] {
			case '"':
				if _, ok := s.str(); !ok {
					return false
				}
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
			}
			s.pos++
			if depth == 0 {
				return true
			}
		}
		return false
	}
	start := s.pos
	for s.pos < len(s.src) {
		switch s.src[s.pos] {
		case ',', '}', ']', ' ', '\t', '\n', '\r':
			return s.pos > start
		}
		s.pos++
	}
	return false
}

// Parse reads a size: a number of bytes, optionally followed by a unit
// (KB, MB, GB in powers of 1000; KiB, MiB, GiB in powers of 1024; B).
func Parse(s string) (int, error) {
	t := strings.TrimSpace(s)
	i := 0
	for i < len(t) && (t[i] >= '0' && t[i] <= '9' || t[i] == '.') {
		i++
	}
	num, unit := t[:i], strings.ToLower(strings.TrimSpace(t[i:]))
	v, err := strconv.ParseFloat(num, 64)
	if err != nil || num == "" {
		return 0, fmt.Errorf("%q is not a size (examples: 300MiB, 64MB, 1048576)", s)
	}
	mult := map[string]float64{"": 1, "b": 1,
		"k": 1e3, "kb": 1e3, "m": 1e6, "mb": 1e6, "g": 1e9, "gb": 1e9,
		"kib": 1 << 10, "mib": 1 << 20, "gib": 1 << 30}[unit]
	if mult == 0 {
		return 0, fmt.Errorf("%q: unknown unit %q (use B, KB, MB, GB, KiB, MiB or GiB)", s, t[i:])
	}
	n := v * mult
	if n < 1 || n > 1<<31-1 {
		return 0, fmt.Errorf("%q: the size must be between 1 byte and 2 GiB", s)
	}
	return int(n), nil
}

// Flag is a pflag.Value for --max-size: 0 (unset) means the per-kind
// defaults.
type Flag struct{ Bytes int }

func (f *Flag) String() string {
	if f.Bytes == 0 {
		return ""
	}
	return strconv.Itoa(f.Bytes)
}

func (f *Flag) Set(s string) error {
	n, err := Parse(s)
	if err != nil {
		return err
	}
	f.Bytes = n
	return nil
}

func (f *Flag) Type() string { return "size" }
