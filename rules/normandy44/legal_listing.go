package normandy44

import (
	"sync"

	"github.com/pbem-referee/pbem/rules/hexwar"
	"github.com/pbem-referee/pbem/rules/scratch"
)

// listing is what the units share while one Legal lists their moves, on
// the goroutines of legal_workers.go: the searches of the units entering
// the map, by what they depend on (entry.go, enter), and the steps each
// class of movers checked (hexwar.StepMemo). A nil listing shares nothing:
// a move checked outside Legal searches alone.
type listing struct {
	mu      sync.Mutex
	entries map[entrySearchKey]entrySearch
	memos   map[moverClass]*hexwar.StepMemo
}

// moverClass is what a step's check reads of a unit and its way of moving
// (moverFrom, stepRules, scenarioRule, roadCost, floodedRule): movers of
// one class, on the same position, check every step away from their own
// hexes alike, so they share a StepMemo. A rule that reads more of the unit
// must add it here.
type moverClass struct {
	sm, trucks, cyclist, mech bool
	repl, confined            bool // 6.2.5; 17.6.2
	side                      Side
	specials                  uint64 // the scenario's rules that bind the unit (S3.1, S3.3), by number
	army                      string // the nationality whose army boundary binds it (22.1.2), or ""
	alone                     int    // the unit's number + 1 when scenarioClass cannot tell its class, else 0
}

// memos keeps step memos between Legals: one is some tens of kilobytes.
var memos scratch.Shelf[hexwar.StepMemo]

// memo is the step memo of the movers of class c, nil outside Legal.
func (l *listing) memo(c moverClass, b *hexwar.Board) *hexwar.StepMemo {
	if l == nil {
		return nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if m, ok := l.memos[c]; ok {
		return m
	}
	m := memos.Get()
	if m == nil || !m.Fits(b) {
		m = hexwar.NewStepMemo(b)
	}
	if l.memos == nil {
		l.memos = map[moverClass]*hexwar.StepMemo{}
	}
	l.memos[c] = m
	return m
}

// entry is the search of key, run by search if no unit ran it before. Two
// goroutines may run the same search at once; the first kept serves both
// and every later unit, and the two are the same.
func (l *listing) entry(key entrySearchKey, search func() entrySearch) entrySearch {
	l.mu.Lock()
	e, ok := l.entries[key]
	l.mu.Unlock()
	if ok {
		return e
	}
	e = search()
	l.mu.Lock()
	defer l.mu.Unlock()
	if kept, ok := l.entries[key]; ok {
		return kept
	}
	if l.entries == nil {
		l.entries = map[entrySearchKey]entrySearch{}
	}
	l.entries[key] = e
	return e
}

// done gives the memos back, cleared, once Legal has listed every unit: no
// mover keeps one after (the kept moves are choices, not movers).
func (l *listing) done() {
	for _, m := range l.memos {
		m.Clear()
		memos.Put(m)
	}
}
