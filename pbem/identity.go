package pbem

import (
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"golang.org/x/crypto/ssh"

	"github.com/pbem-referee/pbem/logs"
)

// Identity is the player: a name, a mail address and a signing key. The private
// key stays in its own file (mode 0600), never in the store.
type Identity struct {
	Name string `json:"name"`
	Mail string `json:"mail"`
	// Public is read from the key file, never from identity.json.
	Public ssh.PublicKey `json:"-"`
	signer ssh.Signer
}

// Passphrase supplies the passphrase of an encrypted key when it is needed.
type Passphrase func() ([]byte, error)

// AuthorizedKey is the public key in authorized_keys form, with the mail address
// as comment.
func (id *Identity) AuthorizedKey() string { return logs.AuthorizedKey(id.Public, id.Mail) }

// Fingerprint is the key's SHA256 fingerprint, as ssh-keygen -l prints it.
func (id *Identity) Fingerprint() string { return logs.Fingerprint(id.Public) }

// Signer returns the signing key.
func (id *Identity) Signer() ssh.Signer { return id.signer }

// NewIdentity makes an Ed25519 key for the player and saves it. It refuses to
// replace an existing identity.
func (h Home) NewIdentity(name, mail string) (*Identity, error) {
	if err := checkPerson(name, mail); err != nil {
		return nil, err
	}
	key, err := logs.GenerateEd25519(rand.Reader)
	if err != nil {
		return nil, err
	}
	pemBytes, err := logs.MarshalPrivateKey(key, mail)
	if err != nil {
		return nil, err
	}
	if err := h.saveIdentity(name, mail, pemBytes); err != nil {
		return nil, err
	}
	return h.Identity(nil)
}

// ImportIdentity adopts an existing OpenSSH private key (ed25519 or RSA). An
// encrypted key stays encrypted: its passphrase is asked for whenever it signs.
func (h Home) ImportIdentity(path, name, mail string, pass Passphrase) (*Identity, error) {
	if err := checkPerson(name, mail); err != nil {
		return nil, err
	}
	pemBytes, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if _, err := logs.ParsePrivateKey(pemBytes, pass); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if err := h.saveIdentity(name, mail, pemBytes); err != nil {
		return nil, err
	}
	return h.Identity(pass)
}

func checkPerson(name, mail string) error {
	if strings.TrimSpace(name) == "" {
		return errors.New("a name is needed (--name)")
	}
	if err := checkAddress(mail); err != nil {
		return fmt.Errorf("mail address %w (--email)", err)
	}
	return nil
}

func (h Home) saveIdentity(name, mail string, pemBytes []byte) error {
	if err := h.ensure(); err != nil {
		return err
	}
	if _, err := os.Stat(h.KeyPath()); err == nil {
		return fmt.Errorf("an identity already exists in %s: pbem keeps one per home (set PBEM_HOME for another)", h.Config)
	}
	f, err := os.OpenFile(h.KeyPath(), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if _, err := f.Write(pemBytes); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	meta, _ := json.MarshalIndent(Identity{Name: name, Mail: mail}, "", "  ")
	return os.WriteFile(h.IdentityPath(), append(meta, '\n'), 0o600)
}

// Identity loads the player's identity. pass is asked only if the key is
// encrypted.
func (h Home) Identity(pass Passphrase) (*Identity, error) {
	meta, err := os.ReadFile(h.IdentityPath())
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ErrNoIdentity
	}
	if err != nil {
		return nil, err
	}
	var id Identity
	if err := json.Unmarshal(meta, &id); err != nil {
		return nil, fmt.Errorf("%s: %w", h.IdentityPath(), err)
	}
	pemBytes, err := os.ReadFile(h.KeyPath())
	if err != nil {
		return nil, err
	}
	id.signer, err = logs.ParsePrivateKey(pemBytes, pass)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", h.KeyPath(), err)
	}
	id.Public = id.signer.PublicKey()
	return &id, nil
}
