package app

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// minimalCard is a valid v1.0 card with one interface and one skill.
const minimalCard = `{
  "name": "Weather Helper",
  "description": "Gives forecasts.",
  "supportedInterfaces": [
    {"url": "https://weather.example/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}
  ],
  "version": "1.0.0",
  "capabilities": {},
  "defaultInputModes": ["text/plain"],
  "defaultOutputModes": ["text/plain"],
  "skills": [
    {"id": "forecast", "name": "Forecast", "description": "Forecast for a city.", "tags": ["weather"]}
  ]
}
`

func readBytes(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// bigCard is a valid card with n skills (and an On Request entry for every
// fifth), the size the keystroke budget is stated for.
func bigCard(n int) string {
	var skills, entries []string
	for i := 0; i < n; i++ {
		skills = append(skills, fmt.Sprintf(`    {"id": "skill-%d", "name": "Skill %d", "description": "Does thing %d for the caller, carefully.", "tags": ["t%d", "common"], "examples": ["Please do thing %d"]}`, i, i, i, i%7, i))
		if i%5 == 0 && len(entries) < 200 {
			entries = append(entries, fmt.Sprintf(`{"id": "skill-%d", "personEntry": "https://ops.example/desk"}`, i))
		}
	}
	return `{
  "name": "Big Agent",
  "description": "An agent with many skills.",
  "supportedInterfaces": [{"url": "https://big.example/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
  "version": "1.0.0",
  "capabilities": {"extensions": [{"uri": "https://agent-capability.org/ext/on-request/v1", "required": false, "params": {"skills": [` +
		strings.Join(entries, ", ") + `]}}]},
  "defaultInputModes": ["text/plain"],
  "defaultOutputModes": ["text/plain"],
  "skills": [
` + strings.Join(skills, ",\n") + `
  ]
}
`
}

const derivedID = "urn:air:weather.example:agents:weather-helper"
