package replay

import "math"

// The chi-square test of dice counts against a fair die. Its p-value is the
// upper tail of the chi-square distribution, Q(k/2, x/2) in terms of the
// regularized incomplete gamma function, computed as in Numerical Recipes
// (2nd ed., 6.2): a series below a+1, a continued fraction above.

// chiSquare is the statistic of counts against equal expected counts.
func chiSquare(counts []int) float64 {
	n := 0
	for _, c := range counts {
		n += c
	}
	if n == 0 || len(counts) == 0 {
		return 0
	}
	e := float64(n) / float64(len(counts))
	x := 0.0
	for _, c := range counts {
		d := float64(c) - e
		x += d * d / e
	}
	return x
}

// chiSquareP is P(X >= x) for X chi-square distributed with k degrees of
// freedom: the chance that fair dice stray at least this far.
func chiSquareP(x float64, k int) float64 {
	if k <= 0 {
		return 1
	}
	return gammaQ(float64(k)/2, x/2)
}

const (
	gammaEps   = 1e-14
	gammaTiny  = 1e-300
	gammaSteps = 1000
)

// gammaQ is the regularized upper incomplete gamma function Q(a, x).
func gammaQ(a, x float64) float64 {
	switch {
	case x <= 0:
		return 1
	case x < a+1:
		return 1 - gammaSeries(a, x)
	}
	return gammaFraction(a, x)
}

// front is x^a e^-x / Gamma(a), the factor both expansions share.
func front(a, x float64) float64 {
	lg, _ := math.Lgamma(a)
	return math.Exp(-x + a*math.Log(x) - lg)
}

// gammaSeries is P(a, x) by its series, for x < a+1.
func gammaSeries(a, x float64) float64 {
	ap, del := a, 1/a
	sum := del
	for range gammaSteps {
		ap++
		del *= x / ap
		sum += del
		if math.Abs(del) < math.Abs(sum)*gammaEps {
			break
		}
	}
	return sum * front(a, x)
}

// gammaFraction is Q(a, x) by its continued fraction (modified Lentz), for
// x >= a+1.
func gammaFraction(a, x float64) float64 {
	b := x + 1 - a
	c := 1 / gammaTiny
	d := 1 / b
	h := d
	for i := 1; i <= gammaSteps; i++ {
		an := -float64(i) * (float64(i) - a)
		b += 2
		d = an*d + b
		if math.Abs(d) < gammaTiny {
			d = gammaTiny
		}
		c = b + an/c
		if math.Abs(c) < gammaTiny {
			c = gammaTiny
		}
		d = 1 / d
		del := d * c
		h *= del
		if math.Abs(del-1) < gammaEps {
			break
		}
	}
	return front(a, x) * h
}
