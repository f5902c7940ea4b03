// Package realmail starts real mail servers for tests: Dovecot for IMAP (and
// the SASL authentication and LMTP delivery Postfix uses) and Postfix for SMTP
// with AUTH, each on free loopback ports with its configuration, queue and
// mailboxes in a temporary directory. Nothing is assumed running; tests skip
// when the servers are not installed (.ci/run installs them).
//
//	smtp client --AUTH PLAIN--> postfix --SASL--> dovecot auth
//	                             postfix --LMTP--> dovecot --IMAP--> imap client
package realmail

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Domain is the mail domain the servers accept mail for.
const Domain = "example.org"

// Servers are running Dovecot and Postfix instances.
type Servers struct {
	Dir      string
	IMAPAddr string // host:port, plain IMAP on loopback
	SMTPAddr string // host:port, SMTP with AUTH PLAIN on loopback
	// Users maps a login (the local part) to its password; the address is
	// login@Domain.
	Users map[string]string
}

// Start runs Dovecot and Postfix for users (login -> password) until the test
// ends. It skips the test when either is not installed, or when Postfix cannot
// run because the test is not root.
func Start(t testing.TB, users map[string]string) *Servers {
	t.Helper()
	for _, bin := range []string{"dovecot", "postfix"} {
		if _, err := findBin(bin); err != nil {
			t.Skipf("%s is not installed (.ci/run installs it): %v", bin, err)
		}
	}
	if os.Geteuid() != 0 {
		t.Skip("Postfix runs only as root")
	}
	dir := t.TempDir()
	// The mail user must reach the mailboxes under the test's temporary dirs.
	for d := dir; d != os.TempDir() && d != "/" && d != "."; d = filepath.Dir(d) {
		_ = os.Chmod(d, 0o755)
	}
	s := &Servers{Dir: dir, Users: users}
	ports := freePorts(t, 4)
	s.IMAPAddr = fmt.Sprintf("127.0.0.1:%d", ports[0])
	lmtp, auth := ports[1], ports[2]
	s.SMTPAddr = fmt.Sprintf("127.0.0.1:%d", ports[3])
	startDovecot(t, s, ports[0], lmtp, auth)
	startPostfix(t, s, ports[3], lmtp, auth)
	return s
}

func findBin(name string) (string, error) {
	if p, err := exec.LookPath(name); err == nil {
		return p, nil
	}
	p := filepath.Join("/usr/sbin", name)
	if _, err := os.Stat(p); err != nil {
		return "", err
	}
	return p, nil
}

// freePorts finds n free loopback ports.
func freePorts(t testing.TB, n int) []int {
	t.Helper()
	var ports []int
	var ls []net.Listener
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		ls = append(ls, l)
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
	}
	for _, l := range ls {
		l.Close()
	}
	return ports
}

const dovecotConf = `# written by internal/realmail for one test
base_dir = {{dir}}/dovecot-run
state_dir = {{dir}}/dovecot-state
log_path = {{dir}}/dovecot.log
protocols = imap lmtp
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
mail_location = maildir:{{dir}}/mail/%n
first_valid_uid = 1
default_login_user = dovenull
default_internal_user = dovecot
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%n {{dir}}/dovecot-users
}
userdb {
  driver = static
  args = uid={{uid}} gid={{gid}} home={{dir}}/mail/%n allow_all_users=yes
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = {{imap}}
  }
  inet_listener imaps {
    port = 0
  }
}
service lmtp {
  inet_listener lmtp {
    address = 127.0.0.1
    port = {{lmtp}}
  }
  unix_listener lmtp {
    mode = 0
  }
}
service auth {
  inet_listener {
    address = 127.0.0.1
    port = {{auth}}
  }
}
protocol lmtp {
  auth_username_format = %n
}
`

func startDovecot(t testing.TB, s *Servers, imap, lmtp, auth int) {
	t.Helper()
	mailUser, err := user.Lookup("nobody")
	if err != nil {
		t.Skipf("no user nobody for the mailboxes: %v", err)
	}
	conf := expand(dovecotConf, map[string]string{
		"dir": s.Dir, "uid": mailUser.Uid, "gid": mailUser.Gid,
		"imap": fmt.Sprint(imap), "lmtp": fmt.Sprint(lmtp), "auth": fmt.Sprint(auth),
	})
	var users strings.Builder
	for login, pass := range s.Users {
		fmt.Fprintf(&users, "%s:{PLAIN}%s\n", login, pass)
	}
	write(t, filepath.Join(s.Dir, "dovecot.conf"), conf, 0o644)
	write(t, filepath.Join(s.Dir, "dovecot-users"), users.String(), 0o644)
	mail := filepath.Join(s.Dir, "mail")
	if err := os.MkdirAll(mail, 0o755); err != nil {
		t.Fatal(err)
	}
	var uid, gid int
	fmt.Sscan(mailUser.Uid, &uid)
	fmt.Sscan(mailUser.Gid, &gid)
	if err := os.Chown(mail, uid, gid); err != nil {
		t.Fatal(err)
	}
	bin, _ := findBin("dovecot")
	cmd := exec.Command(bin, "-F", "-c", filepath.Join(s.Dir, "dovecot.conf"))
	cmd.Stdout, cmd.Stderr = logFile(t, s.Dir, "dovecot.out")
	if err := cmd.Start(); err != nil {
		t.Fatalf("start dovecot: %v", err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
		}
	})
	for _, port := range []int{imap, lmtp, auth} {
		waitPort(t, s.Dir, port, "dovecot.log")
	}
}

const postfixMain = `# written by internal/realmail for one test
compatibility_level = 3.6
queue_directory = {{dir}}/postfix-queue
data_directory = {{dir}}/postfix-data
mail_owner = postfix
setgid_group = postdrop
inet_interfaces = 127.0.0.1
inet_protocols = ipv4
myhostname = mail.{{domain}}
mydomain = {{domain}}
myorigin = {{domain}}
mydestination =
local_recipient_maps =
virtual_mailbox_domains = {{domain}}
virtual_transport = lmtp:inet:127.0.0.1:{{lmtp}}
smtpd_sasl_type = dovecot
smtpd_sasl_path = inet:127.0.0.1:{{auth}}
smtpd_sasl_auth_enable = yes
smtpd_tls_security_level = none
smtp_tls_security_level = none
smtpd_relay_restrictions = permit_sasl_authenticated, reject
smtpd_recipient_restrictions = permit_sasl_authenticated, reject
maillog_file_prefixes = {{dir}}
maillog_file = {{dir}}/postfix.log
smtputf8_enable = no
biff = no
`

// Every service runs unchrooted: the queue lives in a temporary directory.
const postfixMaster = `127.0.0.1:{{smtp}} inet n - n - - smtpd
pickup    unix  n       -       n       60      1       pickup
cleanup   unix  n       -       n       -       0       cleanup
qmgr      unix  n       -       n       300     1       qmgr
tlsmgr    unix  -       -       n       1000   1       tlsmgr
rewrite   unix  -       -       n       -       -       trivial-rewrite
bounce    unix  -       -       n       -       0       bounce
defer     unix  -       -       n       -       0       bounce
trace     unix  -       -       n       -       0       bounce
verify    unix  -       -       n       -       1       verify
flush     unix  n       -       n       1000   0       flush
proxymap  unix  -       -       n       -       -       proxymap
proxywrite unix -       -       n       -       1       proxymap
smtp      unix  -       -       n       -       -       smtp
relay     unix  -       -       n       -       -       smtp
showq     unix  n       -       n       -       -       showq
error     unix  -       -       n       -       -       error
retry     unix  -       -       n       -       -       error
discard   unix  -       -       n       -       -       discard
lmtp      unix  -       -       n       -       -       lmtp
anvil     unix  -       -       n       -       1       anvil
scache    unix  -       -       n       -       1       scache
postlog   unix-dgram n  -       n       -       1       postlogd
`

func startPostfix(t testing.TB, s *Servers, smtp, lmtp, auth int) {
	t.Helper()
	conf := filepath.Join(s.Dir, "postfix")
	for _, d := range []string{conf, filepath.Join(s.Dir, "postfix-queue"), filepath.Join(s.Dir, "postfix-data")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	vars := map[string]string{"dir": s.Dir, "domain": Domain, "smtp": fmt.Sprint(smtp), "lmtp": fmt.Sprint(lmtp), "auth": fmt.Sprint(auth)}
	if owner, err := user.Lookup("postfix"); err == nil {
		var uid, gid int
		fmt.Sscan(owner.Uid, &uid)
		fmt.Sscan(owner.Gid, &gid)
		if err := os.Chown(filepath.Join(s.Dir, "postfix-data"), uid, gid); err != nil {
			t.Fatal(err)
		}
	}
	write(t, filepath.Join(conf, "main.cf"), expand(postfixMain, vars), 0o644)
	write(t, filepath.Join(conf, "master.cf"), expand(postfixMaster, vars), 0o644)
	bin, _ := findBin("postfix")
	run := func(args ...string) {
		out, err := exec.Command(bin, append([]string{"-c", conf}, args...)...).CombinedOutput()
		if err != nil {
			t.Fatalf("postfix %v: %v\n%s\n%s", args, err, out, readLog(s.Dir, "postfix.log"))
		}
	}
	run("check")
	run("start")
	t.Cleanup(func() { exec.Command(bin, "-c", conf, "stop").Run() })
	waitPort(t, s.Dir, smtp, "postfix.log")
}

func expand(tmpl string, vars map[string]string) string {
	for k, v := range vars {
		tmpl = strings.ReplaceAll(tmpl, "{{"+k+"}}", v)
	}
	return tmpl
}

func write(t testing.TB, path, content string, mode os.FileMode) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), mode); err != nil {
		t.Fatal(err)
	}
}

func logFile(t testing.TB, dir, name string) (*os.File, *os.File) {
	f, err := os.Create(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f, f
}

func readLog(dir, name string) string {
	b, _ := os.ReadFile(filepath.Join(dir, name))
	return string(b)
}

// waitPort waits until a server accepts connections on port.
func waitPort(t testing.TB, dir string, port int, log string) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		c, err := net.DialTimeout("tcp", fmt.Sprintf("127.0.0.1:%d", port), time.Second)
		if err == nil {
			c.Close()
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("nothing listens on port %d after 15 s; %s says:\n%s", port, log, readLog(dir, log))
}

// Log returns what the servers logged, for a failing test's message.
func (s *Servers) Log() string {
	return "dovecot:\n" + readLog(s.Dir, "dovecot.log") + readLog(s.Dir, "dovecot.out") + "\npostfix:\n" + readLog(s.Dir, "postfix.log")
}
