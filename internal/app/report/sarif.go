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
	// Properties carry the rule's tags and, for a security rule, the
	// security-severity score GitHub code scanning ranks its alerts by.
	Properties *sarifRuleProperties `json:"properties,omitempty"`
}

type sarifRuleProperties struct {
	Tags             []string `json:"tags,omitempty"`
	SecuritySeverity string   `json:"security-severity,omitempty"`
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
	// ToolConfigurationNotifications are the warnings about .oncard.json
	// files (skipped as untrusted, or silencing everything).
	ToolConfigurationNotifications []sarifNotification `json:"toolConfigurationNotifications,omitempty"`
}

type sarifNotification struct {
	Level   string       `json:"level"`
	Message sarifMessage `json:"message"`
}

type sarifResult struct {
	RuleID    string          `json:"ruleId"`
	RuleIndex int             `json:"ruleIndex"`
	Level     string          `json:"level"`
	Message   sarifMessage    `json:"message"`
	Locations []sarifLocation `json:"locations"`
	// Suppressions mark a finding .oncard.json silenced: it is listed, so
	// that the verdict says what was silenced, as suppressed (code scanning
	// shows it dismissed).
	Suppressions []sarifSuppression `json:"suppressions,omitempty"`
	// Properties carry what SARIF has no member for: a signature's
	// verdict under each reading of the card.
	Properties *sarifProperties `json:"properties,omitempty"`
}

type sarifProperties struct {
	Readings validate.ReadingVerdicts `json:"readings,omitzero"`
	// More is validate.Diagnostic.More: the findings of this rule in the
	// file past --max-per-rule that this result stands for.
	More int `json:"more,omitempty"`
}

type sarifSuppression struct {
	Kind          string `json:"kind"`
	Justification string `json:"justification"`
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
	n := len(r.Diags)
	for i := range n + len(r.Ignored) {
		var res sarifResult
		if i < n {
			res = s.result(r.Diags[i], uri, sarifRegionOf(r.Diags[i], r.Ends, i))
		} else {
			j := i - n
			d := r.Ignored[j]
			res = s.result(d, uri, sarifRegionOf(d, nil, 0))
			why := "ignored by " + r.Policy
			if j < len(r.IgnoredWhy) && r.IgnoredWhy[j] != "" {
				why += ": " + r.IgnoredWhy[j]
			}
			res.Suppressions = []sarifSuppression{{Kind: "external", Justification: why}}
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

func (s *sarifReporter) result(d validate.Diagnostic, uri string, region sarifRegion) sarifResult {
	res := sarifResult{
		RuleID:    d.Code,
		RuleIndex: s.rule(d.Code),
		Level:     sarifLevel(d.Severity),
		Message:   sarifMessage{Text: resultText(d)},
		Locations: []sarifLocation{{PhysicalLocation: sarifPhysicalLocation{
			ArtifactLocation: sarifArtifactLocation{URI: uri},
			Region:           region,
		}}},
	}
	if d.Readings.Checked != 0 || d.More > 0 {
		res.Properties = &sarifProperties{Readings: d.Readings, More: d.More}
	}
	return res
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
	invocation := sarifInvocation{ExecutionSuccessful: sum.Unread == 0}
	for _, w := range sum.ConfigWarnings {
		invocation.ToolConfigurationNotifications = append(invocation.ToolConfigurationNotifications,
			sarifNotification{Level: "warning", Message: sarifMessage{Text: w}})
	}
	inv, err := marshalIndented([]sarifInvocation{invocation}, "      ")
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
		Properties:       ruleProperties(rule),
	})
	return i
}

// ruleProperties are a rule's SARIF properties; nil when it has none.
func ruleProperties(rule *validate.Rule) *sarifRuleProperties {
	if len(rule.Tags) == 0 && rule.SecuritySeverity == "" {
		return nil
	}
	return &sarifRuleProperties{Tags: rule.Tags, SecuritySeverity: rule.SecuritySeverity}
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
	if d.Excerpt != "" {
		text += "\nText: " + d.Excerpt
	}
	if d.More > 0 {
		text += "\nMore: " + moreNote(d)
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
