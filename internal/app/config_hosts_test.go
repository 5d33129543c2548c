package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A wildcard or a control character is no host: refused in the config's
// host lists (and in --schema-host), naming the entry, so that "*" can
// never mean "trust every jku".
func TestConfigRefusesWildcardAndControlHosts(t *testing.T) {
	for _, bad := range []string{"*", "*.example.com", "oasf.example\x1b[31m", "host\x00", "ho\u0085st", "ho\"st", "host;rm"} {
		if got, err := NormalizeSchemaHost(bad); err == nil {
			t.Errorf("NormalizeSchemaHost(%q) = %q, accepted", bad, got)
		}
	}
	for _, good := range []string{"oasf.example.com", "localhost:8080", "[::1]:8443", "my_host.internal", "bücher.example"} {
		if _, err := NormalizeSchemaHost(good); err != nil {
			t.Errorf("NormalizeSchemaHost(%q): %v", good, err)
		}
	}
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir)
	if err := os.MkdirAll(filepath.Join(dir, "oncard"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "oncard", "config.json"), []byte(`{"jku_hosts": ["keys.example", "*"]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := AcceptedSchemaHosts(nil); err == nil || !strings.Contains(err.Error(), `jku_hosts[1]: "*": a wildcard is not a host`) {
		t.Errorf("err = %v", err)
	}
}
