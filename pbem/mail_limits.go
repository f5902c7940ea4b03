package pbem

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// The default limits of what pbem sync downloads (mail.json max_message_size
// and max_attachment_size). A whole 22-turn campaign's log is under 1 MB; a
// log of 24 MiB, base64-encoded, makes a message of some 32 MiB.
const (
	DefaultMaxMessage    ByteSize = 32 << 20
	DefaultMaxAttachment ByteSize = 24 << 20
)

// ByteSize is a size in bytes. mail.json holds it as a number of bytes or as
// text with a unit: "64MiB", "500 KB", "2 GiB" (KB, MB, GB are powers of 1000;
// KiB, MiB, GiB of 1024).
type ByteSize int64

var sizeUnits = []struct {
	name string
	n    int64
}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}, {"GB", 1e9}, {"MB", 1e6}, {"KB", 1e3}, {"B", 1}}

// ParseSize reads a size: digits, then optionally a unit.
func ParseSize(s string) (ByteSize, error) {
	t := strings.TrimSpace(s)
	mult := int64(1)
	for _, u := range sizeUnits {
		if len(t) > len(u.name) && strings.EqualFold(t[len(t)-len(u.name):], u.name) {
			t, mult = strings.TrimSpace(t[:len(t)-len(u.name)]), u.n
			break
		}
	}
	n, err := strconv.ParseInt(t, 10, 64)
	if err != nil || n < 0 || n > (1<<62)/mult {
		return 0, fmt.Errorf("size %q: want a number of bytes, or one with a unit such as 64MiB or 500KB", s)
	}
	return ByteSize(n * mult), nil
}

// String writes the size with the largest binary unit that divides it.
func (b ByteSize) String() string { return formatSize(int64(b)) }

func formatSize(n int64) string {
	if n == 0 {
		return "0"
	}
	for _, u := range sizeUnits[:3] {
		if n >= u.n && n%u.n == 0 {
			return fmt.Sprintf("%d%s", n/u.n, u.name)
		}
	}
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%d bytes (%.1fMiB)", n, float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%d bytes (%.1fKiB)", n, float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}

// MarshalJSON writes the size as text with its unit.
func (b ByteSize) MarshalJSON() ([]byte, error) {
	if b%1024 != 0 {
		return json.Marshal(int64(b))
	}
	return json.Marshal(b.String())
}

// UnmarshalJSON reads a number of bytes or a size with a unit.
func (b *ByteSize) UnmarshalJSON(data []byte) error {
	var n int64
	if err := json.Unmarshal(data, &n); err == nil {
		if n < 0 {
			return fmt.Errorf("size %d: negative", n)
		}
		*b = ByteSize(n)
		return nil
	}
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return fmt.Errorf("size %s: want a number of bytes or text such as \"64MiB\"", data)
	}
	v, err := ParseSize(s)
	if err != nil {
		return err
	}
	*b = v
	return nil
}

// Set, and Type, make a ByteSize a command-line flag value.
func (b *ByteSize) Set(s string) error {
	v, err := ParseSize(s)
	if err != nil {
		return err
	}
	*b = v
	return nil
}

// Type names the flag's value in --help.
func (b *ByteSize) Type() string { return "size" }

// MaxMessage is the largest message sync downloads.
func (c MailConfig) MaxMessage() ByteSize {
	if c.MaxMessageSize > 0 {
		return c.MaxMessageSize
	}
	return DefaultMaxMessage
}

// MaxAttachment is the largest log attachment sync reads, once decoded.
func (c MailConfig) MaxAttachment() ByteSize {
	if c.MaxAttachmentSize > 0 {
		return c.MaxAttachmentSize
	}
	return DefaultMaxAttachment
}
