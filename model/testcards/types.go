package testcards

// The card types below fix the member order of the generated JSON (the
// order the A2A spec lists them in).

type card struct {
	Name                 string           `json:"name"`
	Description          string           `json:"description"`
	SupportedInterfaces  []agentInterface `json:"supportedInterfaces"`
	Provider             *provider        `json:"provider,omitempty"`
	Version              string           `json:"version"`
	DocumentationURL     string           `json:"documentationUrl,omitempty"`
	IconURL              string           `json:"iconUrl,omitempty"`
	Capabilities         capabilities     `json:"capabilities"`
	SecuritySchemes      map[string]any   `json:"securitySchemes,omitempty"`
	SecurityRequirements []any            `json:"securityRequirements,omitempty"`
	DefaultInputModes    []string         `json:"defaultInputModes"`
	DefaultOutputModes   []string         `json:"defaultOutputModes"`
	Skills               []skill          `json:"skills"`
}

type agentInterface struct {
	URL             string `json:"url"`
	ProtocolBinding string `json:"protocolBinding"`
	ProtocolVersion string `json:"protocolVersion"`
}

type provider struct {
	Organization string `json:"organization"`
	URL          string `json:"url"`
}

type capabilities struct {
	Streaming         *bool       `json:"streaming,omitempty"`
	PushNotifications *bool       `json:"pushNotifications,omitempty"`
	Extensions        []extension `json:"extensions,omitempty"`
}

type extension struct {
	URI         string `json:"uri"`
	Description string `json:"description,omitempty"`
	Required    *bool  `json:"required,omitempty"`
	Params      any    `json:"params,omitempty"`
}

type skill struct {
	ID          string   `json:"id"`
	Name        string   `json:"name"`
	Description string   `json:"description"`
	Tags        []string `json:"tags"`
	Examples    []string `json:"examples,omitempty"`
	InputModes  []string `json:"inputModes,omitempty"`
	OutputModes []string `json:"outputModes,omitempty"`
}

type skillEntry struct {
	ID              string `json:"id"`
	PersonEntry     string `json:"personEntry"`
	AssistantAccess *bool  `json:"assistantAccess,omitempty"`
	Completion      string `json:"completion,omitempty"`
}

type discovery struct {
	SchemaVersion string `json:"schema_version"`
	Skills        []ref  `json:"skills"`
	Domains       []ref  `json:"domains,omitempty"`
}

// ref is an OASF skill or domain reference.
type ref struct {
	Name string `json:"name"`
	ID   int    `json:"id"`
}
