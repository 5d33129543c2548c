package editor

import (
	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/validate"
)

// Check is the one verdict every editor face gives a document: the full
// screens (State's refresh, on and off the event loop) and the
// line-by-line prompts (tui/accessible) all judge a card or a catalog
// here, and nowhere else, so that an answer is accepted or refused by the
// same findings whichever face it was typed into. It is the pipeline
// every face of oncard calls (app.Judge, through app.Judged): offline and
// without keys (a signature is checked for its form; whether it verifies
// is `oncard validate`'s to say with --jwks), under the .oncard.json of
// the file.
func Check(doc *model.Doc, kind validate.Kind, opts *validate.Options) []validate.Diagnostic {
	return app.Judged(doc, kind, opts)
}
