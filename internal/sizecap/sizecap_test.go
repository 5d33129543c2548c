package sizecap

import (
	"bytes"
	"strings"
	"testing"
)

func TestDefault(t *testing.T) {
	if Default("catalog") != Catalog || Default("card") != Document || Default("") != Document || Default("reply") != Document {
		t.Fatal("per-kind defaults: catalogs get the catalog cap, every other kind the document cap")
	}
	if Largest < Catalog || Largest < Document {
		t.Fatal("Largest must be the largest default")
	}
}

// big pads a document past the Document cap with a long string member
// placed before the members that matter, so that the scan must skip it.
func big(head, tail string) []byte {
	pad := strings.Repeat("x", Document)
	return []byte(head + `"padding": "` + pad + `", "nested": {"a": [1, {"entries": 2}, "}]"]}, ` + tail)
}

func TestForDetectsLargeCatalogs(t *testing.T) {
	cases := []struct {
		name string
		kind string
		data []byte
		max  int
		want int
	}{
		{"flag wins", "catalog", []byte(`{}`), 1234, 1234},
		{"kind given", "catalog", []byte(`{}`), 0, Catalog},
		{"small, detected", "", []byte(`{"entries": []}`), 0, Document},
		{"large catalog", "", big("{", `"entries": []}`), 0, Catalog},
		{"large catalog, specVersion, BOM", "", append([]byte("\xEF\xBB\xBF"), big("{\n", `"specVersion": "1.0"}`)...), 0, Catalog},
		{"large card", "", big("{", `"name": "x"}`), 0, Document},
		{"entries only nested", "", big("{", `"skills": [{"entries": 1}]}`), 0, Document},
		{"large array", "", append([]byte("["), bytes.Repeat([]byte(`"entries",`), Document/10)...), 0, Document},
		{"truncated", "", big("{", `"name": "x`), 0, Document},
		{"escaped quote in a key", "", big(`{"a\"b": 1, `, `"entries": []}`), 0, Catalog},
	}
	for _, c := range cases {
		if got := For(c.kind, c.data, c.max); got != c.want {
			t.Errorf("%s: For = %d, want %d", c.name, got, c.want)
		}
	}
}

func TestParse(t *testing.T) {
	good := map[string]int{"1048576": 1 << 20, "300MiB": 300 << 20, "64MB": 64e6, "1.5 GiB": 3 << 29, "10k": 10000, "512 b": 512, "2KiB": 2048}
	for in, want := range good {
		if got, err := Parse(in); err != nil || got != want {
			t.Errorf("Parse(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "MiB", "12 parsecs", "-5", "0", "3GiB", "1.2.3"} {
		if _, err := Parse(in); err == nil {
			t.Errorf("Parse(%q) accepted", in)
		}
	}
	var f Flag
	if err := f.Set("64MiB"); err != nil || f.Bytes != 64<<20 || f.String() != "67108864" || f.Type() != "size" {
		t.Errorf("Flag: %v %+v", err, f)
	}
}
