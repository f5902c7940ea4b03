package normandy44

import (
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
)

// Legal lists each unit's moves on its own: the searches of one unit read
// the position and never what another's found. So when many units' moves
// must be listed afresh (a phase's first Legal, or a game just opened), they
// are listed on every core at once (issue 18), each unit's moves kept in
// the move cache (legal_cache.go), from which Legal then takes them in unit
// order as it always has.

// movesKind is how Legal lists a unit's moves.
type movesKind int

const (
	movesNone  movesKind = iota // not the acting player's, or not his to move
	movesEntry                  // waiting to enter the map (entryMovesFrom)
	movesOnMap                  // on the map (unitMovesFrom)
	movesOther                  // landing, gliding in or following up (listed one by one)
)

func (g *Game) movesKind(i int) movesKind {
	switch {
	case g.unit(i).Side != g.s.Side, !g.ownedByActor(i):
		return movesNone
	case g.waiting(i):
		return movesEntry
	case g.s.Units[i].At == "" || g.s.Units[i].At == g.inBritainBox(), g.isGlider(i), g.isApproach(i):
		return movesOther
	}
	return movesOnMap
}

// minParallelUnits is how many units must be listed afresh before Legal
// lists them on several cores: a unit's moves take some tens of
// microseconds, a goroutine's start a microsecond, so after a move, when a
// few units near it are listed again, one core is quicker.
const minParallelUnits = 8

// listWorkers is how many goroutines list units' moves at once: the
// machine's cores; 1 lists them in turn. Tests set it to compare the two.
var listWorkers = func() int { return runtime.GOMAXPROCS(0) }

// listMissing lists, into the cache, the moves of the units Legal will ask
// the cache for (by their kinds, movesKind) and find missing, on listWorkers goroutines when there are
// enough of them. It changes nothing Legal reads but the cache: what is
// read lazily and kept (the move context, where each unit stands) is read
// before the goroutines start.
func (g *Game) listMissing(c *moveCache, kinds []movesKind, ctx func() *moveContext, shared *listing) {
	type job struct {
		i     int
		entry bool
		at    hex.Axial // where its searches start: its hex, or its first entry hex
	}
	var jobs []job
	for i, k := range kinds {
		if k != movesEntry && k != movesOnMap {
			continue
		}
		if l := &c.moves[i]; !l.ok || l.entry != (k == movesEntry) {
			jobs = append(jobs, job{i: i, entry: k == movesEntry})
		}
	}
	workers := listWorkers()
	// A process that has listed no moves yet (pbem legal lists them once)
	// has kept no step memo: the memory the listing works in is new to it,
	// page by page, and two cores took it in more slowly than one
	// (BenchmarkLegalCold: 2.4 to 2.5 ms on average on two goroutines, 1.8
	// to 2.0 on one).
	if workers < 2 || len(jobs) < minParallelUnits || memos.Empty() {
		return // Legal lists them itself, in turn
	}
	mc := ctx()
	for i := range g.s.Units {
		g.onMap(i) // g.places, filled here rather than by the goroutines
	}
	// Each goroutine has memos of its own (lister), which serve the units
	// whose searches cross the same hexes: the units in map order, cut into
	// one stretch a goroutine, each listing its own stretch first and then
	// helping with the others'. A unit waiting to enter stands in that
	// order at its first entry hex; the units waiting at one zone, as most
	// do, share the reading of its hexes.
	type waitingAt struct {
		at    string
		delay int
	}
	firstEntry := map[waitingAt]hex.Axial{}
	for k := range jobs {
		j := &jobs[k]
		if j.entry {
			us := &g.s.Units[j.i]
			w := waitingAt{us.At, us.Delay}
			a, ok := firstEntry[w]
			if !ok {
				if hexes := g.entryHexes(j.i); len(hexes) > 0 {
					a = hexes[0]
				}
				firstEntry[w] = a
			}
			j.at = a
		} else {
			j.at, _ = g.onMap(j.i)
		}
	}
	slices.SortStableFunc(jobs, func(a, b job) int { return a.at.Compare(b.at) })
	stretches := make([]struct {
		next atomic.Int64
		end  int
		_    [48]byte // a cache line each: every goroutine writes its own
	}, workers)
	for w := range stretches {
		stretches[w].next.Store(int64(len(jobs) * w / workers))
		stretches[w].end = len(jobs) * (w + 1) / workers
	}
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			l := &lister{listing: shared}
			defer l.done()
			for s := range workers {
				st := &stretches[(w+s)%workers]
				for {
					k := int(st.next.Add(1)) - 1
					if k >= st.end {
						break
					}
					j := jobs[k]
					g.cachedMoves(c, j.i, j.entry, func(e *extent) moveList {
						if j.entry {
							return g.entryMovesFrom(mc, l, j.i, e)
						}
						return g.unitMovesFrom(mc, l, j.i, e)
					})
				}
			}
		})
	}
	wg.Wait()
}

// minParallelChoices is how many choices Legal must write before it writes
// them on several goroutines: a Movement Phase's Legal writes thousands,
// and one asked again with nothing changed spends most of its time on it.
const minParallelChoices = 1000

// joinMoves appends the units' moves, in order, to out, whose capacity
// holds them all (listed in all): on listWorkers goroutines when there are
// many, each writing the units of one stretch of out.
func joinMoves(out []rules.Choice, blocks []moveBlock, listed int) []rules.Choice {
	workers := listWorkers()
	if workers < 2 || listed < minParallelChoices {
		for _, b := range blocks {
			out = append(b.list.appendTo(out), b.choices...)
		}
		return out
	}
	base := len(out)
	out = out[:base+listed]
	var wg sync.WaitGroup
	at, from := base, 0 // where the next stretch begins in out, and in blocks
	for w := range workers {
		// Each stretch ends at the first unit past its share of the moves.
		share := base + listed*(w+1)/workers
		to, end := from, at
		for to < len(blocks) && end < share {
			end += blocks[to].len()
			to++
		}
		if to == from {
			continue
		}
		seg, stretch := out[at:at:end], blocks[from:to]
		wg.Go(func() {
			for _, b := range stretch {
				seg = append(b.list.appendTo(seg), b.choices...)
			}
		})
		at, from = end, to
	}
	wg.Wait()
	return out
}
