package ardennes44

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/scn"
)

// AttackCommand is an attack (14.1-14.4):
//
//	attack HEX from HEX... with UNIT... [zero UNIT...] [art UNIT [UNIT]] [air] [surprise] [breakthrough]
//
// the hex attacked, the hexes (or the Blocking Position, 13.8) attacked
// from, the attacking units, the participants that add no strength
// (14.3.1, 19.1.1), the offensive artillery (22.7, at most 2) and the air
// marker (15.6.2, at most 1), 150 Pz Bde's surprise (27.8.3) and whether it
// is a Breakthrough (19.4).
type AttackCommand struct {
	Target       string
	From         []string
	With         []string
	Zero         []string
	Art          []string
	Air          bool
	Surprise     bool
	Breakthrough bool
}

// maxOffensiveArtillery: at most 2 artillery units support an attack (22.7).
const maxOffensiveArtillery = 2

// String prints the canonical text.
func (a AttackCommand) String() string {
	ws := []string{"attack", a.Target, "from"}
	ws = append(ws, a.From...)
	ws = append(ws, "with")
	ws = append(ws, a.With...)
	if len(a.Zero) > 0 {
		ws = append(append(ws, "zero"), a.Zero...)
	}
	if len(a.Art) > 0 {
		ws = append(append(ws, "art"), a.Art...)
	}
	if a.Air {
		ws = append(ws, "air")
	}
	if a.Surprise {
		ws = append(ws, "surprise")
	}
	if a.Breakthrough {
		ws = append(ws, "breakthrough")
	}
	return strings.Join(ws, " ")
}

// Units lists every unit of the attack, attackers then participants.
func (a AttackCommand) Units() []string { return append(slices.Clone(a.With), a.Zero...) }

// ParseAttack reads an attack in canonical form.
func ParseAttack(s string) (AttackCommand, error) {
	w := strings.Split(s, " ")
	bad := func(why string) (AttackCommand, error) {
		return AttackCommand{}, fmt.Errorf("%w: %s (want 'attack HEX from HEX... with UNIT... [zero UNIT...] [art UNIT [UNIT]] [air] [surprise] [breakthrough]')", ErrCommand, why)
	}
	if len(w) < 5 || w[0] != "attack" || !scn.ValidHexID(w[1]) || w[2] != "from" {
		return bad("an attack names its hex and where it comes from")
	}
	a := AttackCommand{Target: w[1]}
	k := 3
	for k < len(w) && (scn.ValidHexID(w[k]) || validBlock(w[k])) {
		a.From, k = append(a.From, w[k]), k+1
	}
	if len(a.From) == 0 || k >= len(w) || w[k] != "with" {
		return bad("the hexes attacked from, then 'with'")
	}
	k++
	units := func() []string {
		var out []string
		for k < len(w) && validUnitID(w[k]) {
			out, k = append(out, w[k]), k+1
		}
		return out
	}
	if a.With = units(); len(a.With) == 0 {
		return bad("'with' names the attacking units")
	}
	if k < len(w) && w[k] == "zero" {
		k++
		if a.Zero = units(); len(a.Zero) == 0 {
			return bad("'zero' names units")
		}
	}
	if k < len(w) && w[k] == "art" {
		k++
		if a.Art = units(); len(a.Art) == 0 || len(a.Art) > maxOffensiveArtillery {
			return bad("'art' names 1 or 2 artillery units (22.7)")
		}
	}
	for _, flag := range []struct {
		word string
		set  *bool
	}{{"air", &a.Air}, {"surprise", &a.Surprise}, {"breakthrough", &a.Breakthrough}} {
		if k < len(w) && w[k] == flag.word {
			*flag.set, k = true, k+1
		}
	}
	if k != len(w) {
		return bad(fmt.Sprintf("%q", w[k]))
	}
	if a.String() != s {
		return AttackCommand{}, fmt.Errorf("%w: not canonical: write %q", ErrCommand, a.String())
	}
	return a, nil
}

// attackHandler is the attack command.
func attackHandler(g *Game, _ rules.Seat, text string) ([]rules.Event, error) {
	a, err := ParseAttack(text)
	if err != nil {
		return nil, err
	}
	return g.declare(a)
}

// checkAttack checks an attack against 14.1-14.3 and the rules that keep
// units from attacking, and returns the attackers' and participants'
// indexes.
func (g *Game) checkAttack(a AttackCommand) (with, zero []int, err error) {
	side := g.s.Side
	t, ok := g.b.ids[a.Target]
	if !ok {
		return nil, nil, rules.Refuse("14.1", "%s is not a hex of the map", a.Target)
	}
	occ := g.occupancy()
	if g.sideAt(occ, t) != side.Other() {
		return nil, nil, rules.Refuse("14.1", "no enemy unit in %s", a.Target)
	}
	bt := len(g.s.Breakthrough) > 0
	switch {
	case a.Breakthrough && !bt:
		return nil, nil, rules.Refuse("19.4", "a Breakthrough follows a DS result, and there is none now")
	case slices.Contains(g.s.Defended, a.Target) && !a.Breakthrough:
		return nil, nil, rules.Refuse("14.1", "%s has been attacked in this phase: no unit is attacked more than once (but by a Breakthrough, 19.4)", a.Target)
	case g.ver.retreatedNotAttackedAgain && !a.Breakthrough && g.allRetreatedIn(occ[t]):
		return nil, nil, rules.Refuse("14.1", "every unit in %s retreated there from an attack in this phase: no unit is attacked more than once (but by a Breakthrough, 19.4.3)", a.Target)
	}
	block := ""
	for _, f := range a.From {
		if validBlock(f) {
			block = f
		}
	}
	if block != "" {
		if err := g.checkOntoMap(a, block, t); err != nil {
			return nil, nil, err
		}
	}
	seen := map[string]bool{}
	check := func(id string, participant bool) (int, error) {
		if seen[id] {
			return 0, rules.Refuse("14.2", "%s is named twice", id)
		}
		seen[id] = true
		i, ok := g.unitIndex(id)
		if !ok {
			return 0, rules.Refuse("14.1", "no unit %s", id)
		}
		u, us := g.unit(i), g.s.Units[i]
		if !slices.Contains(a.From, us.At) {
			return 0, rules.Refuse("14.1", "%s stands in %s, not in a hex attacked from", id, us.At)
		}
		from, onMap := g.b.ids[us.At]
		// Disrupted and Broken units attack: 18.3 does not forbid it
		// (AMB-52); they do not lead a Fire Fight (ffLeads).
		switch {
		case u.Side != side:
			return 0, rules.Refuse("14.1", "%s is not the phasing player's", id)
		case onMap && hex.Distance(from, t) != 1:
			return 0, rules.Refuse("14.1", "%s in %s is not next to %s", id, us.At, a.Target)
		case slices.Contains(g.s.Attacked, id) && !a.Breakthrough:
			return 0, rules.Refuse("14.1", "%s has attacked or disengaged in this phase: a unit attacks once (20.1)", id)
		case u.Arty():
			return 0, rules.Refuse("22.9", "artillery never attacks; it supports ('art %s')", id)
		case us.SM:
			return 0, rules.Refuse("12.5", "%s is under an SM marker: it cannot attack", id)
		case g.building(i):
			return 0, rules.Refuse("15.8.2", "%s is building an Improved Position: it does not attack this Combat Phase", id)
		case us.Night && !g.night():
			return 0, rules.Refuse("25.3.5", "%s is under a Night marker: it does not attack in its PM turn", id)
		case g.night() && !g.attacksAtNight(i):
			return 0, rules.Refuse("25.3.2", "at night only units under Night markers attack (and KG Peiper on the first Night, 27.5)")
		case a.Breakthrough && !slices.ContainsFunc(g.s.Breakthrough, func(b btUnit) bool { return b.ID == id }):
			return 0, rules.Refuse("19.4.3", "%s is not of the Breakthrough Group: it may not join its attack", id)
		case u.Formation == "106" && g.s.Turn == 1 && g.b.start[a.Target] == "18vg" && g.germansIn(g.startPositionSet("18vg")):
			return 0, rules.Refuse("29.4", "no 106th Division unit attacks into the 18 VG start position while German units are in it")
		}
		if participant && !slices.ContainsFunc(a.With, func(w string) bool {
			j, ok := g.unitIndex(w)
			return ok && g.s.Units[j].At == us.At
		}) {
			return 0, rules.Refuse("19.1.1", "%s adds no strength: it takes part only in a hex with attacking units", id)
		}
		return i, nil
	}
	for _, id := range a.With {
		i, err := check(id, false)
		if err != nil {
			return nil, nil, err
		}
		with = append(with, i)
	}
	for _, id := range a.Zero {
		i, err := check(id, true)
		if err != nil {
			return nil, nil, err
		}
		zero = append(zero, i)
	}
	for _, f := range a.From {
		if !slices.ContainsFunc(append(slices.Clone(with), zero...), func(i int) bool { return g.s.Units[i].At == f }) {
			return nil, nil, rules.Refuse("14.1", "no attacking unit named in %s", f)
		}
	}
	if a.Breakthrough {
		if len(a.From) != 1 {
			return nil, nil, rules.Refuse("19.4.2", "the Breakthrough Group is one stack: it attacks from one hex")
		}
		if err := g.breakthroughMoved(with); err != nil {
			return nil, nil, err
		}
	}
	if err := g.checkNations(with); err != nil {
		return nil, nil, err
	}
	if g.ver.peiperAttachedOnly && g.firstNight() {
		if err := g.checkPeiperWith(with); err != nil {
			return nil, nil, err
		}
		if err := g.checkFormations(g.notPeiperAttached(with)); err != nil {
			return nil, nil, err
		}
	} else if !g.night() || !g.firstNight() {
		if err := g.checkFormations(with); err != nil {
			return nil, nil, err
		}
	}
	return with, zero, nil
}

// byPeiperOnly reports whether unit i may attack on the first Night only as
// one KG Peiper uses for support (27.5, L1587): a German unit under no
// Night marker and not of KG Peiper itself (attacksAtNight finds it
// stacked with one).
func (g *Game) byPeiperOnly(i int) bool {
	return g.firstNight() && g.sideOf(i) == German && !g.s.Units[i].Night && !g.unit(i).Has(MarkKGP)
}

// peiperIn reports whether a KG Peiper unit of with stands in hex at.
func (g *Game) peiperIn(with []int, at string) bool {
	return slices.ContainsFunc(with, func(j int) bool { return g.s.Units[j].At == at && g.unit(j).Has(MarkKGP) })
}

// checkPeiperWith: a unit stacked with KG Peiper attacks on the first Night
// only with a KG Peiper unit of its hex, which uses it for support (27.5,
// L1587).
func (g *Game) checkPeiperWith(with []int) error {
	for _, i := range with {
		if g.byPeiperOnly(i) && !g.peiperIn(with, g.s.Units[i].At) {
			return rules.Refuse("27.5", "%s attacks at night only with the KG Peiper unit it stands with", g.unit(i).ID)
		}
	}
	return nil
}

// notPeiperAttached leaves out of with the units KG Peiper uses on the
// first Night: those stacked with a KG Peiper unit of the attack, attached
// to it beyond 14.3.2's one (27.5, L1587). The rest keep the two-formation
// limit (14.3.1, L708).
func (g *Game) notPeiperAttached(with []int) []int {
	return slices.DeleteFunc(slices.Clone(with), func(i int) bool {
		return !g.unit(i).Has(MarkKGP) && g.peiperIn(with, g.s.Units[i].At)
	})
}

// allRetreatedIn reports whether every unit of a hex retreated into it this
// Combat Phase, so that each was attacked already (14.1). A hex that holds
// a unit not yet attacked may be attacked: the retreated units add nothing
// and are eliminated if they must retreat again (17.5), and absorb losses
// only when no other unit can (AMB-23).
func (g *Game) allRetreatedIn(units []int) bool {
	for _, i := range units {
		if !g.s.Units[i].RetreatedIn {
			return false
		}
	}
	return len(units) > 0
}

// attacksAtNight: at night a unit under a Night marker attacks; on the
// first Night KG Peiper's four units do, and the units stacked with them
// join as attached (27.5); a stack that infiltrated never does (31).
func (g *Game) attacksAtNight(i int) bool {
	us := g.s.Units[i]
	if g.infiltrated(i) {
		return false
	}
	if us.Night {
		return true
	}
	if !g.firstNight() || g.sideOf(i) != German {
		return false
	}
	if g.unit(i).Has(MarkKGP) {
		return true
	}
	for j, o := range g.s.Units {
		if o.At == us.At && g.unit(j).Has(MarkKGP) {
			return true
		}
	}
	return false
}

// infiltrated: unit i made a Night Infiltration this Night (31): from
// ardennes44/5 a unit that moved tonight with no Night marker, not KG
// Peiper on the first Night (27.5); before, any unit without a Night
// marker standing in a hex an infiltration began from.
func (g *Game) infiltrated(i int) bool {
	us := g.s.Units[i]
	if !g.ver.infiltratorNoAttack {
		return slices.Contains(g.s.Infiltrated, us.At) && !us.Night
	}
	return g.opt.infiltration && us.Moved && !g.movesAtNight(i)
}

// checkNations: British and US units never attack together (8.4, 27.3.3).
func (g *Game) checkNations(with []int) error {
	us, gb := false, false
	for _, i := range with {
		switch g.unit(i).Nation {
		case US:
			us = true
		case British:
			gb = true
		}
	}
	if us && gb {
		return rules.Refuse("27.3.3", "British and US units never attack together")
	}
	return nil
}

// checkFormations holds an attack to two formations, each with one unit
// attached from its hex (14.3.1, 14.3.2); a formation is a division's,
// brigade's or Cavalry Group's units; an Independent unit is its own.
func (g *Game) checkFormations(with []int) error {
	formation := func(i int) string {
		u := g.unit(i)
		if u.Independent() {
			return "unit " + u.ID
		}
		return u.Formation
	}
	var forms []string
	for _, i := range with {
		if f := formation(i); !slices.Contains(forms, f) {
			forms = append(forms, f)
		}
	}
	if len(forms) <= 2 {
		return nil
	}
	// Two formations lead; every other unit is attached, one to each, in
	// the hex of one of its units.
	for x := range forms {
		for y := x; y < len(forms); y++ {
			mains := []string{forms[x], forms[y]}
			if g.attachable(with, mains, formation) {
				return nil
			}
		}
	}
	return rules.Refuse("14.3.1", "an attack has at most two formations (here %s), each with one unit attached from its hex (14.3.2); name the others with 'zero' to let them advance", strings.Join(forms, ", "))
}

// attachable reports whether the units outside the main formations can be
// attached, one to each, stacked with a unit of it.
func (g *Game) attachable(with []int, mains []string, formation func(int) string) bool {
	var rest []int
	for _, i := range with {
		if !slices.Contains(mains, formation(i)) {
			rest = append(rest, i)
		}
	}
	if len(rest) > len(mains) {
		return false
	}
	stackedWith := func(i int, main string) bool {
		for _, j := range with {
			if formation(j) == main && g.s.Units[j].At == g.s.Units[i].At {
				return true
			}
		}
		return false
	}
	switch len(rest) {
	case 0:
		return true
	case 1:
		return stackedWith(rest[0], mains[0]) || stackedWith(rest[0], mains[len(mains)-1])
	}
	return mains[0] != mains[1] && ((stackedWith(rest[0], mains[0]) && stackedWith(rest[1], mains[1])) ||
		(stackedWith(rest[0], mains[1]) && stackedWith(rest[1], mains[0])))
}

// checkOntoMap checks an Allied attack onto the map from a Blocking
// Position (13.8): on its entry hex, every occupied entry hex of the sector
// blocked, at most what two hexes may hold.
func (g *Game) checkOntoMap(a AttackCommand, block string, t hex.Axial) error {
	letter := strings.TrimPrefix(block, blockPrefix)
	e := g.b.letters[letter]
	switch {
	case g.s.Side != Allied:
		return rules.Refuse("13.7", "German units never attack into an Off-map box")
	case len(a.From) != 1:
		return rules.Refuse("13.8.1", "an attack onto the map comes from its Blocking Position alone")
	case e == nil || e.Hex != a.Target:
		return rules.Refuse("13.8.1", "units in Blocking Position %s attack entry hex %s only", letter, letter)
	}
	if ok, why := g.sectorOpen(e.Area); !ok {
		return rules.Refuse("13.8.2", "an attack onto the map needs every occupied entry hex of the sector blocked: %s", why)
	}
	steps, sil := 0, 0
	for _, id := range a.With {
		if i, ok := g.unitIndex(id); ok {
			if g.unit(i).Silhouette() {
				sil += g.steps(i)
			} else {
				steps += g.steps(i)
			}
		}
	}
	if steps > 2*stackSteps || sil > 2*stackSilhouette {
		return rules.Refuse("13.8.1", "an attack onto the map has at most what two hexes hold: %d steps and %d silhouette steps", 2*stackSteps, 2*stackSilhouette)
	}
	_ = t
	return nil
}
