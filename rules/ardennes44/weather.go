package ardennes44

// Weather by the fixed schedule (28.0, digest 1.8): no dice.
const (
	// frozenFrom: from turn 11 (21 AM) the ground is frozen: mechanized
	// units pay the frozen road costs and forest roads give the advance
	// bonus (28.1). Frozen goes on in S5 (AMB-5).
	frozenFrom = 11
	// clearFrom and clearUntil: turns 15-22 (23 AM - 26 PM) have clear
	// skies (28.2): Allied air support, Jabos, the Allied surrender DRM -2,
	// the German fuel DRM +1; they end with turn 23 (S5.3).
	clearFrom, clearUntil = 15, 22
)

// clear: a clear-sky turn (28.2, S5.3).
func clear(turn int) bool { return turn >= clearFrom && turn <= clearUntil }

// frozen: frozen ground (28.1).
func frozen(turn int) bool { return turn >= frozenFrom }

// weatherWords says the turn's weather for players.
func weatherWords(turn int) string {
	ground := "mud"
	if frozen(turn) {
		ground = "frozen ground (28.1)"
	}
	sky := "overcast"
	if clear(turn) {
		sky = "clear skies (28.2): Allied air support and Jabos"
	}
	return ground + ", " + sky
}
