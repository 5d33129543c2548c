package model

import "fmt"

// OnRequestParams is a view of the On Request extension's params
// ({"skills": [skillEntry, …]}) at Ptr in Doc: inside a card
// (/capabilities/extensions/N/params) or a standalone params document ("").
type OnRequestParams struct {
	Doc *Doc
	Ptr string
}

// Completion values of a skillEntry (OR-3.6).
const (
	CompletionInConversation = "in-conversation"
	CompletionDeferred       = "deferred"
)

// OnRequestEntry is one skillEntry: a skill a person at the operator handles.
type OnRequestEntry struct {
	ID              string
	PersonEntry     string // https URL or tel: number where a person asks
	AssistantAccess Tri    // the operator's opt-in; unset means false
	Completion      string // "", CompletionInConversation or CompletionDeferred
}

func (p *OnRequestParams) skillsPtr() string { return p.Ptr + "/skills" }

// EntryPtr is the pointer of the i-th entry.
func (p *OnRequestParams) EntryPtr(i int) string { return p.skillsPtr() + "/" + idx(i) }

// EntryIndex returns the index of the first entry for skill id, or -1.
func (p *OnRequestParams) EntryIndex(id string) int {
	n := p.Doc.Find(p.skillsPtr())
	for i := 0; i < n.Len(); i++ {
		if n.Index(i).Get("id").Text() == id {
			return i
		}
	}
	return -1
}

// AddEntry appends an entry and returns its index. Unset optional members
// are left out.
func (p *OnRequestParams) AddEntry(e OnRequestEntry) (int, error) {
	obj := map[string]any{"id": e.ID, "personEntry": e.PersonEntry}
	if v, set := e.AssistantAccess.Bool(); set {
		obj["assistantAccess"] = v
	}
	if e.Completion != "" {
		obj["completion"] = e.Completion
	}
	// encoding/json sorts map keys; write in the spec order instead.
	b, err := marshalOrdered(obj, onRequestEntryOrder)
	if err != nil {
		return -1, err
	}
	n := p.Doc.Find(p.skillsPtr()).Len()
	return n, setDeep(p.Doc, p.skillsPtr()+"/-", b)
}

// DeleteEntry removes entry i.
func (p *OnRequestParams) DeleteEntry(i int) error { return p.Doc.Delete(p.EntryPtr(i)) }

// marshalOrdered encodes a flat map with its keys in order (keys not in
// order are left out: callers build the map from known members).
func marshalOrdered(obj map[string]any, order []string) ([]byte, error) {
	b := []byte{'{'}
	for _, k := range order {
		v, ok := obj[k]
		if !ok {
			continue
		}
		if len(b) > 1 {
			b = append(b, ',')
		}
		kb, _ := marshal(k)
		vb, err := marshal(v)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", k, err)
		}
		b = append(append(append(b, kb...), ':'), vb...)
	}
	return append(b, '}'), nil
}

// Reply statuses (§6).
const (
	ReplyOnRequest      = "on-request"
	ReplyActionReferred = "action-referred"
	ReplyGivenOnOptIn   = "given-on-opt-in"
)

// Reply is a view of an On Request reply object at Ptr (a message's or
// artifact's metadata value under the extension URI, or a standalone reply).
type Reply struct {
	Doc *Doc
	Ptr string
}
