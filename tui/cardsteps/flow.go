package cardsteps

import (
	"github.com/oncard/oncard/tui/style"
	"github.com/oncard/oncard/tui/widgets"
)

// The card editor's flow is declared once, here: every step's ID, title,
// what it edits and the fields of its form. The full screen builds its
// steps from it (NewFlow), the line-by-line prompts of tui/accessible ask
// the same fields, the step list, the step palette and the help show its
// titles, drafts record a step by its title, and tests go to a step by its
// ID. A step added here appears in all of them.

// StepID names a step of the flow. IDs never change (tests and the
// line-by-line prompts use them); titles are what people read, and what a
// draft records.
type StepID string

const (
	StepStart        StepID = "start"
	StepAgent        StepID = "agent"
	StepInterfaces   StepID = "interfaces"
	StepCapabilities StepID = "capabilities"
	StepSkills       StepID = "skills"
	StepSecurity     StepID = "security"
	StepOnRequest    StepID = "on-request"
	StepOASF         StepID = "oasf"
	StepCatalog      StepID = "catalog"
	StepReview       StepID = "review"
)

// FieldKind says what a field's text is in the card.
type FieldKind int

const (
	// FieldText is an optional string: an empty answer removes the member.
	FieldText FieldKind = iota
	// FieldRequired is a string kept even when empty (the validator says
	// it is missing).
	FieldRequired
	// FieldList is a list of strings, written separated by Sep.
	FieldList
	// FieldTri is a boolean that may be left unset (an explicit false is
	// kept).
	FieldTri
	// FieldModes is a list of media types.
	FieldModes
	// FieldChoice is one of Options; Values[i] is what Options[i] writes
	// (nil: a custom value typed as text, the last option).
	FieldChoice
)

// FieldSpec is one field of a step's form: what both faces ask. Its rules
// are the validator's, found at Pointer: a field declares no rule of its
// own.
type FieldSpec struct {
	Label string
	// Member is the member it edits: a JSON pointer, relative to the item
	// for the fields of a list's items ("/url" of /supportedInterfaces/0).
	Member  string
	Kind    FieldKind
	Example string // shown in an empty field ("e.g. …")
	Hint    string
	Sep     string // FieldList: the separator ("," unless set)
	// Default is what an absent member shows, and is written on change.
	Default string
	// Options and Values are a FieldChoice's choices.
	Options []string
	Values  []any
	// Custom labels the text typed for a FieldChoice's last option.
	Custom string
	// Optional says a FieldModes list may be absent (a skill's own modes,
	// which override the card's defaults).
	Optional bool
}

// Pointer is the member the field edits in the item at item ("" for a
// form's own fields).
func (f FieldSpec) Pointer(item string) string { return item + f.Member }

// Separator is the separator of a FieldList's items.
func (f FieldSpec) Separator() string {
	if f.Sep == "" {
		return ","
	}
	return f.Sep
}

// Build makes the full screen's field for the item at item.
func (f FieldSpec) Build(item string) widgets.Field {
	ptr := f.Pointer(item)
	text := func(kind FieldKind, label, example string) *widgets.TextField {
		k := widgets.TextString
		switch kind {
		case FieldRequired:
			k = widgets.TextRequired
		case FieldList:
			k = widgets.TextList
		}
		t := widgets.NewTextField(label, ptr, k, example)
		t.Sep = f.Separator()
		t.Hint, t.DefaultValue = f.Hint, f.Default
		return t
	}
	switch f.Kind {
	case FieldTri:
		c := widgets.NewTriField(f.Label, ptr)
		c.Hint = f.Hint
		return c
	case FieldModes:
		m := widgets.NewModesField(f.Label, ptr, f.Optional)
		m.Hint = f.Hint
		return m
	case FieldChoice:
		c := widgets.NewChoiceField(f.Label, ptr, f.Options, f.Values)
		c.Hint = f.Hint
		if f.Custom != "" {
			c.Custom = text(FieldRequired, f.Custom, f.Example)
			c.Custom.Hint = ""
		}
		return c
	}
	return text(f.Kind, f.Label, f.Example)
}

// StepSpec is one step of the flow.
type StepSpec struct {
	ID    StepID
	Title string
	// About says what the step edits, in a line (the step palette).
	About string
	// List is the array whose items Fields edit ("" when Fields are the
	// step's own form); Noun names one item.
	List, Noun string
	// Fields are the step's form, or one item's (nil for a step whose
	// screen is its own: Start, Security, On Request, OASF, Catalog,
	// Review).
	Fields []FieldSpec
	build  func(spec StepSpec, c FlowConfig) Step
}

// FlowConfig is what some steps are built with.
type FlowConfig struct {
	Templates []Template // the Start step's
	Output    string     // where Review saves ("" for DefaultPath)
	Theme     *style.Theme
}

// Flow is the card editor's steps, in screen order.
var Flow = []StepSpec{
	{ID: StepStart, Title: "Start", About: "a blank card, a template or a card to start from",
		build: func(_ StepSpec, c FlowConfig) Step { return NewStartStep(c.Templates) }},
	{ID: StepAgent, Title: "Agent", About: "name, description, version, provider, documentation and icon URLs",
		Fields: agentFields, build: func(sp StepSpec, _ FlowConfig) Step { return newAgentStep(sp) }},
	{ID: StepInterfaces, Title: "Interfaces", About: "where clients reach the agent: URL, protocol binding and version",
		List: "/supportedInterfaces", Noun: "interface", Fields: interfaceFields,
		build: func(sp StepSpec, _ FlowConfig) Step { return newInterfacesStep(sp) }},
	{ID: StepCapabilities, Title: "Capabilities", About: "streaming, push notifications, extended card, default input and output modes",
		Fields: capabilityFields, build: func(sp StepSpec, _ FlowConfig) Step { return newCapabilitiesStep(sp) }},
	{ID: StepSkills, Title: "Skills", About: "what the agent can do: name, id, description, tags, examples, modes",
		List: "/skills", Noun: "skill", Fields: skillFields,
		build: func(sp StepSpec, _ FlowConfig) Step { return newSkillsStep(sp) }},
	{ID: StepSecurity, Title: "Security", About: "security schemes and the requirements of the card and of each skill",
		build: func(StepSpec, FlowConfig) Step { return NewSecurityStep() }},
	{ID: StepOnRequest, Title: "On Request", About: "the skills a person handles: person entry, assistant opt-in, completion",
		Fields: onRequestFields, build: func(StepSpec, FlowConfig) Step { return NewOnRequestStep() }},
	{ID: StepOASF, Title: "OASF", About: "the OASF skills and domains directories list the agent under",
		build: func(_ StepSpec, c FlowConfig) Step { return NewOASFStep(c.Theme) }},
	{ID: StepCatalog, Title: "Catalog", About: "an AI Catalog entry for the card, written beside it",
		build: func(StepSpec, FlowConfig) Step { return NewCatalogStep() }},
	{ID: StepReview, Title: "Review & save", About: "every finding, where to save, and the save",
		build: func(_ StepSpec, c FlowConfig) Step { return NewReviewStep(c.Output) }},
}

// StepIndex is the position of the step id in Flow (-1 when there is no
// such step).
func StepIndex(id StepID) int {
	for i, sp := range Flow {
		if sp.ID == id {
			return i
		}
	}
	return -1
}

// Spec is the step id's declaration; it panics on an ID that is not in
// Flow (a programming error, found by any test).
func Spec(id StepID) StepSpec {
	i := StepIndex(id)
	if i < 0 {
		panic("cardsteps: no step " + string(id))
	}
	return Flow[i]
}

// titleOf is the title of step id, for the steps whose type says it.
func titleOf(id StepID) string { return Spec(id).Title }

// NewFlow builds the steps of Flow, in order; the Review step announces
// what the Catalog step plans.
func NewFlow(c FlowConfig) []Step {
	steps := make([]Step, len(Flow))
	var catalog *CatalogStep
	var review *ReviewStep
	for i, sp := range Flow {
		steps[i] = sp.build(sp, c)
		switch st := steps[i].(type) {
		case *CatalogStep:
			catalog = st
		case *ReviewStep:
			review = st
		}
	}
	if review != nil {
		review.Catalog = catalog
	}
	return steps
}

// FieldFor is the field of specs that edits member (a relative pointer),
// for the steps that tie fields together (a skill's id follows its name).
func fieldFor(f *widgets.Form, specs []FieldSpec, member string) widgets.Field {
	for i, sp := range specs {
		if sp.Member == member {
			return f.Fields[i]
		}
	}
	panic("cardsteps: no field " + member)
}

var agentFields = []FieldSpec{
	{Label: "Name", Member: "/name", Kind: FieldRequired, Example: "Example Agent"},
	{Label: "Description", Member: "/description", Kind: FieldRequired, Example: "What the agent does, for people and for clients"},
	{Label: "Version", Member: "/version", Kind: FieldRequired, Example: "1.0.0", Hint: "the agent's own version"},
	{Label: "Provider organization", Member: "/provider/organization", Example: "Example Inc."},
	{Label: "Provider URL", Member: "/provider/url", Example: "https://example.com"},
	{Label: "Documentation URL", Member: "/documentationUrl", Example: "https://example.com/docs"},
	{Label: "Icon URL", Member: "/iconUrl", Example: "https://example.com/icon.png"},
}

var capabilityFields = []FieldSpec{
	{Label: "Streaming", Member: "/capabilities/streaming", Kind: FieldTri, Hint: "an explicit false is kept"},
	{Label: "Push notifications", Member: "/capabilities/pushNotifications", Kind: FieldTri},
	{Label: "Extended agent card", Member: "/capabilities/extendedAgentCard", Kind: FieldTri},
	{Label: "Default input modes", Member: "/defaultInputModes", Kind: FieldModes},
	{Label: "Default output modes", Member: "/defaultOutputModes", Kind: FieldModes},
}

// Bindings are the protocol bindings an interface is offered; the last
// choice is a custom binding URI, typed.
var Bindings = []string{"JSONRPC", "GRPC", "HTTP+JSON", "custom URI"}

var interfaceFields = []FieldSpec{
	{Label: "URL", Member: "/url", Kind: FieldRequired, Example: "https://agent.example.com/a2a", Hint: "absolute; https in production; gRPC may be host:port"},
	{Label: "Protocol binding", Member: "/protocolBinding", Kind: FieldChoice, Options: Bindings,
		Values: []any{"JSONRPC", "GRPC", "HTTP+JSON", nil}, Custom: "Custom binding", Example: "https://example.com/bindings/x"},
	{Label: "Protocol version", Member: "/protocolVersion", Kind: FieldRequired, Example: "1.0", Default: "1.0", Hint: `"Major.Minor", no patch number`},
	{Label: "Tenant", Member: "/tenant", Example: "(optional)"},
}

var skillFields = []FieldSpec{
	{Label: "Name", Member: "/name", Kind: FieldRequired, Example: "Track an order"},
	{Label: "Id", Member: "/id", Kind: FieldRequired, Example: "track-order", Hint: "suggested from the name; unique in the card"},
	{Label: "Description", Member: "/description", Kind: FieldRequired, Example: "What the skill does"},
	{Label: "Tags", Member: "/tags", Kind: FieldList, Example: "orders, tracking", Hint: "comma separated; at least one"},
	{Label: "Examples", Member: "/examples", Kind: FieldList, Sep: "|", Example: "Where is my order 1234? | Track my parcel", Hint: "separated by |"},
	{Label: "Input modes", Member: "/inputModes", Kind: FieldModes, Optional: true, Hint: "overrides the card's defaults"},
	{Label: "Output modes", Member: "/outputModes", Kind: FieldModes, Optional: true, Hint: "overrides the card's defaults"},
}

// onRequestFields are the fields of one On Request entry (an item of the
// extension's params.skills).
var onRequestFields = []FieldSpec{
	{Label: "Person entry", Member: "/personEntry", Kind: FieldRequired, Example: "https://example.com/support or tel:+1-555-0100",
		Hint: "https:// (no query, no fragment) or tel:+ and digits, dashes between them (no spaces); the same for every caller"},
	{Label: "Assistant access", Member: "/assistantAccess", Kind: FieldChoice, Options: []string{"no", "yes"}, Values: []any{nil, true},
		Hint: "opt in to letting an assistant get the result directly"},
	{Label: "Completion", Member: "/completion", Kind: FieldChoice,
		Options: []string{widgets.NoneOption, "in-conversation", "deferred"}, Values: []any{nil, "in-conversation", "deferred"},
		Hint: "only for a skill that changes something in your systems; needs an https entry"},
}
