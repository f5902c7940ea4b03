package logs

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"encoding/pem"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/crypto/ssh"
)

func TestGenerateEd25519FromSeed(t *testing.T) {
	seed := bytes.Repeat([]byte{7}, ed25519.SeedSize)
	key, err := GenerateEd25519(bytes.NewReader(seed))
	if err != nil {
		t.Fatal(err)
	}
	if !key.Equal(ed25519.NewKeyFromSeed(seed)) {
		t.Error("key is not the one the seed determines")
	}
	if _, err := GenerateEd25519(bytes.NewReader(seed[:5])); err == nil {
		t.Error("short random source accepted")
	}
}

func TestMarshalPrivateKeyRoundTrip(t *testing.T) {
	key, err := GenerateEd25519(nil)
	if err != nil {
		t.Fatal(err)
	}
	pemBytes, err := MarshalPrivateKey(key, "axis@example")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(pemBytes, []byte("-----BEGIN OPENSSH PRIVATE KEY-----\n")) {
		t.Fatalf("not an OpenSSH key file:\n%s", pemBytes)
	}
	s, err := ParsePrivateKey(pemBytes, nil)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := ssh.NewPublicKey(key.Public())
	if !bytes.Equal(s.PublicKey().Marshal(), want.Marshal()) {
		t.Error("parsed key differs")
	}

	// OpenSSH reads the file we wrote and derives the same public key.
	if path, err := exec.LookPath("ssh-keygen"); err == nil {
		file := filepath.Join(t.TempDir(), "id")
		if err := os.WriteFile(file, pemBytes, 0o600); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(path, "-y", "-f", file).Output()
		if err != nil {
			t.Fatalf("ssh-keygen -y: %v", err)
		}
		if got := strings.Fields(string(out)); len(got) < 2 || got[0]+" "+got[1] != AuthorizedKey(want, "") {
			t.Errorf("ssh-keygen -y gives %q, want %q", out, AuthorizedKey(want, ""))
		}
	}
}

func TestParsePrivateKeyEncrypted(t *testing.T) {
	dir := t.TempDir()
	file := keygen(t, dir, "enc", "-t", "ed25519", "-N", "s3cret passphrase")
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ParsePrivateKey(data, nil); !errors.Is(err, ErrPassphraseNeeded) {
		t.Errorf("no passphrase source: got %v", err)
	}
	if _, err := ParsePrivateKey(data, func() ([]byte, error) { return []byte("wrong"), nil }); !errors.Is(err, ErrBadPassphrase) {
		t.Errorf("wrong passphrase: got %v", err)
	}
	errTTY := errors.New("no terminal")
	if _, err := ParsePrivateKey(data, func() ([]byte, error) { return nil, errTTY }); !errors.Is(err, errTTY) {
		t.Errorf("failing passphrase source: got %v", err)
	}
	calls := 0
	s, err := ParsePrivateKey(data, func() ([]byte, error) { calls++; return []byte("s3cret passphrase"), nil })
	if err != nil {
		t.Fatal(err)
	}
	if calls != 1 {
		t.Errorf("passphrase asked %d times", calls)
	}
	checkAgainstPubFile(t, s.PublicKey(), file+".pub")

	// An unencrypted key never asks.
	plain := keygen(t, dir, "plain", "-t", "ed25519", "-N", "")
	data, _ = os.ReadFile(plain)
	if _, err := ParsePrivateKey(data, func() ([]byte, error) { t.Error("asked for a passphrase"); return nil, nil }); err != nil {
		t.Fatal(err)
	}
}

func TestParsePrivateKeyRSA(t *testing.T) {
	dir := t.TempDir()
	for _, format := range []string{"RFC4716", "PEM"} { // OpenSSH's own format and the legacy PKCS#1 one
		file := keygen(t, dir, "rsa-"+format, "-t", "rsa", "-b", "2048", "-N", "", "-m", format)
		s := loadSigner(t, file)
		checkAgainstPubFile(t, s.PublicKey(), file+".pub")
		// It signs in a way our verifier accepts (rsa-sha2-512).
		blob, err := SSHSign(s, Namespace, []byte("x"))
		if err != nil {
			t.Fatal(err)
		}
		if err := SSHVerify(s.PublicKey(), Namespace, []byte("x"), blob); err != nil {
			t.Error(err)
		}
	}
}

// checkAgainstPubFile compares pub with ssh-keygen's .pub file and -l output.
func checkAgainstPubFile(t *testing.T, pub ssh.PublicKey, pubFile string) {
	t.Helper()
	data, err := os.ReadFile(pubFile)
	if err != nil {
		t.Fatal(err)
	}
	fields := strings.Fields(string(data))
	if got := AuthorizedKey(pub, fields[2]); got != strings.TrimSuffix(string(data), "\n") {
		t.Errorf("AuthorizedKey = %q, .pub file has %q", got, data)
	}
	parsed, err := ParseAuthorizedKey(string(data))
	if err != nil || !bytes.Equal(parsed.Marshal(), pub.Marshal()) {
		t.Errorf("ParseAuthorizedKey(.pub file): %v", err)
	}
	out, err := exec.Command(needKeygen(t), "-l", "-E", "sha256", "-f", pubFile).Output()
	if err != nil {
		t.Fatal(err)
	}
	// "256 SHA256:... comment (ED25519)"
	if want := strings.Fields(string(out))[1]; Fingerprint(pub) != want {
		t.Errorf("Fingerprint = %s, ssh-keygen -l says %s", Fingerprint(pub), want)
	}
}

func TestKeysRefuseOtherTypes(t *testing.T) {
	ec, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	block, err := ssh.MarshalPrivateKey(ec, "")
	if err != nil {
		t.Fatal(err)
	}
	ecPEM := pem.EncodeToMemory(block)
	if _, err := ParsePrivateKey(ecPEM, nil); !errors.Is(err, ErrUnsupportedKey) || !strings.Contains(err.Error(), "ecdsa keys are not supported: use ed25519 or RSA") {
		t.Errorf("ecdsa private key: got %v", err)
	}
	if _, err := MarshalPrivateKey(ec, ""); !errors.Is(err, ErrUnsupportedKey) {
		t.Errorf("marshal ecdsa: got %v", err)
	}
	ecPub, _ := ssh.NewPublicKey(&ec.PublicKey)
	if _, err := ParseAuthorizedKey(AuthorizedKey(ecPub, "")); !errors.Is(err, ErrUnsupportedKey) {
		t.Errorf("ecdsa public key: got %v", err)
	}
	ecSigner, _ := ssh.NewSignerFromKey(ec)
	if _, err := SSHSign(ecSigner, Namespace, []byte("x")); !errors.Is(err, ErrUnsupportedKey) {
		t.Errorf("signing with ecdsa: got %v", err)
	}

	weak, err := rsa.GenerateKey(rand.Reader, 1024)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := MarshalPrivateKey(weak, ""); !errors.Is(err, ErrUnsupportedKey) || !strings.Contains(err.Error(), "1024 bits") {
		t.Errorf("1024-bit RSA: got %v", err)
	}
	weakPub, _ := ssh.NewPublicKey(&weak.PublicKey)
	if _, err := ParseAuthorizedKey(AuthorizedKey(weakPub, "")); !errors.Is(err, ErrUnsupportedKey) {
		t.Errorf("1024-bit RSA public key: got %v", err)
	}
	if _, err := ParsePrivateKey([]byte("not a key"), nil); err == nil {
		t.Error("garbage accepted as a private key")
	}
}

func TestAuthorizedKey(t *testing.T) {
	seed := bytes.Repeat([]byte{1}, ed25519.SeedSize)
	pub, _ := ssh.NewPublicKey(ed25519.NewKeyFromSeed(seed).Public())
	line := AuthorizedKey(pub, "  Jan\nKowalski\t<jan@example.pl> ")
	parts := strings.SplitN(line, " ", 3)
	if parts[0] != "ssh-ed25519" || parts[2] != "Jan Kowalski <jan@example.pl>" || strings.ContainsAny(line, "\n\r\t") {
		t.Errorf("AuthorizedKey = %q", line)
	}
	if got := AuthorizedKey(pub, ""); strings.Count(got, " ") != 1 {
		t.Errorf("no comment: %q", got)
	}
	back, err := ParseAuthorizedKey(line)
	if err != nil || !bytes.Equal(back.Marshal(), pub.Marshal()) {
		t.Fatalf("round trip: %v", err)
	}
	bad := map[string]string{
		"options":  `command="ls" ` + line,
		"two keys": line + "\n" + line,
		"garbage":  "ssh-ed25519 !!!",
		"empty":    "",
	}
	for name, s := range bad {
		if _, err := ParseAuthorizedKey(s); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}
