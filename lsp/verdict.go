package lsp

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"

	"github.com/oncard/oncard/internal/app/input"
	"github.com/oncard/oncard/internal/sizecap"
	"github.com/oncard/oncard/internal/verdict"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/validate"
)

// fileVerdict is what the server shows about one version of a document:
// the findings `oncard validate` would report for the same bytes under the
// same name, with the .oncard.json that governs the file applied.
type fileVerdict struct {
	// Doc is the parsed document (nil when it did not parse); hover and
	// completion read it.
	Doc *model.Doc
	// Kind is what the document was checked as; KindUnknown (or "" for
	// bytes that did not parse and name no kind) means it is none of
	// oncard's documents, and the server publishes nothing for it.
	Kind  validate.Kind
	Diags []validate.Diagnostic
	// FailOn is the least severity that fails the file (the fail-on
	// setting, else the config's failOn, else error).
	FailOn verdict.FailOn
	// ConfigErr is why the .oncard.json governing the file could not be
	// read; its ignore rules and failOn are then not applied.
	ConfigErr error
	// OnlineErr is why the online check asked for could not be made.
	OnlineErr error
}

// checkRequest is what checkDocument is given besides the bytes.
type checkRequest struct {
	// Path is the file's path on disk ("" for a buffer that is no file):
	// it finds the .oncard.json and resolves a catalog's relative urls.
	Path     string
	Settings resolvedSettings
	Configs  *verdict.Finder
	// Online asks the OASF schema server too (the online setting, on
	// open and save only: never on a keystroke).
	Online bool
	// Known is the kind the previous version of the document was checked
	// as: bytes that do not parse still get their parse finding while a
	// card is being typed.
	Known validate.Kind
}

// checkDocument is the one function through which the server turns a
// document into findings. It does what `oncard validate FILE` does for a
// file (internal/app/check: validate.Check under the kind's size cap, the
// online check when asked, the governing .oncard.json), so that the editor
// and the command line agree by construction; every diagnostic the server
// publishes comes from here.
func checkDocument(ctx context.Context, data []byte, req checkRequest) fileVerdict {
	v := fileVerdict{FailOn: verdict.DefaultFailOn}
	if limit := sizecap.For("", data, 0); len(data) > limit {
		v.Kind = kindByName(req.Path)
		if v.Kind == "" {
			v.Kind = req.Known
		}
		v.Diags = []validate.Diagnostic{(&input.TooLargeError{Size: int64(len(data)), Limit: limit}).Diagnostic()}
		return v
	}
	opts := validate.Options{SchemaHosts: req.Settings.SchemaHosts, Path: req.Path, DataOwned: true}
	opts.MaxBytes = len(data) // within its cap (above): parse it all
	res := validate.Check(data, "", &opts)
	if res.Kind == validate.KindUnknown {
		// Content decides, as in `oncard validate`; a file named as one of
		// the well-known documents that shows none of its members yet
		// (a new, nearly empty agent-card.json) is checked as what its
		// name says, so that what is missing is listed.
		if k := kindByName(req.Path); k != "" {
			res = validate.Check(data, k, &opts)
		}
	}
	v.Doc, v.Kind, v.Diags = res.Doc, res.Kind, res.Diags
	if res.Doc == nil {
		// Not JSON (yet): the parse finding belongs to documents that
		// are, or were, or look like one of oncard's.
		v.Kind = req.Known
		if v.Kind == "" || v.Kind == validate.KindUnknown {
			v.Kind = kindByName(req.Path)
		}
		if v.Kind == "" && looksLikeOurs(data) {
			v.Kind = validate.KindCard
		}
	}
	if req.Online && v.Doc != nil && v.Kind != validate.KindUnknown {
		v.Diags, v.OnlineErr = validate.Online(ctx, v.Doc, v.Kind, v.Diags,
			validate.OnlineOptions{Server: req.Settings.OASFServer, SchemaHosts: req.Settings.SchemaHosts})
	}
	applyConfig(&v, req)
	return v
}

// applyConfig applies the .oncard.json governing the file, as `oncard
// validate` does (internal/app/check/verdict.go): ignored findings are
// dropped, and the fail-on in force is the setting's, else the config's.
func applyConfig(v *fileVerdict, req checkRequest) {
	var cfg *verdict.Config
	if req.Path != "" && req.Configs != nil {
		cfg, v.ConfigErr = req.Configs.For(req.Path)
	}
	switch {
	case req.Settings.FailOn != "":
		v.FailOn, _ = verdict.ParseFailOn(req.Settings.FailOn) // checked when the settings were read
	case cfg != nil && cfg.FailOn != "":
		v.FailOn, _ = verdict.ParseFailOn(cfg.FailOn) // checked when the config was read
	}
	if cfg != nil {
		v.Diags, _ = cfg.Filter(req.Path, v.Diags)
	}
}

// kindByName is the kind a file's name announces: the well-known names
// of RFC 8615 documents and their usual variants. "" for any other name.
func kindByName(path string) validate.Kind {
	base := strings.ToLower(filepath.Base(path))
	switch {
	case path == "":
		return ""
	case base == "agent-card.json" || base == "agent.json" || strings.HasSuffix(base, ".agent-card.json"):
		return validate.KindCard
	case base == "ai-catalog.json" || strings.HasSuffix(base, ".ai-catalog.json"):
		return validate.KindCatalog
	}
	return ""
}

// ourMarkers are member names only oncard's documents use; a document that
// does not parse but quotes one of them is taken to be one of them.
var ourMarkers = []string{`"supportedInterfaces"`, `"securitySchemes"`, `"defaultInputModes"`,
	`"personEntry"`, `"skillId"`, `"specVersion"`, `"schema_version"`, `"preferredTransport"`}

func looksLikeOurs(data []byte) bool {
	head := data[:min(len(data), 64<<10)]
	for _, m := range ourMarkers {
		if bytes.Contains(head, []byte(m)) {
			return true
		}
	}
	return false
}
