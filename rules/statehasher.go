package rules

import (
	"bytes"
	"encoding/hex"
	"reflect"
	"sync"
	"unsafe"
)

// A StateHasher hashes the successive states of one game as HashState does,
// to the same hash, with less work: most of a state is its lists of plain
// records (a game's units), of which an entry changes a few. The hasher
// keeps a copy of each record it encoded with the record's JSON, and encodes
// again only the records whose bytes differ from their copy's: a record of
// bools, integers and strings with the same bytes has the same JSON (a
// string's bytes never change, and the copy keeps the ones it points to).
//
// The SHA-256 of the encoding is resumed after the bytes it shares with the
// one before (prefixHasher).
//
// A game keeps one for its state, and its clones a copy of it (Clone). It
// is safe for concurrent use; the zero value is ready.
type StateHasher struct {
	mu sync.Mutex
	// from is the hasher this one was cloned from and has not yet copied
	// (Clone): nil once it has hashed.
	from  *StateHasher
	typ   reflect.Type
	lists []recordMemo // by field of the state's struct
	buf   []byte
	sums  prefixHasher
}

// recordMemo is one list's records as last encoded: copies[i] and its JSON
// enc[i] for i < n.
type recordMemo struct {
	copies reflect.Value // a []T
	enc    [][]byte
	n      int
}

// Hash returns HashState(state). state is a struct or a pointer to one; a
// pointer saves a copy. A nil hasher keeps no memo: it is HashState.
func (h *StateHasher) Hash(state any) string {
	if h == nil {
		return HashState(state)
	}
	v := reflect.ValueOf(state)
	if v.Kind() == reflect.Pointer && !v.IsNil() && v.Elem().Kind() == reflect.Struct {
		v = v.Elem()
	} else if v.Kind() == reflect.Struct {
		c := reflect.New(v.Type()) // a copy the plan can address
		c.Elem().Set(v)
		v = c.Elem()
	} else {
		return HashState(state)
	}
	tp := planFor(v.Type())
	if tp == nil || tp.st == nil {
		return HashState(state)
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.from != nil {
		h.copyFrom(h.from)
		h.from = nil
	}
	if h.typ != v.Type() {
		h.typ, h.lists = v.Type(), make([]recordMemo, len(tp.st.fields))
	}
	h.buf = tp.st.append(h.buf[:0], v.Addr().UnsafePointer(), h)
	sum := h.sums.sum(h.buf)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// Clone returns a hasher that goes on from h's memo, for a copy of the state
// h hashed (a game's clone): its first Hash encodes only the records that
// differ, where a new hasher would encode them all and digest every byte
// (issue 18: pbem builds each entry on a clone of the game, to learn the
// state hash it records). A nil hasher clones to a new one.
//
// The memo is copied at the clone's first Hash, not here: most clones are
// never hashed (Legal tries a command on one, Ardennes '44 some hundreds a
// phase), and a memo is the state's size twice over. Copied later, it is
// h's memo as it is then, which serves as well: a record is encoded again
// wherever its bytes differ from the memo's copy, whatever state the memo
// was made from.
func (h *StateHasher) Clone() *StateHasher {
	if h == nil {
		return new(StateHasher)
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.from != nil {
		return &StateHasher{from: h.from} // h copied nothing yet: neither does its clone
	}
	return &StateHasher{from: h}
}

// copyFrom makes h's memo a copy of src's. h is new, and its lock held.
func (h *StateHasher) copyFrom(src *StateHasher) {
	src.mu.Lock()
	defer src.mu.Unlock()
	// The encoding's buffer is made at the size of the last, which the
	// first Hash fills: grown from nothing, it was made some ten times
	// over, twice the state's size in all.
	h.typ, h.lists, h.buf, h.sums = src.typ, make([]recordMemo, len(src.lists)), make([]byte, 0, len(src.buf)), src.sums.clone()
	for k, m := range src.lists {
		if !m.copies.IsValid() {
			continue
		}
		copies := reflect.MakeSlice(m.copies.Type(), m.copies.Len(), m.copies.Len())
		reflect.Copy(copies, m.copies)
		// The encodings in one buffer; each ends at its own capacity, so that
		// one encoded again in place never writes over the next.
		size := 0
		for _, e := range m.enc {
			size += len(e)
		}
		buf := make([]byte, 0, size)
		enc := make([][]byte, len(m.enc))
		for i, e := range m.enc {
			at := len(buf)
			buf = append(buf, e...)
			enc[i] = buf[at:len(buf):len(buf)]
		}
		h.lists[k] = recordMemo{copies: copies, enc: enc, n: m.n}
	}
}

// appendRecords appends the JSON of the list of records p points to, field k
// of the state's struct, from the memo where a record has not changed.
func (h *StateHasher) appendRecords(k int, f *structField, dst []byte, p unsafe.Pointer) []byte {
	list := (*sliceHeader)(p)
	if list.data == nil {
		return append(dst, "null"...)
	}
	m := &h.lists[k]
	elem := f.typ.Elem()
	if !m.copies.IsValid() || m.copies.Len() < list.len {
		copies := reflect.MakeSlice(f.typ, list.len, list.len)
		if m.copies.IsValid() {
			reflect.Copy(copies, m.copies)
		}
		m.copies = copies
		m.enc = append(m.enc, make([][]byte, list.len-len(m.enc))...)
	}
	size := elem.Size()
	base := m.copies.UnsafePointer()
	dst = append(dst, '[')
	for i := range list.len {
		if i > 0 {
			dst = append(dst, ',')
		}
		off := uintptr(i) * size
		rec, cp := unsafe.Add(list.data, off), unsafe.Add(base, off)
		if i >= m.n || !bytes.Equal(unsafe.Slice((*byte)(rec), size), unsafe.Slice((*byte)(cp), size)) {
			m.copies.Index(i).Set(reflect.NewAt(elem, rec).Elem())
			m.enc[i] = f.elemEnc(m.enc[i][:0], rec)
		}
		dst = append(dst, m.enc[i]...)
	}
	m.n = max(m.n, list.len)
	return append(dst, ']')
}
