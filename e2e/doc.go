// Package e2e drives the real oncard binary in tmux, as a person would use
// it. The tests are behind the e2e build tag (they build the binary and
// need tmux):
//
//	go test -tags e2e ./e2e
//
// Set ONCARD_SCREENS=DIR to also write the captured screens (plain text and
// ANSI) for the README, and ONCARD_E2E_RACE=1 to build the binary with the
// race detector. A command that does not end in time is sent SIGQUIT: the
// failure shows the terminal with every goroutine's stack.
package e2e
