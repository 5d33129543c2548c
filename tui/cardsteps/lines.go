package cardsteps

import (
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/editor"
	"github.com/oncard/oncard/tui/widgets"
)

// What the line-by-line prompts (tui/accessible) need of the steps: the
// very forms the full screen shows, built by the steps themselves, so
// that a field is asked with the behaviour it has on screen (a skill's id
// following its name, a scheme's form following its kind) and its answer
// written by the same code a key would run.

// Form is the step's form, loaded from the card.
func (st *FormStep) Form(s *editor.State) *widgets.Form {
	f := st.Build(s)
	f.Load(s)
	return f
}

// Noun names one item of the list ("interface", "skill").
func (st *ListStep) Noun() string { return st.noun }

// Count is the number of items in the list.
func (st *ListStep) Count(s *editor.State) int { return st.count(s) }

// Add appends a new item, as the add key does.
func (st *ListStep) Add(s *editor.State) { st.add(s) }

// Item is the form of item i, loaded from the card.
func (st *ListStep) Item(s *editor.State, i int) *widgets.Form {
	f := st.ItemForm(s, i)
	f.Load(s)
	return f
}

// SchemeNames are the card's security schemes, in written order.
func (st *SecurityStep) SchemeNames(s *editor.State) []string { return schemeNames(s) }

// AddScheme adds a scheme as the add key does (a bearer scheme under a
// name not taken, which follows the kind chosen until a name is typed)
// and returns its name.
func (st *SecurityStep) AddScheme(s *editor.State) string {
	st.addScheme(s)
	return st.scheme
}

// Scheme is the name of the open scheme (a rename or a kind changes it).
func (st *SecurityStep) Scheme() string { return st.scheme }

// OpenScheme is the form of the scheme called name, built for what the
// scheme is now (its kind, its flow).
func (st *SecurityStep) OpenScheme(s *editor.State, name string) *widgets.Form {
	for i, n := range schemeNames(s) {
		if n == name {
			st.Cursor = i
		}
	}
	st.open(s)
	return st.f
}

// RequirementOwners are the pointers of what carries security
// requirements: the card ("") and each skill.
func RequirementOwners(s *editor.State) []string { return requirementOwners(s) }

// OpenRequirements is the form of the requirements of owner ("" the card,
// "/skills/N").
func (st *SecurityStep) OpenRequirements(s *editor.State, owner string) *widgets.Form {
	st.Cursor = len(schemeNames(s))
	if owner != "" {
		for i, o := range requirementOwners(s) {
			if o == owner {
				st.Cursor += i
			}
		}
	}
	st.Editing = false
	st.open(s)
	return st.f
}

// OwnerLabel names the owner of requirements for a question.
func (st *SecurityStep) OwnerLabel(s *editor.State, owner string) string {
	if owner == "" {
		return "the card"
	}
	return "skill " + model.SafeText(s.Text(owner+"/name"))
}

// IneligibleReason says why the skill at skillPtr cannot be handled on
// request ("" when it can): the validator's rule.
func IneligibleReason(s *editor.State, skillPtr string) string {
	return ineligibleReason(s, skillPtr)
}

// ChooseSkill lists skill id as handled on request, as space does on the
// step, and returns the pointer of its entry.
func (st *OnRequestStep) ChooseSkill(s *editor.State, id string) string {
	if OnRequestEntry(s, id) < 0 {
		chooseOnRequestSkill(s, id, "")
		s.Changed()
	}
	j := OnRequestEntry(s, id)
	if j < 0 {
		return ""
	}
	return editor.Item(OnRequestSkillsPtr(s), j)
}

// UnchooseSkill drops skill id's entry (and the extension with the last).
func (st *OnRequestStep) UnchooseSkill(s *editor.State, id string) {
	if OnRequestEntry(s, id) >= 0 {
		removeOnRequestSkill(s, id)
		s.Changed()
	}
}

// Entry is the form of the entry at ptr, loaded from the card.
func (st *OnRequestStep) Entry(s *editor.State, ptr string) *widgets.Form {
	f := st.EntryForm(s, ptr)
	f.Load(s)
	return f
}

// Form is the step's form for the settings as they are, the plan made
// again first (and the catalog file merged into read, here and now).
func (st *CatalogStep) Form(s *editor.State) *widgets.Form {
	st.Replan(s)
	for cmd := st.readSource(); cmd != nil; {
		msg, ok := cmd().(CatalogSourceMsg)
		if !ok {
			break
		}
		cmd = st.sourceRead(msg, s)
	}
	st.rebuild(s, "")
	return st.F
}

// ServedAt is the URL the card is to be served at: the entry's URL as the
// Catalog step has it (set, or derived from the first interface's host);
// "" when the card does not say.
func (st *CatalogStep) ServedAt(s *editor.State) string {
	if st.Cfg.URL != "" {
		return st.Cfg.URL
	}
	if st.Plan == nil {
		st.Replan(s)
	}
	return st.Plan.SuggestedURL
}
