package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestREADMEWalkthrough runs the README's game-over-files block as it stands,
// with a pbem built from this tree, so that the README stays true.
func TestREADMEWalkthrough(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(readme), "## Play a game over files")
	if !ok {
		t.Fatal("README has no section 'Play a game over files'")
	}
	_, block, ok := strings.Cut(after, "```sh\n")
	block, _, ok2 := strings.Cut(block, "```")
	if !ok || !ok2 {
		t.Fatal("the walkthrough has no sh block")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "built-pbem")
	build := exec.Command("go", "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	// The block builds pbem with "go build -o pbem ./cmd/pbem" from the top of
	// the tree; here the binary is already built.
	script := "set -euo pipefail\ngo() { cp " + bin + " pbem; }\n" + block
	cmd := exec.Command("bash", "-c", script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PBEM_HOME=")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the README walkthrough fails: %v\n%s", err, out)
	}
	checkVerifyRejects(t, dir)
	for _, want := range []string{
		"this is an invitation from Anna Kowalska <anna@example.org>, key SHA256:",
		"imported from a file: accept it with 'pbem join duel-",
		"german answers dice request 1",
		"dice 2d6 for attack on 2512:",
		"turn1-end.pbem: ok: game duel-",
		"allied passes; german to play",
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("the walkthrough's output lacks %q\n%s", want, out)
		}
	}
}

// checkVerifyRejects alters one die in the walkthrough's final log and expects
// pbem verify to exit 1 naming the altered entry and the broken link after it.
func checkVerifyRejects(t *testing.T, dir string) {
	t.Helper()
	path := filepath.Join(dir, "turn1-end.pbem")
	log, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	i := strings.Index(string(log), `"values":[`)
	if i < 0 {
		t.Fatal("the walkthrough's log has no draw")
	}
	j := i + len(`"values":[`)
	bad := []byte(string(log))
	if bad[j] == '6' { // another face of the die
		bad[j] = '1'
	} else {
		bad[j]++
	}
	badPath := filepath.Join(dir, "bad.pbem")
	if err := os.WriteFile(badPath, bad, 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(filepath.Join(dir, "pbem"), "verify", badPath)
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 {
		t.Fatalf("verify of a tampered log: want exit 1, have %v\n%s", err, out)
	}
	for _, want := range []string{"2 problem(s)", "entry 4: bad signature", "entry 5: broken hash chain"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("verify output lacks %q:\n%s", want, out)
		}
	}
}
