package hexwar

import (
	"errors"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// TestEngine_ChecksSetupFirst: New and Seats refuse a rules version the
// engine does not play before the game sees the setup, and New starts the
// game under the version the setup names; Seats hands out a copy of the
// seats.
func TestEngine_ChecksSetupFirst(t *testing.T) {
	started, checked := 0, 0
	var versions []string
	e := Engine(rules.Engine{Name: "test", Version: "test/2", Replays: []string{"test/1"}},
		func(_ []byte, _ []string, version string) (rules.Game, error) {
			started++
			versions = append(versions, version)
			return nil, nil
		},
		func(_ []byte, opts []string) error {
			checked++
			if len(opts) > 0 {
				return errors.New("no options")
			}
			return nil
		},
		[]rules.Seat{"german", "allied"})
	if _, err := e.New(rules.Setup{Version: "test/9"}); !errors.Is(err, rules.ErrVersion) || started != 0 {
		t.Errorf("New under test/9: %v, started %d times; want ErrVersion and no start", err, started)
	}
	if _, err := e.Seats(rules.Setup{Version: "test/9"}); !errors.Is(err, rules.ErrVersion) || checked != 0 {
		t.Errorf("Seats under test/9: %v, checked %d times; want ErrVersion and no check", err, checked)
	}
	if _, err := e.New(rules.Setup{}); err != nil || started != 1 {
		t.Errorf("New: %v, started %d times", err, started)
	}
	if _, err := e.New(rules.Setup{Version: "test/1"}); err != nil || strings.Join(versions, ",") != ",test/1" {
		t.Errorf("New under test/1: %v, started under %q; want the current version (\"\"), then test/1", err, versions)
	}
	if _, err := e.Seats(rules.Setup{Options: []string{"x"}}); err == nil {
		t.Error("Seats took an option the game's check refuses")
	}
	seats, err := e.Seats(rules.Setup{})
	if err != nil || strings.Join([]string{string(seats[0]), string(seats[1])}, ",") != "german,allied" {
		t.Fatalf("Seats: %v %v", seats, err)
	}
	seats[0] = "changed"
	if again, _ := e.Seats(rules.Setup{}); again[0] != "german" {
		t.Error("Seats hands out the engine's own slice")
	}
}

// TestSideFiles_Check: a chart is read whole, a map is parsed in a stand-in
// scenario that names it, another file is refused naming both endings.
func TestSideFiles_Check(t *testing.T) {
	var charts, parsed []string
	f := SideFiles{Game: "test", MapExt: ".map", ChartExt: ".chart", StandIn: "[victory]\nvp 1\n",
		ReadChart: func(name string, _ []byte) error { charts = append(charts, name); return nil },
		Assemble: func(scenario []byte, open func(string) ([]byte, error)) ([]byte, error) {
			m, err := open("west.map")
			return append(append(scenario, "--\n"...), m...), err
		},
		Parse: func(text []byte) error { parsed = append(parsed, string(text)); return nil },
	}
	if err := f.Check("standard.chart", nil, nil); err != nil || len(charts) != 1 {
		t.Errorf("chart: %v, read %v", err, charts)
	}
	if err := f.Check("west.map", []byte("0101 clear\n"), nil); err != nil || len(parsed) != 1 {
		t.Fatalf("map: %v, parsed %v", err, parsed)
	}
	for _, want := range []string{"game test\n", "map west\n", "chart standard\n", "[victory]\nvp 1\n--\n0101 clear\n"} {
		if !strings.Contains(parsed[0], want) {
			t.Errorf("the stand-in scenario lacks %q:\n%s", want, parsed[0])
		}
	}
	if err := f.Check("west.txt", nil, nil); err == nil || !strings.Contains(err.Error(), ".map") || !strings.Contains(err.Error(), ".chart") {
		t.Errorf("west.txt: %v, want a refusal naming .map and .chart", err)
	}
}
