package validate

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/oncard/oncard/model"
)

// schema is one compiled JSON Schema (a file of validate/schemas, or one of
// its $defs members) together with the raw schema document, which the
// messages read for descriptions (section numbers like OR-3.4) and for the
// tool's own "x-code" annotations (the diagnostic code of a rule).
type schema struct {
	name     string             // e.g. "on-request-v1.schema.json#/$defs/params"
	label    string             // what the whole instance is called in messages
	compiled *jsonschema.Schema // safe for concurrent Validate calls
	raw      any                // the schema file, decoded with UseNumber
}

// The compiler is not safe for concurrent use, and compiling is the slow part:
// every embedded file is added once, and every location is compiled once per
// process and cached.
var (
	schemaOnce     sync.Once
	schemaCompiler *jsonschema.Compiler
	schemaRaw      map[string]any // file name -> decoded file
	schemaMu       sync.Mutex
	schemaCache    = map[string]*schema{}
)

// schemaBaseURL is where the embedded files are registered; a file's own $id
// is an alias for it.
const schemaBaseURL = "file:///oncard/schemas/"

// loadSchema returns the compiled schema at name, "file.json" or
// "file.json#/$defs/member", compiling it on first use. The files are
// embedded and tested, so a failure here is a programming error: it panics.
func loadSchema(name string) *schema {
	schemaOnce.Do(initSchemaCompiler)
	schemaMu.Lock()
	defer schemaMu.Unlock()
	if s, ok := schemaCache[name]; ok {
		return s
	}
	file, _, _ := strings.Cut(name, "#")
	raw, ok := schemaRaw[file]
	if !ok {
		panic(fmt.Sprintf("validate: no embedded schema %q", file))
	}
	compiled, err := schemaCompiler.Compile(schemaBaseURL + name)
	if err != nil {
		panic(fmt.Sprintf("validate: compiling %s: %v", name, err))
	}
	s := &schema{name: name, label: labelFor(name), compiled: compiled, raw: raw}
	schemaCache[name] = s
	return s
}

func initSchemaCompiler() {
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	// With 2020-12, "format" is only an annotation unless asserted; the On
	// Request spec requires "https://exa mple.com" to fail format uri.
	c.AssertFormat()
	// The formats uri and uri-reference as strict as the JSON Schema test
	// suite (RFC 3986: ASCII only), in the same code the shapes use.
	c.RegisterFormat(&jsonschema.Format{Name: "uri", Validate: stringFormat(isSchemaURI)})
	c.RegisterFormat(&jsonschema.Format{Name: "uri-reference", Validate: stringFormat(isCatURIReference)})
	schemaRaw = map[string]any{}
	names, err := fs.Glob(schemaFiles, "schemas/*.json")
	if err != nil {
		panic(err)
	}
	for _, p := range names {
		data, err := schemaFiles.ReadFile(p)
		if err != nil {
			panic(err)
		}
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.UseNumber()
		var doc any
		if err := dec.Decode(&doc); err != nil {
			panic(fmt.Sprintf("validate: embedded schema %s: %v", p, err))
		}
		file := path.Base(p)
		schemaRaw[file] = doc
		if err := c.AddResource(schemaBaseURL+file, doc); err != nil {
			panic(fmt.Sprintf("validate: embedded schema %s: %v", p, err))
		}
	}
	schemaCompiler = c
}

// labelFor names the whole instance of a schema location in messages.
func labelFor(name string) string {
	_, frag, _ := strings.Cut(name, "#")
	switch path.Base(frag) {
	case "params":
		return "params"
	case "reply":
		return "the reply"
	case "agentExtension":
		return "the extension entry"
	}
	if strings.HasPrefix(name, "catalog") {
		return "the catalog"
	}
	return "the document"
}

// checkSchema validates the node at basePtr against a compiled JSON Schema and
// records each failure as a sentence a person understands, located at the
// failing member (pointer = basePtr + the instance location), with the given
// code (or the rule's own "x-code" where the schema names one).
//
// A oneOf failure on a whole document is useless to a person, so callers pass
// the $defs member of the shape they are checking; anyOf and if/then causes
// are flattened into one sentence each here.
func checkSchema(r *report, s *schema, node *model.Node, basePtr string, rule *Rule) {
	if s == nil || node == nil {
		return
	}
	for _, is := range s.issues(node.Interface()) {
		c := rule
		if is.code != "" {
			c = RuleFor(is.code)
		}
		r.emit(c, basePtr+model.Pointer(is.loc...), is.msg, "")
	}
}

// schemaIssue is one failure, ready to report.
type schemaIssue struct {
	loc  []string // instance location, relative to the validated node
	msg  string
	code string // from x-code; "" means the caller's code
	// conditional marks a failure of an if/then branch.
	conditional bool
}

// issues validates v and explains every failure.
func (s *schema) issues(v any) []schemaIssue {
	err := s.compiled.Validate(v)
	if err == nil {
		return nil
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return []schemaIssue{{msg: err.Error()}}
	}
	x := explainer{s: s, instance: v}
	x.walk(ve, nil)
	return dropShadowed(x.out)
}

// dropShadowed removes a conditional failure ("with completion, personEntry
// must be …") at a member that already fails unconditionally: one sentence
// per member is enough, and fixing the first may fix both.
func dropShadowed(in []schemaIssue) []schemaIssue {
	plain := map[string]bool{}
	for _, is := range in {
		if !is.conditional {
			plain[model.Pointer(is.loc...)] = true
		}
	}
	out := in[:0]
	for _, is := range in {
		if is.conditional && plain[model.Pointer(is.loc...)] {
			continue
		}
		out = append(out, is)
	}
	return out
}

// stringFormat adapts a string check to jsonschema's Format: values that
// are not strings pass (the format applies to strings only).
func stringFormat(ok func(string) bool) func(any) error {
	return func(v any) error {
		if s, isString := v.(string); isString && !ok(s) {
			return errNotRFC3986
		}
		return nil
	}
}
