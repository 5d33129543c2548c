package validate

import "embed"

// schemaFiles holds the JSON Schemas validate compiles: the On Request schema
// byte for byte as published with the spec, and the tool's own schemas.
//
//go:embed schemas/*.json
var schemaFiles embed.FS
