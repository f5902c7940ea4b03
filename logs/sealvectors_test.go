package logs

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"
)

// sealVectors is the "sealed" part of testdata/dice-vectors.json (docs/dice.md
// part 4), written by docs/dice-vectors.py with its own X25519.
type sealVectors struct {
	Game        string   `json:"game"`
	Drawer      string   `json:"drawer"`
	Epoch       int64    `json:"epoch"`
	Secret      string   `json:"secret"`
	Commit      string   `json:"commit"`
	Inputs      []string `json:"inputs"`
	RequestLine string   `json:"request_line"`
	HMACKey     string   `json:"hmac_key"`
	RequestHash string   `json:"request_line_sha256"`
	Key         string   `json:"key"`
	Draws       []struct {
		Sides  []int `json:"sides"`
		Values []int `json:"values"`
	} `json:"draws"`
	SecretFromSeedA string `json:"secret_from_seed_a"`
	Box             struct {
		Receiver       string `json:"receiver"`
		ReceiverSecret string `json:"receiver_secret"`
		ReceiverKey    string `json:"receiver_key"`
		DrawerSecret   string `json:"drawer_secret"`
		DrawerKey      string `json:"drawer_key"`
		Shared         string `json:"shared"`
		Pad            string `json:"pad"`
		Box            string `json:"box"`
	} `json:"box"`
}

func loadSealVectors(t *testing.T) sealVectors {
	t.Helper()
	data, err := os.ReadFile("testdata/dice-vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Sealed *sealVectors `json:"sealed"`
	}
	if err := json.Unmarshal(data, &v); err != nil || v.Sealed == nil || len(v.Sealed.Draws) == 0 {
		t.Fatalf("dice-vectors.json has no sealed vectors: %v", err)
	}
	return *v.Sealed
}

func mustHex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestSealVectorsKeyAndDraws(t *testing.T) {
	v := loadSealVectors(t)
	secret := mustHex(t, v.Secret)
	if got := SealCommit(secret); got != v.Commit {
		t.Errorf("SealCommit = %s, want %s", got, v.Commit)
	}
	if _, err := CheckSecret(v.Commit, v.Secret); err != nil {
		t.Error(err)
	}
	if !bytes.Contains([]byte(v.RequestLine), []byte(`"seal":"`+v.Commit+`"`)) {
		t.Error("the vectors' request line does not carry the commitment")
	}
	var inputs [][]byte
	var all []byte
	for _, s := range v.Inputs {
		inputs = append(inputs, mustHex(t, s))
		all = append(all, mustHex(t, s)...)
	}
	if !bytes.Equal(inputs[0], secret) {
		t.Fatal("the drawer (first seat) should put its secret first")
	}
	if h := sha256.Sum256(all); hex.EncodeToString(h[:]) != v.HMACKey {
		t.Errorf("hmac_key: SHA-256 of the inputs is %x, the vectors say %s", h, v.HMACKey)
	}
	if h := sha256.Sum256([]byte(v.RequestLine)); hex.EncodeToString(h[:]) != v.RequestHash {
		t.Errorf("request_line_sha256: %x, the vectors say %s", h, v.RequestHash)
	}
	key := SealedKey(inputs, v.Game, v.Drawer, v.Epoch, []byte(v.RequestLine))
	if hex.EncodeToString(key[:]) != v.Key {
		t.Fatalf("SealedKey = %x, want %s", key, v.Key)
	}
	// The domain differs from public dice: the same inputs as a public
	// epoch give another key.
	if pub := EpochKey(inputs, v.Game, v.Drawer, v.Epoch, []byte(v.RequestLine)); pub == key {
		t.Error("a sealed key equals the public epoch key of the same inputs")
	}
	for _, d := range v.Draws {
		if got := SealedValues(inputs, v.Game, v.Drawer, v.Epoch, []byte(v.RequestLine), d.Sides); !slices.Equal(got, d.Values) {
			t.Errorf("sides %v: got %v, want %v", d.Sides, got, d.Values)
		}
	}
	seedA := make([]byte, 32)
	for i := range seedA {
		seedA[i] = byte(i)
	}
	if got := hex.EncodeToString(SealSecret(seedA, v.Game, v.Drawer, v.Epoch)); got != v.SecretFromSeedA {
		t.Errorf("SealSecret(seed A) = %s, want %s", got, v.SecretFromSeedA)
	}
}

func TestSealVectorsBox(t *testing.T) {
	v := loadSealVectors(t)
	secret := mustHex(t, v.Secret)
	seedB := make([]byte, 32)
	for i := range seedB {
		seedB[i] = byte(0x20 + i)
	}
	rs := BoxSecret(seedB, v.Game, v.Box.Receiver, v.Epoch)
	if hex.EncodeToString(rs) != v.Box.ReceiverSecret {
		t.Fatalf("BoxSecret(seed B) = %x, want %s", rs, v.Box.ReceiverSecret)
	}
	rk, err := BoxKey(rs)
	if err != nil || rk != v.Box.ReceiverKey {
		t.Fatalf("BoxKey = %s, %v; want %s", rk, err, v.Box.ReceiverKey)
	}
	if dk, err := BoxKey(mustHex(t, v.Box.DrawerSecret)); err != nil || dk != v.Box.DrawerKey {
		t.Errorf("the drawer's one-time key %s, %v; want %s", dk, err, v.Box.DrawerKey)
	}
	b, err := SealBox(secret, rk, v.Game, v.Box.Receiver, v.Epoch)
	if err != nil {
		t.Fatal(err)
	}
	if b.Key != v.Box.DrawerKey || b.Box != v.Box.Box {
		t.Errorf("SealBox = %+v, want key %s box %s", b, v.Box.DrawerKey, v.Box.Box)
	}
	got, err := OpenBox(rs, b, v.Game, v.Box.Receiver, v.Epoch, v.Commit)
	if err != nil || !bytes.Equal(got, secret) {
		t.Errorf("OpenBox = %x, %v; want the secret", got, err)
	}
	if err := CheckBox(secret, b, rk, v.Game, v.Box.Receiver, v.Epoch); err != nil {
		t.Error(err)
	}
	// A box made for another secret, or for another seat, or opened with
	// another key, does not pass.
	other := bytes.Repeat([]byte{7}, 32)
	forged, _ := SealBox(other, rk, v.Game, v.Box.Receiver, v.Epoch)
	if _, err := OpenBox(rs, forged, v.Game, v.Box.Receiver, v.Epoch, v.Commit); !errors.Is(err, ErrBadSecret) {
		t.Errorf("a box of another secret opens: %v", err)
	}
	if err := CheckBox(secret, forged, rk, v.Game, v.Box.Receiver, v.Epoch); !errors.Is(err, ErrBadSecret) {
		t.Errorf("CheckBox passes a box of another secret: %v", err)
	}
	if _, err := OpenBox(BoxSecret(seedB, v.Game, "allied", v.Epoch), b, v.Game, v.Box.Receiver, v.Epoch, v.Commit); err == nil {
		t.Error("the box opens with another seat's key")
	}
}

func TestCheckBoxKeyRefusesSmallOrder(t *testing.T) {
	// Points of small order on Curve25519 (u = 0, u = 1): every box to them
	// would be readable by anyone.
	for _, k := range []string{
		"0000000000000000000000000000000000000000000000000000000000000000",
		"0100000000000000000000000000000000000000000000000000000000000000",
		"ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
	} {
		if err := CheckBoxKey(k); !errors.Is(err, ErrBadSecret) {
			t.Errorf("CheckBoxKey(%s) = %v, want ErrBadSecret", k, err)
		}
	}
	for _, k := range []string{"E7FB641E33A158B434423769E7BA07F0795407FD781937F12E4AAB3035ADC822", "e7fb", ""} {
		if err := CheckBoxKey(k); !errors.Is(err, ErrBadSecret) {
			t.Errorf("CheckBoxKey(%q) = %v, want ErrBadSecret", k, err)
		}
	}
	if err := CheckBoxKey(loadSealVectors(t).Box.ReceiverKey); err != nil {
		t.Error(err)
	}
}

func TestCheckSecretAndCommit(t *testing.T) {
	v := loadSealVectors(t)
	if err := CheckCommit(v.Commit); err != nil {
		t.Error(err)
	}
	for _, c := range []string{"", "ca2a4f", "sha256:CA2A4FE727FAAECF16ECD130A86E0885C5540C05375340445071C0657555FD42", v.Secret} {
		if err := CheckCommit(c); !errors.Is(err, ErrBadSecret) {
			t.Errorf("CheckCommit(%q) = %v", c, err)
		}
	}
	wrong := "5" + v.Secret[1:]
	if _, err := CheckSecret(v.Commit, wrong); !errors.Is(err, ErrBadSecret) {
		t.Errorf("a wrong secret passes: %v", err)
	}
	if _, err := CheckSecret(v.Commit, "sha256:"+v.Secret); !errors.Is(err, ErrBadSecret) {
		t.Errorf("a secret with a prefix passes: %v", err)
	}
}

// TestSealDocVectors checks the sealed-draw blocks of docs/dice.md, part
// 4.6, against the vectors, label by label: a reader takes the text.
func TestSealDocVectors(t *testing.T) {
	v := loadSealVectors(t)
	doc, err := os.ReadFile("../docs/dice.md")
	if err != nil {
		t.Fatal(err)
	}
	for label, want := range map[string]string{
		"C":                 v.Commit,
		"SHA-256(S || L_2)": v.HMACKey,
		"SHA-256(Q_s)":      v.RequestHash,
		"K_s":               v.Key,
		"p":                 v.Box.ReceiverSecret,
		"P_pub":             v.Box.ReceiverKey,
		"d":                 v.Box.DrawerSecret,
		"D_pub":             v.Box.DrawerKey,
		"z":                 v.Box.Shared,
		"pad":               v.Box.Pad,
		"box":               v.Box.Box,
	} {
		found := false
		for line := range bytes.Lines(doc) {
			f := strings.Fields(string(line))
			if strings.HasPrefix(string(line), label+" ") && len(f) == 1+strings.Count(label, " ")+1 && !strings.Contains(string(line), "=") {
				found = true
				if got := f[len(f)-1]; got != want {
					t.Errorf("docs/dice.md gives %s = %s; the vectors say %s", label, got, want)
				}
			}
		}
		if !found {
			t.Errorf("docs/dice.md has no line for %s", label)
		}
	}
	if !bytes.Contains(doc, []byte(strings.ReplaceAll(strings.ReplaceAll(v.RequestLine, "\t", `\t`), "\n", `\n`))) {
		t.Error("docs/dice.md does not give the sealed request line of the vectors")
	}
}
