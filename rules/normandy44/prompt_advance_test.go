package normandy44

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules/rulestest"
)

// The Advance 2 prompt of a beach assault (20.3.6) names what is accepted
// next: another 'advance' or 'advance-done', either one now. It used to say
// "then 'advance-done'", which was refused after the last unit's advance,
// since that ends the advance by itself.
func TestAdvancePromptNamesWhatIsAccepted_20_3_6(t *testing.T) {
	g := cherbourg(t)
	rulestest.Roll(t, g, 6, 6, 6, 6, 6, 6) // Scatter (20.2.1): no effect
	rulestest.Roll(t, g, 6, 5)             // Utah, die 6: D1 Advance 2; the DD die 5: no effect (20.3.5)
	for _, u := range []string{"8/4", "22/4"} {
		rulestest.Apply(t, g, "allied", "advance "+u+" 2814 2713")
	}
	p := g.Pending().Prompt
	if strings.Contains(p, "then 'advance-done'") || !strings.Contains(p, "or 'advance-done'") || !strings.Contains(p, "moving the last of them ends the advance") {
		t.Errorf("the prompt with one unit left to advance: %q", p)
	}
	var legal []string
	for _, c := range g.Legal("allied") {
		legal = append(legal, c.Command)
	}
	if !slices.Contains(legal, "advance-done") {
		t.Errorf("advance-done is not among the choices: %v", legal)
	}
	if _, err := g.Clone().Apply("allied", "advance-done"); err != nil {
		t.Errorf("advance-done, which the prompt offers, is refused: %v", err)
	}
	// The last unit's advance ends the advance, and with it the phase (20.1).
	ev := rulestest.Apply(t, g, "allied", "advance 70-Tk 2814 2813")
	if !rulestest.HasEvent(ev, "Special Invasion Phase (20.1) ends") {
		t.Errorf("after the last unit's advance: %s", rulestest.EventsText(ev))
	}
}
