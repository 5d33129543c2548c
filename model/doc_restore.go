package model

// Restore makes d the document that data encodes, data being an earlier
// Encode of d (an editor's undo and redo keep such encodings). Afterwards
// d.Encode() returns data byte for byte, so what was not edited since keeps
// the bytes it had then, and the Doc is still the same *Doc for everyone
// holding it (an edit.Session). d keeps its member order and style, and
// counts as changed: its tree is no longer the one first parsed.
//
// data is handed over as to ParseOwned: the caller must not modify it. On
// error (data does not parse) d is unchanged.
func (d *Doc) Restore(data []byte) error {
	nd, err := ParseOwned(data, Limits{MaxBytes: max(len(data), 1), MaxDepth: maxDepthCap})
	if err != nil {
		return err
	}
	nd.order, nd.style, nd.changed = d.order, d.style, true
	*d = *nd
	return nil
}
