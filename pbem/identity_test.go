package pbem

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/crypto/ssh"
)

// pbem id import adopts an encrypted OpenSSH key: it stays encrypted, and the
// passphrase is asked for when the key signs.
func TestImportEncryptedKey(t *testing.T) {
	_, priv, _ := ed25519.GenerateKey(rand.Reader)
	block, err := ssh.MarshalPrivateKeyWithPassphrase(priv, "anna", []byte("bocage"))
	if err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(t.TempDir(), "id_ed25519")
	if err := os.WriteFile(src, pem.EncodeToMemory(block), 0o600); err != nil {
		t.Fatal(err)
	}
	home := Home{Config: t.TempDir(), Data: t.TempDir()}
	wrong := func() ([]byte, error) { return []byte("hedgerow"), nil }
	if _, err := home.ImportIdentity(src, "Anna", "anna@example.org", wrong); err == nil {
		t.Fatal("a wrong passphrase is accepted")
	}
	if _, err := os.Stat(home.KeyPath()); !errors.Is(err, os.ErrNotExist) {
		t.Fatal("a refused import left a key behind")
	}
	right := func() ([]byte, error) { return []byte("bocage"), nil }
	id, err := home.ImportIdentity(src, "Anna", "anna@example.org", right)
	if err != nil {
		t.Fatal(err)
	}
	pub, _ := ssh.NewPublicKey(priv.Public())
	if id.Fingerprint() != ssh.FingerprintSHA256(pub) {
		t.Fatal("the imported identity is not the key")
	}
	if _, err := home.Identity(nil); err == nil {
		t.Fatal("the stored key must stay encrypted")
	}
	if _, err := home.Identity(right); err != nil {
		t.Fatal(err)
	}
}
