package accessible

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/cardsteps"
)

// Every step of the full screen's flow is asked line by line (Start is
// the card the command begins with): a step added to the flow without
// its questions fails here.
func TestEveryStepIsAsked(t *testing.T) {
	askers := (&cardAsker{}).askers()
	for _, sp := range cardsteps.Flow[1:] {
		if _, ok := askers[sp.ID]; !ok {
			t.Errorf("the step %s (%s) has no line-by-line questions", sp.ID, sp.Title)
		}
	}
}

// syncBuffer is a buffer the prompts write while the test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// An interrupt while a question waits ends the questions with the
// context's error, the card holding the answers so far and the result
// saying the step it was on (a draft records both).
func TestInterruptSaysWhereItStopped(t *testing.T) {
	doc, err := model.Parse([]byte(cardsteps.BlankCard))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	r, w := io.Pipe()
	defer w.Close()
	in := NewInput(ctx, r)
	defer in.Close()
	out := &syncBuffer{}
	type outcome struct {
		res CardResult
		err error
	}
	done := make(chan outcome, 1)
	go func() {
		res, err := Card(NewAsker(in, out), CardOptions{Doc: doc, DefaultPath: "./agent-card.json"})
		done <- outcome{res, err}
	}()
	if _, err := io.WriteString(w, "Weather Helper\n"); err != nil {
		t.Fatal(err)
	}
	// Rounds, not a timer, decide: the next question is asked once the
	// answer is taken.
	for i := 0; !strings.Contains(out.String(), "Description"); i++ {
		if i > 2000 {
			t.Fatalf("the second question never came:\n%s", out.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
	cancel()
	o := <-done
	if !errors.Is(o.err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", o.err)
	}
	if o.res.StepName != "Agent" || o.res.Answers != 1 {
		t.Errorf("stopped at %q after %d answers, want Agent after 1", o.res.StepName, o.res.Answers)
	}
	if got := doc.Find("/name").Text(); got != "Weather Helper" {
		t.Errorf("the card's name is %q", got)
	}
}

// The output question takes only what can be a card's file name.
func TestOutputPathRefusesWhatIsNoFileName(t *testing.T) {
	dir := t.TempDir()
	for answer, ok := range map[string]bool{
		"-": true, "card.json": true, "out/Card.JSON": true,
		"1804": false, "y": false, "card\x01.json": false, dir + "/x.json/..": false,
	} {
		if err := checkOutputPath(answer); (err == nil) != ok {
			t.Errorf("%q: %v, want accepted %v", answer, err, ok)
		}
	}
}
