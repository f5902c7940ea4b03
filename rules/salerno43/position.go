package salerno43

import (
	"github.com/pbem-referee/pbem/rules/hex"
)

// Status is a unit's state (13.0): Good Order, Disorganized (13.2),
// Shattered (13.3).
type Status string

const (
	GoodOrder    Status = ""
	Disorganized Status = "DG"
	Shattered    Status = "SH"
)

// unitState is one counter's state, plain data in scenario order: the
// hashed schema of a game.
type unitState struct {
	ID string `json:"id"`
	// Hex is where it stands on the map; "" when it is in a box.
	Hex string `json:"hex,omitempty"`
	// Box is where it is off the map: BoxFloating, "entry:AREA", an
	// assault or follow-up box, "eliminated", "remnant" (10.4), "" on
	// the map or not yet arrived.
	Box string `json:"box,omitempty"`
	// Lost is how many steps it has lost (10.3); a 3-step unit that has
	// lost 2 is its REM counter (10.4).
	Lost    int    `json:"lost,omitempty"`
	Status  Status `json:"status,omitempty"`
	HalfEff bool   `json:"half_eff,omitempty"` // 5.7
	// OOS: a white Out of Supply marker (16.1); Isolated the red one (16.5).
	OOS      bool `json:"oos,omitempty"`
	Isolated bool `json:"isolated,omitempty"`
	// Used: an ASU on its USED side (17.5).
	Used bool `json:"used,omitempty"`
	// Repl: a Replacement marker (20.4); NoReturn: eliminated by
	// isolation, never rebuilt (16.5.6).
	Repl bool `json:"repl,omitempty"`
	// Truck: a German Truck marker (5.8).
	Truck bool `json:"truck,omitempty"`
	// Voluntary: shattered voluntarily in this movement phase (13.3.4).
	Voluntary bool `json:"voluntary,omitempty"`
	// AutoDS: an Auto DS marker, with the hex the unit shattered (8.7).
	AutoDS   string `json:"auto_ds,omitempty"`
	NoReturn bool   `json:"no_return,omitempty"`
	// Dropped is the turn an airdropped unit landed (21.6.3: in supply
	// that turn), under salerno43/3; 0, and absent from the hashed state,
	// otherwise.
	Dropped int `json:"dropped,omitempty"`
}

// situation is the units on the board as the rules read them: a
// hexwar.Position over the state's units.
type situation struct {
	sc    *Scenario
	b     *board
	units []unitState
	ver   *rulesVersion // the game's rules version
}

func (s *situation) Units() int { return len(s.units) }

func (s *situation) Hex(i int) (hex.Axial, bool) {
	if s.units[i].Hex == "" {
		return hex.Axial{}, false
	}
	return s.b.Hex(s.units[i].Hex)
}

func (s *situation) Side(i int) Side { return s.sc.Units[i].Side }

// unit is the counter of unit i.
func (s *situation) unit(i int) *Unit { return &s.sc.Units[i] }

// face is unit i's current face (10.3): the printed face of its steps
// left, or its REM counter's once a 3-step unit has lost two (10.4).
func (s *situation) face(i int) Face {
	u, lost := s.unit(i), s.units[i].Lost
	if lost < len(u.Faces) {
		return u.Faces[lost]
	}
	for _, r := range s.sc.Remnants {
		if r.Side == u.Side && r.Type == u.Rem {
			return r.Face
		}
	}
	return u.Faces[len(u.Faces)-1]
}

// at lists the units on hex a, in scenario order.
func (s *situation) at(a hex.Axial) []int {
	var out []int
	for i := range s.units {
		if h, ok := s.Hex(i); ok && h == a {
			out = append(out, i)
		}
	}
	return out
}

// place puts unit id on hex id, for set-up and tests.
func (s *situation) place(unit, at string) {
	for i := range s.sc.Units {
		if s.sc.Units[i].ID == unit {
			s.units[i].Hex, s.units[i].Box = at, ""
			return
		}
	}
	panic("no unit " + unit)
}

func newSituation(sc *Scenario) (*situation, error) {
	b, err := newBoard(sc)
	if err != nil {
		return nil, err
	}
	s := &situation{sc: sc, b: b, ver: &versions[0]}
	for _, u := range sc.Units {
		s.units = append(s.units, unitState{ID: u.ID})
	}
	return s, nil
}
