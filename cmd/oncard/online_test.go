package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/oncard/oncard/internal/oasfclient/servertest"
	"github.com/oncard/oncard/model/testcards"
)

func writeCard(t *testing.T) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "card.json")
	if err := os.WriteFile(p, testcards.Small(), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestValidateOnline: --online asks the schema server (a stand-in) about
// the card's discovery payload and still exits 0 for a valid card.
func TestValidateOnline(t *testing.T) {
	srv := servertest.New(t)
	card := writeCard(t)
	code, stdout, stderr := runCapture(t, "validate", "--online", "--oasf-server", srv.URL, "--format", "json", card)
	if code != exitOK {
		t.Fatalf("exit %d\nstdout %s\nstderr %s", code, stdout, stderr)
	}
	if n := srv.CountRequests("GET /api/") + srv.CountRequests("POST /api/"); n == 0 {
		t.Errorf("no request reached the schema server; served: %v", srv.Requests())
	}
}

// TestValidateOnlineServerDown: an unreachable server fails the run (exit
// 1) with a message naming the file, and the offline findings are still
// printed.
func TestValidateOnlineServerDown(t *testing.T) {
	dead := httptest.NewServer(nil)
	url := dead.URL
	dead.Close()
	card := writeCard(t)
	var out, errb bytes.Buffer
	args := []string{"validate", "--online", "--oasf-server", url, card, card, card, card}
	code := runWith(context.Background(), args, strings.NewReader(""), &out, &errb)
	if code != exitInvalid {
		t.Errorf("exit %d, want %d", code, exitInvalid)
	}
	// One failure is reported, not one per file.
	if n := strings.Count(errb.String(), "online check failed: "); n != 1 {
		t.Errorf("%d failure messages, want 1:\n%s", n, errb.String())
	}
	if !strings.Contains(errb.String(), card+": online check failed: ") ||
		!strings.Contains(errb.String(), "online check not done for 3 more files") {
		t.Errorf("stderr %q", errb.String())
	}
	if !strings.Contains(out.String(), "4 files: 0 errors") {
		t.Errorf("offline results missing: %q", out.String())
	}
}

func TestValidateOnlineUsage(t *testing.T) {
	for _, args := range [][]string{
		{"validate", "--oasf-server", "https://schema.example", "x.json"},
		{"validate", "--online", "--oasf-server", "ftp://schema.example", "x.json"},
		{"validate", "--online", "--oasf-server", "http://schema.example", "x.json"},
	} {
		code, stdout, stderr := runCapture(t, args...)
		if code != exitUsage || stdout != "" || !strings.Contains(stderr, "--oasf-server") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, stdout, stderr)
		}
	}
}

// TestValidateOnlineMaxPerRule: the online check compares the server's
// verdict with every offline finding, also when the file lists only some
// (--max-per-rule): the counts are those of a run listing all, and no
// disagreement is made up.
func TestValidateOnlineMaxPerRule(t *testing.T) {
	srv := servertest.New(t)
	p := filepath.Join(t.TempDir(), "payload.json")
	payload := `{"schema_version": "1.1.0", "skills": [{"id": 99991}, {"id": 99992}, {"id": 99993}, {"id": 99994}], "domains": []}`
	if err := os.WriteFile(p, []byte(payload), 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(limit string) (summary string, diags int) {
		_, stdout, stderr := runCapture(t, "validate", "--online", "--oasf-server", srv.URL, "--format", "json", "--max-per-rule", limit, p)
		var out struct {
			Files []struct {
				Diagnostics []struct{ Code string }
			}
			Summary map[string]any
		}
		if err := json.Unmarshal([]byte(stdout), &out); err != nil || len(out.Files) != 1 {
			t.Fatalf("--max-per-rule %s: %v\nstdout %s\nstderr %s", limit, err, stdout, stderr)
		}
		for _, d := range out.Files[0].Diagnostics {
			if d.Code == "oasf/online-offline-disagree" {
				t.Errorf("--max-per-rule %s: a disagreement: %s", limit, stdout)
			}
		}
		return fmt.Sprint(out.Summary), len(out.Files[0].Diagnostics)
	}
	all, listed := run("0")
	capped, shown := run("1")
	if capped != all || shown >= listed {
		t.Errorf("--max-per-rule 1: %s, %d listed; listing all: %s, %d listed", capped, shown, all, listed)
	}
}
