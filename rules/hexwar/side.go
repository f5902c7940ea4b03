package hexwar

// Side is a player side of the series: every game of it sets the Allies
// against the Germans (N44 3.0, A44 4.0, S43 3.0). It is a named string, so
// a game's state records it as the word itself.
type Side string

const (
	Allied Side = "allied"
	German Side = "german"
)

// Other is the opposing side; "" has none.
func (s Side) Other() Side {
	switch s {
	case Allied:
		return German
	case German:
		return Allied
	}
	return ""
}
