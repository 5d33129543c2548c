package model

import "fmt"

// Media types of AI Catalog entries.
const (
	MediaTypeA2ACard       = "application/a2a-agent-card+json"
	MediaTypeCatalog       = "application/ai-catalog+json"
	MediaTypeMCPServerCard = "application/mcp-server-card+json"
)

// Catalog is a typed view of an AI Catalog held in a Doc.
type Catalog struct{ Doc *Doc }

// NewCatalog returns the view and installs the catalog's member order.
func NewCatalog(d *Doc) *Catalog {
	d.SetMemberOrder(CatalogMemberOrder)
	return &Catalog{Doc: d}
}

// Len is the number of entries.
func (c *Catalog) Len() int { return c.Doc.Root().Get("entries").Len() }

// EntryPtr is the pointer of the i-th entry.
func EntryPtr(i int) string { return "/entries/" + idx(i) }

// Entry returns a view of entry i, or nil.
func (c *Catalog) Entry(i int) *Entry {
	if c.Doc.Root().Get("entries").Index(i) == nil {
		return nil
	}
	return &Entry{Doc: c.Doc, Ptr: EntryPtr(i)}
}

// Entries returns views of all entries.
func (c *Catalog) Entries() []*Entry {
	out := make([]*Entry, 0, c.Len())
	for i := 0; i < c.Len(); i++ {
		out = append(out, c.Entry(i))
	}
	return out
}

// Find returns the index of the entry with this identifier and version
// ("" matches an entry without version), or -1.
func (c *Catalog) Find(identifier, version string) int {
	for i, e := range c.Entries() {
		if e.Identifier() == identifier && e.Version() == version {
			return i
		}
	}
	return -1
}

// AddEntry appends an entry given as JSON text and returns its index.
func (c *Catalog) AddEntry(entry []byte) (int, error) {
	n := c.Len()
	return n, setDeep(c.Doc, "/entries/-", entry)
}

// DeleteEntry removes entry i.
func (c *Catalog) DeleteEntry(i int) error { return c.Doc.Delete(EntryPtr(i)) }

// Entry is a view of one catalog entry at Ptr.
type Entry struct {
	Doc *Doc
	Ptr string
}

func (e *Entry) node() *Node           { return e.Doc.Find(e.Ptr) }
func (e *Entry) str(key string) string { return e.node().Get(key).Text() }

func (e *Entry) Identifier() string { return e.str("identifier") }
func (e *Entry) Type() string       { return e.str("type") }
func (e *Entry) Version() string    { return e.str("version") }
func (e *Entry) URL() string        { return e.str("url") }

// HasData reports whether the artifact is inline (data) rather than linked.
func (e *Entry) HasData() bool { return e.node().Get("data") != nil }

// Data returns the inline artifact node, or nil.
func (e *Entry) Data() *Node { return e.node().Get("data") }

// ExtensionKeys returns the keys of the entry's extensions map, in order.
func (e *Entry) ExtensionKeys() []string {
	n := e.node().Get("extensions")
	if n == nil || n.Kind != Object {
		return nil
	}
	keys := make([]string, 0, n.Len())
	for _, m := range n.Members() {
		keys = append(keys, m.Key())
	}
	return keys
}

// SetExtension writes raw JSON under extensions[key], creating the map.
func (e *Entry) SetExtension(key string, raw []byte) error {
	return setDeep(e.Doc, e.Ptr+"/extensions/"+escapeToken(key), raw)
}

// DeleteExtension removes extensions[key] (and the map when it empties).
func (e *Entry) DeleteExtension(key string) error {
	if err := deleteIfPresent(e.Doc, e.Ptr+"/extensions/"+escapeToken(key)); err != nil {
		return err
	}
	if n := e.node().Get("extensions"); n != nil && n.Kind == Object && n.Len() == 0 {
		return e.Doc.Delete(e.Ptr + "/extensions")
	}
	return nil
}

// escapeToken escapes one reference token for a pointer.
func escapeToken(tok string) string { return Pointer(tok)[1:] }

// UpsertEntry puts an entry (JSON text, e.g. from EntryFromCard) into the
// catalog. It updates the entry with the same identifier and version, or
// else the only entry with the same identifier (a newer version of the same
// artifact); otherwise it appends. An update writes the new entry's members
// one by one and keeps the members it does not carry (tags, publisher, other
// extensions), so the rest of the catalog is untouched. It returns the
// entry's index and whether it was appended.
func (c *Catalog) UpsertEntry(entry []byte) (index int, added bool, err error) {
	nd, err := Parse(entry)
	if err != nil {
		return -1, false, fmt.Errorf("entry: %w", err)
	}
	n := nd.Root()
	if n.Kind != Object {
		return -1, false, fmt.Errorf("entry: not a JSON object")
	}
	id, version := n.Get("identifier").Text(), n.Get("version").Text()
	i := c.Find(id, version)
	if i < 0 {
		same := -1
		for k, e := range c.Entries() {
			if e.Identifier() == id {
				if same >= 0 {
					same = -1 // several versions listed: do not guess which
					break
				}
				same = k
			}
		}
		i = same
	}
	if i < 0 {
		i, err = c.AddEntry(entry)
		return i, true, err
	}
	return i, false, c.updateEntry(i, nd)
}

// updateEntry writes the members of the parsed entry nd into entry i.
func (c *Catalog) updateEntry(i int, nd *Doc) error {
	e := c.Entry(i)
	src := nd.Source()
	raw := func(n *Node) []byte { return src[n.Start():n.End()] }
	for _, m := range nd.Root().Members() {
		if m.Key() == "extensions" && m.Value.Kind == Object {
			for _, x := range m.Value.Members() {
				if err := e.SetExtension(x.Key(), raw(x.Value)); err != nil {
					return err
				}
			}
			continue
		}
		if err := c.Doc.Set(e.Ptr+"/"+escapeToken(m.Key()), raw(m.Value)); err != nil {
			return err
		}
	}
	// The artifact is either linked or inline, never both.
	root := nd.Root()
	if root.Get("url") != nil {
		if err := deleteIfPresent(c.Doc, e.Ptr+"/data"); err != nil {
			return err
		}
	} else if root.Get("data") != nil {
		if err := deleteIfPresent(c.Doc, e.Ptr+"/url"); err != nil {
			return err
		}
	}
	// The discovery payload mirrors the card: gone from the card, gone here.
	if root.Get("extensions").Get(DiscoveryCatalogKey) == nil {
		return e.DeleteExtension(DiscoveryCatalogKey)
	}
	return nil
}
