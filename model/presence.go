package model

// The presence table: for every member of an A2A v1.0 Agent Card and of
// the messages inside it, whether the proto marks it REQUIRED, declares it
// `optional`, or leaves it plain. It decides what the canonical form of a
// card keeps (A2A §8.4.1: a plain member holding its default value is
// dropped, an `optional` one is kept once written, a REQUIRED one always),
// and so what signing, verifying, upgrading and the templates write.
//
// It is copied from the proto (field_behavior annotations and the
// `optional` keyword), not from the card schema: the schema is stricter in
// a few places (an extension's uri is required there, plain in the proto).
// TestPresenceTable holds the two to each other.

// PresenceSource names the proto the table is copied from.
const PresenceSource = "a2aproject/A2A specification/a2a.proto, tag v1.0.1 (commit 3303592588e388e62e0f69f701af531d2f4e3991)"

// Presence is how the proto declares a field.
type Presence uint8

const (
	// Plain: proto3 implicit presence; at its default value ("", false,
	// 0, an empty list or map, null) the field is dropped.
	Plain Presence = iota
	// Optional: declared `optional`; kept when written, even at its
	// default ("streaming": false).
	Optional
	// Required: field_behavior REQUIRED; always kept, even empty.
	Required
)

// FieldKind is a field's proto type, as far as presence cares.
type FieldKind uint8

const (
	StringField     FieldKind = iota // string
	BoolField                        // bool
	MessageField                     // a message (Message names it); has presence by itself
	RepeatedString                   // repeated string
	RepeatedMessage                  // repeated Message
	MapString                        // map<string, string>
	MapMessage                       // map<string, Message>
	StructField                      // google.protobuf.Struct: any JSON object, no presence rules inside
)

// Field is one field of a message, by its JSON (camelCase) name.
type Field struct {
	JSON     string // the member name in a card: "protocolBinding"
	Proto    string // the proto field name: "protocol_binding"
	Kind     FieldKind
	Presence Presence
	Message  string // the message of a MessageField, RepeatedMessage or MapMessage
}

// MessageType is one proto message: its fields in proto order.
type MessageType struct {
	Name   string
	Fields []Field
	// Oneof: every field belongs to one oneof (SecurityScheme, OAuthFlows);
	// a reader takes the first set field in proto order.
	Oneof bool
}

// Field returns the field whose JSON name is name, or nil.
func (m *MessageType) Field(name string) *Field {
	if m == nil {
		return nil
	}
	for i := range m.Fields {
		if m.Fields[i].JSON == name {
			return &m.Fields[i]
		}
	}
	return nil
}

// CardMessage is the name of the top-level message of an Agent Card.
const CardMessage = "AgentCard"

// Message returns the message type called name, or nil.
func Message(name string) *MessageType { return presenceTable[name] }

// presenceMessageNames are the table's messages in proto order.
var presenceMessageNames = []string{
	"AgentCard", "AgentInterface", "AgentProvider", "AgentCapabilities", "AgentExtension",
	"AgentSkill", "AgentCardSignature", "StringList", "SecurityRequirement", "SecurityScheme",
	"APIKeySecurityScheme", "HTTPAuthSecurityScheme", "OAuth2SecurityScheme",
	"OpenIdConnectSecurityScheme", "MutualTlsSecurityScheme", "OAuthFlows",
	"AuthorizationCodeOAuthFlow", "ClientCredentialsOAuthFlow", "ImplicitOAuthFlow",
	"PasswordOAuthFlow", "DeviceCodeOAuthFlow",
}

func protoField(json, proto string, kind FieldKind, p Presence, msg ...string) Field {
	fl := Field{JSON: json, Proto: proto, Kind: kind, Presence: p}
	if len(msg) > 0 {
		fl.Message = msg[0]
	}
	return fl
}

var presenceTable = func() map[string]*MessageType {
	desc := func(p Presence) Field { return protoField("description", "description", StringField, p) }
	scopes := func(p Presence) Field { return protoField("scopes", "scopes", MapString, p) }
	refresh := protoField("refreshUrl", "refresh_url", StringField, Plain)
	all := []*MessageType{
		{Name: "AgentCard", Fields: []Field{
			protoField("name", "name", StringField, Required),
			protoField("description", "description", StringField, Required),
			protoField("supportedInterfaces", "supported_interfaces", RepeatedMessage, Required, "AgentInterface"),
			protoField("provider", "provider", MessageField, Plain, "AgentProvider"),
			protoField("version", "version", StringField, Required),
			protoField("documentationUrl", "documentation_url", StringField, Optional),
			protoField("capabilities", "capabilities", MessageField, Required, "AgentCapabilities"),
			protoField("securitySchemes", "security_schemes", MapMessage, Plain, "SecurityScheme"),
			protoField("securityRequirements", "security_requirements", RepeatedMessage, Plain, "SecurityRequirement"),
			protoField("defaultInputModes", "default_input_modes", RepeatedString, Required),
			protoField("defaultOutputModes", "default_output_modes", RepeatedString, Required),
			protoField("skills", "skills", RepeatedMessage, Required, "AgentSkill"),
			protoField("signatures", "signatures", RepeatedMessage, Plain, "AgentCardSignature"),
			protoField("iconUrl", "icon_url", StringField, Optional),
		}},
		{Name: "AgentInterface", Fields: []Field{
			protoField("url", "url", StringField, Required),
			protoField("protocolBinding", "protocol_binding", StringField, Required),
			protoField("tenant", "tenant", StringField, Plain),
			protoField("protocolVersion", "protocol_version", StringField, Required),
		}},
		{Name: "AgentProvider", Fields: []Field{
			protoField("url", "url", StringField, Required),
			protoField("organization", "organization", StringField, Required),
		}},
		{Name: "AgentCapabilities", Fields: []Field{
			protoField("streaming", "streaming", BoolField, Optional),
			protoField("pushNotifications", "push_notifications", BoolField, Optional),
			protoField("extensions", "extensions", RepeatedMessage, Plain, "AgentExtension"),
			protoField("extendedAgentCard", "extended_agent_card", BoolField, Optional),
		}},
		{Name: "AgentExtension", Fields: []Field{
			protoField("uri", "uri", StringField, Plain),
			desc(Plain),
			protoField("required", "required", BoolField, Plain),
			protoField("params", "params", StructField, Plain),
		}},
		{Name: "AgentSkill", Fields: []Field{
			protoField("id", "id", StringField, Required),
			protoField("name", "name", StringField, Required),
			protoField("description", "description", StringField, Required),
			protoField("tags", "tags", RepeatedString, Required),
			protoField("examples", "examples", RepeatedString, Plain),
			protoField("inputModes", "input_modes", RepeatedString, Plain),
			protoField("outputModes", "output_modes", RepeatedString, Plain),
			protoField("securityRequirements", "security_requirements", RepeatedMessage, Plain, "SecurityRequirement"),
		}},
		{Name: "AgentCardSignature", Fields: []Field{
			protoField("protected", "protected", StringField, Required),
			protoField("signature", "signature", StringField, Required),
			protoField("header", "header", StructField, Plain),
		}},
		{Name: "StringList", Fields: []Field{
			protoField("list", "list", RepeatedString, Plain),
		}},
		{Name: "SecurityRequirement", Fields: []Field{
			protoField("schemes", "schemes", MapMessage, Plain, "StringList"),
		}},
		{Name: "SecurityScheme", Oneof: true, Fields: []Field{
			protoField("apiKeySecurityScheme", "api_key_security_scheme", MessageField, Plain, "APIKeySecurityScheme"),
			protoField("httpAuthSecurityScheme", "http_auth_security_scheme", MessageField, Plain, "HTTPAuthSecurityScheme"),
			protoField("oauth2SecurityScheme", "oauth2_security_scheme", MessageField, Plain, "OAuth2SecurityScheme"),
			protoField("openIdConnectSecurityScheme", "open_id_connect_security_scheme", MessageField, Plain, "OpenIdConnectSecurityScheme"),
			protoField("mtlsSecurityScheme", "mtls_security_scheme", MessageField, Plain, "MutualTlsSecurityScheme"),
		}},
		{Name: "APIKeySecurityScheme", Fields: []Field{
			desc(Plain),
			protoField("location", "location", StringField, Required),
			protoField("name", "name", StringField, Required),
		}},
		{Name: "HTTPAuthSecurityScheme", Fields: []Field{
			desc(Plain),
			protoField("scheme", "scheme", StringField, Required),
			protoField("bearerFormat", "bearer_format", StringField, Plain),
		}},
		{Name: "OAuth2SecurityScheme", Fields: []Field{
			desc(Plain),
			protoField("flows", "flows", MessageField, Required, "OAuthFlows"),
			protoField("oauth2MetadataUrl", "oauth2_metadata_url", StringField, Plain),
		}},
		{Name: "OpenIdConnectSecurityScheme", Fields: []Field{
			desc(Plain),
			protoField("openIdConnectUrl", "open_id_connect_url", StringField, Required),
		}},
		{Name: "MutualTlsSecurityScheme", Fields: []Field{desc(Plain)}},
		{Name: "OAuthFlows", Oneof: true, Fields: []Field{
			protoField("authorizationCode", "authorization_code", MessageField, Plain, "AuthorizationCodeOAuthFlow"),
			protoField("clientCredentials", "client_credentials", MessageField, Plain, "ClientCredentialsOAuthFlow"),
			protoField("implicit", "implicit", MessageField, Plain, "ImplicitOAuthFlow"),
			protoField("password", "password", MessageField, Plain, "PasswordOAuthFlow"),
			protoField("deviceCode", "device_code", MessageField, Plain, "DeviceCodeOAuthFlow"),
		}},
		{Name: "AuthorizationCodeOAuthFlow", Fields: []Field{
			protoField("authorizationUrl", "authorization_url", StringField, Required),
			protoField("tokenUrl", "token_url", StringField, Required),
			refresh,
			scopes(Required),
			protoField("pkceRequired", "pkce_required", BoolField, Plain),
		}},
		{Name: "ClientCredentialsOAuthFlow", Fields: []Field{
			protoField("tokenUrl", "token_url", StringField, Required),
			refresh,
			scopes(Required),
		}},
		{Name: "ImplicitOAuthFlow", Fields: []Field{
			protoField("authorizationUrl", "authorization_url", StringField, Plain),
			refresh,
			scopes(Plain),
		}},
		{Name: "PasswordOAuthFlow", Fields: []Field{
			protoField("tokenUrl", "token_url", StringField, Plain),
			refresh,
			scopes(Plain),
		}},
		{Name: "DeviceCodeOAuthFlow", Fields: []Field{
			protoField("deviceAuthorizationUrl", "device_authorization_url", StringField, Required),
			protoField("tokenUrl", "token_url", StringField, Required),
			refresh,
			scopes(Required),
		}},
	}
	m := make(map[string]*MessageType, len(all))
	for _, t := range all {
		m[t.Name] = t
	}
	return m
}()

// IsDefault says whether n holds the proto default of a field of kind k:
// null for every kind, "" for a string, false for a bool, an empty array
// for a repeated field, an empty object for a map. A message or Struct
// has presence: only null is its default. A value of the wrong JSON type
// is not a default (the schema reports it).
func IsDefault(k FieldKind, n *Node) bool {
	if n == nil || n.Kind == Null {
		return true
	}
	switch k {
	case StringField:
		s, ok := n.Str()
		return ok && s == ""
	case BoolField:
		v, ok := n.BoolValue()
		return ok && !v
	case RepeatedString, RepeatedMessage:
		return n.Kind == Array && n.Len() == 0
	case MapString, MapMessage:
		return n.Kind == Object && n.Len() == 0
	}
	return false
}

// Dropped says whether the canonical form (A2A §8.4.1) leaves out field fl
// holding n: a plain field at its default, an optional one that is null
// (ProtoJSON's "not set"); never a REQUIRED one.
func Dropped(fl Field, n *Node) bool {
	switch fl.Presence {
	case Required:
		return false
	case Optional:
		return n == nil || n.Kind == Null
	}
	return IsDefault(fl.Kind, n)
}
