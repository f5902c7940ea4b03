package pbem

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// selfSigned makes a certificate for 127.0.0.1 and returns the server's TLS
// configuration and the certificate's PEM, for clients to trust.
func selfSigned(t *testing.T) (*tls.Config, []byte) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "pbem test"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)}, IsCA: true, BasicConstraintsValid: true,
		KeyUsage: x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert := tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}
	return &tls.Config{Certificates: []tls.Certificate{cert}}, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})
}

// Mail over implicit TLS and STARTTLS, trusting a private CA; without the CA
// the failure is named as TLS.
func TestMailOverTLS(t *testing.T) {
	t.Run("IMAP TLS, SMTP STARTTLS", func(t *testing.T) { testMailOverTLS(t, false) })
	t.Run("IMAP STARTTLS, SMTP TLS", func(t *testing.T) { testMailOverTLS(t, true) })
}

func testMailOverTLS(t *testing.T, swap bool) {
	ctx := testCtx(t)
	serverTLS, caPEM := selfSigned(t)
	w := newMailWorldTLS(t, serverTLS, swap)
	anna := mailPlayer(t, w, "Anna", "anna")
	jan := mailPlayer(t, w, "Jan", "jan")
	ca := filepath.Join(t.TempDir(), "ca.pem")
	if err := os.WriteFile(ca, caPEM, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, p := range []*App{anna, jan} {
		c, err := p.Home.LoadMailConfig()
		if err != nil {
			t.Fatal(err)
		}
		c.IMAP.Security, c.SMTP.Security = SecurityTLS, SecurityStartTLS
		if swap {
			c.IMAP.Security, c.SMTP.Security = SecurityStartTLS, SecurityTLS
		}
		if err := p.Home.SaveMailConfig(c); err != nil {
			t.Fatal(err)
		}
	}
	// Without the CA, the server's certificate is refused.
	errs := anna.MailTest(ctx)
	if len(errs) != 2 {
		t.Fatalf("want both servers refused for their certificate, got %v", errs)
	}
	for _, err := range errs {
		var me *MailError
		if !errors.As(err, &me) || me.Stage != StageTLS {
			t.Fatalf("want a TLS-stage failure, got %v", err)
		}
	}
	for _, p := range []*App{anna, jan} {
		c, _ := p.Home.LoadMailConfig()
		c.CAFile = ca
		if err := p.Home.SaveMailConfig(c); err != nil {
			t.Fatal(err)
		}
	}
	if errs := anna.MailTest(ctx); len(errs) != 0 {
		t.Fatalf("with the CA trusted: %v", errs)
	}
	startMailGame(t, ctx, w, anna, jan)
}
