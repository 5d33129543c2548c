package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/validate"
)

// A reporter writes validation results as they arrive, one file at a time,
// so that a run over many files never holds them all.
type reporter interface {
	file(r fileResult) error
	finish(s summary) error
}

// summary tallies a whole run.
type summary struct {
	files                   int
	unread                  int // files that could not be read (each also counts one error)
	errors, warnings, infos int
	failed                  int    // files that fail the run (a finding at --fail-on or above, or not checked)
	failOn                  string // the --fail-on in force ("" when files had their own)
}

func (s *summary) add(diags []validate.Diagnostic) {
	e, w, i := validate.Counts(diags)
	s.errors += e
	s.warnings += w
	s.infos += i
}

// formatNames lists the --format values.
func formatNames() []string { return []string{"text", "json", "sarif"} }

func newReporter(format string, w io.Writer) reporter {
	bw := bufio.NewWriter(w)
	switch format {
	case "json":
		return &jsonReporter{w: bw}
	case "sarif":
		return newSARIFReporter(bw)
	}
	return &textReporter{w: bw}
}

// ---- text ----

// textReporter writes one line per finding, in the form editors and CI
// logs recognise (`file:line:col: severity code: message`), the hint on the
// next line, and a summary. Everything a file or card supplied goes through
// model.SafeText: a path or a message can never drive the terminal.
type textReporter struct{ w *bufio.Writer }

func (t *textReporter) file(r fileResult) error {
	if r.readErr != nil {
		// Already said on stderr, the one place the text format reports
		// a file it could not read; the summary counts it.
		return nil
	}
	name := model.SafeText(r.name())
	if r.note != "" {
		fmt.Fprintf(t.w, "%s: note: %s\n", name, model.SafeText(r.note))
	}
	for _, d := range r.diags {
		if d.Line > 0 {
			fmt.Fprintf(t.w, "%s:%d:%d: ", name, d.Line, d.Column)
		} else {
			fmt.Fprintf(t.w, "%s: ", name)
		}
		fmt.Fprintf(t.w, "%s %s: %s%s\n", d.Severity, model.SafeText(d.Code), model.SafeText(d.Message), sourceNote(d))
		if d.Hint != "" {
			fmt.Fprintf(t.w, "  hint: %s\n", model.SafeText(d.Hint))
		}
	}
	// Flush per file so that a long run shows progress.
	return t.w.Flush()
}

func (t *textReporter) finish(s summary) error {
	files := plural(s.files, "file", "files")
	if s.unread > 0 {
		// Otherwise "1 file: 0 errors" would read as a clean run.
		files += fmt.Sprintf(" (%d not read)", s.unread)
	}
	fmt.Fprintf(t.w, "%s: %s, %s, %s\n",
		files,
		plural(s.errors, "error", "errors"),
		plural(s.warnings, "warning", "warnings"),
		plural(s.infos, "info", "infos"))
	// The last line says how the run ends.
	failOn := ""
	if s.failOn != "" {
		failOn = " (--fail-on " + s.failOn + ")"
	}
	fmt.Fprintf(t.w, "%d of %s failed%s\n", s.failed, plural(s.files, "file", "files"), failOn)
	return t.w.Flush()
}

func plural(n int, one, many string) string {
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
	Kind        string           `json:"kind"`
	Diagnostics []jsonDiagnostic `json:"diagnostics"`
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
}

type jsonSummary struct {
	Errors   int `json:"errors"`
	Warnings int `json:"warnings"`
	Infos    int `json:"infos"`
}

func (j *jsonReporter) file(r fileResult) error {
	f := jsonFile{Path: r.name(), Kind: string(r.kind), Diagnostics: make([]jsonDiagnostic, len(r.diags))}
	if f.Kind == "" {
		f.Kind = unknownKind
	}
	for i, d := range r.diags {
		f.Diagnostics[i] = jsonDiagnostic{
			Pointer: d.Pointer, Line: d.Line, Column: d.Column,
			Severity: d.Severity.String(), Code: d.Code, Message: d.Message, Hint: d.Hint,
			Source: d.Source,
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

func (j *jsonReporter) finish(s summary) error {
	if j.count == 0 {
		j.w.WriteString("{\n  \"files\": [")
	} else {
		j.w.WriteString("\n  ")
	}
	b, err := marshalIndented(jsonSummary{s.errors, s.warnings, s.infos}, "  ")
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
