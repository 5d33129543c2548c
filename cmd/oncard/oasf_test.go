package main

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/internal/oasfclient"
	"github.com/oncard/oncard/internal/oasfclient/servertest"
)

// TestOASFServerScripts runs testdata/script/oasf_server/*.txtar, the
// scripts that need an OASF schema server. Each script gets its own
// servertest stand-in (the real server cannot be reached from CI; the
// stand-in answers the documented API from ../shared/reference/oasf/api and
// adds a server-only version 1.2.0), and its own cache and config folders:
//
//	$OASF_SERVER       the stand-in's URL
//	$OASF_CACHE        the folder `oncard oasf sync` fills for it
//	$NEW_SKILL_ID      id of the skill only 1.2.0 has; $NEW_SKILL_NAME its name
//	$XDG_CACHE_HOME    $WORK/.cache    (where `oncard oasf sync` stores)
//	$XDG_CONFIG_HOME   $WORK/.config   (where config.json is read)
//
// They live in a sub-folder so that TestScripts, which has no server, does
// not run them.
func TestOASFServerScripts(t *testing.T) {
	if servertest.ReferenceAPIDir() == "" {
		t.Skip(servertest.ErrNoFixtures.Error())
	}
	testscript.Run(t, testscript.Params{
		Dir:                 filepath.Join("testdata", "script", "oasf_server"),
		RequireExplicitExec: true,
		UpdateScripts:       os.Getenv("ONCARD_UPDATE_SCRIPTS") == "1",
		Setup: func(env *testscript.Env) error {
			srv, err := servertest.Start()
			if err != nil {
				return err
			}
			env.Defer(srv.Close)
			scriptServers.Store(env.WorkDir, srv)
			env.Defer(func() { scriptServers.Delete(env.WorkDir) })
			env.Setenv("NO_COLOR", "1")
			env.Setenv("OASF_SERVER", srv.URL)
			origin, err := oasfclient.OriginFolder(srv.URL)
			if err != nil {
				return err
			}
			env.Setenv("OASF_CACHE", filepath.Join(env.WorkDir, ".cache", "oncard", "oasf", origin))
			env.Setenv("NEW_SKILL_ID", strconv.Itoa(servertest.NewSkillID))
			env.Setenv("NEW_SKILL_NAME", servertest.NewSkillName)
			env.Setenv("XDG_CACHE_HOME", filepath.Join(env.WorkDir, ".cache"))
			env.Setenv("XDG_CONFIG_HOME", filepath.Join(env.WorkDir, ".config"))
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"exitcode":    cmdExitcode,
			"serverfault": cmdServerFault,
		},
	})
}

// scriptServers maps a script's work folder to its stand-in server.
var scriptServers sync.Map

// cmdServerFault: "serverfault PATH FILE" makes the script's stand-in
// answer every request to PATH with 200 and the content of FILE (a trimmed
// or changed tree, as a real server might send).
func cmdServerFault(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: serverfault PATH FILE")
	}
	srv, ok := scriptServers.Load(ts.Getenv("WORK"))
	if !ok {
		ts.Fatalf("no stand-in server for this script")
	}
	srv.(*servertest.Server).Fault(args[0], servertest.Status(200, ts.ReadFile(args[1])))
}

func TestNormalizeSchemaHost(t *testing.T) {
	for in, want := range map[string]string{
		"schema.oasf.outshift.com": "schema.oasf.outshift.com",
		"OASF.Example.com:8443":    "oasf.example.com:8443",
		"localhost":                "localhost",
		"[::1]":                    "[::1]",
		"[::1]:8080":               "[::1]:8080",
		"127.0.0.1:8080":           "127.0.0.1:8080",
	} {
		got, err := app.NormalizeSchemaHost(in)
		if err != nil || got != want {
			t.Errorf("normalizeSchemaHost(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "https://schema.oasf.outshift.com", "host/path", "host:0", "host:99999", "host:abc", "a b", "user@host"} {
		if _, err := app.NormalizeSchemaHost(bad); err == nil {
			t.Errorf("normalizeSchemaHost(%q) accepted", bad)
		}
	}
}

func writeConfig(t *testing.T, body string) {
	t.Helper()
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir)
	if body == "" {
		return
	}
	if err := os.MkdirAll(filepath.Join(dir, "oncard"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "oncard", "config.json"), []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestAcceptedSchemaHosts(t *testing.T) {
	writeConfig(t, "")
	got, err := app.AcceptedSchemaHosts(nil)
	if err != nil || strings.Join(got, ",") != "schema.oasf.outshift.com,localhost,127.0.0.1,[::1]" {
		t.Errorf("defaults = %v, %v", got, err)
	}

	writeConfig(t, `{"schema_hosts": ["OASF.internal.example:8443", "localhost"], "oasf_server": "https://oasf.internal.example:8443"}`)
	got, err = app.AcceptedSchemaHosts([]string{"mirror.example.org", "oasf.internal.example:8443"})
	if err != nil {
		t.Fatal(err)
	}
	want := "schema.oasf.outshift.com,localhost,127.0.0.1,[::1],oasf.internal.example:8443,mirror.example.org"
	if strings.Join(got, ",") != want {
		t.Errorf("hosts = %v\nwant %s", got, want)
	}
	if url, err := app.OASFServerURL(""); err != nil || url != "https://oasf.internal.example:8443" {
		t.Errorf("server from config = %q, %v", url, err)
	}
	if url, _ := app.OASFServerURL("http://localhost:9"); url != "http://localhost:9" {
		t.Errorf("the flag wins over the config: %q", url)
	}

	_, err = app.AcceptedSchemaHosts([]string{"https://x.example"})
	var u usageError
	if !errors.As(fromApp(err), &u) {
		t.Errorf("a URL as --schema-host: err = %v, want a usage error", err)
	}
}

func TestConfigErrorsNameTheFile(t *testing.T) {
	for name, body := range map[string]string{
		"not json":    `{`,
		"unknown key": `{"schema_host": ["x"]}`,
		"bad host":    `{"schema_hosts": ["https://x.example/"]}`,
		"plain http":  `{"oasf_server": "http://oasf.example.com"}`,
		"wrong type":  `{"schema_hosts": "x.example"}`,
	} {
		t.Run(name, func(t *testing.T) {
			writeConfig(t, body)
			_, err := app.AcceptedSchemaHosts(nil)
			if err == nil || !strings.Contains(err.Error(), filepath.Join("oncard", "config.json")) {
				t.Errorf("err = %v, want one naming the config file", err)
			}
		})
	}
}
