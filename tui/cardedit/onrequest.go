package cardedit

import (
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/component"
	"github.com/oncard/oncard/validate"
)

const extensionsPtr = "/capabilities/extensions"

// card is the model's view of the Session's card (no copy: it reads the Doc).
func cardOf(s *component.Session) *model.Card { return &model.Card{Doc: s.Doc} }

func OnRequestIndex(s *component.Session) int { return cardOf(s).OnRequestIndex() }

// onRequestSkillsPtr is the pointer of params.skills, or "" when the
// extension is not declared.
func OnRequestSkillsPtr(s *component.Session) string {
	i := OnRequestIndex(s)
	if i < 0 {
		return ""
	}
	return component.Item(extensionsPtr, i) + "/params/skills"
}

// onRequestEntry returns the index of the entry for skill id, or -1.
func OnRequestEntry(s *component.Session, id string) int {
	p := OnRequestSkillsPtr(s)
	if p == "" {
		return -1
	}
	n := s.Doc.Find(p)
	for j := 0; j < n.Len(); j++ {
		if n.Index(j).Get("id").Text() == id {
			return j
		}
	}
	return -1
}

// ineligibleReason says why a skill cannot be handled on request ("" when it
// can): a skill with security requirements cannot (On Request, check 2;
// the validator's rule, validate.SecuredSkillMembers).
func ineligibleReason(s *component.Session, skillPtr string) string {
	members := validate.SecuredSkillMembers(s.Doc.Find(skillPtr))
	if len(members) == 0 {
		return ""
	}
	if members[0] == "security" {
		return "carries security (v0.3)"
	}
	return "carries " + members[0]
}

// chooseOnRequestSkill adds an entry for id, declaring the extension when it
// is missing.
func chooseOnRequestSkill(s *component.Session, id, personEntry string) {
	if OnRequestEntry(s, id) >= 0 {
		return
	}
	if OnRequestIndex(s) < 0 {
		if err := s.EnsureArray(extensionsPtr); err != nil {
			return
		}
		ext := component.Object("uri", model.OnRequestURI,
			"description", "Skills that a person handles on request",
			"required", false,
			"params", component.Object("skills", []any{}))
		if err := s.Doc.SetValue(extensionsPtr+"/-", ext); err != nil {
			return
		}
	}
	p := OnRequestSkillsPtr(s)
	if err := s.EnsureArray(p); err != nil {
		return
	}
	s.Note(s.Doc.SetValue(p+"/-", component.Object("id", id, "personEntry", personEntry)))
}

// removeOnRequestSkill drops the entry for id; the extension goes when it
// lists no skill any more.
func removeOnRequestSkill(s *component.Session, id string) {
	j := OnRequestEntry(s, id)
	if j < 0 {
		return
	}
	p := OnRequestSkillsPtr(s)
	s.Note(s.Doc.Delete(component.Item(p, j)))
	if s.ArrayLen(p) == 0 {
		s.Note(s.Doc.Delete(component.Item(extensionsPtr, OnRequestIndex(s))))
		s.DeleteIfEmpty(extensionsPtr)
	}
}

// renameOnRequestSkill keeps the entry of a skill whose id changed.
func renameOnRequestSkill(s *component.Session, old, next string) {
	if old == "" || old == next {
		return
	}
	if j := OnRequestEntry(s, old); j >= 0 {
		s.Note(s.Doc.SetValue(component.Item(OnRequestSkillsPtr(s), j)+"/id", next))
	}
}

// skillIndexByID finds a skill of the card by id.
func skillIndexByID(s *component.Session, id string) int {
	n := s.Doc.Find("/skills")
	for i := 0; i < n.Len(); i++ {
		if n.Index(i).Get("id").Text() == id {
			return i
		}
	}
	return -1
}
