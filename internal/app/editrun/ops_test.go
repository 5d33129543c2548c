package editrun

import "testing"

// FuzzParseSetArg: any --set argument is either refused with a message or
// split into a member pointer and a JSON value; it never panics.
func FuzzParseSetArg(f *testing.F) {
	for _, s := range []string{`/name="x"`, `/a=b="c"`, `/name=Foo`, `/x=`, `=1`, `/a~=1`, "/a=\xff", `/a= `, `/a={"b":[1,2]}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, arg string) {
		ptr, value, err := ParseSet(arg)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty message")
			}
			return
		}
		if CheckPointer(ptr) != nil || !validJSON(string(value)) || ptr+"="+string(value) != arg {
			t.Fatalf("%q split into %q and %q", arg, ptr, value)
		}
	})
}
