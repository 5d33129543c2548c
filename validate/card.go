package validate

import (
	"runtime"
	"strconv"
	"strings"

	"github.com/oncard/oncard/model"
)

// Codes of the card checks beyond the schema (stable: users filter on them).
const ()

// card validates an Agent Card document.
func card(doc *model.Doc, opts *Options) []Diagnostic {
	r := cardReport(doc, opts)
	if r.exact() {
		r.diags = dropGenericDuplicates(r.diags)
		return r.sorted()
	}
	limit := r.opts.MaxPerRule
	r = cardReport(doc, r.opts.listingAll())
	r.diags = ListAtMost(dropGenericDuplicates(r.diags), limit)
	return r.sorted()
}

// cardReport runs every card rule on doc.
func cardReport(doc *model.Doc, opts *Options) *report {
	r := newReport(doc, opts)
	r.inc = r.opts.Incremental.begin(doc, r.opts)
	defer r.inc.end()
	checkCard(r, doc.Root())
	r.inc.done()
	checkDocumentIJSON(r)
	return r
}

// dropGenericDuplicates removes a generic A2A structural error where an
// extension's own check (On Request, OASF discovery) reported an error at
// the same member: "params must be an object" once, in the extension's
// words and with its section number.
func dropGenericDuplicates(diags []Diagnostic) []Diagnostic {
	specific := map[string]bool{}
	for _, d := range diags {
		if dropsGeneric(d.Code, d.Severity) {
			specific[d.Pointer] = true
		}
	}
	if len(specific) == 0 {
		return diags
	}
	kept := diags[:0]
	for _, d := range diags {
		if specific[d.Pointer] && structuralCode(d.Code) {
			continue
		}
		kept = append(kept, d)
	}
	return kept
}

// dropsGeneric tells whether a finding of code at sev is an extension's
// own error, which drops a generic structural one at the same member.
func dropsGeneric(code string, sev Severity) bool {
	return sev == Error && !strings.HasPrefix(code, "a2a/")
}

func structuralCode(code string) bool {
	switch code {
	case ruleA2AType.Code, ruleA2ARequiredMissing.Code, ruleA2AEmptyRequired.Code, ruleA2AEnum.Code:
		return true
	}
	return false
}

// checkCard runs every card rule on root. The structural walk comes first;
// the rules after it skip members of the wrong type silently, since the walk
// has already reported them.
func checkCard(r *report, root *model.Node) {
	if root == nil || root.Kind != model.Object {
		found := "nothing"
		if root != nil {
			found = kindName(root.Kind)
		}
		r.emit(ruleA2AType, "", "an Agent Card must be a JSON object, found "+found, "")
		return
	}
	// The text scans (secrets, hidden characters, the security review) read
	// every string and need nothing the other rules find: on a large card
	// they run beside them, on the other core. Their findings are appended
	// last, where a sequential run puts them, so the verdict is the same.
	texts := startTextRules(r, root)
	defer texts.join(r)
	w := walker{r: r, path: make([]pathStep, 0, 16)}
	// One index of the skill ids and lists for the On Request
	// declarations, checkSkillIDs and the rules that read a skill's lists.
	skills := newSkillIndex(r.doc, root, false)
	version := detectCardVersion(root)
	if version == cardV03 {
		r.emit(ruleA2AV03Card, "", "this is an A2A v0.3 card (top-level url, no supportedInterfaces); v1.0 clients need supportedInterfaces", "upgrade it to v1.0 with `oncard edit --upgrade FILE` (add --keep-dual to keep the v0.3 fields for old clients)")
		w.check(root, shapeCardV03)
		checkV03Endpoint(r, root)
	} else {
		w.check(root, shapeCardV10)
		switch version {
		case cardV10:
			checkV03Leftovers(r, root, skills)
		case cardDual:
			checkDualForV03(r, root)
		}
		checkInterfaces(r, root)
	}
	checkExtensions(r, root, skills)
	checkCardRules(r, root, skills)
}

// dualV03Prefix starts the message of a finding of a dual card's v0.3 check.
const dualV03Prefix = "for v0.3 clients of this dual card: "

// checkDualForV03 checks a dual card (model.IsDualCard) against the v0.3
// rules too: its v0.3 part is what old clients read, so it must be a v0.3
// card they accept (the v0.3 required members, schemes in the {type: …}
// form with their members, the top-level endpoint). A finding the v1.0
// check already made at the same member is not repeated.
func checkDualForV03(r *report, root *model.Node) {
	sub := &report{doc: r.doc, opts: r.opts, unplaced: true}
	w := walker{r: sub, path: make([]pathStep, 0, 16), strictV03: true}
	w.check(root, shapeCardV03)
	checkV03Endpoint(sub, root)
	if r.overflowed() || sub.overflowed() {
		// The findings to compare are not all listed.
		r.skewed = true
	}
	seen := make(map[[2]string]bool, len(r.diags))
	for _, d := range r.diags {
		seen[[2]string{d.Code, d.Pointer}] = true
	}
	for _, d := range sub.diags {
		if seen[[2]string{d.Code, d.Pointer}] {
			continue
		}
		r.again(d, d.Pointer, dualV03Prefix+d.Message)
	}
}

// checkCardRules runs the card's own rules that its shape cannot express
// (the extensions have their own checks). Diagnostics are sorted by
// position and code afterwards, so the order of the calls does not matter.
func checkCardRules(r *report, root *model.Node, skills *skillIndex) {
	checkSkillIDs(r, skills)
	checkSecurityNames(r, root, skills)
	checkOAuthFlows(r, root)
	checkCardURLs(r, root)
	checkModes(r, root, skills)
	checkExtendedCard(r, root)
	checkSignatures(r, root)
	checkSecurityCard(r, root)
}

// checkTextRules runs the rules that scan the card's texts: they read
// every string of the card, so they are most of the work on a large one.
func checkTextRules(r *report, root *model.Node) { checkTextRulesWith(r, root, nil) }

// checkTextRulesWith is checkTextRules with the secrets taken from pre,
// the prescan of the bytes of the document root is the root of, when it is
// complete.
func checkTextRulesWith(r *report, root *model.Node, pre *secretPrescan) {
	if pre == nil && r.inc == nil {
		// LongStrings first: a streamed Doc (a catalog whose inline
		// cards are checked here) has none, and its Root would be its
		// whole tree, made for the comparison.
		if spans, ok := r.doc.LongStrings(minSecretToken); ok && root == r.doc.Root() {
			noted := secretsOfNoted(r.doc.Source(), spans)
			pre = &noted
		}
	}
	if pre != nil && pre.complete {
		checkSecretsPrescanned(r, root, pre)
	} else {
		checkSecrets(r, root)
	}
	checkHiddenCharacters(r, root)
	checkSecurityProse(r, root)
}

// parallelMinBytes is the size of card from which checkTextRules runs on
// a goroutine of its own: below it, starting one costs more than the
// scans it would overlap.
const parallelMinBytes = 32 << 10

// textRules is checkTextRules under way: on a helper (sub holds its
// findings once the helper has joined), or not yet run (helper nil).
type textRules struct {
	root   *model.Node
	sub    *report
	helper *textHelper
}

// textRulesBeside reports whether the text rules of a card of size bytes,
// checked with opts, run on a goroutine of their own: a large card, a
// second processor, and a caller that neither keeps the others busy
// (Options.OtherCoresBusy) nor checks incrementally (Options.Incremental,
// whose memory is the caller's and which re-runs only what an edit changed).
// Check starts its helper for the same documents (wantsTextHelper).
func textRulesBeside(size int, opts *Options) bool {
	return size >= parallelMinBytes && runtime.GOMAXPROCS(0) >= 2 &&
		(opts == nil || (!opts.OtherCoresBusy && opts.Incremental == nil))
}

// startTextRules starts checkTextRules beside the caller when the card is
// large and there is a second processor to run it (one the caller does
// not keep busy: Options.OtherCoresBusy). An incremental check
// (Options.Incremental) runs them in line: its memory is the caller's, and
// it re-runs only the members an edit changed.
func startTextRules(r *report, root *model.Node) *textRules {
	t := &textRules{root: root}
	if !textRulesBeside(root.End()-root.Start(), r.opts) {
		return t
	}
	t.sub = &report{doc: r.doc, opts: r.opts, unplaced: r.unplaced}
	work := func() { checkTextRules(t.sub, root) }
	if h := r.opts.textHelper; h != nil {
		handed := work
		if root == r.doc.Root() && h.takesPrescan(r.doc) {
			handed = func() { checkTextRulesWith(t.sub, root, &h.secrets) }
		}
		if h.hand(handed) {
			t.helper = h
			return t
		}
	}
	// No helper was started for this card (Check was not its caller, or
	// another card took it): one starts now.
	t.helper = startTextHelper(nil)
	t.helper.hand(work)
	return t
}

// join adds the text rules' findings to r, after every other rule's: it
// runs them now if they were not started.
func (t *textRules) join(r *report) {
	if t.helper == nil {
		checkTextRules(r, t.root)
		return
	}
	t.helper.join()
	r.absorb(t.sub)
}

// checkSkillIDs: skill ids are unique within the card (the duplicates
// the card's skill index found).
func checkSkillIDs(r *report, skills *skillIndex) {
	skills.build()
	for _, d := range skills.dups {
		r.emit(ruleA2ADuplicateSkillID, indexPtr("/skills", d[0])+"/id", "skill id "+quoted(skills.skills.Index(d[0]).Get("id").Text())+" is already used by "+indexPtr("/skills", d[1]), "skill ids must be unique within the card")
	}
}

// checkExtensions: extension URIs are absolute and unique; required
// extensions are flagged; the On Request and OASF discovery declarations
// are handed to their own checks (On Request with the card's skill index).
func checkExtensions(r *report, root *model.Node, skills *skillIndex) {
	if top := root.Get("extensions"); top != nil {
		r.emit(ruleA2AMisplacedExtensions, "/extensions", "a top-level \"extensions\" member is not part of A2A; clients ignore it", `declare extensions in capabilities.extensions as [{"uri": "...", "params": {...}}]`)
	}
	exts := root.Get("capabilities").Get("extensions")
	if exts == nil || exts.Kind != model.Array {
		return
	}
	seen := make(map[string]int, exts.Len())
	for i, ext := range exts.All() {
		if ext.Kind != model.Object {
			continue
		}
		ptr := indexPtr("/capabilities/extensions", i)
		uri, ok := strValue(ext.Get("uri"))
		if !ok || uri == "" {
			continue
		}
		if first, dup := seen[uri]; dup {
			r.emit(ruleA2ADuplicateExtensionURI, ptr+"/uri", "extension "+quoted(shorten(uri))+" is already declared at "+indexPtr("/capabilities/extensions", first), "declare each extension once")
		} else {
			seen[uri] = i
		}
		if !isAbsURI(uri) {
			r.emit(ruleA2AExtensionURINotAbsolute, ptr+"/uri", "extension uri "+quoted(shorten(uri))+" is not an absolute URI", "an extension is named by an absolute URI that carries its version, e.g. https://example.com/ext/name/v1")
		}
		if req, ok := boolValue(ext.Get("required")); ok && req && uri != OnRequestURI {
			r.emit(ruleA2ARequiredExtension, ptr+"/required", "extension "+quoted(shorten(uri))+" is required: clients that do not activate it get error -32008", "data-only extensions should not be required; set required to false unless clients must activate it")
		}
		switch {
		case uri == OnRequestURI:
			checkOnRequestDecl(r, ext, ptr, skills)
		case isDiscoveryURI(r, uri):
			checkDiscoveryDecl(r, ext, ptr)
		}
	}
}

// requirementLists are the members that hold security requirements: the
// v1.0 name and the v0.3 one, on the card and on each skill.
var requirementLists = []string{"securityRequirements", "security"}

// forEachRequirement calls fn for every security requirement object of the
// card and its skills, with its pointer. A skill's lists are visited when
// it has one under its own name (not only under the proto one). skills is
// the card's skill index, which says which skills have such lists without
// reading them, or nil.
func forEachRequirement(root *model.Node, skills *skillIndex, fn func(ptr, list string, req *model.Node)) {
	for _, key := range requirementLists {
		name, list := namedMember(root, key)
		eachRequirement("", name, key, list, fn)
	}
	if sks := root.Get("skills"); sks != nil && sks.Kind == model.Array {
		// fn keeps no node
		for i, sk := range sks.AllTransientOf(skills.withRequirements) {
			skillRequirements(i, readSkillLists(sk), fn)
		}
	}
}

// skillRequirements is forEachRequirement for the lists of skill i.
func skillRequirements(i int, lists skillLists, fn func(ptr, list string, req *model.Node)) {
	if lists.securityRequirements == nil && lists.security == nil {
		return
	}
	base := indexPtr("/skills", i)
	name, list := lists.requirements()
	eachRequirement(base, name, "securityRequirements", list, fn)
	eachRequirement(base, "security", "security", lists.security, fn)
}

// eachRequirement calls fn for each requirement of list, the member name
// (key, or its proto twin) of the object at base.
func eachRequirement(base, name, key string, list *model.Node, fn func(ptr, list string, req *model.Node)) {
	if list == nil || list.Kind != model.Array {
		return
	}
	for i, req := range list.All() {
		fn(indexPtr(base+"/"+name, i), key, req)
	}
}

// skillLists are a skill's id and the members of it that hold the lists
// the card's rules check, each under its name and its proto snake_case
// twin: they are found in one pass over the skill's members, where a
// lookup of each would pass over all of them (most skills have none or
// one of the lists).
type skillLists struct {
	id                                              *model.Node
	inputModes, inputModesSnake                     *model.Node
	outputModes, outputModesSnake                   *model.Node
	securityRequirements, securityRequirementsSnake *model.Node
	security                                        *model.Node // its proto name is the same
}

// readSkillLists finds skill's lists, the first member of each name as
// Get does (none of a non-object).
func readSkillLists(skill *model.Node) skillLists {
	var l skillLists
	for _, m := range skill.Members() {
		k := m.Key()
		if k != "id" && (len(k) < len("security") || (k[0] != 'i' && k[0] != 'o' && k[0] != 's')) {
			continue // name, tags, description, examples: none of them
		}
		var at **model.Node
		switch k {
		case "id":
			at = &l.id
		case "inputModes":
			at = &l.inputModes
		case "input_modes":
			at = &l.inputModesSnake
		case "outputModes":
			at = &l.outputModes
		case "output_modes":
			at = &l.outputModesSnake
		case "securityRequirements":
			at = &l.securityRequirements
		case "security_requirements":
			at = &l.securityRequirementsSnake
		case "security":
			at = &l.security
		default:
			continue
		}
		if *at == nil {
			*at = m.Value
		}
	}
	return l
}

// The bits of skillLists.has: which lists a skill has under their own
// names (what the rules' tests of whether to read a skill ask).
const (
	hasInputModes uint8 = 1 << iota
	hasOutputModes
	hasSecurityRequirements
	hasSecurity
	hasEveryList = hasInputModes | hasOutputModes | hasSecurityRequirements | hasSecurity
)

func (l skillLists) has() uint8 {
	bit := func(n *model.Node, b uint8) uint8 {
		if n == nil {
			return 0
		}
		return b
	}
	return bit(l.inputModes, hasInputModes) | bit(l.outputModes, hasOutputModes) |
		bit(l.securityRequirements, hasSecurityRequirements) | bit(l.security, hasSecurity)
}

// The lists under the names namedMember finds them by: the member's own
// name, else its proto snake_case twin.
func (l skillLists) input() (string, *model.Node) {
	return orTwin("inputModes", l.inputModes, "input_modes", l.inputModesSnake)
}

func (l skillLists) output() (string, *model.Node) {
	return orTwin("outputModes", l.outputModes, "output_modes", l.outputModesSnake)
}

func (l skillLists) requirements() (string, *model.Node) {
	return orTwin("securityRequirements", l.securityRequirements, "security_requirements", l.securityRequirementsSnake)
}

func orTwin(name string, n *model.Node, twin string, t *model.Node) (string, *model.Node) {
	if n == nil && t != nil {
		return twin, t
	}
	return name, n
}

// checkSecurityNames: every scheme a requirement names is declared in
// securitySchemes. It reads both the spec form {"schemes": {name: ...}} and
// the v0.3 map form {name: [scopes]}.
func checkSecurityNames(r *report, root *model.Node, skills *skillIndex) {
	declared := memberOf(root, "securitySchemes")
	forEachRequirement(root, skills, func(ptr, _ string, req *model.Node) {
		if req.Kind != model.Object {
			return
		}
		names, base := req, ptr
		if s := req.Get("schemes"); s != nil {
			names, base = s, ptr+"/schemes"
		}
		if names.Kind != model.Object {
			return
		}
		for _, m := range names.Members() {
			if declared.Get(m.Key()) != nil {
				continue
			}
			r.emit(ruleA2AUnknownSecurityScheme, base+"/"+escapePointerToken(m.Key()), "security scheme "+quoted(m.Key())+" is not declared in securitySchemes", declaredHint(declared))
		}
	})
}

func declaredHint(declared *model.Node) string {
	if declared.Len() == 0 {
		return "declare it in securitySchemes"
	}
	names := make([]string, 0, declared.Len())
	for _, m := range declared.Members() {
		names = append(names, quoted(m.Key()))
	}
	return "declared schemes: " + strings.Join(names, ", ")
}

// checkOAuthFlows warns about the deprecated implicit and password flows.
func checkOAuthFlows(r *report, root *model.Node) {
	forEachScheme(root, func(ptr string, body *model.Node) {
		flows := body.Get("flows")
		if flows == nil || flows.Kind != model.Object {
			return
		}
		for _, name := range []string{"implicit", "password"} {
			if flows.Get(name) != nil {
				r.emit(ruleA2ADeprecatedOauthFlow, ptr+"/flows/"+name, "the OAuth "+name+" flow is deprecated", "use authorizationCode with PKCE (pkceRequired: true) or clientCredentials")
			}
		}
	})
}

// forEachScheme calls fn with the body of every security scheme: the object
// inside the v1.0 wrapper key, or the v0.3 scheme itself.
func forEachScheme(root *model.Node, fn func(ptr string, body *model.Node)) {
	schemes := memberOf(root, "securitySchemes")
	if schemes == nil || schemes.Kind != model.Object {
		return
	}
	for _, m := range schemes.Members() {
		if m.Value.Kind != model.Object {
			continue
		}
		ptr := "/securitySchemes/" + escapePointerToken(m.Key())
		wrapped := false
		for _, k := range securitySchemeWrappers {
			if body := m.Value.Get(k); body != nil {
				wrapped = true
				if body.Kind == model.Object {
					fn(ptr+"/"+k, body)
				}
			}
		}
		if !wrapped {
			fn(ptr, m.Value)
		}
	}
}

// checkModes: input and output modes are media types (type/subtype).
func checkModes(r *report, root *model.Node, skills *skillIndex) {
	name, list := namedMember(root, "defaultInputModes")
	checkModeList(r, -1, name, list)
	name, list = namedMember(root, "defaultOutputModes")
	checkModeList(r, -1, name, list)
	if sks := root.Get("skills"); sks != nil && sks.Kind == model.Array {
		withModes := func(i int) bool { return skills.listsOf(i)&(hasInputModes|hasOutputModes) != 0 }
		for i, sk := range r.eachSkillOf(famModes, sks, withModes) {
			if !withModes(i) {
				continue
			}
			lists := readSkillLists(sk)
			if lists.inputModes == nil && lists.outputModes == nil {
				continue // none, or only under a proto name: not checked
			}
			name, list := lists.input()
			checkModeList(r, i, name, list)
			name, list = lists.output()
			checkModeList(r, i, name, list)
		}
	}
}

// checkModeList checks the modes of list, the member name of skill
// (-1: of the card). The pointer is made only for a finding.
func checkModeList(r *report, skill int, name string, list *model.Node) {
	if list == nil || list.Kind != model.Array {
		return
	}
	for i, it := range list.All() {
		mode, ok := it.Str()
		if !ok || isMediaType(mode) {
			continue
		}
		hint := "write a media type such as text/plain or application/json"
		switch strings.ToLower(mode) {
		case "text":
			hint = `did you mean "text/plain"?`
		case "json":
			hint = `did you mean "application/json"?`
		}
		base := ""
		if skill >= 0 {
			base = indexPtr("/skills", skill)
		}
		r.emit(ruleA2AMediaType, indexPtr(base+"/"+name, i), "mode "+quoted(shorten(mode))+" is not a media type (type/subtype)", hint)
	}
}

// isMediaType accepts RFC 6838 "type/subtype" with optional parameters and
// the "*" wildcards clients use ("image/*").
func isMediaType(s string) bool {
	if i := strings.IndexByte(s, ';'); i >= 0 {
		s = strings.TrimRight(s[:i], " ")
	}
	slash := strings.IndexByte(s, '/')
	if slash <= 0 || slash == len(s)-1 {
		return false
	}
	return isToken(s[:slash]) && isToken(s[slash+1:])
}

func isToken(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case strings.IndexByte("!#$&^_.+-*", c) >= 0:
		default:
			return false
		}
	}
	return true
}

// checkExtendedCard: an extended card is served to authenticated clients,
// so announcing one without any security scheme is a mistake.
func checkExtendedCard(r *report, root *model.Node) {
	ptr := "/capabilities/extendedAgentCard"
	on, _ := boolValue(root.Get("capabilities").Get("extendedAgentCard"))
	if !on {
		ptr = "/supportsAuthenticatedExtendedCard"
		on, _ = boolValue(root.Get("supportsAuthenticatedExtendedCard"))
	}
	if !on {
		return
	}
	switch {
	case memberOf(root, "securitySchemes").Len() == 0:
		r.emit(ruleA2AExtendedCardWithoutSecurity, ptr, "the card announces an extended card but declares no security scheme", "the extended card is served to authenticated clients: declare securitySchemes and securityRequirements")
	case !hasRequirement(root):
		r.emit(ruleA2AExtendedCardWithoutSecurity, ptr, "the card announces an extended card but no security requirement asks for any of its schemes", "the extended card is served to authenticated clients: add securityRequirements naming a scheme")
	}
}

// hasRequirement reports whether the card or one of its skills lists a
// security requirement (v1.0 securityRequirements or v0.3 security).
func hasRequirement(root *model.Node) bool {
	found := false
	forEachRequirement(root, nil, func(string, string, *model.Node) { found = true })
	return found
}

// checkSignatures: signatures cover the card's canonical form, so any edit
// invalidates them.
func checkSignatures(r *report, root *model.Node) {
	sigs := root.Get("signatures")
	if sigs == nil || sigs.Kind != model.Array || sigs.Len() == 0 {
		return
	}
	n := strconv.Itoa(sigs.Len())
	if r.doc.Changed() {
		r.emitAs(ruleA2ASignedCard, Warning, "/signatures", "the card was edited: its "+n+" signature(s) no longer verify", "re-sign the card, or remove signatures")
		return
	}
	r.emit(ruleA2ASignedCard, "/signatures", "the card carries "+n+" signature(s); any edit invalidates them", "re-sign the card after editing it")
}

// indexPtr is base + "/" + i.
func indexPtr(base string, i int) string { return base + "/" + strconv.Itoa(i) }

// escapePointerToken escapes one RFC 6901 reference token.
func escapePointerToken(tok string) string {
	if strings.IndexByte(tok, '~') < 0 && strings.IndexByte(tok, '/') < 0 {
		return tok
	}
	return strings.ReplaceAll(strings.ReplaceAll(tok, "~", "~0"), "/", "~1")
}

// strValue is n.Str() that also accepts a nil node (a missing member).
func strValue(n *model.Node) (string, bool) {
	if n == nil {
		return "", false
	}
	return n.Str()
}

// boolValue is n.BoolValue() that also accepts a nil node.
func boolValue(n *model.Node) (v, ok bool) {
	if n == nil {
		return false, false
	}
	return n.BoolValue()
}
