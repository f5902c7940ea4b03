package normandy44

import (
	"errors"
	"reflect"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
)

// The engine cites edition 2.2's numbers, the book it was written from. A
// game of another edition speaks its own book's numbers: everything the
// engine says leaves through one point (the Game's methods below), where
// the edition's renumber map rewrites each rule number in it, so that no
// 2.2 number reaches a first-edition player.

// renumberEd1 is the digest's renumbering map (normandy44-ed1.md §3.1) from
// 2.2's numbers to the Italian book's, with the digest's table numbers
// (T1-T16, normandy44-v22.md) read as the Italian tables' names. A key
// ending ".*" stands for every number below it (6.2.* is 6.2.1 to 6.2.7);
// an exact key wins over a ".*" key. Numbers both books share are not
// listed. The 2.2-only rules (12.6, 13.7, 17.2.8, 25.2) have no first-edition
// number: an ed1 game never cites them, as it never plays them.
var renumberEd1 = map[string]string{
	"2.2.*": "2.2", // 2.2.1-2.2.5: one section in the first edition
	// 3.0: the first edition's Reserve Phase is one phase of two segments
	// (IT L278-282), so the Recovery and Supply Phases are B5 and B6.
	"3.0 B4": "3.0 B4 a", "3.0 B5": "3.0 B4 b", "3.0 B6": "3.0 B5", "3.0 B7": "3.0 B6",
	"6.2.*": "6.2", "6.4.*": "6.4", "9.4.*": "9.4", "9.5.*": "9.5", "10.3.*": "10.3",
	// 12.2 numbers the attacker's losses 1-3 (IT L858-860); 2.2's 12.2.1
	// has them as steps 2-4.
	"12.2.1 step 2": "12.2 #1", "12.2.1 step 3": "12.2 #2", "12.2.1 step 4": "12.2 #3", "12.2.*": "12.2",
	// 12.4: the first edition's 12.4.1 is 2.2's 12.4.1-12.4.5.
	"12.4.1": "12.4.1", "12.4.2": "12.4.1", "12.4.3": "12.4.1", "12.4.4": "12.4.1", "12.4.5": "12.4.1",
	"12.4.6": "12.4.2", "12.4.7": "12.4.3", "12.4.8": "12.4.4", "12.4.9": "12.4.4",
	"13.1.*": "13.1", "13.2.*": "13.2",
	// 14.3 and the second 14.3 of the Italian book (IT L1036, read 14.4).
	"14.3.*": "14.3", "14.4.*": "14.4",
	"16.1.*": "16.1", "17.2.*": "17.2", "17.5.*": "17.5", "17.6.*": "17.6", "17.9.*": "17.9",
	// 18: Sources, LOS and the Supply Phase come in another order (IT
	// L1207-1234): 2.2's 18.1 is the first edition's 18.3, 18.2 its 18.1,
	// 18.3 its 18.2.
	"18.1": "18.3", "18.1.*": "18.1", "18.2": "18.1", "18.3": "18.2", "18.5.*": "18.5",
	"19.1.5": "19.1.4", "19.2.*": "19.2", "20.2.*": "20.2", "20.5.*": "20.5",
	"21.1.*": "21.1", "22.1.*": "22.1",
	// The scenarios, multi-player play and the optional rules (IT 24-28).
	"24.0": "27.1", "25.1": "28.1", "25.3": "28.3",
	"S1": "24", "S1.1": "24.1", "S1.2": "24.2", "S1.3": "24.3", "S1.3.1": "24.3",
	"S2": "25", "S2.1": "25", "S2.2": "25",
	"S3": "26", "S3.1": "26.1", "S3.2": "26.1-26.2", "S3.2.1": "26.1", "S3.2.2": "26.2.3", "S3.2.3": "26.2.1",
	"S3.2.4": "26.2.2", "S3.2.5": "26.2.4", "S3.2.6": "26.1", "S3.2.7": "26.1",
	"S3.3": "26.3", "S3.3 I": "26.3.1", "S3.3 II": "26.3.2", "S3.3 III": "26.3.3", "S3.3 IV": "26.3.5",
	// The tables, by the names the Italian book gives them.
	"T1": "Combat Results Table", "T2": "Determined Defense Table", "T3": "Terrain Effects Chart",
	"T4": "4.3", "T5": "Weather Table", "T6": "4.2", "T7": "Invasion Combat Table", "T8": "DD Tank Table",
	"T9": "Airborne Scatter Table", "T10": "Jabos Table", "T11": "Strafing Table", "T12": "Attrition Table",
	"T13": "11.10", "T14": "2.3.3", "T15": "Allied Reinforcement Points", "T16": "7.1",
}

// renumberText rewrites every rule number of text by m: a number is a run of
// digits and dots with at least one dot ("12.4.7"), one of the scenario
// numbers S1-S3 with their parts ("S3.2.3", "S3.3 II"), a table number
// ("T11"), or a phase of 3.0 ("3.0 B6"), standing on its own (not inside a
// word, a hex id or a line number such as L2091). A rewritten list that
// repeats a number ("12.4.1, 12.4.2" in the first edition) keeps it once.
func renumberText(m map[string]string, text string) string {
	if m == nil || !strings.ContainsAny(text, ".ST") {
		return text
	}
	var b strings.Builder
	last := "" // the last number written, for the repeats of a list
	for i := 0; i < len(text); {
		if i > 0 && wordByte(text[i-1]) {
			b.WriteByte(text[i])
			i++
			continue
		}
		from, n, ok := ruleAt(m, text[i:])
		if !ok {
			b.WriteByte(text[i])
			i++
			continue
		}
		to := m[from]
		if to == "" {
			to = from
		}
		out := b.String()
		if sep := ", "; last == to && strings.HasSuffix(out, last+sep) {
			b.Reset()
			b.WriteString(strings.TrimSuffix(out, sep))
		} else {
			b.WriteString(to)
		}
		last = to
		i += n
	}
	return b.String()
}

// ruleAt finds the rule number text starts with and its key in m ("6.2.*"
// for 6.2.5, the number itself when m has no key for it); n is its length.
// ok is false when text does not start with a rule number.
func ruleAt(m map[string]string, text string) (key string, n int, ok bool) {
	j := 0
	switch {
	case strings.HasPrefix(text, "S") && len(text) > 1 && digitByte(text[1]):
		j = 1
	case strings.HasPrefix(text, "T") && len(text) > 1 && digitByte(text[1]):
		j = 1
		for j < len(text) && digitByte(text[j]) {
			j++
		}
		if j < len(text) && wordByte(text[j]) {
			return "", 0, false
		}
		return text[:j], j, true
	case !digitByte(text[0]):
		return "", 0, false
	}
	start := j
	for j < len(text) && (digitByte(text[j]) || text[j] == '.' && j+1 < len(text) && digitByte(text[j+1])) {
		j++
	}
	num := text[:j]
	if j < len(text) && wordByte(text[j]) || start == 0 && !strings.Contains(num, ".") {
		return "", 0, false
	}
	// The longest key with words after the number: "S3.3 III", "3.0 B6",
	// "12.2.1 step 3".
	best := ""
	for _, k := range suffixed(m, num) {
		if strings.HasPrefix(text, k) && (len(k) == len(text) || !wordByte(text[len(k)])) && len(k) > len(best) {
			best = k
		}
	}
	if best != "" {
		return best, len(best), true
	}
	if _, ok := m[num]; ok {
		return num, j, true
	}
	for p := num; ; {
		k := strings.LastIndexByte(p, '.')
		if k < 0 {
			break
		}
		p = p[:k]
		if _, ok := m[p+".*"]; ok && strings.Count(num, ".") > strings.Count(p, ".") {
			return p + ".*", j, true
		}
	}
	return num, j, true
}

// suffixed are m's keys that are num followed by words, longest first.
func suffixed(m map[string]string, num string) []string {
	var out []string
	for k := range m {
		if len(k) > len(num)+1 && strings.HasPrefix(k, num+" ") {
			out = append(out, k)
		}
	}
	slices.SortFunc(out, func(a, b string) int { return len(b) - len(a) })
	return out
}

func digitByte(c byte) bool { return c >= '0' && c <= '9' }

// wordByte: a letter, digit or a few marks that join a number to a word or
// an id ("L2091", "2.2-only", "II/6FJ").
func wordByte(c byte) bool {
	return digitByte(c) || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '/' || c == '-'
}

// The Game's outward methods, each speaking the edition's numbers: the
// engine works in 2.2's and calls the inner ones (pendingSeats, choices,
// apply, roll) when it needs what it said itself.

// speak rewrites a text in the game's edition's numbers.
func (g *Game) speak(text string) string { return renumberText(g.ed.renumber, text) }

// speakEvents rewrites events in place.
func (g *Game) speakEvents(events []rules.Event) []rules.Event {
	if g.ed.renumber == nil {
		return events
	}
	for k := range events {
		events[k].Text = g.speak(events[k].Text)
	}
	return events
}

// speakErr rewrites an error: a refusal keeps its type with the edition's
// rule number and reason; any other error keeps its chain under the
// rewritten text.
func (g *Game) speakErr(err error) error {
	if err == nil || g.ed.renumber == nil {
		return err
	}
	var r *rules.Refusal
	if errors.As(err, &r) && r.Error() == err.Error() {
		return &rules.Refusal{Rule: g.speak(r.Rule), Reason: g.speak(r.Reason)}
	}
	if s := g.speak(err.Error()); s != err.Error() {
		return &renumbered{text: s, err: err}
	}
	return err
}

// renumbered is an error whose text names the edition's rules.
type renumbered struct {
	text string
	err  error
}

func (e *renumbered) Error() string { return e.text }
func (e *renumbered) Unwrap() error { return e.err }

// speakPending rewrites what the game waits for.
func (g *Game) speakPending(p rules.Pending) rules.Pending {
	if g.ed.renumber == nil {
		return p
	}
	p.Phase, p.Prompt, p.Result = g.speak(p.Phase), g.speak(p.Prompt), g.speak(p.Result)
	if p.Dice != nil {
		d := *p.Dice
		d.For = g.speak(d.For)
		p.Dice = &d
	}
	return p
}

// speakChoices rewrites the notes of choices; their commands are commands.
func (g *Game) speakChoices(cs []rules.Choice) []rules.Choice {
	if g.ed.renumber == nil {
		return cs
	}
	for k := range cs {
		cs[k].Note = g.speak(cs[k].Note)
	}
	return cs
}

// speakAll rewrites every string reachable from v, a pointer to what a
// view of the game returns (a scene, combat reports, counters). Their
// strings are texts and ids; an id never reads as a rule number.
func (g *Game) speakAll(v any) {
	if g.ed.renumber != nil {
		speakValue(g.ed.renumber, reflect.ValueOf(v))
	}
}

func speakValue(m map[string]string, v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() || !v.CanSet() {
			return
		}
		// A copy of what it points to, which may be the game's own.
		p := reflect.New(v.Elem().Type())
		p.Elem().Set(v.Elem())
		v.Set(p)
		speakValue(m, p.Elem())
	case reflect.Struct:
		for i := range v.NumField() {
			speakValue(m, v.Field(i))
		}
	case reflect.Slice:
		if v.IsNil() || !v.CanSet() {
			return
		}
		// A copy of the elements, which may be the game's own.
		c := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		reflect.Copy(c, v)
		v.Set(c)
		for i := range v.Len() {
			speakValue(m, v.Index(i))
		}
	case reflect.Array:
		for i := range v.Len() {
			speakValue(m, v.Index(i))
		}
	case reflect.String:
		if v.CanSet() {
			v.SetString(renumberText(m, v.String()))
		}
	}
}
