package validate

// printableASCIIPrefix returns the length of the longest prefix of s made
// of printable ASCII (0x20 to 0x7e): the common case of every text a card
// holds, which the text scans pass over eight bytes at a time (the SWAR
// tests of "Bit Twiddling Hacks") before they look at a character.
func printableASCIIPrefix(s string) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	i := 0
	for ; i+8 <= len(s); i += 8 {
		w := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
			uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
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
