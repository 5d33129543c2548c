package edit

// Changes are the edits that turn Original into Doc: the recorded ops
// when they account for every change, otherwise ops found by comparing
// values (the screens edit Doc directly through typed views). A draft of
// unsaved edits stores them, so that they can be applied again (Do) to the
// file when it is opened the next time.
func (s *Session) Changes() ([]Op, error) {
	orig, err := s.Original()
	if err != nil {
		return nil, err
	}
	if s.recorded(orig) {
		return s.Pending(), nil
	}
	return deriveOps(orig, s.doc), nil
}
