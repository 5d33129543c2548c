package cardsteps

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/editor"
	"github.com/oncard/oncard/tui/style"
	"github.com/oncard/oncard/tui/widgets"
	"github.com/oncard/oncard/validate"
)

// SecurityStep edits how clients authenticate: the card's securitySchemes
// (one row each: its kind and the members that kind has) and the security
// requirements of the card and of each skill (one row each, a line of
// text). It writes the v1.0 shapes only; a scheme in the v0.3 form
// ({"type": …}) or holding several variants, the validator's
// a2a/security-scheme-variants, is fixed here by converting it or by
// choosing its kind. Which skills can be On Request is the validator's
// rule (validate.SecuredSkillMembers), shown beside each skill.
type SecurityStep struct {
	rowForm // rows: the schemes, then the card's requirements, then each skill's
	// scheme is the name of the scheme whose form is open; owner the
	// pointer of the requirements' owner ("" the card, "/skills/N") when
	// a requirements form is open instead.
	scheme string
	owner  string
	// shape is what the open scheme form was built for (see schemeShape):
	// when an edit changes it (another kind, a converted scheme), the form
	// is built again.
	shape string
	// name is the open scheme's name field; its input is carried across
	// rebuilds (a rename rebuilds the form) so that typing goes on.
	name *widgets.TextField
	// status is the outcome of the last list action (a removal).
	status string
	// autoName says the open scheme still has the name it was added with:
	// choosing a kind renames it after the kind.
	autoName bool
}

func NewSecurityStep() Step { return &SecurityStep{} }

func (st *SecurityStep) Title() string { return titleOf(StepSecurity) }

// rows are the schemes, the card, then the skills.
func (st *SecurityStep) rows(s *editor.State) int {
	return len(schemeNames(s)) + 1 + s.ArrayLen("/skills")
}

// rowTarget says what row i is: a scheme (its name) or the owner of
// requirements ("" for the card, "/skills/N").
func (st *SecurityStep) rowTarget(s *editor.State, i int) (scheme string, owner string, isScheme bool) {
	names := schemeNames(s)
	if i < len(names) {
		return names[i], "", true
	}
	if i == len(names) {
		return "", "", false
	}
	return "", editor.Item("/skills", i-len(names)-1), false
}

func (st *SecurityStep) Enter(s *editor.State) tea.Cmd {
	n := st.rows(s)
	if st.Cursor >= n {
		st.Cursor = max(0, n-1)
	}
	st.status = ""
	if !st.Editing {
		return nil
	}
	if st.scheme != "" && s.Doc.Find(schemePtr(st.scheme)) == nil {
		st.Editing = false
		return nil
	}
	return st.open(s)
}

// open builds the form of the row under the cursor.
func (st *SecurityStep) open(s *editor.State) tea.Cmd {
	idx := 0
	scheme, owner, isScheme := st.rowTarget(s, st.Cursor)
	if st.Editing && st.f != nil && st.scheme == scheme && st.owner == owner {
		idx = st.f.Idx
	}
	var typing *widgets.TextField // the name being typed, when it is this row's
	if isScheme && st.Editing && st.scheme == scheme {
		typing = st.name
	} else {
		st.autoName = false
	}
	st.f = st.RowForm(s, st.Cursor)
	st.Editing = true
	st.f.Load(s)
	if typing != nil {
		st.name.Input = typing.Input
	}
	if idx < len(st.f.Fields) {
		st.f.Idx = idx
	}
	return st.f.Focus()
}

// RowForm builds the form of row i (a scheme, or requirements) and makes
// it the step's open row.
func (st *SecurityStep) RowForm(s *editor.State, i int) *widgets.Form {
	scheme, owner, isScheme := st.rowTarget(s, i)
	if isScheme {
		st.scheme, st.owner = scheme, ""
		st.name = st.nameField(s, scheme)
		st.shape = schemeShape(s.Doc.Find(schemePtr(scheme)))
		return st.schemeForm(s)
	}
	st.scheme, st.owner, st.name = "", owner, nil
	st.shape = ownerShape(s, owner)
	return st.requirementsForm(s, owner)
}

// schemeShape sums up what a scheme's form shows: its kind, its flow,
// whether it is in the v0.3 form or holds several variants or flows.
func schemeShape(n *model.Node) string {
	k, ok := kindOf(n)
	var flows []string
	if k == kindOAuth2 {
		flows = flowNames(n.Get("oauth2SecurityScheme").Get("flows"))
	}
	return fmt.Sprint(k, ok, n.Get("type") != nil, len(schemeWrappers(n)), flows)
}

// ownerShape is what a requirements form was built for: whether the
// owner has a v0.3 "security" to convert.
func ownerShape(s *editor.State, owner string) string {
	return fmt.Sprint(s.Doc.Find(owner+"/security") != nil)
}

// shapeChanged reports whether the open form no longer fits the card.
func (st *SecurityStep) shapeChanged(s *editor.State) bool {
	if st.scheme == "" {
		return ownerShape(s, st.owner) != st.shape
	}
	n := s.Doc.Find(schemePtr(st.scheme))
	return n != nil && schemeShape(n) != st.shape
}

func (st *SecurityStep) Update(in tea.Msg, s *editor.State) (tea.Cmd, bool) {
	msg, ok := in.(tea.KeyPressMsg)
	if !ok {
		return nil, false
	}
	if st.Editing {
		cmd, blurred := st.formKey(msg, s)
		if st.Editing && st.shapeChanged(s) {
			cmd = tea.Batch(cmd, st.open(s))
		}
		return cmd, blurred
	}
	st.status = ""
	n := st.rows(s)
	switch {
	case st.moveKey(msg, n):
	case key.Matches(msg, style.Keys.Enter):
		return st.open(s), false
	case key.Matches(msg, style.Keys.Add):
		return st.addScheme(s), true
	case key.Matches(msg, style.Keys.Remove):
		return nil, st.remove(s)
	}
	return nil, false
}

// addScheme adds an HTTP bearer scheme (the most common kind) under a name
// not taken, and opens it with the focus on its kind: the name is a
// suggestion that typing does not extend.
func (st *SecurityStep) addScheme(s *editor.State) tea.Cmd {
	name := uniqueSchemeName(s, "bearer")
	s.Note(s.SetValue(schemePtr(name), freshScheme(kindBearer, nil)))
	s.Changed()
	for i, n := range schemeNames(s) {
		if n == name {
			st.Cursor = i
		}
	}
	st.Editing, st.name = false, nil
	cmd := st.open(s)
	st.autoName = true
	st.f.Idx = 1 // the kind
	return tea.Batch(cmd, st.f.Focus())
}

// remove deletes the scheme under the cursor and the requirements naming
// it, or clears the requirements of the row's owner.
func (st *SecurityStep) remove(s *editor.State) bool {
	scheme, owner, isScheme := st.rowTarget(s, st.Cursor)
	if isScheme {
		refs, err := removeSchemeReferences(s, scheme)
		s.Note(err)
		s.Note(s.SetValue(schemePtr(scheme), nil))
		s.DeleteIfEmpty(schemesPtr)
		s.Changed()
		st.status = "removed scheme " + model.SafeText(scheme)
		if refs > 0 {
			st.status += fmt.Sprintf(" and %s naming it", widgets.Count(refs, "requirement", "requirements"))
		}
		return true
	}
	ptr := owner + "/securityRequirements"
	if s.Doc.Find(ptr) == nil {
		return false
	}
	s.Note(s.SetValue(ptr, nil))
	s.Changed()
	st.status = "requirements removed"
	return true
}

// nameField renames the scheme as it is typed (requirements follow).
func (st *SecurityStep) nameField(s *editor.State, scheme string) *widgets.TextField {
	f := widgets.NewTextField("Name", schemePtr(scheme), widgets.TextRequired, "bearer")
	f.Hint = "the name requirements use; unique in the card"
	f.Read = func(*editor.State) string { return st.scheme }
	f.Write = func(s *editor.State, v string) {
		st.autoName = false
		if err := renameScheme(s, st.scheme, v); err != nil {
			s.Note(err)
			return
		}
		if v != st.scheme {
			st.scheme = v
			st.shape = "" // pointers changed: build the form again
		}
	}
	return f
}

// kindField is a choice whose index is read from the card rather than
// matched against one member (a scheme's kind, an OAuth flow).
type kindField struct {
	*widgets.ChoiceField
	read func(s *editor.State) int
}

func (f *kindField) Load(s *editor.State) {
	f.ChoiceField.Load(s)
	f.Idx = f.read(s)
}

// schemeForm is the form of the open scheme: name, kind, and the members
// of that kind.
func (st *SecurityStep) schemeForm(s *editor.State) *widgets.Form {
	p := schemePtr(st.scheme)
	node := s.Doc.Find(p)
	labels := make([]string, len(schemeKinds))
	values := make([]any, len(schemeKinds))
	for i, k := range schemeKinds {
		labels[i], values[i] = k.label, strconv.Itoa(i)
	}
	kind := &kindField{ChoiceField: widgets.NewChoiceField("Kind", p, labels, values),
		read: func(s *editor.State) int { k, _ := kindOf(s.Doc.Find(schemePtr(st.scheme))); return k }}
	kind.Write = func(s *editor.State, v any) {
		k, _ := strconv.Atoi(v.(string))
		s.Note(s.SetValue(schemePtr(st.scheme), freshScheme(k, s.Doc.Find(schemePtr(st.scheme)))))
		if st.autoName {
			// The name offered follows the kind until it is typed.
			next := uniqueSchemeName(s, schemeKinds[k].name)
			if err := renameScheme(s, st.scheme, next); err == nil && next != st.scheme {
				st.scheme, st.shape = next, ""
				st.name.SetValue(next)
			}
		}
	}
	fields := []widgets.Field{st.name, kind}
	k, wrapped := kindOf(node)
	kind.Hint = schemeKinds[k].about
	if node.Get("type") != nil && len(schemeWrappers(node)) == 0 {
		kind.Hint = "the v0.3 form {\"type\": …}: convert it below, or choose a kind to write it anew"
		fields = append(fields, &widgets.ButtonField{Lbl: "Convert to the v1.0 form", Ptr: p, Action: st.convertScheme})
		return widgets.NewForm(fields...)
	}
	if !wrapped {
		kind.Hint = "this scheme holds no known variant: choose its kind"
		return widgets.NewForm(fields...)
	}
	if ws := schemeWrappers(node); len(ws) > 1 {
		kind.Hint = fmt.Sprintf("it holds %d variants (%s); v1.0 takes exactly one", len(ws), strings.Join(ws, ", "))
		keep := k
		fields = append(fields, &widgets.ButtonField{Lbl: "Keep only " + schemeKinds[k].label, Ptr: p, Action: func(s *editor.State) string {
			s.Note(s.SetValue(schemePtr(st.scheme), freshScheme(keep, s.Doc.Find(schemePtr(st.scheme)))))
			return "kept " + schemeKinds[keep].label
		}})
	}
	w := p + "/" + schemeKinds[k].wrapper
	switch k {
	case kindAPIKey:
		loc := widgets.NewChoiceField("Location", w+"/location", []string{"header", "query", "cookie"}, []any{"header", "query", "cookie"})
		name := widgets.NewTextField("Parameter name", w+"/name", widgets.TextRequired, "X-API-Key")
		name.Hint = "the header, query parameter or cookie that carries the key"
		fields = append(fields, loc, name)
	case kindBearer:
		f := widgets.NewTextField("Bearer format", w+"/bearerFormat", widgets.TextString, "JWT")
		f.Hint = "optional: a hint for clients about the token"
		fields = append(fields, f)
	case kindHTTPOther:
		f := widgets.NewTextField("HTTP auth scheme", w+"/scheme", widgets.TextRequired, "digest")
		f.Hint = "an HTTP authentication scheme name (RFC 7235)"
		fields = append(fields, f)
	case kindOAuth2:
		fields = append(fields, st.oauthFields(s, w)...)
	case kindOIDC:
		f := widgets.NewTextField("OpenID Connect URL", w+"/openIdConnectUrl", widgets.TextRequired, "https://auth.example.com/.well-known/openid-configuration")
		f.Hint = "the provider's discovery document"
		fields = append(fields, f)
	case kindMTLS:
		// A client certificate: nothing to say but a description.
	}
	desc := widgets.NewTextField("Description", w+"/description", widgets.TextString, "(optional)")
	return widgets.NewForm(append(fields, desc)...)
}

// oauthFields are the flow choice and the chosen flow's members.
func (st *SecurityStep) oauthFields(s *editor.State, w string) []widgets.Field {
	flowsPtr := w + "/flows"
	labels := make([]string, len(oauthFlows))
	values := make([]any, len(oauthFlows))
	for i, f := range oauthFlows {
		labels[i], values[i] = f.label, f.name
	}
	names := flowNames(s.Doc.Find(flowsPtr))
	cur := ""
	if len(names) > 0 {
		cur = names[0]
	}
	flow := &kindField{ChoiceField: widgets.NewChoiceField("Flow", flowsPtr, labels, values),
		read: func(*editor.State) int { return max(0, flowIndex(cur)) }}
	flow.Hint = "flows." + cur + "; one flow per scheme (declare another scheme for another flow)"
	if f := flowIndex(cur); f >= 0 && oauthFlows[f].deprecated {
		flow.Hint = "flows." + cur + " is deprecated (OAuth 2.0 Security BCP): prefer code or device"
	}
	if len(names) > 1 {
		flow.Hint = fmt.Sprintf("it holds %d flows (%s); v1.0 takes exactly one: declare one scheme per flow", len(names), strings.Join(names, ", "))
	}
	flow.Write = func(s *editor.State, v any) {
		name := v.(string)
		old := s.Doc.Find(flowsPtr).Get(cur)
		s.Note(s.SetValue(flowsPtr, editor.Object(name, freshFlow(name, old))))
	}
	fields := []widgets.Field{flow}
	if len(names) > 1 {
		fields = append(fields, &widgets.ButtonField{Lbl: "Keep only " + cur, Ptr: flowsPtr, Action: func(s *editor.State) string {
			s.Note(s.SetValue(flowsPtr, editor.Object(cur, freshFlow(cur, s.Doc.Find(flowsPtr).Get(cur)))))
			return "kept " + cur
		}})
	}
	if flowIndex(cur) < 0 {
		return fields // an unknown flow: the validator says so
	}
	fp := flowsPtr + "/" + model.Pointer(cur)[1:]
	f := oauthFlows[flowIndex(cur)]
	for _, u := range f.required {
		fields = append(fields, widgets.NewTextField(urlLabel(u), fp+"/"+u, widgets.TextRequired, "https://auth.example.com/"+strings.TrimSuffix(u, "Url")))
	}
	fields = append(fields, widgets.NewTextField("Refresh URL", fp+"/refreshUrl", widgets.TextString, "(optional)"))
	scopes := widgets.NewTextField("Scopes", fp+"/scopes", widgets.TextString, "orders:read=Read your orders; orders:write")
	scopes.Hint = "name=description, separated by ; (the description may be left out)"
	scopes.Read = func(s *editor.State) string { return readScopes(s.Doc.Find(fp + "/scopes")) }
	scopes.Write = func(s *editor.State, v string) { s.Note(s.SetValue(fp+"/scopes", scopesJSON(v))) }
	fields = append(fields, scopes)
	if cur == "authorizationCode" {
		fields = append(fields, widgets.NewTriField("PKCE required", fp+"/pkceRequired"))
	}
	meta := widgets.NewTextField("OAuth 2 metadata URL", w+"/oauth2MetadataUrl", widgets.TextString, "https://auth.example.com/.well-known/oauth-authorization-server")
	meta.Hint = "optional (RFC 8414)"
	return append(fields, meta)
}

// urlLabel turns "deviceAuthorizationUrl" into "Device authorization URL".
func urlLabel(member string) string {
	base := strings.TrimSuffix(member, "Url")
	var b strings.Builder
	for i, r := range base {
		switch {
		case i == 0:
			b.WriteString(strings.ToUpper(string(r)))
		case r >= 'A' && r <= 'Z':
			b.WriteString(" " + strings.ToLower(string(r)))
		default:
			b.WriteRune(r)
		}
	}
	return b.String() + " URL"
}

// convertScheme rewrites the open scheme from the v0.3 form with the
// upgrade's own mapping: apiKey "in" becomes "location", several OAuth
// flows become one scheme per flow ("<name>-<flow>"), and the v1.0
// requirements naming a split scheme name each of its parts.
func (st *SecurityStep) convertScheme(s *editor.State) string {
	me := schemePtr(st.scheme)
	splitOff := func(ptr string) bool {
		rest, ok := strings.CutPrefix(ptr, me+"-")
		return ok && !strings.Contains(rest, "/") && s.Doc.Find(ptr) == nil
	}
	n, err := applyUpgradeEdits(s, func(e model.Edit, plan []model.Edit) bool {
		if e.Ptr == me || splitOff(e.Ptr) {
			return true
		}
		// Requirements rewritten for a split (not those converted from a
		// v0.3 "security": that is the requirements' own button).
		owner, isReq := requirementsOwner(e.Ptr)
		if !isReq || s.Doc.Find(owner+"/security") != nil {
			return false
		}
		for _, o := range plan {
			if splitOff(o.Ptr) {
				return true
			}
		}
		return false
	})
	s.Note(err)
	if n == 0 {
		return ""
	}
	return "converted"
}

// requirementsForm edits the requirements of owner ("" the card).
func (st *SecurityStep) requirementsForm(s *editor.State, owner string) *widgets.Form {
	ptr := owner + "/securityRequirements"
	line := widgets.NewTextField("Requirements", ptr, widgets.TextString, "bearer | oauth(read write) + key")
	line.Hint = "| between alternatives (any one is enough) · + joins schemes used together · scopes in ( ) · empty: none"
	line.Read = func(s *editor.State) string { return readRequirements(s.Doc.Find(ptr)) }
	line.Write = func(s *editor.State, v string) { writeRequirements(s, owner, v) }
	fields := []widgets.Field{line}
	if s.Doc.Find(owner+"/security") != nil {
		fields = append(fields, &widgets.ButtonField{Lbl: "Convert the v0.3 security", Ptr: owner + "/security", Action: func(s *editor.State) string {
			n, err := applyUpgradeEdits(s, func(e model.Edit, _ []model.Edit) bool { return e.Ptr == ptr || e.Ptr == owner+"/security" })
			s.Note(err)
			if n == 0 {
				return ""
			}
			return "converted"
		}})
	}
	return widgets.NewForm(fields...)
}

func (st *SecurityStep) View(th *style.Theme, s *editor.State, width, height int) string {
	var b strings.Builder
	if st.Editing && st.f != nil {
		if st.owner != "" || st.scheme == "" {
			b.WriteString(th.Hint.Render(widgets.Truncate(st.ownerLabel(s, st.owner)+" · esc back to the list", width)) + "\n")
			if note := st.OnRequestNote(s, st.owner); note != "" {
				b.WriteString(widgets.HintLines(th, note, width) + "\n")
			}
			if names := schemeNames(s); len(names) > 0 {
				b.WriteString(widgets.HintLines(th, "declared: "+model.SafeText(strings.Join(names, ", ")), width) + "\n")
			} else {
				b.WriteString(widgets.HintLines(th, "no scheme declared yet: add one in the list first (a)", width) + "\n")
			}
		} else {
			b.WriteString(th.Hint.Render(widgets.Truncate("scheme "+model.SafeText(st.scheme)+" · esc back to the list", width)) + "\n")
		}
		b.WriteString("\n" + st.f.View(th, s, width))
		return b.String()
	}
	names := schemeNames(s)
	var lines []string
	cursorLine := 0
	row := func(i int, text string) {
		if i == st.Cursor {
			cursorLine = len(lines)
			lines = append(lines, th.Cursor.Render("›")+" "+widgets.Truncate(text, width-2))
		} else {
			lines = append(lines, "  "+widgets.Truncate(text, width-2))
		}
	}
	lines = append(lines, th.Label.Render("Security schemes"))
	if len(names) == 0 {
		lines = append(lines, th.Hint.Render(widgets.Truncate("  none yet: a adds one", width)))
	}
	for i, name := range names {
		p := schemePtr(name)
		text := model.SafeText(name) + "  "
		if d := s.DiagsAt(p); len(d) > 0 {
			text += widgets.DiagMark(th, d) + " "
		}
		row(i, text+th.Hint.Render(describeScheme(s.Doc.Find(p))))
	}
	lines = append(lines, "", th.Label.Render("Requirements"))
	for i, owner := range requirementOwners(s) {
		ptr := owner + "/securityRequirements"
		mark := ""
		if d := append(s.DiagsAt(ptr), s.DiagsAt(owner+"/security")...); len(d) > 0 {
			mark = widgets.DiagMark(th, d) + " "
		}
		req := readRequirements(s.Doc.Find(ptr))
		if req == "" && s.Doc.Find(owner+"/security") != nil {
			req = "v0.3 security: convert"
		}
		if req == "" {
			req = th.Hint.Render("none")
		} else {
			req = model.SafeText(req)
		}
		if owner != "" && len(validate.SecuredSkillMembers(s.Doc.Find(owner))) > 0 {
			req = th.Hint.Render("(not On Request) ") + req
		}
		// The label gives way to what is required, down to 20 cells.
		label := st.ownerLabel(s, owner)
		room := max(20, width-4-ansi.StringWidth(mark+req))
		row(len(names)+i, widgets.Truncate(label, room)+"  "+mark+req)
	}
	foot := []string{"", th.Hint.Render(widgets.Truncate("enter edit · a add a scheme · d remove", width))}
	if st.status != "" {
		foot = append(foot, th.OK.Render(widgets.Truncate(st.status, width)))
	}
	rows := max(3, height-len(foot))
	start := 0
	if cursorLine >= rows {
		start = cursorLine - rows + 1
	}
	end := min(len(lines), start+rows)
	b.WriteString(strings.Join(lines[start:end], "\n"))
	b.WriteString(strings.Join(foot, "\n"))
	return b.String()
}

// ownerLabel names the owner of requirements: the card, or a skill.
func (st *SecurityStep) ownerLabel(s *editor.State, owner string) string {
	if owner == "" {
		return "Card (every skill)"
	}
	name := s.Text(owner + "/name")
	if name == "" {
		name = s.Text(owner + "/id")
	}
	return "Skill " + model.SafeText(name)
}

// OnRequestNote says how a skill's requirements and On Request meet: the
// validator's rule (validate.SecuredSkillMembers), where it bites.
func (st *SecurityStep) OnRequestNote(s *editor.State, owner string) string {
	if owner == "" {
		return ""
	}
	secured := len(validate.SecuredSkillMembers(s.Doc.Find(owner))) > 0
	listed := OnRequestEntry(s, s.Text(owner+"/id")) >= 0
	switch {
	case listed && secured:
		return "This skill is listed On Request, and " + validate.SecuredSkillWhy + ": remove its requirements here, or take it off the On Request step."
	case listed:
		return "This skill is listed On Request: requirements here would take it off (" + validate.SecuredSkillWhy + ")."
	case secured:
		return "With requirements, this skill cannot be On Request: " + validate.SecuredSkillWhy + "."
	}
	return "Requirements here make this skill ineligible for On Request: " + validate.SecuredSkillWhy + "."
}

// describeScheme is a scheme's row: its kind and what clients need to know.
func describeScheme(n *model.Node) string {
	k, ok := kindOf(n)
	if n.Get("type") != nil && len(schemeWrappers(n)) == 0 {
		return fmt.Sprintf("v0.3 form {\"type\": %q}: enter, then convert", model.SafeText(n.Get("type").Text()))
	}
	if !ok {
		return "no known variant: enter to choose its kind"
	}
	if ws := schemeWrappers(n); len(ws) > 1 {
		return fmt.Sprintf("%d variants: enter to keep one", len(ws))
	}
	v := n.Get(schemeKinds[k].wrapper)
	switch k {
	case kindAPIKey:
		return fmt.Sprintf("API key in %s %s", model.SafeText(v.Get("location").Text()), model.SafeText(v.Get("name").Text()))
	case kindBearer:
		if f := v.Get("bearerFormat").Text(); f != "" {
			return "HTTP bearer (" + model.SafeText(f) + ")"
		}
		return "HTTP bearer"
	case kindBasic:
		return "HTTP basic"
	case kindHTTPOther:
		return "HTTP " + model.SafeText(v.Get("scheme").Text())
	case kindOAuth2:
		flows := flowNames(v.Get("flows"))
		if len(flows) == 1 {
			return "OAuth 2, " + model.SafeText(flows[0])
		}
		return fmt.Sprintf("OAuth 2, %d flows", len(flows))
	case kindOIDC:
		return "OpenID Connect " + model.SafeText(v.Get("openIdConnectUrl").Text())
	}
	return "mutual TLS"
}

func (st *SecurityStep) Pointer(s *editor.State) string {
	if st.Editing && st.f != nil {
		return st.f.Pointer()
	}
	scheme, owner, isScheme := st.rowTarget(s, st.Cursor)
	if isScheme {
		return schemePtr(scheme)
	}
	return owner + "/securityRequirements"
}

// securityMembers are what this step edits: the schemes, the card's and
// each skill's requirements, and the v0.3 "security" it converts.
var securityMembers = editor.MemberSet{
	Trees: []string{schemesPtr, "/securityRequirements", "/security", "/skills/*/securityRequirements", "/skills/*/security"},
}

func (st *SecurityStep) Owns(ptr string, _ *editor.State) bool {
	return securityMembers.Owns(ptr)
}

func (st *SecurityStep) Jump(ptr string, s *editor.State) tea.Cmd {
	names := schemeNames(s)
	target := -1
	if rest, ok := strings.CutPrefix(ptr, schemesPtr+"/"); ok {
		tok, _, _ := strings.Cut(rest, "/")
		if toks, err := model.SplitPointer("/" + tok); err == nil && len(toks) == 1 {
			for i, n := range names {
				if n == toks[0] {
					target = i
				}
			}
		}
	} else if rest, ok := strings.CutPrefix(ptr, "/skills/"); ok {
		tok, _, _ := strings.Cut(rest, "/")
		if i, err := strconv.Atoi(tok); err == nil && i >= 0 && i < s.ArrayLen("/skills") {
			target = len(names) + 1 + i
		}
	} else if ptr == "/securityRequirements" || strings.HasPrefix(ptr, "/securityRequirements/") || ptr == "/security" || strings.HasPrefix(ptr, "/security/") {
		target = len(names)
	}
	if target < 0 {
		st.Editing = false
		return nil
	}
	st.Cursor = target
	cmd := st.open(s)
	st.f.FocusPointer(ptr)
	if st.scheme != "" && ptr == schemePtr(st.scheme) {
		st.f.Idx = 1 // a finding about the scheme itself is about its kind
	}
	return tea.Batch(cmd, st.f.Focus())
}

func (st *SecurityStep) Keys() []key.Binding {
	if st.Editing {
		return []key.Binding{style.Keys.NextField, style.Keys.PrevField, style.Keys.Left, style.Keys.Right, style.Keys.Back}
	}
	return []key.Binding{style.Keys.Enter, style.Keys.Add, style.Keys.Remove}
}

func (st *SecurityStep) Busy() bool { return st.Editing }
