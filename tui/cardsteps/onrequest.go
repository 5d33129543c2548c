package cardsteps

import (
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/editor"
	"github.com/oncard/oncard/validate"
)

const extensionsPtr = "/capabilities/extensions"

// card is the model's view of the editor State's card (no copy: it reads the Doc).
func cardOf(s *editor.State) *model.Card { return &model.Card{Doc: s.Doc} }

func OnRequestIndex(s *editor.State) int { return cardOf(s).OnRequestIndex() }

// onRequestSkillsPtr is the pointer of params.skills, or "" when the
// extension is not declared.
func OnRequestSkillsPtr(s *editor.State) string {
	i := OnRequestIndex(s)
	if i < 0 {
		return ""
	}
	return editor.Item(extensionsPtr, i) + "/params/skills"
}

// onRequestEntry returns the index of the entry for skill id, or -1.
func OnRequestEntry(s *editor.State, id string) int {
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
func ineligibleReason(s *editor.State, skillPtr string) string {
	members := validate.SecuredSkillMembers(s.Doc.Find(skillPtr))
	if len(members) == 0 {
		return ""
	}
	if members[0] == "security" {
		return "carries security (v0.3)"
	}
	return "carries " + members[0]
}

// chooseOnRequestSkill lists skill id as handled on request
// (model.Card.AddOnRequestSkill); a failure is said on screen.
func chooseOnRequestSkill(s *editor.State, id, personEntry string) {
	_, err := cardOf(s).AddOnRequestSkill(id, personEntry)
	s.Note(err)
}

// removeOnRequestSkill drops the entry for id, and the extension with its
// last entry (model.Card.RemoveOnRequestSkill).
func removeOnRequestSkill(s *editor.State, id string) {
	s.Note(cardOf(s).RemoveOnRequestSkill(id))
}

// renameOnRequestSkill keeps the entry of a skill whose id changed.
func renameOnRequestSkill(s *editor.State, old, next string) {
	s.Note(cardOf(s).RenameOnRequestSkill(old, next))
}

// skillIndexByID finds a skill of the card by id.
func skillIndexByID(s *editor.State, id string) int {
	n := s.Doc.Find("/skills")
	for i := 0; i < n.Len(); i++ {
		if n.Index(i).Get("id").Text() == id {
			return i
		}
	}
	return -1
}
