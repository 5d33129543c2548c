package input

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/oncard/oncard/internal/fetch"
	"github.com/oncard/oncard/internal/sizecap"
)

// endless is an input that never ends (/dev/zero, `yes`), counting what
// was taken from it.
type endless struct{ n int64 }

func (e *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = ' '
	}
	e.n += int64(len(p))
	return len(p), nil
}

// An input of no known kind stops at the Document cap (16 MiB): no more is
// read of it, whatever it is; its first bytes looking like a catalog let
// it go on to the catalog's cap.
func TestUnknownInputStopsAtDocumentCap(t *testing.T) {
	in := &endless{}
	_, err := ReadFile(context.Background(), "-", in, "", 0)
	var big *TooLargeError
	if !errors.As(err, &big) || big.Limit != sizecap.Document {
		t.Fatalf("err = %v", err)
	}
	if in.n > sizecap.Document+(1<<20) {
		t.Errorf("read %d bytes of an endless input of no kind; the cap is %d", in.n, sizecap.Document)
	}
	cat := &catalogHead{left: 20 << 20}
	if data, err := ReadFile(context.Background(), "-", cat, "", 0); err != nil || len(data) <= sizecap.Document {
		t.Fatalf("a catalog's head: %d bytes, err = %v", len(data), err)
	}
	// By name: a file called a catalog may take the catalog's cap at once.
	if c := readCap("site/ai-catalog.json", "", 0); c.Max != sizecap.Catalog {
		t.Errorf("readCap(ai-catalog.json) = %+v", c)
	}
	if c := readCap("card.json", "", 0); c.Max != sizecap.Document || c.GrowMax != sizecap.Catalog {
		t.Errorf("readCap(card.json) = %+v", c)
	}
	if c := readCap("card.json", "", 300<<20); c.Max != 300<<20 || c.Grow != nil {
		t.Errorf("--max-size: %+v", c)
	}
}

// catalogHead is the start of a catalog, then left bytes of spaces.
type catalogHead struct {
	head bool
	left int
}

func (c *catalogHead) Read(p []byte) (int, error) {
	if !c.head {
		c.head = true
		return copy(p, `{"specVersion": "1.0", "entries": [`), nil
	}
	if c.left == 0 {
		return 0, io.EOF
	}
	n := min(len(p), c.left)
	for i := range n {
		p[i] = ' '
	}
	c.left -= n
	return n, nil
}

// A fetch stops at 8 MiB (an endless or decompressing answer), unless the
// URL says catalog or --max-size raises it.
func TestFetchStopsAtFetchCap(t *testing.T) {
	var sent int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		chunk := []byte(strings.Repeat(" ", 64<<10))
		for sent < 64<<20 {
			n, err := w.Write(chunk)
			sent += int64(n)
			if err != nil {
				return
			}
		}
	}))
	defer srv.Close()
	_, err := Read(context.Background(), srv.URL+"/agent-card.json", nil, "", 0)
	var fe *fetch.Error
	if !errors.As(err, &fe) || !strings.Contains(err.Error(), "8 MiB") {
		t.Errorf("err = %v", err)
	}
	if got := fetchLimit(srv.URL+"/.well-known/ai-catalog.json", "", 0); got != sizecap.Catalog {
		t.Errorf("fetchLimit(ai-catalog.json) = %d", got)
	}
	if got := fetchLimit(srv.URL+"/x.json", "catalog", 0); got != sizecap.Catalog {
		t.Errorf("fetchLimit(--kind catalog) = %d", got)
	}
	if got := fetchLimit(srv.URL+"/x.json", "", 20<<20); got != 20<<20 {
		t.Errorf("fetchLimit(--max-size) = %d", got)
	}
}
