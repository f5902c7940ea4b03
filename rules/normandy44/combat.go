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
			return fmt.Errorf("%s: %w: defends only (10.7, 16.2, 17.2.2, 17.3, 17.8)", u.ID, ErrCannotAttack)
		case u.Disrupted:
			return fmt.Errorf("%s: %w: Disrupted (13.6)", u.ID, ErrCannotAttack)
		case u.Type == Flak88 && !in.edition().flakCanAttack:
			return fmt.Errorf("%s: %w", u.ID, ErrFlakAttack) // D34
		}
		if in.Attacker == Allied {
			n := "us"
			if u.Nationality != "us" {
				n = "cw"
			}
			if nat != "" && n != nat {
				return fmt.Errorf("%s: %w: US and CW units in one attack (22.1.1)", u.ID, ErrCannotAttack)
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
				return fmt.Errorf("%w: a combat group is one stack (10.3.4)", ErrNoMAF)
			}
		}
		if total > 6 {
			return fmt.Errorf("%w: combat group of strength %d > 6 (10.3.4)", ErrNoMAF, total)
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
		return fmt.Errorf("%s: %w: the extra unit must be stacked with the MAF formation (10.3.3)", extra[0].ID, ErrNoMAF)
	}
	return fmt.Errorf("%w: more than one unit outside the MAF formation (10.3.3)", ErrNoMAF)
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
		return ErrSupport
	}
	if s.Air > 0 && in.Attacker != Allied {
		return fmt.Errorf("%w: only the Allies have air markers (19.1.1)", ErrSupport)
	}
	if s.Air > airMarkersPerCombat(in.Turn) {
		return fmt.Errorf("%w: %d air markers, at most %d on turn %d (19.1.2)", ErrSupport, s.Air, airMarkersPerCombat(in.Turn), in.Turn)
	}
	if s.Naval > navalMarkersPerCombat || (s.Naval > 0 && (in.Attacker != Allied || in.Weather.Storm())) {
		return fmt.Errorf("%w: naval support: one marker, Allies only, not in Storm (19.2.3)", ErrSupport)
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
				return fmt.Errorf("%w: %s is German only (17.2.8, 17.3)", ErrSupport, f.Source)
			}
			if f.Source == ShiftWerfer {
				werfers++
			}
		case f.Source != ShiftHQArtillery:
			return fmt.Errorf("%w: %q is not artillery (11.6)", ErrSupport, f.Source)
		}
		if f.Columns < 1 || f.Columns > most {
			return fmt.Errorf("%w: %s %s gives 1 to %d shifts (17.2.5)", ErrSupport, f.Source, f.By, most)
		}
		total += f.Columns
	}
	if guns > 1 {
		return fmt.Errorf("%w: %d German shifts from HQs and Caen, at most 1 (17.2.5, 17.2.8, AMBIG-16)", ErrSupport, guns)
	}
	if werfers > limit {
		return fmt.Errorf("%w: %d Werfers (17.3)", ErrSupport, werfers)
	}
	if total > limit {
		return fmt.Errorf("%w: %d artillery shifts, at most %d (11.6, 4.3, AMBIG-16)", ErrSupport, total, limit)
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
