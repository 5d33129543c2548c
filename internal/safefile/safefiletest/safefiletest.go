// Package safefiletest makes the special files that tests of oncard's file
// handling need: a character device that must never be replaced, and a
// named pipe that must never block a read. One place, so that every test
// gets the same care (as root, a broken oncard could replace the real
// /dev/null).
package safefiletest
