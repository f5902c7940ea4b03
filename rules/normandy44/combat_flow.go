package normandy44

import (
	"fmt"
	"slices"

	hx "github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// The hand-over sequence of one combat (digest §6.3): the series' staged
// procedure (rules/hexwar/combat) with Normandy's own stages: the Jabos die
// before the CRT (19.1.3), a lost single-step MAF (12.6) and the Desperate
// Defense (12.5). The dice it needs and the decisions each side makes come
// in this order, and the standing and conditional orders answer decisions
// without a round trip.

// RollPurpose names a die roll of the combat (digest §6.1).
type RollPurpose = combat.RollPurpose

const (
	RollJabos = RollPurpose("jabos") // R4, 19.1.3
	RollCRT   = combat.RollCRT       // R3, 10.5
	RollDD    = combat.RollDD        // R5, 12.4
)

// DecisionKind names a decision point, in the order they arise.
type DecisionKind = combat.DecisionKind

const (
	DecAttackerLoss  = combat.DecAttackerLoss         // 12.2.1
	DecDefenderLoss  = combat.DecDefenderLoss         // 12.2.2
	DecIgnoreRetreat = DecisionKind("ignore-retreat") // 12.6
	DecDD            = combat.DecDD                   // 12.4
	DecDDLoss        = combat.DecDDLoss               // 12.4.8 EX and AL
	DecDespD         = DecisionKind("despd")          // 12.5
	DecDespDLoss     = DecisionKind("despd-loss")     // 12.5
	DecRetreat       = combat.DecRetreat              // 13.1.4
	DecAdvance       = combat.DecAdvance              // 14, 15.1 b
)

// Combat is one combat in progress: the series' procedure on Normandy's
// declaration (In), with the state of Normandy's own stages.
type Combat struct {
	*combat.Combat
	In CombatInput
	// ReserveOK reports whether an attacking unit may go into Reserve
	// after a DH or A1/D2 (15.1 b) for the rules the combat does not see:
	// its markers, and the 6 Reserve markers. Nil means it may.
	ReserveOK func(id string) bool

	Ignored     bool // 12.6: the defenders stay
	ignoreAsked bool
	DespD       *CombatCommand // 12.5: despd or no-despd

	// Rules are the rules version's (versions.go) the combat follows; nil
	// is the current version's.
	Rules *rulesVersion
	// excess lists the attacker's units over the stacking limit in a hex
	// the advance ended in (7.2), where the version lets an advance end
	// there; the game sets it.
	excess func(*combat.Combat) []string
}

// rules are the version's rules the combat follows.
func (c *Combat) rules() *rulesVersion {
	if c.Rules == nil {
		return &versions[0]
	}
	return c.Rules
}

// despdStage names the Desperate Defense's losses among the combat's.
const despdStage = "despd"

// NewCombat computes the odds and opens the combat, under the current rules
// version.
func NewCombat(in CombatInput, layout hx.Layout, origin string, retreat, advance CombatMap) (*Combat, error) {
	return newCombatUnder(nil, in, layout, origin, retreat, advance)
}

// newCombatUnder is NewCombat under a rules version's rules (nil: the
// current one's).
func newCombatUnder(v *rulesVersion, in CombatInput, layout hx.Layout, origin string, retreat, advance CombatMap) (*Combat, error) {
	o, err := resolveOdds(in)
	if err != nil {
		return nil, fmt.Errorf("attack on %s: %w", origin, err)
	}
	c := &Combat{In: in, Rules: v}
	c.Combat = &combat.Combat{Attacker: string(in.Attacker), Defender: string(other(in.Attacker)),
		Attackers: units(in.Attackers), Defenders: units(in.Defenders), Terrain: string(in.Target.Terrain),
		Layout: layout, Origin: origin, RetreatMap: retreat, AdvanceMap: advance,
		Grammar: grammar, Odds: o, Stages: c.stages()}
	return c, nil
}

// units are the units as the series' procedure reads them.
func units(us []CombatUnit) []combat.Unit {
	out := make([]combat.Unit, len(us))
	for i, u := range us {
		out[i] = u.unit()
	}
	return out
}

// unit is the counter as the series' procedure reads it: HQs and Werfers
// never lead a DD (12.4.2) nor advance (14.1); an Allied reinforcement in
// its landing turn advances only into the vacated hex (6.5.2 Regroup); an
// Ost unit is removed by any step loss (17.1).
func (u CombatUnit) unit() combat.Unit {
	hqw := u.Type == HQ || u.Type == Werfer
	return combat.Unit{ID: u.ID, Strength: u.Strength, Steps: u.Steps, MA: u.MA, Mechanized: u.info().Mechanized,
		Disrupted: u.Disrupted, RetreatedIn: u.RetreatedIn, MAF: u.MAF, FromHex: u.FromHex,
		NoLead: hqw, NoAdvance: hqw, LimitedAdvance: u.Landed, Fragile: u.Type == Ost}
}

func (c *Combat) defender() Side { return other(c.In.Attacker) }

// survivors are the defenders after the CRT, DD and DespD losses.
func (c *Combat) survivors() []combat.Unit { return c.Survivors() }

// pending is what the combat waits for, without orders.
func (c *Combat) pending() combat.Await { return c.Await() }

// Decide applies a decision by side; an illegal one changes nothing.
func (c *Combat) Decide(side Side, cmd CombatCommand) error {
	return c.Combat.Decide(string(side), cmd)
}

// DespLoss are the two steps of a Desperate Defense (12.5).
func (c *Combat) DespLoss() []string { return c.StageLosses(despdStage, true) }

// held: the defenders stay, by a successful DD or DespD, by 12.6, or
// because the result has no retreat.
func (c *Combat) held() bool { return c.Held() }

// stages are the combat's procedure (10.5, 12-14), Normandy's own stages
// among the series', as the rules version plays them: whether a stack may
// split (13.1.3), and whether an advance may end over the stacking limit,
// the attacker then eliminating the excess (7.2).
func (c *Combat) stages() []combat.Stage {
	var s []combat.Stage
	s = append(s, c.jabosStage(), combat.CRTStage(c.In.edition().crt, "10.5"))
	s = append(s, combat.LossStages(lossRules)...)
	if c.In.edition().mafSingleStepLossCancelsRetreat {
		s = append(s, c.ignoreRetreatStage()) // 12.6, 2.2 only (D20)
	}
	s = append(s, combat.DDStages(c.determined())...)
	rr := retreatRefs
	rr.Split = c.rules().splitRetreat
	s = append(s, c.despdLossStage(), c.despdStage(), combat.RetreatStage(rr))
	s = append(s, combat.AdvanceStage("14.1", c.reserve()))
	if c.rules().stackAtPhaseEnd {
		s = append(s, combat.ExcessStage("7.2", func(cc *combat.Combat) []string {
			if c.excess == nil {
				return nil
			}
			return c.excess(cc)
		}))
	}
	return s
}

// lossRules are who takes and who picks the losses (12.2.1, 12.2.2; the
// first edition's A1/D2, 12.1: the attacker picks the first step).
var lossRules = combat.LossRules{Opponent: "12.2.1 step 2", Providers: "12.2.1 step 3", Owner: "12.2.1 step 4", Defender: "12.2.2", First: "12.1 A1/D2"}

// retreatRefs name the rules of a retreat (13.1.4, 13.3, 13.2.1).
var retreatRefs = combat.RetreatRules{Rule: "13.1.4", OneHex: "13.3", Step: "13.2.1"}

// jabosStage is the Jabos die before a German attack in Clear weather, once
// every other shift is known (19.1.3). Who rolls is AMBIG-34: the Allied
// player, as the example of 19.1.3 has it (L1314), where the version reads
// so; the German, as 4.3 has it (L334), under normandy44/4.
func (c *Combat) jabosStage() combat.Stage {
	return combat.Stage{Name: "jabos",
		Await: func(*combat.Combat) (combat.Await, bool) {
			if !c.In.jabosAwaited() {
				return combat.Await{}, false
			}
			roller := German
			if c.rules().jabosAllied {
				roller = Allied
			}
			return combat.Await{Roll: RollJabos, Side: string(roller), Rule: "19.1.3, AMBIG-34"}, true
		},
		Roll: func(_ *combat.Combat, die int) error {
			c.In.JabosRoll = die
			o, err := resolveOdds(c.In)
			if err != nil {
				return err
			}
			c.Odds = o
			return nil
		},
		Words: func(*combat.Combat) string {
			if c.In.JabosRoll > 0 {
				return fmt.Sprintf("; Jabos die %d", c.In.JabosRoll)
			}
			return ""
		},
	}
}

// ignoreRetreatStage is 12.6: when the MAF was one 1-step unit and the
// result eliminated it, the defender may ignore the retreat.
func (c *Combat) ignoreRetreatStage() combat.Stage {
	return combat.Stage{Name: "ignore-retreat",
		Await: func(*combat.Combat) (combat.Await, bool) {
			if !c.Retreating() || c.ignoreAsked || !mayIgnoreRetreat(c.Combat) || len(c.AttLoss) == 0 {
				return combat.Await{}, false
			}
			return combat.Await{Decision: DecIgnoreRetreat, Side: c.Defender,
				Choices: []string{string(CmdIgnoreRetreat), string(CmdAcceptRetreat)}, Rule: "12.6"}, true
		},
		Decide: func(_ *combat.Combat, a combat.Await, cmd CombatCommand) error {
			if err := a.Chosen(cmd); err != nil {
				return err
			}
			c.ignoreAsked, c.Ignored = true, cmd.Kind == CmdIgnoreRetreat
			if c.Ignored {
				c.Hold = "12.6"
			}
			return nil
		},
		ByOrder: func(_ *combat.Combat, a combat.Await, o Orders) (CombatCommand, bool) {
			if ord, ok := o.Find(a.Side, CmdOrderDD); ok && ord.Mode == ModeAlways {
				return CombatCommand{Kind: CmdIgnoreRetreat}, true
			}
			return CombatCommand{}, false
		},
		Words: func(*combat.Combat) string {
			if c.Ignored {
				return "; retreat ignored (12.6)"
			}
			return ""
		},
	}
}

// despdLossStage takes the two steps of a Desperate Defense: the first the
// defender's pick, the second the attacker's (12.5).
func (c *Combat) despdLossStage() combat.Stage {
	return combat.Stage{Name: "despd-loss",
		Await: func(*combat.Combat) (combat.Await, bool) {
			lost := c.DespLoss()
			if !c.Retreating() || c.DespD == nil || c.DespD.Kind != CmdDespD || len(lost) >= 2 {
				return combat.Await{}, false
			}
			chooser := c.Defender
			if len(lost) == 1 {
				chooser = c.Attacker // the second step is the attacker's pick (12.5)
			}
			return combat.Await{Decision: DecDespDLoss, Side: chooser, Steps: 1, Choices: combat.IDs(c.Survivors()), Rule: "12.5"}, true
		},
		Decide: func(_ *combat.Combat, a combat.Await, cmd CombatCommand) error {
			if err := a.Losses(cmd, c.Survivors()); err != nil {
				return err
			}
			for _, id := range cmd.Units {
				c.Lost = append(c.Lost, combat.Loss{Unit: id, Defender: true, Stage: despdStage})
			}
			return nil
		},
		ByOrder: combat.LossByOrder,
		Words: func(*combat.Combat) string {
			if lost := c.DespLoss(); len(lost) > 0 {
				return "; desperate defense: " + combat.StepList(lost)
			}
			return ""
		},
	}
}

// despdStage is the Desperate Defense (12.5): after a failed DD, when the
// units eligible to lead hold at least 2 steps and the stack would be
// eliminated if it retreated, it may hold by losing 2 steps.
func (c *Combat) despdStage() combat.Stage {
	return combat.Stage{Name: "despd",
		Await: func(*combat.Combat) (combat.Await, bool) {
			failedDD := c.DDOut != nil && !c.DDOut.Result.Success
			if !c.Retreating() || c.Held() || c.RetreatBegun() || !failedDD || c.DespD != nil || !c.Result.DeterminedDefense ||
				!despAllowed(c.In.edition(), c.Survivors(), c.RetreatBlocked(c.rules().splitRetreat)) {
				return combat.Await{}, false
			}
			return combat.Await{Decision: DecDespD, Side: c.Defender, Choices: []string{string(CmdDespD), string(CmdNoDespD)}, Rule: "12.5"}, true
		},
		Decide: func(_ *combat.Combat, a combat.Await, cmd CombatCommand) error {
			if err := a.Chosen(cmd); err != nil {
				return err
			}
			c.DespD = &cmd
			if cmd.Kind == CmdDespD {
				c.Hold = "12.5"
			}
			return nil
		},
		ByOrder: func(_ *combat.Combat, a combat.Await, o Orders) (CombatCommand, bool) {
			ord, ok := o.Find(a.Side, CmdOrderDespD)
			switch {
			case !ok:
				return CombatCommand{}, false
			case ord.Mode == ModeNever:
				return CombatCommand{Kind: CmdNoDespD}, true
			}
			return CombatCommand{Kind: CmdDespD}, true
		},
	}
}

// reserve is the Reserve instead of an advance (15.1 b): after DH or A1/D2,
// for a unit in supply that did not land this turn, where the markers allow.
func (c *Combat) reserve() *combat.Alternative {
	return &combat.Alternative{Kind: CmdReserve, Order: CmdIfReserve,
		Allowed: func(_ *combat.Combat, u combat.Unit) bool {
			i := slices.IndexFunc(c.In.Attackers, func(a CombatUnit) bool { return a.ID == u.ID })
			if i < 0 || !c.Result.Tags.Has(TagReserve) {
				return false
			}
			a := c.In.Attackers[i]
			return !a.OutOfSupply && !a.Landed && (c.ReserveOK == nil || c.ReserveOK(u.ID))
		}}
}

// determined is the Determined Defense of 12.4 for this combat: its column,
// modifiers and T2 (determined.go), with defensive support (12.4.7).
func (c *Combat) determined() *combat.Determined {
	return &combat.Determined{Support: true, Cell: ddCell,
		Rule: "12.4.1, 12.4.2", RollRule: "12.4.3", EXRule: "12.4.8 EX", ALRule: "12.4.8 AL",
		Resolve: func(_ *combat.Combat, lead combat.Unit, support bool, die int) combat.DDOutcome {
			i := slices.IndexFunc(c.In.Defenders, func(d CombatUnit) bool { return d.ID == lead.ID })
			if i < 0 {
				panic(fmt.Sprintf("normandy44: the Lead %q is not a defender of the combat on %s", lead.ID, c.Origin))
			}
			return resolveDD(c.In, c.In.Defenders[i], support, die)
		},
		Note: func(_ *combat.Combat, o combat.DDOutcome) string {
			if o.Result.Tags.Has(TagIPDestroyed) && c.In.Improved {
				return ", IP destroyed"
			}
			return ""
		},
	}
}
