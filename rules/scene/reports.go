package scene

import "slices"

// Reports are a game's combat reports, kept outside its hashed state (a
// report changes no rule): immutable and linked from the newest, so that
// clones share them and adding one copies nothing. A nil *Reports holds
// none.
type Reports struct {
	prev   *Reports
	report Combat
}

// Add is the reports with c after them.
func (r *Reports) Add(c Combat) *Reports { return &Reports{prev: r, report: c} }

// List is every report, oldest first (Reporter.Combats).
func (r *Reports) List() []Combat {
	var out []Combat
	for e := r; e != nil; e = e.prev {
		out = append(out, e.report)
	}
	slices.Reverse(out)
	return out
}

// Last is the newest report; ok is false when there is none.
func (r *Reports) Last() (c Combat, ok bool) {
	if r == nil {
		return Combat{}, false
	}
	return r.report, true
}
