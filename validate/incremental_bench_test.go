package validate

import (
	"slices"
	"testing"

	"github.com/oncard/oncard/internal/gcpolicy"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/testcards"
)

// BenchmarkRecheck5000Skills: the check an editor makes after one key
// typed into skill 150's description of a card of 5,000 skills (all
// listed On Request, 50 OASF skills, 20 domains; 3.3 MB), on the encoding
// already parsed: Whole checks every rule on every member, Incremental
// reuses the findings of the members the key did not change
// (Options.Incremental). Each round checks the other of two versions that
// differ by that key, so every incremental round follows one edit.
func BenchmarkRecheck5000SkillsWhole(b *testing.B)       { benchRecheck(b, false) }
func BenchmarkRecheck5000SkillsIncremental(b *testing.B) { benchRecheck(b, true) }

func benchRecheck(b *testing.B, incremental bool) {
	data := testcards.Large(5000, 50, 20)
	b.Cleanup(gcpolicy.Apply(gcpolicy.For(int64(len(data)))))
	edited, err := model.Parse(data)
	if err != nil {
		b.Fatal(err)
	}
	desc, _ := edited.Find("/skills/150/description").Str()
	if err := edited.Set("/skills/150/description", []byte(`"`+desc+`x"`)); err != nil {
		b.Fatal(err)
	}
	var versions [2]*model.Doc
	for k, src := range [][]byte{data, edited.Encode()} {
		if versions[k], err = model.Parse(src); err != nil {
			b.Fatal(err)
		}
	}
	var opts Options
	if incremental {
		opts.Incremental = &Incremental{}
	}
	want := Card(versions[1], nil)
	if got := Card(versions[1], &opts); !slices.Equal(got, want) {
		b.Fatal("the incremental check differs from the whole one")
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		Card(versions[i%2], &opts)
		i++
	}
	if incremental && opts.Incremental.lastReused == 0 {
		b.Fatal("nothing was reused")
	}
}
