// Package render draws a rules/scene.Scene: an SVG picture of a position, and
// a whole log as one self-contained HTML file that steps through it. Pixel
// arithmetic lives here, never in rules/**, which keeps to integers.
//
// Hex geometry follows Red Blob Games' "Hexagonal Grids" guide: axial
// coordinates to pixels, corners at multiples of 60 degrees (flat-top) or
// offset by 30 (pointy-top).
package render

import (
	"math"

	"github.com/pbem-referee/pbem/rules/hex"
)

type point struct{ x, y float64 }

func (p point) add(q point) point             { return point{p.x + q.x, p.y + q.y} }
func (p point) sub(q point) point             { return point{p.x - q.x, p.y - q.y} }
func (p point) scale(k float64) point         { return point{p.x * k, p.y * k} }
func (p point) lerp(q point, t float64) point { return p.add(q.sub(p).scale(t)) }

// grid turns hexes into pixels: a layout, a rotation and a hex size, with an
// offset that puts the map where the picture wants it.
type grid struct {
	layout hex.Layout
	rotate int     // quarter turns counter-clockwise
	size   float64 // centre to corner
	origin point   // added after rotation
}

// raw is a hex's centre before rotation and offset (Red Blob, "Hex to pixel").
func (g *grid) raw(a hex.Axial) point {
	q, r := float64(a.Q), float64(a.R)
	if g.layout.Orientation == hex.PointyTop {
		return point{g.size * math.Sqrt(3) * (q + r/2), g.size * 1.5 * r}
	}
	return point{g.size * 1.5 * q, g.size * math.Sqrt(3) * (r + q/2)}
}

// turn rotates a point by the grid's quarter turns counter-clockwise on a
// screen whose y axis points down: right becomes up.
func (g *grid) turn(p point) point {
	switch ((g.rotate % 4) + 4) % 4 {
	case 1:
		return point{p.y, -p.x}
	case 2:
		return point{-p.x, -p.y}
	case 3:
		return point{-p.y, p.x}
	}
	return p
}

// center is where a hex's centre is drawn.
func (g *grid) center(a hex.Axial) point { return g.turn(g.raw(a)).add(g.origin) }

// corners are a hex's six corners, in the order of Red Blob's corner index:
// corner i stands at 60i degrees (flat-top) or 60i-30 (pointy-top), before
// rotation.
func (g *grid) corners(a hex.Axial) [6]point {
	c := g.raw(a)
	var out [6]point
	for i := range 6 {
		deg := 60 * float64(i)
		if g.layout.Orientation == hex.PointyTop {
			deg -= 30
		}
		rad := deg * math.Pi / 180
		out[i] = g.turn(c.add(point{g.size * math.Cos(rad), g.size * math.Sin(rad)})).add(g.origin)
	}
	return out
}

// edge is the hexside of a in direction d, as its two corners. Direction d's
// neighbour lies at 30-60d degrees (flat-top), between corners 6-d and 7-d;
// the pointy-top grid is the same turned by 30 degrees, corners included.
func (g *grid) edge(a hex.Axial, d hex.Direction) (point, point) {
	cs := g.corners(a)
	i := (6 - int(d)) % 6
	return cs[i], cs[(i+1)%6]
}

// bounds is the box around a set of points.
type bounds struct{ min, max point }

func (b *bounds) add(p point) {
	b.min.x, b.min.y = math.Min(b.min.x, p.x), math.Min(b.min.y, p.y)
	b.max.x, b.max.y = math.Max(b.max.x, p.x), math.Max(b.max.y, p.y)
}

func emptyBounds() bounds {
	inf := math.Inf(1)
	return bounds{min: point{inf, inf}, max: point{-inf, -inf}}
}

func (b bounds) width() float64  { return b.max.x - b.min.x }
func (b bounds) height() float64 { return b.max.y - b.min.y }
