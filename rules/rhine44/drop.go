package rhine44

import (
	"maps"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
)

// drop is the Airborne Drop action (§12, R12.1-R12.8; Aid L1818-1824): up to
// three paratrooper markers from the track, each paid for with a medal to
// the box, on fields no player controls.
func (g *Game) drop(seat rules.Seat, c Command) error {
	switch {
	case g.s.Options.Training:
		return rules.Refuse("§12", "the training game has no Airborne Drop (L476)")
	case g.solo():
		return rules.Refuse("R12.8", "no Airborne Drop in the solo game (L1731)")
	case g.s.Rain:
		return rules.Refuse("R15.3", "no Airborne Drop in the rain")
	case len(c.Drops) > g.s.ParaTrack:
		return rules.Refuse("R12.1", "the paratrooper track holds %d markers (they never come back, R12.5)", g.s.ParaTrack)
	}
	if err := g.standard("Airborne Drop"); err != nil {
		return err
	}
	for _, id := range c.Drops {
		if g.b.field(id) == nil {
			return rules.Refuse("R12.2", "no field %q", id)
		}
		if g.controller(id) != "" {
			return rules.Refuse("R12.2", "%s is controlled: paratroopers drop on fields no player controls", g.b.field(id).Name)
		}
	}
	p := g.player(seat)
	used := map[string]bool{}
	medals := 0
	for _, pay := range c.Pay {
		if pay == "medal" {
			medals++
			continue
		}
		icons := 0
		ids := strings.Split(pay, "+")
		for _, id := range ids {
			card := g.b.cards[id]
			switch {
			case !slices.Contains(p.Trophies, id):
				return rules.Refuse("R12.1", "%s is not a division card in your resources", id)
			case used[id]:
				return rules.Refuse("R12.1", "%s pays once", card.Name)
			case len(ids) > 1 && card.Medal:
				return rules.Refuse("R12.1", "%s bears a medal: it pays for a paratrooper on its own", card.Name)
			}
			used[id] = true
			icons += divisionCost[card.Kind].A
		}
		// R12.1b-c: a medal-bearing division card, or cards without medals
		// whose ammo icons total 5 (A-09.4: change is lost).
		if !(len(ids) == 1 && g.b.cards[ids[0]].Medal) && icons < iconsPerMedal {
			return rules.Refuse("R12.1", "%s: %d ammo icons; cards without a medal pay a medal with %d, joined by '+'", pay, icons, iconsPerMedal)
		}
	}
	if medals > p.Medals {
		return rules.Refuse("R12.1", "you hold %d medal tokens", p.Medals)
	}
	p.Medals -= medals
	g.s.MedalBox += medals
	for _, id := range slices.Sorted(maps.Keys(used)) {
		p.Trophies = removeCard(p.Trophies, id)
		g.s.CardBox = append(g.s.CardBox, id)
	}
	g.s.ParaTrack -= len(c.Drops)
	var names []string
	for _, id := range c.Drops {
		g.s.Paras = append(g.s.Paras, para{Field: id, Owner: seat})
		names = append(names, g.b.field(id).Name)
	}
	g.say(seat, "%s drops %d paratroopers, light side up, on %s, paying %s to the box (R12.1-R12.2).", seat, len(c.Drops), strings.Join(names, ", "), strings.Join(c.Pay, ", "))
	return nil
}
