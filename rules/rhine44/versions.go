package rhine44

import (
	"github.com/pbem-referee/pbem/rules"
)

// Rules versions. A game is played to its end under the version its invite
// names (rules.Setup.Version), so that every log verifies as it was played.
// What changed between versions is one value, rules, chosen here from the
// version and read where the behaviour is: never a version compared in the
// rules themselves. Each field is a rule that an older version played
// otherwise, with its number and its line in the rulebook (seeds/002).
type rulesVersion struct {
	name string
	// mainBaseHeld: a counterattack never takes a main supply base. The
	// field counterattacked "nie może sąsiadować z główną bazą
	// zaopatrzenia ... (ani być pod nim)" (R14.4a, L1422-1428), so the base
	// itself is safe a fortiori; since §15A (L1487-1492) Antwerpen is red's
	// main base while it carries his control marker. rhine44/1 let a
	// counterattack take Antwerpen back, leaving red a main base he did not
	// control.
	mainBaseHeld bool
}

// Version is recorded in invites; bump it when a state hash or a rule
// changes. 2: a counterattack never takes a main base, Antwerpen once
// Antwerp is open (R14.4a, §15A).
const Version = "rhine44/2"

// versions are the rules versions the engine plays, the current one first:
// games begun under an older one go on under it (rules.Engine.Replays).
var versions = []rulesVersion{
	{name: Version, mainBaseHeld: true},
	{name: "rhine44/1"},
}

// versionRules are the engine's versions, for the rules of each and the
// names of those it replays.
var versionRules = rules.Versions[rulesVersion]{Game: "rhine44", List: versions, Name: func(v *rulesVersion) string { return v.name }}
