package validate

import "github.com/oncard/oncard/model"

// bytesOf is Check for the tests that want its three results apart.
func bytesOf(data []byte, kind Kind, opts *Options) (*model.Doc, Kind, []Diagnostic) {
	res := Check(data, kind, opts)
	return res.Doc, res.Kind, res.Diags
}
