package oasf

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// What a picker user means: the results expected on top (in this order) and
// the classes that must not show at all, over the embedded taxonomies.
func TestSearchRanking(t *testing.T) {
	for _, tc := range []struct {
		version string
		kind    Kind
		query   string
		top     []string // the first results, in order
		absent  []string // must not be returned
		atMost  int      // if > 0, at most this many results
	}{
		// Only the classes about summarising; sahilm/fuzzy also returned 11
		// scattered subsequences of long names.
		{"1.1.0", Skills, "summar",
			[]string{"language_processing/language_generation/summarization", "governance_compliance/audit_trail_summarization"},
			[]string{
				"research_knowledge_productivity/market_intelligence/market_research",
				"cybersecurity/malware_reverse_engineering/malware_analysis",
				"business_professional/human_resources/candidate_materials",
				"business_professional/product_management/requirements_authoring",
				"cybersecurity/identity_access_management/authorization_access_control",
			}, 2},
		{"1.1.0", Skills, "Summarization", []string{"language_processing/language_generation/summarization"}, nil, 2},
		{"1.1.0", Skills, "sumarization", // a typo: one letter short
			[]string{"language_processing/language_generation/summarization", "governance_compliance/audit_trail_summarization"}, nil, 2},
		// Words in any order, word starts, the class itself before its children.
		{"1.1.0", Skills, "code debug",
			[]string{"software_engineering/code_debugging", "software_engineering/code_debugging/root_cause_debugging"}, nil, 0},
		{"1.1.0", Skills, "debug code", []string{"software_engineering/code_debugging"}, nil, 0},
		{"1.1.0", Skills, "software_engineering/code_debugging", []string{"software_engineering/code_debugging"}, nil, 0},
		{"1.1.0", Skills, "error handling", []string{"software_engineering/code_debugging/error_handling"}, nil, 1},
		{"1.1.0", Skills, "text_to_code", []string{"software_engineering/code_generation/text_to_code"}, nil, 1},
		// Ids.
		{"1.1.0", Skills, "60602", []string{"software_engineering/code_debugging/error_handling"}, nil, 1},
		{"1.1.0", Skills, " 606 ", []string{"software_engineering/code_debugging"}, nil, 0},
		// Whole words before word starts before substrings; tight letters last.
		{"1.1.0", Skills, "api",
			[]string{"software_engineering/api_development", "software_engineering/api_development/api_design"}, nil, 0},
		{"1.1.0", Domains, "data",
			[]string{"technology/data_science", "trust_and_safety/data_privacy", "technology/data_science/big_data"},
			nil, 0},
		{"1.1.0", Skills, "codegen",
			[]string{"software_engineering/code_generation"},
			[]string{"language_processing/language_generation/dialogue_generation", "computer_vision/video_understanding_generation"}, 0},
		{"1.1.0", Domains, "netsec",
			[]string{"technology/networking/network_security"},
			[]string{"technology/internet_of_things/iot_devices", "environmental_science", "finance_and_business/investment_services"}, 1},
		{"1.1.0", Skills, "imgclass", []string{"computer_vision/image_analysis/image_classification"}, nil, 0},
		// Categories are results too (headings in the picker).
		{"1.1.0", Skills, "software engineering", []string{"software_engineering"}, nil, 0},
		{"1.1.0", Domains, "geospatial", []string{"technology/geospatial"}, nil, 0},

		{"1.0.0", Skills, "summar",
			[]string{"natural_language_processing/natural_language_generation/summarization", "governance_compliance/audit_trail_summarization"},
			nil, 2},
		{"1.0.0", Skills, "text_to_code", []string{"analytical_skills/coding_skills/text_to_code"}, nil, 1},
		{"1.0.0", Domains, "netsec",
			[]string{"technology/networking/network_security", "technology/security/cyber_network_security"},
			[]string{"technology/internet_of_things/iot_devices", "technology/security/data_security", "environmental_science"}, 2},
		{"1.0.0", Domains, "codegen", nil, []string{"technology/data_science/data_engineering", "technology/security/identity_management"}, 0},
	} {
		t.Run(tc.version+"/"+tc.kind.String()+"/"+tc.query, func(t *testing.T) {
			tree := Get(tc.version).Tree(tc.kind)
			got := tree.Search(tc.query, 0)
			var names []string
			for _, m := range got {
				names = append(names, m.Class.Name)
			}
			show := func() string { return describe(got, 8) }
			if len(names) < len(tc.top) || !slices.Equal(names[:len(tc.top)], tc.top) {
				t.Errorf("top = %s, want %v first", show(), tc.top)
			}
			for _, a := range tc.absent {
				if tree.ByName(a) == nil {
					t.Fatalf("test names %q, which is not in the taxonomy", a)
				}
				if slices.Contains(names, a) {
					t.Errorf("%s returned; results %s", a, show())
				}
			}
			if tc.atMost > 0 && len(got) > tc.atMost {
				t.Errorf("%d results, want at most %d: %s", len(got), tc.atMost, show())
			}
		})
	}
}

func describe(ms []Match, n int) string {
	var parts []string
	for i, m := range ms {
		if i == n {
			parts = append(parts, fmt.Sprintf("... (%d in all)", len(ms)))
			break
		}
		parts = append(parts, fmt.Sprintf("%s(%d)", m.Class.Name, m.Score))
	}
	return "[" + strings.Join(parts, " ") + "]"
}

// Equal scores are ordered by depth, then name length, then taxonomy order,
// and the same query always gives the same list.
func TestSearchTieBreaks(t *testing.T) {
	for _, v := range Versions() {
		for _, tree := range []*Tree{Get(v).Skills, Get(v).Domains} {
			position := map[*Class]int{}
			for i, c := range tree.All() {
				position[c] = i
			}
			for _, q := range []string{"a", "data", "code", "security", "ml", "gen", "api", "s"} {
				got := tree.Search(q, 0)
				for i := 1; i < len(got); i++ {
					a, b := got[i-1], got[i]
					if a.Score < b.Score {
						t.Fatalf("%s %s %q: score rises at %d: %s", v, tree.Kind, q, i, describe(got[i-1:i+1], 2))
					}
					if a.Score > b.Score {
						continue
					}
					ka := []int{depth(a.Class), len(a.Class.Name), position[a.Class]}
					kb := []int{depth(b.Class), len(b.Class.Name), position[b.Class]}
					if slices.Compare(ka, kb) >= 0 {
						t.Fatalf("%s %s %q: tie not broken by depth, length, order at %d: %s", v, tree.Kind, q, i, describe(got[i-1:i+1], 2))
					}
				}
				if again := tree.Search(q, 0); !slices.Equal(again, got) {
					t.Fatalf("%s %s %q: two searches differ", v, tree.Kind, q)
				}
				if limited := tree.Search(q, 5); len(got) >= 5 && !slices.Equal(limited, got[:5]) {
					t.Fatalf("%s %s %q: limit 5 is not the first 5", v, tree.Kind, q)
				}
			}
		}
	}
}

func depth(c *Class) int { return strings.Count(c.Name, "/") }

// The first keystroke: a one-letter (or one-digit) query returns exactly the
// classes holding that character in the name or caption (plus the class with
// that id), and those where it starts a word of the caption or last segment
// come before those where it only sits inside a word.
func TestSearchOneCharacter(t *testing.T) {
	for _, v := range Versions() {
		for _, tree := range []*Tree{Get(v).Skills, Get(v).Domains} {
			for _, ch := range "abcdefghijklmnopqrstuvwxyz0123456789" {
				q := string(ch)
				want := map[*Class]bool{}
				for _, c := range tree.All() {
					if strings.Contains(strings.ToLower(c.Name+" "+c.Caption), q) || fmt.Sprint(c.ID) == q {
						want[c] = true
					}
				}
				got := tree.Search(strings.ToUpper(q), 0)
				if len(got) != len(want) {
					t.Fatalf("%s %s %q: %d results, want %d", v, tree.Kind, q, len(got), len(want))
				}
				seenInside := false
				for _, m := range got {
					if !want[m.Class] {
						t.Fatalf("%s %s %q: %s does not hold it", v, tree.Kind, q, m.Class.Name)
					}
					startsOwnWord := startsWord(m.Class.Caption, q) || startsWord(Leaf(m.Class.Name), q)
					if !startsOwnWord && fmt.Sprint(m.Class.ID) != q {
						seenInside = true
					} else if seenInside {
						t.Fatalf("%s %s %q: %s (a word start) comes after a match inside a word: %s", v, tree.Kind, q, m.Class.Name, describe(got, 10))
					}
				}
			}
		}
	}
}

// startsWord reports whether a word of s (lowercased) begins with q.
func startsWord(s, q string) bool {
	for _, w := range splitWords(strings.ToLower(s)) {
		if strings.HasPrefix(w, q) {
			return true
		}
	}
	return false
}

func TestTightScore(t *testing.T) {
	for _, tc := range []struct {
		q, s string
		want bool
	}{
		{"netsec", "network_security", true},       // word starts
		{"sumarization", "summarization", true},    // one letter skipped
		{"imgclass", "image_classification", true}, // skips of one letter and a word jump
		{"codegen", "code_generation", true},
		{"nlp", "natural language processing", true}, // initials
		{"summar", "market_research", false},         // 's' starts no word; 'u' is absent
		{"mt", "market", false},                      // four letters skipped mid-word
		{"arket", "market", false},                   // must start at a word start
		{"mrt", "market", false},                     // two letters skipped
		{"ab", "", false},
		{"", "abc", false},
		{"a", strings.Repeat("a", maxTightLen+1), false}, // too long to try
	} {
		if _, ok := tightScore(tc.q, tc.s); ok != tc.want {
			t.Errorf("tightScore(%q, %q) = %v, want %v", tc.q, tc.s, ok, tc.want)
		}
	}
	// Runs of letters and word starts score above letters picked apart.
	run, _ := tightScore("code", "code_generation")
	apart, _ := tightScore("code", "container_debugging") // "co" + "de"
	if run <= apart {
		t.Errorf("run %d <= apart %d", run, apart)
	}
}

// Odd queries never panic and respect the contract.
func TestSearchOddQueries(t *testing.T) {
	s := Get("1.1.0").Skills
	for _, q := range []string{"_", "/", "-", "  x  ", "!!!", "café", "\xff\xfe", "0", "-5", "+606", "99999999999999999999", strings.Repeat("ab ", 300)} {
		got := s.Search(q, 3)
		if len(got) > 3 {
			t.Errorf("%q: limit ignored (%d)", q, len(got))
		}
	}
	if got := s.Search("_", 0); len(got) == 0 {
		t.Errorf(`"_" (only a separator) should match names holding it`)
	}
	if got := s.Search("+606", 0); len(got) != 0 {
		t.Errorf(`"+606" is not an id: %s`, describe(got, 3))
	}
}

func FuzzSearch(f *testing.F) {
	for _, q := range []string{"summar", "code debug", "60602", "_", "a b c", "netsec"} {
		f.Add(q, 5)
	}
	s := Get("1.1.0").Skills
	f.Fuzz(func(t *testing.T, q string, limit int) {
		limit %= 50
		got := s.Search(q, limit)
		if limit > 0 && len(got) > limit {
			t.Fatalf("limit %d, %d results", limit, len(got))
		}
		for i := 1; i < len(got); i++ {
			if got[i].Score > got[i-1].Score {
				t.Fatalf("not sorted at %d", i)
			}
		}
	})
}

// Every word of a query must match, anywhere in the name or the caption, in
// any order.
func TestSearchEveryWordAnywhereInAnyOrder(t *testing.T) {
	skills := Get("1.1.0").Skills
	const want = "software_engineering/code_debugging/error_handling"
	for _, q := range []string{"error handling", "handling error", "ror hand", "hand ror", "debugging error", "Error   HANDLING"} {
		ms := skills.Search(q, 5)
		if len(ms) == 0 || ms[0].Class.Name != want {
			t.Errorf("%q: first result %v, want %s", q, ms, want)
		}
	}
	// One word that matches nowhere rules the class out.
	if ms := skills.Search("error handling zebra", 0); len(ms) != 0 {
		t.Errorf("a word matching nothing still found %d classes (first %s)", len(ms), ms[0].Class.Name)
	}
}

// A query that finds nothing among skills offers what the taxonomy has:
// domains that match it, and caption words near its words. Every word
// offered finds something.
func TestAlternativesComeFromTheTaxonomy(t *testing.T) {
	tax := Get("1.1.0")
	for _, tc := range []struct {
		kind      Kind
		query     string
		other     string // a class of the other kind expected among Other
		word      string // a word expected among Words
		noneWords []string
	}{
		{Skills, "travel", "hospitality_and_tourism/travel_services", "", nil},
		{Skills, "translate", "", "translation", []string{"transfer"}},
		{Skills, "summarise", "", "summarization", nil},
		{Skills, "schedule", "", "scheduling", []string{"schema"}},
		{Skills, "booking", "", "", []string{"bookkeeping"}},
		{Skills, "weather forecast", "", "forecast", nil},
		{Domains, "imagin", "", "", nil},
	} {
		tree, other := tax.Tree(tc.kind), tax.Tree(Domains)
		if tc.kind == Domains {
			other = tax.Skills
		}
		if n := len(tree.Search(tc.query, 0)); n != 0 {
			t.Fatalf("%s %q: the premise is a query that finds nothing, found %d", tc.kind, tc.query, n)
		}
		alt := tree.Alternatives(tc.query, other, 5)
		if tc.other != "" && !slices.ContainsFunc(alt.Other, func(m Match) bool { return m.Class.Name == tc.other }) {
			t.Errorf("%s %q: %s not offered among %v", tc.kind, tc.query, tc.other, alt.Other)
		}
		if tc.word != "" && !slices.Contains(alt.Words, tc.word) {
			t.Errorf("%s %q: %q not offered among %v", tc.kind, tc.query, tc.word, alt.Words)
		}
		for _, w := range tc.noneWords {
			if slices.Contains(alt.Words, w) {
				t.Errorf("%s %q: %q offered (not the same stem): %v", tc.kind, tc.query, w, alt.Words)
			}
		}
		for _, w := range alt.Words {
			if len(tree.Search(w, 1)) == 0 {
				t.Errorf("%s %q: offered %q finds nothing", tc.kind, tc.query, w)
			}
		}
		if tc.kind == Domains && tc.query == "imagin" && len(alt.Other) == 0 {
			t.Errorf("domains %q: no skills offered", tc.query)
		}
	}
	if alt := tax.Skills.Alternatives("zzqxv", tax.Domains, 5); !alt.Empty() {
		t.Errorf("a query like nothing in the taxonomy got %+v", alt)
	}
}
