package logs

// Seek makes the stream go on from candidate used, as if the first used had
// been consumed: a stream taken up where Used left it (a replay resumed from
// a snapshot in the middle of an epoch).
func (s *Stream) Seek(used uint64) { s.next = used }
