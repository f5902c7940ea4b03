package replay

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/pbem-referee/pbem/games"
	"github.com/pbem-referee/pbem/internal/collector"
	"github.com/pbem-referee/pbem/logs"
)

// campaignRun is one whole campaign played into a signed log.
type campaignRun struct {
	tb       *table
	commands int           // commands the players gave (one per act entry)
	turns    int           // the turn the game ended in
	choose   time.Duration // of the play, the random players' choosing (Legal)
	result   string
}

// playCampaign plays Normandy '44's 22-turn campaign (S1) from the Special
// Invasion Phase (20.1) to its end with the random legal players, through a
// real signed log in strict dice: every roll the rules ask for is a request
// answered by the other seat's next chain link and keyed by the requester's
// reveal, as between two players by mail. It fails, naming the turn, the phase
// and the last commands, if the game stops before it is over, and if it ends
// by anything but the turn-22 victory check (S1.3) or an automatic victory
// (23.x).
//
// With redraw > 0 a player that draws "end" draws again, up to redraw times,
// so that it ends a phase only when the end comes up redraw+1 times running
// (or nothing else is left): a busier player, nearer a real game's count of
// commands than RandomCommand's 1 in 8 ends.
func playCampaign(t testing.TB, seed uint64, redraw int) *campaignRun {
	t.Helper()
	seats := []string{"allied", "german"}
	tb := newTable(t, "normandy44", "campaign", logs.DiceStrict, games.Shipped, seats...)
	if got := tb.r.Game().Seats(); len(got) != 2 || string(got[0]) != seats[0] || string(got[1]) != seats[1] {
		t.Fatalf("campaign seats %v, want %v", got, seats)
	}
	run := &campaignRun{tb: tb}
	rnd := rand.New(rand.NewPCG(seed, 1944))
	var last []string // the latest commands, for a report of where a game stuck
	stuck := func(format string, args ...any) {
		t.Helper()
		// The phase names the turn ("Turn 5, German Movement Phase (...)").
		p := tb.r.Game().Pending()
		t.Fatalf("campaign: %s: pending %+v, after %d commands (last: %s): %s",
			p.Phase, p, run.commands, strings.Join(last, "; "), fmt.Sprintf(format, args...))
	}
	// Generous: a random campaign gives one to four thousand commands.
	const maxCommands = 50000
	for {
		tb.settle(10000)
		p := tb.r.Game().Pending()
		if p.Over {
			break
		}
		if len(p.Seats) == 0 {
			stuck("nobody is pending and the game is not over")
		}
		if run.commands >= maxCommands {
			stuck("no end after %d commands", run.commands)
		}
		seat := p.Seats[0]
		start := time.Now()
		cmd := normandy.RandomCommand(tb.r.Game(), seat, rnd)
		for i := 0; i < redraw && cmd == "end"; i++ {
			cmd = normandy.RandomCommand(tb.r.Game(), seat, rnd)
		}
		run.choose += time.Since(start)
		if cmd == "" {
			stuck("the random player found nothing to do for %s", seat)
		}
		b, err := tb.r.Build(string(seat), []string{cmd}, tb.next(string(seat)), tb.now())
		if err != nil {
			stuck("a legal choice was refused: %s %q: %v", seat, cmd, err)
		}
		tb.mustAppend(tb.sign(b))
		run.commands++
		if last = append(last, string(seat)+" "+cmd); len(last) > 8 {
			last = last[1:]
		}
	}
	p := tb.r.Game().Pending()
	run.result = p.Result
	if _, err := fmt.Sscanf(p.Phase, "Turn %d", &run.turns); err != nil {
		t.Fatalf("no turn in the phase %q: %v", p.Phase, err)
	}
	switch {
	case strings.Contains(run.result, "S1.3"):
		if run.turns != 22 {
			t.Fatalf("S1.3: the campaign's victory is checked after turn 22, not in turn %d: %q", run.turns, run.result)
		}
	case !strings.Contains(run.result, "23."):
		t.Fatalf("the campaign ended, but not by S1.3 after turn 22 nor by automatic victory (23.x): %q", run.result)
	}
	if w := tb.r.Waiting(); !w.Over {
		t.Fatalf("the rules say the game is over, the log awaits %s", w.Text)
	}
	return run
}

// BenchmarkCampaign is issue 5's benchmark: a whole 22-turn campaign (S1)
// played by the random legal players through a signed strict-dice log, then
// verified and replayed from the log's bytes alone, as pbem verify does
// (Verify with the shipped scenarios). It reports the commands given, the
// log's entries, dice epochs and bytes, the time to play (choosing the
// commands, building, signing and appending every entry, dice answers and
// reveals included), the part of it the random players spent choosing
// (Legal), the time to verify and replay the finished log, and that time per
// entry. "random" plays RandomCommand as it is, which ends a Movement or
// Combat Phase after some eight commands; "busy" redraws an end twice (see
// playCampaign), for a game of more commands a turn. A game may end before
// turn 22 by an automatic victory (23.x); "turns" reports the turn it ended
// in. play-cpu-ms is reported beside issue 18's target (play-cpu-target-ms).
// Each iteration plays the same game (a fixed seed); run it with -benchtime
// 1x for one campaign of each.
func BenchmarkCampaign(b *testing.B) {
	defer collector.Tune()() // the collector as the pbem program runs it
	b.Run("random", func(b *testing.B) { benchCampaign(b, 0) })
	b.Run("busy", func(b *testing.B) { benchCampaign(b, 2) })
}

// playCPUTarget is issue 18's target for the random players' whole campaign
// ("random"): the CPU time to play it, Legal for every command included.
const playCPUTarget = 3 * time.Second

func benchCampaign(b *testing.B, redraw int) {
	var play, choose, verify, playCPU, verifyCPU time.Duration
	var run *campaignRun
	for b.Loop() {
		start, cpu := time.Now(), cpuTime()
		run = playCampaign(b, 1, redraw)
		play += time.Since(start)
		playCPU += cpuTime() - cpu
		choose += run.choose
		log := run.tb.lines()
		start, cpu = time.Now(), cpuTime()
		rep := Verify(bytes.NewReader(log), games.Shipped)
		verify += time.Since(start)
		verifyCPU += cpuTime() - cpu
		if !rep.OK() {
			b.Fatalf("the campaign's log does not verify: %v", rep.Problems)
		}
		if rep.Replay.Len() != run.tb.r.Len() || rep.Replay.Game().Hash() != run.tb.r.Game().Hash() {
			b.Fatalf("the replay ends at entry %d, state %s; the game at %d, %s",
				rep.Replay.Len(), rep.Replay.Game().Hash(), run.tb.r.Len(), run.tb.r.Game().Hash())
		}
	}
	n := float64(b.N)
	entries := float64(run.tb.r.Len())
	b.ReportMetric(float64(run.turns), "turns")
	b.ReportMetric(float64(run.commands), "commands")
	b.ReportMetric(entries, "entries")
	b.ReportMetric(float64(run.tb.r.Epochs()), "dice-epochs")
	b.ReportMetric(float64(len(run.tb.lines())), "log-bytes")
	b.ReportMetric(float64(play.Milliseconds())/n, "play-ms")
	b.ReportMetric(float64(choose.Milliseconds())/n, "choose-ms")
	b.ReportMetric(float64(verify.Milliseconds())/n, "verify-ms")
	b.ReportMetric(float64(verify.Nanoseconds())/n/entries, "verify-ns/entry")
	// The process's CPU time (with the garbage collector's), steadier than
	// wall time on a shared machine; 0 where it is not measured.
	b.ReportMetric(float64(playCPU.Milliseconds())/n, "play-cpu-ms")
	b.ReportMetric(float64(playCPUTarget.Milliseconds()), "play-cpu-target-ms")
	b.ReportMetric(float64(verifyCPU.Milliseconds())/n, "verify-cpu-ms")
	b.Logf("campaign: %d commands, %d entries, %d dice epochs: %s", run.commands, run.tb.r.Len(), run.tb.r.Epochs(), run.result)
}
