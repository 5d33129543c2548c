package editor

import tea "charm.land/bubbletea/v2"

// File work (saving, reading a file again, removing a draft) never runs in
// an editor's Update: Work runs it in a command, off the event loop, and
// its outcome comes back as a Done message whose Finish applies it to the
// editor's model R in Update. The work must not touch the model: it gets
// what it needs (the bytes to write, a path) before it starts, and
// returns a closure that may.

// Done is the outcome of file work started by Work.
type Done[R any] struct{ Finish func(R) tea.Cmd }

// Work runs work in a command; the closure it returns runs in Update.
func Work[R any](work func() func(R) tea.Cmd) tea.Cmd {
	return func() tea.Msg { return Done[R]{Finish: work()} }
}
