package main

import (
	"encoding/json"
	"errors"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/pbem"
)

// readMailJSON reads the settings pbem mail setup wrote in home.
func readMailJSON(t *testing.T, home string) pbem.MailConfig {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(home, "mail.json"))
	if err != nil {
		t.Fatal(err)
	}
	var c pbem.MailConfig
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	return c
}

// 'pbem mail setup --imap NEWHOST:PORT' changes the IMAP server and keeps
// every other setting; a well-known port brings its security along.
func TestMailSetupChangesOneSetting(t *testing.T) {
	home := t.TempDir()
	t.Setenv("PBEM_MAIL_PASSWORD", "x")
	out := pbemOK(t, home, "", "mail", "setup", "--imap", "imap.gmail.com:993", "--smtp", "smtp.gmail.com:465",
		"--user", "anna@gmail.com", "--password-env", "PBEM_MAIL_PASSWORD", "--processed", "pbem-done")
	wantIn(t, "setup", out, "smtp security set to tls, as port 465 uses it", "next: pbem mail test")
	before := readMailJSON(t, home)
	if before.SMTP.Security != pbem.SecurityTLS || before.IMAP.Security != pbem.SecurityTLS {
		t.Fatalf("the ports' securities were not taken: %+v", before)
	}

	out = pbemOK(t, home, "", "mail", "setup", "--imap", "imap.fastmail.com:143")
	wantIn(t, "setup --imap", out, "imap  imap.fastmail.com:143 (starttls), user anna@gmail.com",
		"imap security set to starttls, as port 143 uses it (--imap-security to choose)")
	after := readMailJSON(t, home)
	want := before
	want.IMAP.Host, want.IMAP.Port, want.IMAP.Security = "imap.fastmail.com", 143, pbem.SecurityStartTLS
	if after != want {
		t.Fatalf("after --imap:\n got %+v\nwant %+v", after, want)
	}

	// A security against its port's custom is kept, with a note.
	out = pbemOK(t, home, "", "mail", "setup", "--smtp-security", "starttls", "--timeout", "1m")
	wantIn(t, "setup --smtp-security", out, "port 465 usually uses tls, not starttls", "try --smtp-security tls", "each step waits up to 1m0s")
	if c := readMailJSON(t, home); c.SMTP.Security != pbem.SecurityStartTLS || c.IMAP != after.IMAP || c.PasswordEnv != "PBEM_MAIL_PASSWORD" {
		t.Fatalf("after --smtp-security: %+v", c)
	}
	// Choosing a password command drops the variable, and the reverse.
	pbemOK(t, home, "", "mail", "setup", "--password-command", "echo x")
	if c := readMailJSON(t, home); c.PasswordEnv != "" || c.PasswordCommand != "echo x" {
		t.Fatalf("after --password-command: %+v", c)
	}
}

// A password where a variable name or a command belongs is refused before
// anything is written, without repeating it, and says what to do instead.
func TestMailSetupRefusesPasswords(t *testing.T) {
	home := t.TempDir()
	t.Setenv("PBEM_MAIL_PASSWORD", "x")
	args := []string{"mail", "setup", "--imap", "imap.example.org:993", "--smtp", "smtp.example.org:587", "--user", "anna"}
	for _, tc := range []struct {
		flag, value string
		want        string
		advice      string
	}{
		{"--password-env", "hunter2!", "--password-env takes the name of an environment variable, and the value given cannot be one", "--password-env PBEM_MAIL_PASSWORD"},
		{"--password-env", "correcthorse", "no variable of that name is set here, and names are usually in capitals", "set the variable first"},
		{"--password-env", "$PBEM_MAIL_PASSWORD", "without the $", "pbem mail setup --password-env PBEM_MAIL_PASSWORD"},
		{"--password-command", "Tr0ub4dor&3", "its program (the first word) is not found", "'pass show mail/anna'"},
		{"--password-command", "$HOME/bin/getpw", "", ""}, // the shell decides its program: written
		{"--password-command", "Tr0ub4dor3", "its program (the first word) is not found on this machine", "'pass show mail/anna'"},
		{"--password-command", "pass 'show", "it does not split into words (unclosed '", "--password-command"},
	} {
		t.Run(tc.flag+" "+tc.value, func(t *testing.T) {
			os.Remove(filepath.Join(home, "mail.json"))
			if tc.want == "" {
				pbemOK(t, home, "", append(args, tc.flag, tc.value)...)
				return
			}
			// With no settings yet, none are made.
			out, err := pbemIn(t, home, "", append(args, tc.flag, tc.value)...)
			if !errors.Is(err, pbem.ErrLooksLikePassword) || !strings.Contains(err.Error(), tc.want) ||
				!strings.Contains(err.Error(), "nothing was written") || !strings.Contains(pbem.Advice(err), tc.advice) {
				t.Fatalf("got %v (hint %q), want a refusal saying %q and advising %q", err, pbem.Advice(err), tc.want, tc.advice)
			}
			if strings.Contains(err.Error()+pbem.Advice(err)+out, tc.value) && tc.value[0] != '$' {
				t.Errorf("the refusal repeats the value, which may be a password: %v", err)
			}
			if _, serr := os.Stat(filepath.Join(home, "mail.json")); !os.IsNotExist(serr) {
				t.Fatalf("mail.json was written: %v", serr)
			}
			// With settings, they are left as they were, byte for byte.
			pbemOK(t, home, "", append(args, "--password-env", "PBEM_MAIL_PASSWORD")...)
			before, _ := os.ReadFile(filepath.Join(home, "mail.json"))
			if _, err := pbemIn(t, home, "", "mail", "setup", tc.flag, tc.value); !errors.Is(err, pbem.ErrLooksLikePassword) {
				t.Fatalf("changing only %s: %v", tc.flag, err)
			}
			if after, _ := os.ReadFile(filepath.Join(home, "mail.json")); string(after) != string(before) {
				t.Fatalf("mail.json changed:\n%s\nto\n%s", before, after)
			}
		})
	}
}

// 'pbem mail test' prints each failure with what to check on the next line.
func TestMailTestPrintsHints(t *testing.T) {
	home := t.TempDir()
	t.Setenv("PBEM_MAIL_PASSWORD", "x")
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := strconv.Itoa(l.Addr().(*net.TCPAddr).Port)
	l.Close()
	pbemOK(t, home, "", "mail", "setup", "--imap", "127.0.0.1:"+port, "--imap-security", "plain",
		"--smtp", "127.0.0.1:"+port, "--smtp-security", "plain", "--user", "anna", "--password-env", "PBEM_MAIL_PASSWORD")
	out, err := pbemIn(t, home, "", "mail", "test")
	if err == nil {
		t.Fatal("mail test passed with nothing listening")
	}
	wantIn(t, "mail test", out,
		"FAILED: imap 127.0.0.1:"+port+": TCP: ",
		"hint: nothing accepts connections on port "+port+" of 127.0.0.1: check the port (IMAP is usually port 993 with tls",
		"hint: nothing accepts connections on port "+port+" of 127.0.0.1: check the port (SMTP submission is usually port 587")
}

// mailDuel gives Anna and Jan mail accounts on a loopback mail system, set
// up with 'pbem mail setup', and Anna's invitation to Jan (not sent yet).
func mailDuel(t *testing.T) (anna, jan, id string) {
	t.Helper()
	dir, anna, jan := annaAndJan(t)
	m, err := pbem.StartLoopbackMail()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	for _, p := range []struct{ home, login string }{{anna, "anna"}, {jan, "jan"}} {
		env := "PBEM_TEST_PW_" + strings.ToUpper(p.login)
		t.Setenv(env, "pw-"+p.login)
		if _, err := m.AddAccount(p.login, p.login+"@example.org", "pw-"+p.login, env); err != nil {
			t.Fatal(err)
		}
		pbemOK(t, p.home, "", "mail", "setup", "--imap", "127.0.0.1:"+strconv.Itoa(m.IMAPPort), "--imap-security", "plain",
			"--smtp", "127.0.0.1:"+strconv.Itoa(m.SMTPPort), "--smtp-security", "plain", "--user", p.login, "--password-env", env)
	}
	out := pbemOK(t, anna, "", "new", "duel", "--scenario", "freeplay/allied-german", "--side", "allied",
		"--opponent-key", filepath.Join(dir, "jan.pub"), "--opponent-email", "jan@example.org")
	id = regexp.MustCompile(`duel-[0-9a-f]+`).FindString(out)
	wantIn(t, "new", out, "send it: pbem send "+id)
	return anna, jan, id
}

// 'pbem send' says when there is nothing new to send, and why; 'pbem status'
// says "send it" only while something is unsent.
func TestSendSaysWhenNothingIsNew(t *testing.T) {
	anna, jan, id := mailDuel(t)
	wantIn(t, "status before sending", pbemOK(t, anna, "", "status", id), "send it: pbem send "+id)

	out := pbemOK(t, anna, "", "send", id)
	wantIn(t, "send", out, "queued game "+id+" up to entry 0 for jan@example.org", "sent game "+id+" up to entry 0 to jan@example.org")
	if out := pbemOK(t, anna, "", "status", id); strings.Contains(out, "send it") {
		t.Errorf("status after sending still says to send:\n%s", out)
	}
	out = pbemOK(t, anna, "", "send", id)
	wantIn(t, "send again", out, "nothing new for jan@example.org: entries up to #0 went to it at ",
		"nothing new to send in game "+id+". To send the log again (a message lost on the way): pbem export "+id)
	if strings.Contains(out, "queued") || strings.Contains(out, "sent game") {
		t.Errorf("a second send queued or sent again:\n%s", out)
	}

	// Jan joins by mail; his join is the newest entry, so Anna has nothing
	// new for him.
	wantIn(t, "jan's sync", pbemOK(t, jan, "", "sync"), "pbem join "+id)
	pbemOK(t, jan, "", "join", id)
	pbemOK(t, jan, "", "send", id)
	pbemOK(t, anna, "", "sync")
	out = pbemOK(t, anna, "", "send", id)
	wantIn(t, "send after jan's join", out, "nothing new for jan@example.org: the newest entry, #1, is its own", "nothing new to send")

	// Anna's move cannot go out (her password is refused): send names the
	// password's variable, and status says the move waits in the outbox.
	pbemOK(t, anna, "", "do", id, "pass")
	t.Setenv("PBEM_TEST_PW_ANNA", "wrong")
	out, err := pbemIn(t, anna, "", "send", id)
	if err == nil {
		t.Fatal("send with a wrong password succeeded")
	}
	wantIn(t, "send with a wrong password", out+err.Error()+pbem.Advice(err), "queued game "+id+" up to entry 2 for jan@example.org",
		"smtp 127.0.0.1:", "auth: the password from $PBEM_TEST_PW_ANNA was refused for user anna",
		"check the user name (anna) and that $PBEM_TEST_PW_ANNA holds this account's password")
	wantIn(t, "status with the move in the outbox", pbemOK(t, anna, "", "status", id),
		"not sent yet: entries up to #2 wait in the outbox for jan@example.org (smtp 127.0.0.1:", "pbem send, sync and serve retry from ")
	wantIn(t, "send again", pbemOK(t, anna, "", "send", id), "entries up to #2 for jan@example.org were queued before and wait in the outbox")
}

// A malformed --on-turn command is refused before serve connects.
func TestServeOnTurnChecked(t *testing.T) {
	_, err := pbemIn(t, t.TempDir(), "", "serve", "--on-turn", `notify-send "pbem`)
	if err == nil || !strings.Contains(err.Error(), `--on-turn: unclosed " in the command`) {
		t.Fatalf("got %v", err)
	}
}

// The first game of docs/mail-guide.md, steps 5 to 7, with loopback servers
// standing in for Gmail and Fastmail: the outputs the guide quotes appear,
// and Anna's move is answered.
func TestMailGuideFirstGame(t *testing.T) {
	anna, jan, id := mailDuel(t) // steps 1 to 4, and 'pbem new'
	pbemOK(t, anna, "", "send", "duel")
	wantIn(t, "jan's sync", pbemOK(t, jan, "", "sync"), "* "+id+": ", "(pbem join "+id+")")
	pbemOK(t, jan, "", "join", "duel")
	pbemOK(t, jan, "", "send", "duel")
	wantIn(t, "anna's sync", pbemOK(t, anna, "", "sync"), "* "+id+": ")
	pbemOK(t, anna, "", "do", "duel", "play 82nd Airborne drops at 2710", "pass")
	pbemOK(t, anna, "", "send", "duel")
	wantIn(t, "jan's second sync", pbemOK(t, jan, "", "sync"), "play 82nd Airborne drops at 2710", "* "+id+": ")
	wantIn(t, "jan's status", pbemOK(t, jan, "", "status", "duel"), "your turn")
	pbemOK(t, jan, "", "do", "duel", "play 91st Division counterattacks 2710", "pass")
	pbemOK(t, jan, "", "send", "duel")
	wantIn(t, "anna's second sync", pbemOK(t, anna, "", "sync"), "play 91st Division counterattacks 2710", "* "+id+": ")
}
