package scn

import "bytes"

// Writer writes a scenario file in canonical form: header lines, then each
// section that has records, opened by a blank line and "[name]", one record
// a line with its words separated by one space. Comments are not written.
type Writer struct{ b bytes.Buffer }

// Header writes a header line "key value".
func (w *Writer) Header(key, value string) {
	w.Record(key, value)
}

// Section opens section name when it has records (n > 0); a section without
// records is not written.
func (w *Writer) Section(name string, n int) {
	if n > 0 {
		w.b.WriteString("\n[" + name + "]\n")
	}
}

// Record writes one record: its words, the empty ones left out, separated by
// one space.
func (w *Writer) Record(words ...string) {
	sep := ""
	for _, word := range words {
		if word == "" {
			continue
		}
		w.b.WriteString(sep + word)
		sep = " "
	}
	w.b.WriteByte('\n')
}

// Bytes returns what has been written.
func (w *Writer) Bytes() []byte { return w.b.Bytes() }

// Quote writes text as one quoted word; text must be ValidText.
func Quote(text string) string { return `"` + text + `"` }
