package accessible

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"

	"charm.land/huh/v2"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/oasf"
	"github.com/oncard/oncard/tui/cardsteps"
	"github.com/oncard/oncard/tui/editor"
	"github.com/oncard/oncard/tui/widgets"
	"github.com/oncard/oncard/validate"
)

// CardOptions says what Card starts from.
type CardOptions struct {
	// Doc is the card to fill in (a blank card, a template, --from or a
	// draft); what it already holds is offered as each question's default.
	Doc *model.Doc
	// Output is the path proposed for the card ("" proposes DefaultPath).
	Output      string
	DefaultPath string
	// Validate are the options of the check run after each answer.
	Validate *validate.Options
	// SchemaServer is the OASF schema server named in the discovery
	// extension's URI.
	SchemaServer string
	// From is the title of the step to begin with (a resumed draft's);
	// "" begins with the first.
	From string
	// Catalog are the Catalog step's settings to begin with (a resumed
	// draft's).
	Catalog app.CatalogSettings
}

// CardResult is where the card goes, and where the questions stopped.
type CardResult struct {
	Output  string // a path, or "-" for stdout
	Replace bool   // the user agreed to replace the existing file
	// Catalog is the Catalog step's plan, written after the card (nil
	// when it writes nothing); CatalogReplace says the user agreed to
	// replace its file.
	Catalog        *app.CatalogPlan
	CatalogReplace bool
	// ServedAt is the URL the card is to be served at, as the Catalog
	// step derives it ("" when unknown).
	ServedAt string
	// Step and StepName are the step the questions were on (a draft
	// records them), Settings the Catalog step's; Answers counts the
	// answers that changed the card or the settings (its edits).
	Step     int
	StepName string
	Settings app.CatalogSettings
	Answers  int
}

// cardAsker asks the card editor's steps line by line: the same flow
// (cardsteps.Flow), the same steps and forms, each answer written by the
// field it answers and judged by the same check (editor.Check, through
// the editor State) as on the full screen.
type cardAsker struct {
	a       *Asker
	s       *editor.State
	steps   []cardsteps.Step
	catalog *cardsteps.CatalogStep
	opts    CardOptions
	res     *CardResult
	hinted  map[string]bool // the hints said already
}

// Card asks for an Agent Card step by step, every step of the full-screen
// editor but Start (the card to begin with is opts.Doc): each field is
// asked in turn, its answer written into opts.Doc and checked at once; an
// answer with findings at error level at its field is asked again with
// them, never ending the questions. It returns ErrEndOfInput when the
// input ends first, the context's error on an interrupt; the result says
// where it stopped then. The caller validates the whole card and writes
// it, then the catalog plan.
func Card(a *Asker, opts CardOptions) (res CardResult, err error) {
	res = CardResult{Settings: opts.Catalog}
	q := &cardAsker{a: a, s: editor.NewState(opts.Doc, opts.Validate), opts: opts, res: &res, hinted: map[string]bool{}}
	q.s.RefreshDelay = 0
	model.NewCard(opts.Doc)
	q.steps = cardsteps.NewFlow(cardsteps.FlowConfig{Output: opts.Output})
	q.catalog = q.steps[cardsteps.StepIndex(cardsteps.StepCatalog)].(*cardsteps.CatalogStep)
	q.catalog.Cfg = opts.Catalog
	a.Say("New Agent Card, step by step: answer each question and press Enter. An answer in [brackets] " +
		"is the default, which Enter keeps; \"-\" clears an optional answer.")
	first := 1 // after Start
	if opts.From != "" {
		for i, sp := range cardsteps.Flow {
			if sp.Title == opts.From && i > 0 {
				first = i
				a.Say("Resuming at the step " + sp.Title + ".")
			}
		}
	}
	defer func() { res.Answers = q.s.Edits }()
	for i := first; i < len(cardsteps.Flow); i++ {
		if err = q.step(i); err != nil {
			return res, err
		}
	}
	return res, nil
}

// askers are the questions of each step, by ID.
func (q *cardAsker) askers() map[cardsteps.StepID]func(cardsteps.Step) error {
	return map[cardsteps.StepID]func(cardsteps.Step) error{
		cardsteps.StepAgent:        q.formStep,
		cardsteps.StepInterfaces:   q.listStep,
		cardsteps.StepCapabilities: q.formStep,
		cardsteps.StepSkills:       q.listStep,
		cardsteps.StepSecurity:     q.security,
		cardsteps.StepOnRequest:    q.onRequest,
		cardsteps.StepOASF:         func(cardsteps.Step) error { return q.oasfClasses() },
		cardsteps.StepCatalog:      func(cardsteps.Step) error { return q.catalogEntry() },
		cardsteps.StepReview:       func(cardsteps.Step) error { return q.review() },
	}
}

// step asks step i of the flow.
func (q *cardAsker) step(i int) error {
	sp := cardsteps.Flow[i]
	q.res.Step, q.res.StepName = i, sp.Title
	ask, ok := q.askers()[sp.ID]
	if !ok {
		return fmt.Errorf("the line-by-line prompts have no questions for the step %s", sp.Title)
	}
	q.a.Say(fmt.Sprintf("Step %d of %d, %s: %s.", i, len(cardsteps.Flow)-1, sp.Title, sp.About))
	return ask(q.steps[i])
}

func (q *cardAsker) formStep(st cardsteps.Step) error {
	return q.form(st.(*cardsteps.FormStep).Form(q.s))
}

// listStep asks each item of a list (the starting card's first), then
// whether to add another; a list the card must have is never left empty.
func (q *cardAsker) listStep(step cardsteps.Step) error {
	st := step.(*cardsteps.ListStep)
	noun := st.Noun()
	for i := 0; ; i++ {
		if i >= st.Count(q.s) {
			if i > 0 {
				more, err := q.yesNo(fmt.Sprintf("Add another %s?", noun), false)
				if err != nil || !more {
					return err
				}
			}
			st.Add(q.s)
		}
		q.a.Say(fmt.Sprintf("%s %d of %d.", capitalize(noun), i+1, st.Count(q.s)))
		if err := q.form(st.Item(q.s, i)); err != nil {
			return err
		}
	}
}

// form asks each field of f, then asks again every field that still has
// findings at error level (one field's answer can make another's wrong:
// a completion needs an https person entry).
func (q *cardAsker) form(f *widgets.Form) error {
	for _, fl := range f.Fields {
		if err := q.field(fl, f); err != nil {
			return err
		}
	}
	return q.settle(f)
}

// settle asks again, with the reason, each field of f that has findings
// at error level, until none has.
func (q *cardAsker) settle(f *widgets.Form) error {
	for {
		again := false
		for _, fl := range f.Fields {
			if err := q.errorsAt(fl, f); err != nil {
				q.a.Say(fmt.Sprintf("%s: %s", fl.Label(), err))
				if err := q.field(fl, f); err != nil {
					return err
				}
				again = true
			}
		}
		if !again {
			return nil
		}
	}
}

// field asks fl (one of form's fields) until its answer is taken and
// leaves no error-level finding at its member. A button is no question.
func (q *cardAsker) field(fl widgets.Field, form *widgets.Form) error {
	l, ok := widgets.AsLine(fl)
	if !ok {
		return nil
	}
	def := l.Current()
	title := l.Label()
	// A hint is said the first time only: a screen reader reads it out,
	// and the fields of every skill or interface repeat theirs.
	if h := l.Help(); h != "" && !q.hinted[h] {
		title += " (" + h + ")"
		q.hinted[h] = true
	}
	if ch := l.Choices(); ch != nil {
		var opts []string
		for i, c := range ch {
			opts = append(opts, fmt.Sprintf("%d %s", i+1, c))
		}
		title += ": " + strings.Join(opts, ", ")
		if c, ok := l.(interface{ CustomLabel() string }); ok && c.CustomLabel() != "" {
			title += ", or type a " + strings.ToLower(c.CustomLabel())
		}
	}
	wrote := false
	_, err := q.text(title, def, func(answer string) error {
		if answer == def && !wrote {
			return q.errorsAt(fl, form) // kept as it is
		}
		if answer == "-" && l.Optional() {
			answer = ""
		}
		if ch := l.Choices(); ch != nil {
			if n, err := strconv.Atoi(answer); err == nil && n >= 1 && n <= len(ch) {
				answer = ch[n-1]
			}
		}
		if err := l.Answer(q.s, answer); err != nil {
			return askAgain("Not accepted: " + err.Error() + ". Please answer again.")
		}
		wrote = true
		q.s.Refresh()
		return q.errorsAt(fl, form)
	})
	return err
}

// errorsAt is the error-level findings at fl's member, as one error (nil
// when there are none), leaving out those at a member another field of
// form edits (they are that field's, asked in its turn). A field that
// edits no card member (a Catalog setting) has none.
func (q *cardAsker) errorsAt(fl widgets.Field, form *widgets.Form) error {
	ptr := fl.Pointer()
	if ptr == "" {
		return nil
	}
	var msgs []string
	for _, d := range q.s.Diags {
		if d.Severity != validate.Error || !editor.PointerWithin(d.Pointer, ptr) {
			continue
		}
		other := false
		for _, o := range form.Fields {
			if p := o.Pointer(); o != fl && p != ptr && len(p) > len(ptr) && editor.PointerWithin(d.Pointer, p) {
				other = true
			}
		}
		if !other {
			msgs = append(msgs, diagText(d))
		}
	}
	if len(msgs) == 0 {
		return nil
	}
	return askAgain("Not accepted: " + strings.Join(msgs, "; ") + ". Please answer again.")
}

// diagText is a finding as a sentence (its hint in parentheses).
func diagText(d validate.Diagnostic) string {
	m := model.SafeText(d.Message)
	if d.Hint != "" {
		m += " (" + model.SafeText(d.Hint) + ")"
	}
	return m
}

// askAgain is what huh shows, as written, before asking a question again:
// a sentence for the user rather than an error to wrap.
type askAgain string

func (m askAgain) Error() string { return string(m) }

// prompt is a question's title with its default, if any.
func prompt(title, def string) string {
	if def != "" {
		return fmt.Sprintf("%s [%s]:", title, model.SafeText(def))
	}
	return title + ":"
}

// text asks for a line until check accepts it; an empty answer is def.
// huh asks again itself on an error, printing it; it does not check an
// answer cut off by the end of input, so the last answer is checked once
// more here.
func (q *cardAsker) text(title, def string, check func(string) error) (string, error) {
	value := def
	validateAnswer := func(s string) error {
		s = strings.TrimSpace(s)
		if s == "" {
			s = def
		}
		return check(s)
	}
	answered, err := q.a.run(huh.NewInput().Title(prompt(title, def)).Value(&value).Validate(validateAnswer))
	if err != nil {
		return "", err
	}
	value = strings.TrimSpace(value)
	if value == "" {
		value = def
	}
	if !answered || validateAnswer(value) != nil {
		return "", ErrEndOfInput
	}
	return value, nil
}

// yesNo asks a yes/no question with the given default; the end of input
// stops the card.
func (q *cardAsker) yesNo(title string, def bool) (bool, error) {
	v := def
	answered, err := q.a.run(huh.NewConfirm().Title(title).Value(&v))
	if err != nil {
		return false, err
	}
	if !answered {
		return false, ErrEndOfInput
	}
	return v, nil
}

// security asks about the card's schemes (each kept or edited, then any
// added), then, once there are schemes, the requirements of the card and
// of each skill.
func (q *cardAsker) security(step cardsteps.Step) error {
	st := step.(*cardsteps.SecurityStep)
	names := st.SchemeNames(q.s)
	if len(names) == 0 {
		q.a.Say("The card declares no security scheme: clients reach it without credentials.")
	} else {
		q.a.Say("The card declares " + widgets.Count(len(names), "security scheme", "security schemes") + ": " + safeJoin(names) + ".")
	}
	for _, name := range names {
		edit, err := q.yesNo(fmt.Sprintf("Change the scheme %q?", model.SafeText(name)), false)
		if err != nil {
			return err
		}
		if edit {
			if err := q.scheme(st, name); err != nil {
				return err
			}
		}
	}
	for {
		add, err := q.yesNo("Add a security scheme?", false)
		if err != nil {
			return err
		}
		if !add {
			break
		}
		if err := q.scheme(st, st.AddScheme(q.s)); err != nil {
			return err
		}
	}
	if len(st.SchemeNames(q.s)) == 0 && q.s.Doc.Find("/securityRequirements") == nil {
		return nil
	}
	q.a.Say("Security requirements name the schemes a client must use: | between alternatives (any one is enough), " +
		"+ joins schemes used together, scopes in ( ); empty for none. Schemes: " + safeJoin(st.SchemeNames(q.s)) + ".")
	for _, owner := range cardsteps.RequirementOwners(q.s) {
		f := st.OpenRequirements(q.s, owner)
		q.a.Say("Requirements of " + st.OwnerLabel(q.s, owner) + ".")
		if err := q.form(f); err != nil {
			return err
		}
	}
	return nil
}

// scheme asks the fields of the scheme called name: its kind first (the
// form follows the kind, and a new scheme's name too), then the rest, the
// form built again whenever an answer changes what it shows.
func (q *cardAsker) scheme(st *cardsteps.SecurityStep, name string) error {
	asked := map[string]bool{}
	var f *widgets.Form
	for {
		f = st.OpenScheme(q.s, name)
		next := nextField(f, asked, "Kind")
		if next == nil {
			break
		}
		asked[next.Label()] = true
		if err := q.field(next, f); err != nil {
			return err
		}
		name = st.Scheme()
	}
	return q.settle(f)
}

// nextField is the first field of f not asked yet (first, when not asked
// yet, before the others); nil when every one has been.
func nextField(f *widgets.Form, asked map[string]bool, first string) widgets.Field {
	var next widgets.Field
	for _, fl := range f.Fields {
		if _, ok := widgets.AsLine(fl); !ok || asked[fl.Label()] {
			continue
		}
		if fl.Label() == first {
			return fl
		}
		if next == nil {
			next = fl
		}
	}
	return next
}

// onRequest asks, skill by skill, whether a person handles it on request
// and, if so, the fields of its entry, as the On Request step shows them.
func (q *cardAsker) onRequest(step cardsteps.Step) error {
	st := step.(*cardsteps.OnRequestStep)
	for k := 0; k < q.s.ArrayLen("/skills"); k++ {
		ptr := model.SkillPtr(k)
		id := q.s.Text(ptr + "/id")
		if id == "" {
			continue
		}
		if why := cardsteps.IneligibleReason(q.s, ptr); why != "" {
			q.a.Say(fmt.Sprintf("Skill %q %s, so it cannot be handled on request: %s.", model.SafeText(id), why, validate.SecuredSkillWhy))
			continue
		}
		on, err := q.yesNo(fmt.Sprintf("Is skill %q handled by a person on request?", model.SafeText(id)), cardsteps.OnRequestEntry(q.s, id) >= 0)
		if err != nil {
			return err
		}
		if !on {
			st.UnchooseSkill(q.s, id)
			continue
		}
		entry := st.ChooseSkill(q.s, id)
		if entry == "" {
			return fmt.Errorf("skill %q could not be listed as handled on request", model.SafeText(id))
		}
		q.s.Refresh()
		if err := q.form(st.Entry(q.s, entry)); err != nil {
			return err
		}
	}
	return nil
}

// oasfClasses asks for the OASF skills and domains of the discovery
// extension, by name or id, checked against the built-in taxonomy.
func (q *cardAsker) oasfClasses() error {
	c := model.NewCard(q.s.Doc)
	version := oasf.DefaultVersion
	var oldSkills, oldDomains []model.ClassRef
	if d, ok := c.Discovery(); ok {
		if v := d.SchemaVersion(); v != "" {
			version = v
		}
		oldSkills, oldDomains = d.Skills(), d.Domains()
	}
	tax := oasf.Get(version)
	if tax == nil {
		q.a.Say(fmt.Sprintf("OASF schema %s is not built in: the discovery extension is kept as it is.", model.SafeText(version)))
		return nil
	}
	q.a.Say("OASF discovery: the skills and domains directories list the agent under, by name (e.g. " +
		"language_processing/language_generation/text_completion) or id, separated by commas. " +
		"Enter keeps the default; \"-\" for none.")
	var skills, domains []model.ClassRef
	ask := func(title string, k oasf.Kind, old []model.ClassRef, out *[]model.ClassRef) error {
		_, err := q.text(title, refList(old), func(s string) error {
			refs, err := classRefs(tax.Tree(k), s, old)
			if err == nil {
				*out = refs
			}
			return err
		})
		return err
	}
	if err := ask("OASF skills", oasf.Skills, oldSkills, &skills); err != nil {
		return err
	}
	if err := ask("OASF domains", oasf.Domains, oldDomains, &domains); err != nil {
		return err
	}
	return q.writeDiscovery(c, version, skills, domains)
}

// writeDiscovery declares the discovery extension with the classes chosen,
// or removes it when there are none.
func (q *cardAsker) writeDiscovery(c *model.Card, version string, skills, domains []model.ClassRef) error {
	if c.DiscoveryIndex() < 0 && len(skills) == 0 && len(domains) == 0 {
		return nil
	}
	uri := strings.TrimRight(q.opts.SchemaServer, "/") + "/" + version + "/objects/discovery"
	if i := c.DiscoveryIndex(); i >= 0 {
		uri = c.Doc.Find(model.ExtensionPtr(i) + "/uri").Text()
	}
	if err := c.SetDiscovery(uri, version, model.ClassRefs(skills), model.ClassRefs(domains)); err != nil {
		return err
	}
	q.s.Changed()
	q.s.Refresh()
	if i := c.DiscoveryIndex(); i >= 0 {
		var msgs []string
		for _, d := range q.s.DiagsAt(model.ExtensionPtr(i)) {
			if d.Severity == validate.Error {
				msgs = append(msgs, diagText(d))
			}
		}
		if len(msgs) > 0 {
			q.a.Say("The discovery extension has findings: " + strings.Join(msgs, "; ") + ".")
		}
	}
	return nil
}

// catalogEntry asks the Catalog step's settings: the entry's identifier
// and URL, what to write beside the card, and what that write needs (the
// form grows with the choice).
func (q *cardAsker) catalogEntry() error {
	defer func() { q.res.Settings = q.catalog.Cfg }()
	asked := map[string]bool{}
	for {
		f := q.catalog.Form(q.s)
		next := nextField(f, asked, "")
		if next == nil {
			break
		}
		if next.Label() == cardsteps.LblCatalogID && q.catalog.Plan != nil && q.catalog.Plan.SuggestedID != "" {
			q.a.Say("Suggested identifier: " + model.SafeText(q.catalog.Plan.SuggestedID) + " (Enter keeps it).")
		}
		asked[next.Label()] = true
		if err := q.field(next, f); err != nil {
			return err
		}
		q.res.Settings = q.catalog.Cfg
	}
	if p := q.catalog.Plan; p != nil && q.catalog.Cfg.Write != app.WriteNothing {
		if p.Err != nil {
			q.a.Say("The catalog cannot be written as set: " + model.SafeText(p.Err.Error()) + ".")
		} else {
			q.a.Say(q.catalog.OnSave())
		}
	}
	return nil
}

// review says what still stands in the way of writing the card, offers to
// answer a step again (by its name), then asks where to save.
func (q *cardAsker) review() error {
	for {
		q.s.Refresh()
		var errs []string
		for _, d := range q.s.Diags {
			if d.Severity == validate.Error {
				errs = append(errs, model.SafeText(d.Pointer)+": "+diagText(d))
			}
		}
		if len(errs) == 0 {
			break
		}
		q.a.Say("The card has " + widgets.Count(len(errs), "error", "errors") + " and cannot be written yet: " + strings.Join(errs, "; ") + ".")
		to := -1
		_, err := q.text("Which step do you want to answer again (part of its name; Enter stops without writing the card)", "", func(s string) error {
			if s == "" {
				return nil // stop here
			}
			var found []int
			for i, sp := range cardsteps.Flow {
				if i > 0 && s != "" && strings.Contains(strings.ToLower(sp.Title), strings.ToLower(s)) {
					found = append(found, i)
				}
			}
			if len(found) != 1 {
				return askAgain("Not accepted: name one step of: " + strings.Join(stepTitles(), ", ") + ".")
			}
			to = found[0]
			return nil
		})
		if err != nil {
			return err
		}
		if to < 0 {
			return ErrUnfinished
		}
		if err := q.step(to); err != nil {
			return err
		}
		q.res.Step, q.res.StepName = len(cardsteps.Flow)-1, cardsteps.Flow[len(cardsteps.Flow)-1].Title
	}
	return q.output()
}

func stepTitles() []string {
	var out []string
	for _, sp := range cardsteps.Flow[1:] {
		out = append(out, sp.Title)
	}
	return out
}

// output asks where to save the card; an existing file is replaced only
// after a yes, and so is the catalog file the Catalog step writes.
func (q *cardAsker) output() error {
	def := q.opts.Output
	if def == "" {
		def = q.opts.DefaultPath
	}
	for {
		path, err := q.text("Save the card to (a .json file name, \"-\" for standard output)", def, checkOutputPath)
		if err != nil {
			return err
		}
		q.res.Output, q.res.Replace = path, false
		if path != "-" {
			info, err := os.Stat(path)
			if err == nil && !info.Mode().IsRegular() {
				q.a.Say(fmt.Sprintf("%s is not a regular file; give another name.", model.SafeText(path)))
				continue
			}
			if err == nil {
				replace, err := q.yesNo(fmt.Sprintf("%s exists. Replace it?", model.SafeText(path)), false)
				if err != nil {
					return err
				}
				if !replace {
					continue
				}
				q.res.Replace = true
			}
		}
		ok, err := q.catalogWrite(path)
		if err != nil || ok {
			q.res.ServedAt = q.catalog.ServedAt(q.s)
			return err
		}
	}
}

// catalogWrite settles the Catalog step's write beside a card saved to
// path: refused (said; ok false: ask the path again), or agreed to.
func (q *cardAsker) catalogWrite(path string) (ok bool, err error) {
	st := q.catalog
	if st.Cfg.Write == app.WriteNothing {
		return true, nil
	}
	st.Form(q.s) // the plan, for the card as it is now
	if why := app.CatalogRefusal(st.Plan, path); why != "" {
		q.a.Say("Not accepted: " + model.SafeText(why) + ".")
		return false, nil
	}
	if app.CatalogNeedsYes(st.Plan, "") {
		t := st.Plan.Settings.Target()
		yes, err := q.yesNo(fmt.Sprintf("%s exists. Write the catalog over it (after the card)?", model.SafeText(t)), false)
		if err != nil || !yes {
			if err == nil {
				q.a.Say("The catalog is not written; the card is.")
				st.Cfg.Write = app.WriteNothing
				q.res.Settings = st.Cfg
			}
			return err == nil, err
		}
		q.res.CatalogReplace = true
	}
	q.res.Catalog = st.Plan
	return true, nil
}

// checkOutputPath refuses an answer that cannot be the name of a card's
// file: it is "-", or a name ending in .json without control characters
// (an answer meant for another question, "1804", is not taken for a file
// name).
func checkOutputPath(s string) error {
	if s == "-" {
		return nil
	}
	if s == "" {
		return askAgain("Please give a file name.")
	}
	for _, r := range s {
		if unicode.IsControl(r) {
			return askAgain("Not accepted: a file name has no control characters. Please answer again.")
		}
	}
	if !strings.EqualFold(filepath.Ext(s), ".json") {
		return askAgain(fmt.Sprintf("Not accepted: %q does not end in .json, as a card's file name does. Please answer again.", model.SafeText(s)))
	}
	if info, err := os.Stat(s); err == nil && info.IsDir() {
		return askAgain(fmt.Sprintf("Not accepted: %s is a directory. Please answer again.", model.SafeText(s)))
	}
	return nil
}

// classRefs reads a list of class names or ids: "" keeps old, "-" is
// none; a name that is not in the taxonomy is refused with the closest
// names.
func classRefs(t *oasf.Tree, answer string, old []model.ClassRef) ([]model.ClassRef, error) {
	switch strings.TrimSpace(answer) {
	case "":
		return old, nil
	case "-":
		return nil, nil
	}
	var refs []model.ClassRef
	for _, item := range splitList(answer) {
		var cl *oasf.Class
		if id, err := strconv.Atoi(item); err == nil {
			cl = t.ByID(id)
		} else if cl = t.ByName(item); cl == nil {
			if same := t.ByLeaf(oasf.Leaf(item)); len(same) == 1 {
				cl = same[0]
			}
		}
		switch {
		case cl == nil:
			msg := fmt.Sprintf("%q is not an OASF %s class in schema %s", model.SafeText(item), strings.TrimSuffix(t.Kind.String(), "s"), t.Version)
			if near := t.Suggest(item, 3); len(near) > 0 {
				names := make([]string, len(near))
				for i, n := range near {
					names[i] = fmt.Sprintf("%s (%d)", n.Name, n.ID)
				}
				msg += "; did you mean " + strings.Join(names, ", ") + "?"
			}
			return nil, errors.New(msg)
		case cl.Category:
			return nil, fmt.Errorf("%q is a category, not a class; name one of its classes", cl.Name)
		}
		refs = append(refs, model.ClassRef{Name: cl.Name, ID: int64(cl.ID)})
	}
	return refs, nil
}

func refList(refs []model.ClassRef) string {
	out := make([]string, len(refs))
	for i, r := range refs {
		out[i] = r.Name
		if out[i] == "" {
			out[i] = strconv.FormatInt(r.ID, 10)
		}
	}
	return strings.Join(out, ", ")
}

// splitList reads "a, b,c" as [a b c], dropping empty items.
func splitList(s string) []string {
	out := []string{}
	for _, item := range strings.Split(s, ",") {
		if item = strings.TrimSpace(item); item != "" {
			out = append(out, item)
		}
	}
	return out
}

func safeJoin(names []string) string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = model.SafeText(n)
	}
	return strings.Join(out, ", ")
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
