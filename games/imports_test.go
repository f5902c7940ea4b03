package games

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The import rules of DESIGN.md (Layout), checked on what go list reports of
// the module. Imports point one way, cmd → pbem → games, replay → rules…,
// logs; only games imports a game package (a game's own tests may import
// it); no game package imports another; scenarios and logs import nothing of
// the module; rules/** is pure: no I/O, no clock, no global random source.

const module = "github.com/pbem-referee/pbem"

// mayImport lists, for each package of the module (by path under the module,
// the first match winning), the packages of the module it may import (each
// with the packages under it). A package that matches no line fails the
// test: place it in the layers first.
var mayImport = []layer{
	// internal/collector, a leaf, sets the collector as the benchmarks that
	// stand for pbem's runs do.
	{"cmd", []string{"pbem", "games", "replay", "logs", "rules", "scenarios", "safetext", "internal/collector"}},
	{"pbem", []string{"games", "replay", "logs", "rules", "safetext"}},
	{"games", []string{"rules", "scenarios"}},
	// The renderer draws a whole log: it folds it through replay.
	{"replay/render", []string{"replay", "logs", "rules"}},
	{"replay", []string{"logs", "rules"}},
	{"rules", []string{"rules"}},
	{"logs", nil},
	{"scenarios", nil},
	{"safetext", nil}, // escapes received text for printing: a leaf
	{"internal", nil},
}

// sharedRules are the packages under rules/ that are not games: every other
// rules/X (and what lies under it) is a game package.
var sharedRules = []string{"hex", "hexwar", "scn", "graph", "deck", "scene", "rulestest", "scratch"}

// pureForbidden are the standard packages rules/** never imports: I/O, the
// clock, and global or outside random sources (an engine draws nothing:
// dice arrive as inputs; a random player takes the caller's *rand.Rand).
// A name ending in "/*" stands for the packages under it.
var pureForbidden = []string{"os", "os/*", "time", "net", "net/*", "syscall", "log", "log/*", "io/ioutil", "crypto/rand", "math/rand", "embed"}

func forbiddenInRules(imp string) bool {
	return slices.ContainsFunc(pureForbidden, func(f string) bool {
		dir, family := strings.CutSuffix(f, "/*")
		return imp == f || family && strings.HasPrefix(imp, dir+"/")
	})
}

// randAllowed are the names of math/rand/v2 that rules/** may use: types and
// constructors of a source the caller owns, never the global source's
// functions (rand.IntN, rand.Shuffle...).
var randAllowed = []string{"Rand", "Source", "New", "PCG", "NewPCG", "ChaCha8", "NewChaCha8", "Zipf", "NewZipf"}

type layer struct {
	pkg string
	may []string
}

type listed struct {
	ImportPath   string
	Dir          string
	GoFiles      []string
	Imports      []string
	TestImports  []string
	XTestImports []string
}

// modulePackages runs go list over the module.
func modulePackages(t *testing.T) []listed {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the import rules are read with go list: %v", err)
	}
	cmd := exec.Command(goTool, "list", "-json", "./...")
	cmd.Dir = ".."
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	var pkgs []listed
	for dec := json.NewDecoder(bytes.NewReader(out)); ; {
		var p listed
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, p)
	}
	if len(pkgs) < 8 {
		t.Fatalf("go list found %d packages", len(pkgs))
	}
	return pkgs
}

// rel is a package path under the module, ok false for one outside it.
func rel(path string) (string, bool) {
	if path == module {
		return "", true
	}
	r, ok := strings.CutPrefix(path, module+"/")
	return r, ok
}

// under reports whether path is dir or lies under it.
func under(path, dir string) bool { return path == dir || strings.HasPrefix(path, dir+"/") }

// gamePackage is the game a package of the module belongs to, or "".
func gamePackage(r string) string {
	parts := strings.Split(r, "/")
	if len(parts) < 2 || parts[0] != "rules" || slices.Contains(sharedRules, parts[1]) {
		return ""
	}
	return "rules/" + parts[1]
}

func TestImportRules(t *testing.T) {
	pkgs := modulePackages(t)
	for _, problem := range importProblems(pkgs) {
		t.Error(problem)
	}
	fset := token.NewFileSet()
	for _, p := range pkgs {
		if r, _ := rel(p.ImportPath); !under(r, "rules") {
			continue
		}
		for _, name := range p.GoFiles {
			path := filepath.Join(p.Dir, name)
			f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			for _, problem := range globalRandom(fset, f) {
				t.Error(problem)
			}
		}
	}
}

// importProblems checks the import rules on the packages go list reports.
func importProblems(pkgs []listed) []string {
	var problems []string
	bad := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	registered := map[string]bool{}
	for _, p := range pkgs {
		r, ok := rel(p.ImportPath)
		if !ok {
			continue
		}
		i := slices.IndexFunc(mayImport, func(l layer) bool { return under(r, l.pkg) })
		if i < 0 {
			bad("%s is in no layer of mayImport: place it (DESIGN.md, Layout)", r)
			continue
		}
		may, game := mayImport[i].may, gamePackage(r)
		for _, imp := range p.Imports {
			ir, ours := rel(imp)
			switch {
			case ours && gamePackage(ir) != "" && r == "games":
				registered[gamePackage(ir)] = true
			case ours && gamePackage(ir) != "" && gamePackage(ir) != game:
				bad("%s imports the game package %s: only games does", r, ir)
			case ours && !slices.ContainsFunc(may, func(m string) bool { return under(ir, m) }):
				bad("%s imports %s: it may import only %v of this module (DESIGN.md: cmd → pbem → games, replay → rules…, logs)", r, ir, may)
			case under(r, "rules") && !ours && strings.Contains(strings.Split(imp, "/")[0], "."):
				bad("%s imports %s: rules/** uses the standard library only", r, imp)
			case under(r, "rules") && forbiddenInRules(imp):
				bad("%s imports %s: rules/** does no I/O, reads no clock and draws nothing", r, imp)
			}
		}
		for _, imp := range slices.Concat(p.TestImports, p.XTestImports) {
			if ir, ours := rel(imp); ours && gamePackage(ir) != "" && gamePackage(ir) != game {
				bad("the tests of %s import the game package %s: they may import only the engine they test (others through games)", r, ir)
			}
		}
	}
	for _, p := range pkgs {
		if r, _ := rel(p.ImportPath); gamePackage(r) == r && !registered[r] {
			bad("%s is a game package that games does not list", r)
		}
	}
	return problems
}

// globalRandom finds the uses of math/rand/v2's global source in a file.
func globalRandom(fset *token.FileSet, f *ast.File) []string {
	local := ""
	for _, is := range f.Imports {
		if v, _ := strconv.Unquote(is.Path.Value); v == "math/rand/v2" {
			local = "rand"
			if is.Name != nil {
				local = is.Name.Name
			}
		}
	}
	if local == "" {
		return nil
	}
	var problems []string
	ast.Inspect(f, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if x, ok := sel.X.(*ast.Ident); ok && x.Name == local && !slices.Contains(randAllowed, sel.Sel.Name) {
			problems = append(problems, fmt.Sprintf("%s: %s.%s draws from the global random source: take the caller's *rand.Rand", fset.Position(sel.Pos()), local, sel.Sel.Name))
		}
		return true
	})
	return problems
}

// Each rule fails a package that breaks it.
func TestImportRulesCatch(t *testing.T) {
	m := func(r string) string { return module + "/" + r }
	games := listed{ImportPath: m("games"), Imports: []string{m("rules/normandy44"), m("rules/freeplay")}}
	for _, c := range []struct {
		p    listed
		want string
	}{
		{listed{ImportPath: m("pbem"), Imports: []string{m("rules/normandy44")}}, "pbem imports the game package rules/normandy44"},
		{listed{ImportPath: m("scenarios"), Imports: []string{m("rules")}}, "scenarios imports rules: it may import only []"},
		{listed{ImportPath: m("rules/hexwar"), Imports: []string{m("rules/normandy44")}}, "rules/hexwar imports the game package"},
		{listed{ImportPath: m("rules/freeplay"), Imports: []string{m("rules/normandy44")}}, "rules/freeplay imports the game package"},
		{listed{ImportPath: m("replay"), Imports: []string{m("pbem")}}, "replay imports pbem"},
		{listed{ImportPath: m("rules/hex"), Imports: []string{m("logs")}}, "rules/hex imports logs"},
		{listed{ImportPath: m("rules/scn"), Imports: []string{"os"}}, "rules/scn imports os"},
		{listed{ImportPath: m("rules/normandy44"), Imports: []string{"time"}}, "rules/normandy44 imports time"},
		{listed{ImportPath: m("rules"), Imports: []string{"math/rand"}}, "rules imports math/rand"},
		{listed{ImportPath: m("rules/graph"), Imports: []string{"os/exec"}}, "rules/graph imports os/exec"},
		{listed{ImportPath: m("rules/deck"), Imports: []string{"golang.org/x/text/unicode/norm"}}, "standard library only"},
		{listed{ImportPath: m("replay"), TestImports: []string{m("rules/normandy44")}}, "the tests of replay import the game package"},
		{listed{ImportPath: m("rules/ardennes44")}, "rules/ardennes44 is a game package that games does not list"},
		{listed{ImportPath: m("tools")}, "tools is in no layer"},
	} {
		got := strings.Join(importProblems([]listed{games, c.p}), "\n")
		if !strings.Contains(got, c.want) {
			t.Errorf("%s: want %q, have %q", c.p.ImportPath, c.want, got)
		}
	}
	fine := []listed{games,
		{ImportPath: m("rules/normandy44"), Imports: []string{m("rules"), m("rules/hex"), "math/rand/v2"}, XTestImports: []string{m("rules/normandy44"), "os"}},
		{ImportPath: m("replay/render"), Imports: []string{m("rules/scene"), m("rules/hex")}, TestImports: []string{m("games")}},
		{ImportPath: m("cmd/pbem"), Imports: []string{m("games"), m("pbem"), "os"}},
	}
	if got := importProblems(fine); len(got) != 0 {
		t.Errorf("packages that keep the rules: %v", got)
	}

	src := `package p
import r "math/rand/v2"
func f(rnd *r.Rand) int { _ = r.New(r.NewPCG(1, 2)); return rnd.IntN(6) + r.IntN(6) }`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := globalRandom(fset, f); len(got) != 1 || !strings.Contains(got[0], "r.IntN draws from the global random source") {
		t.Errorf("global random: %v", got)
	}
}
