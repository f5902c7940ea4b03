package pbem

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
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

// identity.json names the player, and nothing else: the key is in its own
// file, and a file that an older pbem wrote with "Public": null still reads.
func TestIdentityFile(t *testing.T) {
	home := Home{Config: t.TempDir(), Data: t.TempDir()}
	if _, err := home.NewIdentity("Anna", "anna@example.org"); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(home.IdentityPath())
	if err != nil {
		t.Fatal(err)
	}
	var fields map[string]any
	if err := json.Unmarshal(data, &fields); err != nil {
		t.Fatal(err)
	}
	if len(fields) != 2 || fields["name"] != "Anna" || fields["mail"] != "anna@example.org" {
		t.Errorf("identity.json holds %s", data)
	}
	old := []byte(`{"name": "Anna", "mail": "anna@example.org", "Public": null}` + "\n")
	if err := os.WriteFile(home.IdentityPath(), old, 0o600); err != nil {
		t.Fatal(err)
	}
	if id, err := home.Identity(nil); err != nil || id.Name != "Anna" || id.Public == nil {
		t.Fatalf("an older identity.json: %v", err)
	}
}
