package logs

import (
	"bytes"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha512"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"

	"golang.org/x/crypto/ssh"
)

// ErrBadSignature: a signature blob is malformed, made by another key or for
// another namespace, or does not verify.
var ErrBadSignature = errors.New("bad signature")

// SSHSIG blob constants from OpenSSH PROTOCOL.sshsig.
const (
	sigMagic   = "SSHSIG"
	sigVersion = 1
	sigHash    = "sha512" // the only hash signed and accepted (docs/log.md)
)

const (
	armorBegin = "-----BEGIN SSH SIGNATURE-----"
	armorEnd   = "-----END SSH SIGNATURE-----"
	armorWidth = 70 // ssh-keygen's line width
)

// sshSig is a parsed SSHSIG blob. The public key and signature stay as their
// wire bytes, so a parsed blob re-marshals to exactly the bytes it came from.
type sshSig struct {
	publicKey []byte
	namespace string
	reserved  string
	hashAlg   string
	signature []byte // wire form of an ssh.Signature: string format, string blob
}

// SSHSign signs msg in namespace the way `ssh-keygen -Y sign` does and returns
// the raw SSHSIG blob. Ed25519 and RSA keys are supported; RSA signs with
// rsa-sha2-512.
func SSHSign(s ssh.Signer, namespace string, msg []byte) ([]byte, error) {
	if namespace == "" {
		return nil, errors.New("sshsig: empty namespace")
	}
	pub := s.PublicKey()
	h := sha512.Sum512(msg)
	data := signedData(namespace, "", sigHash, h[:])
	var sig *ssh.Signature
	var err error
	switch pub.Type() {
	case ssh.KeyAlgoED25519:
		sig, err = s.Sign(rand.Reader, data)
	case ssh.KeyAlgoRSA:
		as, ok := s.(ssh.AlgorithmSigner)
		if !ok {
			return nil, errors.New("sshsig: this RSA signer cannot make rsa-sha2-512 signatures")
		}
		sig, err = as.SignWithAlgorithm(rand.Reader, data, ssh.KeyAlgoRSASHA512)
	default:
		return nil, fmt.Errorf("sshsig: %w: %s", ErrUnsupportedKey, pub.Type())
	}
	if err != nil {
		return nil, fmt.Errorf("sshsig: signing: %w", err)
	}
	if err := checkSigFormat(pub, sig); err != nil {
		return nil, fmt.Errorf("sshsig: signer produced a bad signature: %w", err)
	}
	return (&sshSig{
		publicKey: pub.Marshal(),
		namespace: namespace,
		hashAlg:   sigHash,
		signature: ssh.Marshal(sig),
	}).marshal(), nil
}

// SSHVerify checks that blob is a signature of msg in namespace by pub. It
// accepts exactly what docs/log.md specifies: what `ssh-keygen -Y verify`
// accepts, in the one form SSHSign writes (version 1, an empty reserved field,
// hash sha512, rsa-sha2-512 for RSA keys, the key encoded as pub encodes it,
// signatures of full length). ssh-keygen also accepts sha256, rsa-sha2-256, a
// reserved field it ignores, and shortened or non-canonical signatures; each
// would let anyone turn a valid line into a second valid line, which reads as
// proof that its author equivocated. Every failure wraps ErrBadSignature.
func SSHVerify(pub ssh.PublicKey, namespace string, msg, blob []byte) error {
	sig, err := parseSSHSig(blob)
	if err != nil {
		return err
	}
	if !bytes.Equal(sig.publicKey, pub.Marshal()) {
		other := "an unparsable key"
		if k, err := ssh.ParsePublicKey(sig.publicKey); err == nil {
			other = ssh.FingerprintSHA256(k)
		}
		return fmt.Errorf("%w: made by %s, not %s", ErrBadSignature, other, ssh.FingerprintSHA256(pub))
	}
	if sig.namespace != namespace {
		return fmt.Errorf("%w: namespace %q, want %q", ErrBadSignature, sig.namespace, namespace)
	}
	if sig.reserved != "" {
		return fmt.Errorf("%w: reserved field of %d bytes, want it empty", ErrBadSignature, len(sig.reserved))
	}
	if sig.hashAlg != sigHash {
		return fmt.Errorf("%w: hash algorithm %q, want %q", ErrBadSignature, sig.hashAlg, sigHash)
	}
	digest := sha512.Sum512(msg)
	s, err := parseSignature(sig.signature)
	if err != nil {
		return err
	}
	if err := checkSigFormat(pub, s); err != nil {
		return fmt.Errorf("%w: %w", ErrBadSignature, err)
	}
	// ed25519.Verify, underneath, also refuses a non-canonical S (S >= L),
	// which OpenSSH's ed25519 code accepts.
	if err := pub.Verify(signedData(sig.namespace, "", sigHash, digest[:]), s); err != nil {
		return fmt.Errorf("%w: does not verify (%v)", ErrBadSignature, err)
	}
	return nil
}

// SSHSigPublicKey returns the public key embedded in a blob. It says who claims
// to have signed, not that they did: verify with SSHVerify.
func SSHSigPublicKey(blob []byte) (ssh.PublicKey, error) {
	sig, err := parseSSHSig(blob)
	if err != nil {
		return nil, err
	}
	pub, err := ssh.ParsePublicKey(sig.publicKey)
	if err != nil {
		return nil, fmt.Errorf("%w: embedded public key: %v", ErrBadSignature, err)
	}
	return pub, nil
}

// ArmorSSHSig returns blob in the armored form that ssh-keygen writes.
func ArmorSSHSig(blob []byte) []byte {
	b64 := base64.StdEncoding.EncodeToString(blob)
	var out bytes.Buffer
	out.WriteString(armorBegin + "\n")
	for len(b64) > armorWidth {
		out.WriteString(b64[:armorWidth] + "\n")
		b64 = b64[armorWidth:]
	}
	if b64 != "" {
		out.WriteString(b64 + "\n")
	}
	out.WriteString(armorEnd + "\n")
	return out.Bytes()
}

// UnarmorSSHSig reads the armored form (as ssh-keygen writes it; CR LF line
// ends and surrounding blank space are tolerated) and returns the blob, which
// must be a well-formed SSHSIG.
func UnarmorSSHSig(armored []byte) ([]byte, error) {
	text := strings.TrimSpace(strings.ReplaceAll(string(armored), "\r\n", "\n"))
	lines := strings.Split(text, "\n")
	if len(lines) < 2 || lines[0] != armorBegin {
		return nil, fmt.Errorf("%w: no %q line", ErrBadSignature, armorBegin)
	}
	if lines[len(lines)-1] != armorEnd {
		return nil, fmt.Errorf("%w: no %q line", ErrBadSignature, armorEnd)
	}
	blob, err := base64.StdEncoding.Strict().DecodeString(strings.Join(lines[1:len(lines)-1], ""))
	if err != nil {
		return nil, fmt.Errorf("%w: armored signature is not base64: %v", ErrBadSignature, err)
	}
	if _, err := parseSSHSig(blob); err != nil {
		return nil, err
	}
	return blob, nil
}

// signedData is what the key actually signs (PROTOCOL.sshsig): the magic
// preamble, namespace, reserved, hash algorithm and the message's hash.
func signedData(namespace, reserved, hashAlg string, digest []byte) []byte {
	b := make([]byte, 0, len(sigMagic)+4*4+len(namespace)+len(reserved)+len(hashAlg)+len(digest))
	b = append(b, sigMagic...)
	b = appendSSHString(b, []byte(namespace))
	b = appendSSHString(b, []byte(reserved))
	b = appendSSHString(b, []byte(hashAlg))
	return appendSSHString(b, digest)
}

func (s *sshSig) marshal() []byte {
	b := make([]byte, 0, 64+len(s.publicKey)+len(s.signature))
	b = append(b, sigMagic...)
	b = binary.BigEndian.AppendUint32(b, sigVersion)
	b = appendSSHString(b, s.publicKey)
	b = appendSSHString(b, []byte(s.namespace))
	b = appendSSHString(b, []byte(s.reserved))
	b = appendSSHString(b, []byte(s.hashAlg))
	return appendSSHString(b, s.signature)
}

func appendSSHString(b, s []byte) []byte {
	b = binary.BigEndian.AppendUint32(b, uint32(len(s)))
	return append(b, s...)
}

// wire reads SSH wire-format fields, remembering the first failure.
type wire struct {
	b   []byte
	err error
}

func (w *wire) string(what string) []byte {
	if w.err != nil {
		return nil
	}
	if len(w.b) < 4 {
		w.err = fmt.Errorf("%w: truncated before %s", ErrBadSignature, what)
		return nil
	}
	n := binary.BigEndian.Uint32(w.b)
	if uint64(n) > uint64(len(w.b)-4) {
		w.err = fmt.Errorf("%w: truncated in %s", ErrBadSignature, what)
		return nil
	}
	s := w.b[4 : 4+n]
	w.b = w.b[4+n:]
	return s
}

func (w *wire) end(what string) {
	if w.err == nil && len(w.b) != 0 {
		w.err = fmt.Errorf("%w: %d stray bytes after %s", ErrBadSignature, len(w.b), what)
	}
}

// parseSSHSig parses a blob strictly: right magic and version, every field
// present, nothing after the last.
func parseSSHSig(blob []byte) (*sshSig, error) {
	if len(blob) < len(sigMagic)+4 || string(blob[:len(sigMagic)]) != sigMagic {
		return nil, fmt.Errorf("%w: not an SSHSIG blob", ErrBadSignature)
	}
	if v := binary.BigEndian.Uint32(blob[len(sigMagic):]); v != sigVersion {
		return nil, fmt.Errorf("%w: SSHSIG version %d, want %d", ErrBadSignature, v, sigVersion)
	}
	w := &wire{b: blob[len(sigMagic)+4:]}
	s := &sshSig{
		publicKey: w.string("public key"),
		namespace: string(w.string("namespace")),
		reserved:  string(w.string("reserved")),
		hashAlg:   string(w.string("hash algorithm")),
		signature: w.string("signature"),
	}
	w.end("signature")
	if w.err != nil {
		return nil, w.err
	}
	if _, err := ssh.ParsePublicKey(s.publicKey); err != nil {
		return nil, fmt.Errorf("%w: embedded public key: %v", ErrBadSignature, err)
	}
	if _, err := parseSignature(s.signature); err != nil {
		return nil, err
	}
	return s, nil
}

// parseSignature reads the wire form of an ssh.Signature, with no trailing
// bytes: extra fields (as security keys add) are not supported.
func parseSignature(b []byte) (*ssh.Signature, error) {
	w := &wire{b: b}
	format := w.string("signature format")
	blob := w.string("signature bytes")
	w.end("signature bytes")
	if w.err != nil {
		return nil, w.err
	}
	return &ssh.Signature{Format: string(format), Blob: blob}, nil
}

// checkSigFormat accepts one algorithm per key type (rsa-sha2-512 for RSA: no
// SHA-1, and not rsa-sha2-256, which would give a second valid line for one
// body), and RSA signatures padded to the modulus size, so a third party
// cannot re-encode a valid signature into a different valid line.
func checkSigFormat(pub ssh.PublicKey, sig *ssh.Signature) error {
	switch pub.Type() {
	case ssh.KeyAlgoED25519:
		if sig.Format != ssh.KeyAlgoED25519 {
			return fmt.Errorf("signature algorithm %q for an ed25519 key", sig.Format)
		}
	case ssh.KeyAlgoRSA:
		if sig.Format != ssh.KeyAlgoRSASHA512 {
			return fmt.Errorf("signature algorithm %q for an RSA key: want rsa-sha2-512", sig.Format)
		}
		cpk, ok := pub.(ssh.CryptoPublicKey)
		if !ok {
			return errors.New("RSA key without its parameters")
		}
		rk, ok := cpk.CryptoPublicKey().(*rsa.PublicKey)
		if !ok {
			return errors.New("RSA key without its parameters")
		}
		if len(sig.Blob) != rk.Size() {
			return fmt.Errorf("RSA signature of %d bytes, want %d", len(sig.Blob), rk.Size())
		}
	default:
		return fmt.Errorf("%w: %s", ErrUnsupportedKey, pub.Type())
	}
	return nil
}
