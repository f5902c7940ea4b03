package rules

import (
	"crypto/sha256"
	"encoding/hex"
)

// HashState is the Hash of a game whose state is plain data: "sha256:" and the
// hex SHA-256 of its JSON. encoding/json writes struct fields in declaration
// order and map keys sorted, so the same state always gives the same hash;
// engines keep slices in a fixed order and floats out of their state. The
// bytes are json.Marshal's, written faster (statejson.go).
func HashState(state any) string {
	b, err := encodeState(state)
	if err != nil {
		panic("rules: a game state must be plain data: " + err.Error())
	}
	sum := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(sum[:])
}
