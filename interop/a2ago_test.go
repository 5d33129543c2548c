package interop

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/oncard/oncard/internal/keyfile"

	"github.com/a2aproject/a2a-go/v2/a2a"
	a2apb "github.com/a2aproject/a2a-go/v2/a2apb/v1"
	"github.com/a2aproject/a2a-go/v2/a2apb/v1/pbconv"
	"google.golang.org/protobuf/encoding/protojson"

	"github.com/oncard/oncard/internal/cardsig"
	"github.com/oncard/oncard/internal/jcs"
	"github.com/oncard/oncard/model"
)

var set struct {
	dir string
	m   *Manifest
}

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "oncard-interop-")
	if err == nil {
		var bin string
		if bin, err = BuildOncard(dir); err == nil {
			set.dir = dir
			set.m, err = Build(bin, dir)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "interop: building the document set:", err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

func read(t *testing.T, d Doc) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(set.dir, d.File))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// tally counts one reader's verdicts over the set.
type tally struct {
	reader                               string
	docs, accepted, expected, notChecked int
	causes                               map[string]int
}

func (c *tally) log(t *testing.T) {
	t.Logf("%s: %d documents: %d accepted, %d expected failures, %d with errors oncard reports (not asserted)",
		c.reader, c.docs, c.accepted, c.expected, c.notChecked)
	var causes []string
	for cause, n := range c.causes {
		causes = append(causes, fmt.Sprintf("  %d × %s", n, cause))
	}
	sort.Strings(causes)
	for _, s := range causes {
		t.Log(s)
	}
}

// judge records a reader's verdict on d: an error where no defect is
// expected fails the test, and so does success where one is (the SDK was
// fixed: the list below must change).
func (c *tally) judge(t *testing.T, d Doc, err error, cause string) {
	t.Helper()
	c.docs++
	switch {
	case !d.Valid:
		c.notChecked++
	case cause != "" && err != nil:
		c.expected++
		if c.causes == nil {
			c.causes = map[string]int{}
		}
		c.causes[cause]++
	case cause != "":
		t.Errorf("%s: %s accepts it, but a known defect was expected (%s): update the list", d.Name, c.reader, cause)
	case err != nil:
		t.Errorf("%s: %s refuses it: %v", d.Name, c.reader, err)
	default:
		c.accepted++
	}
}

// Known defects of a2a-go v2.4.0, each with its cause. They are expected
// failures: counted and listed, never hidden.
const (
	// a2a/auth.go: type SecuritySchemeScopes []string. The spec's
	// {"schemes": {name: {"list": [...]}}} does not decode into it.
	defectListForm = `a2a-go encoding/json cannot read the spec's {"list": [...]} scope form (a2a/auth.go: SecuritySchemeScopes []string)`
	// a2a/agent.go: Streaming, PushNotifications, ExtendedAgentCard are
	// bool with omitempty: an explicit false is dropped on re-encoding,
	// and so the §8.4.1 payload (which keeps it) changes.
	defectOptionalFalse = `a2a-go's encoder drops an explicit false of an optional bool (a2a/agent.go: AgentCapabilities bool fields with omitempty)`
)

// usesListForm says whether a card names scopes in the {"list": [...]}
// form anywhere.
func usesListForm(doc *model.Doc) bool {
	found := false
	visit := func(reqs *model.Node) {
		for _, r := range items(reqs) {
			for _, m := range members(r.Get("schemes")) {
				if m.Value.Kind == model.Object {
					found = true
				}
			}
		}
	}
	root := doc.Root()
	visit(root.Get("securityRequirements"))
	for _, sk := range items(root.Get("skills")) {
		visit(sk.Get("securityRequirements"))
	}
	return found
}

// explicitOptionalFalse says whether the card writes false for an
// optional capability.
func explicitOptionalFalse(doc *model.Doc) bool {
	caps := doc.Root().Get("capabilities")
	for _, k := range []string{"streaming", "pushNotifications", "extendedAgentCard"} {
		if v, ok := caps.Get(k).BoolValue(); ok && !v {
			return true
		}
	}
	return false
}

// TestA2AGoReadsCards: every document through a2a-go's two readers,
// encoding/json into a2a.AgentCard and protojson into the generated
// a2apb.AgentCard (then pbconv, as its gRPC transport does); what was read
// keeps every skill, interface, extension and security requirement.
func TestA2AGoReadsCards(t *testing.T) {
	stdjson := &tally{reader: "a2a-go encoding/json (a2a.AgentCard)"}
	pj := &tally{reader: "a2a-go protojson (a2apb.AgentCard + pbconv)"}
	for _, d := range set.m.Docs {
		data := read(t, d)
		doc, err := model.Parse(data)
		if err != nil {
			t.Fatalf("%s: %v", d.Name, err)
		}
		var card a2a.AgentCard
		err = json.Unmarshal(data, &card)
		cause := ""
		if usesListForm(doc) {
			cause = defectListForm
		}
		stdjson.judge(t, d, err, cause)
		if err == nil && d.Valid {
			sameContent(t, d.Name+" (encoding/json)", doc, &card)
		}

		var pb a2apb.AgentCard
		err = protojson.UnmarshalOptions{DiscardUnknown: true}.Unmarshal(data, &pb)
		var fromPB *a2a.AgentCard
		if err == nil {
			fromPB, err = pbconv.FromProtoAgentCard(&pb)
		}
		pj.judge(t, d, err, "")
		if err == nil && d.Valid {
			sameRequirements(t, d.Name+" (protojson)", doc, fromPB)
		}
	}
	stdjson.log(t)
	pj.log(t)
}

// TestProtojsonIsTheNormalisedReading: protojson's encoding of the card
// it read (field presence as the proto declares it) is, canonicalised,
// oncard's §8.4.1 payload: the real protobuf implementation as the oracle
// of cardsig's Normalised reading. Members the proto does not define are
// left out by protojson (DiscardUnknown) and kept by §8.4.1: such cards
// are compared without them.
func TestProtojsonIsTheNormalisedReading(t *testing.T) {
	n, same := 0, 0
	for _, d := range set.m.Docs {
		if !d.Valid {
			continue
		}
		data := read(t, d)
		doc, err := model.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		var pb a2apb.AgentCard
		if err := (protojson.UnmarshalOptions{DiscardUnknown: true}).Unmarshal(data, &pb); err != nil {
			continue // counted by TestA2AGoReadsCards
		}
		pb.Signatures = nil
		out, err := protojson.Marshal(&pb)
		if err != nil {
			t.Fatal(err)
		}
		want, err := jcs.Transform(out)
		if err != nil {
			t.Fatal(err)
		}
		stripped := withoutUnknown(t, doc)
		got, err := cardsig.Payload(stripped, cardsig.Normalised)
		if err != nil {
			t.Fatalf("%s: %v", d.Name, err)
		}
		n++
		if !bytes.Equal(got, want) {
			t.Errorf("%s: oncard's §8.4.1 payload differs from protojson's:\n oncard    %s\n protojson %s", d.Name, got, want)
			continue
		}
		same++
	}
	t.Logf("protojson vs oncard's a2a-8.4.1 reading: %d of %d valid documents give the same payload", same, n)
}

// TestA2AGoReservesSignedCards: an a2a-go server serves a card it read
// (encoding/json) by encoding it again; the signatures oncard made must
// still verify there, unless the card holds an explicit false a2a-go
// drops (a known defect).
func TestA2AGoReservesSignedCards(t *testing.T) {
	keys, err := keyfile.KeySet(filepath.Join(set.dir, set.m.JWKS))
	if err != nil {
		t.Fatal(err)
	}
	c := &tally{reader: "a2a-go re-serving an oncard-signed card"}
	for _, d := range set.m.Docs {
		if d.Kind != "signed" {
			continue
		}
		data := read(t, d)
		doc, err := model.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		var card a2a.AgentCard
		if err := json.Unmarshal(data, &card); err != nil {
			continue // the reader's own defect, counted by TestA2AGoReadsCards
		}
		reserved, err := json.Marshal(&card)
		if err != nil {
			t.Fatal(err)
		}
		rdoc, err := model.Parse(reserved)
		if err != nil {
			t.Fatal(err)
		}
		res := cardsig.Verify(context.Background(), rdoc, cardsig.Options{Keys: keys})
		var verr error
		if len(res) != 1 || res[0].Status != cardsig.Verified {
			verr = fmt.Errorf("the re-served card's signature does not verify: %+v", res)
		}
		cause := ""
		if explicitOptionalFalse(doc) {
			cause = defectOptionalFalse
		}
		c.judge(t, d, verr, cause)
	}
	c.log(t)
}

// withoutUnknown is doc without the members the presence table does not
// define (what protojson's DiscardUnknown drops).
func withoutUnknown(t *testing.T, doc *model.Doc) *model.Doc {
	t.Helper()
	out := doc.Clone()
	var drop []string
	var walk func(n *model.Node, m *model.MessageType, ptr string)
	walk = func(n *model.Node, m *model.MessageType, ptr string) {
		if n == nil || n.Kind != model.Object || m == nil {
			return
		}
		for _, mem := range n.Members() {
			p := ptr + "/" + model.Pointer(mem.Key())[1:]
			fl := m.Field(mem.Key())
			if fl == nil {
				drop = append(drop, p)
				continue
			}
			sub := model.Message(fl.Message)
			switch fl.Kind {
			case model.MessageField:
				walk(mem.Value, sub, p)
			case model.RepeatedMessage:
				for i, it := range items(mem.Value) {
					walk(it, sub, fmt.Sprintf("%s/%d", p, i))
				}
			case model.MapMessage:
				for _, e := range members(mem.Value) {
					walk(e.Value, sub, p+"/"+model.Pointer(e.Key())[1:])
				}
			}
		}
	}
	walk(doc.Root(), model.Message(model.CardMessage), "")
	slices.Reverse(drop)
	for _, p := range drop {
		if err := out.Delete(p); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// sameContent: what a2a-go read says what the card says.
func sameContent(t *testing.T, name string, doc *model.Doc, card *a2a.AgentCard) {
	t.Helper()
	root := doc.Root()
	if card.Name != root.Get("name").Text() || card.Version != root.Get("version").Text() {
		t.Errorf("%s: name/version read as %q/%q", name, card.Name, card.Version)
	}
	var ids []string
	for _, sk := range card.Skills {
		ids = append(ids, sk.ID)
	}
	var want []string
	for _, sk := range items(root.Get("skills")) {
		want = append(want, sk.Get("id").Text())
	}
	if !slices.Equal(ids, want) {
		t.Errorf("%s: skills read as %v, want %v", name, ids, want)
	}
	if got, want := len(card.SupportedInterfaces), root.Get("supportedInterfaces").Len(); got != want {
		t.Errorf("%s: %d interfaces read, the card has %d", name, got, want)
	}
	if got, want := len(card.Capabilities.Extensions), root.Get("capabilities").Get("extensions").Len(); got != want {
		t.Errorf("%s: %d extensions read, the card has %d", name, got, want)
	}
	sameRequirements(t, name, doc, card)
}

// sameRequirements: every requirement keeps its schemes and scopes.
func sameRequirements(t *testing.T, name string, doc *model.Doc, card *a2a.AgentCard) {
	t.Helper()
	describe := func(reqs a2a.SecurityRequirementsOptions) string {
		var parts []string
		for _, r := range reqs {
			var s []string
			for k, v := range r {
				s = append(s, string(k)+"="+strings.Join(v, ","))
			}
			sort.Strings(s)
			parts = append(parts, "{"+strings.Join(s, " ")+"}")
		}
		return strings.Join(parts, " ")
	}
	describeNode := func(reqs *model.Node) string {
		var parts []string
		for _, r := range items(reqs) {
			var s []string
			for _, m := range members(r.Get("schemes")) {
				var scopes []string
				for _, it := range items(m.Value.Get("list")) {
					scopes = append(scopes, it.Text())
				}
				s = append(s, m.Key()+"="+strings.Join(scopes, ","))
			}
			sort.Strings(s)
			parts = append(parts, "{"+strings.Join(s, " ")+"}")
		}
		return strings.Join(parts, " ")
	}
	root := doc.Root()
	if got, want := describe(card.SecurityRequirements), describeNode(root.Get("securityRequirements")); got != want {
		t.Errorf("%s: card requirements read as %s, want %s", name, got, want)
	}
	for i, sk := range card.Skills {
		if got, want := describe(sk.SecurityRequirements), describeNode(root.Get("skills").Index(i).Get("securityRequirements")); got != want {
			t.Errorf("%s: skill %d requirements read as %s, want %s", name, i, got, want)
		}
	}
}

func items(n *model.Node) []*model.Node {
	if n == nil || n.Kind != model.Array {
		return nil
	}
	return n.Items()
}

func members(n *model.Node) []model.Member {
	if n == nil || n.Kind != model.Object {
		return nil
	}
	return n.Members()
}

// TestDocumentSet says what the set holds and what was left out, and why
// (a checkout without ../shared has no real cards: said, not hidden).
func TestDocumentSet(t *testing.T) {
	kinds := map[string]int{}
	for _, d := range set.m.Docs {
		kinds[d.Kind]++
	}
	t.Logf("%d documents: %d templates, %d from new --from fixtures, %d upgraded real cards, %d signed by oncard",
		len(set.m.Docs), kinds["template"], kinds["from"], kinds["upgraded"], kinds["signed"])
	for _, s := range set.m.Skipped {
		t.Log("left out: " + s)
	}
	if kinds["template"] != 4 || kinds["from"] == 0 || kinds["signed"] == 0 {
		t.Errorf("the set lacks documents: %v", kinds)
	}
}
