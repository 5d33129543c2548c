// Package interop holds oncard's interoperability tests: the cards oncard
// writes, upgrades and signs, read by the official A2A SDKs (a2a-go here,
// the JS SDK in js/) as test oracles. It is a module of its own so that
// the product's go.mod does not depend on the SDKs.
//
// Build writes the document set both test layers read: every template,
// every `oncard new --from` fixture of the command line's scripts, the
// real cards of ../shared/reference upgraded with `oncard edit --upgrade`
// (when that directory is there), and each of those that validates signed
// with `oncard sign`. Everything is made by the oncard binary, built from
// this checkout, so the set is what users get.
package interop

import (
	"bytes"
	"crypto/ed25519"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/rogpeppe/go-internal/txtar"
)

// Doc is one document of the set.
type Doc struct {
	Name string `json:"name"` // unique: "template/full", "signed/template/full"
	// Kind is "template", "from" (oncard new --from a fixture), "upgraded"
	// (a real card after oncard edit --upgrade) or "signed".
	Kind string `json:"kind"`
	File string `json:"file"` // relative to the set's directory
	// Valid: oncard validate finds no error in it.
	Valid bool `json:"valid"`
}

// Manifest lists the set, with the public key set of the signing key.
type Manifest struct {
	Docs []Doc `json:"docs"`
	// JWKS is the public key set oncard signed with (kid "oncard-1").
	JWKS string `json:"jwks"`
	// Skipped says what was left out and why, for the tests to print.
	Skipped []string `json:"skipped"`
}

// Repo is the oncard checkout this module sits in.
func Repo() string {
	wd, _ := os.Getwd()
	for d := wd; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "cmd", "oncard")); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			return filepath.Join(wd, "..")
		}
	}
}

// BuildOncard builds the oncard binary into dir and returns its path.
func BuildOncard(dir string) (string, error) {
	bin := filepath.Join(dir, "oncard")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/oncard")
	cmd.Dir = Repo()
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build ./cmd/oncard: %v\n%s", err, out)
	}
	return bin, nil
}

// Build writes the document set into dir with the oncard binary bin.
func Build(bin, dir string) (*Manifest, error) {
	b := &builder{bin: bin, dir: dir, m: &Manifest{}}
	for _, sub := range []string{"template", "from", "upgraded", "signed", "work"} {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
			return nil, err
		}
	}
	if err := b.key(); err != nil {
		return nil, err
	}
	steps := []func() error{b.templates, b.fromFixtures, b.realCards, b.sign}
	for _, step := range steps {
		if err := step(); err != nil {
			return nil, err
		}
	}
	data, err := json.MarshalIndent(b.m, "", "  ")
	if err != nil {
		return nil, err
	}
	return b.m, os.WriteFile(filepath.Join(dir, "manifest.json"), data, 0o644)
}

type builder struct {
	bin, dir string
	m        *Manifest
}

// run runs oncard in the set's work directory; it returns the exit error.
func (b *builder) run(args ...string) ([]byte, error) {
	cmd := exec.Command(b.bin, args...)
	cmd.Dir = filepath.Join(b.dir, "work")
	cmd.Env = append(os.Environ(), "XDG_CONFIG_HOME="+filepath.Join(b.dir, "no-config"), "NO_COLOR=1")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	return out.Bytes(), err
}

func (b *builder) add(kind, name, file string) {
	// The verdict every command gives (a malformed signature is an error
	// there too), so that Valid is what oncard sign accepts.
	_, err := b.run("validate", file)
	rel, _ := filepath.Rel(b.dir, file)
	b.m.Docs = append(b.m.Docs, Doc{Name: kind + "/" + name, Kind: kind, File: filepath.ToSlash(rel), Valid: err == nil})
}

// key writes a fixed Ed25519 signing key (made for these tests only) and
// its public JWK set.
func (b *builder) key() error {
	seed := []byte("oncard interop test key, 32 byte")
	priv := ed25519.NewKeyFromSeed(seed)
	der, err := x509.MarshalPKCS8PrivateKey(priv)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(b.dir, "oncard-key.pem"), pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}), 0o600); err != nil {
		return err
	}
	jwks := filepath.Join(b.dir, "jwks.json")
	b.m.JWKS = "jwks.json"
	pub := priv.Public().(ed25519.PublicKey)
	set := map[string]any{"keys": []any{map[string]string{
		"kty": "OKP", "crv": "Ed25519", "kid": "oncard-1", "alg": "EdDSA", "use": "sig",
		"x": base64.RawURLEncoding.EncodeToString(pub),
	}}}
	data, _ := json.MarshalIndent(set, "", "  ")
	return os.WriteFile(jwks, data, 0o644)
}

// templates: oncard new --template NAME for every card template.
func (b *builder) templates() error {
	for _, name := range []string{"minimal", "on-request", "oasf-discovery", "full"} {
		out := filepath.Join(b.dir, "template", name+".json")
		if msg, err := b.run("new", "--template", name, "--yes", "-o", out); err != nil {
			return fmt.Errorf("oncard new --template %s: %v\n%s", name, err, msg)
		}
		b.add("template", name, out)
	}
	return nil
}

var fromArg = regexp.MustCompile(`oncard new --from (\S+\.json)`)

// fromFixtures: oncard new --from FILE for every file the scripts pass to
// --from; a fixture oncard refuses (a script's broken card) is skipped,
// said so.
func (b *builder) fromFixtures() error {
	scripts, err := filepath.Glob(filepath.Join(Repo(), "cmd", "oncard", "testdata", "script", "new_from*.txtar"))
	if err != nil {
		return err
	}
	for _, script := range scripts {
		a, err := txtar.ParseFile(script)
		if err != nil {
			return err
		}
		used := map[string]bool{}
		for _, m := range fromArg.FindAllStringSubmatch(string(a.Comment), -1) {
			used[m[1]] = true
		}
		base := strings.TrimSuffix(filepath.Base(script), ".txtar")
		for _, f := range a.Files {
			if !used[f.Name] {
				continue
			}
			in := filepath.Join(b.dir, "work", base+"-"+f.Name)
			if err := os.WriteFile(in, f.Data, 0o644); err != nil {
				return err
			}
			name := base + "/" + strings.TrimSuffix(f.Name, ".json")
			out := filepath.Join(b.dir, "from", base+"-"+f.Name)
			if msg, err := b.run("new", "--from", in, "--yes", "-o", out); err != nil {
				b.m.Skipped = append(b.m.Skipped, "from/"+name+": oncard new refuses it (the script's failing case): "+firstLine(msg))
				continue
			}
			b.add("from", name, out)
		}
	}
	return nil
}

// realCards: each real card of ../shared/reference/a2a/real-cards after
// oncard edit --upgrade (a v1.0 card it has nothing to upgrade in is taken
// as it is).
func (b *builder) realCards() error {
	dir := filepath.Join(Repo(), "..", "shared", "reference", "a2a", "real-cards")
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(files) == 0 {
		b.m.Skipped = append(b.m.Skipped, "upgraded real cards: "+dir+" is not there (a checkout without ../shared)")
		return nil
	}
	sort.Strings(files)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		name := strings.TrimSuffix(filepath.Base(f), ".json")
		out := filepath.Join(b.dir, "upgraded", filepath.Base(f))
		if err := os.WriteFile(out, data, 0o644); err != nil {
			return err
		}
		msg, err := b.run("edit", out, "--upgrade", "--yes")
		switch {
		case err == nil || bytes.Contains(msg, []byte("no v0.3 members")):
		case !json.Valid(data):
			b.m.Skipped = append(b.m.Skipped, "upgraded/"+name+": not JSON")
			os.Remove(out)
			continue
		default:
			// The upgrade was refused (it would add errors) or the card
			// had errors already: kept as it is, marked by Valid.
		}
		b.add("upgraded", name, out)
	}
	return nil
}

// sign: oncard sign -o (no terminal: the default-valued members dropped
// first, as --yes does) every valid document of the set.
func (b *builder) sign() error {
	docs := slices.Clone(b.m.Docs)
	for _, d := range docs {
		if !d.Valid {
			b.m.Skipped = append(b.m.Skipped, "signed/"+d.Name+": oncard does not sign a card with errors")
			continue
		}
		out := filepath.Join(b.dir, "signed", strings.ReplaceAll(d.Name, "/", "__")+".json")
		msg, err := b.run("sign", filepath.Join(b.dir, d.File), "--key", filepath.Join(b.dir, "oncard-key.pem"), "--kid", "oncard-1", "-o", out)
		if err != nil {
			var exit *exec.ExitError
			if errors.As(err, &exit) {
				return fmt.Errorf("oncard sign %s: %v\n%s", d.File, err, msg)
			}
			return err
		}
		b.add("signed", d.Name, out)
	}
	return nil
}

func firstLine(b []byte) string {
	s, _, _ := strings.Cut(strings.TrimSpace(string(b)), "\n")
	return s
}
