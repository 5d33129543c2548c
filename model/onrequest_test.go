package model

import (
	"reflect"
	"strings"
	"testing"
)

func TestOnRequestParamsGetters(t *testing.T) {
	c := NewCard(loadView(t, "card-v10.json"))
	p, ok := c.OnRequest()
	if !ok {
		t.Fatal("no On Request view")
	}
	want := []OnRequestEntry{
		{ID: "cancel-contract", PersonEntry: "https://harbor.example/support/cancel", Completion: CompletionDeferred},
		{ID: "shop-hours", PersonEntry: "tel:+44-20-7946-0000", AssistantAccess: TriFalse},
	}
	if got := p.Entries(); !reflect.DeepEqual(got, want) {
		t.Errorf("Entries() = %+v", got)
	}
	if p.EntryIndex("shop-hours") != 1 || p.EntryIndex("x") != -1 {
		t.Error("EntryIndex")
	}
}

func TestOnRequestParamsSetters(t *testing.T) {
	d := loadView(t, "card-v10.json")
	before := d.Encode()
	p, _ := NewCard(d).OnRequest()
	e := p.Entries()[1]
	e.AssistantAccess = TriTrue
	must(t, p.SetEntry(1, e))
	// The explicit false becomes true; x-note is kept; one line changes.
	oneLineChanged(t, before, d.Encode(),
		`{"id": "shop-hours", "personEntry": "tel:+44-20-7946-0000", "assistantAccess": true, "x-note": "kept"}`)

	e.AssistantAccess = TriUnset
	must(t, p.SetEntry(1, e))
	if strings.Contains(string(d.Encode()), `"assistantAccess"`) {
		t.Error("TriUnset did not remove assistantAccess")
	}
	if err := p.SetEntry(5, e); err == nil {
		t.Error("SetEntry out of range succeeded")
	}
}

func TestOnRequestAddDelete(t *testing.T) {
	d, err := Parse([]byte("{\n  \"skills\": []\n}\n"))
	must(t, err)
	p := NewOnRequestParams(d)
	i, err := p.AddEntry(OnRequestEntry{ID: "refund", PersonEntry: "https://shop.example/refunds", Completion: CompletionInConversation, AssistantAccess: TriFalse})
	must(t, err)
	if i != 0 {
		t.Fatalf("index %d", i)
	}
	out := string(d.Encode())
	// Members in spec order, not alphabetical.
	order := []string{`"id"`, `"personEntry"`, `"assistantAccess"`, `"completion"`}
	for k := 1; k < len(order); k++ {
		if strings.Index(out, order[k-1]) > strings.Index(out, order[k]) {
			t.Fatalf("member order wrong:\n%s", out)
		}
	}
	if got := p.Entries(); len(got) != 1 || got[0].Completion != CompletionInConversation || got[0].AssistantAccess != TriFalse {
		t.Errorf("Entries() = %+v", got)
	}
	must(t, p.DeleteEntry(0))
	if len(p.Entries()) != 0 {
		t.Error("DeleteEntry")
	}
	// A params object without skills gets the array created.
	d2, _ := Parse([]byte(`{}`))
	p2 := NewOnRequestParams(d2)
	_, err = p2.AddEntry(OnRequestEntry{ID: "a", PersonEntry: "tel:+1-555-0100"})
	must(t, err)
	if len(p2.Entries()) != 1 {
		t.Errorf("entry not added: %s", d2.Encode())
	}
}

func TestReplyView(t *testing.T) {
	src := "{\n  \"status\": \"on-request\",\n  \"skillId\": \"dispute-charge\",\n  \"personEntry\": \"https://bank.example/support/disputes\",\n  \"x\": 1\n}\n"
	d, err := Parse([]byte(src))
	must(t, err)
	r := NewReply(d)
	if r.Status() != ReplyOnRequest || r.SkillID() != "dispute-charge" || r.PersonEntry() != "https://bank.example/support/disputes" {
		t.Errorf("getters: %q %q %q", r.Status(), r.SkillID(), r.PersonEntry())
	}
	must(t, r.SetStatus(ReplyActionReferred))
	oneLineChanged(t, []byte(src), d.Encode(), `"status": "action-referred",`)
	must(t, r.SetSkillID("branch-hours"))
	must(t, r.SetPersonEntry(""))
	if r.PersonEntry() != "" || r.SkillID() != "branch-hours" {
		t.Error("setters")
	}
	// A reply nested in message metadata.
	d2, err := Parse([]byte(`{"metadata": {"https://agent-capability.org/ext/on-request/v1": {"status": "given-on-opt-in", "skillId": "a"}}}`))
	must(t, err)
	r2 := &Reply{Doc: d2, Ptr: Pointer("metadata", OnRequestURI)}
	if r2.Status() != ReplyGivenOnOptIn || r2.SkillID() != "a" {
		t.Errorf("nested reply: %q %q", r2.Status(), r2.SkillID())
	}
}
