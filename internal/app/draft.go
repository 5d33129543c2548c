package app

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/oncard/oncard/internal/jsonwords"
	"github.com/oncard/oncard/internal/safefile"
)

// Draft kinds.
const (
	DraftNew  = "new"  // a card being written by `oncard new`
	DraftEdit = "edit" // unsaved edits of a file in `oncard edit`
)

// Draft is a card being written (or a file being edited), kept in the user
// state directory so that Ctrl-C, a crash or a closed terminal loses at
// most the field being typed.
type Draft struct {
	Format int       `json:"format"` // 1
	Kind   string    `json:"kind,omitempty"`
	Saved  time.Time `json:"saved"`
	// Dir is the working directory the draft was started in (absolute);
	// "" in drafts of older versions.
	Dir string `json:"dir,omitempty"`
	// Output is where the card is to be saved: absolute (resolved against
	// Dir when saved), or "-" for stdout. For an edit draft, the file
	// being edited.
	Output string `json:"output"`
	// Step is the index of the step the draft was left on; StepName its
	// title, which means the same step when a version adds steps (drafts
	// without it are read in the step order they were written in).
	Step     int    `json:"step"`
	StepName string `json:"stepName,omitempty"`
	Card     string `json:"card"` // the card's bytes, exactly as encoded
	// Catalog are the Catalog step's settings (nil: the defaults).
	Catalog *DraftCatalog `json:"catalog,omitempty"`
	// Base is the edited file as it was when the edits began (edit
	// drafts): the edits are offered again only over the same bytes.
	Base *DraftBase `json:"base,omitempty"`
	// Ops are the edits of an edit draft, in order.
	Ops []DraftOp `json:"ops,omitempty"`

	// ID names the draft for --resume (its file name without "draft-"
	// and ".json"); Path is the draft file. Neither is stored.
	ID   string `json:"-"`
	Path string `json:"-"`
}

// DraftBase identifies the bytes an edit draft's ops apply to.
type DraftBase struct {
	SHA256  string    `json:"sha256"`
	Size    int64     `json:"size"`
	ModTime time.Time `json:"modTime"`
}

// DraftOp is one edit of an edit draft, by name rather than by number so
// that a draft means the same to every version.
type DraftOp struct {
	Op    string `json:"op"` // set, delete, insert, move
	Ptr   string `json:"ptr"`
	From  string `json:"from,omitempty"`
	Value string `json:"value,omitempty"` // JSON text, byte for byte
}

// BaseOf describes data (a file's bytes) and its modification time.
func BaseOf(data []byte, mod time.Time) *DraftBase {
	sum := sha256.Sum256(data)
	return &DraftBase{SHA256: hex.EncodeToString(sum[:]), Size: int64(len(data)), ModTime: mod.UTC()}
}

// Matches reports whether data are the bytes the base describes.
func (b *DraftBase) Matches(data []byte) bool {
	return b != nil && *BaseOf(data, time.Time{}) == DraftBase{SHA256: b.SHA256, Size: b.Size}
}

// DamagedDraft is a draft file that cannot be resumed, and why.
type DamagedDraft struct {
	Path string
	ID   string
	Mod  time.Time
	Why  string
}

// Drafts is the drafts directory.
type Drafts struct{ Dir string }

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

// OpenDrafts is the user's drafts directory, created if need be. It is
// kept at mode 0700 (a draft may hold unpublished details): a looser
// mode, left by an older version or a umask, is tightened.
func OpenDrafts() (*Drafts, error) {
	dir, err := DraftDir()
	if err != nil {
		return nil, err
	}
	return OpenDraftsAt(dir)
}

// OpenDraftsAt is OpenDrafts for a given directory.
func OpenDraftsAt(dir string) (*Drafts, error) {
	if err := ensurePrivateDir(dir); err != nil {
		return nil, err
	}
	return &Drafts{Dir: dir}, nil
}

func ensurePrivateDir(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	// Another user's folder is theirs to read, and to fill with drafts for
	// you to resume.
	fi, err := os.Stat(dir)
	if err != nil {
		return err
	}
	if uid, notMine := safefile.NotMine(fi); notMine {
		return fmt.Errorf("drafts folder %s belongs to another user (uid %d); oncard keeps drafts only in a folder of yours: remove it, or set XDG_STATE_HOME", dir, uid)
	}
	if fi.Mode().Perm() != 0o700 {
		if err := os.Chmod(dir, 0o700); err != nil {
			return fmt.Errorf("drafts directory %s is mode %o and cannot be made private: %w", dir, fi.Mode().Perm(), err)
		}
	}
	return nil
}

// New is an unsaved draft of the given kind with a fresh ID.
func (ds *Drafts) New(kind string) *Draft {
	path := NewDraftPath(ds.Dir)
	id := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(path), "draft-"), ".json")
	return &Draft{Kind: kind, ID: id, Path: path}
}

// NewDraftPath names the draft file of a new session in dir: a short
// random ID (six hex digits, easy to type after --resume) that no draft
// there has yet.
func NewDraftPath(dir string) string {
	for {
		var b [3]byte
		_, _ = rand.Read(b[:])
		path := filepath.Join(dir, "draft-"+hex.EncodeToString(b[:])+".json")
		if _, err := os.Lstat(path); err != nil { // absent (or unreadable: the save says why)
			return path
		}
	}
}

// SaveDraft writes d atomically at d.Path, mode 0600, in a directory kept
// at 0700. The working directory and an output path are recorded
// absolute, so that a draft resumed elsewhere still writes where it was
// meant to.
func SaveDraft(d *Draft) error {
	if d.Path == "" {
		return errors.New("draft has no path")
	}
	if err := ensurePrivateDir(filepath.Dir(d.Path)); err != nil {
		return err
	}
	if d.Dir == "" {
		if wd, err := os.Getwd(); err == nil {
			d.Dir = wd
		}
	}
	if d.Output != "" && d.Output != "-" && !filepath.IsAbs(d.Output) && d.Dir != "" {
		d.Output = filepath.Join(d.Dir, d.Output)
	}
	if d.Kind == "" {
		d.Kind = DraftNew
	}
	d.Format = 1
	d.Saved = time.Now().UTC()
	data, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		return err
	}
	_, err = safefile.Write(context.Background(), d.Path, append(data, '\n'), safefile.Options{Perm: 0o600})
	return err
}

// ErrNoDraft is returned when there is nothing to resume.
var ErrNoDraft = errors.New("no draft to resume")

// List reads every draft in the directory, newest first, and the draft
// files that cannot be read back (with why), newest first too.
func (ds *Drafts) List() ([]*Draft, []DamagedDraft, error) {
	files, err := filepath.Glob(filepath.Join(ds.Dir, "draft-*.json"))
	if err != nil {
		return nil, nil, err
	}
	var drafts []*Draft
	var damaged []DamagedDraft
	for _, f := range files {
		id := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(f), "draft-"), ".json")
		fi, err := os.Stat(f)
		if err != nil {
			continue // removed meanwhile
		}
		d, why := readDraft(f)
		if why != "" {
			damaged = append(damaged, DamagedDraft{Path: f, ID: id, Mod: fi.ModTime(), Why: why})
			continue
		}
		d.ID, d.Path = id, f
		if d.Saved.IsZero() {
			d.Saved = fi.ModTime()
		}
		drafts = append(drafts, d)
	}
	sort.SliceStable(drafts, func(i, j int) bool {
		if drafts[i].Saved.Equal(drafts[j].Saved) {
			return drafts[i].Path > drafts[j].Path
		}
		return drafts[i].Saved.After(drafts[j].Saved)
	})
	sort.SliceStable(damaged, func(i, j int) bool { return damaged[i].Mod.After(damaged[j].Mod) })
	return drafts, damaged, nil
}

// readDraft reads one draft file; why says what is wrong with it.
func readDraft(path string) (d *Draft, why string) {
	data, _, err := safefile.ReadRegular(context.Background(), path, 64<<20)
	if err != nil {
		var big *safefile.TooLargeError
		if errors.As(err, &big) {
			return nil, big.Error()
		}
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return nil, pe.Err.Error()
		}
		return nil, err.Error()
	}
	d = new(Draft)
	if err := json.Unmarshal(data, d); err != nil {
		return nil, "not a draft: " + jsonwords.Explain(data, err)
	}
	switch {
	case d.Format != 1:
		return nil, fmt.Sprintf("draft format %d is not known to this version", d.Format)
	case d.Kind == "":
		d.Kind = DraftNew // older versions only had drafts of new cards
	case d.Kind != DraftNew && d.Kind != DraftEdit:
		return nil, fmt.Sprintf("draft kind %q is not known to this version", d.Kind)
	}
	if d.Kind == DraftEdit && (d.Base == nil || d.Output == "") {
		return nil, "edit draft without the file it edits"
	}
	return d, ""
}

// Get reads the draft with the given ID; a damaged one is an error saying
// why.
func (ds *Drafts) Get(id string) (*Draft, error) {
	if id == "" || strings.ContainsAny(id, `/\`) || id != filepath.Base(id) {
		return nil, fmt.Errorf("no draft %q", id)
	}
	path := filepath.Join(ds.Dir, "draft-"+id+".json")
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("no draft %q in %s", id, ds.Dir)
	}
	d, why := readDraft(path)
	if why != "" {
		return nil, fmt.Errorf("draft %s is damaged (%s): %s", id, path, why)
	}
	d.ID, d.Path = id, path
	return d, nil
}

// Latest is the newest draft that keep accepts (nil keeps all), or
// ErrNoDraft.
func (ds *Drafts) Latest(keep func(*Draft) bool) (*Draft, error) {
	drafts, _, err := ds.List()
	if err != nil {
		return nil, err
	}
	for _, d := range drafts {
		if keep == nil || keep(d) {
			return d, nil
		}
	}
	return nil, ErrNoDraft
}

// EditDraftFor is the newest edit draft of the file at path (compared as
// absolute, cleaned paths), or ErrNoDraft.
func (ds *Drafts) EditDraftFor(path string) (*Draft, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	return ds.Latest(func(d *Draft) bool { return d.Kind == DraftEdit && SamePath(d.Output, abs) })
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

// Age is how long ago t was, for a person: "5 minutes", "3 days",
// "11 months".
func Age(t, now time.Time) string {
	d := now.Sub(t)
	switch {
	case d < time.Minute:
		return "just now"
	case d < time.Hour:
		return Count(int(d/time.Minute), "minute", "minutes") + " ago"
	case d < 48*time.Hour:
		return Count(int(d/time.Hour), "hour", "hours") + " ago"
	case d < 60*24*time.Hour:
		return Count(int(d/(24*time.Hour)), "day", "days") + " ago"
	default:
		return Count(int(d/(30*24*time.Hour)), "month", "months") + " ago"
	}
}
