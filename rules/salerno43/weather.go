package salerno43

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules/scn"
)

// Weather is the weather track and table (22.0, digest T16): boxes A-F in
// a cycle, each with its weather, the air and naval markers it makes
// available and each side's SP income; the table moves the marker 0, 1 or
// 2 boxes right, wrapping from F to A (22.1).
type Weather struct {
	Boxes [6]WeatherBox
	Rolls [6]WeatherRoll
}

// WeatherBox is one box of the track (22.2, 22.3).
type WeatherBox struct {
	Weather string   // clear, overcast or rain (22.4, 22.5)
	Air     []string // the Allied air markers available: us, cw (22.2.1)
	Naval   []string // the naval markers available: us, cw (9.6)
	// Luftwaffe: the German air marker may be available (22.2.2: box C).
	Luftwaffe bool
	SP        map[Side]int // SP income (22.3.1)
}

// WeatherRoll is a row of the weather table: the boxes moved, and the
// asterisk that earns the Allies an SP once they hold Salerno (22.3.2).
type WeatherRoll struct {
	Move int
	Star bool
}

var boxNames = []string{"A", "B", "C", "D", "E", "F"}

var weathers = []string{"clear", "overcast", "rain"}

// Next is the box the marker moves to from box b on a die (22.1).
func (w *Weather) Next(b, die int) (int, WeatherRoll) {
	r := w.Rolls[die-1]
	return (b + r.Move) % len(w.Boxes), r
}

func (c *chartReader) weatherRecord(p *scn.Parser, l scn.Line) {
	switch {
	case l.Words[0] == "box" && len(l.Words) >= 3:
		c.weatherBox(p, l)
	case l.Words[0] == "roll" && len(l.Words) >= 3:
		die, ok := p.Int(l.N, "roll", l.Words[1], 1, 6)
		if !ok {
			return
		}
		if n, dup := c.rollLine[die]; dup {
			p.Errf(l.N, ErrDuplicate, "[weather] roll %d already given at %s", die, p.At(n))
			return
		}
		var r WeatherRoll
		c.rollLine[die] = l.N
		ok = p.Fields(l.N, l.Words[2:], func(w, key, value string, kv bool) bool {
			switch {
			case kv && key == "move":
				r.Move, ok = p.Int(l.N, "move", value, 0, 2)
				return ok
			case !kv && w == "star":
				r.Star = true
				return true
			}
			return false
		})
		if ok {
			c.rolls[die] = r
		}
	default:
		p.Errf(l.N, ErrSyntax, "[weather] want: box A-F clear|overcast|rain air=us,cw|- naval=us,cw|- sp-german=N sp-allied=N [luftwaffe], or roll 1-6 move=0|1|2 [star]")
	}
}

func (c *chartReader) weatherBox(p *scn.Parser, l scn.Line) {
	name := l.Words[1]
	if !slices.Contains(boxNames, name) {
		p.Errf(l.N, ErrUnknown, "weather box %q (22.1: A-F)", name)
		return
	}
	if n, dup := c.boxLine[name]; dup {
		p.Errf(l.N, ErrDuplicate, "weather box %s already given at %s", name, p.At(n))
		return
	}
	b := WeatherBox{Weather: l.Words[2], SP: map[Side]int{}}
	if !slices.Contains(weathers, b.Weather) {
		p.Errf(l.N, ErrUnknown, "weather %q (%s)", b.Weather, strings.Join(weathers, ", "))
		return
	}
	seen := map[string]bool{}
	ok := p.Fields(l.N, l.Words[3:], func(w, key, value string, kv bool) bool {
		seen[key] = kv
		switch {
		case kv && (key == "air" || key == "naval"):
			list, err := markerList(value)
			if err != nil {
				p.Errf(l.N, ErrInvalid, "%s=%s: %v", key, value, err)
				return true
			}
			if key == "air" {
				b.Air = list
			} else {
				b.Naval = list
			}
			return true
		case kv && (key == "sp-german" || key == "sp-allied"):
			n, _ := p.Int(l.N, key, value, 0, 19)
			b.SP[Side(strings.TrimPrefix(key, "sp-"))] = n
			return true
		case !kv && w == "luftwaffe":
			b.Luftwaffe = true
			return true
		}
		return false
	})
	if !ok {
		return
	}
	for _, k := range []string{"air", "naval", "sp-german", "sp-allied"} {
		if !seen[k] {
			p.Errf(l.N, ErrMissing, "weather box %s needs %s= (22.2, 22.3)", name, k)
			return
		}
	}
	c.boxes[name], c.boxLine[name] = b, l.N
}

// markerList reads "us,cw", "us", "cw" or "-".
func markerList(v string) ([]string, error) {
	if v == "-" {
		return nil, nil
	}
	var out []string
	for _, m := range strings.Split(v, ",") {
		if m != "us" && m != "cw" || slices.Contains(out, m) {
			return nil, fmt.Errorf("want us, cw, us,cw or -")
		}
		out = append(out, m)
	}
	return out, nil
}

func (c *chartReader) finishWeather(p *scn.Parser, ch *Chart) bool {
	ok := true
	for i, name := range boxNames {
		b, have := c.boxes[name]
		if !have {
			p.Errf(0, ErrMissing, "[weather] has no box %s (22.1)", name)
			ok = false
		}
		ch.Weather.Boxes[i] = b
	}
	for die := 1; die <= 6; die++ {
		r, have := c.rolls[die]
		if _, bad := c.rollLine[die]; !have && !bad {
			p.Errf(0, ErrMissing, "[weather] has no roll %d (22.1)", die)
		}
		ok = ok && have
		ch.Weather.Rolls[die-1] = r
	}
	return ok
}
