package pbem

import (
	"testing"
)

// A line of 'pbem legal' pasted whole is its command.
func TestStripLegalLine(t *testing.T) {
	for line, want := range map[string]string{
		"move 4-Cav 2814 2713   (cost 2)":                                   "move 4-Cav 2814 2713",
		"move Chr-4 3405 3304 3204   (cost 3)   # Tactical Movement (9.10)": "move Chr-4 3405 3304 3204",
		"move 919/709 3011 2910   # 2 of 3 MP":                              "move 919/709 3011 2910",
		"advance-done   # 20.3.6: the rest stay on the beach hex 2814":      "advance-done",
		"  pass  ":                     "pass",
		"play attack #3 on the bridge": "play attack #3 on the bridge", // a '#' of the text stays
	} {
		if got := StripLegalLine(line); got != want {
			t.Errorf("StripLegalLine(%q) = %q, want %q", line, got, want)
		}
	}
}

// Unit ids written in another case are read as the ids, unless two units
// share the spelling.
func TestFoldUnits(t *testing.T) {
	units := []string{"4-Cav", "505/82", "Ab", "AB"}
	for c, want := range map[string]string{
		"move 4-cav 2814 2713": "move 4-Cav 2814 2713",
		"move 4-CAV 2814 2713": "move 4-Cav 2814 2713",
		"move ab 2814":         "move ab 2814", // Ab or AB: left alone
		"move AB 2814":         "move AB 2814",
		"4-cav":                "4-cav", // the verb is not a unit
	} {
		if got := foldUnits(c, units); got != want {
			t.Errorf("foldUnits(%q) = %q, want %q", c, got, want)
		}
	}
}

func TestUnitLike(t *testing.T) {
	for w, want := range map[string]bool{"505/82": true, "Cotentin": true, "4-cav": true, "2814": false, "sm": false, "trucks": false, "from": false} {
		if unitLike(w) != want {
			t.Errorf("unitLike(%q) = %v", w, !want)
		}
	}
}
