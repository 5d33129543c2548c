package model

// StressPacking packs every array of three flat items or more (items of up
// to 512 bytes, however dense: from three, so that a skill's two tags do
// not pack and keep the skill from counting as flat), and clears a lent
// item's nodes once its loop moves on (AllTransient), until restore is
// called: for the tests of other packages' walks, which must read packed
// documents as they read any other. Objects pack as usual.
func StressPacking() (restore func()) {
	oldMin, oldMax, oldDensity, oldPoison := packMin, flatMaxBytes, flatDensity, poisonLent
	packMin, flatMaxBytes, flatDensity, poisonLent = 3, flatMaxLargeBytes, 0, true
	return func() { packMin, flatMaxBytes, flatDensity, poisonLent = oldMin, oldMax, oldDensity, oldPoison }
}

// Packed reports whether n is a packed array or object.
func Packed(n *Node) bool { return n.view().packed() != nil }
