// Package oasf holds the OASF skill and domain taxonomies: an embedded
// snapshot per schema_version (names, ids, captions, parents and category
// flags; no descriptions), versions synced from a schema server at run time
// (with descriptions), lookup by id and full name, and search.
package oasf

// Kind is one of the two taxonomies.
type Kind int

const (
	Skills Kind = iota
	Domains
)

func (k Kind) String() string {
	if k == Domains {
		return "domains"
	}
	return "skills"
}

// DefaultVersion is the schema_version new payloads use.
const DefaultVersion = "1.1.0"

// Class is one node of a taxonomy.
type Class struct {
	ID          int
	Name        string // full name: the extends chain joined with "/"
	Caption     string
	Parent      string // full name of the parent; "" for a top-level node
	Category    bool   // abstract top-level node: a heading, not a valid value
	Description string // only for versions synced from a server
}

// Match is one search result.
type Match struct {
	Class *Class
	Score int
}

// Tree is one kind (skills or domains) of one version.
type Tree struct {
	Kind Kind
	// unexported indexes
}

// Taxonomy is both trees of one schema_version.
type Taxonomy struct {
	Version string
	Source  string // "embedded" or the server URL it was synced from
	Skills  *Tree
	Domains *Tree
}

// Tree returns the tree of kind k.
func (t *Taxonomy) Tree(k Kind) *Tree {
	if k == Domains {
		return t.Domains
	}
	return t.Skills
}

// ---- to be implemented (bodies in other files) ----

// ByID returns the class with this id, or nil.
func (t *Tree) ByID(id int) *Class { panic("todo") }

// ByName returns the class with this full name, or nil.
func (t *Tree) ByName(name string) *Class { panic("todo") }

// Children returns the direct children of the class named parent, in
// taxonomy order; parent "" gives the top-level nodes.
func (t *Tree) Children(parent string) []*Class { panic("todo") }

// All returns every class in taxonomy order (depth first).
func (t *Tree) All() []*Class { panic("todo") }

// Search finds classes whose full name or caption match query (fuzzy,
// case-insensitive), best first, at most limit (0 = no limit). Categories are
// included (the picker shows them as headings).
func (t *Tree) Search(query string, limit int) []Match { panic("todo") }

// Get returns the taxonomy of a schema_version (embedded or synced), or nil.
func Get(version string) *Taxonomy { panic("todo") }

// Versions lists the known schema_versions, oldest first.
func Versions() []string { panic("todo") }

// Register adds or replaces a taxonomy (a version synced from a server).
// Safe for concurrent use.
func Register(t *Taxonomy) { panic("todo") }

// ParseCategories builds a Taxonomy from the bodies of the schema server's
// GET /api/<v>/skill_categories and /api/<v>/domain_categories.
func ParseCategories(version, source string, skillCategories, domainCategories []byte) (*Taxonomy, error) {
	panic("todo")
}
