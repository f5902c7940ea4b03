package combat

// Tags is a set of a game's own flags on a result or a unit, one bit each,
// which the series' procedure carries and never reads: a game declares its
// flags as constants (const Reserve combat.Tags = 1 << iota) and its own
// rules test them.
type Tags uint64

// Has reports whether every flag of t is set.
func (s Tags) Has(t Tags) bool { return s&t == t }
