package salerno43

import (
	"github.com/pbem-referee/pbem/rules"
)

// Rules versions. A game is played to its end under the version its invite
// names (rules.Setup.Version), so that every log verifies as it was played.
// What changed between versions is one value, rules, chosen here from the
// version and read where the behaviour is: never a version compared in the
// rules themselves. Each field is a rule that an older version played
// otherwise, with its number and its line in the rulebook (seeds/001).
type rulesVersion struct {
	name string
	// splitRetreat: a retreating stack may split and retreat into
	// different hexes (12.1.2, L703), each part on a path of its own.
	// salerno43/1 retreated the stack whole.
	splitRetreat bool

	// Combat (salerno43/3):

	// overstackedRetreat: a retreat may end over the stacking limit
	// (12.1.4, L711), the owner putting it right by the end of his next
	// Movement Phase (4.4); it is never lengthened to find room, the one
	// extra hex of 12.2 (L723) being against an enemy ZOC only.
	// salerno43/2 and older lengthened a retreat by up to 2 hexes to end
	// within the limit and eliminated a stack that found none.
	overstackedRetreat bool
	// firstEZOCFree: a retreat's first hex may be a vacant hex in an enemy
	// ZOC (12.1.3 priority 3, L707), a path through one ranking with the
	// others (the rule says no "if possible"). salerno43/2 and older kept
	// such paths only when no other was legal.
	firstEZOCFree bool
	// retreatToSupply: of the legal retreats, those that end where the
	// unit will be in supply are kept when any do (12.1.3 priority 4,
	// L708: "Jeśli to możliwe, wycofaj się na heks, na którym jednostka
	// będzie zaopatrywana"), before priority 5. salerno43/2 and older
	// applied priority 5 only.
	retreatToSupply bool
	// retreatStops: any retreat that enters a city its side controls, and
	// any Allied one that enters a BH hex, may stop there (12.1.5, L713),
	// whatever its length and wherever on its path; nothing else stops
	// it short. salerno43/2 and older let only a 2-hex retreat stop, after
	// one hex, gave the Germans no city stop, and let friends "hold" a
	// lone Shattered unit (defense 0) after one hex anywhere.
	retreatStops bool
	// advanceFirstZOCToZOC: no advancing unit moves from one enemy ZOC
	// hex straight into another of the same enemy unit, unless into or
	// out of the vacated hex (14.4.1, L849), its first step included.
	// salerno43/2 and older checked the steps after the first only.
	advanceFirstZOCToZOC bool
	// lossFromContributors: the defenders' step loss falls on the units
	// that added to the defense (10.2.2, L594-596): a bracketed unit
	// stacked with others (8.4.6, L446) and a Shattered one (13.3.2,
	// L801) are chosen only once the others are eliminated. salerno43/2
	// and older let any defender but one that retreated in take it.
	lossFromContributors bool
	// defenderPicksFirst: when both sides must lose a step, the defender
	// picks first (10.2.2, L596: "obrońca wybiera pierwszy"): on A1/D1
	// his own step before the attacker picks his; on EX and DRX the
	// attacker's, as before. salerno43/2 and older asked the attacker
	// first on A1/D1.
	defenderPicksFirst bool
	// independentNoFormation: an independent unit is part of no formation
	// (8.4.4, L432), whatever its line names (gar-ta's "hg"): it joins a
	// MAF only as the add-on (8.4.3) and counts as no unit of a division
	// for its ASU (9.5.1, 11.3). salerno43/2 and older read its
	// formation.
	independentNoFormation bool
}

// Version is recorded in the invite of every game the engine starts; bump it
// when a state hash or a rule changes. 2: a retreating stack may split
// (12.1.2). 3: see the fields under salerno43/3.
const Version = "salerno43/3"

// versions are the rules versions the engine plays, the current one first:
// games begun under an older one go on under it (rules.Engine.Replays).
var versions = []rulesVersion{
	{name: Version, splitRetreat: true,
		// Combat (salerno43/3):
		overstackedRetreat: true, firstEZOCFree: true, retreatToSupply: true,
		retreatStops: true, advanceFirstZOCToZOC: true, lossFromContributors: true,
		defenderPicksFirst: true, independentNoFormation: true},
	{name: "salerno43/2", splitRetreat: true},
	{name: "salerno43/1"},
}

// versionRules are the engine's versions, for the rules of each and the
// names of those it replays.
var versionRules = rules.Versions[rulesVersion]{Game: "salerno43", List: versions, Name: func(v *rulesVersion) string { return v.name }}
