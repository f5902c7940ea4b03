package rules

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"
)

func TestHashState(t *testing.T) {
	type state struct {
		Turn  int            `json:"turn"`
		Units map[string]int `json:"units"`
	}
	// The JSON of this state is {"turn":3,"units":{"a":1,"b":2}}: map keys sorted.
	want := sha256.Sum256([]byte(`{"turn":3,"units":{"a":1,"b":2}}`))
	if got := HashState(state{Turn: 3, Units: map[string]int{"b": 2, "a": 1}}); got != "sha256:"+hex.EncodeToString(want[:]) {
		t.Fatalf("HashState = %s", got)
	}
	if HashState(state{Turn: 3}) == HashState(state{Turn: 4}) {
		t.Fatal("different states hash the same")
	}
}
