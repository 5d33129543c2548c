package model

import "hash/maphash"

// The duplicate check of a large object (parseObject): a table of the names
// of its members so far, each found in one or two probes. Each slot holds a
// member's index in the object (plus one, so that 0 is an empty slot) and
// 32 bits of its name's hash, which tell most other names apart without
// reading them: an object of a million members is checked in a table of 8
// to 16 bytes a member, where a map of the names took three times that and
// most of the parse's time.

// nameSeed seeds the names' hashes (which slot a name takes changes nothing
// but the probes).
var nameSeed = maphash.MakeSeed()

// nameTable is the names of an object's members so far, found by hash.
type nameTable struct {
	slots []uint64 // hash<<32 | index+1; 0 empty
	n     int
}

// nameTableMin is the fewest slots a table starts with.
const nameTableMin = 64

// find returns the index of the member named key among members (those of
// the object so far, which the table holds), or adds key as member index
// and returns -1.
func (t *nameTable) find(members []Member, key string, index int) int {
	if 4*(t.n+1) > 3*len(t.slots) {
		t.grow()
	}
	tag := maphash.String(nameSeed, key) >> 32
	mask := uint64(len(t.slots) - 1)
	for at := tag & mask; ; at = (at + 1) & mask {
		s := t.slots[at]
		if s == 0 {
			t.slots[at] = tag<<32 | uint64(index+1)
			t.n++
			return -1
		}
		if s>>32 == tag {
			if i := int(uint32(s)) - 1; members[i].Key() == key {
				return i
			}
		}
	}
}

// grow doubles the table, placing each slot again by its hash.
func (t *nameTable) grow() {
	old := t.slots
	t.slots = make([]uint64, max(nameTableMin, 2*len(old)))
	mask := uint64(len(t.slots) - 1)
	for _, s := range old {
		if s == 0 {
			continue
		}
		at := (s >> 32) & mask
		for t.slots[at] != 0 {
			at = (at + 1) & mask
		}
		t.slots[at] = s
	}
}
