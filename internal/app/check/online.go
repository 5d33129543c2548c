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

// run merges the server's verdict into r; it needs r.doc.
func (o *onlineCheck) run(ctx context.Context, r *fileResult) {
	if o == nil || r.doc == nil {
		return
	}
	if o.down.Load() {
		r.onlineErr = errOnlineSkipped
		return
	}
	r.Diags, r.onlineErr = validate.Online(ctx, r.doc, r.Kind, r.Diags, o.opts)
	r.Ends = valueEnds(r.doc, r.Diags)
	if r.onlineErr != nil {
		o.down.Store(true)
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
