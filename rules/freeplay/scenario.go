package freeplay

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/scn"
)

// scenario is a freeplay scenario file: a title and the seats in turn order.
type scenario struct {
	Title string
	Seats []rules.Seat
}

// ErrOption is returned for an option freeplay does not know.
var ErrOption = errors.New("unknown option")

// parseScenario reads lines of "title TEXT" and "seats A B ...", blank lines
// and lines that start with '#'. The title is the rest of its line as
// written, so freeplay reads its lines itself rather than through the
// scenario lexer; its problems are rules/scn's line errors. The option
// "seats=A,B,..." replaces the file's seats, so any board game's sides fit.
func parseScenario(data []byte, options []string) (*scenario, error) {
	sc := &scenario{}
	s := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; s.Scan(); n++ {
		line := strings.TrimSpace(s.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, rest, _ := strings.Cut(line, " ")
		switch key {
		case "title":
			sc.Title = strings.TrimSpace(rest)
		case "seats":
			seats, err := parseSeats(strings.Fields(rest))
			if err != nil {
				return nil, &scn.LineError{Line: n, Err: err}
			}
			sc.Seats = seats
		default:
			return nil, scn.Errorf(n, scn.ErrUnknown, "keyword %q (want title or seats)", key)
		}
	}
	if err := s.Err(); err != nil {
		return nil, err
	}
	for _, o := range options {
		name, value, ok := strings.Cut(o, "=")
		if !ok || name != "seats" {
			return nil, fmt.Errorf("%w %q (freeplay knows seats=A,B,...)", ErrOption, o)
		}
		seats, err := parseSeats(strings.Split(value, ","))
		if err != nil {
			return nil, fmt.Errorf("option %q: %w", o, err)
		}
		sc.Seats = seats
	}
	if len(sc.Seats) == 0 {
		return nil, scn.Errorf(0, scn.ErrMissing, "no seats: add a line 'seats A B'")
	}
	return sc, nil
}

func parseSeats(names []string) ([]rules.Seat, error) {
	if len(names) < 1 || len(names) > 8 {
		return nil, fmt.Errorf("%w: want 1 to 8 seats, have %d", scn.ErrInvalid, len(names))
	}
	seen := map[string]bool{}
	var seats []rules.Seat
	for _, n := range names {
		if !validSeat(n) {
			return nil, fmt.Errorf("%w: seat %q: use 1 to 32 lower-case letters, digits and '-'", scn.ErrSyntax, n)
		}
		if seen[n] {
			return nil, fmt.Errorf("%w: seat %q named twice", scn.ErrDuplicate, n)
		}
		seen[n] = true
		seats = append(seats, rules.Seat(n))
	}
	return seats, nil
}

// validSeat: a seat is a plain name (scn.ValidName) of at most 32 bytes.
func validSeat(s string) bool {
	return len(s) <= 32 && scn.ValidName(s)
}
