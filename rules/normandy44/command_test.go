package normandy44

import (
	"errors"
	"slices"
	"testing"

	"github.com/pbem-referee/pbem/rules/rulestest"
)

func TestParseCommand_RoundTrip(t *testing.T) {
	good := []Command{
		{Verb: "end"},
		{Verb: "move", Unit: "505/82", Path: []string{"2710", "2611", "2612"}},
		{Verb: "move", Unit: "922(-)/243", Path: []string{"2703", "2704"}, SM: true},
		{Verb: "move", Unit: "ginf", Path: []string{"0201", "0202"}, Trucks: true},
		{Verb: "move", Unit: "ginf", Path: []string{"0201", "0202"}, SM: true, Trucks: true},
		{Verb: "move", Unit: "3/1050/77", Path: []string{"2506"}},
		{Verb: "relocate", Unit: "Cotentin", Path: []string{"3504"}},
		{Verb: "replace", Unit: "739/709"},
		{Verb: "mobilize", Unit: "1/739/709", Path: []string{"3210"}},
		{Verb: "rebuild", Unit: "ginf", Path: []string{"0405"}},
		{Verb: "rebuild", Unit: "ainf"},
		{Verb: "allot", Path: []string{"cherbourg-fortress"}, N: 2},
		{Verb: "evacuate", Unit: "2Rgr"},
		{Verb: "evacuate-division", Unit: "82"},
		{Verb: "buy-supp", Path: []string{"gb"}, N: 3},
		{Verb: "allot", Path: []string{"pz-west"}, N: 4}, // 24.0
	}
	texts := []string{"end", "move 505/82 2710 2611 2612", "move 922(-)/243 2703 2704 sm",
		"move ginf 0201 0202 trucks", "move ginf 0201 0202 sm trucks", "move 3/1050/77 2506", "relocate Cotentin 3504",
		"replace 739/709", "mobilize 1/739/709 3210", "rebuild ginf 0405", "rebuild ainf", "allot cherbourg-fortress 2",
		"evacuate 2Rgr", "evacuate-division 82", "buy-supp gb 3", "allot pz-west 4"}
	for i, c := range good {
		if c.String() != texts[i] {
			t.Errorf("String() = %q, want %q", c.String(), texts[i])
		}
		back, err := ParseCommand(texts[i])
		if err != nil || back.String() != texts[i] || !slices.Equal(back.Path, c.Path) || back.Unit != c.Unit {
			t.Errorf("ParseCommand(%q) = %+v, %v", texts[i], back, err)
		}
	}
}

func TestParseCommand_Rejects(t *testing.T) {
	for _, s := range []string{
		"", "End", "end ", " end", "end now",
		"move", "move 505/82", "move 505/82  2710 2611",
		"move 505/82 2710 2611 ", "move 505/82 2710 271", "move 505/82 2710 2611 trucks sm",
		"move 505/82 2710 2611 sm sm", "move 505/82 2710 2611 fast", "move 505/82 2710 sm 2611",
		"move  2710 2611", "move 5 05 2710 2611", "attack 2613",
		"relocate", "relocate Cotentin", "relocate Cotentin 3504 3505", "relocate Cotentin 35O4", "relocate Cotentin 3504 sm",
		"replace", "replace 739/709 2506", "replace  739/709", "mobilize 1/739/709", "mobilize 1/739/709 321O", "mobilize 1/739/709 3210 3211",
		"rebuild", "rebuild ginf 0405 0406", "rebuild ginf 04O5", "rebuild ginf ",
		"allot", "allot cherbourg-fortress", "allot cherbourg-fortress 0", "allot cherbourg-fortress 02", "allot cherbourg-fortress 20",
		"allot 7th-army 1", "allot cherbourg-fortress +1", "allot cherbourg-fortress 1 1",
		"allot pz-west", "allot pz-west 0", "allot pz-west 20", "allot Pz-West 1", "allot pz-west 1 1",
		"evacuate", "evacuate 2Rgr 0408", "evacuate  2Rgr", "evacuate-division", "evacuate-division 82 101",
		"buy-supp", "buy-supp gb", "buy-supp ca 1", "buy-supp gb 0", "buy-supp gb 01", "buy-supp gb 20", "buy-supp us 1 1",
	} {
		if c, err := ParseCommand(s); !errors.Is(err, ErrCommand) {
			t.Errorf("ParseCommand(%q) = %+v, %v; want ErrCommand", s, c, err)
		}
	}
}

// FuzzParseCommand: whatever ParseCommand accepts prints back as the same
// text and parses again (rulestest.FuzzRoundTrip).
func FuzzParseCommand(f *testing.F) {
	rulestest.FuzzRoundTrip(f, func(s string) (string, error) {
		c, err := ParseCommand(s)
		if err != nil {
			return "", err
		}
		return c.String(), nil
	}, ErrCommand, "end", "move 505/82 2710 2611 2612", "move ginf 0201 0202 sm trucks", "move a 0000 9999", "replace 739/709", "mobilize 1/739/709 3210")
}
