package keyfile

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"encoding/pem"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReadFilesNameThem(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "key.pem")
	if err := os.WriteFile(p, []byte("nothing"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := SigningKey(p); err == nil || !strings.HasPrefix(err.Error(), p+": ") {
		t.Errorf("ReadSigningKey: %v", err)
	}
	if _, err := KeySet(p); err == nil || !strings.HasPrefix(err.Error(), p+": ") {
		t.Errorf("ReadKeySet: %v", err)
	}
	if _, err := KeySet(filepath.Join(dir, "missing")); err == nil || !strings.Contains(err.Error(), "missing") {
		t.Errorf("missing file: %v", err)
	}
	big := filepath.Join(dir, "big")
	if err := os.WriteFile(big, make([]byte, maxBytes+1), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := SigningKey(big); err == nil || !strings.Contains(err.Error(), "not a key file") {
		t.Errorf("big file: %v", err)
	}
}

func TestReadsAKey(t *testing.T) {
	p := filepath.Join(t.TempDir(), "key.pem")
	if err := os.WriteFile(p, pemKey(t), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := SigningKey(p); err != nil {
		t.Fatal(err)
	}
	if set, err := KeySet(p); err != nil || set == nil {
		t.Fatalf("KeySet: %v", err)
	}
}

// pemKey is a new P-256 private key in PKCS #8 PEM.
func pemKey(t *testing.T) []byte {
	t.Helper()
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	der, err := x509.MarshalPKCS8PrivateKey(k)
	if err != nil {
		t.Fatal(err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})
}
