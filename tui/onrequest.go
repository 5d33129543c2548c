package tui

import "github.com/oncard/oncard/model"

const extensionsPtr = "/capabilities/extensions"

// card is the model's view of the Session's card (no copy: it reads the Doc).
func (s *Session) card() *model.Card { return &model.Card{Doc: s.Doc} }

func onRequestIndex(s *Session) int { return s.card().OnRequestIndex() }

// onRequestSkillsPtr is the pointer of params.skills, or "" when the
// extension is not declared.
func onRequestSkillsPtr(s *Session) string {
	i := onRequestIndex(s)
	if i < 0 {
		return ""
	}
	return item(extensionsPtr, i) + "/params/skills"
}

// onRequestEntry returns the index of the entry for skill id, or -1.
func onRequestEntry(s *Session, id string) int {
	p := onRequestSkillsPtr(s)
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
// can): a skill with security requirements cannot (On Request, check 2).
func ineligibleReason(s *Session, skillPtr string) string {
	sk := s.Doc.Find(skillPtr)
	if sk.Get("securityRequirements") != nil {
		return "carries securityRequirements"
	}
	if sk.Get("security") != nil {
		return "carries security (v0.3)"
	}
	return ""
}

// chooseOnRequestSkill adds an entry for id, declaring the extension when it
// is missing.
func chooseOnRequestSkill(s *Session, id, personEntry string) {
	if onRequestEntry(s, id) >= 0 {
		return
	}
	if onRequestIndex(s) < 0 {
		if err := s.ensureArray(extensionsPtr); err != nil {
			return
		}
		ext := object("uri", model.OnRequestURI,
			"description", "Skills that a person handles on request",
			"required", false,
			"params", object("skills", []any{}))
		if err := s.Doc.SetValue(extensionsPtr+"/-", ext); err != nil {
			return
		}
	}
	p := onRequestSkillsPtr(s)
	if err := s.ensureArray(p); err != nil {
		return
	}
	s.note(s.Doc.SetValue(p+"/-", object("id", id, "personEntry", personEntry)))
}

// removeOnRequestSkill drops the entry for id; the extension goes when it
// lists no skill any more.
func removeOnRequestSkill(s *Session, id string) {
	j := onRequestEntry(s, id)
	if j < 0 {
		return
	}
	p := onRequestSkillsPtr(s)
	s.note(s.Doc.Delete(item(p, j)))
	if s.arrayLen(p) == 0 {
		s.note(s.Doc.Delete(item(extensionsPtr, onRequestIndex(s))))
		s.deleteIfEmpty(extensionsPtr)
	}
}

// renameOnRequestSkill keeps the entry of a skill whose id changed.
func renameOnRequestSkill(s *Session, old, next string) {
	if old == "" || old == next {
		return
	}
	if j := onRequestEntry(s, old); j >= 0 {
		s.note(s.Doc.SetValue(item(onRequestSkillsPtr(s), j)+"/id", next))
	}
}

// skillIndexByID finds a skill of the card by id.
func skillIndexByID(s *Session, id string) int {
	n := s.Doc.Find("/skills")
	for i := 0; i < n.Len(); i++ {
		if n.Index(i).Get("id").Text() == id {
			return i
		}
	}
	return -1
}
