// Package hexwar is the series core of Normandy '44, Ardennes '44 and
// Salerno '43 (GMT): one game system with different special rules and
// tables. What the three share lives here once; each game keeps its own
// package with its special rules, its tables and its state.
//
// In rule references N44 is Normandy '44 (edition 2.2), A44 Ardennes '44
// (3rd edition), S43 Salerno '43 (living rules 2022), as the digests in the
// project's shared rules folder number them.
//
// # What is here
//
//   - The board (Board, from a Map) with the game's Terrain Effects Chart
//     (TEC: TerrainRow, RoadRow, HexsideRow, costs in sixths of an MP), and
//     the series' map records in scenario files (MapRecords, ReadTerrain).
//   - Zones of control and ZOC bonds (ZOC, NewBonds) with the game's
//     ZOCRules and BondRules: who exerts and forms them, what anchors a
//     bond, what terrain breaks one.
//   - Stacking as the game's policy (Stacking, Overstacked, StackRefusal).
//   - Movement: the Mover prices each step by the chart and the rules the
//     series shares; the game adds its own as StepRules. Reach is the
//     least-cost search, TacticalReach the 1 or 2 hexes of Tactical
//     Movement, Enter a reinforcement coming onto the map.
//   - Supply lines (Tracer) by the game's SupplyRules; the game says where
//     its lines end.
//   - Control of hexes by the game's ControlRule.
//   - The sequence of play (Sequence, a phase table) and the procedure stack
//     (Stack): every point at which a game waits is one Procedure that
//     answers Pending, Legal, Apply and Roll alike.
//   - The move command's grammar (MoveGrammar).
//
// The combat procedure (odds, the CRT, shifts, losses, Determined Defense,
// retreat and advance, the combat record and its orders) is the
// rules/hexwar/combat package's.
//
// # How a game plugs in
//
// A game's state struct is its own: it is the hashed schema, and no type of
// this package is part of it but named strings (Side, Phase, Terrain,
// Feature, RoadClass). The core reads the state through small interfaces
// and function values: Position for the units, the accessors of Sequence
// for where the game stands, and the rules structs (ZOCRules, BondRules,
// StepRule, SupplyRules, Stacking, ControlRule) for the game's rules. So a
// change here never changes a recorded state hash on its own.
//
// The package is pure, like all of rules: no I/O, no clock, no randomness,
// and every result is independent of map iteration order.
package hexwar
