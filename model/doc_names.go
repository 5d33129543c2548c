package model

import (
	"hash/maphash"
	"math/bits"
	"runtime/debug"
)

// The duplicate check of a large object (parseObject): a table of the names
// of its members so far, each found in one or two probes. Each slot is four
// bytes: a member's index in the object plus one (0 is an empty slot) in
// its low bits, as many as the table's size needs, and bits of its name's
// hash above them, which tell most other names apart without reading them.
// An object of a million members is checked in 4 to 8 bytes a member
// (the table is made again as it grows, the old one let go first and, once
// large, collected: collectFrom), where a map of the names took six times
// that and most of the parse's time.

// nameSeed seeds the names' hashes (which slot a name takes changes nothing
// but the probes).
var nameSeed = maphash.MakeSeed()

// nameTable is the names of an object's members so far, found by hash.
type nameTable struct {
	slots []uint32 // tag<<shift | index+1; 0 empty
	shift uint     // bits of the index: log2(len(slots))
	n     int
}

// nameTableMin is the fewest slots a table starts with.
const nameTableMin = 64

// collectFrom is the size in slots of the least table whose growth first
// has the collector take the tables outgrown and give their memory back.
// A parse makes them faster than the collector, paced by the heap, takes
// them: an object of 1.75 million short members (wide-short-card, about
// 15 MB) left 16 MB of them behind its last table of 16 MB, and the run
// peaked at 4.0-4.2 times the document's size; 3.1 with them collected and
// given back, 3.1-3.5 collected alone (their pages stayed the process's
// until the scavenger's turn). Only objects of some 200,000 members or
// more grow past it, a few times each, and the cycle has little to mark:
// the source and the tables hold no pointers (docs/PERFORMANCE.md).
const collectFrom = 1 << 18

// newNameTable returns a table made at once for n names: one whose names
// are all known (doc_keyindex.go), which then never grows.
func newNameTable(n int) *nameTable {
	t := new(nameTable)
	size := nameTableMin
	for 4*n > 3*size {
		size *= 2
	}
	t.make(size)
	return t
}

// find returns the index of the member named key among the object's
// members so far, which the table holds and keyOf names, or adds key as
// member index and returns -1.
func (t *nameTable) find(keyOf func(int) string, key string, index int) int {
	if 4*(t.n+1) > 3*len(t.slots) {
		t.grow(keyOf)
	}
	i, at, tag := t.probe(keyOf, key)
	if i < 0 {
		t.slots[at] = tag | uint32(index+1)
		t.n++
	}
	return i
}

// lookup returns the index of the member named key, -1 if there is none.
// It writes nothing: tables made once are read side by side
// (doc_keyindex.go).
func (t *nameTable) lookup(keyOf func(int) string, key string) int {
	if len(t.slots) == 0 {
		return -1
	}
	i, _, _ := t.probe(keyOf, key)
	return i
}

// probe looks for the member named key: its index, or -1 with the empty
// slot where the name goes and the tag it takes there.
func (t *nameTable) probe(keyOf func(int) string, key string) (index int, empty uint64, tag uint32) {
	h := maphash.String(nameSeed, key)
	mask := uint64(len(t.slots) - 1)
	tag = t.tag(h)
	for at := h & mask; ; at = (at + 1) & mask {
		s := t.slots[at]
		if s == 0 {
			return -1, at, tag
		}
		if s&^uint32(mask) == tag {
			if i := int(s&uint32(mask)) - 1; keyOf(i) == key {
				return i, 0, 0
			}
		}
	}
}

// tag is the bits of hash h that a slot keeps above the index.
func (t *nameTable) tag(h uint64) uint32 {
	return uint32(h>>32) &^ (1<<t.shift - 1)
}

// grow doubles the table. A slot keeps too few bits of the hash to be
// placed again by them, so the names are hashed again, in the order of the
// members (the table holds members 0 to n-1): their bytes are then read one
// after another, where the old slots' order would jump about the source,
// and the old table is let go before the new one is made. A name is hashed
// about twice in all.
func (t *nameTable) grow(keyOf func(int) string) {
	size := max(nameTableMin, 2*len(t.slots))
	outgrown := len(t.slots)
	t.slots = nil
	if outgrown >= collectFrom {
		debug.FreeOSMemory()
	}
	t.make(size)
	mask := uint64(size - 1)
	for i := range t.n {
		h := maphash.String(nameSeed, keyOf(i))
		at := h & mask
		for t.slots[at] != 0 {
			at = (at + 1) & mask
		}
		t.slots[at] = t.tag(h) | uint32(i+1)
	}
}

// make gives the table size empty slots, size a power of two.
func (t *nameTable) make(size int) {
	t.slots = make([]uint32, size)
	t.shift = uint(bits.TrailingZeros(uint(size)))
}
