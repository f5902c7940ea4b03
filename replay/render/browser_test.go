package render

import (
	"context"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/pbem-referee/pbem/games"
	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/replay"
	"github.com/pbem-referee/pbem/rules/scene"
)

// Tests in a real browser: headless Chromium opens the pictures and the
// replay page. .ci/run installs Debian's chromium; elsewhere the tests skip.
// PBEM_SCREENSHOTS=DIR keeps a copy of each screenshot in DIR.

// chromium finds the browser, or skips the test.
func chromium(t testing.TB) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("no Chromium here: the browser tests skip (apt-get install chromium; .ci/run installs it)")
	return ""
}

// page is a browser tab for one test, with the script errors it has seen.
type page struct {
	t      testing.TB
	ctx    context.Context
	mu     sync.Mutex
	errors []string
}

func newPage(t testing.TB, width, height int) *page {
	t.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromium(t)),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(width, height),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() { cancel(); cancelAlloc() })
	p := &page{t: t, ctx: ctx}
	err := chromedp.Listen(ctx, func(ev any) {
		p.mu.Lock()
		defer p.mu.Unlock()
		switch ev := ev.(type) {
		case *runtime.EventExceptionThrown:
			p.errors = append(p.errors, (&chromedp.ExceptionError{ExceptionDetails: ev.ExceptionDetails}).Error())
		case *runtime.EventConsoleAPICalled:
			if ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeAssert {
				var args []string
				for _, a := range ev.Args {
					args = append(args, string(a.Value)+a.Description)
				}
				p.errors = append(p.errors, "console."+string(ev.Type)+": "+strings.Join(args, " "))
			}
		}
	})
	if err != nil {
		t.Fatalf("starting Chromium: %v", err)
	}
	return p
}

func (p *page) do(actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 2*time.Minute)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		p.t.Fatal(err)
	}
}

func eval[T any](p *page, js string) T {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, time.Minute)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		p.t.Fatalf("%s: %v", js, err)
	}
	return v
}

// noErrors fails the test if the page threw or logged an error.
func (p *page) noErrors() {
	p.t.Helper()
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, e := range p.errors {
		p.t.Errorf("script error: %s", e)
	}
}

// screenshot writes the whole page as a PNG into the test's temporary
// folder, and into PBEM_SCREENSHOTS when it is set.
func (p *page) screenshot(name string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, time.Minute)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		p.t.Fatal(err)
	}
	path := filepath.Join(p.t.TempDir(), name)
	if err := os.WriteFile(path, png, 0o644); err != nil {
		p.t.Fatal(err)
	}
	p.t.Logf("screenshot %s (%d bytes)", path, len(png))
	if dir := os.Getenv("PBEM_SCREENSHOTS"); dir != "" {
		if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
			p.t.Error(err)
		}
	}
}

// sceneAt is the scene after entry seq of a recorded log, with its moves.
func sceneAt(t testing.TB, entries []*logs.Entry, seq int64) scene.Scene {
	t.Helper()
	var s scene.Scene
	err := replay.Walk(entries, games.Shipped, func(f replay.Frame) error {
		if f.Entry.Seq == seq {
			s = f.Game.(scene.Drawer).Scene("")
			s.Overlays.Moves = f.Moves
			return errDone
		}
		return nil
	})
	if err != errDone {
		t.Fatalf("walking to entry %d: %v", seq, err)
	}
	return s
}

var errDone = fmt.Errorf("done")

// TestBrowser_SVG: Chromium draws a position without errors, every
// reference in it resolves, and every counter is on the page.
func TestBrowser_SVG(t *testing.T) {
	entries := readLog(t, "normandy44-4-cherbourg-strict.pbem")
	s := sceneAt(t, entries, 120)
	path := filepath.Join(t.TempDir(), "cherbourg-120.svg")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := SVG(f, s, Options{Caption: "after entry 120", ZOC: true}); err != nil {
		t.Fatal(err)
	}
	f.Close()
	p := newPage(t, 1500, 1000)
	p.do(chromedp.Navigate("file://" + path))
	if n := eval[int](p, `document.querySelectorAll('g.pc').length`); n != len(s.Pieces) {
		t.Errorf("%d counters on the page, %d pieces in the scene", n, len(s.Pieces))
	}
	broken := eval[[]string](p, `[...document.querySelectorAll('use')].map(u => u.getAttribute('href')).filter(h => !document.getElementById(h.slice(1)))`)
	if len(broken) > 0 {
		t.Errorf("references to nothing: %v", broken)
	}
	if w := eval[float64](p, `document.getElementById('map').getBBox().width`); w < 500 {
		t.Errorf("the map is %v pixels wide", w)
	}
	p.screenshot("cherbourg-120.png")
	p.noErrors()
}

var translate = regexp.MustCompile(`translate\(([-0-9.]+),([-0-9.]+)\)`)

// TestBrowser_Replay: the replay page loads without errors; stepping forward
// over a move puts the unit in the stack of the hex the command moved it to,
// and stepping back puts it where it was; the turn menu jumps to a turn.
func TestBrowser_Replay(t *testing.T) {
	entries := readLog(t, "normandy44-4-cherbourg-strict.pbem")
	var seq int64
	var unit, dest string
	for _, e := range entries {
		for _, c := range e.Commands {
			w := strings.Fields(c)
			if w[0] == "move" && len(w) > 3 && e.Seq > 20 && len(e.Commands) == 1 {
				seq, unit, dest = e.Seq, w[1], w[len(w)-1]
			}
		}
		if seq > 0 {
			break
		}
	}
	if seq == 0 {
		t.Fatal("no move in the log")
	}
	path := filepath.Join(t.TempDir(), "cherbourg.html")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Replay(f, entries, games.Shipped, ReplayOptions{}); err != nil {
		t.Fatal(err)
	}
	f.Close()
	p := newPage(t, 1500, 950)
	p.do(chromedp.Navigate(fmt.Sprintf("file://%s#entry=%d", path, seq-1)),
		chromedp.WaitVisible(chromedp.CSS(`body[data-ready="1"]`)))
	if got := eval[string](p, `document.body.getAttribute('data-entry')`); got != strconv.FormatInt(seq-1, 10) {
		t.Fatalf("the page opens at entry %s, asked %d", got, seq-1)
	}
	where := func() (float64, float64) {
		tr := eval[string](p, `document.querySelector('g.pc[data-id="`+unit+`"]').getAttribute('transform')`)
		m := translate.FindStringSubmatch(tr)
		if m == nil {
			t.Fatalf("%s has transform %q", unit, tr)
		}
		x, _ := strconv.ParseFloat(m[1], 64)
		y, _ := strconv.ParseFloat(m[2], 64)
		return x + counter/2, y + counter/2
	}
	x0, y0 := where()
	p.do(chromedp.KeyEvent(kb.ArrowRight))
	if got := eval[string](p, `document.body.getAttribute('data-entry')`); got != strconv.FormatInt(seq, 10) {
		t.Fatalf("→ goes to entry %s, want %d", got, seq)
	}
	x1, y1 := where()
	hx := eval[[]float64](p, `(() => { const D = JSON.parse(document.getElementById('replay-data').textContent); const i = D.cells.indexOf('`+dest+`'); return [D.xy[2*i], D.xy[2*i+1]]; })()`)
	if d := math.Hypot(x1-hx[0], y1-hx[1]); d > hexSize {
		t.Errorf("after entry %d %s stands %.0f pixels from the centre of %s, its destination", seq, unit, d, dest)
	}
	if x1 == x0 && y1 == y0 {
		t.Errorf("entry %d moves %s, but its counter did not move", seq, unit)
	}
	if text := eval[string](p, `document.getElementById('entry').textContent`); !strings.Contains(text, "> move "+unit) {
		t.Errorf("the entry panel does not show the move: %q", text)
	}
	p.screenshot("replay-step.png")
	p.do(chromedp.KeyEvent(kb.ArrowLeft))
	if x, y := where(); x != x0 || y != y0 {
		t.Errorf("← puts %s at (%v, %v); it stood at (%v, %v)", unit, x, y, x0, y0)
	}
	p.do(chromedp.SetValue(chromedp.ID("turn"), "0"))
	first := eval[string](p, `(() => { const s = document.getElementById('turn'); s.selectedIndex = 4; s.dispatchEvent(new Event('change')); return s.options[4].textContent; })()`)
	if got := eval[string](p, `document.getElementById('where').textContent`); !strings.HasPrefix(got, "Turn 5") || !strings.HasPrefix(first, "Turn 5") {
		t.Errorf("the turn menu's %q goes to %q", first, got)
	}
	p.do(chromedp.KeyEvent(kb.End))
	if over := eval[bool](p, `!!document.querySelector('#entry .over')`); !over {
		t.Error("the last entry does not say the game is over")
	}
	p.screenshot("replay-end.png")
	p.noErrors()
}

// BenchmarkBrowserLoad_Campaign opens the replay of the recorded 22-turn
// campaign in Chromium and reports the time from navigation to the first
// painted picture against the 2-second target, and the page's size against
// 10 MB.
func BenchmarkBrowserLoad_Campaign(b *testing.B) {
	entries := readLog(b, "normandy44-4-campaign-strict.pbem")
	path := filepath.Join(b.TempDir(), "campaign.html")
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	res, err := Replay(f, entries, games.Shipped, ReplayOptions{})
	if err != nil {
		b.Fatal(err)
	}
	f.Close()
	p := newPage(b, 1600, 1000)
	total, n := 0.0, 0
	for b.Loop() {
		n++
		p.do(chromedp.Navigate(fmt.Sprintf("file://%s?load=%d", path, n)),
			chromedp.WaitVisible(chromedp.CSS(`body[data-painted="1"]`)))
		total += eval[float64](p, `window.replayPaintedMs`)
	}
	p.noErrors()
	b.ReportMetric(total/float64(n), "ms/load(target<2000)")
	b.ReportMetric(float64(res.Bytes)/1e6, "MB(target<10)")
}
