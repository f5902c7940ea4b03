// Package salerno43 is Salerno '43 (GMT, living rules August 2022) on the
// series core (rules/hexwar, rules/hexwar/combat): its scenario files, its
// charts and its own rules. Rule numbers in comments and tests are the
// rulebook's (rules/seeds/001, Polish); where the book is ambiguous the
// digest's reading (rules/salerno43.md §7, A-nn) is taken and named.
package salerno43
