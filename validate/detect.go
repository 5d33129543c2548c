package validate

import "github.com/oncard/oncard/model"

// Detect tells which kind a parsed document is (model.DetectKind): a
// document that is none of the kinds is KindUnknown, never guessed to be a
// card.
func Detect(doc *model.Doc) Kind { return model.DetectKind(doc) }
