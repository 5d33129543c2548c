package accessible

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"charm.land/huh/v2"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/oasf"
	"github.com/oncard/oncard/tui/component"
	"github.com/oncard/oncard/validate"
)

// CardOptions says what Card starts from.
type CardOptions struct {
	// Doc is the card to fill in (a blank card, a template or --from);
	// what it already holds is offered as each question's default.
	Doc *model.Doc
	// Output is the path proposed for the card ("" proposes DefaultPath).
	Output      string
	DefaultPath string
	// Validate are the options of the validation run after each answer.
	Validate *validate.Options
	// SchemaServer is the OASF schema server named in the discovery
	// extension's URI.
	SchemaServer string
}

// CardResult is where the card goes.
type CardResult struct {
	Output  string // a path, or "-" for stdout
	Replace bool   // the user agreed to replace the existing file
}

// bindings are the protocol bindings offered for an interface.
var bindings = []string{"JSONRPC", "GRPC", "HTTP+JSON"}

// cardAsker asks for the card's fields, writing each answer into the card
// and validating it before the next question.
type cardAsker struct {
	a    *Asker
	doc  *model.Doc
	card *model.Card
	opts CardOptions
}

// Card asks for a new Agent Card question by question: name, description,
// version, provider, interfaces, skills, which skills a person handles on
// request, OASF skills and domains, and where to save it. Each answer is
// written into opts.Doc and validated at once; an answer with findings at
// error level is asked again with them. It returns ErrEndOfInput when the
// input ends first, the context's error on an interrupt. The caller
// validates the whole card and writes it.
func Card(a *Asker, opts CardOptions) (CardResult, error) {
	q := &cardAsker{a: a, doc: opts.Doc, card: model.NewCard(opts.Doc), opts: opts}
	a.Say("New Agent Card: answer each question and press Enter. An answer in [brackets] is the default.")
	steps := []func() error{q.about, q.provider, q.interfaces, q.skills, q.onRequest, q.oasfClasses}
	for _, step := range steps {
		if err := step(); err != nil {
			return CardResult{}, err
		}
	}
	return q.output()
}

// findings is the error-level findings of the card under ptr, as one error
// (nil when there are none).
func (q *cardAsker) findings(ptr string) error {
	var msgs []string
	for _, d := range component.Verdict(q.doc, validate.KindCard, q.opts.Validate) {
		if d.Severity != validate.Error || (d.Pointer != ptr && !strings.HasPrefix(d.Pointer, ptr+"/")) {
			continue
		}
		m := model.SafeText(d.Message)
		if d.Hint != "" {
			m += " (" + model.SafeText(d.Hint) + ")"
		}
		msgs = append(msgs, m)
	}
	if len(msgs) == 0 {
		return nil
	}
	return askAgain("Not accepted: " + strings.Join(msgs, "; ") + ". Please answer again.")
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
// check writes the answer into the card and says what is wrong with it.
// huh asks again itself on an error; it does not check an answer cut off
// by the end of input, so the last answer is checked once more here.
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
	if !answered || validateAnswer(value) != nil {
		return "", ErrEndOfInput
	}
	return value, nil
}

// field asks for a string member at ptr, written with set.
func (q *cardAsker) field(title, def, ptr string, set func(string) error) (string, error) {
	return q.text(title, def, func(s string) error {
		if err := set(s); err != nil {
			return err
		}
		return q.findings(ptr)
	})
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

// choose asks for one of options by number.
func (q *cardAsker) choose(title string, options []string, def string) (string, error) {
	v := def
	if !contains(options, v) {
		v = options[0]
	}
	answered, err := q.a.run(huh.NewSelect[string]().Title(title).Options(huh.NewOptions(options...)...).Value(&v))
	if err != nil {
		return "", err
	}
	if !answered {
		return "", ErrEndOfInput
	}
	return v, nil
}

func (q *cardAsker) about() error {
	c := q.card
	if _, err := q.field("Agent name", c.Name(), "/name", c.SetName); err != nil {
		return err
	}
	if _, err := q.field("Description: what the agent does, in a sentence", c.Description(), "/description", c.SetDescription); err != nil {
		return err
	}
	_, err := q.field("Version", c.Version(), "/version", c.SetVersion)
	return err
}

func (q *cardAsker) provider() error {
	c := q.card
	p, _ := c.Provider()
	org, err := q.text("Provider organization (Enter for none, \"-\" removes it)", p.Organization, func(string) error { return nil })
	switch {
	case err != nil:
		return err
	case org == "-":
		return c.SetProvider(model.Provider{})
	case org == "":
		return nil
	}
	_, err = q.field("Provider URL", p.URL, "/provider", func(s string) error {
		return c.SetProvider(model.Provider{Organization: org, URL: s})
	})
	return err
}

func (q *cardAsker) interfaces() error {
	c := q.card
	for i := 0; ; i++ {
		old := c.Interfaces()
		in := model.Interface{ProtocolBinding: "JSONRPC", ProtocolVersion: "1.0"}
		if i < len(old) {
			in = old[i]
		}
		q.a.Say(fmt.Sprintf("Interface %d: where clients reach the agent.", i+1))
		ptr := model.InterfacePtr(i)
		if _, err := q.field("URL", in.URL, ptr, func(s string) error {
			in.URL = s
			return c.SetInterface(i, in)
		}); err != nil {
			return err
		}
		binding, err := q.choose("Protocol binding", bindings, in.ProtocolBinding)
		if err != nil {
			return err
		}
		in.ProtocolBinding = binding
		if err := c.SetInterface(i, in); err != nil {
			return err
		}
		if i+1 < len(old) {
			continue // the starting card's next interface
		}
		more, err := q.yesNo("Add another interface?", false)
		if err != nil || !more {
			return err
		}
	}
}

func (q *cardAsker) skills() error {
	c := q.card
	for i := 0; ; i++ {
		s, ok := c.Skill(i)
		if !ok {
			if _, err := c.AddSkill(model.Skill{}); err != nil {
				return err
			}
		}
		q.a.Say(fmt.Sprintf("Skill %d: something the agent can do.", i+1))
		ptr := model.SkillPtr(i)
		name, err := q.field("Skill name", s.Name, ptr+"/name", func(v string) error { return c.SetSkillName(i, v) })
		if err != nil {
			return err
		}
		id := s.ID
		if id == "" {
			id = c.SuggestSkillID(name)
		}
		if _, err := q.field("Skill id", id, ptr+"/id", func(v string) error { return c.SetSkillID(i, v) }); err != nil {
			return err
		}
		if _, err := q.field("Skill description", s.Description, ptr+"/description", func(v string) error { return c.SetSkillDescription(i, v) }); err != nil {
			return err
		}
		if _, err := q.field("Tags, separated by commas", strings.Join(s.Tags, ", "), ptr+"/tags", func(v string) error {
			return c.SetSkillTags(i, splitList(v))
		}); err != nil {
			return err
		}
		if i+1 < len(c.Skills()) && ok {
			continue // the starting card's next skill
		}
		more, err := q.yesNo("Add another skill?", false)
		if err != nil || !more {
			return err
		}
	}
}

// onRequest asks, skill by skill, whether a person handles it on request
// and, if so, where and how.
func (q *cardAsker) onRequest() error {
	c := q.card
	for k, s := range c.Skills() {
		params, declared := c.OnRequest()
		j := -1
		if declared {
			j = params.EntryIndex(s.ID)
		}
		if barrier := validate.SecuredSkillMembers(c.Doc.Find(model.SkillPtr(k))); len(barrier) > 0 {
			q.a.Say(fmt.Sprintf("Skill %q carries %s, so it cannot be handled on request: %s.", model.SafeText(s.ID), barrier[0], validate.SecuredSkillWhy))
			continue
		}
		on, err := q.yesNo(fmt.Sprintf("Is skill %q handled by a person on request?", model.SafeText(s.ID)), j >= 0)
		if err != nil {
			return err
		}
		if !on {
			if err := c.RemoveOnRequestSkill(s.ID); err != nil {
				return err
			}
			continue
		}
		entry := model.OnRequestEntry{ID: s.ID}
		if j >= 0 {
			entry = params.Entries()[j]
		}
		if j, err = c.AddOnRequestSkill(s.ID, entry.PersonEntry); err != nil {
			return err
		}
		params, _ = c.OnRequest()
		ptr := params.EntryPtr(j)
		if _, err := q.field("Person entry: the https URL or tel: number where a person asks", entry.PersonEntry, ptr, func(v string) error {
			entry.PersonEntry = v
			return params.SetEntry(j, entry)
		}); err != nil {
			return err
		}
		access, wasSet := entry.AssistantAccess.Bool()
		if access, err = q.yesNo("May the person's own assistant use this entry (assistantAccess)?", access); err != nil {
			return err
		}
		if access || wasSet {
			entry.AssistantAccess = model.TriOf(access) // unset already means no
		}
		completions := []string{"not said", model.CompletionInConversation, model.CompletionDeferred}
		done, err := q.choose("Completion: is the request finished in the conversation, or later?", completions, entry.Completion)
		if err != nil {
			return err
		}
		entry.Completion = done
		if done == completions[0] {
			entry.Completion = ""
		}
		if err := params.SetEntry(j, entry); err != nil {
			return err
		}
		if err := q.findings(ptr); err != nil {
			return err // the choices above are each valid on their own
		}
	}
	return nil
}

// oasfClasses asks for the OASF skills and domains of the discovery
// extension, by name or id, checked against the built-in taxonomy.
func (q *cardAsker) oasfClasses() error {
	c := q.card
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
	return q.writeDiscovery(version, skills, domains)
}

// writeDiscovery declares the discovery extension with the classes chosen,
// or removes it when there are none.
func (q *cardAsker) writeDiscovery(version string, skills, domains []model.ClassRef) error {
	c := q.card
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
	if i := c.DiscoveryIndex(); i >= 0 {
		return q.findings(model.ExtensionPtr(i))
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

// output asks where to save the card; an existing file is replaced only
// after a yes.
func (q *cardAsker) output() (CardResult, error) {
	def := q.opts.Output
	if def == "" {
		def = q.opts.DefaultPath
	}
	for {
		path, err := q.text("Save the card to (\"-\" for standard output)", def, func(s string) error {
			if s == "" {
				return askAgain("Please give a file name.")
			}
			return nil
		})
		if err != nil {
			return CardResult{}, err
		}
		if path == "-" {
			return CardResult{Output: path}, nil
		}
		info, err := os.Stat(path)
		switch {
		case err != nil:
			return CardResult{Output: path}, nil
		case !info.Mode().IsRegular():
			q.a.Say(fmt.Sprintf("%s is not a regular file; give another name.", model.SafeText(path)))
			continue
		}
		replace, err := q.yesNo(fmt.Sprintf("%s exists. Replace it?", model.SafeText(path)), false)
		if err != nil {
			return CardResult{}, err
		}
		if replace {
			return CardResult{Output: path, Replace: true}, nil
		}
	}
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

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
