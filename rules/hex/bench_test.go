package hex

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkReachable moves a unit with 12 movement points across a 60x40
// flat-top map (columns 01-60, rows 01-40) of random terrain costing 1 to 3.
func BenchmarkReachable(b *testing.B) {
	l := FlatOddColumnsDown
	rng := rand.New(rand.NewPCG(17, 18))
	terrain := map[Axial]int{}
	for col := 1; col <= 60; col++ {
		for row := 1; row <= 40; row++ {
			a, _ := l.FromOffset(col, row)
			terrain[a] = 1 + rng.IntN(3)
		}
	}
	cost := func(from, to Axial) (int, bool) {
		c, ok := terrain[to]
		return c, ok
	}
	start, err := l.Parse("3020")
	if err != nil {
		b.Fatal(err)
	}
	s := Search{Cost: cost, Budget: 12}
	var reached int
	for b.Loop() {
		reached = len(s.Reachable(start))
	}
	b.ReportMetric(float64(reached), "hexes/op")
}

func BenchmarkDistance(b *testing.B) {
	rng := rand.New(rand.NewPCG(19, 20))
	var pairs [1024][2]Axial
	for i := range pairs {
		pairs[i] = [2]Axial{randomHex(rng, 100), randomHex(rng, 100)}
	}
	sum, i := 0, 0
	for b.Loop() {
		p := &pairs[i%len(pairs)]
		sum += Distance(p[0], p[1])
		i++
	}
	if sum < 0 {
		b.Fatal("impossible")
	}
}

func BenchmarkLine(b *testing.B) {
	a, c := Axial{0, 0}, Axial{17, -9}
	n := 0
	for b.Loop() {
		n += len(Line(a, c))
	}
	if n < 0 {
		b.Fatal("impossible")
	}
}
