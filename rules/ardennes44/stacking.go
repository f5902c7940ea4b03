package ardennes44

import (
	"fmt"

	"github.com/pbem-referee/pbem/rules"
)

// Stacking (8.1, 8.2): a hex holds at most 3 steps of units that are
// neither silhouettes nor artillery, 2 steps of silhouette units and 1
// artillery unit; markers never count. Off-map Areas and Blocking Positions
// have no limit (13.7).

const (
	stackSteps      = 3 // 8.1
	stackSilhouette = 2 // 8.2
	stackArtillery  = 1 // 8.2
)

// stackFace is a unit on the face it shows.
type stackFace struct {
	unit *Unit
	face Face
}

// stackCounts are what 8.1 and 8.2 count of units in one hex: the steps of
// units neither silhouettes nor artillery, the silhouette steps, and the
// artillery units.
func stackCounts(fs []stackFace) (steps, sil, arty int) {
	for _, f := range fs {
		switch {
		case f.unit.Type == SupplyDepot:
			// 32.2: a marker's unit, no steps for stacking
		case f.unit.Arty():
			arty++
		case f.unit.Silhouette():
			sil += f.face.Steps
		default:
			steps += f.face.Steps
		}
	}
	return steps, sil, arty
}

// stackExcess is how far units in one hex are over the limits, 0 within
// them: the steps over 3, the silhouette steps over 2 and the artillery
// units over 1 together (8.1, 8.2), what 17.4 eliminates.
func stackExcess(fs []stackFace) int {
	steps, sil, arty := stackCounts(fs)
	return max(steps-stackSteps, 0) + max(sil-stackSilhouette, 0) + max(arty-stackArtillery, 0)
}

// stackProblem says why units do not fit in one hex, "" when they do.
func stackProblem(fs []stackFace) string {
	steps, sil, arty := stackCounts(fs)
	switch {
	case steps > stackSteps:
		return fmt.Sprintf("would hold %d steps; the limit is %d (8.1)", steps, stackSteps)
	case sil > stackSilhouette:
		return fmt.Sprintf("would hold %d silhouette steps; the limit is %d (8.2)", sil, stackSilhouette)
	case arty > stackArtillery:
		return fmt.Sprintf("would hold %d artillery units; the limit is %d (8.2)", arty, stackArtillery)
	}
	return ""
}

// stacking is the game's hexwar.Stacking: units (indexes) and join fit in
// one hex on the faces they show now.
func (g *Game) stacking(units []int, join int) *rules.Refusal {
	fs := make([]stackFace, 0, len(units)+1)
	for _, i := range units {
		fs = append(fs, stackFace{unit: g.unit(i), face: g.face(i)})
	}
	if join >= 0 && !contains(units, join) {
		fs = append(fs, stackFace{unit: g.unit(join), face: g.face(join)})
	}
	if why := stackProblem(fs); why != "" {
		rule := "8.1"
		if why[len(why)-4:len(why)-1] == "8.2" {
			rule = "8.2"
		}
		return &rules.Refusal{Rule: rule, Reason: why}
	}
	return nil
}

func contains[T comparable](s []T, v T) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}
