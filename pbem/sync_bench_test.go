package pbem

import (
	"fmt"
	"testing"
)

// BenchmarkSyncLargeMailbox syncs a mailbox of 10,000 unrelated messages and
// 20 game messages, from the start each time; it reports the messages the
// sync downloaded per op (which must be the 20).
func BenchmarkSyncLargeMailbox(b *testing.B) {
	ctx := testCtx(b)
	w := newMailWorld(b)
	anna := mailPlayer(b, w, "Anna", "anna")
	jan := mailPlayer(b, w, "Jan", "jan")
	game := startMailGame(b, ctx, w, anna, jan)
	const games, unrelated = 20, 10000
	for i := range games {
		for j := range unrelated / games {
			w.deliver("jan", "INBOX", []byte(fmt.Sprintf("From: list@example.org\r\nTo: jan@example.org\r\n"+
				"Subject: newsletter %d/%d\r\nMessage-ID: <n%d.%d@example.org>\r\n\r\nNothing about games.\r\n", i, j, i, j)))
		}
		if i == games-1 {
			break // the invitation was the first of the 20
		}
		if _, err := anna.Do(ctx, game, []string{fmt.Sprintf("play move %d", i)}); err != nil {
			b.Fatal(err)
		}
		mustSend(b, ctx, anna, game)
	}
	cfg, err := jan.Home.LoadMailConfig()
	if err != nil {
		b.Fatal(err)
	}
	w.mu.Lock()
	w.fetched = 0
	w.mu.Unlock()
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		// Forget the read position, so that every op reads the 20 again.
		if err := jan.Store.PutMailboxState(ctx, MailboxState{Account: cfg.Account(), Mailbox: "INBOX"}); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		rep := mustSync(b, ctx, jan)
		if len(rep.Messages) != games {
			b.Fatalf("synced %d messages, want %d", len(rep.Messages), games)
		}
	}
	b.StopTimer()
	w.mu.Lock()
	fetched := w.fetched
	w.mu.Unlock()
	b.ReportMetric(float64(fetched)/float64(b.N), "downloaded/op")
	if fetched != games*b.N {
		b.Fatalf("downloaded %d messages in %d syncs, want %d each", fetched, b.N, games)
	}
}
