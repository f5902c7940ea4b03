package logs

import (
	"bytes"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"golang.org/x/crypto/ssh"
)

// sigForm is one SSHSIG blob over msg and what docs/log.md says of it: whether
// `ssh-keygen -Y verify` accepts it, and whether pbem does (only when it is in
// the one canonical form, and then only when ssh-keygen accepts it too).
type sigForm struct {
	name   string
	signer ssh.Signer
	msg    []byte
	blob   []byte
	keygen bool   // ssh-keygen -Y verify accepts it (OpenSSH 9.2)
	pbem   string // "" when pbem accepts it, else a fragment of its refusal
}

var (
	rsaOnce sync.Once
	rsaKey  *rsa.PrivateKey
)

// testRSA is one RSA key for the whole package's tests: making one takes long.
func testRSA(t testing.TB) ssh.Signer {
	rsaOnce.Do(func() {
		k, err := rsa.GenerateKey(rand.Reader, 2048)
		if err != nil {
			panic(err)
		}
		rsaKey = k
	})
	s, err := ssh.NewSignerFromKey(rsaKey)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// forgeSig builds a blob field by field, signing whatever signed data the
// case asks for, so that each departure from the canonical form is genuine
// apart from that departure.
func forgeSig(t testing.TB, s ssh.Signer, msg []byte, version uint32, reserved, signedReserved, hashAlg, algo string) []byte {
	t.Helper()
	var digest []byte
	switch hashAlg {
	case "sha256":
		h := sha256.Sum256(msg)
		digest = h[:]
	default:
		h := sha512.Sum512(msg)
		digest = h[:]
	}
	data := signedData(Namespace, signedReserved, hashAlg, digest)
	var sig *ssh.Signature
	var err error
	if algo == "" {
		sig, err = s.Sign(rand.Reader, data)
	} else {
		sig, err = s.(ssh.AlgorithmSigner).SignWithAlgorithm(rand.Reader, data, algo)
	}
	if err != nil {
		t.Fatal(err)
	}
	b := (&sshSig{publicKey: s.PublicKey().Marshal(), namespace: Namespace, reserved: reserved, hashAlg: hashAlg, signature: ssh.Marshal(sig)}).marshal()
	binary.BigEndian.PutUint32(b[len(sigMagic):], version)
	return b
}

// ed25519Order is L, the order of the Ed25519 base point (RFC 8032).
var ed25519Order, _ = new(big.Int).SetString("7237005577332262213973186563042994240857116359379907606001950938285454250989", 10)

// sigForms lists the blobs docs/log.md discusses: the canonical ones, each
// form that ssh-keygen accepts and pbem refuses, and the reverse.
func sigForms(t testing.TB) []sigForm {
	ed := newEd25519Signer(t)
	rs := testRSA(t)
	msg := []byte(`{"by":"allied","kind":"note","seq":3,"v":1}`)
	good := func(s ssh.Signer, m []byte) []byte {
		b, err := SSHSign(s, Namespace, m)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	// S + L is a second encoding of the same Ed25519 signature: the 32 bytes
	// of S are the last of the blob, little-endian.
	edBlob := good(ed, msg)
	malleated := bytes.Clone(edBlob)
	s := new(big.Int).SetBytes(reversed(edBlob[len(edBlob)-32:]))
	copy(malleated[len(malleated)-32:], reversed(s.Add(s, ed25519Order).FillBytes(make([]byte, 32))))

	// PKCS #1 v1.5 is deterministic: look for a message whose RSA signature
	// starts with a zero byte (about one in 200), and drop it.
	var short []byte
	var shortMsg []byte
	for i := 0; short == nil; i++ {
		if i > 5000 {
			t.Fatal("no RSA signature with a leading zero byte in 5000 messages")
		}
		m := fmt.Appendf(nil, `{"seq":%d}`, i)
		b := good(rs, m)
		sig, _ := parseSSHSig(b)
		inner, _ := parseSignature(sig.signature)
		if inner.Blob[0] == 0 {
			sig.signature = ssh.Marshal(&ssh.Signature{Format: inner.Format, Blob: inner.Blob[1:]})
			short, shortMsg = sig.marshal(), m
		}
	}
	return []sigForm{
		{"ed25519, as pbem signs", ed, msg, edBlob, true, ""},
		{"ed25519, version 0", ed, msg, forgeSig(t, ed, msg, 0, "", "", "sha512", ""), true, "version 0"},
		{"ed25519, version 2", ed, msg, forgeSig(t, ed, msg, 2, "", "", "sha512", ""), false, "version 2"},
		{"ed25519, hash sha256", ed, msg, forgeSig(t, ed, msg, 1, "", "", "sha256", ""), true, `hash algorithm "sha256"`},
		{"ed25519, reserved field set but not signed", ed, msg, forgeSig(t, ed, msg, 1, "x", "", "sha512", ""), true, "reserved field"},
		{"ed25519, reserved field set and signed", ed, msg, forgeSig(t, ed, msg, 1, "x", "x", "sha512", ""), false, "reserved field"},
		{"ed25519, S + L", ed, msg, malleated, true, "does not verify"},
		{"ed25519, another message", ed, append(bytes.Clone(msg), ' '), edBlob, false, "does not verify"},
		{"rsa, rsa-sha2-512 as pbem signs", rs, msg, good(rs, msg), true, ""},
		{"rsa, rsa-sha2-256", rs, msg, forgeSig(t, rs, msg, 1, "", "", "sha512", ssh.KeyAlgoRSASHA256), true, `"rsa-sha2-256"`},
		{"rsa, ssh-rsa (SHA-1)", rs, msg, forgeSig(t, rs, msg, 1, "", "", "sha512", ssh.KeyAlgoRSA), false, `"ssh-rsa"`},
		{"rsa, signature without its leading zero", rs, shortMsg, short, true, "RSA signature of 255 bytes"},
	}
}

func reversed(b []byte) []byte {
	out := make([]byte, len(b))
	for i := range b {
		out[len(b)-1-i] = b[i]
	}
	return out
}

// TestSSHSigForms: pbem accepts the canonical forms only, and says why not.
func TestSSHSigForms(t *testing.T) {
	for _, f := range sigForms(t) {
		err := SSHVerify(f.signer.PublicKey(), Namespace, f.msg, f.blob)
		switch {
		case f.pbem == "" && err != nil:
			t.Errorf("%s: refused: %v", f.name, err)
		case f.pbem != "" && (err == nil || !strings.Contains(err.Error(), f.pbem)):
			t.Errorf("%s: got %v, want a refusal mentioning %q", f.name, err, f.pbem)
		}
		// The spec's rule, checked apart from SSHVerify: pbem accepts exactly
		// what ssh-keygen accepts in canonical form.
		if want := f.keygen && canonicalForm(f.signer.PublicKey(), f.blob) == nil; (err == nil) != want {
			t.Errorf("%s: pbem accepts: %v; ssh-keygen accepts and the form is canonical: %v (%v)", f.name, err == nil, want, canonicalForm(f.signer.PublicKey(), f.blob))
		}
	}
}

// canonicalForm is docs/log.md's canonical form of a signature, written from
// the spec rather than from the parser: the blob is, byte for byte,
// "SSHSIG" uint32(1) string(key) string("pbem-log-v1") string("") string("sha512")
// string(string(algorithm) string(signature)) with key the seat's key as
// ssh-keygen -y would write it, algorithm ssh-ed25519 (64 bytes, S < L) or
// rsa-sha2-512 (as many bytes as the modulus).
func canonicalForm(pub ssh.PublicKey, blob []byte) error {
	str := func(b []byte) []byte { return binary.BigEndian.AppendUint32(nil, uint32(len(b))) }
	var prefix []byte
	prefix = append(prefix, "SSHSIG\x00\x00\x00\x01"...)
	prefix = append(append(prefix, str(pub.Marshal())...), pub.Marshal()...)
	prefix = append(append(prefix, str([]byte(Namespace))...), Namespace...)
	prefix = append(prefix, 0, 0, 0, 0)
	prefix = append(append(prefix, 0, 0, 0, 6), "sha512"...)
	algo, size := "ssh-ed25519", 64
	if pub.Type() == ssh.KeyAlgoRSA {
		algo = "rsa-sha2-512"
		size = pub.(ssh.CryptoPublicKey).CryptoPublicKey().(*rsa.PublicKey).Size()
	}
	inner := 4 + len(algo) + 4 + size
	prefix = binary.BigEndian.AppendUint32(prefix, uint32(inner))
	prefix = append(append(prefix, str([]byte(algo))...), algo...)
	prefix = binary.BigEndian.AppendUint32(prefix, uint32(size))
	if len(blob) != len(prefix)+size || !bytes.Equal(blob[:len(prefix)], prefix) {
		return fmt.Errorf("not the canonical layout for a %s key", pub.Type())
	}
	if algo == "ssh-ed25519" {
		if s := new(big.Int).SetBytes(reversed(blob[len(blob)-32:])); s.Cmp(ed25519Order) >= 0 {
			return fmt.Errorf("ed25519 S >= L")
		}
	}
	return nil
}

// TestSSHSigFormsKeygen checks the forms above against OpenSSH itself, so that
// the third-party check docs/log.md describes (ssh-keygen -Y verify, and the
// form check of docs/sshsig-form.py) agrees with pbem verify on every blob.
func TestSSHSigFormsKeygen(t *testing.T) {
	keygenPath, err := exec.LookPath("ssh-keygen")
	if err != nil {
		t.Skip("ssh-keygen is not installed (Debian: openssh-client; .ci/run installs it): pbem's signatures are not checked against OpenSSH")
	}
	python, _ := exec.LookPath("python3")
	dir := t.TempDir()
	for i, f := range sigForms(t) {
		allowed := filepath.Join(dir, fmt.Sprintf("%d.allowed", i))
		sigFile := filepath.Join(dir, fmt.Sprintf("%d.sig", i))
		if err := os.WriteFile(allowed, []byte("id "+AuthorizedKey(f.signer.PublicKey(), "")+"\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(sigFile, ArmorSSHSig(f.blob), 0o600); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(keygenPath, "-Y", "verify", "-f", allowed, "-I", "id", "-n", Namespace, "-s", sigFile)
		cmd.Stdin = bytes.NewReader(f.msg)
		out, err := cmd.CombinedOutput()
		if (err == nil) != f.keygen {
			t.Errorf("%s: ssh-keygen accepts: %v, docs/log.md says %v\n%s", f.name, err == nil, f.keygen, out)
		}
		if python == "" {
			continue
		}
		// The form check a third party runs beside ssh-keygen.
		line := fmt.Sprintf("{}\t%s\n", base64.StdEncoding.EncodeToString(f.blob))
		key := filepath.Join(dir, fmt.Sprintf("%d.pub", i))
		if err := os.WriteFile(key, []byte(AuthorizedKey(f.signer.PublicKey(), "")+"\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		cmd = exec.Command(python, "../docs/sshsig-form.py", key)
		cmd.Stdin = strings.NewReader(line)
		pyOut, pyErr := cmd.CombinedOutput()
		pbemOK := SSHVerify(f.signer.PublicKey(), Namespace, f.msg, f.blob) == nil
		if both := err == nil && pyErr == nil; both != pbemOK {
			t.Errorf("%s: ssh-keygen and docs/sshsig-form.py together accept: %v; pbem: %v\n%s%s", f.name, both, pbemOK, out, pyOut)
		}
	}
	if python == "" {
		t.Log("python3 is not installed: docs/sshsig-form.py not run")
	}
}
