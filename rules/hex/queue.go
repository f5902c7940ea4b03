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

// Queue is the frontier of a least-cost search that keeps its own labels
// (hexwar's movement search, by node number): the heap Dijkstra uses, in the
// same order.
type Queue[N comparable] struct{ q queue[N] }

// NewQueue is an empty frontier ordering nodes of equal cost by compare.
func NewQueue[N comparable](compare func(a, b N) int) Queue[N] {
	return Queue[N]{queue[N]{compare: compare}}
}

// Push adds n at a tentative cost.
func (q *Queue[N]) Push(cost int, n N) { q.q.push(item[N]{cost, n}) }

// Pop removes and returns the first node in the search's order.
func (q *Queue[N]) Pop() (cost int, n N) {
	it := q.q.pop()
	return it.cost, it.node
}

// Len is how many nodes wait.
func (q *Queue[N]) Len() int { return len(q.q.items) }

// Reset empties the frontier and keeps its memory for the next search.
func (q *Queue[N]) Reset() { q.q.items = q.q.items[:0] }
