package salerno43

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// The invitation's options: the optional rules of 25.0 (L1387-1424), each
// played only when the invitation names it. An option the engine does not
// know is refused, never ignored: an option silently dropped would change
// the game agreed.
const (
	OptDisengagement = "disengagement"       // 25.1
	OptRecon         = "recon"               // 25.2
	OptPortSupply    = "limited-port-supply" // 25.3
)

var knownOptions = map[string]string{
	OptDisengagement: "25.1: a unit or stack that does not attack may try to disengage in its Combat Phase (Disengagement table: No, Yes -1, Yes; a Yes retreats it 1 or 2 hexes, DG)",
	OptRecon:         "25.2: a recon unit attacked alone ignores the step loss (not the retreat) of D1 or DS, and makes no DD in that Combat Phase",
	OptPortSupply:    "25.3: Allied units without a line of supply to a BH draw supply from a port for at most its LP x 10 stacking points of units (Amalfi: 10); the rest are out of supply",
}

// options is what the invitation's options decide.
type options struct {
	disengagement, recon, portSupply bool
}

// Options lists the options the engine knows, with what each does.
func Options() map[string]string { return maps.Clone(knownOptions) }

// readOptions reads the invitation's options; an unknown one, or one given
// twice, is refused.
func readOptions(opts []string) (options, error) {
	var o options
	for k, opt := range opts {
		if slices.Contains(opts[:k], opt) {
			return o, fmt.Errorf("%w %q: given twice", ErrOption, opt)
		}
		switch opt {
		case OptDisengagement:
			o.disengagement = true
		case OptRecon:
			o.recon = true
		case OptPortSupply:
			o.portSupply = true
		default:
			names := slices.Sorted(maps.Keys(knownOptions))
			return o, fmt.Errorf("%w %q (salerno43 knows %s)", ErrOption, opt, strings.Join(names, ", "))
		}
	}
	return o, nil
}

// optionalState is the optional rules' part of the state (25.0).
type optionalState struct {
	// Disengage is the disengagement under way (25.1), nil for none.
	Disengage *disengagement `json:"disengage,omitempty"`
	// Disengaged are the units that have tried to disengage in this
	// Combat Phase: none of them attacks or tries again (25.1.3).
	Disengaged []string `json:"disengaged,omitempty"`
	// Recon are the recon units that ignored a step loss in this Combat
	// Phase, which make no DD in it (25.2).
	Recon []string `json:"recon,omitempty"`
}

// disengagement is one attempt of 25.1: the units that roll together,
// their hex, and the table's result once rolled.
type disengagement struct {
	Units []string `json:"units"`
	From  string   `json:"from"`
	// Result is "" before the die, then disengageYesLoss while the step
	// it costs is awaited, disengageYes while the retreat is.
	Result string `json:"result,omitempty"`
}

func (o optionalState) clone() optionalState {
	c := o
	if o.Disengage != nil {
		d := *o.Disengage
		d.Units = slices.Clone(d.Units)
		c.Disengage = &d
	}
	c.Disengaged = slices.Clone(o.Disengaged)
	c.Recon = slices.Clone(o.Recon)
	return c
}
