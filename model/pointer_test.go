package model

import (
	"reflect"
	"testing"
)

func TestPointer(t *testing.T) {
	for _, tt := range []struct {
		tokens []string
		ptr    string
	}{
		{nil, ""},
		{[]string{""}, "/"},
		{[]string{"a", "b"}, "/a/b"},
		{[]string{"a/b", "m~n"}, "/a~1b/m~0n"},
		{[]string{"~1"}, "/~01"},
		{[]string{"skills", "0", "id"}, "/skills/0/id"},
	} {
		if got := Pointer(tt.tokens...); got != tt.ptr {
			t.Errorf("Pointer(%q) = %q, want %q", tt.tokens, got, tt.ptr)
		}
		got, err := SplitPointer(tt.ptr)
		if err != nil || !reflect.DeepEqual(got, tt.tokens) && !(len(got) == 0 && len(tt.tokens) == 0) {
			t.Errorf("SplitPointer(%q) = %q, %v, want %q", tt.ptr, got, err, tt.tokens)
		}
	}
	for _, bad := range []string{"a", "/a~", "/a~2", "#/a"} {
		if _, err := SplitPointer(bad); err == nil {
			t.Errorf("SplitPointer(%q) accepted", bad)
		}
	}
	for tok, want := range map[string]int{"0": 0, "12": 12, "01": -1, "": -1, "-": -1, "1a": -1, "-1": -1, "9999999999": -1} {
		if got := arrayIndex(tok); got != want {
			t.Errorf("arrayIndex(%q) = %d, want %d", tok, got, want)
		}
	}
}
