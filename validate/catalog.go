package validate

// Catalog validation (AI-CATALOG.md checklist). The embedded
// schemas/catalog.schema.json defines the shape of every member (its x-code
// annotations name the codes); catalog_shape.go checks that shape in code,
// held to the schema by TestCatalogShapeMatchesSchema. This file checks what
// needs more than one member: url/data, uniqueness, digests, nesting, and the
// cross-checks with a linked Agent Card.

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/oncard/oncard/model"
)

const (
	catalogSchemaDef = "catalog.schema.json#/$defs/catalog"

	mediaTypeCatalog = "application/ai-catalog+json"
	mediaTypeA2ACard = "application/a2a-agent-card+json"

	// discoveryExtensionKey is the permanent key of the OASF discovery payload
	// in an entry's extensions.
	discoveryExtensionKey = "org.agntcy.oasf.discovery.v1"

	// maxCatalogNesting is the AI Catalog depth limit: a catalog may link
	// catalogs nested at most this many levels below it.
	maxCatalogNesting = 4
)

// catalog validates an AI Catalog and the catalogs it nests (inline, or
// local files named by a relative or file: url).
func catalog(doc *model.Doc, opts *Options) []Diagnostic {
	r := newReport(doc, opts)
	w := newCatalogWalk(r.opts)
	w.check(r, doc.Root(), "", 0, rootRef(r.opts))
	checkIJSON(r, doc.Root(), "")
	return r.sorted()
}

func newCatalogWalk(opts *Options) *catalogWalk {
	w := &catalogWalk{opts: opts, chain: map[string]bool{}}
	if ref := rootRef(opts); ref != "" {
		w.chain[ref] = true
	}
	return w
}

// catalogWalk carries what the whole walk shares: the options and the files
// on the current nesting chain (for cycle detection).
type catalogWalk struct {
	opts  *Options
	chain map[string]bool
}

// check validates the catalog node at ptr, nested depth levels below the
// top; file is the file the node was read from (for relative urls).
func (w *catalogWalk) check(r *report, node *model.Node, ptr string, depth int, file string) {
	checkCatalogShape(r, node, ptr)
	checkSpecVersion(r, node.Get("specVersion"), ptr+"/specVersion")
	entries := node.Get("entries")
	if entries == nil || entries.Kind != model.Array {
		return
	}
	cardEntries := 0
	for i := 0; i < entries.Len(); i++ {
		if catTextIs(entries.Index(i).Get("type"), mediaTypeA2ACard) {
			cardEntries++
		}
	}
	// Sized up front: growing it was most of this walk's allocation.
	seen := make(map[string]identifierSeen, entries.Len())
	for i := 0; i < entries.Len(); i++ {
		entry := entries.Index(i)
		if entry.Kind != model.Object {
			continue // the shape check reported it
		}
		w.checkEntry(r, entry, entryPointers(ptr, i), i, depth, file, cardEntries == 1, seen)
	}
}

// entryPtrs are the pointers of entry i of a catalog level that its checks
// need whatever they find.
type entryPtrs struct {
	entry     string // the entry
	discovery string // its OASF discovery payload
}

// discoverySuffix is the pointer of an entry's OASF discovery payload below
// the entry.
const discoverySuffix = "/extensions/" + discoveryExtensionKey

// entryPointers makes both pointers of entry i of the catalog at base in
// one allocation: a catalog of 100,000 entries has as many of each.
func entryPointers(base string, i int) entryPtrs {
	var buf [96]byte
	b := append(buf[:0], base...)
	b = append(b, "/entries/"...)
	b = strconv.AppendInt(b, int64(i), 10)
	n := len(b)
	both := string(append(b, discoverySuffix...))
	return entryPtrs{entry: both[:n], discovery: both}
}

// checkEntry checks entry i of a catalog level, an object, beyond its
// shape; seen holds the identifiers of the entries before it.
func (w *catalogWalk) checkEntry(r *report, entry *model.Node, ptrs entryPtrs, i, depth int, file string, onlyCard bool, seen map[string]identifierSeen) {
	ep := ptrs.entry
	checkArtifactSource(r, entry, ep)
	checkIdentifier(r, entry, ep, i, seen)
	if digest := entry.Get("digest"); digest != nil {
		checkDigest(r, digest, ep+"/digest")
	}
	if payload := entry.Get("extensions").Get(discoveryExtensionKey); payload != nil {
		checkDiscoveryPayload(r, payload, ptrs.discovery)
	}
	switch entryType := entry.Get("type"); {
	case catTextIs(entryType, mediaTypeCatalog):
		w.nested(r, entry, ep, depth, file)
	case catTextIs(entryType, mediaTypeA2ACard):
		if data := entry.Get("data"); data != nil && data.Kind == model.Object {
			checkInlineCard(r, data, ep+"/data")
		}
		w.crossCheckCard(r, entry, ep, file, onlyCard)
	}
	w.follow(r, entry, ep, depth, file)
}

// checkSpecVersion: the schema checks presence and form; this checks the
// major version is one the tool reads (0 or 1).
func checkSpecVersion(r *report, v *model.Node, ptr string) {
	s, ok := v.Str()
	if !ok || !isCatMajorMinor(s) {
		return
	}
	if major, _, _ := strings.Cut(s, "."); major != "0" && major != "1" {
		r.emit(ruleCatalogSpecVersion, ptr, fmt.Sprintf("specVersion %q has major version %s; this tool reads AI Catalog 0.x and 1.x", s, major), `use "1.0"`)
	}
}

// checkArtifactSource: exactly one of url and data; url absolute https.
func checkArtifactSource(r *report, entry *model.Node, ep string) {
	u, d := entry.Get("url"), entry.Get("data")
	switch {
	case u != nil && d != nil:
		r.emit(ruleCatalogEntryArtifactSource, ep+"/data", "entry has both url and data; an entry gives its artifact exactly one way", "keep url (a link) or data (the artifact inline), not both")
	case u == nil && d == nil:
		r.emit(ruleCatalogEntryArtifactSource, ep+"/url", "entry has neither url nor data; an entry must give its artifact by url or inline as data", "add the artifact's https:// url")
	}
	s, ok := u.Str()
	if !ok || s == "" || isPlainHTTPS(s) {
		return
	}
	parsed, err := url.Parse(s)
	if err != nil {
		return // the schema's uri-reference format reported it
	}
	switch {
	case parsed.Scheme == "":
		r.emit(ruleCatalogHTTPURL, ep+"/url", fmt.Sprintf("url %q is relative; an absolute https:// url is recommended so the entry works when copied into other catalogs", clip(s, 80)), "")
	case !strings.EqualFold(parsed.Scheme, "https"):
		r.emit(ruleCatalogHTTPURL, ep+"/url", fmt.Sprintf("url %q does not use https", clip(s, 80)), "publish the artifact at an https:// address")
	}
}

// identifierSeen is what the walk of one catalog level remembers of an
// identifier: the entries listing it by version (for uniqueness of
// (identifier, version)) and whether it was listed with and without a
// version. One map of these, sized up front, is one lookup and one store
// per entry; most identifiers are listed once.
type identifierSeen struct {
	firstVersion string         // version of the first entry listing it ("" when it has none)
	more         map[string]int // later versions -> index, when there are any
	firstAt      int32          // 1 + index of that entry
	slots        [2]int32       // 1 + index of an entry without a version, with a version
}

// checkIdentifier: a URI, and (identifier, version) unique in the catalog.
func checkIdentifier(r *report, entry *model.Node, ep string, i int, seen map[string]identifierSeen) {
	id, ok := entry.Get("identifier").Str()
	if !ok || id == "" {
		return
	}
	if !isCatIdentifierURI(id) {
		r.emit(ruleCatalogIdentifierNotURI, ep+"/identifier", fmt.Sprintf("identifier %q is not a URI; urn:air:{publisher-domain}:{namespace}:{name} is recommended", clip(id, 80)), "")
	}
	version, hasVersion := entry.Get("version").Str()
	s := seen[id]
	j, dup := -1, false
	switch {
	case s.firstAt != 0 && s.firstVersion == version:
		j, dup = int(s.firstAt)-1, true
	case s.more != nil:
		j, dup = s.more[version]
	}
	if dup {
		what := fmt.Sprintf("identifier %q", clip(id, 80))
		if hasVersion {
			what += fmt.Sprintf(" with version %q", version)
		}
		r.emit(ruleCatalogEntryDuplicate, ep+"/identifier", fmt.Sprintf("%s is already listed at entries[%d]; (identifier, version) must be unique", what, j), "give each listed version a version member, or remove the duplicate")
		return
	}
	if s.firstAt == 0 {
		s.firstVersion, s.firstAt = version, int32(i+1)
	} else {
		if s.more == nil {
			s.more = map[string]int{}
		}
		s.more[version] = i
	}
	other := int32(0)
	if hasVersion {
		s.slots[1], other = int32(i+1), s.slots[0]
	} else {
		s.slots[0], other = int32(i+1), s.slots[1]
	}
	seen[id] = s
	if other != 0 {
		r.emit(ruleCatalogEntryVersionConflict, ep+"/identifier", fmt.Sprintf("identifier %q is listed both with and without a version (see entries[%d]); give every entry of it a version", clip(id, 80), other-1), "")
	}
}

// digestHexLen is the hex length of each accepted (SHA-256 or stronger)
// algorithm; weakDigests are named so the message can say why.
var (
	digestHexLen = map[string]int{
		"sha256": 64, "sha-256": 64, "sha384": 96, "sha-384": 96, "sha512": 128, "sha-512": 128,
		"sha3-256": 64, "sha3-384": 96, "sha3-512": 128, "blake2b-256": 64, "blake2b-512": 128, "blake3": 64,
	}
	weakDigests = map[string]bool{"md5": true, "sha1": true, "sha-1": true, "sha224": true, "sha-224": true, "crc32": true}
)

// checkDigest: "alg:lowercasehex" with SHA-256 or stronger.
func checkDigest(r *report, n *model.Node, ptr string) {
	s, ok := n.Str()
	if !ok {
		return // absent, or the shape check reported the type
	}
	alg, hex, ok := catDigestParts(s)
	if !ok {
		r.emit(ruleCatalogDigestInvalid, ptr, fmt.Sprintf("digest %q must be algorithm:lowercasehex, like sha256:9f86d0…", clip(s, 80)), "")
		return
	}
	if weakDigests[alg] {
		r.emit(ruleCatalogDigestInvalid, ptr, fmt.Sprintf("digest algorithm %q is too weak; use SHA-256 or stronger", alg), "sha256:<64 hex digits>")
		return
	}
	want, known := digestHexLen[alg]
	if !known {
		r.emitAs(ruleCatalogDigestInvalid, Warning, ptr, fmt.Sprintf("digest algorithm %q is not one this tool knows (sha256, sha384, sha512, sha3-*, blake2b-*, blake3)", alg), "")
		return
	}
	if len(hex) != want {
		r.emit(ruleCatalogDigestInvalid, ptr, fmt.Sprintf("a %s digest has %d hex digits, this one has %d", alg, want, len(hex)), "")
	}
}

// nested follows the catalog an entry links or embeds: inline data in the
// same report; a local file (relative or file: url) in a report of its own
// whose findings are copied here, at the entry's url, naming the file.
// Remote urls are not fetched.
func (w *catalogWalk) nested(r *report, entry *model.Node, ep string, depth int, file string) {
	if data := entry.Get("data"); data != nil {
		if depth+1 > maxCatalogNesting {
			r.emit(ruleCatalogNestedDepthExceeded, ep+"/data", nestingMessage(depth+1), "")
			return
		}
		if data.Kind != model.Object {
			r.emit(ruleCatalogNestedCatalogInvalid, ep+"/data", fmt.Sprintf("data of a %s entry must be a catalog object (got %s)", mediaTypeCatalog, data.Kind), "")
			return
		}
		w.check(r, data, ep+"/data", depth+1, file)
		return
	}
	raw, ok := entry.Get("url").Str()
	if !ok {
		return
	}
	ref, how := w.localRef(raw, file)
	switch how {
	case refRemote:
		return
	case refNoBase:
		r.emit(ruleCatalogNestedNotFollowed, ep+"/url", fmt.Sprintf("nested catalog %q not checked: a relative url needs the catalog's own file path (not stdin)", clip(raw, 80)), "")
		return
	case refOutside:
		w.outside(r, ep, raw, "nested catalog")
		return
	}
	if depth+1 > maxCatalogNesting {
		r.emit(ruleCatalogNestedDepthExceeded, ep+"/url", nestingMessage(depth+1), "")
		return
	}
	if w.chain[ref] {
		r.emit(ruleCatalogNestedCatalogInvalid, ep+"/url", fmt.Sprintf("nested catalog %q links back to a catalog that contains it (a cycle)", clip(raw, 80)), "")
		return
	}
	data, err := w.opts.Resolve(ref)
	if err != nil {
		r.emitAs(ruleCatalogNestedCatalogInvalid, Warning, ep+"/url", fmt.Sprintf("nested catalog %q not checked: %s", clip(raw, 80), model.SafeText(readError(err))), "")
		return
	}
	sub, err := model.Parse(data)
	if err != nil {
		r.emit(ruleCatalogNestedCatalogInvalid, ep+"/url", fmt.Sprintf("nested catalog %q is not valid JSON%s", clip(raw, 80), parsePlace(err)), "")
		return
	}
	w.chain[ref] = true
	defer delete(w.chain, ref)
	subReport := newReport(sub, w.opts)
	w.check(subReport, sub.Root(), "", depth+1, ref)
	for _, d := range subReport.sorted() {
		r.again(d, ep+"/url",
			fmt.Sprintf("in nested catalog %s at %s (line %d): %s", model.SafeText(raw), pointerOrRoot(d.Pointer), d.Line, d.Message))
	}
}

func nestingMessage(level int) string {
	return fmt.Sprintf("catalog nesting goes %d levels deep; the AI Catalog limit is %d", level, maxCatalogNesting)
}

func pointerOrRoot(p string) string {
	if p == "" {
		return "the root"
	}
	return p
}

// readError shortens an os error to its cause (the path is already named).
func readError(err error) string {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err.Error()
	}
	return err.Error()
}

// parsePlace says where a linked document stopped being JSON, without
// quoting any of its text: a linked file is another document, and a
// finding that echoed it would leak what it holds.
func parsePlace(err error) string {
	var pe *model.ParseError
	if errors.As(err, &pe) {
		return fmt.Sprintf(" (line %d, column %d)", pe.Line, pe.Column)
	}
	return ""
}

// rootRef is the catalog checked as a reference inside its own folder: its
// file name ("" for standard input).
func rootRef(opts *Options) string {
	if opts.Path == "" || opts.Path == "-" {
		return ""
	}
	return filepath.Base(opts.Path)
}

// refHow is what a catalog's url names, for reading it from this machine.
type refHow int

const (
	refRemote  refHow = iota // an absolute URL: fetched only by --follow
	refLocal                 // a file inside the catalog's folder tree
	refNoBase                // relative, but the catalog has no folder (stdin)
	refOutside               // a file: URL, an absolute path, or .. above the folder: never read
)

// localRef resolves a url of the document at from (a slash path relative to
// the folder of the catalog checked; "" for the catalog itself) as a server
// serving that folder would: a relative reference is a file inside the
// folder tree, anything that reaches outside it is refOutside, and is not
// read.
func localRef(raw, from string) (string, refHow) {
	if strings.HasPrefix(raw, "https://") {
		return "", refRemote // the common case, decided without parsing
	}
	u, err := url.Parse(raw)
	if err != nil {
		return "", refRemote
	}
	switch {
	case strings.EqualFold(u.Scheme, "file"):
		return "", refOutside
	case u.Scheme != "" || u.Host != "" || u.Path == "":
		return "", refRemote
	case strings.HasPrefix(u.Path, "/") || strings.HasPrefix(u.Path, `\`) || filepath.IsAbs(filepath.FromSlash(u.Path)) || filepath.VolumeName(filepath.FromSlash(u.Path)) != "":
		return "", refOutside
	}
	ref := path.Clean(path.Join(path.Dir(from), u.Path))
	if ref == ".." || strings.HasPrefix(ref, "../") || ref == "." {
		return "", refOutside
	}
	return ref, refLocal
}

// outside reports a url that names a file outside the catalog's folder.
func (w *catalogWalk) outside(r *report, ep, raw, what string) {
	r.emit(ruleCatalogURLOutsideFolder, ep+"/url", fmt.Sprintf("%s %q names a file outside the catalog's folder (a file: URL, an absolute path, or .. above the folder); oncard reads only files inside it, as a server serving the folder would, so it was not read", what, clip(raw, 80)),
		"link it by a path relative to the catalog, inside its folder, or by its https:// url (checked with --follow)")
}

// checkInlineCard validates an Agent Card given inline as an entry's data
// with the same rules as a card file (shape, A2A rules, On Request, OASF
// discovery), so an extension is checked wherever it appears. The card rules
// write pointers from the card's root: they run in a report of their own on
// the same Doc and their findings are moved under base, where the catalog
// file has them (r.add locates them there). Pointers quoted inside a message
// stay relative to the card.
func checkInlineCard(r *report, card *model.Node, base string) {
	sub := &report{doc: r.doc, opts: r.opts, unplaced: true}
	checkCard(sub, card)
	if !sub.exact() {
		sub = &report{doc: r.doc, opts: r.opts.listingAll(), unplaced: true}
		checkCard(sub, card)
	}
	for _, d := range dropGenericDuplicates(sub.diags) {
		r.again(d, base+d.Pointer, d.Message)
	}
}

// crossCheckCard compares an A2A card entry with its card, when the card is
// at hand: inline data, a local file, or opts.Card (used only when this
// catalog level lists exactly one card, so it cannot be matched to the
// wrong entry).
func (w *catalogWalk) crossCheckCard(r *report, entry *model.Node, ep, file string, onlyCard bool) {
	card, where, linked := w.cardFor(r, entry, ep, file, onlyCard)
	if card == nil {
		return
	}
	compareEntryWithCard(r, entry, ep, card, where, linked)
}

// compareEntryWithCard reports where an A2A card entry disagrees with its
// card (version, OASF discovery payload); where says where the card came
// from, for the messages. linked says the card is another file of this
// machine: its values are not quoted (a finding never echoes another
// document's content).
func compareEntryWithCard(r *report, entry *model.Node, ep string, card *model.Node, where string, linked bool) {
	if v, ok := entry.Get("version").Str(); ok {
		if cv, ok := card.Get("version").Str(); ok && cv != v {
			theirs := ": " + quoted(cv)
			if linked {
				theirs = ""
			}
			r.emit(ruleCatalogVersionMismatch, ep+"/version", fmt.Sprintf("version %q differs from the version of the card (%s)%s; an entry's version must equal its artifact's", v, where, theirs), "copy the card's version into the entry")
		}
	}
	payload := entry.Get("extensions").Get(discoveryExtensionKey)
	if payload == nil {
		return
	}
	ptr := ep + "/extensions/" + discoveryExtensionKey
	params := cardDiscoveryParams(r, card)
	switch {
	case params == nil:
		r.emit(ruleCatalogDiscoveryMismatch, ptr, fmt.Sprintf("the entry carries an OASF discovery payload but the card (%s) declares no OASF discovery extension", where), "")
	case !sameJSON(payload.Interface(), params.Interface()):
		r.emit(ruleCatalogDiscoveryMismatch, ptr, fmt.Sprintf("the OASF discovery payload differs from the params of the card's discovery extension (%s); it must be the same object", where), "copy the card's discovery params into the entry (oncard catalog add does)")
	}
}

// cardFor finds the card an entry describes and says where it came from.
func (w *catalogWalk) cardFor(r *report, entry *model.Node, ep, file string, onlyCard bool) (card *model.Node, where string, linked bool) {
	if data := entry.Get("data"); data != nil && data.Kind == model.Object {
		return data, "inline data", false
	}
	if raw, ok := entry.Get("url").Str(); ok {
		switch ref, how := w.localRef(raw, file); how {
		case refOutside:
			w.outside(r, ep, raw, "card")
			return nil, "", false
		case refLocal:
			data, err := w.opts.Resolve(ref)
			if err != nil {
				r.emit(ruleCatalogCardUnreadable, ep+"/url", fmt.Sprintf("card %q not cross-checked: %s", clip(raw, 80), model.SafeText(readError(err))), "")
				return nil, "", false
			}
			doc, err := model.Parse(data)
			if err != nil {
				r.emit(ruleCatalogCardUnreadable, ep+"/url", fmt.Sprintf("card %q not cross-checked: it is not valid JSON%s", clip(raw, 80), parsePlace(err)), "")
				return nil, "", false
			}
			return doc.Root(), model.SafeText(raw), true
		}
	}
	if onlyCard && w.opts.Card != nil {
		return w.opts.Card.Root(), "--card", false
	}
	return nil, "", false
}

// cardDiscoveryParams returns the params of the card's OASF discovery
// extension, or nil. Any schema server counts here: whether the card's
// server is an accepted one is the card validator's finding, while this
// cross-check is about the payload being the same object.
func cardDiscoveryParams(r *report, card *model.Node) *model.Node {
	exts := card.Get("capabilities").Get("extensions")
	for i := 0; i < exts.Len(); i++ {
		ext := exts.Index(i)
		uri, ok := ext.Get("uri").Str()
		if !ok {
			continue
		}
		if isDiscoveryURI(r, uri) || isDiscoveryPath(uri) {
			return ext.Get("params")
		}
	}
	return nil
}

// isDiscoveryPath: <schema_url>/<version>/objects/discovery on any server.
func isDiscoveryPath(uri string) bool {
	u, err := url.Parse(uri)
	return err == nil && u.Host != "" && strings.HasSuffix(strings.TrimSuffix(u.Path, "/"), "/objects/discovery")
}

// sameJSON compares two decoded JSON values as JSON: member order does not
// matter, and numbers compare by value (1 equals 1.0).
func sameJSON(a, b any) bool {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, v := range x {
			w, ok := y[k]
			if !ok || !sameJSON(v, w) {
				return false
			}
		}
		return true
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !sameJSON(x[i], y[i]) {
				return false
			}
		}
		return true
	case json.Number:
		y, ok := b.(json.Number)
		if !ok {
			return false
		}
		return x == y || sameDecimal(string(x), string(y))
	default:
		return a == b
	}
}
