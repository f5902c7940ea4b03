package normandy44

// Hex control (2.2.5, printed as the second 2.2.4): a fortification (16.0),
// Town or City belongs to the side whose unit occupies it or occupied it last;
// every other hex only to the side occupying it now.

// keepsControl reports whether a hex keeps its controller after it is left
// (2.2.5): a Town or City hex, or a fortification (a permanent IP place, 16.1.6;
// IPs and strongpoints on the map are the caller's to add as fort).
func keepsControl(s *Scenario, hexID string, fort bool) bool {
	if fort {
		return true
	}
	for _, h := range s.Hexes {
		if h.ID == hexID {
			return h.Terrain == Town || h.Terrain == City
		}
	}
	return false
}

// startingControl is the control of the hexes that keep it, before any unit
// moves: ENGINE NOTE (digest 2.2.5): the Germans hold every Town, City and
// permanent fortification, except where the set-up puts an Allied unit.
// occupants maps a hex id to the side of the units on it.
func startingControl(s *Scenario, occupants map[string]Side) map[string]Side {
	kept := map[string]Side{}
	forts := map[string]bool{}
	for _, p := range s.Places {
		if p.Kind == PlaceFort {
			forts[p.Hex] = true
		}
	}
	for _, h := range s.Hexes {
		if h.Terrain == Town || h.Terrain == City || forts[h.ID] {
			kept[h.ID] = German
		}
	}
	return updateControl(kept, occupants)
}

// updateControl records the occupation of kept hexes after units move, retreat
// or advance (2.2.5) and returns the new record; kept is not changed.
func updateControl(kept map[string]Side, occupants map[string]Side) map[string]Side {
	next := make(map[string]Side, len(kept))
	for id, side := range kept {
		if occ, ok := occupants[id]; ok && occ != "" {
			side = occ
		}
		next[id] = side
	}
	return next
}

// controlMap is who controls each hex now (2.2.5): the occupant, else for a
// hex that keeps control the side recorded in kept. A hex in neither map is
// controlled by nobody and is absent.
func controlMap(kept map[string]Side, occupants map[string]Side) map[string]Side {
	out := make(map[string]Side, len(kept)+len(occupants))
	for id, side := range kept {
		out[id] = side
	}
	for id, side := range occupants {
		if side != "" {
			out[id] = side
		}
	}
	return out
}
