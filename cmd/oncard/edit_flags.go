package main

import (
	"errors"

	"github.com/oncard/oncard/internal/app/editrun"
	"github.com/oncard/oncard/internal/edit"
	"github.com/oncard/oncard/model"
)

// editOps collects --set and --delete in the order they were given on the
// command line: the edits apply in that order, so `--delete /a --set
// /a=...` and `--set /a=... --delete /a` mean different things. Each flag
// gets its own pflag.Value appending to the one list.
type editOps struct{ ops []edit.Op }

// setFlag is --set POINTER=JSON.
type setFlag struct{ list *editOps }

func (f setFlag) String() string { return "" }
func (f setFlag) Type() string   { return "POINTER=JSON" }
func (f setFlag) Set(arg string) error {
	ptr, value, err := editrun.ParseSet(arg)
	if err != nil {
		return safeError(err)
	}
	f.list.ops = append(f.list.ops, edit.Op{Kind: edit.OpSet, Ptr: ptr, Value: value})
	return nil
}

// deleteFlag is --delete POINTER.
type deleteFlag struct{ list *editOps }

func (f deleteFlag) String() string { return "" }
func (f deleteFlag) Type() string   { return "POINTER" }
func (f deleteFlag) Set(arg string) error {
	if err := editrun.CheckPointer(arg); err != nil {
		return safeError(err)
	}
	f.list.ops = append(f.list.ops, edit.Op{Kind: edit.OpDelete, Ptr: arg})
	return nil
}

// safeError makes an error that quotes the user's input safe to print on a
// terminal.
func safeError(err error) error { return errors.New(model.SafeText(err.Error())) }
