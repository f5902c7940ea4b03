package render

import (
	"bytes"
	"encoding/json"
	"io"
	"math"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/games"
	"github.com/pbem-referee/pbem/replay"
	"github.com/pbem-referee/pbem/rules/scene"
)

// pageDataOf reads the data a replay page carries.
func pageDataOf(t *testing.T, page string) pageData {
	t.Helper()
	_, rest, ok := strings.Cut(page, `<script type="application/json" id="replay-data">`)
	js, _, ok2 := strings.Cut(rest, "</script>")
	if !ok || !ok2 {
		t.Fatal("the page has no data")
	}
	var d pageData
	if err := json.Unmarshal([]byte(js), &d); err != nil {
		t.Fatal(err)
	}
	return d
}

// TestReplayPage_ChangesAddUp: applying each entry's piece changes in turn,
// as page.js does, every counter stands at each entry on the hex the game
// puts its unit on (within one hex of its centre), and the pieces shown are
// the game's.
func TestReplayPage_ChangesAddUp(t *testing.T) {
	entries := readLog(t, "normandy44-4-cherbourg-strict.pbem")
	var b bytes.Buffer
	res, err := Replay(&b, entries, games.Shipped, ReplayOptions{})
	if err != nil || res.Stopped != nil {
		t.Fatal(err, res.Stopped)
	}
	if res.Entries != len(entries) || res.Bytes != b.Len() {
		t.Errorf("result %+v for %d entries and %d bytes", res, len(entries), b.Len())
	}
	d := pageDataOf(t, b.String())
	if len(d.Frames) != len(entries) {
		t.Fatalf("%d frames for %d entries", len(d.Frames), len(entries))
	}
	xy := map[string][2]float64{}
	for i, id := range d.Cells {
		xy[id] = [2]float64{d.XY[2*i], d.XY[2*i+1]}
	}
	look := make([]int, len(d.Pieces))
	pos := make([][2]float64, len(d.Pieces))
	for i := range look {
		look[i] = -1
	}
	k := 0
	err = replay.Walk(entries, games.Shipped, func(f replay.Frame) error {
		fr := d.Frames[k]
		k++
		if fr.Seq != f.Entry.Seq {
			t.Fatalf("frame %d is entry %d, want %d", k-1, fr.Seq, f.Entry.Seq)
		}
		for _, c := range fr.P {
			i := int(c[0])
			look[i], pos[i] = int(c[1]), [2]float64{c[2], c[3]}
		}
		shown := map[string]bool{}
		for i, l := range look {
			if l >= 0 {
				shown[d.Pieces[i]] = true
			}
		}
		s := f.Game.(scene.Drawer).Scene("")
		if len(shown) != len(s.Pieces) {
			t.Fatalf("entry %d: %d counters shown, %d pieces in the game", fr.Seq, len(shown), len(s.Pieces))
		}
		for _, pc := range s.Pieces {
			c, onMap := xy[pc.At]
			if !onMap {
				continue
			}
			i := indexOf(d.Pieces, pc.ID)
			p := pos[i]
			if dist := math.Hypot(p[0]+counter/2-c[0], p[1]+counter/2-c[1]); dist > hexSize {
				t.Fatalf("entry %d: %s drawn %.0f pixels from %s, where it stands", fr.Seq, pc.ID, dist, pc.At)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestReplayPage_Freeplay: a game without a board replays too, its pieces
// none and its notes the latest happenings.
func TestReplayPage_Freeplay(t *testing.T) {
	entries := readLog(t, "freeplay-allied-german-strict.pbem")
	var b bytes.Buffer
	if _, err := Replay(&b, entries, games.Shipped, ReplayOptions{}); err != nil {
		t.Fatal(err)
	}
	d := pageDataOf(t, b.String())
	if len(d.Frames) != len(entries) || len(d.Pieces) != 0 || len(d.Cells) != 0 {
		t.Errorf("%d frames, %d pieces, %d cells", len(d.Frames), len(d.Pieces), len(d.Cells))
	}
	if !strings.Contains(b.String(), "rolls") {
		t.Error("the page does not tell the rolls")
	}
}

// BenchmarkReplay_Campaign writes the replay of the recorded 22-turn
// campaign and reports its size against the 10 MB target.
func BenchmarkReplay_Campaign(b *testing.B) {
	entries := readLog(b, "normandy44-4-campaign-strict.pbem")
	var size int
	for b.Loop() {
		res, err := Replay(io.Discard, entries, games.Shipped, ReplayOptions{})
		if err != nil {
			b.Fatal(err)
		}
		size = res.Bytes
	}
	b.ReportMetric(float64(size)/1e6, "MB(target<10)")
}
