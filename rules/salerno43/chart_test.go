package salerno43

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules/hexwar/combat"
	"github.com/pbem-referee/pbem/rules/scn"
)

func shippedChart(t testing.TB) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "scenarios", "salerno43", "standard.chart"))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func avalanche(t testing.TB) *Scenario {
	t.Helper()
	s, err := ParseScenario(readShipped(t, "avalanche"))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestChartFileChecks(t *testing.T) {
	if err := readChartFile("standard.chart", shippedChart(t)); err != nil {
		t.Fatal(err)
	}
}

// The cells the example of play reveals (digest T4, T5c, T6), read
// through the shipped chart.
func TestCRTCellsOfTheExamples_8_3(t *testing.T) {
	ch := avalanche(t).Chart
	for _, c := range []struct {
		col  combat.Column
		die  int
		want combat.ResultCode
		line string
	}{
		{combat.At(3, 1), 1, "EX", "L1728 PLAY-12"},
		{combat.At(3, 1), 3, "DR2", "L1638 PLAY-02"},
		{combat.At(3, 1), 4, "DR2", "L1720 PLAY-11"},
		{combat.At(2, 1), 6, "A1/D1", "L1779 PLAY-17"},
	} {
		if got := ch.CRT.Lookup(c.col, c.die, 0).Code; got != c.want {
			t.Errorf("%s: %v on %d gives %s, want %s", c.line, c.col, c.die, got, c.want)
		}
	}
	// 8.6.1: 10-1 and up after shifts is an automatic DS, whatever the die.
	if got := ch.CRT.Lookup(combat.At(10, 1), 1, 0).Code; got != "DS" {
		t.Errorf("8.6.1: 10-1 gives %s, want DS", got)
	}
}

func TestInvasionCells_24_2(t *testing.T) {
	ch := avalanche(t).Chart
	for _, c := range []struct {
		landing string
		die     int
		adv     int
		line    string
	}{
		{"maiori", 3, 2, "PLAY-01 L1634"}, {"vietri", 4, 2, "PLAY-02 L1636"}, {"uncle", 3, 1, "PLAY-03 L1644"},
		{"sugar", 5, 2, "PLAY-04"}, {"roger", 3, 2, "PLAY-05"}, {"red", 6, 2, "PLAY-06"}, {"blue", 4, 2, "PLAY-07"},
	} {
		got, ok := ch.Invasion.Roll(c.landing, c.die)
		if !ok || got.Advance != c.adv || got.Loss != 0 {
			t.Errorf("%s: %s on %d gives %+v, want advance %d, no loss", c.line, c.landing, c.die, got, c.adv)
		}
	}
}

func TestDDCells_11_4(t *testing.T) {
	ch := avalanche(t).Chart
	// EX-16 (11.5, L675): other column, 3 fails, 5 is -/1 H.
	if ch.DD.Cell(DDOther, 3).Holds() {
		t.Error("EX-16: other 3 must fail")
	}
	if c := ch.DD.Cell(DDOther, 5); len(c) != 1 || c[0].Code != "-/1H" || c[0].DefenderSteps != 1 {
		t.Errorf("EX-16: other 5 = %+v, want -/1H", c)
	}
	// PLAY-11 (L1720): clear, roll 2 + 1 naval = 3, failure.
	if ch.DD.Roll(DDClear, 2, 1).Holds() {
		t.Error("PLAY-11: clear 2+1 must fail")
	}
	// PLAY-02 (L1638): city, a low-quality lead, roll 2 or 3 - 1: failure.
	for _, die := range []int{2, 3} {
		if ch.DD.Roll(DDCity, die, -1).Holds() {
			t.Errorf("PLAY-02: city %d-1 must fail", die)
		}
	}
	// PLAY-16 (L1777, A-37): city, 3 + 2 = 5: -/1 H or P, the defender's choice (11.4.3).
	if c := ch.DD.Roll(DDCity, 3, 2); len(c) != 2 || c[0].Outcome != DDHold || c[1].Outcome != DDPartial {
		t.Errorf("PLAY-16: city 5 = %+v, want -/1H|-/-P", c)
	}
}

// A chart that contradicts what the book prints is refused, naming the rule.
func TestChartContradictionsRefused(t *testing.T) {
	for _, c := range []struct{ from, to, rule string }{
		{"ezoc leave=2 rule=6.2", "ezoc leave=1 rule=6.2", "6.2"},
		{"road main nonmech=1 mech=1/3", "road main nonmech=1 mech=1/2", "5.2"},
		{"4 A1 EX A1/DR2 Dis DR2 D1", "4 A1 EX A1/DR2 Dis DR4 D1", "L1720"},
		{"2 -/- -/1 -/1", "2 -/1H -/1 -/1", "L1638"},
		{"box A clear", "box A rain", "22.1"},
		{"terrain hills nonmech=2 mech=3 rule=TEC", "terrain hills nonmech=2 mech=3 armor rule=TEC", "9.3.3"},
		{"3 0/2 0/1 0/2", "3 0/2 0/2 0/2", "L1644"},
	} {
		data := strings.Replace(string(shippedChart(t)), c.from, c.to, 1)
		if data == string(shippedChart(t)) {
			t.Fatalf("%q not in the chart", c.from)
		}
		err := readChartFile("standard.chart", []byte(data))
		if err == nil || !errors.Is(err, scn.ErrInvalid) || !strings.Contains(err.Error(), c.rule) {
			t.Errorf("%s: got %v, want an invalid chart citing %s", c.to, err, c.rule)
		}
	}
}

func TestChartSyntaxErrorsNameTheLine(t *testing.T) {
	data := strings.Replace(string(shippedChart(t)), "roll 6 move=2", "roll 6 move=3", 1)
	data = strings.Replace(data, "1 A1 A1 A1 A1 EX", "1 A1 A1 A1 XX EX", 1)
	err := readChartFile("standard.chart", []byte(data))
	for _, want := range []string{`line 35: unknown keyword or value: [crt] result "XX"`, "line 85: invalid: move 3"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("got %v, want %q", err, want)
		}
	}
}
