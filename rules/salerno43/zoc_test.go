package salerno43

import (
	"testing"

	"github.com/pbem-referee/pbem/rules/hex"
)

func newTestSituation(t *testing.T) *situation {
	t.Helper()
	s, err := newSituation(avalanche(t))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// find returns the first land hexes of the map (in id order) for which ok
// holds, searched over each hex and direction.
func findLine(t *testing.T, s *situation, ok func(p, m, q hex.Axial) bool) (p, m, q hex.Axial) {
	t.Helper()
	for _, a := range s.b.LandHexes() {
		for d := range hex.DirectionCount {
			m, q := a.Neighbor(d), a.Neighbor(d).Neighbor(d)
			if s.b.Land(m) && s.b.Land(q) && ok(a, m, q) {
				return a, m, q
			}
		}
	}
	t.Fatal("no such hexes on the stand-in map")
	return
}

func mountains(s *situation, p, m, q hex.Axial) int {
	n := 0
	for _, hs := range [][2]hex.Axial{{p, m}, {m, q}} {
		if s.b.mountainNoRoad(hs[0], hs[1]) {
			n++
		}
	}
	return n
}

// 6.1: a vehicle's ZOC does not cross a mountain hexside without road or
// pass; an infantry-type unit's does. 13.3.2: a Shattered unit has none.
func TestZOCMountainsAndShattered_6_1_13_3_2(t *testing.T) {
	s := newTestSituation(t)
	x, y, _ := findLine(t, s, func(p, m, q hex.Axial) bool { return s.b.mountainNoRoad(p, m) })
	s.place("2pz/16", s.b.ID(x))
	if s.zoc(German).Has(y) {
		t.Errorf("6.1: the tank's ZOC crosses the mountain hexside %s/%s", s.b.ID(x), s.b.ID(y))
	}
	s.place("2pz/16", "")
	s.place("1-64/16", s.b.ID(x))
	if !s.zoc(German).Has(y) {
		t.Errorf("6.1: the panzergrenadiers' ZOC must cross %s/%s", s.b.ID(x), s.b.ID(y))
	}
	s.units[s.sc.unitIndex("1-64/16")].Status = Shattered
	if s.zoc(German).Has(y) {
		t.Error("13.3.2: a Shattered unit has no ZOC")
	}
}

func noFriendly(string) bool { return false }

// 7.1-7.3, EX-03/EX-05 (7.6.1, L373-375): two bond-capable units two hexes
// apart in a line bond through the hex between; a route over two road-less
// mountain hexsides breaks the bond, over one it stands; an enemy unit in
// the bond hex breaks it (7.3).
func TestHexBonds_EX05_7_6_1(t *testing.T) {
	s := newTestSituation(t)
	p, m, q := findLine(t, s, func(p, m, q hex.Axial) bool { return mountains(s, p, m, q) == 0 && s.b.Terrain(m) == Clear })
	s.place("141/36", s.b.ID(p))
	s.place("142/36", s.b.ID(q))
	if !s.bonds(Allied, noFriendly).Hex(m) {
		t.Fatalf("7.1: 141/36 at %s and 142/36 at %s bond through %s", s.b.ID(p), s.b.ID(q), s.b.ID(m))
	}
	s.place("1-64/16", s.b.ID(m))
	if s.bonds(Allied, noFriendly).Hex(m) {
		t.Error("7.3: an enemy unit in the bond hex breaks the bond")
	}
	s.place("1-64/16", "")

	s.place("141/36", "")
	s.place("142/36", "")
	p, m, q = findLine(t, s, func(p, m, q hex.Axial) bool { return mountains(s, p, m, q) == 2 })
	s.place("141/36", s.b.ID(p))
	s.place("142/36", s.b.ID(q))
	if s.bonds(Allied, noFriendly).Hex(m) {
		t.Errorf("EX-05 A-B: %s-%s-%s crosses two mountain hexsides: no bond", s.b.ID(p), s.b.ID(m), s.b.ID(q))
	}
	s.place("141/36", "")
	s.place("142/36", "")
	p, m, q = findLine(t, s, func(p, m, q hex.Axial) bool { return mountains(s, p, m, q) == 1 && !s.b.fullMountain(m) })
	s.place("141/36", s.b.ID(p))
	s.place("142/36", s.b.ID(q))
	if !s.bonds(Allied, noFriendly).Hex(m) {
		t.Errorf("EX-05 B-C: %s-%s-%s crosses one mountain hexside: the bond stands", s.b.ID(p), s.b.ID(m), s.b.ID(q))
	}
	// 7.1, 13.2.1: a DG unit forms no bond.
	s.units[s.sc.unitIndex("142/36")].Status = Disorganized
	if s.bonds(Allied, noFriendly).Hex(m) {
		t.Error("13.2.1: a DG unit forms no bond")
	}
}

// 7.5, 21.3.3: a hexside bond with a friendly entry area, none with an
// enemy one.
func TestBondWithFriendlyEntryArea_7_5(t *testing.T) {
	s := newTestSituation(t)
	area := s.b.areas["N2"]
	var x, y, p hex.Axial
	found := false
	for i := 0; i+1 < len(area) && !found; i++ {
		x, y = area[i], area[i+1]
		if hex.Distance(x, y) != 1 {
			continue
		}
		for d := range hex.DirectionCount {
			c := x.Neighbor(d)
			if c != y && hex.Distance(c, y) == 1 && s.b.Land(c) && mountains(s, c, x, c) == 0 {
				p, found = c, true
				break
			}
		}
	}
	if !found {
		t.Fatal("no vertex on N2's edge")
	}
	s.place("1-64/16", s.b.ID(p))
	german := func(a string) bool { return a == "N2" }
	if !s.bonds(German, german).Side(x, y) {
		t.Errorf("7.5: 1-64/16 at %s bonds with N2 along %s/%s", s.b.ID(p), s.b.ID(x), s.b.ID(y))
	}
	if s.bonds(German, noFriendly).Side(x, y) {
		t.Error("7.5: no bond with an area that is not friendly")
	}
}

// 7.6.1 (L371): "Jednostki pojazdów nie mogą tworzyć linii ZOC przez
// jakikolwiek górski bok heksu, chyba że posiada on drogę". A-06 reads it
// of the whole bond: with a vehicle at either end, a road-less mountain
// hexside anywhere on the route breaks it. On a line P-M-Q whose one
// mountain hexside is M|Q, the panzergrenadiers 1-64/16 at Q bond with the
// recon kgd/16 at P under salerno43/3 no more than with the recon at Q,
// while two infantry-type units bond across one mountain hexside (EX-05
// B-C). salerno43/2 broke the bond only across the vehicle's own half.
func TestVehicleBondAcrossFarMountain_7_6_1(t *testing.T) {
	s := newTestSituation(t)
	p, m, q := findLine(t, s, func(p, m, q hex.Axial) bool {
		return !s.b.mountainWithoutRoad(p, m) && s.b.mountainNoRoad(m, q) && !s.b.fullMountain(m)
	})
	bond := func(version, atP, atQ string) bool {
		t.Helper()
		ver, err := versionRules.Rules(version)
		if err != nil {
			t.Fatal(err)
		}
		s.ver = ver
		for _, id := range []string{"kgd/16", "1-64/16", "2-64/16"} {
			s.place(id, "")
		}
		s.place(atP, s.b.ID(p))
		s.place(atQ, s.b.ID(q))
		return s.bonds(German, noFriendly).Hex(m)
	}
	line := s.b.ID(p) + "-" + s.b.ID(m) + "-" + s.b.ID(q)
	if !bond("", "2-64/16", "1-64/16") {
		t.Errorf("7.6.1: two infantry-type units bond across one mountain hexside on %s", line)
	}
	if bond("", "kgd/16", "1-64/16") {
		t.Errorf("7.6.1: the recon kgd/16 at %s bonds on %s across the road-less mountain hexside %s/%s", s.b.ID(p), line, s.b.ID(m), s.b.ID(q))
	}
	if bond("", "1-64/16", "kgd/16") || bond("salerno43/2", "1-64/16", "kgd/16") {
		t.Errorf("7.6.1: the recon kgd/16 at %s bonds on %s across the mountain hexside on its own half", s.b.ID(q), line)
	}
	if !bond("salerno43/2", "kgd/16", "1-64/16") {
		t.Errorf("salerno43/2: the recon at %s bonded on %s across the mountain hexside on the far half", s.b.ID(p), line)
	}
}
