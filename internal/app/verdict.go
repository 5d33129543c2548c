package app

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/oncard/oncard/internal/cardsig"
	"github.com/oncard/oncard/internal/safefile"
	"github.com/oncard/oncard/internal/verdict"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/validate"
	"golang.org/x/net/publicsuffix"
)

// Subject is a document to judge: its bytes and the name they came by.
type Subject struct {
	Data []byte
	// Name is the file as named on the command line or in the editor ("-"
	// or "" for standard input); a name is evidence of the kind
	// (model.KindFromName) and chooses the .oncard.json that governs.
	Name string
	// URL is where the bytes were fetched from ("" for a local file).
	URL string
	// Kind is the kind asked for (--kind); "" detects it.
	Kind validate.Kind
	// Owned says the caller hands Data over and does not modify it while
	// it holds the Verdict's Doc: it is parsed in place. (A caller that
	// reuses Data afterwards copies the strings of the findings that share
	// it first: internal/app/check's workspaces.)
	Owned bool
}

// Judge is the one pipeline from a document's bytes and name to its
// verdict. Every face calls it and nothing else: `oncard validate`, the
// editors' live diagnostics (full screen and line by line), the save
// judgement of `oncard edit`, `catalog add`, `preview`, `sign` and the
// language server. What the rules need beyond the document (the --card,
// the accepted hosts, keys, the schema server) is handed in here, so that
// validate does no file or network work. The zero Judge checks offline
// with no keys, the .oncard.json of each file's folder and the default
// --fail-on.
type Judge struct {
	// Options are the validate options every subject shares (Card,
	// SchemaHosts, MaxBytes); Path and BaseURL come from the Subject.
	Options validate.Options
	// Signatures is the signature policy; "" is verify-if-present.
	Signatures validate.SignaturePolicy
	// Keys are the keys signatures are verified with (and how to fetch a
	// jku); without any, a well-formed signature is reported as not
	// checked and a malformed one as an error, in every face alike.
	Keys cardsig.Options
	// KeySets, when set, fetches the key set a signature's jku names, for
	// each card from its own origin (KeySetFetcher.JKUFor): Keys.Fetch of
	// that card.
	KeySets *KeySetFetcher
	// Online, when set, asks a schema server about the discovery payloads
	// (validate.Online with its options); its failure is Verdict.OnlineErr.
	Online func(ctx context.Context, doc *model.Doc, kind validate.Kind, diags []validate.Diagnostic) ([]validate.Diagnostic, error)
	// Configs finds the .oncard.json governing each file; nil finds none
	// (an editor's buffer that is not a file yet, a test).
	Configs *verdict.Finder
	// FailOn is --fail-on ("" for each file's configuration, else errors).
	FailOn string
}

// Verdict is one document's verdict.
type Verdict struct {
	validate.Result
	// Config is the .oncard.json that governed (nil for none); Ignored
	// are the findings it silenced, each with the reason its rule gives in
	// IgnoredWhy (same index): a policy's silence is said, never silent.
	Config     *verdict.Config
	Ignored    []validate.Diagnostic
	IgnoredWhy []string
	// FailOn is the threshold in force.
	FailOn verdict.FailOn
	// ConfigErr is why the governing .oncard.json could not be read;
	// OnlineErr why the online check could not be made. Either fails the
	// document.
	ConfigErr, OnlineErr error
}

// Fails tells whether the document fails: a finding at FailOn or above, or
// a check that could not be made.
func (v Verdict) Fails() bool {
	return v.ConfigErr != nil || v.OnlineErr != nil || v.FailOn.Failing(v.Diags) > 0
}

// Errors counts the findings at error level (those that refuse a card in
// catalog add, preview, sign and a save).
func (v Verdict) Errors() int {
	n, _, _ := validate.Counts(v.Diags)
	return n
}

// Check judges one document: parse, kind (asked, or detected from the
// content and the name), every rule, the signatures, the online check when
// configured, then the governing .oncard.json's ignores and fail-on.
func (j *Judge) Check(ctx context.Context, s Subject) Verdict {
	opts := j.Options
	switch {
	case s.URL != "":
		opts.Path, opts.BaseURL = "", s.URL
	case s.Name != "-":
		opts.Path = s.Name
	}
	if s.Owned {
		opts.MaxBytes = max(opts.MaxBytes, len(s.Data))
		opts.DataOwned = true
	}
	withFolder(ctx, &opts)
	limit := j.capLater(&opts)
	v := Verdict{Result: validate.Check(s.Data, s.Kind, &opts)}
	j.finish(ctx, &v, s.Name, s.URL, limit)
	return v
}

// CheckParsed judges a document already parsed as kind (an editor's card
// as it would be written, parsed from its encoding; a file opened for
// editing): every step of Check after the parse.
func (j *Judge) CheckParsed(ctx context.Context, doc *model.Doc, kind validate.Kind, name string) Verdict {
	opts := j.Options
	if name != "-" {
		opts.Path = name
	}
	withFolder(ctx, &opts)
	if kind == "" {
		kind = validate.DetectKind(doc, &opts).Kind
	}
	limit := j.capLater(&opts)
	v := Verdict{Result: validate.Result{Doc: doc, Kind: kind, Diags: validate.Document(doc, kind, &opts)}}
	j.finish(ctx, &v, name, "", limit)
	return v
}

// capLater takes the cap on findings per rule out of opts when the online
// check will compare the server's verdict with every offline finding, and
// returns it, for finish to apply after that check (0: none to apply).
func (j *Judge) capLater(opts *validate.Options) int {
	if j.Online == nil {
		return 0
	}
	limit := opts.MaxPerRule
	opts.MaxPerRule = 0
	return limit
}

// finish runs the steps after the rules: signatures, the online check, the
// governing configuration. limit is the cap on findings per rule to apply
// after the online check (validate.ListAtMost), 0 for none.
func (j *Judge) finish(ctx context.Context, v *Verdict, name, url string, limit int) {
	v.judgeSignatures(ctx, j, url)
	if j.Online != nil && v.Doc != nil {
		v.Diags, v.OnlineErr = j.Online(ctx, v.Doc, v.Kind, v.Diags)
	}
	v.Diags = validate.ListAtMost(v.Diags, limit)
	v.applyPolicy(j, name, url)
}

// judgeSignatures verifies a card's signatures under the policy with the
// keys given: a malformed signature is an error in every face, one no key
// could check an info saying so.
func (v *Verdict) judgeSignatures(ctx context.Context, j *Judge, url string) {
	policy := j.Signatures
	if policy == "" {
		policy = validate.SignaturesIfPresent
	}
	if v.Doc == nil || v.Kind != validate.KindCard {
		return
	}
	keys := j.Keys
	if j.KeySets != nil {
		keys.Fetch = j.KeySets.JKUFor(url)
	}
	v.Diags = validate.WithSignatures(ctx, v.Doc, v.Diags, policy, keys)
}

func (v *Verdict) applyPolicy(j *Judge, name, url string) {
	v.FailOn = verdict.DefaultFailOn
	var cfg *verdict.Config
	if j.Configs != nil && url == "" {
		var err error
		if cfg, err = j.Configs.For(name); err != nil {
			v.ConfigErr = err
			return
		}
	}
	switch {
	case j.FailOn != "":
		v.FailOn, _ = verdict.ParseFailOn(j.FailOn) // the flag accepts only valid names
	case cfg != nil && cfg.FailOn != "":
		v.FailOn, _ = verdict.ParseFailOn(cfg.FailOn) // checked when the config was read
	}
	if cfg == nil {
		return
	}
	v.Config = cfg
	kept := v.Diags[:0:0]
	for _, d := range v.Diags {
		if rule, ok := cfg.IgnoredBy(name, d.Code); ok {
			v.Ignored = append(v.Ignored, d)
			v.IgnoredWhy = append(v.IgnoredWhy, rule.Reason)
			continue
		}
		kept = append(kept, d)
	}
	if len(v.Ignored) > 0 {
		v.Diags = kept
	}
}

// FolderReader is validate.Options.Resolve for a catalog in dir: a linked
// document is read only from inside that folder tree (os.Root refuses a
// path or a symbolic link that leaves it), through the one safe reader
// (regular files only, never blocking, within the parser's size cap).
func FolderReader(ctx context.Context, dir string) func(ref string) ([]byte, error) {
	return func(ref string) ([]byte, error) {
		root, err := os.OpenRoot(dir)
		if err != nil {
			return nil, err
		}
		defer root.Close()
		name := filepath.FromSlash(ref)
		if _, err := root.Stat(name); err != nil {
			return nil, err
		}
		data, _, err := safefile.ReadRegular(ctx, filepath.Join(dir, name), int64(model.DefaultLimits.MaxBytes))
		if errors.As(err, new(*safefile.TooLargeError)) {
			return nil, fmt.Errorf("larger than %d bytes", model.DefaultLimits.MaxBytes)
		}
		return data, err
	}
}

// withFolder sets the resolver of a local file's links, and the Public
// Suffix List every check of a registrable domain reads.
func withFolder(ctx context.Context, opts *validate.Options) {
	if opts.RegistrableDomain == nil {
		opts.RegistrableDomain = publicsuffix.EffectiveTLDPlusOne
	}
	if opts.Resolve == nil && opts.Path != "" && opts.Path != "-" && opts.BaseURL == "" {
		opts.Resolve = FolderReader(ctx, filepath.Dir(opts.Path))
	}
}

// Judged is the verdict's findings on a document already parsed, judged
// offline and without keys, under the .oncard.json that governs its file
// (when it has one): what the editors show while a document is being
// written, and what the workflows that write a document (a catalog merged,
// a new card) check it with.
func Judged(doc *model.Doc, kind validate.Kind, opts *validate.Options) []validate.Diagnostic {
	var j Judge
	if opts != nil {
		j.Options = *opts
	}
	name := j.Options.Path
	if name == "" {
		name = "-"
	} else {
		j.Configs = verdict.NewFinder() // read afresh: the editor may run for hours
	}
	return j.CheckParsed(context.Background(), doc, kind, name).Diags
}
