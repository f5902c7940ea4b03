package salerno43

import (
	"slices"

	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// The column shifts (9.2, digest T2): right for the attacker's armor
// superiority (9.3.1), air (9.4), divisional artillery (9.5.1), corps
// artillery or naval support (9.5.2) and elite superiority (9.7); left for
// the defender's armor superiority (9.3.2), defensive air (9.4) and rain
// (22.4). At most one divisional and one corps support, so at most five to
// the right.

// shifts are the combat's shifts.
func (in *combatIn) shifts() []combat.Shift {
	var out []combat.Shift
	add := func(src string, f combat.Beneficiary, rule, reason string, units ...string) {
		out = append(out, combat.Shift{Source: combat.ShiftSource(src), For: f, Columns: 1, Rule: rule, Reason: reason, Units: units})
	}
	switch gain, units := in.armor(); {
	case gain > 0:
		add("armor", combat.ForAttacker, "9.3.1", "attacker armor superiority", units...)
	case gain < 0:
		add("armor", combat.ForDefender, "9.3.2", "defender armor superiority", units...)
	}
	if in.a.Air {
		add("air", combat.ForAttacker, "9.4", "air support")
	}
	for _, id := range in.a.Art {
		u := in.g.sc.Units[in.g.index(id)]
		if u.Level == "division" {
			add("division-art", combat.ForAttacker, "9.5.1", "divisional artillery", id)
		} else {
			add("corps-art", combat.ForAttacker, "9.5.2", "corps artillery", id)
		}
	}
	if in.a.Naval {
		add("naval", combat.ForAttacker, "9.6", "naval support")
	}
	if e := in.elite(); e != "" {
		add("elite", combat.ForAttacker, "9.7", "elite superiority", e)
	}
	if in.defAir {
		add("def-air", combat.ForDefender, "9.4", "defensive air support")
	}
	if in.g.rain() {
		add("rain", combat.ForDefender, "22.4", "rain")
	}
	if in.g.s.Phase == PhaseInvasion {
		// 24.2.4: no column shift but the elite one.
		out = slices.DeleteFunc(out, func(s combat.Shift) bool { return s.Source != "elite" })
	}
	return out
}

// armor is armor superiority (9.3): +1 for the attacker, -1 for the
// defender, 0 for none, with the unit that earns it. Neither side earns it
// against a defender in hills, swamp, a city or a full-mountain hex
// (9.3.3: the chart's armor flag); an attacking armor unit across a river
// or mountain hexside cannot gain it but still prevents the defender's;
// a tank destroyer rates one less attacking (9.3.4); a Shattered unit
// confers none (13.3.2), nor one that retreated into the hex (12.5, the
// digest's 10.2.2 note: it contributes nothing). The MAF's armor opens
// the attacker's shift and its absence gives the defender his; the ratings
// compared are the best among all the attacking units (9.3.1, 9.3.2;
// salerno43/3 and older: the MAF's only).
func (in *combatIn) armor() (int, []string) {
	g := in.g
	if !g.b.TEC().Terrain[g.b.Terrain(in.target)].AttackerAS || g.b.fullMountain(in.target) {
		return 0, nil
	}
	mafHas, mafGains := false, false
	bestAll, bestGain, gainer := 0, 0, ""
	for _, i := range in.attackers {
		r := g.pos().face(i).Armor
		if r == 0 || g.s.Units[i].Status == Shattered || (!in.maf[i] && !g.ver.armorAllAttackers) {
			continue
		}
		if g.sc.Units[i].TankDestroyer {
			r--
		}
		gains := !in.acrossRiver(i) && !in.acrossMountain(i)
		if in.maf[i] && r > 0 {
			mafHas = true
			mafGains = mafGains || gains
		}
		bestAll = max(bestAll, r)
		if gains && r > bestGain {
			bestGain, gainer = r, g.sc.Units[i].ID
		}
	}
	def, defender := 0, ""
	for _, i := range in.defenders {
		if r := g.pos().face(i).Armor; r > def && g.s.Units[i].Status != Shattered && !in.addsNothing(i) {
			def, defender = r, g.sc.Units[i].ID
		}
	}
	switch {
	case mafGains && bestGain > def:
		return 1, []string{gainer}
	case def > 0 && (!mafHas || bestAll < def):
		return -1, []string{defender}
	}
	return 0, nil
}

// elite is the MAF's elite unit that earns the elite shift (9.7): the
// defending hex holds no elite unit that counts (A-11: a Shattered one
// does not, nor one that retreated into the hex, 12.5); "" for none.
func (in *combatIn) elite() string {
	g := in.g
	for _, i := range in.defenders {
		if g.pos().face(i).Quality == Elite && g.s.Units[i].Status != Shattered && !in.addsNothing(i) {
			return ""
		}
	}
	for _, i := range in.attackers {
		if in.maf[i] && g.pos().face(i).Quality == Elite {
			return g.sc.Units[i].ID
		}
	}
	return ""
}
