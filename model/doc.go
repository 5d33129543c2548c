// Package model holds oncard's documents: a format-preserving JSON document
// (Doc) and read-only views over it (Card, Catalog and Entry). Edits are made
// on the Doc at JSON pointers, the way the editor's fields are bound; the
// spec member order each kind installs (InstallKindOrder) puts new members
// where the spec does.
//
// The Doc keeps the source bytes. Parsing records, for every node, its byte
// span in the source and, for containers, the exact bytes between members.
// Encode copies the span of every untouched node verbatim and re-emits only
// the containers an edit touched, reusing their separators, so that loading
// and saving a file without edits is byte-identical and one edit changes only
// the lines of that member.
package model

// Kind is the JSON type of a node.
type Kind uint8

const (
	Null Kind = iota
	Bool
	Number
	String
	Object
	Array
)

func (k Kind) String() string {
	switch k {
	case Null:
		return "null"
	case Bool:
		return "boolean"
	case Number:
		return "number"
	case String:
		return "string"
	case Object:
		return "object"
	case Array:
		return "array"
	}
	return "unknown"
}
