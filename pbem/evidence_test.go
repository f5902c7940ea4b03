package pbem

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/sha256"
	"fmt"
	"strings"
	"testing"

	"golang.org/x/crypto/ssh"

	"github.com/pbem-referee/pbem/logs"
)

// jansEntry6 builds another entry 6 for Jan's seat on the log as anna holds
// it, signed by signer: with Jan's key a version he might really sign, with
// any other a forgery.
func jansEntry6(t *testing.T, anna *App, game string, signer ssh.Signer, text string) []byte {
	t.Helper()
	_, r, err := anna.Status(context.Background(), game)
	if err != nil {
		t.Fatal(err)
	}
	b := r.NextBody("german", logs.KindNote, anna.Now())
	b.Seq, b.Prev, b.State, b.Text = 6, r.Entry(6).Prev, r.Entry(6).State, text
	e, err := logs.SignBody(signer, b)
	if err != nil {
		t.Fatal(err)
	}
	return e.Line
}

// jansMove6 is started with Jan's move as entry 6, in both stores; prior is
// the log before it, to which another entry 6 can be added.
func jansMove6(t *testing.T) (anna, jan *App, game string, prior []byte) {
	anna, jan, game = started(t)
	do(t, jan, game, "play a move")
	send(t, jan, anna, game)
	for _, l := range splitLines(exportLog(t, context.Background(), anna, game))[:6] {
		prior = append(prior, l...)
	}
	return anna, jan, game, prior
}

// A real equivocation is still reported, and kept as evidence: Jan signs a
// move and a note as entry 6.
func TestEquivocationStillReported(t *testing.T) {
	anna, jan, game, prior := jansMove6(t)
	ctx := context.Background()
	id, _ := jan.Identity()
	other := jansEntry6(t, anna, game, id.Signer(), "and a note instead")
	rep, err := anna.Import(ctx, bytes.NewReader(append(prior, other...)), "other.pbem")
	if err != nil || len(rep.Equivocations) != 1 || len(rep.Races) != 0 {
		t.Fatalf("want one equivocation, no race: %+v %v", rep, err)
	}
	is := issuesOf(t, anna, game)
	if len(is) != 1 || is[0].Kind != IssueEquivocation || !is[0].Stuck || !strings.Contains(is[0].Text, "EQUIVOCATION at entry 6") ||
		!strings.Contains(is[0].Text, "german") {
		t.Fatalf("anna's status shows the equivocation first and the game stuck: %+v", is)
	}
}

// The flood: lines for entry 6 forged under Jan's seat (signed by another
// key), and thousands of different versions really signed by Jan, arrive one
// file each. Forgeries are refused and recorded nowhere; of Jan's versions at
// most MaxEvidencePerSeq are kept; the log is untouched.
func TestEvidenceFloodBounded(t *testing.T) {
	anna, jan, game, prior := jansMove6(t)
	ctx := context.Background()
	before := exportLog(t, ctx, anna, game)
	seed := sha256.Sum256([]byte("mallory"))
	mallory, _ := ssh.NewSignerFromKey(ed25519.NewKeyFromSeed(seed[:]))
	id, _ := jan.Identity()
	n := 1000
	if testing.Short() {
		n = 150
	}
	for i := range n {
		forged := jansEntry6(t, anna, game, mallory, fmt.Sprint("forged ", i))
		rep, err := anna.Import(ctx, bytes.NewReader(append(prior[:len(prior):len(prior)], forged...)), "flood")
		if err != nil || rep.Failed == nil || len(rep.Equivocations) != 0 {
			t.Fatalf("a forged line is refused, not evidence: %+v %v", rep, err)
		}
		signed := jansEntry6(t, anna, game, id.Signer(), fmt.Sprint("version ", i))
		if rep, err = anna.Import(ctx, bytes.NewReader(append(prior[:len(prior):len(prior)], signed...)), "flood"); err != nil || len(rep.Equivocations) != 1 {
			t.Fatalf("a version signed by jan is an equivocation: %+v %v", rep, err)
		}
	}
	var rows, size int
	if err := anna.Store.db.QueryRow(`SELECT count(*), coalesce(sum(length(line) + length(other)), 0) FROM equivocations`).Scan(&rows, &size); err != nil {
		t.Fatal(err)
	}
	if rows != MaxEvidencePerSeq || size > 2*MaxEvidencePerSeq*len(lineAt(t, anna, game, 6))+4096 {
		t.Fatalf("%d lines (%d bytes) of evidence kept; the bound is %d lines", rows, size, MaxEvidencePerSeq)
	}
	if after := exportLog(t, ctx, anna, game); !bytes.Equal(before, after) {
		t.Fatal("the flood changed the log")
	}
}
