package report

import (
	"bufio"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/oncard/oncard/internal/fetch"
	"github.com/oncard/oncard/validate"
)

// SARIF 2.1.0 as GitHub code scanning reads it: one run, the tool's rules,
// one result per finding located by a relative, forward-slash URI and a
// region whose columns count Unicode code points (as our columns do).
const (
	sarifVersion = "2.1.0"
	sarifSchema  = "https://json.schemastore.org/sarif-2.1.0.json"
	toolInfoURI  = "https://github.com/oncard/oncard"
)

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifRule struct {
	ID               string       `json:"id"`
	Name             string       `json:"name"`
	ShortDescription sarifMessage `json:"shortDescription"`
	FullDescription  sarifMessage `json:"fullDescription"`
	Help             sarifMessage `json:"help"`
	HelpURI          string       `json:"helpUri"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	InformationURI string      `json:"informationUri"`
	Version        string      `json:"version"`
	Rules          []sarifRule `json:"rules"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

// sarifInvocation says whether the run did all it was asked: false when a
// file could not be read (its io/unreadable result says which).
type sarifInvocation struct {
	ExecutionSuccessful bool `json:"executionSuccessful"`
}

type sarifResult struct {
	RuleID    string          `json:"ruleId"`
	RuleIndex int             `json:"ruleIndex"`
	Level     string          `json:"level"`
	Message   sarifMessage    `json:"message"`
	Locations []sarifLocation `json:"locations"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysicalLocation `json:"physicalLocation"`
}

type sarifPhysicalLocation struct {
	ArtifactLocation sarifArtifactLocation `json:"artifactLocation"`
	Region           sarifRegion           `json:"region"`
}

type sarifArtifactLocation struct {
	URI string `json:"uri"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
	EndLine     int `json:"endLine,omitempty"`
	EndColumn   int `json:"endColumn,omitempty"`
}

// sarifReporter streams results as files arrive. The rules a run used are
// only known at the end, so the run object lists "results" before "tool":
// member order means nothing in JSON, and streaming keeps memory flat for
// thousands of files.
type sarifReporter struct {
	w         *bufio.Writer
	results   int
	rules     []sarifRule
	ruleIndex map[string]int
	cwd       string
	version   string // the tool version SARIF names
}

func newSARIFReporter(w *bufio.Writer, toolVersion string) *sarifReporter {
	cwd, _ := os.Getwd()
	return &sarifReporter{w: w, ruleIndex: map[string]int{}, cwd: cwd, version: toolVersion}
}

func (s *sarifReporter) File(r File) error {
	uri := s.artifactURI(r.Arg)
	for i, d := range r.Diags {
		res := sarifResult{
			RuleID:    d.Code,
			RuleIndex: s.rule(d.Code),
			Level:     sarifLevel(d.Severity),
			Message:   sarifMessage{Text: resultText(d)},
			Locations: []sarifLocation{{PhysicalLocation: sarifPhysicalLocation{
				ArtifactLocation: sarifArtifactLocation{URI: uri},
				Region:           sarifRegionOf(d, r.Ends, i),
			}}},
		}
		if s.results == 0 {
			s.header()
		} else {
			s.w.WriteString(",")
		}
		s.results++
		s.w.WriteString("\n        ")
		b, err := marshalIndented(res, "        ")
		if err != nil {
			return err
		}
		s.w.Write(b)
	}
	return s.w.Flush()
}

func (s *sarifReporter) header() {
	s.w.WriteString("{\n  \"version\": \"" + sarifVersion + "\",\n  \"$schema\": \"" + sarifSchema + "\",\n" +
		"  \"runs\": [\n    {\n      \"columnKind\": \"unicodeCodePoints\",\n      \"results\": [")
}

func (s *sarifReporter) Finish(sum Summary) error {
	if s.results == 0 {
		s.header()
		s.w.WriteString("],\n")
	} else {
		s.w.WriteString("\n      ],\n")
	}
	inv, err := marshalIndented([]sarifInvocation{{ExecutionSuccessful: sum.Unread == 0}}, "      ")
	if err != nil {
		return err
	}
	s.w.WriteString("      \"invocations\": ")
	s.w.Write(inv)
	s.w.WriteString(",\n")
	rules := s.rules
	if rules == nil {
		rules = []sarifRule{}
	}
	tool := sarifTool{Driver: sarifDriver{Name: "oncard", InformationURI: toolInfoURI, Version: s.version, Rules: rules}}
	b, err := marshalIndented(tool, "      ")
	if err != nil {
		return err
	}
	s.w.WriteString("      \"tool\": ")
	s.w.Write(b)
	s.w.WriteString("\n    }\n  ]\n}\n")
	return s.w.Flush()
}

// rule returns the index of code's rule, adding the rule on first use.
func (s *sarifReporter) rule(code string) int {
	if i, ok := s.ruleIndex[code]; ok {
		return i
	}
	i := len(s.rules)
	s.ruleIndex[code] = i
	rule := validate.RuleFor(code)
	s.rules = append(s.rules, sarifRule{
		ID:               code,
		Name:             code,
		ShortDescription: sarifMessage{Text: rule.ShortDescription()},
		FullDescription:  sarifMessage{Text: rule.FullDescription()},
		Help:             sarifMessage{Text: rule.FullDescription() + " See " + rule.HelpURI()},
		HelpURI:          rule.HelpURI(),
	})
	return i
}

func sarifLevel(s validate.Severity) string {
	switch s {
	case validate.Error:
		return "error"
	case validate.Warning:
		return "warning"
	}
	return "note"
}

func resultText(d validate.Diagnostic) string {
	text := d.Message + sourceNote(d)
	if d.Pointer != "" {
		text += " (at " + d.Pointer + ")"
	}
	if d.Hint != "" {
		text += "\nHint: " + d.Hint
	}
	return text
}

// sarifRegionOf locates diagnostic i. GitHub requires a start line; a
// finding without a position (0), such as io/unreadable, is put at the
// start of the file.
func sarifRegionOf(d validate.Diagnostic, ends []Position, i int) sarifRegion {
	r := sarifRegion{StartLine: max(d.Line, 1), StartColumn: max(d.Column, 1)}
	if i < len(ends) && ends[i].Line > 0 && (ends[i].Line > r.StartLine || ends[i].Line == r.StartLine && ends[i].Col > r.StartColumn) {
		r.EndLine, r.EndColumn = ends[i].Line, ends[i].Col
	}
	return r
}

// artifactURI names a file as GitHub matches it against the repository: a
// path relative to the working directory (the checkout), with forward
// slashes and percent-escapes; files outside it get a file:// URI.
func (s *sarifReporter) artifactURI(arg string) string {
	if arg == "-" {
		return "stdin"
	}
	if fetch.Classify(arg) == fetch.URL {
		return arg // a fetched document: its URL (never with credentials)
	}
	p := filepath.Clean(arg)
	if filepath.IsAbs(p) && s.cwd != "" {
		if rel, err := filepath.Rel(s.cwd, p); err == nil && !strings.HasPrefix(rel, "..") {
			p = rel
		}
	}
	if filepath.IsAbs(p) || strings.HasPrefix(p, "..") {
		abs, err := filepath.Abs(p)
		if err == nil {
			return (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String()
		}
	}
	return (&url.URL{Path: filepath.ToSlash(p)}).String()
}
