package accessible

import (
	"bytes"
	"context"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/oncard/oncard/model/oasf"
)

// Each question gets its own line even when every answer is already in
// the input: huh's fields each start a new bufio.Scanner, which would read
// the whole input for the first question without Input.
func TestConfirmsTakeOneLineEach(t *testing.T) {
	in := NewInput(context.Background(), strings.NewReader("y\nno\nYES\nmaybe\n\n"))
	defer in.Close()
	var out bytes.Buffer
	a := NewAsker(in, &out)
	var got []bool
	for range 4 {
		yes, err := a.Confirm("Go on?")
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, yes)
	}
	// "maybe" is asked again; the empty line after it takes the default.
	if want := []bool{true, false, true, false}; !slices.Equal(got, want) {
		t.Errorf("answers = %v, want %v\n%s", got, want, out.String())
	}
	if !strings.Contains(out.String(), "Go on? [y/N] ") || strings.Contains(out.String(), "\x1b[") {
		t.Errorf("prompt not plain %q", out.String())
	}
	// The end of input is a no, and not an error.
	if yes, err := a.Confirm("Again?"); yes || err != nil {
		t.Errorf("at the end of input: %v, %v", yes, err)
	}
}

func TestConfirmInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	r, w := io.Pipe() // nothing is ever written: the read waits
	defer w.Close()
	in := NewInput(ctx, r)
	defer in.Close()
	cancel()
	yes, err := NewAsker(in, io.Discard).Confirm("Go on?")
	if yes || !errors.Is(err, context.Canceled) {
		t.Errorf("Confirm after an interrupt = %v, %v; want false, context.Canceled", yes, err)
	}
}

func TestReadLineKeepsWhatFollows(t *testing.T) {
	in := NewInput(context.Background(), strings.NewReader("first\r\nsecond"))
	defer in.Close()
	for _, want := range []string{"first", "second"} {
		got, ok, err := in.ReadLine()
		if got != want || !ok || err != nil {
			t.Errorf("ReadLine = %q, %v, %v; want %q", got, ok, err, want)
		}
	}
	if _, ok, err := in.ReadLine(); ok || err != nil {
		t.Errorf("at the end: ok %v, err %v", ok, err)
	}
}

func TestClassRefs(t *testing.T) {
	tree := oasf.Get(oasf.DefaultVersion).Tree(oasf.Skills)
	refs, err := classRefs(tree, "10301, language_processing/language_generation/text_completion", nil)
	if err != nil || len(refs) != 2 || refs[0] != refs[1] || refs[0].ID != 10301 {
		t.Fatalf("by id and by name = %v, %v", refs, err)
	}
	_, err = classRefs(tree, "text_completon", nil)
	if err == nil || !strings.Contains(err.Error(), "did you mean language_processing/language_generation/text_completion (10301)?") {
		t.Errorf("a misspelling: %v", err)
	}
	top := tree.Children("")[0] // a category is a heading, not a value
	if !top.Category {
		t.Fatalf("%s is not a category", top.Name)
	}
	if _, err := classRefs(tree, top.Name, nil); err == nil || !strings.Contains(err.Error(), "is a category") {
		t.Errorf("category %s: %v", top.Name, err)
	}
	if refs, err := classRefs(tree, "-", refs); refs != nil || err != nil {
		t.Errorf("\"-\" = %v, %v; want none", refs, err)
	}
}
