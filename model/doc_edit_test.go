package model

import (
	"errors"
	"strings"
	"testing"
)

// edit is one operation of an edit test.
type edit struct {
	op, ptr, value, to string
}

func apply(t *testing.T, d *Doc, e edit) {
	t.Helper()
	var err error
	switch e.op {
	case "set":
		err = d.Set(e.ptr, []byte(e.value))
	case "delete":
		err = d.Delete(e.ptr)
	case "insert":
		err = d.Insert(e.ptr, []byte(e.value))
	case "move":
		err = d.Move(e.ptr, e.to)
	default:
		t.Fatalf("unknown op %s", e.op)
	}
	if err != nil {
		t.Fatalf("%s %s: %v", e.op, e.ptr, err)
	}
}

func TestEdits(t *testing.T) {
	const pretty2 = "{\n  \"a\": 1.50,\n  \"b\": \"\\u00e9\",\n  \"c\": {\n    \"x\": 1\n  }\n}\n"
	tests := []struct {
		name  string
		src   string
		edits []edit
		want  string
	}{
		// Setting values.
		{"set scalar keeps everything else", pretty2, []edit{{op: "set", ptr: "/c/x", value: "2"}},
			"{\n  \"a\": 1.50,\n  \"b\": \"\\u00e9\",\n  \"c\": {\n    \"x\": 2\n  }\n}\n"},
		{"set equal number keeps its form", pretty2, []edit{{op: "set", ptr: "/a", value: "1.5"}}, pretty2},
		{"set equal string keeps its escapes", pretty2, []edit{{op: "set", ptr: "/b", value: `"é"`}}, pretty2},
		{"set multi-line value is re-indented", pretty2, []edit{{op: "set", ptr: "/c/x", value: "{\n\"k\":   [1,\n 2],\n\"e\": {}, \"f\": []}"}},
			"{\n  \"a\": 1.50,\n  \"b\": \"\\u00e9\",\n  \"c\": {\n    \"x\": {\n      \"k\": [\n        1,\n        2\n      ],\n      \"e\": {},\n      \"f\": []\n    }\n  }\n}\n"},
		{"set root merges", pretty2, []edit{{op: "set", ptr: "", value: `{"a": 1.5, "b": "é", "c": {"x": 1, "y": true}}`}},
			"{\n  \"a\": 1.50,\n  \"b\": \"\\u00e9\",\n  \"c\": {\n    \"x\": 1,\n    \"y\": true\n  }\n}\n"},
		{"set object merges and drops missing members", pretty2, []edit{{op: "set", ptr: "/c", value: `{"y": 2}`}},
			"{\n  \"a\": 1.50,\n  \"b\": \"\\u00e9\",\n  \"c\": {\n    \"y\": 2\n  }\n}\n"},
		{"set scalar over container", pretty2, []edit{{op: "set", ptr: "/c", value: `null`}},
			"{\n  \"a\": 1.50,\n  \"b\": \"\\u00e9\",\n  \"c\": null\n}\n"},

		// Adding members.
		{"add member at end", pretty2, []edit{{op: "set", ptr: "/d", value: `"new"`}},
			"{\n  \"a\": 1.50,\n  \"b\": \"\\u00e9\",\n  \"c\": {\n    \"x\": 1\n  },\n  \"d\": \"new\"\n}\n"},
		{"add nested member", pretty2, []edit{{op: "set", ptr: "/c/y", value: `[]`}},
			"{\n  \"a\": 1.50,\n  \"b\": \"\\u00e9\",\n  \"c\": {\n    \"x\": 1,\n    \"y\": []\n  }\n}\n"},
		{"four spaces", "{\n    \"a\": {\n        \"b\": 1\n    }\n}", []edit{{op: "set", ptr: "/a/c", value: `{"d": [1]}`}},
			"{\n    \"a\": {\n        \"b\": 1,\n        \"c\": {\n            \"d\": [\n                1\n            ]\n        }\n    }\n}"},
		{"tabs", "{\n\t\"a\": [\n\t\t1\n\t]\n}\n", []edit{{op: "set", ptr: "/b", value: `{"c": 2}`}},
			"{\n\t\"a\": [\n\t\t1\n\t],\n\t\"b\": {\n\t\t\"c\": 2\n\t}\n}\n"},
		{"crlf", "{\r\n  \"a\": 1\r\n}\r\n", []edit{{op: "set", ptr: "/b", value: `{"c": 2}`}},
			"{\r\n  \"a\": 1,\r\n  \"b\": {\r\n    \"c\": 2\r\n  }\r\n}\r\n"},
		{"no space after colon", "{\n  \"a\":1\n}", []edit{{op: "set", ptr: "/b", value: `{"c": 2}`}},
			"{\n  \"a\":1,\n  \"b\":{\n    \"c\":2\n  }\n}"},
		{"minified stays minified", `{"a":1,"b":[1,2]}`, []edit{{op: "set", ptr: "/c", value: "{\n  \"d\": [1, {\"e\": null}]\n}"}, {op: "set", ptr: "/b/-", value: "3"}},
			`{"a":1,"b":[1,2,3],"c":{"d":[1,{"e":null}]}}`},
		{"json.dumps default separators stay inline", `{"a": 1, "b": [1, 2]}` + "\n", []edit{{op: "set", ptr: "/c", value: `{"d":[1]}`}, {op: "insert", ptr: "/b/0", value: "0"}},
			`{"a": 1, "b": [0, 1, 2], "c": {"d": [1]}}` + "\n"},
		{"inline object in pretty doc stays inline", "{\n  \"p\": {\"a\": 1, \"b\": 2}\n}", []edit{{op: "set", ptr: "/p/c", value: `{"x": [1]}`}},
			"{\n  \"p\": {\"a\": 1, \"b\": 2, \"c\": {\"x\": [1]}}\n}"},
		{"insert into empty object expands", "{\n  \"p\": {},\n  \"q\": 1\n}", []edit{{op: "set", ptr: "/p/a", value: `1`}},
			"{\n  \"p\": {\n    \"a\": 1\n  },\n  \"q\": 1\n}"},
		{"insert into empty array expands", "{\n  \"p\": {\n    \"t\": []\n  }\n}", []edit{{op: "set", ptr: "/p/t/-", value: `"x"`}, {op: "insert", ptr: "/p/t/0", value: `"w"`}},
			"{\n  \"p\": {\n    \"t\": [\n      \"w\",\n      \"x\"\n    ]\n  }\n}"},
		{"insert into empty root", "{}\n", []edit{{op: "set", ptr: "/a", value: `1`}},
			"{\n  \"a\": 1\n}\n"},
		{"insert into empty object of a minified doc", `{"a":1,"p":{}}`, []edit{{op: "set", ptr: "/p/b", value: `2`}},
			`{"a":1,"p":{"b":2}}`},
		{"empty object inside an inline array stays inline", "{\n  \"l\": [{}, 1]\n}", []edit{{op: "set", ptr: "/l/0/a", value: `1`}},
			"{\n  \"l\": [{\"a\": 1}, 1]\n}"},
		{"inline single-member object gets a spaced comma", "{\n  \"p\": {\"a\": 1}\n}", []edit{{op: "set", ptr: "/p/b", value: `2`}},
			"{\n  \"p\": {\"a\": 1, \"b\": 2}\n}"},
		{"new key is escaped", "{\n  \"a\": 1\n}", []edit{{op: "set", ptr: "/x~1y\"z", value: `1`}},
			"{\n  \"a\": 1,\n  \"x/y\\\"z\": 1\n}"},

		// Deleting.
		{"delete middle", pretty2, []edit{{op: "delete", ptr: "/b"}},
			"{\n  \"a\": 1.50,\n  \"c\": {\n    \"x\": 1\n  }\n}\n"},
		{"delete last drops the comma", pretty2, []edit{{op: "delete", ptr: "/c"}},
			"{\n  \"a\": 1.50,\n  \"b\": \"\\u00e9\"\n}\n"},
		{"delete first", pretty2, []edit{{op: "delete", ptr: "/a"}},
			"{\n  \"b\": \"\\u00e9\",\n  \"c\": {\n    \"x\": 1\n  }\n}\n"},
		{"delete only member", pretty2, []edit{{op: "delete", ptr: "/c/x"}},
			"{\n  \"a\": 1.50,\n  \"b\": \"\\u00e9\",\n  \"c\": {}\n}\n"},
		{"delete then add again", pretty2, []edit{{op: "delete", ptr: "/c/x"}, {op: "set", ptr: "/c/y", value: "2"}},
			"{\n  \"a\": 1.50,\n  \"b\": \"\\u00e9\",\n  \"c\": {\n    \"y\": 2\n  }\n}\n"},
		{"delete in inline array", `{"a": [1, 2, 3]}`, []edit{{op: "delete", ptr: "/a/0"}, {op: "delete", ptr: "/a/1"}},
			`{"a": [2]}`},
		{"delete in minified", `{"a":[1,2,3],"b":1}`, []edit{{op: "delete", ptr: "/a/2"}, {op: "delete", ptr: "/b"}},
			`{"a":[1,2]}`},
		{"delete array items", "[\n  1,\n  2,\n  3\n]", []edit{{op: "delete", ptr: "/1"}},
			"[\n  1,\n  3\n]"},

		// Arrays.
		{"insert in the middle", "[\n  1,\n  3\n]", []edit{{op: "insert", ptr: "/1", value: "2"}},
			"[\n  1,\n  2,\n  3\n]"},
		{"insert at front", "[\n  1,\n  3\n]", []edit{{op: "insert", ptr: "/0", value: "0"}},
			"[\n  0,\n  1,\n  3\n]"},
		{"append with dash", "[\n  1\n]", []edit{{op: "insert", ptr: "/-", value: `{"a": 1}`}},
			"[\n  1,\n  {\n    \"a\": 1\n  }\n]"},
		{"append with length", "[\n  1\n]", []edit{{op: "insert", ptr: "/1", value: `2`}},
			"[\n  1,\n  2\n]"},
		{"set array item", "[\n  1,\n  1e3\n]", []edit{{op: "set", ptr: "/0", value: `"x"`}},
			"[\n  \"x\",\n  1e3\n]"},
		{"move forward", "[\n  \"a\",\n  \"b\",\n  \"c\"\n]", []edit{{op: "move", ptr: "/0", to: "/2"}},
			"[\n  \"b\",\n  \"c\",\n  \"a\"\n]"},
		{"move backward keeps item bytes", "[\n  1.0,\n  {\"k\": \"\\u00e9\"},\n  3\n]", []edit{{op: "move", ptr: "/1", to: "/0"}},
			"[\n  {\"k\": \"\\u00e9\"},\n  1.0,\n  3\n]"},
		{"move last with dash", "[1, 2, 3]", []edit{{op: "move", ptr: "/-", to: "/0"}},
			"[3, 1, 2]"},
		{"array merge", "{\n  \"t\": [\"a\", \"b\"]\n}", []edit{{op: "set", ptr: "/t", value: `["a", "c", "d"]`}},
			"{\n  \"t\": [\"a\", \"c\", \"d\"]\n}"},
		{"array merge shrinks", "{\n  \"t\": [\n    1,\n    2,\n    3\n  ]\n}", []edit{{op: "set", ptr: "/t", value: `[1]`}},
			"{\n  \"t\": [\n    1\n  ]\n}"},

		// Unicode and numbers untouched elsewhere.
		{"untouched forms survive", "{\"n\": [123456789012345678901234567890, 1.50, 1e3, -0.0], \"s\": \"\\u00e9\\ud83d\\ude00\", \"r\": \"é😀\", \"z\": 0}",
			[]edit{{op: "set", ptr: "/z", value: "1"}},
			"{\"n\": [123456789012345678901234567890, 1.50, 1e3, -0.0], \"s\": \"\\u00e9\\ud83d\\ude00\", \"r\": \"é😀\", \"z\": 1}"},
		{"bom and no final newline", "\xef\xbb\xbf{\n  \"a\": 1\n}", []edit{{op: "set", ptr: "/b", value: "2"}},
			"\xef\xbb\xbf{\n  \"a\": 1,\n  \"b\": 2\n}"},
		{"replaced root scalar", "  1  ", []edit{{op: "set", ptr: "", value: "[1, 2]"}},
			"  [\n  1,\n  2\n]  "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := mustParse(t, []byte(tt.src))
			for _, e := range tt.edits {
				apply(t, d, e)
			}
			if got := string(d.Encode()); got != tt.want {
				t.Fatalf("got\n%s\nwant\n%s\n(%q)", got, tt.want, got)
			}
			// The result must parse, and editing must not have touched the
			// source bytes.
			mustParse(t, d.Encode())
			if string(d.Source()) != tt.src {
				t.Fatal("the source changed")
			}
		})
	}
}

func TestMemberOrder(t *testing.T) {
	order := func(ptr string) []string {
		switch ptr {
		case "":
			return []string{"name", "description", "version", "capabilities", "skills"}
		case "/capabilities":
			return []string{"streaming", "pushNotifications", "extensions"}
		}
		return nil
	}
	src := "{\n  \"name\": \"n\",\n  \"x-unknown\": 1,\n  \"capabilities\": {\n    \"extensions\": []\n  },\n  \"skills\": []\n}\n"
	tests := []struct {
		ptr, want string
	}{
		{"/version", "{\n  \"name\": \"n\",\n  \"version\": \"v\",\n  \"x-unknown\": 1,\n  \"capabilities\": {\n    \"extensions\": []\n  },\n  \"skills\": []\n}\n"},
		{"/description", "{\n  \"name\": \"n\",\n  \"description\": \"v\",\n  \"x-unknown\": 1,\n  \"capabilities\": {\n    \"extensions\": []\n  },\n  \"skills\": []\n}\n"},
		{"/capabilities/streaming", "{\n  \"name\": \"n\",\n  \"x-unknown\": 1,\n  \"capabilities\": {\n    \"streaming\": \"v\",\n    \"extensions\": []\n  },\n  \"skills\": []\n}\n"},
		{"/other", "{\n  \"name\": \"n\",\n  \"x-unknown\": 1,\n  \"capabilities\": {\n    \"extensions\": []\n  },\n  \"skills\": [],\n  \"other\": \"v\"\n}\n"},
	}
	for _, tt := range tests {
		d := mustParse(t, []byte(src))
		d.SetMemberOrder(order)
		if err := d.SetValue(tt.ptr, "v"); err != nil {
			t.Fatal(err)
		}
		if got := string(d.Encode()); got != tt.want {
			t.Errorf("set %s: got\n%s\nwant\n%s", tt.ptr, got, tt.want)
		}
	}
	// The order applies inside merged values too, and before the first
	// following member when none precedes.
	d := mustParse(t, []byte("{\n  \"skills\": []\n}"))
	d.SetMemberOrder(order)
	if err := d.Set("", []byte(`{"skills": [], "name": "n"}`)); err != nil {
		t.Fatal(err)
	}
	if got := string(d.Encode()); got != "{\n  \"name\": \"n\",\n  \"skills\": []\n}" {
		t.Errorf("merge with order: got\n%s", got)
	}
}

func TestEditErrors(t *testing.T) {
	src := `{"a": {"b": [1, 2]}, "s": "x"}`
	for _, tt := range []struct {
		e      edit
		msgHas string
	}{
		{edit{op: "set", ptr: "/a/b/5", value: "1"}, "out of range"},
		{edit{op: "set", ptr: "/a/b/x", value: "1"}, "out of range"},
		{edit{op: "set", ptr: "/missing/x", value: "1"}, "/missing does not exist"},
		{edit{op: "set", ptr: "/s/x", value: "1"}, "is a string"},
		{edit{op: "set", ptr: "/a", value: "{"}, "not valid JSON"},
		{edit{op: "set", ptr: "/a", value: ""}, "not valid JSON"},
		{edit{op: "set", ptr: "a", value: "1"}, "invalid JSON pointer"},
		{edit{op: "delete", ptr: ""}, "root"},
		{edit{op: "delete", ptr: "/zz"}, "no such"},
		{edit{op: "delete", ptr: "/a/b/2"}, "no such"},
		{edit{op: "insert", ptr: "/a/b/3", value: "1"}, "out of range"},
		{edit{op: "insert", ptr: "/a/x", value: "1"}, "not an array"},
		{edit{op: "insert", ptr: "", value: "1"}, "array item"},
		{edit{op: "move", ptr: "/a/b/0", to: "/a/b/2"}, "out of range"},
		{edit{op: "move", ptr: "/a/b/0", to: "/s/0"}, "not an array"},
	} {
		d := mustParse(t, []byte(src))
		var err error
		switch tt.e.op {
		case "set":
			err = d.Set(tt.e.ptr, []byte(tt.e.value))
		case "delete":
			err = d.Delete(tt.e.ptr)
		case "insert":
			err = d.Insert(tt.e.ptr, []byte(tt.e.value))
		case "move":
			err = d.Move(tt.e.ptr, tt.e.to)
		}
		if err == nil || !strings.Contains(err.Error(), tt.msgHas) {
			t.Errorf("%s %s: error %v, want one containing %q", tt.e.op, tt.e.ptr, err, tt.msgHas)
		}
		if d.Changed() || string(d.Encode()) != src {
			t.Errorf("%s %s: a failed edit changed the document", tt.e.op, tt.e.ptr)
		}
	}
	d := mustParse(t, []byte(src))
	if err := d.Move("/a/b/0", "/a/b/0"); err != nil || d.Changed() {
		t.Errorf("a move in place: %v, changed %v", err, d.Changed())
	}
	if err := d.SetValue("/a", func() {}); err == nil {
		t.Error("SetValue of a func should fail")
	}
}

func TestChangedAndClone(t *testing.T) {
	src := []byte("{\n  \"a\": [1, 2],\n  \"b\": \"<x>\"\n}")
	d := mustParse(t, src)
	if err := d.SetValue("/b", "<x>"); err != nil {
		t.Fatal(err)
	}
	if d.Changed() {
		t.Error("setting an equal value reported a change")
	}
	c := d.Clone()
	if err := c.SetValue("/a/-", 3); err != nil {
		t.Fatal(err)
	}
	if err := c.SetValue("/c", "<&>"); err != nil {
		t.Fatal(err)
	}
	if !c.Changed() || d.Changed() {
		t.Error("Changed after editing the clone")
	}
	if string(d.Encode()) != string(src) {
		t.Errorf("editing the clone changed the original:\n%s", d.Encode())
	}
	if got := string(c.Encode()); got != "{\n  \"a\": [1, 2, 3],\n  \"b\": \"<x>\",\n  \"c\": \"<&>\"\n}" {
		t.Errorf("clone: %s", got)
	}
	// Editing the original after cloning leaves the clone alone.
	if err := d.Delete("/a/0"); err != nil {
		t.Fatal(err)
	}
	if got := string(c.Encode()); !strings.Contains(got, "[1, 2, 3]") {
		t.Errorf("editing the original changed the clone:\n%s", got)
	}
}

// A failed edit names its operation and pointer in a typed error, so a
// caller that prints them itself can print only the reason.
func TestEditErrorIsTyped(t *testing.T) {
	d, err := Parse([]byte(`{"a": [1]}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		err    error
		op, pt string
	}{
		{d.Set("/b/c", []byte(`1`)), "set", "/b/c"},
		{d.Set("/a/5", []byte(`1`)), "set", "/a/5"},
		{d.Delete("/x"), "delete", "/x"},
	} {
		var ee *EditError
		if !errors.As(tc.err, &ee) || ee.Op != tc.op || ee.Ptr != tc.pt || ee.Err == nil {
			t.Errorf("%v: not an EditError{%s %s}", tc.err, tc.op, tc.pt)
			continue
		}
		if tc.err.Error() != tc.op+" "+tc.pt+": "+ee.Err.Error() {
			t.Errorf("Error() = %q", tc.err.Error())
		}
	}
}
