// Package oasf holds the OASF skill and domain taxonomies: an embedded
// snapshot per schema_version (names, ids, captions, parents and category
// flags; no descriptions), versions synced from a schema server at run time
// (with descriptions), lookup by id and full name, and search.
package oasf

import "sync"

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
	Kind    Kind
	Version string // the schema_version it belongs to

	classes    []*Class            // depth-first, in the order the server lists them
	byID       []idEntry           // every class, categories included, by id (ByID)
	idSlots    []idSlot            // byID's positions by id, open addressing (indexOf)
	concrete   []string            // parallel to byID: a concrete class's name, "" for a category (ConcreteName)
	byName     map[string]*Class   // full name -> class
	byLeaf     map[string][]*Class // last name segment -> classes
	children   map[string][]*Class // parent full name ("" for top level) -> children
	search     []searchEntry       // lowercased strings, parallel to classes (searchEntries)
	searchOnce sync.Once
	vocab      captionVocabulary // built on the first query that finds nothing
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
