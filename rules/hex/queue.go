package hex

// item is a hex waiting in the Dijkstra frontier at a tentative cost.
type item struct {
	cost int
	hex  Axial
}

// before is the total order of the frontier: cheaper first, then
// Axial.Compare, so the order of settling never depends on insertion order.
func (a item) before(b item) bool {
	if a.cost != b.cost {
		return a.cost < b.cost
	}
	return a.hex.Compare(b.hex) < 0
}

// queue is a binary min-heap of items. It is written out rather than built
// on container/heap to avoid boxing every item in an interface.
type queue []item

func (q *queue) push(it item) {
	*q = append(*q, it)
	h := *q
	for i := len(h) - 1; i > 0; {
		p := (i - 1) / 2
		if !h[i].before(h[p]) {
			break
		}
		h[i], h[p] = h[p], h[i]
		i = p
	}
}

func (q *queue) pop() item {
	h := *q
	top := h[0]
	last := len(h) - 1
	h[0] = h[last]
	h = h[:last]
	for i := 0; ; {
		l, r, m := 2*i+1, 2*i+2, i
		if l < len(h) && h[l].before(h[m]) {
			m = l
		}
		if r < len(h) && h[r].before(h[m]) {
			m = r
		}
		if m == i {
			break
		}
		h[i], h[m] = h[m], h[i]
		i = m
	}
	*q = h
	return top
}
