package salerno43

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// The DD's defensive support (11.3, L634; 17.6.2, L1049): "Obrońca może
// użyć jednej jednostki lotniczej, morskiej lub ASU ... tej samej
// narodowości co jednostka prowadząca". PLAY-11's position (L1716-1724):
// the Germans attack 2617 at 3-1 and roll a 4, DR2; the Allies may
// declare a DD.

// ddSupportExample is PLAY-11's position under version, with the extra
// Allied units put in 2617 and elsewhere (id: hex), up to the DD's
// decision, the defender's air kept back (9.4).
func ddSupportExample(t *testing.T, version string, extra map[string]string) *Game {
	t.Helper()
	g := emptyGameIn(t, version, 2, PhaseCombat, German)
	g.put(t, "1-141/36", "2617")
	reg := g.put(t, "142/36", "2617")
	g.s.Units[reg].Lost = 1
	for id, at := range extra {
		g.put(t, id, at)
	}
	g.put(t, "2pz/16", "2716")
	g.put(t, "stug/16", "2717")
	g.put(t, "1-79/16", "2618")
	g.put(t, "hq/16", "2818")
	rulestest.Apply(t, g, rules.Seat(German), "attack 2617 with 2pz/16 stug/16 1-79/16 maf 16pz art hq/16")
	rulestest.Apply(t, g, rules.Seat(Allied), "no-def-air")
	rulestest.Roll(t, g, 4)
	if a := g.combat().Await(); a.Decision != "dd" {
		t.Fatalf("result %s: want the DD's decision, the combat awaits %+v", g.combat().Result.Code, a)
	}
	return g
}

// ddOffered are the DD commands Legal offers the Allies with support.
func ddOffered(g *Game) []string {
	var out []string
	for _, ch := range g.Legal(rules.Seat(Allied)) {
		if strings.HasPrefix(ch.Command, "dd ") && strings.Contains(ch.Command, " support") {
			out = append(out, ch.Command)
		}
	}
	return out
}

// 11.3: the defender names the source, the air marker one of them;
// salerno43/2 offered a bare "support", the referee's pick, and never the
// air marker.
func TestDDSupportNamedByDefenderAirIncluded_11_3(t *testing.T) {
	g := ddSupportExample(t, "", nil)
	got := ddOffered(g)
	for _, want := range []string{"dd 1-141/36 support us-naval", "dd 1-141/36 support us-air"} {
		if !slices.Contains(got, want) {
			t.Errorf("11.3: Legal offers %q; offered %v", want, got)
		}
	}
	if slices.Contains(got, "dd 1-141/36 support") || slices.Contains(got, "dd 1-141/36 support cw-air") {
		t.Errorf("11.3: the source is named, of the Lead's nationality; offered %v", got)
	}
	rulestest.Refused(t, g, rules.Seat(Allied), "dd 1-141/36 support", "11.3", "name")
	rulestest.Refused(t, g, rules.Seat(Allied), "dd 1-141/36 support cw-naval", "11.3", "")
	rulestest.Apply(t, g, rules.Seat(Allied), "dd 1-141/36 support us-air")
	rulestest.Roll(t, g, 3)
	if out := g.combat().DDOut; out == nil || out.DRM != 1 {
		t.Fatalf("11.3: the air marker's support is +1; got %+v", out)
	}
	finishCombat(t, g)
	if g.markerReady(markerUSAir) || !g.markerReady(markerUSNaval) {
		t.Errorf("11.3: the named source, the US air marker, is used and the naval marker is not; ready %v", g.s.Ready)
	}

	old := ddSupportExample(t, "salerno43/2", nil)
	if got := ddOffered(old); !slices.Contains(got, "dd 1-141/36 support") || slices.Contains(got, "dd 1-141/36 support us-air") {
		t.Errorf("salerno43/2 offers the bare support, never the air marker; offered %v", got)
	}
	rulestest.Refused(t, old, rules.Seat(Allied), "dd 1-141/36 support us-air", "11.3", "")
}

// 11.3, 17.6.3 (L1053): an ASU is named when it may support the DD, a
// divisional one with a unit of its division in the hex: hq/36 with the
// 36th's units, not hq/45; and the defender may name the naval marker
// though an ASU could support, which salerno43/2 picked before it.
func TestDDSupportASUOfTheDivision_11_3(t *testing.T) {
	extra := map[string]string{"hq/36": "2517", "hq/45": "2518"}
	g := ddSupportExample(t, "", extra)
	got := ddOffered(g)
	if !slices.Contains(got, "dd 1-141/36 support hq/36") || slices.Contains(got, "dd 1-141/36 support hq/45") {
		t.Errorf("11.3: hq/36 is offered, hq/45 (no unit of the 45th in 2617) is not; offered %v", got)
	}
	rulestest.Refused(t, g, rules.Seat(Allied), "dd 1-141/36 support hq/45", "11.3", "division")
	rulestest.Apply(t, g, rules.Seat(Allied), "dd 1-141/36 support us-naval")
	rulestest.Roll(t, g, 3)
	finishCombat(t, g)
	if g.markerReady(markerUSNaval) || g.s.Units[g.index("hq/36")].Used {
		t.Errorf("11.3: the naval marker named is used, hq/36 is not; naval ready %v, hq/36 used %v", g.markerReady(markerUSNaval), g.s.Units[g.index("hq/36")].Used)
	}

	old := ddSupportExample(t, "salerno43/2", extra)
	rulestest.Apply(t, old, rules.Seat(Allied), "dd 1-141/36 support")
	rulestest.Roll(t, old, 3)
	finishCombat(t, old)
	if !old.markerReady(markerUSNaval) || !old.s.Units[old.index("hq/36")].Used {
		t.Errorf("salerno43/2 picks hq/36 before the naval marker")
	}
}

// 11.3: the source is of the Lead's nationality, so a hex of US and CW
// units has support too: the US Lead's sources, the CW Lead's. salerno43/2
// gave a mixed hex none.
func TestDDSupportInMixedHex_11_3(t *testing.T) {
	extra := map[string]string{"5h/46": "2617"}
	got := ddOffered(ddSupportExample(t, "", extra))
	for _, want := range []string{"dd 1-141/36 support us-naval", "dd 5h/46 support cw-air"} {
		if !slices.Contains(got, want) {
			t.Errorf("11.3: Legal offers %q in a mixed hex; offered %v", want, got)
		}
	}
	if slices.Contains(got, "dd 5h/46 support us-naval") {
		t.Errorf("11.3: a CW Lead takes no US source; offered %v", got)
	}
	if got := ddOffered(ddSupportExample(t, "salerno43/2", extra)); len(got) != 0 {
		t.Errorf("salerno43/2 gives a mixed hex no support; offered %v", got)
	}
}

// finishCombat plays the combat to its end, each side taking its first
// choice.
func finishCombat(t *testing.T, g *Game) {
	t.Helper()
	for n := 0; g.s.Combat != nil; n++ {
		if n > 50 {
			t.Fatal("the combat does not end")
		}
		applied := false
		for _, side := range []Side{German, Allied} {
			if ch := g.Legal(rules.Seat(side)); len(ch) > 0 && !applied {
				rulestest.Apply(t, g, rules.Seat(side), ch[0].Command)
				applied = true
			}
		}
		if !applied {
			t.Fatal("the combat awaits a die")
		}
	}
}
