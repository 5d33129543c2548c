package validate

import (
	"fmt"

	"github.com/oncard/oncard/model"
)

// reply validates an On Request reply object (§6): the bare object, or a
// metadata object that carries it under the extension URI. With opts.Card,
// the reply is checked against the card's On Request params.
func reply(doc *model.Doc, opts *Options) []Diagnostic {
	r := newReport(doc, opts)
	node, base := doc.Root(), ""
	if wrapped := node.Get(OnRequestURI); wrapped != nil && node.Kind == model.Object {
		node, base = wrapped, model.Pointer(OnRequestURI)
	}
	checkReplyShape(r, node, base)
	if r.opts.Card != nil && r.opts.Card.Root() != nil {
		checkReplyAgainstCard(r, node, base, r.opts.Card.Root())
	}
	checkDocumentIJSON(r)
	return r.sorted()
}

// checkReplyAgainstCard runs the interpretation checks of ON-REQUEST.md §6:
// the skill is listed, the entry is the card's, and the status fits the
// skill's opt-in and completion.
func checkReplyAgainstCard(r *report, reply *model.Node, base string, card *model.Node) {
	skillID, ok := reply.Get("skillId").Str()
	if !ok || skillID == "" {
		return // the schema reported it
	}
	entry, found := onRequestEntry(card, skillID)
	if !found {
		r.emit(ruleOnrequestReplyUnlistedSkill, base+"/skillId", fmt.Sprintf("skill %q is not listed in the card's On Request params; a reply can only be about a listed skill (On Request §6)", skillID), "check the skillId, or list the skill in the card's On Request extension")
		return
	}
	cardEntry, _ := entry.Get("personEntry").Str()
	if got, ok := reply.Get("personEntry").Str(); ok && got != cardEntry {
		r.emit(ruleOnrequestReplyEntryMismatch, base+"/personEntry", fmt.Sprintf("personEntry %q differs from the card's entry for skill %q (%q); the entry is the same for every caller (OR-3.8)",
			clip(got, 80), skillID, clip(cardEntry, 80)), "reply with the card's personEntry")
	}
	status, _ := reply.Get("status").Str()
	switch status {
	case "given-on-opt-in":
		if v, _ := entry.Get("assistantAccess").BoolValue(); !v {
			r.emit(ruleOnrequestReplyNotOptedIn, base+"/status", fmt.Sprintf("status \"given-on-opt-in\" but the card does not opt skill %q in (assistantAccess is not true, OR-3.5)", skillID), "reply \"on-request\" with the personEntry, or set assistantAccess: true in the card")
		}
	case "action-referred":
		if entry.Get("completion") == nil {
			r.emit(ruleOnrequestReplyNotAction, base+"/status", fmt.Sprintf("status \"action-referred\" for skill %q, which the card does not mark as an action (no completion, OR-3.6)", skillID), "reply \"on-request\", or give the skill a completion in the card")
		}
	}
}

// onRequestEntry finds the params.skills entry for id in the card's first
// On Request declaration.
func onRequestEntry(card *model.Node, id string) (*model.Node, bool) {
	exts := card.Get("capabilities").Get("extensions")
	for i := 0; i < exts.Len(); i++ {
		ext := exts.Index(i)
		if ext.Get("uri").Text() != OnRequestURI {
			continue
		}
		skills := ext.Get("params").Get("skills")
		for j := 0; j < skills.Len(); j++ {
			if s, ok := skills.Index(j).Get("id").Str(); ok && s == id {
				return skills.Index(j), true
			}
		}
		return nil, false
	}
	return nil, false
}

// secReply is the section of ON-REQUEST.md that defines the reply.
const secReply = "On Request §6"

// checkReplyShape is checkSchema with #/$defs/reply, in code, for the
// reply at base: an object with one of the three statuses and a skillId of
// 1 to 128 characters, a personEntry when it has one (checkPersonEntryAt),
// and a personEntry when the status is "on-request" or "action-referred".
// The messages are the schema explainer's, word for word.
func checkReplyShape(r *report, reply *model.Node, base string) {
	if reply == nil || reply.Kind != model.Object {
		r.emit(ruleOnrequestSchema, base, "the reply must be an object"+gotType(reply)+sec(secReply), "")
		return
	}
	status, skillID, person := reply.Get("status"), reply.Get("skillId"), reply.Get("personEntry")
	switch s, _ := status.Str(); {
	case status == nil:
		r.emit(ruleOnrequestSchema, base+"/status", `missing required member "status"`+sec(secReply), "")
	case status.Kind != model.String || s != "on-request" && s != "action-referred" && s != "given-on-opt-in":
		r.emit(ruleOnrequestSchema, base+"/status", `status must be one of "on-request", "action-referred", "given-on-opt-in"`+gotNode(status)+sec(secReply), "")
	case person == nil && (s == "on-request" || s == "action-referred"):
		r.emit(ruleOnrequestSchema, base+"/personEntry", fmt.Sprintf("with status %q, missing required member \"personEntry\"", s)+sec(secReply), "")
	}
	if skillID == nil {
		r.emit(ruleOnrequestSchema, base+"/skillId", `missing required member "skillId"`+sec(secReply), "")
	} else {
		checkSkillID(r, skillID, "skillId", secReply, func() string { return base + "/skillId" })
	}
	if person != nil {
		checkPersonEntryAt(r, person, func() string { return base + "/personEntry" })
	}
}
