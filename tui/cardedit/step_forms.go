package cardedit

import "github.com/oncard/oncard/tui/component"

// newAgentStep edits who the agent is: name, description, version, provider
// and links.
func NewAgentStep() Step {
	return &FormStep{
		name: "Agent",
		members: component.MemberSet{
			// Other members of provider are kept, not edited.
			Containers: []string{"/provider"},
			Trees:      []string{"/name", "/description", "/version", "/provider/organization", "/provider/url", "/documentationUrl", "/iconUrl"},
		},
		Build: func(s *component.Session) *component.Form {
			name := component.NewTextField("Name", "/name", component.TextRequired, "Example Agent")
			desc := component.NewTextField("Description", "/description", component.TextRequired, "What the agent does, for people and for clients")
			ver := component.NewTextField("Version", "/version", component.TextRequired, "1.0.0")
			ver.Hint = "the agent's own version"
			org := component.NewTextField("Provider organization", "/provider/organization", component.TextString, "Example Inc.")
			purl := component.NewTextField("Provider URL", "/provider/url", component.TextString, "https://example.com")
			// An empty provider object is worse than none.
			tidy := func(s *component.Session, _ string) { s.DeleteIfEmpty("/provider") }
			org.OnApply, purl.OnApply = tidy, tidy
			doc := component.NewTextField("Documentation URL", "/documentationUrl", component.TextString, "https://example.com/docs")
			icon := component.NewTextField("Icon URL", "/iconUrl", component.TextString, "https://example.com/icon.png")
			return component.NewForm(name, desc, ver, org, purl, doc, icon)
		},
	}
}

// newCapabilitiesStep edits capabilities and the default modes.
func NewCapabilitiesStep() Step {
	return &FormStep{
		name: "Capabilities",
		members: component.MemberSet{
			// The extensions under /capabilities belong to their own
			// steps; other members of capabilities are kept.
			Containers: []string{"/capabilities"},
			Trees: []string{"/capabilities/streaming", "/capabilities/pushNotifications",
				"/capabilities/extendedAgentCard", "/defaultInputModes", "/defaultOutputModes"},
		},
		Build: func(s *component.Session) *component.Form {
			stream := component.NewTriField("Streaming", "/capabilities/streaming")
			push := component.NewTriField("Push notifications", "/capabilities/pushNotifications")
			ext := component.NewTriField("Extended agent card", "/capabilities/extendedAgentCard")
			stream.Hint = "an explicit false is kept"
			in := component.NewModesField("Default input modes", "/defaultInputModes", false)
			out := component.NewModesField("Default output modes", "/defaultOutputModes", false)
			return component.NewForm(stream, push, ext, in, out)
		},
	}
}
