package lsp

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/internal/oasfclient"
	"github.com/oncard/oncard/internal/verdict"
	"github.com/oncard/oncard/model/oasf"
)

// settingsSection is the section of the editor's settings the server reads
// (workspace/configuration, didChangeConfiguration, initializationOptions).
const settingsSection = "oncard"

// Settings are the editor's settings for oncard, the language server's
// counterparts of `oncard validate`'s flags. Every member is optional.
type Settings struct {
	// SchemaHosts are accepted OASF schema servers besides the defaults
	// and the user configuration's schema_hosts (--schema-host).
	SchemaHosts []string `json:"schemaHosts,omitempty"`
	// FailOn is the least severity that fails a file (--fail-on); it wins
	// over the failOn of .oncard.json. Findings that fail are shown as
	// errors.
	FailOn string `json:"failOn,omitempty"`
	// OASFVersion is the OASF schema_version hover and completion use
	// where the document names none.
	OASFVersion string `json:"oasfVersion,omitempty"`
	// Online also asks an OASF schema server about discovery payloads
	// when a document is opened or saved (--online).
	Online bool `json:"online,omitempty"`
	// OASFServer is that server (--oasf-server); "" for the user
	// configuration's oasf_server, else the public one.
	OASFServer string `json:"oasfServer,omitempty"`
}

// resolvedSettings are Settings checked and completed from the user
// configuration, as the command line completes its flags.
type resolvedSettings struct {
	SchemaHosts []string
	FailOn      string
	OASFVersion string
	Online      bool
	OASFServer  string
}

// resolve checks s and completes it; a mistake is an error naming the
// setting, and the settings before stay in force.
func (s Settings) resolve() (resolvedSettings, error) {
	r := resolvedSettings{FailOn: s.FailOn, OASFVersion: s.OASFVersion, Online: s.Online}
	hosts, err := app.AcceptedSchemaHosts(s.SchemaHosts)
	if err != nil {
		return r, fmt.Errorf("oncard.schemaHosts: %w", err)
	}
	r.SchemaHosts = hosts
	if s.FailOn != "" {
		if _, err := verdict.ParseFailOn(s.FailOn); err != nil {
			return r, fmt.Errorf("oncard.failOn: %w", err)
		}
	}
	if s.OASFVersion != "" && oasf.Get(s.OASFVersion) == nil {
		return r, fmt.Errorf("oncard.oasfVersion: OASF %s is not known (oncard oasf versions lists them)", s.OASFVersion)
	}
	if s.OASFServer != "" {
		if _, err := oasfclient.New(s.OASFServer, oasfclient.Options{}); err != nil {
			return r, fmt.Errorf("oncard.oasfServer: %w", err)
		}
	}
	if r.OASFServer, err = app.OASFServerURL(s.OASFServer); err != nil {
		return r, err
	}
	return r, nil
}

// parseSettings reads the oncard section as a client sends it: the section
// itself (workspace/configuration), or an object holding it under "oncard"
// (didChangeConfiguration, initializationOptions). null or absent is the
// defaults.
func parseSettings(raw json.RawMessage) (Settings, error) {
	var s Settings
	if len(raw) == 0 || string(raw) == "null" {
		return s, nil
	}
	var wrapped map[string]json.RawMessage
	if err := json.Unmarshal(raw, &wrapped); err != nil {
		return s, errors.New("oncard settings must be an object")
	}
	if inner, ok := wrapped[settingsSection]; ok {
		raw = inner
		if string(raw) == "null" {
			return s, nil
		}
	}
	if err := json.Unmarshal(raw, &s); err != nil {
		return s, fmt.Errorf("oncard settings: %w", err)
	}
	return s, nil
}
