package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/charmbracelet/fang"
	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/internal/safefile"
	"github.com/oncard/oncard/internal/termout"
	"github.com/oncard/oncard/model"
	"github.com/spf13/cobra"
)

// subcommands are registered by each command's file (init), so that the
// commands stay independent of each other.
var subcommands []func() *cobra.Command

func register(f func() *cobra.Command) { subcommands = append(subcommands, f) }

func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:           "oncard",
		Short:         "Write, edit and validate A2A Agent Cards and AI Catalog entries",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	// A bad flag value or an unknown flag is a usage mistake (exit 2) on
	// every command; subcommands inherit this hook from the root.
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return usageError{msg: err.Error(), cmd: c.CommandPath()}
	})
	addOASFFlags(root)
	for _, f := range subcommands {
		root.AddCommand(f())
	}
	pointUsageErrorsAtHelp(root)
	registerCompletions(root)
	return root
}

// pointUsageErrorsAtHelp wraps the RunE of every command under root so that
// the application layer's verdicts become exit codes (fromApp) and a usage
// error that names no command (usagef, app.UsageError) names the one that
// ran: the message then says "Run 'oncard new --help'", not "Run 'oncard
// --help'".
func pointUsageErrorsAtHelp(root *cobra.Command) {
	for _, c := range root.Commands() {
		if run := c.RunE; run != nil {
			c.RunE = func(c *cobra.Command, args []string) error {
				return helpOn(c, fromApp(run(c, args)))
			}
		}
		pointUsageErrorsAtHelp(c)
	}
}

// fromApp turns the application layer's verdicts into the command
// line's: a usage mistake it found (app.UsageError, a bad --schema-host)
// exits 2, a failure it already reported (app.ErrReported) exits 1 quietly.
func fromApp(err error) error {
	var u app.UsageError
	var host *app.BadHostError
	switch {
	case errors.As(err, &u):
		return usagef("%s", u.Msg)
	case errors.As(err, &host):
		return usagef("%s", host.Error())
	case errors.Is(err, app.ErrReported):
		return exitError{exitInvalid}
	}
	return err
}

// usageArgs wraps a cobra positional-argument validator so that its
// complaint ("requires at least 1 arg(s)") becomes a usage error (exit 2)
// that shows the usage line, which names the arguments cobra only counts.
func usageArgs(check cobra.PositionalArgs) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		if err := check(c, args); err != nil {
			msg := err.Error()
			if !c.HasSubCommands() { // a group's usage line names no arguments
				msg = fmt.Sprintf("%s; usage: %s", msg, c.UseLine())
			}
			return usageError{msg: msg, cmd: c.CommandPath()}
		}
		return nil
	}
}

// run executes the command line and returns the process exit code.
//
// fang renders help, --version and errors in Charm's style. It fits our exit
// codes: fang.Execute returns the command's error instead of calling
// os.Exit, so codeOf still decides the code, and its error output goes
// through our handler (printError), plain when stderr is not a terminal.
// Errors the command already reported (exitError) and interrupts never
// reach fang (keepReportedFromFang), which would ask the terminal for its
// colours before printing nothing. We do
// the signal handling ourselves rather than with fang.WithNotifySignal, to
// tell an interrupt (exit 130) from an ordinary error.
func run(ctx context.Context, args []string) int {
	return runWith(ctx, args, os.Stdin, os.Stdout, os.Stderr)
}

// runWith is run with the standard streams given, so tests can run a
// command in-process and read what it printed.
func runWith(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if args == nil {
		args = []string{} // nil would make cobra read os.Args
	}
	ctx, stop := signalContext(ctx)
	defer stop()
	// A write waiting for another process's lock says whose, after a
	// second, rather than seeming to hang.
	ctx = safefile.WithLockNotice(ctx, func(msg string) {
		fmt.Fprintln(stderr, "oncard: "+model.SafeText(msg))
	})

	root := newRootCmd()
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	var reported error
	keepReportedFromFang(root, &reported)
	err := fang.Execute(ctx, root,
		fang.WithVersion(thisBuild().String()),
		fang.WithErrorHandler(printError),
	)
	if err == nil {
		err = reported
	}
	if err != nil && ctx.Err() != nil {
		// Commands stop at the first cancelled step and return
		// context.Canceled, which fang never saw.
		fmt.Fprintln(root.ErrOrStderr(), "oncard: interrupted")
		return interruptCode(ctx)
	}
	return codeOf(err)
}

// keepReportedFromFang wraps the RunE of every command under root so that
// an error that needs no message (alreadyReported: the command has said
// what went wrong, or it was interrupted) is kept in *reported rather than
// returned to fang. Before fang calls our handler with an error, it asks
// the terminal for its background colour: a query written to stdout and
// a reply read from stdin, waiting up to two seconds for each of stdin and
// stdout. For these errors the handler prints nothing, so the query is
// only a wait on the terminal, after Ctrl-C too, when nothing more should
// read it.
func keepReportedFromFang(root *cobra.Command, reported *error) {
	for _, c := range root.Commands() {
		if run := c.RunE; run != nil {
			c.RunE = func(c *cobra.Command, args []string) error {
				err := run(c, args)
				if alreadyReported(err) {
					*reported = err
					return nil
				}
				return err
			}
		}
		keepReportedFromFang(c, reported)
	}
}

// alreadyReported reports whether err needs no message on stderr: the
// command reported it and carries only its exit code (exitError), or it is
// an interrupt, which runWith reports.
func alreadyReported(err error) bool {
	return errors.As(err, new(exitError)) || errors.Is(err, context.Canceled)
}

// screenContext is the command's context for a full-screen editor: the
// screen owns the terminal, so no line is printed over it.
func screenContext(cmd *cobra.Command) context.Context {
	ctx := cmd.Context()
	if ctx == nil {
		return nil // as given (a test calling the command directly)
	}
	return safefile.WithLockNotice(ctx, nil)
}

// signalled is the cause of a context cancelled by a signal.
type signalled struct{ sig os.Signal }

func (s signalled) Error() string { return "received " + s.sig.String() }

// exitCode is the shell's code for a process ended by the signal: 128 plus
// its number (130 for SIGINT, 143 for SIGTERM).
func (s signalled) exitCode() int {
	if n, ok := s.sig.(syscall.Signal); ok {
		return 128 + int(n)
	}
	return exitInterrupt
}

// interruptCode is the exit code of a run whose context ended: the
// signal's, or 130 when it was cancelled otherwise.
func interruptCode(ctx context.Context) int {
	var s signalled
	if errors.As(context.Cause(ctx), &s) {
		return s.exitCode()
	}
	return exitInterrupt
}

// signalGrace is how long a command may take to wind up after a signal:
// one Ctrl-C or SIGTERM ends every command within a second. Reads, lock
// waits and prompts stop at once on the cancelled context; this bounds
// anything else (a write cut short leaves only its temporary file).
const signalGrace = time.Second

// signalContext is ctx cancelled on SIGINT or SIGTERM, with the signal as
// its cause. Every command stops at its next cancellable step (reads,
// waits for a lock, prompts) and exits 130 or 143. Should one not stop
// within signalGrace, or should a second signal come, the process ends
// there and then, whatever it is doing (a write in progress leaves only a
// temporary file, which the next write of that file removes).
func signalContext(parent context.Context) (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(parent)
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case sig := <-sigs:
			cancel(signalled{sig})
		case <-done:
			return
		}
		grace := time.NewTimer(signalGrace)
		defer grace.Stop()
		select {
		case sig := <-sigs:
			os.Exit(signalled{sig}.exitCode())
		case <-grace.C:
			fmt.Fprintln(os.Stderr, "oncard: interrupted")
			os.Exit(interruptCode(ctx))
		case <-done:
		}
	}()
	return ctx, func() {
		signal.Stop(sigs)
		close(done)
		cancel(nil)
	}
}

// printError reports a command's error on stderr. w is fang's color-aware
// writer: it drops colors for NO_COLOR, TERM=dumb and non-terminals.
func printError(w io.Writer, styles fang.Styles, err error) {
	if alreadyReported(err) {
		return
	}
	var u usageError
	isUsage := errors.As(err, &u) || isCobraUsageError(err)
	helpOn := "oncard"
	if u.cmd != "" {
		helpOn = u.cmd
	}
	if !termout.IsTerminal(w) {
		fmt.Fprintln(w, "oncard: "+err.Error())
		if isUsage {
			fmt.Fprintf(w, "Run '%s --help' for usage.\n", helpOn)
		}
		return
	}
	fmt.Fprintln(w, styles.ErrorHeader.String())
	fmt.Fprintln(w, styles.ErrorText.Render(err.Error()))
	fmt.Fprintln(w)
	if isUsage {
		fmt.Fprintln(w, styles.ErrorText.Render(fmt.Sprintf("Run '%s --help' for usage.", helpOn)))
		fmt.Fprintln(w)
	}
}
