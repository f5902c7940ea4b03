package rulestest

import (
	"errors"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// Scenario is one setup that Conformance plays: a shipped scenario in a
// variant with options, or a test's own.
type Scenario struct {
	Name  string
	Setup rules.Setup
}

// Options tune Conformance. A nil *Options is the zero value.
type Options struct {
	// Commands is how many random commands each scenario plays: 300 by
	// default, a fifth of that under -short. A game that ends first is
	// played to its end.
	Commands int
	// Seed seeds the random players and dice; 0 means 1.
	Seed uint64
	// Every is how often, in inputs, the costlier checks run (every listed
	// command tried, refusals, clones); 7 by default.
	Every int
	// State, when set, returns a pointer to the state struct of a game, so
	// that the suite checks that Clone copies every slice, pointer and map
	// of it (CloneIsDeep).
	State func(g rules.Game) any
	// Probes, when set, list commands of a seat's beside those Legal lists,
	// in families: the suite tries a sample of each family where it tries
	// Legal's commands, and for each probe Apply takes, Legal must list a
	// command that achieves the same (Reach). So Legal leaves out no move
	// the rules allow: a player who reads pbem legal misses none. An engine
	// lists, say, every unit's move of one hex in each way of moving, and
	// in another family its other commands; a family of its own is sampled
	// as much as a larger one.
	Probes []func(g rules.Game, seat rules.Seat) []string
	// Reach is what a command achieves (a unit and the hex it ends in,
	// say): a probe and a listed command that reach the same are one.
	Reach func(command string) string
}

// ReachOrSelf is Options.Reach by reach, or the command itself where reach
// names nothing: a command other than a move, say, achieves itself.
func ReachOrSelf(reach func(string) string) func(string) string {
	return func(command string) string {
		if r := reach(command); r != "" {
			return r
		}
		return command
	}
}

// Conformance checks on each scenario what every engine promises (rules.Game,
// rules.Engine, DESIGN.md: Rules engines):
//   - New and Seats agree, New starts the same state every time, Hash is
//     "sha256:" and 64 hex digits, a variant the engine does not play is
//     refused (rules.ErrVariant), and so is a rules version it does not play
//     (rules.ErrVersion), while its current Version and every version it
//     Replays start a game;
//   - random games (the engine's Player, dice drawn at random) go on without
//     a refused input, and their events are single non-empty lines;
//   - sampled along them: every command Legal lists applies, and is
//     canonical (Engine.Canonical parses and prints it unchanged); what an
//     engine's probes do that Apply takes, a command Legal lists does too
//     (Options.Probes); nothing is listed while dice are awaited; Pending
//     names seats of the game; View works for every seat;
//   - a refused command or roll leaves Hash unchanged: text that is no
//     command, a seat the game does not wait for (rules.ErrNotPending), a
//     legal command changed, dice of the wrong count or range;
//   - Clone is deep: a clone and its original go on apart;
//   - replaying the inputs gives the same hashes, and the same seed the
//     same game.
func Conformance(t *testing.T, e rules.Engine, scenarios []Scenario, opts *Options) {
	t.Helper()
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.Commands <= 0 {
		o.Commands = 300
		if testing.Short() {
			o.Commands = 60
		}
	}
	if o.Seed == 0 {
		o.Seed = 1
	}
	if o.Every <= 0 {
		o.Every = 7
	}
	if len(scenarios) == 0 {
		t.Fatal("Conformance needs at least one scenario")
	}
	for _, sc := range scenarios {
		t.Run(sc.Name, func(t *testing.T) {
			c := &suite{t: t, e: e, setup: sc.Setup, o: o}
			c.run()
		})
	}
}

// suite is Conformance on one scenario.
type suite struct {
	t     *testing.T
	e     rules.Engine
	setup rules.Setup
	o     Options
}

var hashForm = regexp.MustCompile(`^sha256:[0-9a-f]{64}$`)

func (c *suite) run() {
	t := c.t
	g := c.start()
	base := g.Clone()
	rnd := rand.New(rand.NewPCG(c.o.Seed, 1944))
	probe := rand.New(rand.NewPCG(c.o.Seed, 6))
	var inputs []Input
	var hashes []string
	for given := 0; !g.Pending().Over && given < c.o.Commands; {
		if len(inputs) >= maxInputs {
			t.Fatalf("no end after %d inputs, at %s", len(inputs), g.Pending().Phase)
		}
		sample := len(inputs)%c.o.Every == 0
		if sample {
			c.legalApplies(g, probe)
			c.refusals(g, probe)
		}
		in := Next(t, g, c.e.RandomCommand, rnd)
		var twin rules.Game
		if sample {
			twin = g.Clone()
		}
		before := g.Hash()
		ev, err := in.Give(g)
		if err != nil {
			t.Fatalf("%s: a legal input was refused: %s: %v", g.Pending().Phase, in, err)
		}
		c.events(in, ev)
		if in.Roll == nil {
			given++
			c.canonical(in.Command, "given")
		}
		if sample {
			c.apart(twin, before, g, in)
		}
		inputs = append(inputs, in)
		hashes = append(hashes, g.Hash())
	}
	// Replays are deterministic, and so is the game a seed plays.
	_, again := Replay(t, base, inputs)
	SameHashes(t, inputs, hashes, again)
	// The first commands suffice to show that Legal lists its choices in a
	// fixed order, and they cost a tenth of the game.
	first, commands := inputs, 0
	for i, in := range inputs {
		if in.Roll == nil {
			if commands++; commands == 60 {
				first = inputs[:i+1]
				break
			}
		}
	}
	replayed := Play(t, base.Clone(), c.e.RandomCommand, rand.New(rand.NewPCG(c.o.Seed, 1944)), commands, nil)
	if !slices.EqualFunc(replayed, first, func(a, b Input) bool { return a.String() == b.String() }) {
		t.Errorf("the same seed plays another game: %v, then %v", first, replayed)
	}
	if c.o.State != nil {
		x := g.Clone()
		CloneIsDeep(t, c.o.State(x), func() any { return c.o.State(x.Clone()) })
	}
}

// start starts the game, checking New and Seats.
func (c *suite) start() rules.Game {
	t := c.t
	seats, err := c.e.Seats(c.setup)
	if err != nil {
		t.Fatalf("Seats: %v", err)
	}
	g, err := c.e.New(c.setup)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	if !slices.Equal(seats, g.Seats()) || len(seats) == 0 {
		t.Errorf("the engine's Seats gives %v, the game's %v", seats, g.Seats())
	}
	for i, s := range seats {
		if s == "" || slices.Contains(seats[:i], s) {
			t.Errorf("seats %v: a seat is empty or named twice", seats)
		}
	}
	if h := g.Hash(); !hashForm.MatchString(h) {
		t.Errorf("Hash %q is not sha256: and 64 hex digits", h)
	}
	if again, err := c.e.New(c.setup); err != nil || again.Hash() != g.Hash() {
		t.Errorf("New does not start the same state twice: %v", err)
	}
	if g.Clone().Hash() != g.Hash() {
		t.Error("a clone has another hash")
	}
	odd := c.setup
	odd.Variant = "rulestest-no-such-edition"
	if _, err := c.e.New(odd); !errors.Is(err, rules.ErrVariant) {
		t.Errorf("New of an unknown variant: %v, want rules.ErrVariant", err)
	}
	if _, err := c.e.Seats(odd); !errors.Is(err, rules.ErrVariant) {
		t.Errorf("Seats of an unknown variant: %v, want rules.ErrVariant", err)
	}
	odd = c.setup
	odd.Version = c.e.Name + "/rulestest-no-such-version"
	if _, err := c.e.New(odd); !errors.Is(err, rules.ErrVersion) {
		t.Errorf("New under an unknown rules version: %v, want rules.ErrVersion", err)
	}
	if _, err := c.e.Seats(odd); !errors.Is(err, rules.ErrVersion) {
		t.Errorf("Seats under an unknown rules version: %v, want rules.ErrVersion", err)
	}
	for _, v := range append([]string{c.e.Version}, c.e.Replays...) {
		old := c.setup
		old.Version = v
		_, err := c.e.New(old)
		_, serr := c.e.Seats(old)
		switch plays := c.e.PlaysVariant(v, old.Variant); {
		case plays && err != nil:
			t.Errorf("New under rules %s, which the engine plays: %v", v, err)
		case !plays && (!errors.Is(err, rules.ErrVersion) || !errors.Is(serr, rules.ErrVersion)):
			t.Errorf("New and Seats of variant %q under rules %s, which does not play it: %v, %v; want rules.ErrVersion", old.Variant, v, err, serr)
		}
	}
	return g
}

// events checks that an input's events are single lines of text.
func (c *suite) events(in Input, ev []rules.Event) {
	for _, e := range ev {
		if strings.TrimSpace(e.Text) == "" || strings.Contains(e.Text, "\n") {
			c.t.Errorf("%s: event %q is not one line of text", in, e.Text)
		}
	}
}

// canonical checks that a command is canonical by the engine's grammar.
func (c *suite) canonical(command, how string) {
	if c.e.Canonical == nil {
		return
	}
	printed, err := c.e.Canonical(command)
	if err != nil || printed != command {
		c.t.Errorf("the %s command %q is not canonical: it prints as %q, %v", how, command, printed, err)
	}
}

// maxTried bounds the listed commands applied at each sample.
const maxTried = 6

// legalApplies checks what Pending and Legal say: the seats named are the
// game's, nothing is listed while dice are awaited or once the game is over,
// and every listed command is canonical and applies (a sample of them, each
// on a clone).
func (c *suite) legalApplies(g rules.Game, probe *rand.Rand) {
	t := c.t
	p := g.Pending()
	seats := g.Seats()
	for _, s := range p.Seats {
		if !slices.Contains(seats, s) {
			t.Errorf("%s: Pending names %q, not a seat of the game %v", p.Phase, s, seats)
		}
	}
	if p.Dice != nil {
		if len(p.Dice.Sides) == 0 || slices.ContainsFunc(p.Dice.Sides, func(n int) bool { return n < 1 }) || !slices.Contains(seats, p.Dice.By) {
			t.Errorf("%s: a dice need %+v without dice, or by no seat", p.Phase, *p.Dice)
		}
	}
	for _, s := range seats {
		if v := g.View(s); len(v.Lines) == 0 {
			t.Errorf("%s: the view of %s is empty", p.Phase, s)
		}
		var listed []string
		for _, ch := range g.Legal(s) {
			if !strings.Contains(ch.Command, "<") {
				listed = append(listed, ch.Command)
			}
		}
		if len(listed) > 0 && (p.Dice != nil || p.Over) {
			t.Errorf("%s: %s is listed %q while the game awaits dice or is over", p.Phase, s, listed[0])
		}
		for _, cmd := range listed {
			c.canonical(cmd, "listed")
		}
		c.complete(g, s, listed, probe)
		if len(listed) > maxTried {
			probe.Shuffle(len(listed), func(i, j int) { listed[i], listed[j] = listed[j], listed[i] })
			listed = listed[:maxTried]
		}
		for _, cmd := range listed {
			if _, err := g.Clone().Apply(s, cmd); err != nil {
				t.Errorf("%s: Legal lists %q for %s, which is refused: %v", p.Phase, cmd, s, err)
			}
		}
	}
}

// maxProbes is how many probes of each family complete tries at a time.
const maxProbes = 30

// complete checks a sample of each family of the engine's probes of seat
// against listed, what Legal lists (Options.Probes): each probe that Apply
// takes on a clone must achieve what a listed command does.
func (c *suite) complete(g rules.Game, seat rules.Seat, listed []string, probe *rand.Rand) {
	if len(c.o.Probes) == 0 || c.o.Reach == nil {
		return
	}
	reached := map[string]bool{}
	for _, cmd := range listed {
		reached[c.o.Reach(cmd)] = true
	}
	for _, family := range c.o.Probes {
		probes := family(g, seat)
		if len(probes) > maxProbes {
			probe.Shuffle(len(probes), func(i, j int) { probes[i], probes[j] = probes[j], probes[i] })
			probes = probes[:maxProbes]
		}
		for _, p := range probes {
			r := c.o.Reach(p)
			if reached[r] {
				continue
			}
			if _, err := g.Clone().Apply(seat, p); err == nil {
				c.t.Errorf("%s: Apply takes %q of %s, and Legal lists nothing that reaches %s", g.Pending().Phase, p, seat, r)
			}
		}
	}
}

// refusals tries what must be refused, or else be canonical, on clones of g,
// and checks that each refusal leaves the state as it was.
func (c *suite) refusals(g rules.Game, probe *rand.Rand) {
	t := c.t
	p := g.Pending()
	try := func(what string, mustFail bool, give func(rules.Game) error) error {
		x := g.Clone()
		before := x.Hash()
		err := give(x)
		if err != nil && x.Hash() != before {
			t.Errorf("%s: %s is refused (%v) but changes the state", p.Phase, what, err)
		}
		if err == nil && mustFail {
			t.Errorf("%s: %s is accepted", p.Phase, what)
		}
		return err
	}
	apply := func(seat rules.Seat, cmd string) func(rules.Game) error {
		return func(x rules.Game) error { _, err := x.Apply(seat, cmd); return err }
	}
	roll := func(values ...int) func(rules.Game) error {
		return func(x rules.Game) error { _, err := x.Roll(values); return err }
	}

	// A command the game lists now, or some text, to give out of turn.
	sample := "end"
	for _, s := range p.Seats {
		for _, ch := range g.Legal(s) {
			if !strings.Contains(ch.Command, "<") {
				sample = ch.Command
				break
			}
		}
	}
	for _, s := range append(g.Seats(), "rulestest-nobody") {
		if slices.Contains(p.Seats, s) && p.Dice == nil && !p.Over {
			continue
		}
		if err := try(string(s)+" out of turn", true, apply(s, sample)); err != nil && !errors.Is(err, rules.ErrNotPending) {
			t.Errorf("%s: %s gives %q out of turn: %v, want rules.ErrNotPending", p.Phase, s, sample, err)
		}
	}
	if p.Dice != nil {
		n := len(p.Dice.Sides)
		good := Dice(p.Dice, probe)
		try("a roll of no dice", true, roll())
		try("a roll of one die too many", true, roll(append(slices.Clone(good), 1)...))
		for i, sides := range p.Dice.Sides {
			for _, v := range []int{0, sides + 1} {
				bad := slices.Clone(good)
				bad[i] = v
				try("a roll out of range", true, roll(bad...))
			}
			if i >= 2 && n > 3 {
				break
			}
		}
		return
	}
	try("a roll no one awaits", true, roll(1))
	if p.Over || len(p.Seats) == 0 {
		return
	}
	seat := p.Seats[0]
	try("no command", true, apply(seat, ""))
	try("text that is no command", true, apply(seat, "rulestest no such command"))
	var listed []string
	for _, ch := range g.Legal(seat) {
		if !strings.Contains(ch.Command, "<") {
			listed = append(listed, ch.Command)
		}
	}
	if len(listed) == 0 {
		return
	}
	cmd := listed[probe.IntN(len(listed))]
	words := strings.Split(cmd, " ")
	changed := []string{cmd + " ", " " + cmd, strings.ToUpper(cmd), strings.ReplaceAll(cmd, " ", "  "), cmd + " " + words[len(words)-1]}
	if len(words) > 1 {
		changed = append(changed, strings.Join(words[:len(words)-1], " "), strings.Join(words[1:], " "))
	}
	// The last digit of each word one up and one down: another hex, unit or
	// number, which the rules may well forbid.
	for i, w := range words {
		k := strings.LastIndexAny(w, "0123456789")
		if k < 0 {
			continue
		}
		for _, d := range []byte{1, 9} {
			changedWords := slices.Clone(words)
			changedWords[i] = w[:k] + string('0'+(w[k]-'0'+d)%10) + w[k+1:]
			changed = append(changed, strings.Join(changedWords, " "))
		}
	}
	for _, text := range changed {
		if text == cmd {
			continue
		}
		if err := try(strings.TrimSpace(text)+" (changed from "+cmd+")", false, apply(seat, text)); err == nil {
			// Accepted: then it must be a command in its own right.
			c.canonical(text, "accepted")
		}
	}
}

// apart checks that Clone is deep: twin, cloned before in was given to g,
// still has the state from before it, and given in too comes to g's state.
func (c *suite) apart(twin rules.Game, before string, g rules.Game, in Input) {
	t := c.t
	if twin.Hash() != before {
		t.Fatalf("%s reached a clone made before it", in)
	}
	if _, err := in.Give(twin); err != nil {
		t.Fatalf("%s is refused on a clone: %v", in, err)
	}
	if twin.Hash() != g.Hash() {
		t.Fatalf("%s gives another state on a clone", in)
	}
}
