package normandy44

import (
	"sync"

	"github.com/pbem-referee/pbem/rules/hexwar"
	"github.com/pbem-referee/pbem/rules/scratch"
)

// listing is what the units share while one Legal lists their moves, on
// the goroutines of legal_workers.go: the searches of the units entering
// the map, by what they depend on (entry.go, enter). A nil listing shares
// nothing: a move checked outside Legal searches alone.
type listing struct {
	mu      sync.Mutex
	entries map[entrySearchKey]entrySearch
}

// lister lists units' moves on one goroutine of a Legal: beside the listing
// it shares, the steps each class of its movers checked (hexwar.StepMemo).
// A goroutine keeps memos of its own: one memo shared by two cores had its
// verdicts written by one and read by the other, and the cores waited on
// each other more than the sharing saved (issue 18). A nil lister lends no
// memo and shares nothing.
type lister struct {
	*listing
	memos map[moverClass]*hexwar.StepMemo
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

// memo is the step memo of the movers of class c.
func (l *lister) memo(c moverClass, b *hexwar.Board) *hexwar.StepMemo {
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

// lend lends m the memo of its class; a nil lister lends none.
func (l *lister) lend(m *mover) {
	if l == nil {
		return
	}
	g, i := m.g, m.Unit
	m.class = moverClass{sm: m.sm, trucks: m.trucks, mech: m.Mech, repl: m.repl, confined: m.confined, side: g.unit(i).Side}
	if specials, army, ok := g.scenarioClass(i); ok {
		m.class.specials, m.class.army = specials, army
	} else {
		m.class.alone = i + 1
	}
	m.Memo = l.memo(m.class, g.b.Board)
}

// lendCyclist lends c, the cyclists' road mover (mover.cyclist) of a mover
// lent before, the memo of its class.
func (l *lister) lendCyclist(c *mover) {
	if l == nil {
		return
	}
	c.class.cyclist = true
	c.Memo = l.memo(c.class, c.g.b.Board)
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
func (l *lister) done() {
	for _, m := range l.memos {
		m.Clear()
		memos.Put(m)
	}
}
