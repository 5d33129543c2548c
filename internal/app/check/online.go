package check

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync/atomic"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/validate"
)

// onlineCheck runs `validate --online`: it asks the schema server about
// each file's discovery payloads, until the first failure. After that the
// server is not asked again: the same failure would repeat for every file.
// A nil *onlineCheck does nothing (the run is offline).
type onlineCheck struct {
	opts validate.OnlineOptions
	down atomic.Bool
}

// errOnlineSkipped marks a file whose online check was not attempted
// because an earlier one failed.
var errOnlineSkipped = errors.New("online check skipped after an earlier failure")

// judge is the online step of the run's app.Judge (nil when offline): it
// merges the server's verdict into the findings.
func (o *onlineCheck) judge() func(context.Context, *model.Doc, validate.Kind, []validate.Diagnostic) ([]validate.Diagnostic, error) {
	if o == nil {
		return nil
	}
	return func(ctx context.Context, doc *model.Doc, kind validate.Kind, diags []validate.Diagnostic) ([]validate.Diagnostic, error) {
		if o.down.Load() {
			return diags, errOnlineSkipped
		}
		out, err := validate.Online(ctx, doc, kind, diags, o.opts)
		if err != nil {
			o.down.Store(true)
		}
		return out, err
	}
}

// onlineFailureLog reports the first failed online check in full and only
// counts the others (skipped, or failed the same way in a worker that was
// already under way).
type onlineFailureLog struct {
	reported bool
	more     int
}

func (l *onlineFailureLog) add(w io.Writer, r fileResult) {
	if l.reported || errors.Is(r.onlineErr, errOnlineSkipped) {
		l.more++
		return
	}
	l.reported = true
	fmt.Fprintf(w, "oncard: %s: online check failed: %s\n", model.SafeText(r.Name()), model.SafeText(r.onlineErr.Error()))
}

func (l *onlineFailureLog) finish(w io.Writer) {
	if l.more > 0 {
		fmt.Fprintf(w, "oncard: online check not done for %s after that failure\n", app.Count(l.more, "more file", "more files"))
	}
}
