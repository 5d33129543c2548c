package validate

// The byte-level helpers the text scans share: byte classes read with one
// load, and printable ASCII passed over a word at a time.

// load64 is the eight bytes of s at i, little-endian: one load, the
// slice's bound check the only test (the byte scans read words with it).
func load64(s string, i int) uint64 {
	b := s[i : i+8]
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

// printableASCIIPrefix returns the length of the longest prefix of s made
// of printable ASCII (0x20 to 0x7e): the common case of every text a card
// holds, which the text scans pass over eight bytes at a time (the SWAR
// tests of "Bit Twiddling Hacks") before they look at a character.
func printableASCIIPrefix(s string) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	i := 0
	for ; i+8 <= len(s); i += 8 {
		w := load64(s, i)
		control := (w - ones*0x20) & ^w // a byte under 0x20
		del := w ^ (ones * 0x7f)
		zeroDel := (del - ones) & ^del // a byte of 0x7f
		if (control|zeroDel|w)&highs != 0 {
			break
		}
	}
	for i < len(s) && s[i] >= 0x20 && s[i] < 0x7f {
		i++
	}
	return i
}

// allOf reports whether every byte of s is in class.
func allOf(s string, class *[256]bool) bool {
	for i := 0; i < len(s); i++ {
		if !class[s[i]] {
			return false
		}
	}
	return true
}

const alnum = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"

// byteClass marks the bytes of a set, for the scans that test a byte's
// class with one load.
func byteClass(bytes string) (t [256]bool) {
	for i := 0; i < len(bytes); i++ {
		t[bytes[i]] = true
	}
	return
}

// zeroBytes has the high bit set in each byte of x that is zero, and no
// other bit: the exact form of the zero-byte test, so the highest bit set
// is the last zero byte.
func zeroBytes(x uint64) uint64 {
	const lows = 0x7f7f7f7f7f7f7f7f
	return ^((x&lows + lows) | x | lows)
}
