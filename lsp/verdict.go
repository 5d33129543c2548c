package lsp

import (
	"bytes"
	"context"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/internal/app/input"
	"github.com/oncard/oncard/internal/oasfclient"
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
	// Live is the memory of the document's previous check
	// (validate.Incremental): after a change inside one skill or one On
	// Request entry, only that member's rules and the card-wide ones run
	// again. The findings are those of a whole check.
	Live *validate.Incremental
}

// checkDocument is the one function through which the server turns a
// document into findings: the project's one pipeline, app.Judge, as
// `oncard validate FILE` runs it (the kind by content and name, every rule,
// signatures without keys, the online check when asked, the governing
// .oncard.json and fail-on), under the kind's size cap. Every diagnostic
// the server publishes comes from here.
func checkDocument(ctx context.Context, data []byte, req checkRequest) fileVerdict {
	if limit := sizecap.For("", data, 0); len(data) > limit {
		v := fileVerdict{Kind: req.Known, FailOn: verdict.DefaultFailOn}
		if k, ok := model.KindFromName(req.Path); ok {
			v.Kind = k
		}
		v.Diags = []validate.Diagnostic{(&input.TooLargeError{Size: int64(len(data)), Limit: limit}).Diagnostic()}
		return v
	}
	judge := app.Judge{
		Options: validate.Options{SchemaHosts: req.Settings.SchemaHosts, Incremental: req.Live},
		FailOn:  req.Settings.FailOn,
	}
	name := req.Path
	if name == "" {
		name = "-" // a buffer that is no file: no path, no .oncard.json
	} else {
		judge.Configs = req.Configs
	}
	if req.Online {
		// The server's URL was checked when the settings were read.
		server, err := oasfclient.New(req.Settings.OASFServer, oasfclient.Options{})
		judge.Online = func(ctx context.Context, doc *model.Doc, kind validate.Kind, diags []validate.Diagnostic) ([]validate.Diagnostic, error) {
			if err != nil {
				return diags, err
			}
			return validate.Online(ctx, doc, kind, diags, validate.OnlineOptions{Server: server, SchemaHosts: req.Settings.SchemaHosts})
		}
	}
	// The text is never modified once made (text.apply makes a new one):
	// it is parsed in place.
	jv := judge.Check(ctx, app.Subject{Data: data, Name: name, Owned: true})
	v := fileVerdict{Doc: jv.Doc, Kind: jv.Kind, Diags: jv.Diags, FailOn: jv.FailOn,
		ConfigErr: jv.ConfigErr, OnlineErr: jv.OnlineErr}
	if jv.Doc == nil {
		// Not JSON (yet): the parse finding belongs to documents that
		// are, or were, or look like one of oncard's.
		v.Kind = req.Known
		if v.Kind == "" || v.Kind == validate.KindUnknown {
			v.Kind, _ = model.KindFromName(req.Path)
		}
		if v.Kind == "" && looksLikeOurs(data) {
			v.Kind = validate.KindCard
		}
	}
	return v
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
