package freeplay

import (
	"bufio"
	"bytes"
	"fmt"
	"strings"

	"github.com/pbem-referee/pbem/rules"
)

// scenario is a freeplay scenario file: a title and the seats in turn order.
type scenario struct {
	Title string
	Seats []rules.Seat
}

// parseScenario reads lines of "title TEXT" and "seats A B ...". The option
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
				return nil, fmt.Errorf("line %d: %w", n, err)
			}
			sc.Seats = seats
		default:
			return nil, fmt.Errorf("line %d: unknown keyword %q (want title or seats)", n, key)
		}
	}
	if err := s.Err(); err != nil {
		return nil, err
	}
	for _, o := range options {
		name, value, ok := strings.Cut(o, "=")
		if !ok || name != "seats" {
			return nil, fmt.Errorf("unknown option %q (freeplay knows seats=A,B,...)", o)
		}
		seats, err := parseSeats(strings.Split(value, ","))
		if err != nil {
			return nil, fmt.Errorf("option %q: %w", o, err)
		}
		sc.Seats = seats
	}
	if len(sc.Seats) == 0 {
		return nil, fmt.Errorf("no seats: add a line 'seats A B'")
	}
	return sc, nil
}

func parseSeats(names []string) ([]rules.Seat, error) {
	if len(names) < 1 || len(names) > 8 {
		return nil, fmt.Errorf("want 1 to 8 seats, have %d", len(names))
	}
	seen := map[string]bool{}
	var seats []rules.Seat
	for _, n := range names {
		if !validSeat(n) {
			return nil, fmt.Errorf("seat %q: use lower-case letters, digits and '-'", n)
		}
		if seen[n] {
			return nil, fmt.Errorf("seat %q named twice", n)
		}
		seen[n] = true
		seats = append(seats, rules.Seat(n))
	}
	return seats, nil
}

func validSeat(s string) bool {
	if s == "" || len(s) > 32 {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
			return false
		}
	}
	return true
}
