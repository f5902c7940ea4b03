package salerno43

import (
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// grammar is the combat's orders and decisions: the series' (losses, dd,
// no-dd, retreat, advance, advance-done, order dd|retreat|...), with
// advances of up to 4 hexes (10.1: DS, 4 for mechanized units), and
// Salerno's defensive air (9.4): def-air, no-def-air, order def-air
// always|never; a breakthrough defender's units over the stacking limit
// (15.3): over-limit U [U...].
var grammar = combat.NewGrammar(validUnitID).With(map[combat.CommandKind]combat.Form{
	combat.CmdAdvance: {Syntax: combat.Advance, Max: 4},
	CmdDefAir:         {Syntax: combat.Bare},
	CmdNoDefAir:       {Syntax: combat.Bare},
	CmdOrderAir:       {Syntax: combat.Mode, Modes: []string{combat.ModeAlways, combat.ModeNever}},
	CmdDDPick:         {Syntax: combat.Mode, Modes: ddPickModes},
	CmdOrderDDPick:    {Syntax: combat.Mode, Modes: ddPickModes},
	CmdRecon:          {Syntax: combat.Bare},
	CmdNoRecon:        {Syntax: combat.Bare},
	CmdOrderRecon:     {Syntax: combat.Mode, Modes: []string{combat.ModeAlways, combat.ModeNever}},
	CmdDespD:          {Syntax: combat.Bare},
	CmdNoDespD:        {Syntax: combat.Bare},
	CmdOrderDespD:     {Syntax: combat.Mode, Modes: []string{combat.ModeAlways, combat.ModeNever}},
	CmdDelay:          {Syntax: combat.Mode, Modes: delayModes},
	CmdOrderDelay:     {Syntax: combat.Mode, Modes: delayModes},
	CmdSHRetreat:      {Syntax: combat.Advance, Max: 3},
	CmdPartRetreat:    {Syntax: combat.Path, Max: 4 + combat.MaxRetreatExtension},
	CmdOverLimit:      {Syntax: combat.Units},
})

// combatVerbs are the first words of combat orders and decisions.
var combatVerbs = map[string]bool{"order": true, "if-retreat": true, "losses": true, "dd": true, "no-dd": true,
	"retreat": true, "advance": true, "advance-done": true, "def-air": true, "no-def-air": true, "dd-result": true,
	"recon": true, "no-recon": true,
	"despd": true, "no-despd": true, "delay": true, "sh-retreat": true,
	"retreat-part": true, "over-limit": true}
