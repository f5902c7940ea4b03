package logs

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"strings"

	"golang.org/x/crypto/ssh"
)

// Errors about identity keys that callers must tell apart.
var (
	// ErrPassphraseNeeded: the private key is encrypted and no passphrase
	// source was given.
	ErrPassphraseNeeded = errors.New("private key is encrypted: a passphrase is needed")
	// ErrBadPassphrase: the passphrase does not decrypt the key.
	ErrBadPassphrase = errors.New("wrong passphrase for private key")
	// ErrUnsupportedKey: a key type other than ed25519 or RSA, or too weak.
	ErrUnsupportedKey = errors.New("unsupported key")
)

// MinRSABits is the smallest RSA modulus accepted for a player's key.
const MinRSABits = 2048

// GenerateEd25519 makes a new identity key from rand (crypto/rand when nil).
func GenerateEd25519(rand io.Reader) (ed25519.PrivateKey, error) {
	_, priv, err := ed25519.GenerateKey(rand)
	if err != nil {
		return nil, fmt.Errorf("generating ed25519 key: %w", err)
	}
	return priv, nil
}

// MarshalPrivateKey writes key (ed25519 or RSA) as an unencrypted OpenSSH
// private key file, the form ssh-keygen writes.
func MarshalPrivateKey(key crypto.PrivateKey, comment string) ([]byte, error) {
	if err := checkPrivateKey(key); err != nil {
		return nil, err
	}
	block, err := ssh.MarshalPrivateKey(key, comment)
	if err != nil {
		return nil, fmt.Errorf("encoding private key: %w", err)
	}
	return pem.EncodeToMemory(block), nil
}

// ParsePrivateKey reads a private key file: OpenSSH format (and the older PEM
// forms ssh-keygen wrote), ed25519 or RSA. If the key is encrypted, passphrase
// is called for the passphrase; a nil passphrase gives ErrPassphraseNeeded.
func ParsePrivateKey(pemBytes []byte, passphrase func() ([]byte, error)) (ssh.Signer, error) {
	key, err := ssh.ParseRawPrivateKey(pemBytes)
	var missing *ssh.PassphraseMissingError
	if errors.As(err, &missing) {
		if passphrase == nil {
			return nil, ErrPassphraseNeeded
		}
		pass, perr := passphrase()
		if perr != nil {
			return nil, fmt.Errorf("reading passphrase: %w", perr)
		}
		key, err = ssh.ParseRawPrivateKeyWithPassphrase(pemBytes, pass)
		if errors.Is(err, x509.IncorrectPasswordError) {
			return nil, ErrBadPassphrase
		}
	}
	if err != nil {
		return nil, fmt.Errorf("reading private key: %w", err)
	}
	if err := checkPrivateKey(key); err != nil {
		return nil, err
	}
	s, err := ssh.NewSignerFromKey(key)
	if err != nil {
		return nil, fmt.Errorf("reading private key: %w", err)
	}
	return s, nil
}

// checkPrivateKey admits ed25519 and RSA keys of at least MinRSABits.
func checkPrivateKey(key crypto.PrivateKey) error {
	switch k := key.(type) {
	case ed25519.PrivateKey, *ed25519.PrivateKey:
		return nil
	case *rsa.PrivateKey:
		if n := k.N.BitLen(); n < MinRSABits {
			return fmt.Errorf("%w: RSA key of %d bits is too short: use at least %d", ErrUnsupportedKey, n, MinRSABits)
		}
		return nil
	case *ecdsa.PrivateKey:
		return fmt.Errorf("%w: ecdsa keys are not supported: use ed25519 or RSA", ErrUnsupportedKey)
	default:
		return fmt.Errorf("%w: %T keys are not supported: use ed25519 or RSA", ErrUnsupportedKey, key)
	}
}

// AuthorizedKey returns pub in authorized_keys form, "type base64 comment", on
// one line with no newline. Line breaks in the comment become spaces.
func AuthorizedKey(pub ssh.PublicKey, comment string) string {
	s := strings.TrimSuffix(string(ssh.MarshalAuthorizedKey(pub)), "\n")
	comment = strings.Join(strings.Fields(comment), " ")
	if comment != "" {
		s += " " + comment
	}
	return s
}

// ParseAuthorizedKey reads one key in authorized_keys form (the comment is
// optional and ignored). Options and further lines are refused, as are key
// types other than ed25519 and RSA.
func ParseAuthorizedKey(s string) (ssh.PublicKey, error) {
	pub, _, options, rest, err := ssh.ParseAuthorizedKey([]byte(s))
	if err != nil {
		return nil, fmt.Errorf("reading public key: %w", err)
	}
	if len(options) > 0 {
		return nil, fmt.Errorf("reading public key: options %q are not allowed", strings.Join(options, ","))
	}
	if strings.TrimSpace(string(rest)) != "" {
		return nil, errors.New("reading public key: more than one key")
	}
	if err := checkPublicKey(pub); err != nil {
		return nil, err
	}
	return pub, nil
}

func checkPublicKey(pub ssh.PublicKey) error {
	switch pub.Type() {
	case ssh.KeyAlgoED25519:
		return nil
	case ssh.KeyAlgoRSA:
		if cpk, ok := pub.(ssh.CryptoPublicKey); ok {
			if rk, ok := cpk.CryptoPublicKey().(*rsa.PublicKey); ok && rk.N.BitLen() < MinRSABits {
				return fmt.Errorf("%w: RSA key of %d bits is too short: use at least %d", ErrUnsupportedKey, rk.N.BitLen(), MinRSABits)
			}
		}
		return nil
	}
	return fmt.Errorf("%w: %s keys are not supported: use ed25519 or RSA", ErrUnsupportedKey, pub.Type())
}

// Fingerprint is the SHA-256 fingerprint as `ssh-keygen -l` prints it.
func Fingerprint(pub ssh.PublicKey) string {
	return ssh.FingerprintSHA256(pub)
}
