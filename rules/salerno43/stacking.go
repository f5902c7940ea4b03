package salerno43

// StackingLimit is 6 stacking points a side in a hex (4.1).
const StackingLimit = 6

// stackingPoints totals a hex's stacking points (4.1-4.3): each unit's
// printed points (4.2), markers never count; one tank-silhouette unit
// stacks free and every other counts 1 (4.3).
func stackingPoints(units []*Unit) int {
	pts, silhouettes := 0, 0
	for _, u := range units {
		if u.Silhouette {
			silhouettes++
			if silhouettes > 1 {
				pts++
			}
			continue
		}
		pts += u.Stacking
	}
	return pts
}
