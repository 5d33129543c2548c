package model

import (
	"strings"
	"testing"
)

// The On Request screen writes skill entries at pointers: an edit changes
// one line and keeps the members it does not touch.
func TestOnRequestEntryEditChangesOneLine(t *testing.T) {
	d := loadView(t, "card-v10.json")
	c := NewCard(d)
	entry := ExtensionPtr(c.OnRequestIndex()) + "/params/skills/1"
	before := d.Encode()
	must(t, d.SetValue(entry+"/assistantAccess", true))
	oneLineChanged(t, before, d.Encode(),
		`{"id": "shop-hours", "personEntry": "tel:+44-20-7946-0000", "assistantAccess": true, "x-note": "kept"}`)
	must(t, deleteIfPresent(d, entry+"/assistantAccess"))
	if strings.Contains(string(d.Encode()), `"assistantAccess"`) {
		t.Error("assistantAccess not removed")
	}
}

// In a standalone params document and inside a card, members added to a
// skill entry land in spec order, not in the order they were written.
func TestOnRequestEntryMemberOrder(t *testing.T) {
	for _, tc := range []struct {
		name, src, skills string
	}{
		{"standalone", "{\n  \"skills\": []\n}\n", "/skills"},
		{"standalone without skills", `{}`, "/skills"},
		{"in a card", "{\n  \"name\": \"A\",\n  \"capabilities\": {\"extensions\": [{\"uri\": \"" + OnRequestURI + "\", \"params\": {\"skills\": []}}]}\n}\n",
			"/capabilities/extensions/0/params/skills"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, err := Parse([]byte(tc.src))
			must(t, err)
			if tc.skills == "/skills" {
				InstallKindOrder(d, KindOnRequest)
			} else {
				NewCard(d)
			}
			must(t, setDeep(d, tc.skills+"/-", []byte(`{"id": "refund"}`)))
			for _, m := range []struct {
				key string
				v   any
			}{{"completion", "in-conversation"}, {"assistantAccess", false}, {"personEntry", "https://shop.example/refunds"}} {
				must(t, d.SetValue(tc.skills+"/0/"+m.key, m.v))
			}
			var keys []string
			for _, m := range d.Find(tc.skills + "/0").Members() {
				keys = append(keys, m.Key())
			}
			if strings.Join(keys, " ") != "id personEntry assistantAccess completion" {
				t.Errorf("members %v:\n%s", keys, d.Encode())
			}
		})
	}
}

// A standalone reply gets the reply member order.
func TestReplyMemberOrder(t *testing.T) {
	d, err := Parse([]byte(`{"personEntry": "https://bank.example/support/disputes"}`))
	must(t, err)
	InstallKindOrder(d, KindReply)
	must(t, d.SetValue("/skillId", "dispute-charge"))
	must(t, d.SetValue("/status", "on-request"))
	var keys []string
	for _, m := range d.Root().Members() {
		keys = append(keys, m.Key())
	}
	if strings.Join(keys, " ") != "status skillId personEntry" {
		t.Errorf("members %v:\n%s", keys, d.Encode())
	}
}
