package tui

// newAgentStep edits who the agent is: name, description, version, provider
// and links.
func newAgentStep() step {
	return &formStep{
		name: "Agent",
		members: memberSet{
			// Other members of provider are kept, not edited.
			containers: []string{"/provider"},
			trees:      []string{"/name", "/description", "/version", "/provider/organization", "/provider/url", "/documentationUrl", "/iconUrl"},
		},
		build: func(s *Session) *form {
			name := newTextField("Name", "/name", textRequired, "Example Agent")
			desc := newTextField("Description", "/description", textRequired, "What the agent does, for people and for clients")
			ver := newTextField("Version", "/version", textRequired, "1.0.0")
			ver.hint = "the agent's own version"
			org := newTextField("Provider organization", "/provider/organization", textString, "Example Inc.")
			purl := newTextField("Provider URL", "/provider/url", textString, "https://example.com")
			// An empty provider object is worse than none.
			tidy := func(s *Session, _ string) { s.deleteIfEmpty("/provider") }
			org.onApply, purl.onApply = tidy, tidy
			doc := newTextField("Documentation URL", "/documentationUrl", textString, "https://example.com/docs")
			icon := newTextField("Icon URL", "/iconUrl", textString, "https://example.com/icon.png")
			return newForm(name, desc, ver, org, purl, doc, icon)
		},
	}
}

// newCapabilitiesStep edits capabilities and the default modes.
func newCapabilitiesStep() step {
	return &formStep{
		name: "Capabilities",
		members: memberSet{
			// The extensions under /capabilities belong to their own
			// steps; other members of capabilities are kept.
			containers: []string{"/capabilities"},
			trees: []string{"/capabilities/streaming", "/capabilities/pushNotifications",
				"/capabilities/extendedAgentCard", "/defaultInputModes", "/defaultOutputModes"},
		},
		build: func(s *Session) *form {
			stream := newTriField("Streaming", "/capabilities/streaming")
			push := newTriField("Push notifications", "/capabilities/pushNotifications")
			ext := newTriField("Extended agent card", "/capabilities/extendedAgentCard")
			stream.hint = "an explicit false is kept"
			in := newModesField("Default input modes", "/defaultInputModes", false)
			out := newModesField("Default output modes", "/defaultOutputModes", false)
			return newForm(stream, push, ext, in, out)
		},
	}
}
