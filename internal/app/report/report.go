// Package report writes validation results as text (file:line:col lines
// for editors and CI logs), JSON (for scripts) or SARIF 2.1.0 (for GitHub
// code scanning). `oncard validate` streams every file's findings through
// one Reporter; the other commands print findings with Text.
package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/validate"
)

// StdinName is how a document read from standard input is shown.
const StdinName = "<stdin>"

// File is one file's findings as the reporters show them.
type File struct {
	Arg   string // the argument as given ("-" for stdin)
	Kind  validate.Kind
	Diags []validate.Diagnostic
	Ends  []Position // Ends[i] is where the value of Diags[i] ends; zero when unknown
	// Unread says the file could not be read (Diags holds its io/unreadable
	// finding; the text format leaves it to the caller's stderr message).
	Unread bool
	// Note is a sentence the text format prints before the findings (which
	// kind was assumed when detection was close); "" for none.
	Note string
	// Policy is the .oncard.json that governed the file ("" for none), and
	// Ignored the findings it silenced, each with the reason its rule gives
	// in IgnoredWhy (same index; "" when the rule gives none).
	Policy     string
	Ignored    []validate.Diagnostic
	IgnoredWhy []string
}

// Name is how the file is shown in reports.
func (r File) Name() string {
	if r.Arg == "-" {
		return StdinName
	}
	return r.Arg
}

// Position is a line and column (1-based; zero when unknown).
type Position struct{ Line, Col int }

// A Reporter writes validation results as they arrive, one file at a time,
// so that a run over many files never holds them all.
type Reporter interface {
	File(r File) error
	Finish(s Summary) error
}

// Summary tallies a whole run.
type Summary struct {
	Files                   int
	Unread                  int // files that could not be read (each also counts one error)
	Errors, Warnings, Infos int
	Failed                  int    // files that fail the run (a finding at --fail-on or above, or not checked)
	FailOn                  string // the --fail-on in force ("" when files had their own)
	// Ignored counts the findings .oncard.json files silenced.
	Ignored int
	// ConfigWarnings are the warnings about .oncard.json files: skipped as
	// untrusted, or silencing every finding (each also said on stderr).
	ConfigWarnings []string
}

func (s *Summary) Add(diags []validate.Diagnostic) {
	e, w, i := validate.Counts(diags)
	s.Errors += e
	s.Warnings += w
	s.Infos += i
}

// Formats lists the --format values.
func Formats() []string { return []string{"text", "json", "sarif"} }

// Text writes diags of the file named name the way `oncard validate`
// does, one line per finding.
func Text(w io.Writer, name string, diags []validate.Diagnostic) error {
	t := &textReporter{w: bufio.NewWriter(w)}
	return t.File(File{Arg: name, Diags: diags})
}

// New returns the reporter of format ("text", "json", "sarif"; see
// Formats); toolVersion is the version SARIF names.
func New(format string, w io.Writer, toolVersion string) Reporter {
	bw := bufio.NewWriter(w)
	switch format {
	case "json":
		return &jsonReporter{w: bw}
	case "sarif":
		return newSARIFReporter(bw, toolVersion)
	}
	return &textReporter{w: bw}
}

// ---- text ----

// textReporter writes one line per finding, in the form editors and CI
// logs recognise (`file:line:col: severity code: message`), the hint on the
// next line, and a summary. Everything a file or card supplied goes through
// model.SafeText: a path or a message can never drive the terminal.
type textReporter struct{ w *bufio.Writer }

func (t *textReporter) File(r File) error {
	if r.Unread {
		// Already said on stderr, the one place the text format reports
		// a file it could not read; the summary counts it.
		return nil
	}
	name := model.SafeText(r.Name())
	if r.Note != "" {
		fmt.Fprintf(t.w, "%s: note: %s\n", name, model.SafeText(r.Note))
	}
	if len(r.Ignored) > 0 {
		fmt.Fprintf(t.w, "%s: note: %s ignored by %s (%s)\n", name, count(validate.Total(r.Ignored), "finding", "findings"),
			model.SafeText(r.Policy), model.SafeText(codeList(r.Ignored)))
	}
	for _, d := range r.Diags {
		if d.Line > 0 {
			fmt.Fprintf(t.w, "%s:%d:%d: ", name, d.Line, d.Column)
		} else {
			fmt.Fprintf(t.w, "%s: ", name)
		}
		fmt.Fprintf(t.w, "%s %s: %s%s\n", d.Severity, model.SafeText(d.Code), model.SafeText(d.Message), sourceNote(d))
		if d.Hint != "" {
			fmt.Fprintf(t.w, "  hint: %s\n", model.SafeText(d.Hint))
		}
		if d.Excerpt != "" {
			fmt.Fprintf(t.w, "  text: %s\n", model.SafeText(d.Excerpt))
		}
		if d.More > 0 {
			fmt.Fprintf(t.w, "  more: %s\n", moreNote(d))
		}
	}
	// Flush per file so that a long run shows progress.
	return t.w.Flush()
}

func (t *textReporter) Finish(s Summary) error {
	files := count(s.Files, "file", "files")
	if s.Unread > 0 {
		// Otherwise "1 file: 0 errors" would read as a clean run.
		files += fmt.Sprintf(" (%d not read)", s.Unread)
	}
	ignored := ""
	if s.Ignored > 0 {
		// A run .oncard.json silenced must not read as a clean one.
		ignored = fmt.Sprintf(" (%d ignored by .oncard.json)", s.Ignored)
	}
	fmt.Fprintf(t.w, "%s: %s, %s, %s%s\n",
		files,
		count(s.Errors, "error", "errors"),
		count(s.Warnings, "warning", "warnings"),
		count(s.Infos, "info", "infos"), ignored)
	// The last line says how the run ends.
	failOn := ""
	if s.FailOn != "" {
		failOn = " (--fail-on " + s.FailOn + ")"
	}
	fmt.Fprintf(t.w, "%d of %s failed%s\n", s.Failed, count(s.Files, "file", "files"), failOn)
	return t.w.Flush()
}

// codeList names the codes of diags in order of first appearance, with
// how often each occurs when more than once ("a2a/insecure-url ×2, …").
func codeList(diags []validate.Diagnostic) string {
	var order []string
	n := map[string]int{}
	for _, d := range diags {
		if n[d.Code] == 0 {
			order = append(order, d.Code)
		}
		n[d.Code] += d.Count()
	}
	for i, c := range order {
		if n[c] > 1 {
			order[i] = fmt.Sprintf("%s ×%d", c, n[c])
		}
	}
	return strings.Join(order, ", ")
}

// moreNote says how many findings d stands for besides itself
// (validate.Diagnostic.More), and how to list them.
func moreNote(d validate.Diagnostic) string {
	return fmt.Sprintf("%s of %s in this file not listed (--max-per-rule 0 lists every one)",
		count(d.More, "more "+d.Severity.String(), "more "+d.Severity.String()+"s"), model.SafeText(d.Code))
}

func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// ---- json ----

// jsonReporter writes
//
//	{"files":[{"path","kind","diagnostics":[...]}],"summary":{"errors","warnings","infos"}}
//
// streamed file by file, indented by two spaces.
type jsonReporter struct {
	w     *bufio.Writer
	count int
}

type jsonFile struct {
	Path string `json:"path"`
	// Kind is the detected kind, else the one --kind asked for, else
	// "unknown" (a file that could not be read or parsed).
	Kind string `json:"kind"`
	// Note says which kind was assumed when detection was close.
	Note        string           `json:"note,omitempty"`
	Diagnostics []jsonDiagnostic `json:"diagnostics"`
	// Policy is the .oncard.json that governed the file, with the findings
	// it silenced.
	Policy *jsonPolicy `json:"policy,omitempty"`
}

type jsonPolicy struct {
	Path    string           `json:"path"`
	Ignored []jsonDiagnostic `json:"ignored"`
}

// unknownKind is the JSON "kind" of a file whose kind is not known.
const unknownKind = "unknown"

// jsonDiagnostic fixes the field names of the JSON output independently of
// validate.Diagnostic's own tags: scripts depend on them.
type jsonDiagnostic struct {
	Pointer  string `json:"pointer"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
	Severity string `json:"severity"`
	Code     string `json:"code"`
	Message  string `json:"message"`
	Hint     string `json:"hint"`
	// Source is "online" for a schema server's verdict; offline findings
	// leave it out.
	Source string `json:"source,omitempty"`
	// Readings is a signature's verdict under each reading of the card
	// ({"literal": "valid", "a2a-8.4.1": "rejected", …}), for signatures
	// checked with a key.
	Readings validate.ReadingVerdicts `json:"readings,omitzero"`
	// Excerpt is the escaped piece of card text a security finding is
	// about, present only with --show-text.
	Excerpt string `json:"excerpt,omitempty"`
	// More counts the findings of the same code and severity in the file
	// past --max-per-rule that this one stands for (they have no entry of
	// their own); the summary counts them.
	More int `json:"more,omitempty"`
}

type jsonSummary struct {
	Errors   int `json:"errors"`
	Warnings int `json:"warnings"`
	Infos    int `json:"infos"`
	// Failed counts the files that fail the run (a finding at the
	// --fail-on level or above, or not read); FailOn is that level when
	// one --fail-on governed every file.
	Failed int    `json:"failed"`
	FailOn string `json:"failOn,omitempty"`
	// Ignored counts the findings .oncard.json files silenced;
	// ConfigWarnings says which configs were skipped as untrusted or
	// silence everything.
	Ignored        int      `json:"ignored,omitempty"`
	ConfigWarnings []string `json:"configWarnings,omitempty"`
}

func (j *jsonReporter) File(r File) error {
	f := jsonFile{Path: r.Name(), Kind: string(r.Kind), Note: r.Note, Diagnostics: make([]jsonDiagnostic, len(r.Diags))}
	if f.Kind == "" {
		f.Kind = unknownKind
	}
	for i, d := range r.Diags {
		f.Diagnostics[i] = jsonDiagnosticOf(d)
	}
	if r.Policy != "" {
		f.Policy = &jsonPolicy{Path: r.Policy, Ignored: make([]jsonDiagnostic, len(r.Ignored))}
		for i, d := range r.Ignored {
			f.Policy.Ignored[i] = jsonDiagnosticOf(d)
		}
	}
	if j.count == 0 {
		j.w.WriteString("{\n  \"files\": [\n    ")
	} else {
		j.w.WriteString(",\n    ")
	}
	j.count++
	b, err := marshalIndented(f, "    ")
	if err != nil {
		return err
	}
	j.w.Write(b)
	return j.w.Flush()
}

func jsonDiagnosticOf(d validate.Diagnostic) jsonDiagnostic {
	return jsonDiagnostic{
		Pointer: d.Pointer, Line: d.Line, Column: d.Column,
		Severity: d.Severity.String(), Code: d.Code, Message: d.Message, Hint: d.Hint,
		Source: d.Source, Readings: d.Readings, Excerpt: d.Excerpt, More: d.More,
	}
}

func (j *jsonReporter) Finish(s Summary) error {
	if j.count == 0 {
		j.w.WriteString("{\n  \"files\": [")
	} else {
		j.w.WriteString("\n  ")
	}
	b, err := marshalIndented(jsonSummary{s.Errors, s.Warnings, s.Infos, s.Failed, s.FailOn, s.Ignored, s.ConfigWarnings}, "  ")
	if err != nil {
		return err
	}
	fmt.Fprintf(j.w, "],\n  \"summary\": %s\n}\n", b)
	return j.w.Flush()
}

// marshalIndented is json.MarshalIndent without HTML escaping (a URL with
// "&" stays readable) and without the trailing newline.
func marshalIndented(v any, prefix string) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent(prefix, "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

// sourceNote marks a finding that a schema server gave, so that online and
// offline verdicts can be told apart in every format.
func sourceNote(d validate.Diagnostic) string {
	if d.Source == "" {
		return ""
	}
	return " [" + model.SafeText(d.Source) + "]"
}
