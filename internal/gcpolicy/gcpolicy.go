// Package gcpolicy sets the garbage collector for one run of oncard, from
// the command and the size of the documents it will hold. The binary
// applies it at start-up (ForArgs; a validate run once it has read the
// sizes of its files, ForFiles) and the benchmarks apply the same
// settings, so that what they measure is what a user gets.
//
// Two settings matter:
//   - GOGC 400 instead of 100: a run allocates a lot of short-lived
//     garbage (parse trees of files already reported, re-encoded previews)
//     while what it keeps is small, so collecting less often saves CPU.
//   - a soft memory limit that grows with the documents held: 64 MiB plus
//     6 bytes per byte of document (the parse tree takes about 5), and
//     never under 80 MiB (40 MiB plus 6 for edit, which holds one tree).
//     Measured on a 14 MiB card, `oncard edit --set` then peaks at about
//     9.5 times the document (16 with 12 bytes and two trees held), for no
//     measurable CPU (docs/PERFORMANCE.md). A fixed 80 MiB
//     made the collector run back to back once the live heap of a large
//     document (a 5 MB card in the editor, a 10,000-entry catalog) neared
//     it; the limit is soft, so a run that needs more still gets it, and
//     the collector works harder only near it.
//   - validate keeps less room for its largest document: 8 MiB plus 2.5
//     bytes per byte (its bytes and its parse tree are about 2.2 of them
//     for a card; 2.75 left a card of 90,000 short skills at 4 times), so
//     that a run peaks under 4 times a large document of any shape; walks
//     over a packed array of numbers or strings make a node per item that
//     is garbage at once, which GOGC 400 alone would let grow to 6.5 times
//     (docs/PERFORMANCE.md). The other documents in
//     flight keep 6 bytes per byte, and the limit is never under 24 MiB.
//
// GOGC and GOMEMLIMIT set in the environment win over both.
package gcpolicy

import (
	"math"
	"os"
	"runtime/debug"
)

const (
	// GCPercent is GOGC for every command.
	GCPercent = 400
	// MinMemoryLimit is the soft memory limit of a run with small inputs.
	MinMemoryLimit = 80 << 20
	// baseLimit and perByte size the limit for the documents held.
	baseLimit = 64 << 20
	perByte   = 6
	// editBaseLimit is baseLimit for edit, which holds one tree of its file
	// (plus the file's bytes): about 5 bytes per byte live at its peak, so
	// 40 MiB + 6 per byte keeps a 14 MiB card under 10 times its size
	// (64 MiB put it at 10.5) with as many collections, and a card of
	// 90,000 short skills, whose packed tree leaves more room to garbage,
	// at 9.6 (10.2 with 48 MiB).
	editBaseLimit = 40 << 20
	// BytesInFlight bounds the bytes of documents a multi-file command
	// (validate) reads, parses and checks at once, whatever the number of
	// CPUs: the memory a run needs does not grow with the files given.
	BytesInFlight = 32 << 20
	// validateBase and validateQuarters size validate's limit for its
	// largest document: 8 MiB + 10/4 bytes per byte; validateMin is the
	// least limit of a validate run.
	validateBase     = 8 << 20
	validateQuarters = 10
	validateMin      = 24 << 20
)

// Settings are the collector settings of a run.
type Settings struct {
	GCPercent   int
	MemoryLimit int64 // bytes
}

// For returns the settings of a run that holds about held bytes of
// documents at once.
func For(held int64) Settings { return forBase(held, baseLimit) }

func forBase(held, base int64) Settings {
	limit := int64(MinMemoryLimit)
	if held > 0 {
		room := base + perByte*min(held, (math.MaxInt64-base)/perByte)
		limit = max(limit, room)
	}
	return Settings{GCPercent: GCPercent, MemoryLimit: limit}
}

// ForArgs returns the settings for a command line (os.Args[1:]): the
// arguments that name regular files are the documents. Most commands hold
// one document at a time (the largest counts); edit holds one with less
// room besides it (editBaseLimit). Validate's settings follow the files
// it is given (ForFiles), which its run applies once it has read their
// sizes for its in-flight budget: ForArgs does not read them a second
// time, and gives validate ForValidate(0, 0) until then.
func ForArgs(args []string) Settings {
	validate, edit := false, false
	for _, a := range args {
		switch a {
		case "validate":
			validate = true
		case "edit":
			edit = true
		}
	}
	if validate {
		return ForValidate(0, 0)
	}
	var largest int64
	for _, a := range args {
		if fi, err := os.Stat(a); err == nil && fi.Mode().IsRegular() {
			largest = max(largest, fi.Size())
		}
	}
	if edit {
		return forBase(largest, editBaseLimit)
	}
	return For(largest)
}

// ForFiles returns the settings of a validate run over regular files of
// these sizes: it holds up to BytesInFlight of them, or the largest alone
// when it is larger.
func ForFiles(sizes []int64) Settings {
	var largest, total int64
	for _, s := range sizes {
		largest = max(largest, s)
		total += s
	}
	return ForValidate(largest, max(largest, min(total, BytesInFlight)))
}

// ForValidate returns the settings of a validate run whose largest
// document is largest bytes, held bytes of documents in flight in all.
func ForValidate(largest, held int64) Settings {
	const most = math.MaxInt64 / 32 // no overflow below
	largest, held = min(largest, most), min(max(held, largest), most)
	limit := validateBase + largest*validateQuarters/4 + perByte*(held-largest)
	return Settings{GCPercent: GCPercent, MemoryLimit: max(limit, validateMin)}
}

// Apply sets s, except what GOGC and GOMEMLIMIT in the environment set, and
// returns a function that restores the settings it replaced (for
// benchmarks and tests).
func Apply(s Settings) (restore func()) {
	oldPercent, oldLimit := -2, int64(-1)
	if os.Getenv("GOGC") == "" {
		oldPercent = debug.SetGCPercent(s.GCPercent)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		oldLimit = debug.SetMemoryLimit(s.MemoryLimit)
	}
	return func() {
		if oldPercent != -2 {
			debug.SetGCPercent(oldPercent)
		}
		if oldLimit >= 0 {
			debug.SetMemoryLimit(oldLimit)
		}
	}
}
