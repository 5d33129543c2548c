package testcards

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/oncard/oncard/model/oasf"
	"github.com/oncard/oncard/validate"
	"golang.org/x/net/publicsuffix"
)

// variantCard is what the tests read back from a generated card.
type variantCard struct {
	Name     string
	Provider struct{ Organization, URL string }
	Skills   []struct {
		ID   string
		Name string
	}
	Capabilities struct {
		Extensions []struct {
			URI    string
			Params json.RawMessage
		}
	}
}

type variantEntry struct {
	ID              string
	PersonEntry     string
	AssistantAccess *bool
	Completion      *string
}

func (c *variantCard) params(t *testing.T, uri string, v any) {
	t.Helper()
	for _, e := range c.Capabilities.Extensions {
		if e.URI == uri {
			if err := json.Unmarshal(e.Params, v); err != nil {
				t.Fatal(err)
			}
			return
		}
	}
	t.Fatalf("card %q has no extension %s", c.Name, uri)
}

// checkVariants generates n cards of a seed and holds them to what
// LargeVariant promises: each valid (no error, no warning from every rule
// of validate.Check, with the registrable domains the CLI uses), of the
// requested shape, with real OASF picks, and different from every other in
// its hosts, its skill ids, its On Request entries and its OASF picks.
func checkVariants(t *testing.T, gen func(seed int64, i int) []byte, n, skills, listed, oasfSkills, oasfDomains int) {
	t.Helper()
	tax := oasf.Embedded("1.1.0")
	opts := &validate.Options{RegistrableDomain: publicsuffix.EffectiveTLDPlusOne}
	seen := map[string]map[string]bool{} // what -> values seen
	distinct := func(what string, v any) {
		if seen[what] == nil {
			seen[what] = map[string]bool{}
		}
		seen[what][fmt.Sprint(v)] = true
	}
	var tel, https, completion, accessTrue, accessFalse, accessAbsent, indented int
	for i := range n {
		data := gen(1, i)
		if bytes.HasPrefix(data, []byte("{\n")) {
			indented++
		}
		res := validate.Check(data, validate.KindCard, opts)
		for _, d := range res.Diags {
			if d.Severity == validate.Error || d.Severity == validate.Warning {
				t.Errorf("card %d: %s %s at %s: %s", i, d.Severity, d.Code, d.Pointer, d.Message)
			}
		}
		var c variantCard
		if err := json.Unmarshal(data, &c); err != nil {
			t.Fatal(err)
		}
		if len(c.Skills) != skills {
			t.Fatalf("card %d: %d skills, want %d", i, len(c.Skills), skills)
		}
		var or struct{ Skills []variantEntry }
		c.params(t, OnRequestURI, &or)
		if len(or.Skills) != listed {
			t.Fatalf("card %d: %d On Request entries, want %d", i, len(or.Skills), listed)
		}
		var disc struct {
			Skills, Domains []ref
		}
		c.params(t, DiscoveryURI, &disc)
		if len(disc.Skills) != oasfSkills || len(disc.Domains) != oasfDomains {
			t.Fatalf("card %d: %d OASF skills and %d domains, want %d and %d", i, len(disc.Skills), len(disc.Domains), oasfSkills, oasfDomains)
		}
		for _, set := range []struct {
			refs []ref
			tree *oasf.Tree
		}{{disc.Skills, tax.Skills}, {disc.Domains, tax.Domains}} {
			for _, r := range set.refs {
				if cl := set.tree.ByID(r.ID); cl == nil || cl.Name != r.Name || cl.Category {
					t.Fatalf("card %d: %v is not a %s class of OASF 1.1.0", i, r, set.tree.Kind)
				}
			}
		}

		var ids, entries []string
		for _, s := range c.Skills {
			ids = append(ids, s.ID)
		}
		for _, e := range or.Skills {
			entries = append(entries, e.ID+" "+e.PersonEntry)
			switch {
			case strings.HasPrefix(e.PersonEntry, "tel:"):
				tel++
			default:
				https++
			}
			if e.Completion != nil {
				completion++
			}
			switch {
			case e.AssistantAccess == nil:
				accessAbsent++
			case *e.AssistantAccess:
				accessTrue++
			default:
				accessFalse++
			}
		}
		slices.Sort(entries)
		distinct("provider URL", c.Provider.URL)
		distinct("skill ids", ids)
		distinct("On Request entries", entries)
		distinct("OASF picks", []any{disc.Skills, disc.Domains})
	}
	if indented != 0 {
		t.Errorf("%d of %d cards are indented, want them minified", indented, n)
	}
	if tel == 0 || https == 0 || completion == 0 || accessTrue == 0 || accessFalse == 0 || accessAbsent == 0 {
		t.Errorf("entries lack variety: tel %d, https %d, completion %d, assistantAccess true %d, false %d, absent %d",
			tel, https, completion, accessTrue, accessFalse, accessAbsent)
	}
	// Every card has its own hosts and entries. Ids and picks may meet
	// by chance only on small cards (three skills from one sector's ten
	// topics; two OASF skills and one domain), and rarely.
	byChance := n
	if skills < 10 {
		byChance = n * 9 / 10
	}
	for what, want := range map[string]int{
		"provider URL": n, "On Request entries": n,
		"skill ids": byChance, "OASF picks": byChance,
	} {
		if got := len(seen[what]); got < want {
			t.Errorf("%d different %s in %d cards, want at least %d", got, what, n, want)
		}
	}
}

func TestLargeVariantsAreDistinctAndValid(t *testing.T) {
	checkVariants(t, LargeVariant, 24, 200, 200, 50, 20)
}

func TestSmallVariantsAreDistinctAndValid(t *testing.T) {
	checkVariants(t, SmallVariant, 60, 3, 2, 2, 1)
}

// TestVariantsAreDeterministic: the same seed and index give the same
// bytes; another seed or index another card.
func TestVariantsAreDeterministic(t *testing.T) {
	for _, gen := range []func(int64, int) []byte{LargeVariant, SmallVariant} {
		a, b := gen(7, 3), gen(7, 3)
		if !bytes.Equal(a, b) {
			t.Fatal("the same seed and index gave different cards")
		}
		if bytes.Equal(a, gen(8, 3)) || bytes.Equal(a, gen(7, 4)) {
			t.Fatal("another seed or index gave the same card")
		}
	}
	// The cards keep the size of the benchmark they stand for (91 KB,
	// 89 KiB, on average for the default seed of bench/gencards): a
	// generator that drifts far from it would change what compare.sh
	// measures.
	total := 0
	for i := range 100 {
		total += len(LargeVariant(1, i))
	}
	if avg := total / 100; avg < 85_000 || avg > 95_000 {
		t.Errorf("large variants average %d bytes, want about 89 KiB (85,000 to 95,000)", avg)
	}
}
