package logs

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha512"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/crypto/ssh"
)

// needKeygen returns the path of ssh-keygen, skipping the test without it.
func needKeygen(t *testing.T) string {
	t.Helper()
	path, err := exec.LookPath("ssh-keygen")
	if err != nil {
		t.Skip("ssh-keygen not on PATH")
	}
	return path
}

// keygen makes a key with ssh-keygen in dir and returns the private key file.
func keygen(t *testing.T, dir, name string, args ...string) string {
	t.Helper()
	file := filepath.Join(dir, name)
	cmd := exec.Command(needKeygen(t), append([]string{"-q", "-C", name + "@test", "-f", file}, args...)...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("ssh-keygen %v: %v\n%s", args, err, out)
	}
	return file
}

func loadSigner(t *testing.T, file string) ssh.Signer {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	s, err := ParsePrivateKey(data, nil)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return s
}

func newEd25519Signer(t testing.TB) ssh.Signer {
	t.Helper()
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	s, err := ssh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestSSHSigLayout(t *testing.T) {
	s := newEd25519Signer(t)
	msg := []byte("attack 2613 from 2512 2612 air 1")
	blob, err := SSHSign(s, Namespace, msg)
	if err != nil {
		t.Fatal(err)
	}
	// PROTOCOL.sshsig, read field by field here rather than with the parser.
	pub := s.PublicKey().Marshal()
	var want []byte
	want = append(want, "SSHSIG"...)
	want = append(want, 0, 0, 0, 1)
	want = appendSSHString(want, pub)
	want = appendSSHString(want, []byte("pbem-log-v1"))
	want = appendSSHString(want, nil)
	want = appendSSHString(want, []byte("sha512"))
	if !bytes.HasPrefix(blob, want) {
		t.Fatalf("blob does not start with the expected preamble")
	}
	rest := blob[len(want):]
	// The rest is string(string("ssh-ed25519") string(64-byte signature)).
	inner := appendSSHString(appendSSHString(nil, []byte("ssh-ed25519")), make([]byte, 64))
	if len(rest) != 4+len(inner) || !bytes.Equal(rest[:4+4+11+4], appendSSHString(nil, inner)[:4+4+11+4]) {
		t.Fatalf("signature field has the wrong shape: % x", rest)
	}
	// The signature is ed25519 over the signed-data structure with H(msg).
	h := sha512.Sum512(msg)
	var signed []byte
	signed = append(signed, "SSHSIG"...)
	signed = appendSSHString(signed, []byte("pbem-log-v1"))
	signed = appendSSHString(signed, nil)
	signed = appendSSHString(signed, []byte("sha512"))
	signed = appendSSHString(signed, h[:])
	edPub := s.PublicKey().(ssh.CryptoPublicKey).CryptoPublicKey().(ed25519.PublicKey)
	if !ed25519.Verify(edPub, signed, rest[len(rest)-64:]) {
		t.Fatal("raw ed25519 signature does not verify over the signed data")
	}
}

func TestSSHSigNegative(t *testing.T) {
	s := newEd25519Signer(t)
	other := newEd25519Signer(t)
	msg := []byte(`{"v":1}`)
	blob, err := SSHSign(s, Namespace, msg)
	if err != nil {
		t.Fatal(err)
	}
	if err := SSHVerify(s.PublicKey(), Namespace, msg, blob); err != nil {
		t.Fatalf("good signature refused: %v", err)
	}
	check := func(name string, err error, want string) {
		t.Helper()
		if !errors.Is(err, ErrBadSignature) || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want ErrBadSignature with %q", name, err, want)
		}
	}
	check("altered message", SSHVerify(s.PublicKey(), Namespace, []byte(`{"v":2}`), blob), "does not verify")
	check("wrong namespace", SSHVerify(s.PublicKey(), "file", msg, blob), `namespace "pbem-log-v1", want "file"`)
	check("wrong key", SSHVerify(other.PublicKey(), Namespace, msg, blob), "made by "+Fingerprint(s.PublicKey()))
	for n := range len(blob) {
		if err := SSHVerify(s.PublicKey(), Namespace, msg, blob[:n]); !errors.Is(err, ErrBadSignature) {
			t.Fatalf("blob truncated to %d bytes: got %v", n, err)
		}
	}
	check("trailing byte", SSHVerify(s.PublicKey(), Namespace, msg, append(bytes.Clone(blob), 0)), "stray bytes")
	for i := range blob {
		bad := bytes.Clone(blob)
		bad[i] ^= 0x10
		if err := SSHVerify(s.PublicKey(), Namespace, msg, bad); err == nil {
			t.Fatalf("blob with byte %d flipped verifies", i)
		}
	}
	if _, err := SSHSign(s, "", msg); err == nil {
		t.Error("empty namespace accepted for signing")
	}
}

func TestSSHSigPublicKey(t *testing.T) {
	s := newEd25519Signer(t)
	blob, err := SSHSign(s, Namespace, []byte("x"))
	if err != nil {
		t.Fatal(err)
	}
	pub, err := SSHSigPublicKey(blob)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(pub.Marshal(), s.PublicKey().Marshal()) {
		t.Error("embedded key differs from the signer's")
	}
	if _, err := SSHSigPublicKey(blob[:20]); !errors.Is(err, ErrBadSignature) {
		t.Errorf("truncated blob: got %v", err)
	}
}

func TestSSHSigRSA(t *testing.T) {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	s, err := ssh.NewSignerFromKey(key)
	if err != nil {
		t.Fatal(err)
	}
	msg := []byte("m")
	blob, err := SSHSign(s, Namespace, msg)
	if err != nil {
		t.Fatal(err)
	}
	sig, err := parseSSHSig(blob)
	if err != nil {
		t.Fatal(err)
	}
	inner, _ := parseSignature(sig.signature)
	if inner.Format != "rsa-sha2-512" {
		t.Errorf("RSA signed with %q, want rsa-sha2-512", inner.Format)
	}
	if err := SSHVerify(s.PublicKey(), Namespace, msg, blob); err != nil {
		t.Fatal(err)
	}

	// A SHA-1 (ssh-rsa) signature, genuine but weak, must be refused.
	h := sha512.Sum512(msg)
	data := signedData(Namespace, "", "sha512", h[:])
	sha1Sig, err := s.(ssh.AlgorithmSigner).SignWithAlgorithm(rand.Reader, data, ssh.KeyAlgoRSA)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.PublicKey().Verify(data, sha1Sig); err != nil {
		t.Fatalf("the SHA-1 signature should be genuine: %v", err)
	}
	weak := (&sshSig{publicKey: sig.publicKey, namespace: Namespace, hashAlg: "sha512", signature: ssh.Marshal(sha1Sig)}).marshal()
	if err := SSHVerify(s.PublicKey(), Namespace, msg, weak); !errors.Is(err, ErrBadSignature) || !strings.Contains(err.Error(), `"ssh-rsa"`) {
		t.Errorf("ssh-rsa signature: got %v", err)
	}

	// Dropping a leading zero would give a second encoding of one signature.
	short := &ssh.Signature{Format: inner.Format, Blob: inner.Blob[1:]}
	if err := checkSigFormat(s.PublicKey(), short); err == nil {
		t.Error("short RSA signature accepted")
	}
}

func TestArmorSSHSig(t *testing.T) {
	blob := bytes.Repeat([]byte{0xab}, 200) // 268 base64 chars: 3 full lines and 58
	got := string(ArmorSSHSig(blob))
	lines := strings.Split(got, "\n")
	if lines[0] != "-----BEGIN SSH SIGNATURE-----" || lines[5] != "-----END SSH SIGNATURE-----" || lines[6] != "" || len(lines) != 7 {
		t.Fatalf("armor layout:\n%s", got)
	}
	for i, n := range []int{70, 70, 70, 58} {
		if len(lines[1+i]) != n {
			t.Errorf("line %d has %d chars, want %d", i+1, len(lines[1+i]), n)
		}
	}
	s := newEd25519Signer(t)
	sig, _ := SSHSign(s, Namespace, []byte("x"))
	back, err := UnarmorSSHSig(bytes.ReplaceAll(ArmorSSHSig(sig), []byte("\n"), []byte("\r\n")))
	if err != nil || !bytes.Equal(back, sig) {
		t.Fatalf("unarmor: %v", err)
	}
	bad := map[string]string{
		"no begin":   "xx\n-----END SSH SIGNATURE-----\n",
		"no end":     "-----BEGIN SSH SIGNATURE-----\nU1NIU0lH\n",
		"not base64": "-----BEGIN SSH SIGNATURE-----\n!!!!\n-----END SSH SIGNATURE-----\n",
		"not sshsig": string(ArmorSSHSig([]byte("hello world"))),
	}
	for name, in := range bad {
		if _, err := UnarmorSSHSig([]byte(in)); !errors.Is(err, ErrBadSignature) {
			t.Errorf("%s: got %v", name, err)
		}
	}
}

// TestSSHKeygenInterop checks both directions against OpenSSH itself.
func TestSSHKeygenInterop(t *testing.T) {
	keygenPath := needKeygen(t)
	dir := t.TempDir()
	keys := map[string]string{
		"ed25519": keygen(t, dir, "ed", "-t", "ed25519", "-N", ""),
		"rsa3072": keygen(t, dir, "rsa", "-t", "rsa", "-b", "3072", "-N", ""),
	}
	msg := []byte(`{"by":"allies","kind":"act","seq":3,"v":1}` + "\n\x00binary\xff")
	msgFile := filepath.Join(dir, "msg")
	if err := os.WriteFile(msgFile, msg, 0o600); err != nil {
		t.Fatal(err)
	}
	run := func(stdinFile string, args ...string) ([]byte, error) {
		in, err := os.Open(stdinFile)
		if err != nil {
			t.Fatal(err)
		}
		defer in.Close()
		cmd := exec.Command(keygenPath, args...)
		cmd.Stdin = in
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			return out, errors.New(err.Error() + ": " + stderr.String())
		}
		return out, nil
	}
	for name, keyFile := range keys {
		t.Run(name, func(t *testing.T) {
			s := loadSigner(t, keyFile)
			allowed := filepath.Join(dir, name+".allowed")
			if err := os.WriteFile(allowed, []byte("id "+AuthorizedKey(s.PublicKey(), "")+"\n"), 0o600); err != nil {
				t.Fatal(err)
			}

			// Ours signs, ssh-keygen verifies.
			blob, err := SSHSign(s, Namespace, msg)
			if err != nil {
				t.Fatal(err)
			}
			sigFile := filepath.Join(dir, name+".ours.sig")
			if err := os.WriteFile(sigFile, ArmorSSHSig(blob), 0o600); err != nil {
				t.Fatal(err)
			}
			if out, err := run(msgFile, "-Y", "verify", "-f", allowed, "-I", "id", "-n", Namespace, "-s", sigFile); err != nil {
				t.Errorf("ssh-keygen refuses our signature: %v %s", err, out)
			}
			// ...and refuses it for another namespace, so the check above can fail.
			if _, err := run(msgFile, "-Y", "verify", "-f", allowed, "-I", "id", "-n", "file", "-s", sigFile); err == nil {
				t.Error("ssh-keygen accepted our signature under another namespace")
			}

			// ssh-keygen signs (sha512 by default), ours verifies; a sha256
			// signature, which ssh-keygen makes on request, is genuine but not
			// in the one form docs/log.md allows.
			for _, hashalg := range []string{"sha512", "sha256"} {
				armored, err := run(msgFile, "-Y", "sign", "-f", keyFile, "-n", Namespace, "-O", "hashalg="+hashalg)
				if err != nil {
					t.Fatalf("ssh-keygen -Y sign: %v", err)
				}
				theirs, err := UnarmorSSHSig(armored)
				if err != nil {
					t.Fatalf("unarmor ssh-keygen's signature: %v", err)
				}
				if got := ArmorSSHSig(theirs); !bytes.Equal(got, armored) {
					t.Errorf("re-armored signature differs from ssh-keygen's:\n%s\n%s", got, armored)
				}
				err = SSHVerify(s.PublicKey(), Namespace, msg, theirs)
				if hashalg == "sha256" {
					if err == nil || !strings.Contains(err.Error(), `hash algorithm "sha256"`) {
						t.Errorf("sha256: ssh-keygen's sha256 signature: got %v, want it refused for its hash", err)
					}
					continue
				}
				if err != nil {
					t.Errorf("%s: ssh-keygen's signature refused: %v", hashalg, err)
				}
				if err := SSHVerify(s.PublicKey(), Namespace, msg[1:], theirs); !errors.Is(err, ErrBadSignature) {
					t.Errorf("%s: ssh-keygen's signature accepted for another message: %v", hashalg, err)
				}
			}
		})
	}
}
