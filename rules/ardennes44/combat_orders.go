package ardennes44

import (
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
	"math"
)

// The combat's orders and decisions (digest 6.2, 6.3): the series' kinds
// (rules/hexwar/combat) and Ardennes '44's own, each one canonical line:
//
//	order demolish always|never    standing (defender): try to blow a bridge attacked across (7.4)
//	order def-art always|never     standing (defender): defensive artillery when eligible (22.8)
//	order ff always|never          standing (attacker): roll the Fire Fight table on FF (16.2)
//	order greif always|never       standing (German): the unused Greif Commando on the bridge the Allies try to blow in their Bridge Phase, or not (36)
//	if-blown press|cancel          conditional (attacker): go on if the bridge is blown (14.4 step 1)
//	demolish | no-demolish         the defender blows the bridge, or the fuel dump attacked, or not (7.4, 32.3)
//	press | cancel                 the attacker goes on or cancels after a demolition (14.4 step 1)
//	support [art U [U]] [air] | no-support   the attacker's support after the Jabos die (15.6.3, 22.7)
//	def-art U | no-def-art         the defender's artillery (22.8)
//	fire-fight U | accept-eng      the attacker pushes on with Lead U, or takes ENG (16.2)
//	aa HEX                         the hex whose attackers take the Attacker's Advantage (16.6)
//	breakdown U [two]              the attacker breaks U down before it advances (26.2)

// The kinds of Ardennes '44's own.
const (
	CmdOrderDemolish combat.CommandKind = "order demolish"
	CmdOrderDefArt   combat.CommandKind = "order def-art"
	CmdOrderFF       combat.CommandKind = "order ff"
	CmdOrderGreif    combat.CommandKind = "order greif"
	CmdIfBlown       combat.CommandKind = "if-blown"
	CmdDemolish      combat.CommandKind = "demolish"
	CmdNoDemolish    combat.CommandKind = "no-demolish"
	CmdPress         combat.CommandKind = "press"
	CmdCancel        combat.CommandKind = "cancel"
	CmdSupport       combat.CommandKind = "support"
	CmdNoSupport     combat.CommandKind = "no-support"
	CmdDefArt        combat.CommandKind = "def-art"
	CmdNoDefArt      combat.CommandKind = "no-def-art"
	CmdFireFight     combat.CommandKind = "fire-fight"
	CmdAcceptENG     combat.CommandKind = "accept-eng"
	CmdAA            combat.CommandKind = "aa"
	CmdBreakdown     combat.CommandKind = "breakdown"
)

// Mode words of the conditional order if-blown.
const (
	ModePress  = "press"
	ModeCancel = "cancel"
)

// grammar is the series' combat grammar with A44's kinds. A support
// decision's words are units after "art" and the flag "air", read as a
// unit list: "support art v/187 air" (supportWords); so is a breakdown's
// "two" (breakdownCommand); no unit is called art, air or two (validUnitID).
var grammar = combat.NewGrammar(func(s string) bool { return validUnitID(s) || s == "art" || s == "air" || s == "two" }).With(map[combat.CommandKind]combat.Form{
	CmdOrderDemolish: {Syntax: combat.Mode, Modes: []string{combat.ModeAlways, combat.ModeNever}},
	CmdOrderDefArt:   {Syntax: combat.Mode, Modes: []string{combat.ModeAlways, combat.ModeNever}},
	CmdOrderFF:       {Syntax: combat.Mode, Modes: []string{combat.ModeAlways, combat.ModeNever}},
	CmdOrderGreif:    {Syntax: combat.Mode, Modes: []string{combat.ModeAlways, combat.ModeNever}},
	CmdIfBlown:       {Syntax: combat.Mode, Modes: []string{ModePress, ModeCancel}},
	CmdDemolish:      {Syntax: combat.Bare},
	CmdNoDemolish:    {Syntax: combat.Bare},
	CmdPress:         {Syntax: combat.Bare},
	CmdCancel:        {Syntax: combat.Bare},
	CmdSupport:       {Syntax: combat.Units},
	CmdNoSupport:     {Syntax: combat.Bare},
	CmdDefArt:        {Syntax: combat.OneUnit},
	CmdNoDefArt:      {Syntax: combat.Bare},
	CmdFireFight:     {Syntax: combat.OneUnit},
	CmdAcceptENG:     {Syntax: combat.Bare},
	CmdAA:            {Syntax: combat.Path, Max: 1},
	CmdBreakdown:     {Syntax: combat.Units},
	// 17.4 sets no number of extra hexes (ardennes44/4): the retreats
	// offered bound a retreat's path, not its syntax.
	combat.CmdRetreat: {Syntax: combat.Path, Max: math.MaxInt},
	// 19.1.3: a Major advance's 2 hexes and a mechanized unit's road bonus.
	combat.CmdAdvance: {Syntax: combat.Advance, Max: 3},
})

// combatVerbs are the first words of combat orders and decisions.
var combatVerbs = map[string]bool{"order": true, "if-retreat": true, "if-blown": true, "losses": true, "dd": true,
	"no-dd": true, "retreat": true, "advance": true, "advance-done": true, "demolish": true, "no-demolish": true,
	"press": true, "cancel": true, "support": true, "no-support": true, "def-art": true, "no-def-art": true,
	"fire-fight": true, "accept-eng": true, "aa": true, "breakdown": true}

// supportWords reads a support decision's words: the artillery units and
// whether the air marker is used ("support art A B air" is Units
// [art A B air] to the grammar).
func supportWords(units []string) (art []string, air bool, ok bool) {
	if len(units) == 0 {
		return nil, false, false
	}
	rest := units
	if rest[0] == "art" {
		rest = rest[1:]
		for len(rest) > 0 && rest[0] != "air" {
			art, rest = append(art, rest[0]), rest[1:]
		}
		if len(art) == 0 || len(art) > maxOffensiveArtillery {
			return nil, false, false
		}
	}
	if len(rest) == 1 && rest[0] == "air" {
		air, rest = true, nil
	}
	return art, air, len(rest) == 0 && (len(art) > 0 || air)
}

// supportCommand prints a support decision.
func supportCommand(art []string, air bool) combat.Command {
	var ws []string
	if len(art) > 0 {
		ws = append([]string{"art"}, art...)
	}
	if air {
		ws = append(ws, "air")
	}
	return combat.Command{Kind: CmdSupport, Units: ws}
}
