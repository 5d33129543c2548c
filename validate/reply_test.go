package validate

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/oncard/oncard/model"
)

func TestReplyRules(t *testing.T) {
	card := readDoc(t, "onrequest/worked-example.card.json")
	wrapped := "/https:~1~1agent-capability.org~1ext~1on-request~1v1"
	cases := []struct {
		file  string
		wants []want
	}{
		{"on-request.valid.json", nil},
		{"wrapped.valid.json", nil},
		{"opted-in.valid.json", nil},
		{"action.valid.json", nil},
		{"missing-entry.invalid.json", []want{{"onrequest/schema", "/personEntry", Error, `with status "on-request", missing required member "personEntry" (On Request §6)`}}},
		{"wrapped-missing-entry.invalid.json", []want{{"onrequest/schema", wrapped + "/personEntry", Error, `with status "action-referred", missing required member "personEntry"`}}},
		{"unlisted-skill.invalid.json", []want{{"onrequest/reply-unlisted-skill", "/skillId", Error, `skill "balance" is not listed in the card's On Request params`}}},
		{"entry-mismatch.invalid.json", []want{{"onrequest/reply-entry-mismatch", "/personEntry", Error, `differs from the card's entry for skill "dispute-charge" ("https://bank.example/support/disputes")`}}},
		{"not-opted-in.invalid.json", []want{{"onrequest/reply-not-opted-in", "/status", Error, "assistantAccess is not true"}}},
		{"not-action.invalid.json", []want{{"onrequest/reply-not-action", "/status", Warning, "does not mark as an action"}}},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			diags := reply(readDoc(t, filepath.Join("reply", c.file)), &Options{Card: card})
			expectExactly(t, diags, c.wants...)
		})
	}
}

// Without a card only the schema runs: card-level findings disappear.
func TestReplyWithoutCard(t *testing.T) {
	for _, name := range []string{"unlisted-skill.invalid.json", "entry-mismatch.invalid.json", "not-opted-in.invalid.json", "not-action.invalid.json"} {
		if diags := reply(readDoc(t, filepath.Join("reply", name)), nil); len(diags) != 0 {
			t.Errorf("%s without --card: %s", name, dump(diags))
		}
	}
}

func TestReplyCardWithoutOnRequest(t *testing.T) {
	card := parseString(t, `{"skills": [{"id": "dispute-charge"}], "capabilities": {}}`)
	diags := reply(readDoc(t, "reply/on-request.valid.json"), &Options{Card: card})
	expectExactly(t, diags, want{"onrequest/reply-unlisted-skill", "/skillId", Error, "not listed"})
}

func FuzzReply(f *testing.F) {
	for _, name := range []string{"on-request.valid.json", "wrapped.valid.json", "not-opted-in.invalid.json", "wrapped-missing-entry.invalid.json"} {
		data, err := os.ReadFile(filepath.Join("testdata", "reply", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	card := readDoc(f, "onrequest/worked-example.card.json")
	f.Fuzz(func(t *testing.T, data []byte) {
		doc, err := model.Parse(data)
		if err != nil {
			return
		}
		checkDiagnostics(t, doc, reply(doc, nil))
		checkDiagnostics(t, doc, reply(doc, &Options{Card: card}))
		// The fuzzed bytes as the card.
		replyDoc := readDoc(t, "reply/on-request.valid.json")
		checkDiagnostics(t, replyDoc, reply(replyDoc, &Options{Card: doc}))
	})
}
