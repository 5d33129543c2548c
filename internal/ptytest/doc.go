// Package ptytest gives tests a pseudo-terminal (on Linux): the program
// under test gets the terminal (TTY), the test plays the person and the
// terminal emulator on the other side. The terminal answers the queries of
// the background colour and the device attributes as a terminal emulator
// does, so that a program asking them goes on at once.
package ptytest
