package logs

// The primitives of sealed draws (docs/dice.md part 4): a card one seat may
// look at and the others may not. The drawer commits to a fresh secret; the
// key of the draw hashes that secret with the other seats' fresh chain links,
// so only the drawer can compute the values until it reveals the secret, and
// it could not choose them. A second seat is shown the card by a box: the
// secret encrypted to a one-time X25519 key of that seat's.

import (
	"crypto/ecdh"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
)

// ErrBadSecret is wrapped by every error about a sealed draw's secret, its
// commitment, or a box that carries it.
var ErrBadSecret = errors.New("bad sealed-draw secret")

// Domains keep the keys and secrets of sealed draws apart from each other and
// from public dice.
const (
	sealDomain      = "pbem-sealed-v1"        // the key of a sealed draw
	boxDomain       = "pbem-box-v1"           // a box: the drawer's one-time key and the pad
	secretDomain    = "pbem-sealed-secret-v1" // how pbem makes a drawer's secret from its seed
	boxSecretDomain = "pbem-box-key-v1"       // how pbem makes a receiver's box key from its seed
)

// SealCommit is the commitment to a sealed draw's secret carried by the
// request: "sha256:" and the hex SHA-256 of the secret's 32 bytes.
func SealCommit(secret []byte) string {
	sum := sha256.Sum256(secret)
	return diceHeadPrefix + hex.EncodeToString(sum[:])
}

// ParseSecret decodes a secret (or a box, or a box key) written as exactly
// 64 lowercase hex digits, the one spelling of 32 bytes. Errors wrap
// ErrBadSecret.
func ParseSecret(s string) ([]byte, error) {
	b, err := ParseLink(s)
	if err != nil {
		return nil, fmt.Errorf("%w: %s", ErrBadSecret, strings.TrimSuffix(err.Error(), ": "+ErrBadLink.Error()))
	}
	return b, nil
}

// CheckCommit checks the form of a commitment: "sha256:" and 64 lowercase
// hex digits.
func CheckCommit(commit string) error {
	rest, ok := strings.CutPrefix(commit, diceHeadPrefix)
	if _, err := ParseLink(rest); !ok || err != nil {
		return fmt.Errorf("%w: commitment %q: want sha256: and 64 lower-case hex digits", ErrBadSecret, diceQuote(commit))
	}
	return nil
}

// CheckSecret checks that secret (64 hex digits) is the one commit names.
func CheckSecret(commit, secret string) ([]byte, error) {
	s, err := ParseSecret(secret)
	if err != nil {
		return nil, err
	}
	if got := SealCommit(s); got != commit {
		return nil, fmt.Errorf("%w: its SHA-256 is %s, but the commitment is %s", ErrBadSecret, strings.TrimPrefix(got, diceHeadPrefix), strings.TrimPrefix(commit, diceHeadPrefix))
	}
	return s, nil
}

// SealedKey derives the key of a sealed draw: as EpochKey, with the domain
// "pbem-sealed-v1", and with the drawer's secret in place of its link.
// inputs are, in the game's seat order, each seat's link for the epoch and,
// in the drawer's place, its secret (32 raw bytes each).
func SealedKey(inputs [][]byte, game, drawer string, epoch int64, requestLine []byte) [32]byte {
	return deriveKey(sealDomain, inputs, game, drawer, epoch, requestLine)
}

// SealedValues is the draw of sides from a sealed draw's key.
func SealedValues(inputs [][]byte, game, drawer string, epoch int64, requestLine []byte, sides []int) []int {
	return NewStream(SealedKey(inputs, game, drawer, epoch, requestLine)).Draw(sides)
}

// context is the part every message of a box hashes: domain 0 game 0 seat 0
// uint64_be(epoch).
func sealContext(domain, game, seat string, epoch int64) []byte {
	msg := make([]byte, 0, len(domain)+len(game)+len(seat)+3+8)
	msg = append(msg, domain...)
	msg = append(msg, 0)
	msg = append(msg, game...)
	msg = append(msg, 0)
	msg = append(msg, seat...)
	msg = append(msg, 0)
	return binary.BigEndian.AppendUint64(msg, uint64(epoch))
}

func hmacSum(key []byte, parts ...[]byte) []byte {
	mac := hmac.New(sha256.New, key)
	for _, p := range parts {
		mac.Write(p)
	}
	return mac.Sum(nil)
}

// SealSecret is how pbem makes the secret of seat's sealed draw of epoch in
// game from one of its dice chain seeds: HMAC-SHA256(seed,
// "pbem-sealed-secret-v1" 0 game 0 seat 0 uint64_be(epoch)). Any fresh
// secret would do; deriving it keeps it in the store with the seed, where a
// crash cannot lose it between the request and the reveal.
func SealSecret(seed []byte, game, seat string, epoch int64) []byte {
	return hmacSum(seed, sealContext(secretDomain, game, seat, epoch))
}

// BoxSecret is how pbem makes the private X25519 key with which seat
// receives the box of sealed draw epoch: HMAC-SHA256(seed, "pbem-box-key-v1"
// 0 game 0 seat 0 uint64_be(epoch)).
func BoxSecret(seed []byte, game, seat string, epoch int64) []byte {
	return hmacSum(seed, sealContext(boxSecretDomain, game, seat, epoch))
}

// BoxKey is the public X25519 key of a private one, as 64 hex digits.
func BoxKey(private []byte) (string, error) {
	k, err := ecdh.X25519().NewPrivateKey(private)
	if err != nil {
		return "", fmt.Errorf("%w: box key: %v", ErrBadSecret, err)
	}
	return hex.EncodeToString(k.PublicKey().Bytes()), nil
}

// lowOrderCheck is any X25519 scalar: with every clamped scalar a point of
// low order gives the all-zero output that ECDH refuses.
var lowOrderCheck = sha256.Sum256([]byte(boxDomain))

// CheckBoxKey checks a public X25519 key posted in the log: 64 hex digits,
// and not a point of small order, which would make every box to it readable
// by anyone.
func CheckBoxKey(key string) error {
	b, err := ParseSecret(key)
	if err != nil {
		return fmt.Errorf("box key: %w", err)
	}
	if _, err := x25519(lowOrderCheck[:], b); err != nil {
		return fmt.Errorf("%w: box key %s is a point of small order", ErrBadSecret, key)
	}
	return nil
}

func x25519(private, public []byte) ([]byte, error) {
	priv, err := ecdh.X25519().NewPrivateKey(private)
	if err != nil {
		return nil, err
	}
	pub, err := ecdh.X25519().NewPublicKey(public)
	if err != nil {
		return nil, err
	}
	return priv.ECDH(pub) // refuses an all-zero result
}

// boxPad is the pad a box is the secret XOR'ed with: HMAC-SHA256(z,
// "pbem-box-v1" 0 game 0 receiver 0 uint64_be(epoch) || drawerKey ||
// receiverKey), z the X25519 shared secret.
func boxPad(z, drawerKey, receiverKey []byte, game, receiver string, epoch int64) []byte {
	return hmacSum(z, sealContext(boxDomain, game, receiver, epoch), drawerKey, receiverKey)
}

// Box is the secret of sealed draw epoch made known to seat receiver alone:
// Key is the drawer's one-time public X25519 key, Box the secret XOR'ed with
// a pad of the shared secret, both 64 hex digits.
type Box struct {
	Key string
	Box string
}

// SealBox makes the box that shows the secret of sealed draw epoch to
// receiver, whose public box key the log carries. The drawer's one-time key
// is HMAC-SHA256(secret, "pbem-box-v1" 0 game 0 receiver 0
// uint64_be(epoch)): so that, once the secret is revealed, anyone can make
// the box again and see that it carried the secret.
func SealBox(secret []byte, receiverKey, game, receiver string, epoch int64) (Box, error) {
	rk, err := ParseSecret(receiverKey)
	if err != nil {
		return Box{}, fmt.Errorf("receiver's box key: %w", err)
	}
	d := hmacSum(secret, sealContext(boxDomain, game, receiver, epoch))
	dk, err := BoxKey(d)
	if err != nil {
		return Box{}, err
	}
	z, err := x25519(d, rk)
	if err != nil {
		return Box{}, fmt.Errorf("%w: box to %s: %v", ErrBadSecret, receiverKey, err)
	}
	dkb, _ := hex.DecodeString(dk)
	pad := boxPad(z, dkb, rk, game, receiver, epoch)
	box := make([]byte, len(secret))
	for i := range box {
		box[i] = secret[i] ^ pad[i]
	}
	return Box{Key: dk, Box: hex.EncodeToString(box)}, nil
}

// OpenBox is the receiver's side of SealBox: with its private box key it
// takes the secret out of box and checks it against the draw's commitment.
func OpenBox(private []byte, b Box, game, receiver string, epoch int64, commit string) ([]byte, error) {
	dk, err := ParseSecret(b.Key)
	if err != nil {
		return nil, fmt.Errorf("drawer's box key: %w", err)
	}
	sealed, err := ParseSecret(b.Box)
	if err != nil {
		return nil, fmt.Errorf("box: %w", err)
	}
	rk, err := BoxKey(private)
	if err != nil {
		return nil, err
	}
	rkb, _ := hex.DecodeString(rk)
	z, err := x25519(private, dk)
	if err != nil {
		return nil, fmt.Errorf("%w: box: %v", ErrBadSecret, err)
	}
	pad := boxPad(z, dk, rkb, game, receiver, epoch)
	secret := make([]byte, len(sealed))
	for i := range secret {
		secret[i] = sealed[i] ^ pad[i]
	}
	if _, err := CheckSecret(commit, hex.EncodeToString(secret)); err != nil {
		return nil, fmt.Errorf("the box does not hold the committed secret: %w", err)
	}
	return secret, nil
}

// CheckBox checks, once a sealed draw's secret is known, that a box given
// for it to receiver carried that secret: it makes the box again.
func CheckBox(secret []byte, b Box, receiverKey, game, receiver string, epoch int64) error {
	want, err := SealBox(secret, receiverKey, game, receiver, epoch)
	if err != nil {
		return err
	}
	if want != b {
		return fmt.Errorf("%w: the box to %s does not carry the revealed secret", ErrBadSecret, receiver)
	}
	return nil
}
