package hexwar

// Control of hexes: a hex belongs to the side whose units stand in it; some
// hexes keep their controller after it leaves, until the enemy occupies or
// passes through them (N44 2.2.5: Towns, Cities and fortifications in
// edition 2.2, every hex in the first edition; A44 30.1.2: towns, cities and
// victory hexes; S43 16.3.4: ports, cities and VP hexes). A game records the
// kept hexes in its state; the rule of which hexes keep control is its
// policy.

// ControlRule reports whether the hex numbered i keeps its controller once
// its units leave it.
type ControlRule func(i int) bool

// KeepTerrains is the rule that the hexes of the given terrains keep their
// controller, and the hexes named by their printed ids (Normandy's permanent
// fortifications, 16.1.6).
func KeepTerrains(b *Board, terrains []Terrain, ids []string) ControlRule {
	keep := make([]bool, b.grid.Len())
	for i, c := range b.cells {
		for _, t := range terrains {
			keep[i] = keep[i] || c.terrain == t
		}
	}
	for _, id := range ids {
		if i, ok := b.CellOf(id); ok {
			keep[i] = true
		}
	}
	return func(i int) bool { return i >= 0 && i < len(keep) && keep[i] }
}

// AllHexes is the rule that every hex keeps the side that occupied or
// passed through it last (N44 first edition: "control_persistence:
// all_hexes_last_passed").
func AllHexes(int) bool { return true }

// Controller is who controls a hex now: the side whose units stand in it
// (held, "" for none), else the side the game recorded for it (kept, ""
// for none).
func Controller(held, kept Side) Side {
	if held != "" {
		return held
	}
	return kept
}
