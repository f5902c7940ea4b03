package normandy44

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
)

// Rules versions. A game is played to its end under the version its invite
// names (rules.Setup.Version), so that every log verifies as it was played.
// What changed between versions is one value, rules, chosen here from the
// version and read where the behaviour is: never a version compared in the
// rules themselves. Each field is a rule of edition 2.2 that normandy44/4
// played otherwise, with its number and its line in the rulebook
// (seeds/000); normandy44/5 has every fix.
type rulesVersion struct {
	name string
	// variants are the editions besides 2.2 (edition.name) a game may be
	// made in under this version: the first edition came with normandy44/5,
	// so no ed1 game was ever played under /4.
	variants []string
	// disruptedTactical: a Disrupted unit moves only by Tactical Movement
	// (13.6, L994); /4 let it use its MA.
	disruptedTactical bool
	// stackAtPhaseEnd: stacking holds at the end of the Movement Phase and
	// after an advance, where the owner eliminates the excess he chooses;
	// moves and advances may end over the limit (7.2, L491-493). /4 refused
	// a move or advance that ended over it, and an 'end' while a hex was.
	stackAtPhaseEnd bool
	// splitRetreat: a retreating stack may split, unit by unit (13.1.3,
	// L934), and when it cannot avoid overstacking only the excess units
	// the owner leaves without a path are eliminated (13.1.5, L938). /4
	// retreated the stack whole, or eliminated it whole.
	splitRetreat bool
	// smLastResort: a retreat ends with a friendly unit under a Strategic
	// Move marker only when no other path exists, and that marker comes
	// off (13.7, L1006).
	smLastResort bool
	// smOffWhenAttacked: the Strategic Move (and Trucks, 9.8.6) marker of a
	// unit comes off when it is attacked, once the odds are known, and when
	// a retreat stacks it with others (9.8.5, L616-623). /4 kept it until the
	// owner's next Movement Phase.
	smOffWhenAttacked bool
	// advanceZOCFromStart: an advance may not go from one hex in an enemy
	// unit's ZOC straight into another hex of the same unit's ZOC, from its
	// first hex on (14.3.1, L1024). /4 checked it from the second hex, for
	// any two enemy units.
	advanceZOCFromStart bool
	// ostAttrition: an Ost unit that loses a step to isolation attrition is
	// removed from play, as in combat (17.1, L1131).
	ostAttrition bool
	// rangeInCombat: the scenario's ranges (S3.3 II, III, L1608-1612) and
	// the army boundary (22.1.2, L1455) bind attacks and advances too, and a
	// unit outside its range or beyond its boundary moves back to it; /4
	// held them only in movement, where such a unit could not move at all.
	rangeInCombat bool
	// armyPools: the scenario's 'supply us-1st-army N' and 'supply
	// gb-2nd-army N' fill the pools HQ artillery and defensive support spend
	// (5.3, 17.2.5, 17.2.6, L349-353); /4 filled pools nothing read.
	armyPools bool
	// ddSupportSource: 'dd UNIT support SOURCE' names the source of
	// defensive support, which the player chooses (12.4.7, L912); /4 chose
	// it.
	ddSupportSource bool
	// retreatStepEach: each qualifying crossing of a retreat costs its own
	// step (13.2.1, L944-948, AMBIG-24's reading), unless the option
	// optRetreatStepOnce keeps one step a retreat, which /4 played.
	retreatStepEach bool
	// oneHexPerPhase: the strength friends can stop after a one-hex retreat
	// is counted for the whole Combat Phase (13.3, L966-978, AMBIG-25's
	// reading), unless the option optOneHexPerRetreat counts it afresh for
	// each retreat, as /4 did.
	oneHexPerPhase bool
	// jabosAllied: the Jabos die is the Allied player's (19.1.3 example,
	// L1314, AMBIG-34); /4 had the German roll it (4.3).
	jabosAllied bool
	// ownReserveMarkers: 'unreserve' is the phasing player's, whose markers
	// they are (15.4: "the active player may remove Reserve markers at any
	// time"), and is refused from the other side's seat while a combat
	// waits on it. /4 and /5 took it from that seat too.
	ownReserveMarkers bool
}

// Version is recorded in the invite of every game the engine starts; bump it
// when a state hash or a rule changes. 2: the Supply Phase, resources,
// replacements, landings and victory. 3: the Combat Phase (10.x-14.x) with
// orders, and their state. 4: the Special Invasion Phase and turn 1 (20.x),
// reserves (15.x), improved positions (16.1), air and naval markers and
// strafing (19.x), three or four players (24.0), the optional rules (25.x),
// and scenarios on a shared map. 5: the audit of edition 2.2 (issue 13):
// every field of rulesVersion, the readings of AMBIG-24, 25 and 34 with
// options for the others, and refusals that name the rule that forbids.
// 6: Reserve markers come off at their own side's word only (15.4).
const Version = "normandy44/6"

// versions are the rules versions the engine plays, the current one first:
// games begun under an older one go on under it (rules.Engine.Replays).
var versions = []rulesVersion{
	{name: Version, variants: []string{editionEd1.name}, disruptedTactical: true, stackAtPhaseEnd: true, splitRetreat: true, smLastResort: true,
		smOffWhenAttacked: true, advanceZOCFromStart: true, ostAttrition: true, rangeInCombat: true,
		armyPools: true, ddSupportSource: true, retreatStepEach: true, oneHexPerPhase: true, jabosAllied: true,
		ownReserveMarkers: true},
	{name: "normandy44/5", variants: []string{editionEd1.name}, disruptedTactical: true, stackAtPhaseEnd: true, splitRetreat: true, smLastResort: true,
		smOffWhenAttacked: true, advanceZOCFromStart: true, ostAttrition: true, rangeInCombat: true,
		armyPools: true, ddSupportSource: true, retreatStepEach: true, oneHexPerPhase: true, jabosAllied: true},
	{name: "normandy44/4"},
}

// versionRules are the engine's versions, for the rules of each and the
// names of those it replays.
var versionRules = rules.Versions[rulesVersion]{Game: "normandy44", List: versions, Name: func(v *rulesVersion) string { return v.name }}

// editionVersion are the edition a variant names and the rules of a version
// the engine plays, or why a game cannot be made of them: an edition the
// version never played (an ed1 game under normandy44/4) is refused.
func editionVersion(variant, version string) (*edition, *rulesVersion, error) {
	ed, err := editionOf(variant)
	if err != nil {
		return nil, nil, err
	}
	ver, err := versionRules.Rules(version)
	if err != nil {
		return nil, nil, err
	}
	if ed.name != "" && !slices.Contains(ver.variants, ed.name) {
		return nil, nil, fmt.Errorf("%w %s for variant %s (%s): it is played under rules %s only",
			rules.ErrVersion, ver.name, ed.name, ed.title, strings.Join(versionsOf(ed), ", "))
	}
	return ed, ver, nil
}

// versionsOf are the rules versions that play edition ed, newest first.
func versionsOf(ed *edition) []string {
	var out []string
	for _, v := range versions {
		if ed.name == "" || slices.Contains(v.variants, ed.name) {
			out = append(out, v.name)
		}
	}
	return out
}

// withOptions is the version's rules with the readings the invitation's
// options choose (AMBIG-24, AMBIG-25): a version that takes the digest's
// reading may be asked for the other; normandy44/4 plays the other already.
func (v *rulesVersion) withOptions(o variant) *rulesVersion {
	if !o.retreatStepOnce && !o.oneHexPerRetreat {
		return v
	}
	w := *v
	w.retreatStepEach = w.retreatStepEach && !o.retreatStepOnce
	w.oneHexPerPhase = w.oneHexPerPhase && !o.oneHexPerRetreat
	return &w
}

// The options of the readings (engine.go's knownOptions).
const (
	optRetreatStepOnce  = "retreat-step-once"   // AMBIG-24
	optOneHexPerRetreat = "one-hex-per-retreat" // AMBIG-25
)
