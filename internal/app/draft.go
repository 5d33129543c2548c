package app

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/google/renameio/v2"
)

// Draft is a card being written, kept in the user state directory so that
// Ctrl-C, a crash or a closed terminal loses at most the field being typed.
type Draft struct {
	Format int       `json:"format"` // 1
	Saved  time.Time `json:"saved"`
	Output string    `json:"output"` // where the card is to be saved
	Step   int       `json:"step"`
	Card   string    `json:"card"` // the card's bytes, exactly as encoded
	// Catalog are the Catalog step's settings (nil: the defaults).
	Catalog *DraftCatalog `json:"catalog,omitempty"`
	// Path is the draft file (not stored).
	Path string `json:"-"`
}

// DraftDir is $XDG_STATE_HOME/oncard/drafts (default ~/.local/state/…).
func DraftDir() (string, error) {
	base := os.Getenv("XDG_STATE_HOME")
	if base == "" || !filepath.IsAbs(base) {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", fmt.Errorf("no state directory: set XDG_STATE_HOME (%v)", err)
		}
		base = filepath.Join(home, ".local", "state")
	}
	return filepath.Join(base, "oncard", "drafts"), nil
}

// NewDraftPath names the draft file of a new session.
func NewDraftPath(dir string) string {
	return filepath.Join(dir, fmt.Sprintf("draft-%s-%d.json", time.Now().UTC().Format("20060102T150405.000000000"), os.Getpid()))
}

// SaveDraft writes d atomically at d.Path (mode 0600: a draft may hold
// unpublished details).
func SaveDraft(d *Draft) error {
	if d.Path == "" {
		return errors.New("draft has no path")
	}
	if err := os.MkdirAll(filepath.Dir(d.Path), 0o700); err != nil {
		return err
	}
	d.Format = 1
	d.Saved = time.Now().UTC()
	data, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		return err
	}
	return renameio.WriteFile(d.Path, append(data, '\n'), 0o600)
}

// ErrNoDraft is returned by LatestDraft when there is nothing to resume.
var ErrNoDraft = errors.New("no draft to resume")

// LatestDraft reads the most recently saved draft in dir.
func LatestDraft(dir string) (*Draft, error) {
	files, err := filepath.Glob(filepath.Join(dir, "draft-*.json"))
	if err != nil || len(files) == 0 {
		return nil, ErrNoDraft
	}
	type stamped struct {
		path string
		mod  time.Time
	}
	var all []stamped
	for _, f := range files {
		if fi, err := os.Stat(f); err == nil {
			all = append(all, stamped{f, fi.ModTime()})
		}
	}
	sort.Slice(all, func(i, j int) bool {
		if all[i].mod.Equal(all[j].mod) {
			return all[i].path > all[j].path
		}
		return all[i].mod.After(all[j].mod)
	})
	for _, f := range all {
		data, err := os.ReadFile(f.path)
		if err != nil {
			continue
		}
		var d Draft
		if json.Unmarshal(data, &d) != nil || d.Format != 1 {
			continue
		}
		d.Path = f.path
		return &d, nil
	}
	return nil, ErrNoDraft
}

// RemoveDraft deletes a draft file (a missing one is fine).
func RemoveDraft(path string) error {
	if path == "" {
		return nil
	}
	if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return nil
}
