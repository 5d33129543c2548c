package testcards

import (
	"bytes"
	"fmt"
)

// Catalog returns a valid AI Catalog of n entries shaped like the ones
// `oncard catalog add` writes (identifier, type, version, url, tags and an
// OASF discovery payload), indented with two spaces: about 560 bytes an
// entry, so 100,000 entries make about 55 MB.
func Catalog(n int) []byte {
	var b bytes.Buffer
	b.Grow(n*600 + 64)
	b.WriteString("{\n  \"specVersion\": \"1.0\",\n  \"entries\": [\n")
	for i := range n {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, `    {
      "identifier": "urn:air:agents%d.example.com:agents:agent-%d",
      "type": "application/a2a-agent-card+json",
      "version": "1.%d.0",
      "url": "https://agents%d.example.com/.well-known/agent-card.json",
      "tags": ["generated", "bench"],
      "extensions": {
        "org.agntcy.oasf.discovery.v1": {
          "schema_version": "1.1.0",
          "skills": [{"name": "software_engineering/code_debugging/error_handling", "id": 60602}],
          "domains": [{"name": "technology/networking/network_security", "id": 10305}]
        }
      }
    }`, i, i, i%7, i)
	}
	b.WriteString("\n  ]\n}\n")
	return b.Bytes()
}
