// Package e2e drives the real oncard binary in tmux, as a person would use
// it. The tests are behind the e2e build tag (they build the binary and
// need tmux):
//
//	go test -tags e2e ./e2e
//
// Set ONCARD_SCREENS=DIR to also write the captured screens (plain text and
// ANSI) for the README.
package e2e
