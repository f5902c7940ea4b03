// Package combat is the combat procedure of the hex-and-counter series
// (Normandy '44, Ardennes '44, Salerno '43): one system with different
// tables and special rules, so a game keeps only those and plugs them in.
//
// The pieces, in the order a combat meets them:
//
//   - Odds: a Ladder of columns counted from 1-1 (Column, Ratio), the
//     strength cap, what odds below the table mean (refused, or a virtual
//     ladder), and the automatic results below it and at its top. The
//     shifts are a card of ShiftRule[In], each computing its columns from
//     the game's own declaration type In; Ladder.Compute gives the Odds.
//   - Tables: every die-roll table is a Table[V] with its rule (checked
//     against the rulebook by combattest.CheckTable), the CRT a CRT with
//     result codes and a legend that are data.
//   - The procedure: a Combat runs its Stages in order. Each Stage says
//     what it awaits (a die or a decision, and whose), applies it, answers
//     it from standing orders and narrates its part. The series' stages
//     are the CRT, the losses (LossRules), the Determined Defense
//     (Determined), the retreat and the advance; a game adds its own among
//     them. Units are the game's counters as the procedure reads them.
//   - Retreats and advances search a Map of callbacks, whose ground hooks
//     are the game's terrain rules.
//   - Orders and decisions are canonical one-line commands (Grammar); the
//     game records each die and decision (RollStep, DecisionStep) in its
//     own state and rebuilds the combat with Replay.
//
// Nothing here reads a game's state or its board: a game builds the
// Combat from its position and puts the outcome on its map once the
// combat is Done. Rule numbers in comments are Normandy '44's (2.2)
// unless another game is named.
package combat
