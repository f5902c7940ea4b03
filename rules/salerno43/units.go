package salerno43

import "slices"

// Unit is a counter (2.3): its printed faces, full strength first, and
// what the counter sheet marks.
type Unit struct {
	ID        string
	Side      Side
	Nation    Nation
	Formation string // the division or group that forms a MAF (8.4.2); "" for none
	Type      UnitType
	Faces     []Face
	// Stacking is the points in the black box (4.2), 0-3.
	Stacking int
	// Range is an ASU's range in hexes (17.4); Level "corps" or "division"
	// (17.1; a Nebelwerfer counts as corps, 19.1).
	Range int
	Level string
	// Rem is the type of REM counter that is the third step of a 3-step
	// unit (2.3.5, 10.4); "" for a unit of one or two steps.
	Rem UnitType
	// Eighth: an 8th Army unit, with the yellow stripe (S2.3).
	Eighth bool
	// Independent: white stripe or type box (8.4.4); BH units and 2/509
	// are independent without it.
	Independent bool
	// NoBond: a white outline, no ZOC bonds (7.1, A-05).
	NoBond bool
	// Silhouette: a tank silhouette (4.3, 9.8, 18.4.3).
	Silhouette bool
	// TankDestroyer: a red armor rating on yellow, one less when
	// attacking (9.3.4).
	TankDestroyer bool
}

// Face is one printed side of a counter (2.3.2).
type Face struct {
	Attack int // -1: no attack strength (ASU, 17.7)
	// Defense is the printed defense; Bracketed when printed "(n)"
	// (8.4.6); Variable when printed "*", rolled each combat (19.3).
	Defense   int
	Bracketed bool
	Variable  bool
	MA        int
	Quality   Quality
	Armor     int // armor rating (9.3); 0 for none
}

// Steps is the unit's steps: its faces, and the REM counter (2.3.5).
func (u *Unit) Steps() int {
	if u.Rem != "" {
		return len(u.Faces) + 1
	}
	return len(u.Faces)
}

// Info is what its type implies (2.3.3).
func (u *Unit) Info() TypeInfo { return UnitTypes[u.Type] }

// ASU: corps and division HQs and Nebelwerfers (17.1, 19.1).
func (u *Unit) ASU() bool { return u.Type == "hq" || u.Type == "werfer" }

// Beachhead: a BH unit (18.1).
func (u *Unit) Beachhead() bool { return u.Type == "beachhead" }

// Remnant is a pool of REM counters of one type (10.4).
type Remnant struct {
	Side  Side
	Type  UnitType
	Face  Face
	Count int
}

// Placement is one [setup] record: a unit on a hex or in a box.
type Placement struct {
	Unit string
	At   string // a hex id, or a box (boxes)
	// Used: an ASU set up on its USED side (17.5).
	Used bool
}

// Boxes a unit may be set up in, besides a hex: the Floating Reserve
// (18.3), an entry area (21.0), a landing's assault (24.2) or a beach's
// follow-up wave box (24.4.2).
const (
	BoxFloating = "floating-reserve"
	boxEntry    = "entry:"
	boxAssault  = "assault:"
	boxFollowUp = "follow-up:"
)

// Reinforcement is one [reinforcements] record (21.0).
type Reinforcement struct {
	Turn int
	Unit string
	// At is BoxFloating (5th Army, 21.1.1), "entry:N", "entry:S",
	// "entry:E" (any area of the code, 21.1.1), "entry:AREA" (the 8th
	// Army's printed area), "airdrop:bh" (within 3 hexes of a BH unit) or
	// "airdrop:5th-army" (21.6.1).
	At string
}

// TurnBox is the turn track's box for a turn (20.1.1, 23.2): the VP
// benchmark from turn 4 (0: none) and each side's replacements by type.
type TurnBox struct {
	Turn      int
	Benchmark int
	HasMark   bool
	Repl      map[Side]map[Replacement]int
}

// Special holds the scenario's special rules.
type Special struct {
	// Supply is each side's starting SP (S1.1: Allied 0, German 3).
	Supply map[Side]int
	// Garrison is the unit that may not move until released (19.2), and
	// the turn and the distance of an Allied unit that release it.
	Garrison      string
	ReleaseTurn   int
	ReleaseWithin int
	// Invasion: turn 1 is the invasion turn (24.0).
	Invasion bool
	// Withdraw is the Campaign's withdrawal of the 16th Panzer Division
	// (S2.2); AbandonFrom the first turn the German may abandon the 8th
	// Army sector (S2.3.7), 0 for never.
	Withdraw    Withdrawal
	AbandonFrom int
}

// Victory holds the scenario's victory conditions.
type Victory struct {
	// VP: the Allies win with at least this many at the end (S1.2: 8,
	// S2.4: 20).
	VP int
	// Automatic: 23.2 applies (A-50: in Avalanche too).
	Automatic bool
	// BHPenalty: each eliminated BH costs 1 VP (23.1.3: Avalanche, and
	// automatic victory).
	BHPenalty bool
	// IsolatedHexes: the Campaign's check at the end (S2.4): the German-held
	// VP hexes that are isolated count for the Allies, and the eliminated
	// BH cost nothing.
	IsolatedHexes bool
}

func (s *Scenario) unit(id string) *Unit {
	i := slices.IndexFunc(s.Units, func(u Unit) bool { return u.ID == id })
	if i < 0 {
		return nil
	}
	return &s.Units[i]
}

// unitIndex is the index of unit id, -1 for none.
func (s *Scenario) unitIndex(id string) int {
	return slices.IndexFunc(s.Units, func(u Unit) bool { return u.ID == id })
}
