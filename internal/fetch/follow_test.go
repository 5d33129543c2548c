package fetch

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/validate"
)

// findings lists "pointer code" per finding, in order.
func findings(diags []validate.Diagnostic) []string {
	var out []string
	for _, d := range diags {
		out = append(out, d.Pointer+" "+d.Code)
	}
	return out
}

func has(diags []validate.Diagnostic, ptr, code string) *validate.Diagnostic {
	for i, d := range diags {
		if d.Pointer == ptr && d.Code == code {
			return &diags[i]
		}
	}
	return nil
}

func parseServed(t testing.TB, s *server, text string) *model.Doc {
	t.Helper()
	d, err := model.Parse([]byte(strings.ReplaceAll(text, "BASE", s.URL)))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestFollow(t *testing.T) {
	card := fixture(t, "card.json")
	catalog := fixture(t, "follow.catalog.json")
	srv := newServer(t, map[string]route{
		"/.well-known/agent-card.json": {contentType: "application/a2a-agent-card+json", body: card},
		"/agents/old.json":             {contentType: "text/html", body: card},
		"/agents/wrong.json":           {contentType: "application/json", body: `{"specVersion": "1.0", "entries": []}`},
		"/follow.catalog.json":         {contentType: "application/json", body: catalog},
		"/nested.json":                 {contentType: "application/ai-catalog+json", body: fixture(t, "nested.json")},
	})
	doc := parseServed(t, srv, catalog)
	f := &Follower{Client: srv.client()}
	got, docs, err := follow(f, context.Background(), doc, srv.URL+"/follow.catalog.json")
	if err != nil {
		t.Fatal(err)
	}

	// The catalog's own findings, located in its text.
	want := []string{
		"/entries/1/version catalog/version-mismatch",
		"/entries/2/url fetch/status",
		"/entries/3/type catalog/entry-type-mismatch",
		"/entries/4/url catalog/http-url", // the catalog's own validation: one walk
		"/entries/5/type fetch/not-followed",
	}
	if fmt.Sprint(findings(got)) != fmt.Sprint(want) {
		t.Errorf("catalog findings:\n got %v\nwant %v", findings(got), want)
	}
	for _, d := range got {
		line, col := doc.KeyPosition(d.Pointer)
		if d.Line != line || d.Column != col || line == 0 {
			t.Errorf("%s at %d:%d, want %d:%d", d.Code, d.Line, d.Column, line, col)
		}
	}
	if d := has(got, "/entries/2/url", CodeStatus); d == nil || !strings.Contains(d.Message, srv.URL+"/agents/gone.json") || !strings.Contains(d.Message, "404") {
		t.Errorf("the failure does not name the URL and the status: %+v", d)
	}
	if d := has(got, "/entries/1/version", "catalog/version-mismatch"); d == nil || !strings.Contains(d.Message, srv.URL+"/agents/old.json") {
		t.Errorf("the mismatch does not name the card's URL: %+v", d)
	}

	// The fetched documents, in the order met, each named by its URL.
	var names []string
	for _, d := range docs {
		names = append(names, strings.TrimPrefix(d.Name, srv.URL)+" "+string(d.Kind))
	}
	wantNames := []string{"/.well-known/agent-card.json card", "/agents/old.json card", "/agents/wrong.json catalog", "/nested.json catalog"}
	if fmt.Sprint(names) != fmt.Sprint(wantNames) {
		t.Errorf("documents:\n got %v\nwant %v", names, wantNames)
	}
	for _, d := range docs {
		switch strings.TrimPrefix(d.Name, srv.URL) {
		case "/agents/old.json":
			if has(d.Diags, "", CodeContentType) == nil {
				t.Errorf("old.json: no %s in %v", CodeContentType, findings(d.Diags))
			}
		case "/.well-known/agent-card.json":
			if e, _, _ := validate.Counts(d.Diags); e != 0 || has(d.Diags, "", CodeContentType) != nil {
				t.Errorf("the good card has findings %v", findings(d.Diags))
			}
		case "/nested.json":
			// Its relative url resolves against its own URL (already
			// fetched: not fetched again), its link back to the followed
			// catalog is not fetched, and file: is refused.
			wantNested := []string{
				"/entries/0/identifier catalog/identifier-host-mismatch",
				"/entries/2/url fetch/refused",
			}
			var followFindings []string
			for _, s := range findings(d.Diags) {
				if strings.Contains(s, "identifier-host") || strings.Contains(s, "fetch/") {
					followFindings = append(followFindings, s)
				}
			}
			if fmt.Sprint(followFindings) != fmt.Sprint(wantNested) {
				t.Errorf("nested.json: %v, want %v (all: %v)", followFindings, wantNested, findings(d.Diags))
			}
			for _, x := range d.Diags {
				line, col := d.Doc.KeyPosition(x.Pointer)
				if x.Pointer != "" && (x.Line != line || x.Column != col) {
					t.Errorf("nested.json: %s at %d:%d, want %d:%d", x.Code, x.Line, x.Column, line, col)
				}
			}
		}
	}

	// Each URL fetched once, the followed catalog not at all.
	for path, n := range map[string]int{
		"/.well-known/agent-card.json": 1, "/agents/old.json": 1, "/agents/gone.json": 1,
		"/agents/wrong.json": 1, "/nested.json": 1, "/follow.catalog.json": 0,
	} {
		if got := srv.hitsOf(path); got != n {
			t.Errorf("%s fetched %d times, want %d", path, got, n)
		}
	}
}

// chain serves /c/0.json → /c/1.json → … → /c/n.json, each a catalog
// linking the next one.
func chain(n int) map[string]route {
	routes := map[string]route{}
	for i := 0; i <= n; i++ {
		entries := ""
		if i < n {
			entries = fmt.Sprintf(`{"identifier": "urn:x:c%d", "type": "application/ai-catalog+json", "url": "BASE/c/%d.json"}`, i+1, i+1)
		}
		routes[fmt.Sprintf("/c/%d.json", i)] = route{contentType: "application/json",
			body: fmt.Sprintf(`{"specVersion": "1.0", "entries": [%s]}`, entries)}
	}
	return routes
}

func TestFollowDepthLimit(t *testing.T) {
	srv := newServer(t, chain(6))
	doc := parseServed(t, srv, strings.ReplaceAll(chain(6)["/c/0.json"].body, "BASE", srv.URL))
	got, docs, err := follow(&Follower{Client: srv.client()}, context.Background(), doc, srv.URL+"/c/0.json")
	if err != nil || len(got) != 0 {
		t.Fatalf("Follow: %v, %v", err, findings(got))
	}
	// Levels 1 to 4 are fetched; the 4th links a 5th, beyond the limit.
	if len(docs) != validate.MaxCatalogNesting {
		t.Fatalf("fetched %d catalogs, want %d", len(docs), validate.MaxCatalogNesting)
	}
	last := docs[len(docs)-1]
	if has(last.Diags, "/entries/0/url", "catalog/nested-depth-exceeded") == nil {
		t.Errorf("%s: %v, want catalog/nested-depth-exceeded", last.Name, findings(last.Diags))
	}
	if n := srv.hitsOf("/c/5.json"); n != 0 {
		t.Errorf("the catalog beyond the limit was fetched")
	}
}

func TestFollowCountLimit(t *testing.T) {
	card := fixture(t, "card.json")
	routes := map[string]route{}
	var entries []string
	for i := range 3 {
		routes[fmt.Sprintf("/a/%d.json", i)] = route{contentType: "application/json", body: card}
		entries = append(entries, fmt.Sprintf(`{"identifier": "urn:x:%d", "type": "application/a2a-agent-card+json", "url": "BASE/a/%d.json"}`, i, i))
	}
	srv := newServer(t, routes)
	doc := parseServed(t, srv, `{"specVersion": "1.0", "entries": [`+strings.Join(entries, ",")+`]}`)
	got, docs, err := follow(&Follower{Client: srv.client(), MaxDocuments: 2}, context.Background(), doc, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(docs) != 2 || fmt.Sprint(findings(got)) != "[/entries/2/url fetch/not-followed]" {
		t.Errorf("%d documents, findings %v", len(docs), findings(got))
	}
	if d := has(got, "/entries/2/url", CodeNotFollowed); d == nil || d.Severity != validate.Warning {
		t.Errorf("the limit is not a warning: %+v", d)
	}
	if srv.hitsOf("/a/2.json") != 0 {
		t.Errorf("the third card was fetched")
	}
}

// A local catalog's relative and file: urls are validation's (read from
// disk); Follow fetches only what is on the web.
func TestFollowLocalCatalogLeavesLocalLinks(t *testing.T) {
	srv := newServer(t, map[string]route{"/card.json": {contentType: "application/json", body: fixture(t, "card.json")}})
	doc := parseServed(t, srv, `{"specVersion": "1.0", "entries": [
  {"identifier": "urn:x:a", "type": "application/a2a-agent-card+json", "url": "card.json"},
  {"identifier": "urn:x:b", "type": "application/a2a-agent-card+json", "url": "file:///card.json"},
  {"identifier": "urn:x:c", "type": "application/ai-catalog+json", "data": {"specVersion": "1.0", "entries": [
    {"identifier": "urn:x:d", "type": "application/a2a-agent-card+json", "version": "0.1.0", "url": "BASE/card.json"}]}}]}`)
	got, docs, err := follow(&Follower{Client: srv.client()}, context.Background(), doc, "")
	if err != nil {
		t.Fatal(err)
	}
	// Only the card the inline nested catalog links is fetched, and its
	// entry is cross-checked where it is, inside the inline data; the local
	// links are the catalog's validation's (a relative one needs the
	// catalog's file, a file: url is outside its folder).
	if len(docs) != 1 || srv.hitsOf("/card.json") != 1 {
		t.Errorf("fetched %d documents", len(docs))
	}
	if fmt.Sprint(findings(got)) != "[/entries/0/url catalog/http-url /entries/1/url catalog/http-url /entries/1/url catalog/url-outside-folder /entries/2/data/entries/0/version catalog/version-mismatch]" {
		t.Errorf("findings %v", findings(got))
	}
}

func TestFollowCanceled(t *testing.T) {
	card := fixture(t, "card.json")
	srv := newServer(t, map[string]route{
		"/a.json": {contentType: "application/json", body: card},
		"/b.json": {contentType: "application/json", body: card},
	})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	srv.onRequest = func(string) { cancel() } // the first request ends the run
	doc := parseServed(t, srv, `{"specVersion": "1.0", "entries": [
  {"identifier": "urn:x:a", "type": "application/a2a-agent-card+json", "url": "BASE/a.json"},
  {"identifier": "urn:x:b", "type": "application/a2a-agent-card+json", "url": "BASE/b.json"}]}`)
	_, _, err := follow(&Follower{Client: srv.client()}, ctx, doc, "")
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
	if srv.hitsOf("/b.json") != 0 {
		t.Errorf("went on fetching after the cancellation")
	}
}

func TestFollowHugeAndRedirectedEntries(t *testing.T) {
	card := fixture(t, "card.json")
	srv := newServer(t, map[string]route{
		"/huge.json":  {contentType: "application/json", body: `{"name": "` + strings.Repeat("x", 64<<10) + `"}`},
		"/moved.json": {redirect: "https://localhost:1/card.json"},
		"/card.json":  {contentType: "application/json", body: card},
	})
	doc := parseServed(t, srv, `{"specVersion": "1.0", "entries": [
  {"identifier": "urn:x:a", "type": "application/a2a-agent-card+json", "url": "BASE/huge.json"},
  {"identifier": "urn:x:b", "type": "application/a2a-agent-card+json", "url": "BASE/moved.json"},
  {"identifier": "urn:x:c", "type": "application/a2a-agent-card+json", "url": "http://agents.example/card.json"}]}`)
	var asked []validate.Kind
	f := &Follower{Client: srv.client(), MaxBytes: func(k validate.Kind) int64 { asked = append(asked, k); return 32 << 10 }}
	got, docs, err := follow(f, context.Background(), doc, "")
	if err != nil {
		t.Fatal(err)
	}
	want := "[/entries/0/url fetch/too-large /entries/1/url fetch/refused /entries/2/url catalog/http-url /entries/2/url fetch/refused]"
	if fmt.Sprint(findings(got)) != want || len(docs) != 0 {
		t.Errorf("findings %v (%d documents), want %s", findings(got), len(docs), want)
	}
	if fmt.Sprint(asked) != "[card card]" {
		t.Errorf("caps asked for %v", asked)
	}
}

// follow runs a --follow walk from catalog (fetched from base, "" for a
// local file): the catalog's validation with the walk's FollowFunc, as
// oncard validate --follow runs it.
func follow(f *Follower, ctx context.Context, catalog *model.Doc, base string) ([]validate.Diagnostic, []*Followed, error) {
	if f.Check == nil {
		// The rules alone, as a judge without keys, config or server gives them.
		f.Check = func(_ context.Context, data []byte, url string, follow validate.FollowFunc) validate.Result {
			return validate.Check(data, "", &validate.Options{BaseURL: url, Follow: follow})
		}
	}
	w := f.Start(ctx)
	w.From(base)
	return validate.Document(catalog, validate.KindCatalog, &validate.Options{BaseURL: base, Follow: w.Follow(0)}), w.Docs(), ctx.Err()
}
