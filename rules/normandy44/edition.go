package normandy44

import (
	"fmt"

	"github.com/pbem-referee/pbem/rules"
	hx "github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// An edition of the rules: edition 2.2 (the default, the Polish book,
// seeds/000) or the first edition (variant "ed1", the Italian book,
// seeds/004, the authority for it). The digest normandy44-ed1.md lists
// every rule that plays differently (§3.3, D01-D56) and names each as an
// engine parameter (§3.4); the fields below are those parameters, under
// those names, read where the engine once read a constant. No rule asks
// which edition it is in: it reads its edition's value. Line numbers "IT
// Lnnn" are the Italian seed's, "PL Lnnn" the Polish seed's.
//
// Differences with no field, and why:
//   - D15 (10.3, IT L676-690: any division, regiment, brigade or battalion
//     is a formation): the engine's 2.2 reading already makes every unit
//     outside a division a formation of its own (10.3.2 ENGINE NOTE, from
//     2.2's example J), which is the first edition's rule.
//   - D26, D40: no difference (digest §3.3).
//   - D43 (22.2, IT L1439): whether a withdrawn airborne Cadre returns to
//     the Cadre Display. The engine keeps no Cadre Display (a 3-step unit's
//     third step is its cadre), so nothing it plays changes.
//   - D49 (S3.3 I, 26.3): the scenario file says whether automatic victory
//     applies ('automatic no' in Cherbourg, the digest's reading A18 for
//     both editions).
//   - D54 (27.2, IT L1572-1582): the solitaire guidelines are advice to a
//     player holding both sides, not rules a referee enforces.
//   - D47 (26.1, IT L1525-1526): scenario data, printedS3 below.
type edition struct {
	// name is the variant as an invite writes it, "" for 2.2; title names
	// the edition for people; book is the seed the numbers come from.
	name, title, book string

	// D01, 4.1 (IT L316-318): the weather die from turn 3 is modified by
	// the previous turn's weather, -1 after a Storm, +1 after Clear-6, and
	// clamped to 1-6; the modified roll gives every row (4.3 note, IT L344).
	weatherDRMAfterStorm, weatherDRMAfterFine6 int
	// D18, T1 (IT L1792-1800): the Combat Results Table with its ladder
	// and legend. D19, 12.1 A1/D2 (IT L840, L1804): who picks the
	// defenders' steps is the legend's (a1d2DefenderLossChooser).
	crt *combat.CRT
	// D16, TEC (IT L1868): the Woods (Forest) defensive bonus.
	woodsDCB int
	// D25, 13.2 (IT L936, L950): a retreat whose first hex is a vacant hex
	// in an enemy ZOC costs the stack a step.
	retreatFirstHexEZOCStepLoss bool
	// D09, 21.1 (IT L1413-1417): a Mulberry is complete in the Initial
	// Phase this many turns after the one its conditions first held in.
	mulberryCompletionOffset int
	// D08, 21.1 (IT L1423; PL 21.1.5): a Mulberry the Germans capture may
	// be begun again once retaken.
	mulberryRebuildable bool
	// D07, 6.5.3 (IT L456-458): RP an army loses every turn once its
	// Mulberry is destroyed.
	mulberryDestroyedRPPenalty int
	// D17, 11.4.4 and 16.3 (IT L792, L1101): across the Cherbourg
	// perimeter no attacker gets the armor shift, and no defender either;
	// 2.2 bars only the Allied attacker.
	cherbourgPerimeterBarsBothShifts bool
	// D20, 12.6 (2.2 only): a lost single 1-step MAF lets the defender
	// ignore the retreat.
	mafSingleStepLossCancelsRetreat bool
	// D21, 12.4.1 (IT L880-886): the DD column is the strongpoint/City one
	// whenever a strongpoint is in the hex (2.2: only when it leads).
	ddColumnSPPresent bool
	// D22, 12.4.2 (IT L892-900): the armor comparison of a DD Lead also
	// gives -1 when the attacker's best is better; an AT (red) Lead may
	// use it when the attacker has armor anywhere in the attack (2.2: in
	// the MAF).
	ddArmorCompareNegative, ddATLeadNeedsArmorInMAF bool
	// D23, 12.4.3 (IT L902-904): an Allied air marker may give defensive
	// support to a DD.
	ddSupportAlliedAir bool
	// D24, 12.5 (IT L926; PL L918-920): the two steps of a Desperate
	// Defense must be held by units that may lead a DD.
	desperateDefenseEligibleStepsOnly bool
	// D27, 13.3 (IT L977): friendly units under a Strategic Move marker
	// stop no one-hex retreat (2.2).
	oneHexRetreatExcludesSM bool
	// D28, 14.4.1 (IT L1038): an advance may go on out of the vacated hex
	// when it is bocage (2.2); in the first edition only a road lets an
	// advance go on in bocage.
	bocageAdvanceVacatedException bool
	// D29, 16.1 (IT L1083): an IP may be begun in a strongpoint's hex.
	ipAllowedInSPHex bool
	// D30, 16.1.3 and 18.4 (IT L1079-1081): the unit that begins an IP
	// must be in supply.
	ipBuilderMustBeSupplied bool
	// D31, 17.2.8 (2.2 only): Caen's artillery.
	caenArtillery bool
	// D32, 17.3 and 13.6 (IT L1142, L996): a Werfer that moves more than 1
	// hex, or retreats, flips to its Moved side and may not fire.
	werferFlipsOnMove bool
	// D33, 17.5 (IT L1164): strongpoints near Arromanches keep the 4th SS
	// Brigade in play (2.2: not).
	ss4RemovalIgnoresSP bool
	// D34, 17.7 (IT L1180): 88mm FLAK units may attack.
	flakCanAttack bool
	// D35, 18.2 (IT L1217-1230; 2.2 18.3): the overland part of a supply
	// line may enter flooded ground and cross a major river.
	losOffroadThroughFloodMajorRiver bool
	// D36, 18.5 (IT L1262; PL 18.5.4): an isolated HQ survives only with a
	// line to a friendly non-HQ combat unit (the first edition: any
	// friendly unit).
	isolatedHQNeedsNonHQCombatUnit bool
	// D37, 19.1.2 (IT L1276): air markers support only their own
	// nationality's attacks.
	airSupportNationalityLocked bool
	// D38, 19.1.4 (IT L1284-1294, table L1910-1917): strafing.
	strafe strafeRules
	// D10, 9.8.2 (IT L613-620): a unit using Strategic Movement may not
	// start in or enter an enemy ZOC (the first edition) rather than start,
	// pass or end next to an enemy unit (2.2); other units may end a move
	// stacked with it (2.2: not).
	smAvoidsEZOC, smOthersMayJoin bool
	// D12, 9.8.4 (IT L613, L622): an SM-marked HQ or Werfer may fire.
	smMarkedArtyFire bool
	// D11, 9.9 (IT L634-636): cyclists at 6 MP may not enter an enemy ZOC
	// (the first edition) rather than a hex next to an enemy unit (2.2).
	bicycleAvoidsEZOC bool
	// D14, 15.2 (IT L1058): a unit in Reserve may move by Tactical
	// Movement instead of half its MA (2.2).
	reserveTactical bool
	// D02-D06, 6.2.2 and 17.2.2 (IT L375-403, L1128): where rebuilt units
	// return. rebuildNotInEZOC: never in an enemy ZOC (D02);
	// rebuildAlliedToBritain: Allied units go to the In Britain card (D03;
	// the first edition returns them on a hex as the Germans');
	// rebuildProximityFromStart: the division's unit within 5 hexes was on
	// the map at the start of the phase (D04); cherbourgOnlySupplyNoRepl: a
	// German line that reaches only Cherbourg gives no Repl (D05);
	// hqRebuildOnOpenBeach: an Allied HQ may return on an open beach (D06);
	// rebuildHQSameNationality: the HQ a unit returns on is of its
	// nationality (6.2.2; IT L386: any friendly HQ in supply).
	rebuildNotInEZOC, rebuildAlliedToBritain, rebuildProximityFromStart       bool
	cherbourgOnlySupplyNoRepl, hqRebuildOnOpenBeach, rebuildHQSameNationality bool
	// D39, 20.2.4 (IT L1353): a delayed glider lands on a hex within 4
	// that is friendly-controlled (the first edition) or free of enemy ZOC
	// and not City, flooded or sea (2.2).
	gliderRedirectFriendlyControlled bool
	// D41, 21.2 (2.2): the Rangers may evacuate from Pointe du Hoc.
	rangersEvacuatePdH bool
	// D42, 22.1.2 (IT L1433-1435): how far beyond the army boundary an
	// Allied attack may reach (0: no limit), and the map row beyond which
	// the boundary ends (0: it runs the whole map).
	armyBoundaryAttackLimitHexes, armyBoundaryEndRow int
	// D44, 23.2 (IT L1447-1453): the Allied automatic victory.
	alliedAutoVictory func(g *Game, occ map[hx.Axial][]int) (string, bool)
	// D45, S1.3.1 (IT L1479): the German VP hexes trace their line to a
	// map-edge entry hex (2.2), or to any German source, Cherbourg too.
	campaignGermanVPEdgeOnly bool
	// D46, S2.2 (IT L1505): the beach link road must be free of German
	// units and ZOC (2.2); the first edition asks that the Allies control
	// it.
	miniLinkRequiresNoGermanZOC bool
	// D48, S3.2.7 (IT L1527, 26.3.4): the turn from which the Cherbourg
	// scenario's Allies buy SupP with RP.
	cherbourgScnRPToSPFromTurn int
	// D50, S3.3 II (IT L1546): the 6FJ units leave once the Americans
	// occupy Carentan in an End Phase (2.2) or have captured it (the first
	// edition: control).
	sixFJRemovalOnControl bool
	// D51, D52, D53: the optional rules the edition has, by option name,
	// with what each does there (25.1-25.3; IT 28.1-28.3).
	options map[string]string
	// D51, 28.1 (IT L1588): under historical-storms a weather 1 is read as
	// 2 (the first edition) rather than rolled again (2.2).
	historicalWeatherOneIsTwo bool
	// D55, 25.3 (IT L1600): a coastal battery dies with its strongpoint.
	navalBatteryDiesWithSP bool
	// D56, 2.2.5 (IT L1485): every hex keeps the side that occupied or
	// passed through it last (2.2: Towns, Cities and fortifications only).
	controlAllHexes bool
	// 18.5 (IT L1260): the attrition modifiers add up to at most this; 0
	// for no limit (2.2 states none).
	attritionMaxDRM int
	// 6.5.1 and the reinforcement points chart (IT L427-439, L1919-1924).
	rpCosts []rpCostRow
	// D47, S3.2.6 and 26.1 (IT L1525-1526): the Cherbourg scenario's German
	// reinforcements as the edition's book prints them, in order.
	printedS3 []printedUnit
	// D13, 13.7 (2.2 only): a retreat may enter a hex holding a friendly
	// unit under a Strategic Move marker only when no other path exists,
	// and the marker comes off. The retreat search is the core's; this is
	// the edition's switch for the rule once it is played there.
	retreatOntoSMLastResort bool
	// renumber maps the default edition's rule numbers, in which the
	// engine is written, to the edition's own (§3.1, renumber.go); nil for
	// 2.2.
	renumber map[string]string
}

// strafeRules are 19.1.4's targets, results and modifiers (D38).
type strafeRules struct {
	// silhouetteArmorOnly: only German silhouette armored units are
	// strafed (2.2); the first edition strafes every German unit but
	// strongpoints.
	silhouetteArmorOnly bool
	// table is the strafing table: one row per modified roll 1-6.
	table *combat.Table[strafeResult]
	// smDRM is the modifier for a target under a Strategic Move marker.
	smDRM int
	// rule names the table for narration.
	rule string
}

// printedUnit is a unit a scenario's rules print with its values: its turn
// of arrival, id and printed strength-MA.
type printedUnit struct {
	Turn  int
	ID    string
	Steps string
}

// editionDefault is edition 2.2: every value is the one the engine read as a
// constant before editions existed, so that its games and hashes are what
// they were.
var editionDefault = &edition{
	name: "", title: "Normandy '44 (GMT, rules edition 2.2)", book: "seeds/000 (Polish, edition 2.2)",
	crt:                               &crtT1,
	woodsDCB:                          3, // T3, PL L2036
	mulberryCompletionOffset:          5, // 21.1.1: met in turn 2, ready in turn 7
	mulberryRebuildable:               true,
	mafSingleStepLossCancelsRetreat:   true,
	ddATLeadNeedsArmorInMAF:           true,
	desperateDefenseEligibleStepsOnly: true,
	oneHexRetreatExcludesSM:           true,
	bocageAdvanceVacatedException:     true,
	ipAllowedInSPHex:                  true,
	ipBuilderMustBeSupplied:           true,
	caenArtillery:                     true,
	ss4RemovalIgnoresSP:               true,
	flakCanAttack:                     true,
	losOffroadThroughFloodMajorRiver:  true,
	isolatedHQNeedsNonHQCombatUnit:    true,
	airSupportNationalityLocked:       true,
	strafe:                            strafeRules{silhouetteArmorOnly: true, table: &strafeTableT11, smDRM: 1, rule: "T11"},
	smMarkedArtyFire:                  false,
	reserveTactical:                   true,
	rebuildNotInEZOC:                  true,
	rebuildAlliedToBritain:            true,
	rebuildProximityFromStart:         true,
	cherbourgOnlySupplyNoRepl:         true,
	hqRebuildOnOpenBeach:              true,
	rebuildHQSameNationality:          true,
	rangersEvacuatePdH:                true,
	armyBoundaryAttackLimitHexes:      1,
	armyBoundaryEndRow:                16,
	alliedAutoVictory:                 (*Game).alliedAutomatic,
	campaignGermanVPEdgeOnly:          true,
	miniLinkRequiresNoGermanZOC:       true,
	cherbourgScnRPToSPFromTurn:        7,
	options: map[string]string{
		optHistoricalStorms: "25.1: turns 14-16 are Storm; any other weather roll of 1 is rolled again",
		optRandomStorm:      "25.2: weather 1s rolled again until turn 11; from turn 12 a Storm lasts 3 turns",
		optCoastalBatteries: "25.3: from turn 2 one US and one British naval marker a turn suppress the coastal batteries on their side of the army boundary",
		optRetreatStepOnce:  "AMBIG-24, 13.2.1: a retreat costs one step however many major rivers and flooded hexsides or hexes it crosses (by default each crossing costs one)",
		optOneHexPerRetreat: "AMBIG-25, 13.3: the strength friends stop after a one-hex retreat is counted afresh for each retreat (by default once for the whole Combat Phase)",
	},
	navalBatteryDiesWithSP:  true,
	rpCosts:                 rpCosts,
	printedS3:               []printedUnit{{5, "3/1050/77", "2-3"}, {6, "1049(-)/77", "4-3"}, {6, "2/1050/77", "2-3"}}, // S3.2.6, PL L1595-1596
	retreatOntoSMLastResort: true,
}

// editionEd1 is the first edition, as the Italian book prints it (digest §1:
// the 2010 GMT printing, no errata).
var editionEd1 = &edition{
	name: "ed1", title: "Normandy '44, first edition (GMT 2010; the Italian book)", book: "seeds/004 (Italian, first edition)",
	weatherDRMAfterStorm:             -1,
	weatherDRMAfterFine6:             +1,
	crt:                              &crtEd1,
	woodsDCB:                         2, // TEC, IT L1868
	retreatFirstHexEZOCStepLoss:      true,
	mulberryCompletionOffset:         4, // 21.1: met in turn 2, ready in turn 6 (IT L1417)
	mulberryDestroyedRPPenalty:       2,
	cherbourgPerimeterBarsBothShifts: true,
	ddColumnSPPresent:                true,
	ddArmorCompareNegative:           true,
	ddSupportAlliedAir:               true,
	werferFlipsOnMove:                true,
	strafe:                           strafeRules{table: &strafeTableEd1, rule: "Strafing Table"},
	smAvoidsEZOC:                     true,
	smOthersMayJoin:                  true,
	smMarkedArtyFire:                 true,
	bicycleAvoidsEZOC:                true,
	gliderRedirectFriendlyControlled: true,
	alliedAutoVictory:                (*Game).alliedAutomaticEd1,
	cherbourgScnRPToSPFromTurn:       6,
	sixFJRemovalOnControl:            true,
	options: map[string]string{
		optHistoricalStorms: "28.1: turns 14-16 are Storm; any other weather roll of 1 counts as 2",
		optCoastalBatteries: "28.3: from turn 2 one US and one British naval marker a turn suppress the coastal batteries on their side of the army boundary",
		optFlankFire:        "28.2: the defender shifts 1 left for each defending hex not attacked next to both the attacked hex and an attacker (at most 2)",
		// 13.2 (IT L953-960) reads as 2.2's 13.2.1 does (AMBIG-24); 13.3
		// (IT L977) says "per Combat Phase", so AMBIG-25 has no other
		// reading here.
		optRetreatStepOnce: "AMBIG-24, 13.2: a retreat costs one step however many major rivers and flooded hexsides or hexes it crosses (by default each crossing costs one)",
	},
	historicalWeatherOneIsTwo: true,
	controlAllHexes:           true,
	attritionMaxDRM:           3, // 18.5, IT L1260
	rpCosts:                   rpCostsEd1,
	printedS3:                 []printedUnit{{5, "1/1050/77", "2-3"}, {6, "1049(-)/77", "4-3"}, {6, "1050(-)/77", "4-3"}}, // 26.1, IT L1525-1526
	renumber:                  renumberEd1,
}

// editions are the editions the engine plays, the default first.
var editions = []*edition{editionDefault, editionEd1}

// editionOf is the edition a setup's variant names.
func editionOf(variant string) (*edition, error) {
	for _, e := range editions {
		if e.name == variant {
			return e, nil
		}
	}
	return nil, fmt.Errorf("%w %q", rules.ErrVariant, variant)
}

// variants are the editions besides the default, for rules.Engine.
func variants() []rules.Variant {
	var out []rules.Variant
	for _, e := range editions[1:] {
		out = append(out, rules.Variant{Name: e.name, Title: e.title, Versions: versionsOf(e)})
	}
	return out
}

// db is the defensive bonus of a terrain (11.2, T3), the Woods row the
// edition's (D16).
func (e *edition) db(t Terrain) int {
	if t == Forest {
		return e.woodsDCB
	}
	return terrainChart[t].DB
}

// weatherDRM is 4.1's modifier of a weather die after weather prev (D01).
func (e *edition) weatherDRM(prev Weather) int {
	switch prev {
	case WeatherStorm:
		return e.weatherDRMAfterStorm
	case WeatherClear6:
		return e.weatherDRMAfterFine6
	}
	return 0
}

// avoid is what a move kept from the enemy avoids: enemy ZOC, or hexes next
// to an enemy unit (D10, D11).
func (e *edition) avoid(ezoc bool) func(*hexwar.Context) hexwar.HexSet {
	if ezoc {
		return hexwar.EnemyZOC
	}
	return hexwar.NextToEnemy
}
