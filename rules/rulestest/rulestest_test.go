package rulestest

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

func newTally(t testing.TB) rules.Game {
	t.Helper()
	g, err := tallyEngine().New(rules.Setup{Scenario: []byte("tally\n")})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestConformanceTally: a sound engine passes. Run with RULESTEST_FLAW set,
// it is the engine with that flaw (TestConformanceFindsFlaws).
func TestConformanceTally(t *testing.T) {
	if os.Getenv("RULESTEST_FLAW") == "" && os.Getenv("RULESTEST_CHILD") != "" {
		t.Skip()
	}
	Conformance(t, tallyEngine(), []Scenario{
		{Name: "default", Setup: rules.Setup{Scenario: []byte("tally\n")}},
		{Name: "long", Setup: rules.Setup{Scenario: []byte("tally\n"), Variant: "long"}},
	}, &Options{Every: 3, State: func(g rules.Game) any { return &g.(*tally).s }, Probes: []func(rules.Game, rules.Seat) []string{tallyProbes}, Reach: func(c string) string { return c }})
}

// tallyProbes are the adds of 1 to 4, each achieving itself: Apply takes 1
// to 3, all of which Legal lists.
func tallyProbes(rules.Game, rules.Seat) []string {
	var out []string
	for n := 1; n <= 4; n++ {
		c := fmt.Sprintf("add %d", n)
		out = append(out, c)
	}
	return out
}

// Conformance finds each broken promise: the suite run on tally with a flaw
// fails, saying what is wrong.
func TestConformanceFindsFlaws(t *testing.T) {
	if os.Getenv("RULESTEST_CHILD") != "" {
		t.Skip("the child runs TestConformanceTally only")
	}
	for flaw, want := range map[string]string{
		"refusal-changes":  "is refused (T.1: add 1 to 3, not ",
		"shallow-clone":    "a: end reached a clone made before it",
		"lists-illegal":    `Legal lists "add 4" for a, which is refused`,
		"lists-too-little": `Apply takes "add 3" of a, and Legal lists nothing that reaches add 3`,
		"non-canonical":    `the listed command "add 01" is not canonical`,
		"ignores-variant":  "New of an unknown variant: <nil>, want rules.ErrVariant",
		"ignores-version":  "New under an unknown rules version: <nil>, want rules.ErrVersion",
		"nondeterministic": "the same seed plays another game",
		"out-of-turn":      "out of turn is accepted",
	} {
		t.Run(flaw, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^TestConformanceTally$", "-test.count=1")
			cmd.Env = append(os.Environ(), "RULESTEST_FLAW="+flaw, "RULESTEST_CHILD=1")
			out, err := cmd.CombinedOutput()
			if err == nil {
				t.Fatalf("Conformance passes an engine with the flaw %s:\n%s", flaw, out)
			}
			if !strings.Contains(string(out), want) {
				t.Errorf("the flaw %s is not reported as %q:\n%s", flaw, want, out)
			}
		})
	}
}

// recorder is a testing.TB that records what a helper reports; Fatalf ends
// the helper's goroutine, as it ends a test.
type recorder struct {
	testing.TB
	msgs []string
}

func (r *recorder) Helper()                   {}
func (r *recorder) Errorf(f string, a ...any) { r.msgs = append(r.msgs, fmt.Sprintf(f, a...)) }
func (r *recorder) Fatalf(f string, a ...any) {
	r.msgs = append(r.msgs, fmt.Sprintf(f, a...))
	runtime.Goexit()
}

// report runs fn with a recorder and returns what it reported.
func report(t *testing.T, fn func(tb testing.TB)) string {
	r := &recorder{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		fn(r)
	}()
	<-done
	return strings.Join(r.msgs, "\n")
}

func TestApplyRollRefused(t *testing.T) {
	g := newTally(t)
	if got := report(t, func(tb testing.TB) { Apply(tb, g, "a", "add 2") }); got != "" || !strings.Contains(g.View("a").Lines[0], "tally 2") {
		t.Fatalf("a legal command: %q", got)
	}
	if got := report(t, func(tb testing.TB) { Apply(tb, g, "a", "add 7") }); !strings.Contains(got, "a: add 7: T.1: add 1 to 3, not 7") {
		t.Errorf("a refused command: %q", got)
	}
	if got := report(t, func(tb testing.TB) { Refused(tb, g, "a", "add 5", "T.1", "not 5") }); got != "" {
		t.Errorf("a refusal as expected: %q", got)
	}
	if got := report(t, func(tb testing.TB) { Refused(tb, g, "a", "add 5", "T.2") }); !strings.Contains(got, "refused under T.1") {
		t.Errorf("a refusal under another rule: %q", got)
	}
	if got := report(t, func(tb testing.TB) { Refused(tb, g, "a", "add 5", "T.1", "not 6") }); !strings.Contains(got, `does not say "not 6"`) {
		t.Errorf("a refusal that says something else: %q", got)
	}
	if got := report(t, func(tb testing.TB) { Refused(tb, g, "a", "add 1", "T.1") }); !strings.Contains(got, "want a refusal under T.1, have <nil>") {
		t.Errorf("an accepted command: %q", got)
	}
	if got := report(t, func(tb testing.TB) { NotAwaited(tb, g, "b", "end") }); got != "" {
		t.Errorf("b out of turn: %q", got)
	}
	broken := newTally(t).(*tally)
	broken.flaw = "refusal-changes"
	if got := report(t, func(tb testing.TB) { Refused(tb, broken, "a", "add 4", "T.1") }); !strings.Contains(got, "a refused command changed the state") {
		t.Errorf("a refusal that changes the state: %q", got)
	}
	Apply(t, g, "a", "roll")
	ev := Roll(t, g, 4)
	if !HasEvent(ev, "rolled 4, tally 7") || HasEvent(ev, "rolled 5") || EventsText(ev) != "rolled 4, tally 7\n" {
		t.Errorf("events: %q", EventsText(ev))
	}
	if _, err := g.Apply("a", "add 9"); !IsRefusal(err, "T.1") || IsRefusal(err, "T.2") {
		t.Errorf("IsRefusal: %v", err)
	}
}

// Play plays a whole game of legal inputs; Replay gives the same hashes.
func TestPlayReplay(t *testing.T) {
	g := newTally(t)
	base := g.Clone()
	checked := 0
	inputs := Play(t, g, rules.RandomPlayer, rand.New(rand.NewPCG(1, 2)), 0, func(before, after rules.Game, in Input) {
		if before.Hash() == after.Hash() && in.Command != "roll" {
			t.Errorf("%s changed nothing", in)
		}
		checked++
	})
	if !g.Pending().Over || checked != len(inputs) || len(inputs) < 10 {
		t.Fatalf("%d inputs, %d checked, over %v", len(inputs), checked, g.Pending().Over)
	}
	end, hashes := Replay(t, base, inputs)
	if end.Hash() != g.Hash() || hashes[len(hashes)-1] != g.Hash() {
		t.Error("the replay ends elsewhere")
	}
	_, again := Replay(t, base, inputs)
	SameHashes(t, inputs, hashes, again)
	part := Play(t, base.Clone(), rules.RandomPlayer, rand.New(rand.NewPCG(1, 2)), 5, nil)
	if countCommands(part) != 5 || part[0].String() != inputs[0].String() {
		t.Errorf("5 commands: %v", part)
	}
	if got := (Input{Roll: []int{3, 5}}).String(); got != "roll 3 5" {
		t.Errorf("%q", got)
	}
}

func countCommands(inputs []Input) int {
	n := 0
	for _, in := range inputs {
		if in.Roll == nil {
			n++
		}
	}
	return n
}

// CloneIsDeep names what a clone shares, at any depth.
func TestCloneIsDeep(t *testing.T) {
	type inner struct {
		List []int
		Map  map[string][]int
	}
	type state struct {
		N     int
		Ptr   *inner
		Items []inner
		Arr   [2]*int
	}
	deep := func(s *state) any {
		c := *s
		p := *s.Ptr
		p.List = append([]int(nil), s.Ptr.List...)
		p.Map = map[string][]int{}
		for k, v := range s.Ptr.Map {
			p.Map[k] = append([]int(nil), v...)
		}
		c.Ptr = &p
		c.Items = nil
		for _, it := range s.Items {
			it.List = append([]int(nil), it.List...)
			m := map[string][]int{}
			for k, v := range it.Map {
				m[k] = append([]int(nil), v...)
			}
			it.Map = m
			c.Items = append(c.Items, it)
		}
		for i, p := range s.Arr {
			v := *p
			c.Arr[i] = &v
		}
		return &c
	}
	var s state
	if got := report(t, func(tb testing.TB) { CloneIsDeep(tb, &s, func() any { return deep(&s) }) }); got != "" {
		t.Errorf("a deep clone: %s", got)
	}
	shallowMap := func(s *state) any {
		c := deep(s).(*state)
		c.Items[0].Map = s.Items[0].Map
		return c
	}
	var s2 state
	if got := report(t, func(tb testing.TB) { CloneIsDeep(tb, &s2, func() any { return shallowMap(&s2) }) }); got != "Clone shares state.Items[].Map\nClone shares state.Items[].Map[]" {
		t.Errorf("a shared map: %q", got)
	}
	var s3 state
	FillAll(reflect.ValueOf(&s3).Elem())
	if got := SharedParts(reflect.ValueOf(s3), reflect.ValueOf(s3), "s"); len(got) != 10 {
		t.Errorf("a value shares everything with itself: %v", got)
	}
}

// FuzzRoundTrip passes a sound grammar: tally's, whose parse accepts only
// what it prints.
func FuzzTallyRoundTrip(f *testing.F) {
	FuzzRoundTrip(f, func(s string) (string, error) {
		c, err := canonicalTally(s)
		if err == nil && c != s {
			return "", errTallySyntax
		}
		return c, err
	}, errTallySyntax, "add 1", "end", "roll", "add 10")
}
