package model

import "unsafe"

// Arena is memory that parses carve their trees from (nodes, members and
// the slices of their children) and that Reset takes back whole, for the
// next document. A run that checks many documents one after another, each
// dropped once checked (oncard validate of many files), then makes no
// garbage for its trees: on 5,000 cards of 89 KB they were two thirds of
// what the run allocated, and the collector ran about 120 times for them
// (docs/PERFORMANCE.md).
//
// The zero value is ready to use. An Arena is not safe for concurrent use:
// one goroutine parses with it at a time.
type Arena struct {
	pool itemPool
	// rest is what the last parse left unused of the last chunk of each
	// kind: Reset clears only what was used.
	rest [3]int
	// long is the note of long strings (Doc.LongStrings) of the last
	// parse, whose memory the next one reuses: grown anew by doubling for
	// each document, the note took as much time as the walk it spares
	// (up to arenaLongKeep strings are kept).
	long [][2]int32
}

// arenaLongKeep bounds the long strings whose note an Arena keeps.
const arenaLongKeep = 1 << 16

// arenaChunk is the size of an Arena's chunks of nodes and of child
// slices (members: two thirds of it): the parser's largest chunk, so that
// any chunk fits any request but a long array's children.
const arenaChunk = maxChunk

// arenaKeep bounds the bytes of chunks an Arena keeps across Reset: a
// large document's tree is given back to the collector rather than kept
// for documents that may never need it.
const arenaKeep = 8 << 20

// ParseOwned is ParseOwned with the tree carved from a. The Doc, and every
// node, member and slice of nodes read from it, must not be used after
// the next a.Reset. Strings read from it stay valid: they share data, not
// the arena.
func (a *Arena) ParseOwned(data []byte, lim Limits) (*Doc, error) {
	return parseIn(data, lim, true, nil, a)
}

// Reset takes back the memory of every tree parsed from a since the last
// Reset, zeroed for the next parse.
func (a *Arena) Reset() {
	a.pool.nodes.release(a.rest[0])
	a.pool.members.release(a.rest[1])
	a.pool.ptrs.release(a.rest[2])
	a.rest = [3]int{}
	keep := arenaKeep
	keep = a.pool.nodes.trim(keep)
	keep = a.pool.members.trim(keep)
	a.pool.ptrs.trim(keep)
}

// parsed records what the parser p left unused of its chunks, once it is
// done. A parse that failed inside a deep container holds that
// container's chunks, not the arena's: Reset then clears the arena's last
// chunks whole.
func (a *Arena) parsed(p *parser) {
	if cap(p.longStrings) <= arenaLongKeep {
		a.long = p.longStrings[:0]
	}
	a.rest = [3]int{}
	if p.pool == nil {
		a.rest = [3]int{len(p.nodeChunk), len(p.memberChunk), len(p.ptrChunk)}
	}
}

// trim drops the chunks past the first ones that fit in budget bytes, and
// returns what is left of the budget.
func (r *reuse[T]) trim(budget int) int {
	var zero T
	size := int(unsafe.Sizeof(zero))
	for i, c := range r.chunks {
		if budget -= len(c) * size; budget < 0 {
			clear(r.chunks[i:]) // let the collector have them
			r.chunks = r.chunks[:i]
			return 0
		}
	}
	return budget
}
