package games

import (
	"crypto/sha256"
	"encoding/binary"
	"slices"
	"sync"

	"github.com/pbem-referee/pbem/rules"
)

// Opening a game starts it from its invitation's setup, and starting is
// parsing the scenario and building its board: most of opening a game of a
// large scenario. A process that opens games again and again ('pbem serve'
// importing each mail, 'pbem sync', the demo, a season verified at once)
// starts the same setups over and over. So each engine here keeps the
// games it started last and hands out clones of them: a clone plays alike
// and shares nothing a game changes (rules.Game.Clone), and the game kept
// is never played, only cloned.

// keptStarts is how many started games each engine keeps.
const keptStarts = 8

// startCache is the games one engine started last, newest last.
type startCache struct {
	mu    sync.Mutex
	games []startedGame
}

type startedGame struct {
	key  [sha256.Size]byte
	game rules.Game
}

// startKept is start, an engine's New, keeping the games it starts.
func startKept(start func(rules.Setup) (rules.Game, error)) func(rules.Setup) (rules.Game, error) {
	c := &startCache{}
	return func(s rules.Setup) (rules.Game, error) {
		key := setupKey(s)
		c.mu.Lock()
		k := slices.IndexFunc(c.games, func(g startedGame) bool { return g.key == key })
		var kept rules.Game
		if k >= 0 {
			kept = c.games[k].game
		}
		c.mu.Unlock()
		if kept != nil {
			return kept.Clone(), nil
		}
		// Started outside the lock: two goroutines may start the same
		// setup at once, and either game serves.
		g, err := start(s)
		if err != nil {
			return nil, err
		}
		c.mu.Lock()
		defer c.mu.Unlock()
		if !slices.ContainsFunc(c.games, func(g startedGame) bool { return g.key == key }) {
			if len(c.games) == keptStarts {
				c.games = slices.Delete(c.games, 0, 1)
			}
			c.games = append(c.games, startedGame{key, g})
		}
		return g.Clone(), nil
	}
}

// setupKey is a digest of everything New reads of a setup.
func setupKey(s rules.Setup) [sha256.Size]byte {
	h := sha256.New()
	field := func(b []byte) {
		h.Write(binary.BigEndian.AppendUint64(nil, uint64(len(b))))
		h.Write(b)
	}
	field([]byte(s.Version))
	field([]byte(s.Variant))
	field(binary.BigEndian.AppendUint64(nil, uint64(len(s.Options))))
	for _, o := range s.Options {
		field([]byte(o))
	}
	field(s.Scenario)
	var key [sha256.Size]byte
	h.Sum(key[:0])
	return key
}
