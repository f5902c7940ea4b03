package logs

import (
	"testing"
	"time"
)

// docs/log.md: ts is RFC 3339 in UTC, whole seconds, with exactly one spelling.
func TestParseTime(t *testing.T) {
	got, err := ParseTime("2024-06-06T06:30:00Z")
	if err != nil || !got.Equal(time.Date(2024, 6, 6, 6, 30, 0, 0, time.UTC)) {
		t.Fatalf("ParseTime(2024-06-06T06:30:00Z) = %v, %v", got, err)
	}
	for _, bad := range []string{
		"2024-06-06T08:30:00+02:00", // an offset, even for the same instant
		"2024-06-06T06:30:00+00:00", // UTC spelled as an offset
		"2024-06-06T06:30:00.000Z",  // a fraction, even of zero
		"2024-06-06T06:30:00.5Z",
		"2024-06-06t06:30:00z",
		"2024-06-06 06:30:00Z",
		"2024-06-06T06:30Z",
		"2024-06-06T06:30:60Z",
		"2024-6-6T06:30:00Z",
		"",
	} {
		if _, err := ParseTime(bad); err == nil {
			t.Errorf("ParseTime(%q) accepted", bad)
		}
	}
}
