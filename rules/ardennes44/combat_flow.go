package ardennes44

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules/hexwar/combat"
	"github.com/pbem-referee/pbem/rules/scene"
)

// One combat (14.4): the series' staged procedure (rules/hexwar/combat)
// with Ardennes '44's own stages in the order of 14.4 and 15.6.3:
//
//	dump        step 1: the Allies may blow the fuel dump attacked (32.3, ardennes44/5)
//	bridge      step 1: the defender may blow a bridge attacked across (7.4), the Ouren check (7.7)
//	cancel      step 1: the attacker may cancel if a bridge was blown
//	jabos       step 5, before the attacker's artillery (15.6.3, CON-8): the Allied die
//	support     step 3: the German artillery named after the Jabos die
//	def-art     step 4: the defender's artillery, its die, ToT (22.8)
//	surprise    150 Pz Bde's die (27.8.3)
//	crt         step 6: the die on the CRT, or the automatic A1 below 1-3 (14.5)
//	recon       a lone recon unit reads D1 and DS as DR4 (21.4)
//	ff          the attacker's Fire Fight or ENG, its die (16.2)
//	aa          ENG+: which hex takes the Attacker's Advantage (16.6)
//	losses, Determined Defense (16.7), retreat (17), advance (19): the series'
//	            an attacker may break down before it advances (26.2, ardennes44/5)
//	            the defender may blow a bridge an advance would cross (7.4, ardennes44/5)
//
// Each roll and decision is recorded as the series' step, so the combat is
// rebuilt from the state (combat_phase.go).

// Roll purposes and decision kinds of A44's own stages.
const (
	RollDemolish  combat.RollPurpose  = "demolish"
	RollOuren     combat.RollPurpose  = "ouren"
	RollJabos     combat.RollPurpose  = "jabos"
	RollDefArt    combat.RollPurpose  = "def-art"
	RollSurprise  combat.RollPurpose  = "surprise"
	RollFF        combat.RollPurpose  = "ff"
	RollDump      combat.RollPurpose  = "dump"
	DecDemolish   combat.DecisionKind = "demolish"
	DecCancel     combat.DecisionKind = "cancel"
	DecSupport    combat.DecisionKind = "support"
	DecDefArt     combat.DecisionKind = "def-art"
	DecFF         combat.DecisionKind = "fire-fight"
	DecAA         combat.DecisionKind = "aa"
	cancelledCode combat.ResultCode   = "cancelled"
)

// Combat is one combat in progress: the series' procedure on A44's
// declaration, with the state of A44's own stages.
type Combat struct {
	*combat.Combat
	in *combatIn

	// step 1: the fuel dump attacked that the Allies may blow (32.3), its
	// hex or ""; whether they decided, tried, rolled, and blew it.
	dump                                        string
	dumpDecided, dumpTry, dumpRolled, dumpBlown bool
	// step 1: the bridges attacked across that the defender may blow, in
	// order, and for each whether he tries (7.4) and the die's outcome.
	bridges  []string
	demolish []bool
	tried    int    // bridges decided so far
	rolled   int    // of those tried, dice rolled
	ouren    string // the Ouren bridge's check in this combat: "", "collapsed", "intact"
	cancel   *bool
	// jabosRolled: the Jabos die is in (15.6.3); supportAsked: the
	// German support decided after it.
	jabosRolled  bool
	supportAsked bool
	defArt       string // the defensive artillery unit, "-" for none
	defArtDie    int
	tot          bool // a ToT: the attack stops, as A1 (22.8)
	surpriseDie  int
	reconDone    bool
	ffLead       string // "-" for ENG taken
	ffDie        int
	ffMod        int // the Fire Fight's modifier as rolled
	aaHex        string
	delayDone    bool
	// The bridges of the advance (7.4, ardennes44/5): the advance waiting
	// for them, and the attempts made against advances, in order.
	crossing *advanceCrossing
	advTries []bridgeTry
	// brokenLost are the engineers the retreat made Broken, eliminated
	// as the outcome is put on the map (27.1), for the report.
	brokenLost []scene.Loss
}

// newCombat builds the combat of a declaration from the position.
func (g *Game) newCombat(a AttackCommand) (*Combat, error) {
	in, err := g.combatInput(a)
	if err != nil {
		return nil, err
	}
	o, err := in.odds()
	if err != nil {
		return nil, err
	}
	c := &Combat{in: in}
	c.Combat = &combat.Combat{Attacker: string(in.attacker), Defender: string(in.attacker.Other()),
		Attackers: g.combatUnits(in, in.attackers, in.zero), Defenders: g.combatUnits(in, in.defenders, nil),
		Terrain: string(in.terrain), Layout: g.b.layout, Origin: a.Target, Grammar: grammar, Odds: o}
	c.dump = g.dumpAttacked(in)
	c.bridges = g.bridgesAttacked(in)
	c.Stages = c.stages()
	c.Eliminates = g.eliminatesInRetreat
	c.RetreatMap = g.retreatMap(c)
	c.AdvanceMap = g.advanceMap(c)
	c.SupplyDistance = g.supplyDistance(in.attacker.Other())
	return c, nil
}

// combatInput reads the declaration into the odds' input.
func (g *Game) combatInput(a AttackCommand) (*combatIn, error) {
	t, ok := g.b.ids[a.Target]
	if !ok {
		return nil, fmt.Errorf("%s is not a hex of the map", a.Target)
	}
	in := &combatIn{attack: a, attacker: g.s.Side, night: g.night(), turn: g.s.Turn, target: t,
		terrain: g.b.terrain(t), westWall: g.b.westWall(t), ip: g.ipAt(a.Target), g: g,
		art: slices.Clone(a.Art), air: a.Air}
	for _, id := range a.With {
		in.attackers = append(in.attackers, g.index[id])
	}
	for _, id := range a.Zero {
		in.zero = append(in.zero, g.index[id])
	}
	occ := g.occupancy()
	in.defenders = occ[t]
	if len(in.defenders) == 0 {
		return nil, fmt.Errorf("no defender in %s", a.Target)
	}
	return in, nil
}

// combatUnits are units as the series' procedure reads them.
func (g *Game) combatUnits(in *combatIn, units, zero []int) []combat.Unit {
	var out []combat.Unit
	for _, i := range units {
		s := g.face(i).DF
		if g.sideOf(i) == in.attacker {
			s = max(g.face(i).AF, 0)
		}
		out = append(out, g.combatUnit(in, i, s))
	}
	for _, i := range zero {
		out = append(out, g.combatUnit(in, i, 0))
	}
	return out
}

// combatUnit is unit i as the series' procedure reads it, with strength.
func (g *Game) combatUnit(in *combatIn, i, strength int) combat.Unit {
	u, us, f := g.unit(i), g.s.Units[i], g.face(i)
	cu := combat.Unit{ID: u.ID, Strength: strength, Steps: g.stepsLeft(i), MA: max(f.MA, 1), Mechanized: u.Mech(),
		Disrupted: us.Status != "", RetreatedIn: us.RetreatedIn && !in.attack.Breakthrough, MAF: true, FromHex: us.At,
		NoLead: u.Arty() || us.SM || u.Type == SupplyDepot, NoAdvance: u.Arty() || (u.Has(MarkRed) && g.s.Turn == 1)}
	if u.Mech() && !us.OOS {
		cu.RoadBonus = 1 // 19.1.3, 19.5
	}
	return cu
}

// stepsLeft is how many steps unit i can lose before it is gone: a reduced
// side dies with its step, or becomes a Remnant if its 2 is underlined;
// a full side flips to its reduced side first (16.4).
func (g *Game) stepsLeft(i int) int {
	u, us := g.unit(i), g.s.Units[i]
	reduced := func() int {
		if u.WhiteLine {
			return 2
		}
		return 1
	}
	if u.Arty() || len(u.Faces) == 1 {
		return 1
	}
	if us.Face == 1 {
		return reduced()
	}
	if u.Faces[1].Steps < u.Faces[0].Steps {
		return 1 + reduced()
	}
	return 1
}

// stages are the combat's procedure.
func (c *Combat) stages() []combat.Stage {
	s := []combat.Stage{c.dumpStage(), c.dumpRollStage(), c.bridgeStage(), c.bridgeRollStage(), c.cancelStage(), c.jabosStage(), c.supportStage(),
		c.defArtStage(), c.defArtRollStage(), c.surpriseStage(), combat.CRTStage(&c.in.g.b.chart.CRT, "14.4 step 6"),
		c.reconStage(), c.ffStage(), c.ffRollStage(), c.aaStage()}
	s = append(s, combat.LossStages(c.lossRules())...)
	s = append(s, combat.DDStages(c.determined())...)
	rr := retreatRefs
	rr.Split = c.in.g.ver.splitRetreat
	rr.Brings = c.in.g.retreatBrings(c)
	s = append(s, c.delayStage(), combat.RetreatStage(rr))
	if c.in.g.ver.excessSteps {
		s = append(s, combat.RetreatExcessStage("17.4", func(*combat.Combat) (string, []string) { return c.in.g.retreatExcess(c) }))
	}
	return append(s, c.advanceStage())
}

// retreatRefs name the rules of a retreat (17.1).
var retreatRefs = combat.RetreatRules{Rule: "17.1", OneHex: "17.1", Step: "17.2"}

// reOdds computes the odds again after a stage changed what they read.
func (c *Combat) reOdds() error {
	o, err := c.in.odds()
	if err != nil {
		return err
	}
	c.Odds = o
	return nil
}

// stopped: the attack was cancelled or stopped by a ToT, or has its
// result: the stages before the CRT have nothing more to do.
func (c *Combat) stopped() bool { return c.Rolled }

// jabosApplies: a German attack in a clear-sky day turn (15.6.1, 15.6.3).
func (in *combatIn) jabosApplies() bool {
	return in.attacker == German && clear(in.turn) && !in.night
}

// jabosStage is the Jabos die before every German attack under clear
// skies, rolled by the Allied player before the German artillery is
// committed (15.6.3, CON-8).
func (c *Combat) jabosStage() combat.Stage {
	return combat.Stage{Name: "jabos",
		Await: func(*combat.Combat) (combat.Await, bool) {
			if c.stopped() || c.jabosRolled || !c.in.jabosApplies() || c.rolled < len(c.bridges) {
				return combat.Await{}, false
			}
			return combat.Await{Roll: RollJabos, Side: string(Allied), Rule: "15.6.3"}, true
		},
		Roll: func(_ *combat.Combat, die int) error {
			c.jabosRolled, c.in.jabos = true, die
			return c.reOdds()
		},
		Words: func(*combat.Combat) string {
			if c.in.jabos > 0 {
				return fmt.Sprintf("; Jabos die %d", c.in.jabos)
			}
			return ""
		},
	}
}

// supportStage: after the Jabos die the German player names his artillery
// (14.4 step 3, 22.7): 'support art U [U]' or 'no-support'.
func (c *Combat) supportStage() combat.Stage {
	return combat.Stage{Name: "support",
		Await: func(*combat.Combat) (combat.Await, bool) {
			if c.stopped() || c.supportAsked || !c.in.jabosApplies() || !c.jabosRolled {
				return combat.Await{}, false
			}
			ch := c.in.g.supportChoices(c.in)
			if len(ch) == 0 {
				c.supportAsked = true
				return combat.Await{}, false
			}
			return combat.Await{Decision: DecSupport, Side: c.Attacker, Choices: append(ch, string(CmdNoSupport)), Rule: "14.4 step 3, 22.7"}, true
		},
		Decide: func(_ *combat.Combat, a combat.Await, cmd combat.Command) error {
			if err := a.Chosen(cmd); err != nil {
				return err
			}
			c.supportAsked = true
			if cmd.Kind == CmdSupport {
				art, air, _ := supportWords(cmd.Units)
				c.in.art, c.in.air = art, air
				return c.reOdds()
			}
			return nil
		},
		Words: func(*combat.Combat) string {
			if c.supportAsked && len(c.in.art) > 0 {
				return "; artillery " + strings.Join(c.in.art, ", ")
			}
			return ""
		},
	}
}

// defArtStage: the defender names one artillery unit or none (14.4 step 4,
// 22.8; 'order def-art always|never').
func (c *Combat) defArtStage() combat.Stage {
	return combat.Stage{Name: "def-art",
		Await: func(*combat.Combat) (combat.Await, bool) {
			if c.stopped() || c.defArt != "" || (c.in.jabosApplies() && !c.supportAsked) || c.rolled < len(c.bridges) {
				return combat.Await{}, false
			}
			eligible := c.in.g.defensiveArtillery(c.in)
			if len(eligible) == 0 {
				c.defArt = "-"
				return combat.Await{}, false
			}
			var ch []string
			for _, id := range eligible {
				ch = append(ch, string(CmdDefArt)+" "+id)
			}
			return combat.Await{Decision: DecDefArt, Side: c.Defender, Choices: append(ch, string(CmdNoDefArt)), Rule: "14.4 step 4, 22.8"}, true
		},
		Decide: func(_ *combat.Combat, a combat.Await, cmd combat.Command) error {
			if err := a.Chosen(cmd); err != nil {
				return err
			}
			c.defArt = "-"
			if cmd.Kind == CmdDefArt {
				c.defArt = cmd.Units[0]
			}
			return nil
		},
		ByOrder: func(_ *combat.Combat, a combat.Await, o combat.Orders) (combat.Command, bool) {
			ord, ok := o.Find(a.Side, CmdOrderDefArt)
			switch {
			case !ok:
				return combat.Command{}, false
			case ord.Mode == combat.ModeNever:
				return combat.Command{Kind: CmdNoDefArt}, true
			}
			id := strings.TrimPrefix(a.Choices[0], string(CmdDefArt)+" ")
			return combat.Command{Kind: CmdDefArt, Units: []string{id}}, true
		},
	}
}

// defArtRollStage rolls the Defensive Artillery Table (22.8): left shifts,
// or for Allied artillery a ToT: the attacker loses a step of its choice and
// the attack stops, as an A1.
func (c *Combat) defArtRollStage() combat.Stage {
	return combat.Stage{Name: "def-art-roll",
		Await: func(*combat.Combat) (combat.Await, bool) {
			if c.stopped() || c.defArt == "" || c.defArt == "-" || c.defArtDie > 0 {
				return combat.Await{}, false
			}
			return combat.Await{Roll: RollDefArt, Side: c.Defender, Rule: "22.8"}, true
		},
		Roll: func(_ *combat.Combat, die int) error {
			c.defArtDie = die
			col := 0
			if c.in.attacker == Allied {
				col = 1 // German artillery defends
			}
			n := defArtTable.Roll(col, die, 0)
			if n == tot {
				c.tot = true
				a1, _ := resultOf("A1")
				c.Rolled, c.Result = true, a1
				return nil
			}
			c.in.defArt = n
			return c.reOdds()
		},
		Words: func(*combat.Combat) string {
			switch {
			case c.defArtDie == 0:
				return ""
			case c.tot:
				return fmt.Sprintf("; defensive artillery %s, die %d: ToT, the attack stops (A1, 22.8)", c.defArt, c.defArtDie)
			}
			return fmt.Sprintf("; defensive artillery %s, die %d: %dL", c.defArt, c.defArtDie, c.in.defArt)
		},
	}
}

// surpriseStage is 150 Pz Bde's surprise die (27.8.3): 1-3 one column
// right; the brigade is detected either way.
func (c *Combat) surpriseStage() combat.Stage {
	return combat.Stage{Name: "surprise",
		Await: func(*combat.Combat) (combat.Await, bool) {
			if c.stopped() || !c.in.attack.Surprise || c.surpriseDie > 0 || c.defArt == "" {
				return combat.Await{}, false
			}
			return combat.Await{Roll: RollSurprise, Side: string(German), Rule: "27.8.3"}, true
		},
		Roll: func(_ *combat.Combat, die int) error {
			c.surpriseDie, c.in.surprise = die, die
			return c.reOdds()
		},
		Words: func(*combat.Combat) string {
			if c.surpriseDie > 0 {
				return fmt.Sprintf("; surprise die %d", c.surpriseDie)
			}
			return ""
		},
	}
}

// reconStage: recon units defending alone read D1 and DS as DR4 (21.4).
func (c *Combat) reconStage() combat.Stage {
	return combat.Stage{Name: "recon",
		Await: func(*combat.Combat) (combat.Await, bool) {
			if !c.Rolled || c.reconDone {
				return combat.Await{}, false
			}
			c.reconDone = true
			if (c.Result.Code == "DS" || c.Result.Code == "D1") && c.in.g.reconAlone(c.in) {
				c.Result, _ = resultOf("DR4")
			}
			return combat.Await{}, false
		},
	}
}

// reconAlone: every defender is a recon unit (21.4).
func (g *Game) reconAlone(in *combatIn) bool {
	for _, i := range in.defenders {
		if g.unit(i).Type != Recon {
			return false
		}
	}
	return true
}

// ffStage: on FF or FF(+1) the attacker takes ENG or pushes on with a
// Lead (16.2.1; 'order ff always|never'); with no unit that may lead, the
// result is ENG.
func (c *Combat) ffStage() combat.Stage {
	return combat.Stage{Name: "fire-fight",
		Await: func(*combat.Combat) (combat.Await, bool) {
			if !c.Rolled || !c.Result.Tags.Has(TagFF) || c.ffLead != "" {
				return combat.Await{}, false
			}
			leads := c.in.g.ffLeads(c)
			if len(leads) == 0 {
				c.ffLead = "-"
				c.Result, _ = resultOf("ENG")
				return combat.Await{}, false
			}
			var ch []string
			for _, id := range leads {
				ch = append(ch, string(CmdFireFight)+" "+id)
			}
			return combat.Await{Decision: DecFF, Side: c.Attacker, Choices: append(ch, string(CmdAcceptENG)), Rule: "16.2.1"}, true
		},
		Decide: func(_ *combat.Combat, a combat.Await, cmd combat.Command) error {
			if err := a.Chosen(cmd); err != nil {
				return err
			}
			if cmd.Kind == CmdAcceptENG {
				c.ffLead = "-"
				c.Result, _ = resultOf("ENG")
				return nil
			}
			c.ffLead = cmd.Units[0]
			return nil
		},
		ByOrder: func(_ *combat.Combat, a combat.Await, o combat.Orders) (combat.Command, bool) {
			ord, ok := o.Find(a.Side, CmdOrderFF)
			switch {
			case !ok:
				return combat.Command{}, false
			case ord.Mode == combat.ModeNever:
				return combat.Command{Kind: CmdAcceptENG}, true
			}
			return combat.Command{Kind: CmdFireFight, Units: []string{c.bestLead(a)}}, true
		},
		Words: func(*combat.Combat) string {
			if c.ffLead == "-" && c.ffDie == 0 {
				return "; ENG taken (16.2)"
			}
			return ""
		},
	}
}

// bestLead is the Lead with the lowest modifier, for 'order ff always'.
func (c *Combat) bestLead(a combat.Await) string {
	best, drm := "", 99
	for _, ch := range a.Choices {
		id, ok := strings.CutPrefix(ch, string(CmdFireFight)+" ")
		if !ok {
			continue
		}
		if d := c.in.g.ffDRM(c, c.in.g.index[id]); d < drm {
			best, drm = id, d
		}
	}
	return best
}

// ffRollStage rolls the Fire Fight Table (16.2) for the Lead.
func (c *Combat) ffRollStage() combat.Stage {
	return combat.Stage{Name: "fire-fight-roll",
		Await: func(*combat.Combat) (combat.Await, bool) {
			if c.ffLead == "" || c.ffLead == "-" || c.ffDie > 0 {
				return combat.Await{}, false
			}
			return combat.Await{Roll: RollFF, Side: c.Attacker, Rule: "16.2"}, true
		},
		Roll: func(_ *combat.Combat, die int) error {
			c.ffDie = die
			drm := c.in.g.ffDRM(c, c.in.g.index[c.ffLead])
			c.ffMod = drm
			r, ok := resultOf(ffTable.Roll(0, die, drm))
			if !ok {
				return fmt.Errorf("fire fight: no result")
			}
			c.Result = r
			c.reconDone = false // 21.4 reads the Fire Fight's D1 too
			return nil
		},
		Words: func(*combat.Combat) string {
			if c.ffDie == 0 {
				return ""
			}
			return fmt.Sprintf("; Fire Fight, Lead %s, die %d%+d: %s", c.ffLead, c.ffDie, c.ffMod, c.Result.Code)
		},
	}
}

// aaStage: on ENG+ the attacker puts the Attacker's Advantage marker on
// the units of one of the hexes attacked from (16.2.2, 16.6).
func (c *Combat) aaStage() combat.Stage {
	return combat.Stage{Name: "aa",
		Await: func(*combat.Combat) (combat.Await, bool) {
			if !c.Rolled || !c.Result.Tags.Has(TagAA) || c.aaHex != "" {
				return combat.Await{}, false
			}
			var ch []string
			for _, f := range c.in.attack.From {
				if !validBlock(f) {
					ch = append(ch, string(CmdAA)+" "+f)
				}
			}
			if len(ch) == 0 {
				c.aaHex = "-"
				return combat.Await{}, false
			}
			return combat.Await{Decision: DecAA, Side: c.Attacker, Choices: ch, Rule: "16.6"}, true
		},
		Decide: func(_ *combat.Combat, a combat.Await, cmd combat.Command) error {
			if err := a.Chosen(cmd); err != nil {
				return err
			}
			c.aaHex = cmd.Hexes[0]
			return nil
		},
		ByOrder: combat.LoneChoice,
		Words: func(*combat.Combat) string {
			if c.aaHex != "" && c.aaHex != "-" {
				return "; Attacker's Advantage to the attackers in " + c.aaHex + " (16.6)"
			}
			return ""
		},
	}
}

// delayStage: a Determined Defense's Delay leaves the attacker a Limited
// advance after the retreat (16.7.3).
func (c *Combat) delayStage() combat.Stage {
	return combat.Stage{Name: "delay",
		Await: func(*combat.Combat) (combat.Await, bool) {
			if !c.delayDone && c.DDOut != nil && c.DDOut.Result.Tags.Has(TagDelay) {
				c.delayDone = true
				c.Result.Advance = combat.LimitedIfWiped
			}
			return combat.Await{}, false
		},
	}
}

// lossRules are who takes and picks the losses (16.3): the owner picks; on
// EX a side that earned an armour shift loses the armour unit that earned
// it (the defender too, AMB-21); in a Fire Fight the Lead takes it.
func (c *Combat) lossRules() combat.LossRules {
	return combat.LossRules{Owner: "16.3", Defender: "16.3",
		Pick: func(_ *combat.Combat, defender bool) ([]string, string, bool) {
			if !defender && c.ffDie > 0 && c.ffLead != "" && c.ffLead != "-" {
				return []string{c.ffLead}, "16.2.1, 16.3", true
			}
			if c.Result.Code != "EX" {
				return nil, "", false
			}
			src := shiftArmour
			if defender {
				src = shiftDefArmour
			}
			for _, s := range c.Odds.Shifts {
				if s.Source == src && len(s.Units) > 0 {
					return alive(s.Units, c, defender), "16.3", true
				}
			}
			return nil, "", false
		},
	}
}

// alive keeps the units of ids still in the combat.
func alive(ids []string, c *Combat, defender bool) []string {
	units := c.AttackersLeft()
	if defender {
		units = c.Survivors()
	}
	var out []string
	for _, u := range units {
		if slices.Contains(ids, u.ID) {
			out = append(out, u.ID)
		}
	}
	return out
}

// ddDCB is the DCB the Determined Defense subtracts (16.7.2). From
// ardennes44/4 it is read after the D1 and A1/D1 losses, which come first
// (16.7.1, L938), with every limit of 15.1 (L747) still on: the defenders
// left, on the sides they show then. Before, the hex's DCB at declaration.
func (c *Combat) ddDCB() int {
	if !c.in.g.ver.ddDCBAfterLosses {
		return c.in.dcb()
	}
	w := c.in.g.outcomeGame(c)
	in := *c.in
	in.g, in.defenders = w, nil
	for _, i := range w.occupancy()[in.target] {
		if w.sideOf(i) != in.attacker {
			in.defenders = append(in.defenders, i)
		}
	}
	return in.dcb()
}

// determined is the Determined Defense of 16.7 for this combat: the Lead's
// morale and the hex's capped DCB, subtracted (16.7.2).
func (c *Combat) determined() *combat.Determined {
	return &combat.Determined{Cell: ddCell, Rule: "16.7.1", RollRule: "16.7.2", EXRule: "16.7.3", ALRule: "16.7.3",
		Resolve: func(_ *combat.Combat, lead combat.Unit, _ bool, die int) combat.DDOutcome {
			i := c.in.g.index[lead.ID]
			dcb := c.ddDCB()
			drm := moraleDRM(c.in.g.unit(i).Morale) - dcb
			mod := min(die+drm, ddTable.Hi()) // CON-2: results above 6 count as 6; none below 0 is clamped
			return combat.DDOutcome{Lead: lead.ID, Heading: "DCB " + fmt.Sprint(dcb), DRM: drm, Roll: die, Modified: mod,
				Result: ddTable.Cell(0, mod)}
		},
	}
}
