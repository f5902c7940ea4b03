package hex

// item is a node waiting in the Dijkstra frontier at a tentative cost.
type item[N comparable] struct {
	cost int
	node N
}

// queue is a binary min-heap of items in the search's total order: cheaper
// first, then the caller's Compare, so the order of settling never depends
// on insertion order. It is written out rather than built on container/heap
// to avoid boxing every item in an interface.
type queue[N comparable] struct {
	items   []item[N]
	compare func(a, b N) int
}

func (q *queue[N]) before(a, b item[N]) bool {
	if a.cost != b.cost {
		return a.cost < b.cost
	}
	return q.compare(a.node, b.node) < 0
}

func (q *queue[N]) push(it item[N]) {
	q.items = append(q.items, it)
	h := q.items
	for i := len(h) - 1; i > 0; {
		p := (i - 1) / 2
		if !q.before(h[i], h[p]) {
			break
		}
		h[i], h[p] = h[p], h[i]
		i = p
	}
}

func (q *queue[N]) pop() item[N] {
	h := q.items
	top := h[0]
	last := len(h) - 1
	h[0] = h[last]
	h = h[:last]
	for i := 0; ; {
		l, r, m := 2*i+1, 2*i+2, i
		if l < len(h) && q.before(h[l], h[m]) {
			m = l
		}
		if r < len(h) && q.before(h[r], h[m]) {
			m = r
		}
		if m == i {
			break
		}
		h[i], h[m] = h[m], h[i]
		i = m
	}
	q.items = h
	return top
}
