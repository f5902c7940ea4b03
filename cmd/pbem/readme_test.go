package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestREADMEWalkthrough runs the README's game-over-files block, then its
// Normandy '44, Ardennes '44 and Salerno '43 blocks, as a user runs them:
// by bash, at the top of a fresh clone of the repository (so that nothing
// built or stored by earlier runs helps it), with the block's own
// 'go build'. The clone holds this tree's uncommitted changes too, so that
// the test checks the README and code as they are about to be committed.
func TestREADMEWalkthrough(t *testing.T) {
	if testing.Short() {
		t.Skip("clones the repository and builds pbem in it")
	}
	for _, tool := range []string{"git", "bash"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("no %s on this machine: the README walkthrough runs in a git clone, by bash", tool)
		}
	}
	clone := cleanClone(t)
	readme, err := os.ReadFile(filepath.Join(clone, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	block := readmeBlock(t, string(readme), "## Play a game over files")
	// mktemp -d makes the scratch folder where the test can find it.
	tmp := t.TempDir()
	out := runBash(t, clone, block, "TMPDIR="+tmp, "PBEM_HOME=")
	dirs, _ := filepath.Glob(filepath.Join(tmp, "tmp.*"))
	if len(dirs) != 1 {
		t.Fatalf("the walkthrough made %d scratch folders in %s, want 1", len(dirs), tmp)
	}
	checkVerifyRejects(t, filepath.Join(clone, "bin", "pbem"), dirs[0])
	for _, want := range []string{
		"this is an invitation from Anna Kowalska <anna@example.org>, key SHA256:",
		"imported from a file: accept it with 'pbem join duel-",
		"german answers dice request 1",
		"dice 2d6 for attack on 2512:",
		"turn1-end.pbem: ok: game duel-",
		"allied passes; german to play",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the walkthrough's output lacks %q\n%s", want, out)
		}
	}
	// The Normandy block, on a fresh machine: the player's own home, in the
	// system's folders, with the pbem the walkthrough built.
	user := t.TempDir()
	block = readmeBlock(t, string(readme), "## Normandy '44")
	out = runBash(t, clone, block, "PATH="+filepath.Join(clone, "bin")+string(os.PathListSeparator)+os.Getenv("PATH"),
		"HOME="+user, "PBEM_HOME=", "XDG_CONFIG_HOME=", "XDG_DATA_HOME=", "TMPDIR="+tmp)
	for _, want := range []string{
		"game cherbourg-", "Turn 1, Allied Special Invasion Phase (20.1)", "dice Scatter (20.2.1)", "505/82: paratroop",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the Normandy block's output lacks %q\n%s", want, out)
		}
	}
	// The Ardennes '44 and Salerno '43 blocks, in the same home (the
	// identity the Normandy block made).
	for _, c := range []struct {
		heading string
		want    []string
	}{
		{"## Ardennes '44", []string{"game bulge-", "German Set-up (S1.3)", "1ss/kgp-pz: tank battalion", "German Bridge Phase (7.1)"}},
		{"## Salerno '43", []string{"game salerno-", "dice the Invasion CRT"}},
	} {
		block = readmeBlock(t, string(readme), c.heading)
		out = runBash(t, clone, block, "PATH="+filepath.Join(clone, "bin")+string(os.PathListSeparator)+os.Getenv("PATH"),
			"HOME="+user, "PBEM_HOME=", "XDG_CONFIG_HOME=", "XDG_DATA_HOME=", "TMPDIR="+tmp)
		for _, want := range c.want {
			if !strings.Contains(out, want) {
				t.Errorf("the %s block's output lacks %q\n%s", c.heading, want, out)
			}
		}
	}
	if _, err := os.Stat(filepath.Join(user, ".local", "share", "pbem", "pbem.db")); err != nil && runtime.GOOS == "linux" {
		t.Errorf("the Normandy block's game is not in the system's data folder: %v", err)
	}
	if st, err := gitOutput(clone, "status", "--porcelain"); err != nil || st != "" {
		t.Errorf("the README's blocks left files git would track in the clone (%v):\n%s", err, st)
	}
}

// readmeBlock is the first sh block after heading.
func readmeBlock(t *testing.T, readme, heading string) string {
	t.Helper()
	_, after, ok := strings.Cut(readme, heading+"\n")
	if !ok {
		t.Fatalf("README has no section %q", heading)
	}
	_, block, ok := strings.Cut(after, "```sh\n")
	block, _, ok2 := strings.Cut(block, "```")
	if !ok || !ok2 {
		t.Fatalf("README section %q has no sh block", heading)
	}
	return block
}

// runBash runs script in dir with bash, stopping at the first command that
// fails, and returns what it printed.
func runBash(t *testing.T, dir, script string, env ...string) string {
	t.Helper()
	cmd := exec.Command("bash", "-c", "set -euo pipefail\n"+script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the README block fails: %v\n%s", err, out)
	}
	return string(out)
}

// cleanClone clones the repository this test runs in into a temporary
// folder, checks out HEAD there, and lays this tree's uncommitted changes
// over it: what git tracks or would track, never what it ignores.
func cleanClone(t *testing.T) string {
	t.Helper()
	top, err := gitOutput(".", "rev-parse", "--show-toplevel")
	if err != nil {
		t.Skipf("not in a git checkout (%v): the README walkthrough runs in a clone", err)
	}
	top = strings.TrimSpace(top)
	head, err := gitOutput(top, "rev-parse", "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	clone := filepath.Join(t.TempDir(), "pbem")
	if out, err := gitOutput(top, "clone", "--quiet", "--no-checkout", top, clone); err != nil {
		t.Fatalf("git clone: %v\n%s", err, out)
	}
	if out, err := gitOutput(clone, "checkout", "--quiet", strings.TrimSpace(head)); err != nil {
		t.Fatalf("git checkout: %v\n%s", err, out)
	}
	files, err := gitOutput(top, "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range strings.Split(strings.TrimSuffix(files, "\x00"), "\x00") {
		data, err := os.ReadFile(filepath.Join(top, f))
		if errors.Is(err, os.ErrNotExist) {
			os.Remove(filepath.Join(clone, f)) // deleted here, not yet committed
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if old, err := os.ReadFile(filepath.Join(clone, f)); err == nil && bytes.Equal(old, data) {
			continue
		}
		info, err := os.Stat(filepath.Join(top, f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(filepath.Join(clone, f)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(clone, f), data, info.Mode().Perm()); err != nil {
			t.Fatal(err)
		}
	}
	// The changes laid over HEAD are committed in the clone, so that the
	// walkthrough's own files are the only ones git would see there.
	if _, err := gitOutput(clone, "add", "-A"); err != nil {
		t.Fatal(err)
	}
	if st, _ := gitOutput(clone, "status", "--porcelain"); st != "" {
		if out, err := gitOutput(clone, "-c", "user.name=test", "-c", "user.email=test@example.org", "commit", "--quiet", "-m", "uncommitted changes"); err != nil {
			t.Fatalf("git commit: %v\n%s", err, out)
		}
	}
	return clone
}

func gitOutput(dir string, args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		return out.String() + errOut.String(), err
	}
	return out.String(), nil
}

// checkVerifyRejects alters one die in the walkthrough's final log and expects
// pbem verify to exit 1 naming the altered entry and the broken link after it.
func checkVerifyRejects(t *testing.T, pbemBin, dir string) {
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
	cmd := exec.Command(pbemBin, "verify", badPath)
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
