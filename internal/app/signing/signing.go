// Package signing is `oncard sign`: a JWS signature over an Agent Card's
// canonical JSON, added (or replacing the one with the same kid) only to a
// card without errors, verified over the bytes about to be written.
package signing

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/oncard/oncard/internal/keyfile"

	"github.com/oncard/oncard/internal/docfile"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/internal/cardsig"
	"github.com/oncard/oncard/internal/edit"
	"github.com/oncard/oncard/internal/verdict"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/validate"
)

// Options are the options of `oncard sign`.
type Options struct {
	Key        string // the private key file; "" for the configured signing_key
	Kid        string
	JKU        string
	Alg        string
	Output     string // another file ("-": stdout) instead of replacing the card
	PublicJWKS string // also write the public key set here
	Yes        bool
	DryRun     bool
	Force      bool // -o and --public-jwks may replace a file
	CanPrompt  bool // a terminal to confirm on
	// KeepDefaults signs the card with its default-valued members (no
	// question asked): the signature is over the §8.4.1 form, and the
	// readers that compute another payload are named in a warning.
	KeepDefaults bool
}

func usage(format string, a ...any) error { return app.UsageError{Msg: fmt.Sprintf(format, a...)} }

// Sign signs the card at path as o says: the signed card replaces it
// (after a yes on a terminal, or with Yes), goes to another file, or is
// printed (DryRun). Messages go to con.Err.
func Sign(ctx context.Context, con app.Console, path string, o Options) error {
	f := &o
	if f.Key == "" {
		// The config file's signing_key, with its signing_kid and
		// signing_jku unless --kid and --jku say otherwise.
		cfg, err := app.ConfiguredSigning()
		if err != nil {
			return err
		}
		if cfg.KeyPath != "" {
			f.Key = cfg.KeyPath
			f.Kid, f.JKU = cmp.Or(f.Kid, cfg.KeyID), cmp.Or(f.JKU, cfg.JKU)
		}
	}
	modes := 0
	for _, on := range []bool{f.Yes, f.Output != "", f.DryRun} {
		if on {
			modes++
		}
	}
	interactive := modes == 0 && f.CanPrompt
	switch {
	case path == "-":
		return usage("oncard sign needs the card's file (to print the signed card, add --dry-run)")
	case f.Key == "":
		return usage("--key is required: the private key to sign with (PEM or JWK), unless the config file names one (signing_key)")
	case modes > 1:
		return usage("--yes, -o and --dry-run are alternatives (replace the card, write elsewhere, print): use one")
	case modes == 0 && !interactive:
		return usage("no terminal to confirm on: pass --yes to replace %s, -o PATH to write elsewhere, or --dry-run to print the signed card", model.SafeText(path))
	case f.Alg != "" && !slices.Contains(cardsig.Algorithms, f.Alg):
		return usage("--alg %s: oncard signs with %s", model.SafeText(f.Alg), strings.Join(cardsig.Algorithms, ", "))
	case f.PublicJWKS == "-" && (f.DryRun || f.Output == "-"):
		return usage("--public-jwks - and the signed card would both go to stdout; give --public-jwks a file")
	}
	if f.JKU != "" {
		if err := cardsig.CheckJKU(f.JKU); err != nil {
			return usage("--jku: %s", model.SafeText(err.Error()))
		}
	}
	stderr := con.Err
	name := model.SafeText(path)

	file, err := docfile.OpenFile(path)
	if err != nil {
		return errors.New(model.SafeText(err.Error()))
	}
	doc := file.Doc
	if kind := validate.Detect(doc); kind != validate.KindCard {
		return fmt.Errorf("%s looks like %s, not an Agent Card; nothing signed", name, app.KindArticle(kind))
	}
	judge := app.Judge{Configs: verdict.NewFinder()}
	if err := refuseErrors(stderr, path, judge.CheckParsed(ctx, doc, validate.KindCard, path).Diags); err != nil {
		return err
	}
	key, err := keyfile.SigningKey(f.Key)
	if err != nil {
		return fmt.Errorf("--key %s; nothing signed", model.SafeText(err.Error()))
	}
	doc, err = agree(con, f, doc, name, interactive)
	if err != nil {
		return err
	}
	others := doc.Root().Get("signatures").Len()
	signed, err := cardsig.Sign(doc, key, cardsig.SignOptions{KeyID: f.Kid, JKU: f.JKU, Algorithm: f.Alg})
	if err != nil {
		return fmt.Errorf("%s: %s; nothing signed", name, model.SafeText(err.Error()))
	}
	data := doc.Encode()
	if err := checkSigned(ctx, data, key, signed); err != nil {
		return err
	}

	what := "added"
	if signed.Replaced {
		what, others = "replaced the one with the same kid", others-1
	}
	fmt.Fprintf(stderr, "oncard: signature %d (kid %s, %s) %s\n", signed.Index, app.Quote(signed.KeyID), signed.Algorithm, what)
	if others > 0 {
		fmt.Fprintf(stderr, "oncard: kept %s as written (not checked here)\n", app.Count(others, "other signature", "other signatures"))
	}
	if rejecting := cardsig.Disagreeing(doc); len(rejecting) > 0 {
		fmt.Fprintf(stderr, "oncard: warning: signature %d is over the A2A §8.4.1 form of the card, and will be rejected by %s (%s)\n",
			signed.Index, readers(rejecting), disagreementCause(doc, rejecting))
	}

	if f.PublicJWKS != "" {
		if err := writePublicJWKS(con, f, key, signed); err != nil {
			return err
		}
	}
	switch {
	case f.DryRun || f.Output == "-":
		_, err := con.Out.Write(data)
		return err
	case f.Output != "":
		err := docfile.WriteNew(f.Output, data, f.Force)
		if errors.Is(err, docfile.ErrExists) {
			return fmt.Errorf("%s exists; --force replaces it; nothing written", model.SafeText(f.Output))
		}
		if err != nil {
			return fmt.Errorf("%s; nothing written", model.SafeText(err.Error()))
		}
		fmt.Fprintf(stderr, "oncard: wrote %s\n", model.SafeText(f.Output))
		return nil
	case interactive:
		ok, err := con.Confirm("Replace " + name + " with the signed card?")
		if err != nil {
			return err
		}
		if !ok {
			fmt.Fprintf(stderr, "oncard: %s not written\n", name)
			return app.ErrReported
		}
	}
	if err := file.Save(data); err != nil {
		if errors.Is(err, docfile.ErrChangedOnDisk) {
			return fmt.Errorf("%s changed on disk since oncard read it; nothing written (sign again to sign the new version)", name)
		}
		return fmt.Errorf("%s; nothing written", model.SafeText(err.Error()))
	}
	fmt.Fprintf(stderr, "oncard: wrote %s\n", name)
	return nil
}

// agree brings the card to the form on which every reading computes the
// same payload (cardsig.DroppedMembers: "required": false, empty lists,
// nulls inside params, …), showing the change as a diff, after a yes on a
// terminal (--yes, -o and --dry-run drop them without asking;
// --keep-defaults keeps them). It returns the card to sign.
func agree(con app.Console, f *Options, doc *model.Doc, name string, interactive bool) (*model.Doc, error) {
	drops := cardsig.DroppedMembers(doc)
	if len(drops) == 0 {
		return doc, nil
	}
	work := doc.Clone()
	for _, p := range drops {
		if err := work.Delete(p); err != nil {
			return nil, fmt.Errorf("%s: cannot drop %s: %s; nothing signed", name, model.SafeText(p), model.SafeText(err.Error()))
		}
	}
	stderr := con.Err
	fmt.Fprintf(stderr, "oncard: %s %s a default or empty value, which readers sign differently (A2A §8.4.1 and the JS SDK leave defaults out, the JS SDK empty values inside params too; verifiers of the card as written keep them):\n",
		app.Count(len(drops), "member", "members"), app.Plural(len(drops), "holds", "hold"))
	diff := edit.LabelledDiff(name, name+" (to sign)", doc.Encode(), work.Encode())
	if con.Diff == nil {
		io.WriteString(stderr, diff)
	} else if err := con.Diff(stderr, diff); err != nil {
		return nil, err
	}
	keep := f.KeepDefaults
	if !keep && interactive {
		ok, err := con.Confirm("Drop " + app.Plural(len(drops), "it", "them") + " before signing, so that every reader verifies the signature?")
		if err != nil {
			return nil, err
		}
		keep = !ok
	}
	if keep {
		fmt.Fprintf(stderr, "oncard: kept as written\n")
		return doc, nil
	}
	fmt.Fprintf(stderr, "oncard: dropped %s before signing\n", app.Count(len(drops), "default-valued member", "default-valued members"))
	return work, nil
}

// readers names the readers behind readings, for messages.
func readers(rs []cardsig.Reading) string {
	names := make([]string, len(rs))
	for i, r := range rs {
		names[i] = r.Readers()
	}
	return strings.Join(names, " and ")
}

// disagreementCause says why readings still differ on a card.
func disagreementCause(doc *model.Doc, rs []cardsig.Reading) string {
	if n := len(cardsig.DroppedMembers(doc)); n > 0 {
		return "the card keeps " + app.Count(n, "default-valued member", "default-valued members") + "; sign without --keep-defaults, or answer yes, to drop them"
	}
	var parts []string
	for _, r := range rs {
		if at := cardsig.Differences(doc, r, 4); len(at) > 0 {
			parts = append(parts, string(r)+" reads "+strings.Join(at, ", ")+" otherwise")
		}
	}
	why := "their payloads differ"
	if len(parts) > 0 {
		why = strings.Join(parts, "; ")
	}
	if slices.Contains(rs, cardsig.JSSDK) {
		why += ": the JS SDK leaves out members it does not know, empty REQUIRED members such as \"capabilities\": {}, and requirements without scopes, which oncard keeps, as the specification does"
	}
	return why
}

// refuseErrors lists the card's error-level findings and refuses to sign:
// a signature vouches for a card, so it must be one that validates.
func refuseErrors(w io.Writer, path string, diags []validate.Diagnostic) error {
	n := 0
	for _, d := range diags {
		if d.Severity != validate.Error {
			continue
		}
		n++
		fmt.Fprintf(w, "%s:%d:%d: error %s: %s\n", model.SafeText(path), d.Line, d.Column, d.Code, model.SafeText(d.Message))
	}
	if n == 0 {
		return nil
	}
	return fmt.Errorf("%s has %s; a card with errors is not signed (oncard validate %s shows every finding)",
		model.SafeText(path), app.Count(n, "error", "errors"), model.SafeText(path))
}

// checkSigned verifies the new signature over the bytes about to be
// written, re-read from scratch: what is written verifies, or nothing is.
func checkSigned(ctx context.Context, data []byte, key *cardsig.SigningKey, s cardsig.Signed) error {
	doc, err := model.Parse(data)
	if err != nil {
		return fmt.Errorf("the signed card does not parse (%s); nothing written", model.SafeText(err.Error()))
	}
	res := cardsig.Verify(ctx, doc, cardsig.Options{Keys: key.PublicKeySet(s.KeyID, s.Algorithm)})
	if s.Index >= len(res) || res[s.Index].Status != cardsig.Verified {
		return fmt.Errorf("the new signature does not verify over the written card; nothing written")
	}
	return nil
}

// writePublicJWKS writes the key's public half as a JWK set.
func writePublicJWKS(con app.Console, f *Options, key *cardsig.SigningKey, s cardsig.Signed) error {
	data, err := json.MarshalIndent(key.PublicKeySet(s.KeyID, s.Algorithm), "", "  ")
	if err != nil {
		return err
	}
	data = append(data, '\n')
	if f.PublicJWKS == "-" {
		_, err := con.Out.Write(data)
		return err
	}
	err = docfile.WriteNew(f.PublicJWKS, data, f.Force)
	if errors.Is(err, docfile.ErrExists) {
		return fmt.Errorf("%s exists; --force replaces it; nothing written", model.SafeText(f.PublicJWKS))
	}
	if err != nil {
		return fmt.Errorf("%s; nothing written", model.SafeText(err.Error()))
	}
	fmt.Fprintf(con.Err, "oncard: wrote the public key set %s\n", model.SafeText(f.PublicJWKS))
	return nil
}
