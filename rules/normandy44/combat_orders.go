package normandy44

import "github.com/pbem-referee/pbem/rules/hexwar/combat"

// The text of combat decisions and orders for play by email: each is one
// canonical line that parses and prints back to the same bytes. The series'
// grammar (rules/hexwar/combat), with Normandy's own:
//
//	order dd always|never            standing: try Determined Defense when allowed (12.4)
//	order dd-support always|never    standing: a DD by order takes defensive support (12.4.7)
//	order despd always|never         standing: Desperate Defense when allowed (12.5)
//	order retreat toward-supply      standing: among the legal retreats, toward supply
//	order losses U [U...]            standing: take losses from these units first
//	if-retreat advance U [U...]      conditional: if the defenders leave, advance U into the vacated hex
//	if-retreat reserve U [U...]      conditional: after DH or A1/D2, U into Reserve instead of advancing (15.1 b)
//	losses U [U...]                  one step per unit id, repeats allowed (12.2)
//	ignore-retreat | accept-retreat  12.6
//	dd U [support [S]] | no-dd       Determined Defense with Lead U, supported by S (12.4, 12.4.7)
//	despd | no-despd                 Desperate Defense (12.5)
//	retreat [U] H [H...] [loss U...] retreat path, of U alone (13.1.3), and the units taking its 13.2.1 steps
//	advance U H [H]                  advance after combat (14); after a beach assault H is the beach hex (20.3.6)
//	reserve U                        Reserve instead of advancing (15.1 b)
//	advance-done                     the attacker ends the advance
//	eliminate U                      a unit over the stacking limit, the owner's pick (7.2)

// ErrDecision: a decision or order that is malformed or not legal now.
var ErrDecision = combat.ErrDecision

// CommandKind is the kind of a combat command.
type CommandKind = combat.CommandKind

const (
	CmdOrderDD        = combat.CmdOrderDD
	CmdOrderDDSupport = CommandKind("order dd-support") // 12.4.7, 19.2.2
	CmdOrderDespD     = CommandKind("order despd")      // 12.5
	CmdOrderRetreat   = combat.CmdOrderRetreat
	CmdOrderLosses    = combat.CmdOrderLosses
	CmdIfRetreat      = combat.CmdIfRetreat
	CmdIfReserve      = CommandKind("if-retreat reserve") // 15.1 b
	CmdLosses         = combat.CmdLosses
	CmdIgnoreRetreat  = CommandKind("ignore-retreat") // 12.6
	CmdAcceptRetreat  = CommandKind("accept-retreat") // 12.6
	CmdDD             = combat.CmdDD
	CmdNoDD           = combat.CmdNoDD
	CmdDespD          = CommandKind("despd")    // 12.5
	CmdNoDespD        = CommandKind("no-despd") // 12.5
	CmdRetreat        = combat.CmdRetreat
	CmdAdvance        = combat.CmdAdvance
	CmdReserve        = CommandKind("reserve") // 15.1 b
	CmdAdvanceDone    = combat.CmdAdvanceDone
)

// Standing-order modes.
const (
	ModeAlways       = combat.ModeAlways
	ModeNever        = combat.ModeNever
	ModeTowardSupply = combat.ModeTowardSupply
)

// CombatCommand is one parsed order or decision.
type CombatCommand = combat.Command

// Orders are the standing and conditional orders each side has in force.
type Orders = combat.Orders

// grammar is the series' combat commands with Normandy's own.
var grammar = combat.NewGrammar(validUnitID).With(map[CommandKind]combat.Form{
	CmdOrderDDSupport: {Syntax: combat.Mode, Modes: []string{ModeAlways, ModeNever}},
	CmdOrderDespD:     {Syntax: combat.Mode, Modes: []string{ModeAlways, ModeNever}},
	CmdIfReserve:      {Syntax: combat.Units},
	CmdIgnoreRetreat:  {Syntax: combat.Bare},
	CmdAcceptRetreat:  {Syntax: combat.Bare},
	CmdDespD:          {Syntax: combat.Bare},
	CmdNoDespD:        {Syntax: combat.Bare},
	CmdReserve:        {Syntax: combat.OneUnit},
})

// ParseCombatCommand reads one canonical line; anything that would not
// print back identically is refused.
func ParseCombatCommand(text string) (CombatCommand, error) { return grammar.Parse(text) }
