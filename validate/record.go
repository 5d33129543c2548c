package validate

import (
	"github.com/oncard/oncard/model"
)

// record checks an OASF record. Its schema_version, skills and domains are
// the same references a discovery payload holds, checked against the same
// taxonomy with the same messages; the rest of the record (name, authors,
// locators, modules, …) follows the OASF record schema, which is the
// schema server's to check: one info finding says so.
func record(doc *model.Doc, opts *Options) []Diagnostic {
	r := newReport(doc, opts)
	root := doc.Root()
	if root == nil || root.Kind != model.Object {
		r.emit(ruleOASFNotObject, "", "an OASF record must be a JSON object, found "+describeNode(root), "")
		return r.sorted()
	}
	checkTaxonomyReferences(r, root, "")
	r.emit(ruleOASFRecordPartlyChecked, "", "checked as an OASF record: its schema_version, skills and domains were checked; its other members follow the OASF record schema, which oncard leaves to the schema server",
		"validate the whole record with an OASF schema server (its /api/validate/object/record)")
	checkDocumentIJSON(r)
	return r.sorted()
}

// Record validates an OASF record (see record).
func Record(doc *model.Doc, opts *Options) []Diagnostic {
	if doc == nil {
		return noDocument()
	}
	return record(doc, opts)
}
