package validate

import "testing"

func TestWalkerAt(t *testing.T) {
	var w walker
	w.push("capabilities")
	w.push("a/b~c")
	w.pushIndex(12)
	want := string(w.ptr())
	if want != "/capabilities/a~1b~0c/12" {
		t.Fatalf("ptr %q", want)
	}
	for _, p := range []string{want, "", "/capabilities", "/capabilities/a~1b~0c", "/capabilities/a~1b~0c/1", "/capabilities/a~1b~0c/12/x", "/capabilities/a/b~c/12", "capabilities/a~1b~0c/12"} {
		if got := w.at(p); got != (p == want) {
			t.Errorf("at(%q) = %v", p, got)
		}
	}
}
