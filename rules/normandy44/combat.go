package normandy44

import (
	"errors"
	"fmt"
	"slices"

	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// Combat resolution as pure functions over plain inputs (10.x-19.x). Nothing
// here reads the Game: the engine wiring builds a CombatInput from the state,
// and applies what comes back. This file computes the odds and every shift.

// Sentinel errors of a combat declaration.
var (
	// ErrNoMAF: the attack names no main attacking force, or one that is not
	// a single formation plus at most one extra unit stacked with it (10.3).
	ErrNoMAF = errors.New("no legal main attacking force (10.3)")
	// ErrCannotAttack: a unit that may not attack is among the attackers.
	ErrCannotAttack = errors.New("unit may not attack")
	// ErrSupport: more support than the rules allow in one combat.
	ErrSupport = errors.New("support over the per-combat limit")
	// ErrNoDefender: a combat needs at least one defending unit (10.1).
	ErrNoDefender = errors.New("no defending unit (10.1)")
	// ErrFlakAttack: an 88mm FLAK unit among the attackers, which the first
	// edition forbids (17.7, IT L1180).
	ErrFlakAttack = fmt.Errorf("%w: 88mm FLAK units do not attack (17.7)", ErrCannotAttack)
)

// declError is a combat declaration refused by a numbered rule: its
// sentinel (ErrNoMAF, ErrCannotAttack, ErrSupport) for callers that tell the
// kinds apart, and the rule that forbids it, which the refusal names.
type declError struct {
	rule string
	err  error
}

func (e *declError) Error() string { return e.err.Error() }
func (e *declError) Unwrap() error { return e.err }

// refuseBy is a declaration error under rule: the sentinel, then what is
// wrong.
func refuseBy(rule string, sentinel error, format string, args ...any) error {
	return &declError{rule: rule, err: fmt.Errorf("%w: %s", sentinel, fmt.Sprintf(format, args...))}
}

// CombatUnit is one unit in a combat, with the values the combat rules read:
// the counter's current step side and the markers on it.
type CombatUnit struct {
	ID          string
	Nationality string // us, gb, ca, heer, ss ...
	Formation   string // division or group (10.3.2); "" for none
	Type        UnitType
	Strength    int  // current printed strength (parenthesized or not)
	DefendOnly  bool // strength in parentheses (10.7)
	Steps       int  // steps left, 1-3 (2.3.5)
	MA          int  // current movement allowance; 0 cannot retreat (13.2.2)
	Quality     int  // -2..+2 (2.3.1)
	AC          int  // armor class, 0 if none
	AntiTank    bool // AC printed in red (11.4.3)
	Tiger       bool // 11.9
	Disrupted   bool // 13.6
	OutOfSupply bool // out-of-supply or Isolated marker (18.4)

	// Attackers only.
	MAF     bool             // part of the main attacking force (10.3)
	FromHex string           // hex attacked from (10.3.3: the extra unit must be stacked with the MAF)
	From    Terrain          // terrain of that hex (11.3: attacking from a flooded hex)
	Across  []HexsideFeature // what lies on the hexside crossed (11.1, 11.3, 11.4.4)
	Landed  bool             // Allied reinforcement in its landing turn, Regroup (6.5.2)

	// Defenders only.
	SM          bool // strategic-movement marker (9.8.4)
	RetreatedIn bool // retreated into the hex this phase (13.5)
}

func (u CombatUnit) info() TypeInfo { return UnitTypes[u.Type] }

// grayArmor: an armored unit with a gray AC, the only kind that gives AS (11.4.1-11.4.3).
func (u CombatUnit) grayArmor() bool { return u.AC > 0 && !u.AntiTank && u.info().ArmoredT }

func (u CombatUnit) approach() approach { return approach{From: u.From, Hexside: u.Across} }

// Fire is one artillery source declared for an attack (11.6).
type Fire struct {
	Source  ShiftSource // ShiftHQArtillery, ShiftWerfer or ShiftCaenArtillery
	By      string      // the HQ or Werfer unit id; "" for Caen
	Columns int         // SupP spent by an HQ (1 each), 1 for a Werfer or Caen
}

// Support is the attacker's declared support (10.5 step 2).
type Support struct {
	Air       int    // air markers (19.1.2)
	Naval     int    // naval markers (19.2.3)
	Artillery []Fire // HQs, Werfers, Caen (11.6, 17.2.5, 17.2.8, 17.3)
}

// CombatInput is one declared attack, as plain data.
type CombatInput struct {
	Attacker  Side
	Turn      int
	Weather   Weather
	Target    Hex  // the one defending hex (10.2): terrain and hilltop
	Improved  bool // an IP, Osteck or Westeck in the defending hex (16.1)
	Attackers []CombatUnit
	Defenders []CombatUnit
	Support   Support
	// Kampfgruppe: the MAF is a combat group, a stack of total strength ≤ 6
	// declared a formation of its own (10.3.4).
	Kampfgruppe bool
	// JabosRoll is the Jabos die before a German attack in Clear weather
	// (19.1.3); 0 while it has not been rolled.
	JabosRoll int
	// FlankFire is the number of defending hexes that give flank fire
	// (28.2, first edition option flank-fire), 0 to 2.
	FlankFire int
	// ed is the edition of the rules (edition.go); nil is 2.2.
	ed *edition
}

// edition is the combat's edition of the rules.
func (in CombatInput) edition() *edition {
	if in.ed == nil {
		return editionDefault
	}
	return in.ed
}

func (in CombatInput) maf() []CombatUnit {
	var out []CombatUnit
	for _, u := range in.Attackers {
		if u.MAF {
			out = append(out, u)
		}
	}
	return out
}

// jabosDue: Jabos are rolled before every German attack in Clear weather (19.1.3).
func (in CombatInput) jabosDue() bool { return in.Attacker == German && in.Weather.Clear() }

// fortified: an IP or a strongpoint in the defending hex (11.4.4, 16.1.1, 16.2).
func (in CombatInput) fortified() bool {
	return in.Improved || slices.ContainsFunc(in.Defenders, func(u CombatUnit) bool { return u.Type == Strongpoint })
}

// Halving records why an attacking unit counts half (11.1).
type Halving = combat.Halving

// Odds is the odds computation of one combat, every step kept for the event:
// the strengths after halving, the DB and the 18 cap (10.4), the raw column
// (10.5 step 1), every shift with the units that earned it (12.2.1 step 3)
// and the final column after the limits (10.6).
type Odds = combat.Odds

// checkAttackers enforces who may attack and the MAF rules (10.3, 10.7,
// 13.6, 22.1.1).
func checkAttackers(in CombatInput) error {
	if len(in.Defenders) == 0 {
		return ErrNoDefender
	}
	nat := ""
	for _, u := range in.Attackers {
		switch {
		case u.DefendOnly || u.Type == HQ || u.Type == Werfer || u.Type == Engineer || u.Type == Strongpoint:
			return refuseBy("10.7", ErrCannotAttack, "%s defends only (10.7, 16.2, 17.2.2, 17.3, 17.8)", u.ID)
		case u.Disrupted:
			return refuseBy("13.6", ErrCannotAttack, "%s is Disrupted", u.ID)
		case u.Type == Flak88 && !in.edition().flakCanAttack:
			return &declError{rule: "17.7", err: fmt.Errorf("%s: %w", u.ID, ErrFlakAttack)} // D34
		}
		if in.Attacker == Allied {
			n := "us"
			if u.Nationality != "us" {
				n = "cw"
			}
			if nat != "" && n != nat {
				return refuseBy("22.1.1", ErrCannotAttack, "%s: US and CW units attack together", u.ID)
			}
			nat = n
		}
	}
	maf := in.maf()
	if len(maf) == 0 {
		return ErrNoMAF
	}
	if in.Kampfgruppe {
		total := 0
		for _, u := range maf {
			total += u.Strength
			if u.FromHex != maf[0].FromHex {
				return refuseBy("10.3.4", ErrNoMAF, "a combat group is one stack")
			}
		}
		if total > 6 {
			return refuseBy("10.3.4", ErrNoMAF, "a combat group of strength %d, more than 6", total)
		}
		return nil
	}
	// One formation, plus one extra unit stacked with it (10.3.1, 10.3.3).
	// The formation is the one most MAF units belong to; a unit without a
	// formation is a formation of its own (10.3.2).
	count := map[string]int{}
	for _, u := range maf {
		count[formationKey(u)]++
	}
	best := ""
	for _, u := range maf {
		if k := formationKey(u); count[k] > count[best] {
			best = k
		}
	}
	var extra []CombatUnit
	for _, u := range maf {
		if formationKey(u) != best {
			extra = append(extra, u)
		}
	}
	switch len(extra) {
	case 0:
		return nil
	case 1:
		for _, u := range maf {
			if formationKey(u) == best && u.FromHex == extra[0].FromHex {
				return nil
			}
		}
		return refuseBy("10.3.3", ErrNoMAF, "%s, the extra unit, is not stacked with the MAF formation", extra[0].ID)
	}
	return refuseBy("10.3.3", ErrNoMAF, "more than one unit outside the MAF formation")
}

func formationKey(u CombatUnit) string {
	if u.Formation == "" {
		return "unit:" + u.ID
	}
	return u.Formation
}

// attackStrength halves each unit once for every reason that applies (11.1)
// and sums.
func attackStrength(in CombatInput) (int, []Halving) {
	total := 0
	var halved []Halving
	for _, u := range in.Attackers {
		var why []HalvingReason
		if !u.MAF {
			why = append(why, HalvedNotMAF)
		}
		if halvedByTerrain(u.approach(), in.Attacker == Allied) {
			why = append(why, HalvedTerrain)
		}
		if u.OutOfSupply {
			why = append(why, HalvedOutOfSupply)
		}
		if u.Landed {
			why = append(why, HalvedLanded)
		}
		s := u.Strength
		if len(why) > 0 {
			s = halveStrength(s)
			halved = append(halved, Halving{Unit: u.ID, Reasons: why})
		}
		total += s
	}
	return total, halved
}

// defenseStrength is the defenders' strength plus the DB (11.2): the best
// terrain DB, capped by the printed strength of the units that may earn it
// (not strongpoints, silhouettes or SM-marked units). Units that retreated
// in this phase add nothing (13.5, AMBIG-26).
func defenseStrength(in CombatInput) (total, db int) {
	eligible := 0
	for _, u := range in.Defenders {
		if u.RetreatedIn {
			continue
		}
		total += u.Strength
		if !u.info().NoDB && !u.SM {
			eligible += u.Strength
		}
	}
	db = min(in.edition().db(in.Target.Terrain), eligible) // D16: Woods 2 in the first edition
	return total + db, db
}

// checkSupport enforces the per-combat limits of air, naval and artillery.
func checkSupport(in CombatInput) error {
	s := in.Support
	if s.Air < 0 || s.Naval < 0 {
		return refuseBy("10.5", ErrSupport, "a negative number of markers")
	}
	if s.Air > 0 && in.Attacker != Allied {
		return refuseBy("19.1.1", ErrSupport, "only the Allies have air markers")
	}
	if s.Air > airMarkersPerCombat(in.Turn) {
		return refuseBy("19.1.2", ErrSupport, "%d air markers, at most %d on turn %d", s.Air, airMarkersPerCombat(in.Turn), in.Turn)
	}
	switch {
	case s.Naval > 0 && in.Attacker != Allied:
		return refuseBy("19.2.1", ErrSupport, "only the Allies have naval markers")
	case s.Naval > 0 && in.Weather.Storm():
		return refuseBy("19.2.3, 4.3", ErrSupport, "no naval support in Storm")
	case s.Naval > navalMarkersPerCombat:
		return refuseBy("19.2.3", ErrSupport, "%d naval markers, at most %d an attack", s.Naval, navalMarkersPerCombat)
	}
	limit := maxArtilleryShifts
	if in.Weather.Storm() {
		limit = maxArtilleryShiftsStorm
	}
	total, werfers, guns := 0, 0, 0
	for _, f := range s.Artillery {
		if in.Attacker == German && f.Source != ShiftWerfer {
			guns += f.Columns // AMBIG-16: one German shift from an HQ or Caen
		}
		most := 1
		switch {
		case f.Source == ShiftHQArtillery && in.Attacker == Allied:
			most = 2 // 17.2.5
		case f.Source == ShiftWerfer || f.Source == ShiftCaenArtillery:
			if in.Attacker != German {
				return refuseBy("17.2.8, 17.3", ErrSupport, "%s is German only", f.Source)
			}
			if f.Source == ShiftWerfer {
				werfers++
			}
		case f.Source != ShiftHQArtillery:
			return refuseBy("11.6", ErrSupport, "%q is not artillery", f.Source)
		}
		switch {
		case f.Columns < 1:
			return refuseBy("11.6", ErrSupport, "%s %s gives no shift", f.Source, f.By)
		case f.Columns > most && f.Source == ShiftHQArtillery:
			return refuseBy("17.2.5", ErrSupport, "one %s HQ gives at most %d shift(s) a combat, at 1 SupP each; %s gives %d", in.Attacker, most, f.By, f.Columns)
		case f.Columns > most && f.Source == ShiftWerfer:
			return refuseBy("17.3", ErrSupport, "a Werfer gives one shift; %s gives %d", f.By, f.Columns)
		case f.Columns > most:
			return refuseBy("17.2.8, AMBIG-16", ErrSupport, "Caen's artillery gives one shift")
		}
		total += f.Columns
	}
	// 4.3: in a Storm, one artillery shift in all, Werfers included.
	storm := func(rule string) string {
		if in.Weather.Storm() {
			return "4.3"
		}
		return rule
	}
	switch {
	case werfers > limit:
		return refuseBy(storm("17.3"), ErrSupport, "%d Werfers in one attack, at most %d", werfers, limit)
	case total > limit:
		return refuseBy(storm("AMBIG-16, 17.3"), ErrSupport, "%d artillery shifts in one attack, at most %d", total, limit)
	case guns > 1:
		return refuseBy("17.2.5, 17.2.8, AMBIG-16", ErrSupport, "%d German shifts from HQs and Caen in one attack, at most 1", guns)
	}
	return nil
}

// resolveOdds computes the odds of a declared attack (10.3-10.6, 11.x,
// 19.x): halving, the DB, the 18 cap, the raw column, every shift with its
// reason, then the limits. Jabos come in once in.JabosRoll is set.
func resolveOdds(in CombatInput) (Odds, error) {
	if err := checkAttackers(in); err != nil {
		return Odds{}, err
	}
	if err := checkSupport(in); err != nil {
		return Odds{}, err
	}
	attack, halved := attackStrength(in)
	defense, db := defenseStrength(in)
	if defense == 0 {
		// Only units that retreated in this phase: they add nothing (13.5)
		// but the hex is still attacked; count it as the smallest defense.
		defense = 1
	}
	o, err := ladder.Compute(attack, defense, shiftRules.Apply(in))
	if err != nil {
		return Odds{}, err
	}
	o.DB, o.Halved = db, halved
	return o, nil
}

// jabosAwaited: the combat waits for the Jabos die before the CRT (19.1.3,
// AMBIG-34): a German attack in Clear weather whose Jabos die is not rolled
// yet; its odds leave the Jabos out until it is.
func (in CombatInput) jabosAwaited() bool { return in.jabosDue() && in.JabosRoll == 0 }
