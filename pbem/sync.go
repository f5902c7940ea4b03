package pbem

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"

	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/replay"
)

// fetchBatch is how many messages one UID FETCH of sizes asks for. Each
// message that fits the limit is then downloaded on its own, read as it
// arrives; the mailbox position is saved after each, so a cut connection
// costs at most one message downloaded twice.
const fetchBatch = 16

// SyncedMessage is one fetched message and what became of it.
type SyncedMessage struct {
	UID       uint32
	MessageID string
	Game      string
	Import    *ImportReport // nil when the message was not imported
	// Problem says why the message was not imported, or what failed in it; the
	// message is then left where it is.
	Problem error
	// Queued are the hand-overs queued because importing it made this player
	// answer the dice protocol.
	Queued []Queued
	// Held are the unconfirmed addresses that kept such an answer from being
	// queued: it is stored, and goes when the player chooses ('pbem send
	// GAME --to ADDRESS').
	Held []AddressWarning
}

// GameWaiting is what one game awaits after a sync.
type GameWaiting struct {
	Game    GameRecord
	Waiting replay.Waiting
	// Head is the hash of the log's newest line: what the game waits for
	// changes only with it.
	Head string
	// Yours is true when this player must act (a human choice).
	Yours bool
	// Issues are what the player must see first (an equivocation, a fork); a
	// game that is Stuck is nobody's turn.
	Issues []Issue
	// Hint says what to run, e.g. "pbem join GAME".
	Hint string
	// Warnings are the seats whose hand-overs would go to an unconfirmed
	// address.
	Warnings []AddressWarning
}

// SyncReport says what a sync did.
type SyncReport struct {
	Mailbox    string
	Reset      bool // UIDVALIDITY changed: the mailbox was read from the start
	Messages   []SyncedMessage
	Moved      int // messages moved to the processed folder
	Flush      *FlushReport
	FlushError error
	Games      []GameWaiting
	// Invitations are the invitations not expected (Invitation.Expected),
	// listed apart from the games; declined ones are left out.
	Invitations []Invitation
	// Repaired are the games an older pbem had forked, put right (Repair).
	Repaired []*ImportReport
}

// Sync fetches the new game messages, imports and verifies each, sends the
// outbox, and reports what waits in each game. Only messages with an
// X-PBEM-Game header and a UID above the last one seen are downloaded; the
// server finds them. A message that fails verification is reported and left
// in place, and changes nothing stored.
func (a *App) Sync(ctx context.Context) (*SyncReport, error) {
	return a.sync(ctx, nil)
}

func (a *App) sync(ctx context.Context, opts *imapclient.Options) (*SyncReport, error) {
	cfg, err := a.Home.LoadMailConfig()
	if err != nil {
		return nil, err
	}
	password, err := cfg.Password(ctx)
	if err != nil {
		return nil, err
	}
	s, err := dialIMAP(ctx, cfg, password, opts)
	if err != nil {
		return nil, err
	}
	defer s.Close()
	rep, err := a.fetchNew(ctx, s, cfg)
	if err != nil {
		return rep, err
	}
	if rep.Repaired, err = a.RepairAll(ctx); err != nil {
		return rep, err
	}
	rep.Flush, rep.FlushError = a.FlushOutbox(ctx)
	rep.Games, rep.Invitations, err = a.gamesWaiting(ctx)
	return rep, err
}

// fetchNew reads the new game messages of the folder on a logged-in session.
func (a *App) fetchNew(ctx context.Context, s *imapSession, cfg MailConfig) (*SyncReport, error) {
	box := cfg.Mailbox()
	rep := &SyncReport{Mailbox: box}
	sel, err := s.selectFolder(cfg, box)
	if err != nil {
		return rep, err
	}
	state, ok, err := a.Store.MailboxState(ctx, cfg.Account(), box)
	if err != nil {
		return rep, err
	}
	if !ok || state.UIDValidity != sel.UIDValidity {
		// The UIDs seen before mean nothing now: read again from the start;
		// what was imported already counts as duplicates.
		rep.Reset = ok
		state = MailboxState{Account: cfg.Account(), Mailbox: box, UIDValidity: sel.UIDValidity}
	}
	uids, retried, err := a.uidsToFetch(ctx, s, cfg, state)
	if err != nil {
		return rep, err
	}
	var done imap.UIDSet
	for len(uids) > 0 {
		batch := uids[:min(fetchBatch, len(uids))]
		uids = uids[len(batch):]
		metas, err := fetchMetas(s, cfg, batch)
		if err != nil {
			return rep, err
		}
		for _, uid := range batch {
			meta, ok := metas[uint32(uid)]
			if !ok {
				continue // expunged since the search
			}
			sm, fetched, err := a.syncMessage(ctx, s, cfg, meta)
			if err != nil {
				return rep, err
			}
			if ctx.Err() != nil {
				// Stopped mid-import: leave the message to be read again.
				return rep, ctx.Err()
			}
			state.LastUID = max(state.LastUID, sm.UID)
			imported, err := a.recordSynced(ctx, state, meta, sm, fetched, retried[sm.UID])
			if err != nil {
				return rep, err
			}
			if imported {
				done.AddNum(uid)
			}
			rep.Messages = append(rep.Messages, sm)
		}
	}
	if cfg.Processed != "" && len(done) > 0 {
		if err := s.do(StageFolder, fmt.Sprintf("move to %q", cfg.Processed), func() error {
			return moveProcessed(s.c, done, cfg.Processed)
		}); err != nil {
			return rep, err
		}
		n, _ := done.Nums()
		rep.Moved = len(n)
	}
	return rep, nil
}

// uidsToFetch lists, in order, the game messages of the folder past the
// position state keeps, with those an earlier sync left on the server for
// their size that the limit now allows (retried).
func (a *App) uidsToFetch(ctx context.Context, s *imapSession, cfg MailConfig, state MailboxState) (uids []imap.UID, retried map[uint32]bool, err error) {
	crit := &imap.SearchCriteria{
		Header: []imap.SearchCriteriaHeaderField{{Key: HeaderGame, Value: ""}},
		UID:    []imap.UIDSet{{imap.UIDRange{Start: imap.UID(state.LastUID + 1), Stop: 0}}},
	}
	var found *imap.SearchData
	if err := s.do(StageFolder, fmt.Sprintf("search %q", state.Mailbox), func() (err error) {
		found, err = s.c.UIDSearch(crit, nil).Wait()
		return err
	}); err != nil {
		return nil, nil, err
	}
	for _, u := range found.AllUIDs() {
		// "N:*" matches the newest message even when its UID is below N.
		if uint32(u) > state.LastUID {
			uids = append(uids, u)
		}
	}
	left, err := a.Store.Oversized(ctx, state.Account, state.Mailbox, state.UIDValidity)
	if err != nil {
		return nil, nil, err
	}
	retried = map[uint32]bool{}
	for _, m := range left {
		if m.Size <= int64(cfg.MaxMessage()) && m.UID <= state.LastUID {
			uids = append(uids, imap.UID(m.UID))
			retried[m.UID] = true
		}
	}
	slices.Sort(uids)
	return slices.Compact(uids), retried, nil
}

// recordSynced stores what became of a message and moves the mailbox
// position to state, in one transaction: the import was its own, so a crash
// in between reads one message again, which is harmless. A message too large
// is remembered, to be fetched once the limit allows it; one retried
// (fetched after all) is forgotten. It says whether the message was
// imported.
func (a *App) recordSynced(ctx context.Context, state MailboxState, meta messageMeta, sm SyncedMessage, fetched, retried bool) (imported bool, err error) {
	result := "imported"
	var tooLarge *MessageTooLargeError
	switch {
	case errors.As(sm.Problem, &tooLarge):
		result = fmt.Sprintf("left on the server: %s, over the limit of %s", formatSize(tooLarge.Size), formatSize(tooLarge.Limit))
	case sm.Problem != nil:
		result = "not imported: " + sm.Problem.Error()
	}
	seen := SeenMessage{Account: state.Account, Mailbox: state.Mailbox, UIDValidity: state.UIDValidity,
		UID: sm.UID, MessageID: sm.MessageID, Game: sm.Game, Result: result}
	err = a.Store.Update(ctx, func(tx *StoreTx) error {
		if err := tx.RecordSeen(ctx, seen); err != nil {
			return err
		}
		switch {
		case tooLarge != nil && !retried:
			if err := tx.RecordOversized(ctx, OversizedMessage{Account: state.Account, Mailbox: state.Mailbox,
				UIDValidity: state.UIDValidity, UID: sm.UID, Size: meta.Size, MessageID: meta.MessageID}); err != nil {
				return err
			}
		case fetched && retried:
			if err := tx.ForgetOversized(ctx, state.Account, state.Mailbox, state.UIDValidity, sm.UID); err != nil {
				return err
			}
		}
		return tx.PutMailboxState(ctx, state)
	})
	return sm.Problem == nil, err
}

// moveProcessed moves messages to the processed folder. Without MOVE or
// UIDPLUS, removing them would need a plain EXPUNGE, which also purges
// whatever else the player had marked deleted: then they are only copied.
func moveProcessed(c *imapclient.Client, uids imap.UIDSet, folder string) error {
	if c.Caps().Has(imap.CapMove) || c.Caps().Has(imap.CapUIDPlus) {
		_, err := c.Move(uids, folder).Wait()
		return err
	}
	_, err := c.Copy(uids, folder).Wait()
	return err
}

// syncMessage downloads one message, unless the server reports it larger
// than the limit (then it stays on the server, reported), and imports its log
// as a whole log: a tampered message stores nothing at all. fetched says
// whether it was downloaded; err is the connection's failure.
func (a *App) syncMessage(ctx context.Context, s *imapSession, cfg MailConfig, meta messageMeta) (sm SyncedMessage, fetched bool, err error) {
	sm = SyncedMessage{UID: meta.UID, MessageID: meta.MessageID, Game: meta.Game}
	if limit := int64(cfg.MaxMessage()); meta.Size > limit {
		sm.Problem = &MessageTooLargeError{Message: meta, Size: meta.Size, Limit: limit, Config: a.Home.MailConfigPath()}
		return sm, false, nil
	}
	msg, spool, problem, err := a.download(ctx, s, cfg, meta.UID)
	if err != nil {
		return sm, true, err
	}
	if msg != nil && msg.MessageID != "" {
		sm.MessageID = msg.MessageID
	}
	if msg != nil && msg.Game != "" {
		sm.Game = msg.Game
	}
	if problem != nil {
		sm.Problem = problem
		return sm, true, nil
	}
	defer closeSpool(spool)
	a.importMessage(ctx, &sm, msg, spool)
	return sm, true, nil
}

// importMessage imports the log of a received message, read from log.
func (a *App) importMessage(ctx context.Context, sm *SyncedMessage, msg *Received, log io.Reader) {
	// A message that crashes pbem is reported, and the others are still read.
	defer recoverBug(&sm.Problem)
	source := "mail " + msg.MessageID
	if msg.MessageID == "" {
		source = "mail from " + msg.From
	}
	ir, err := a.ImportWhole(ctx, log, source)
	sm.Import = ir
	if ir != nil {
		sm.Game = ir.Game
	}
	switch {
	case err != nil:
		sm.Problem = err
	case ir.Failed != nil:
		sm.Problem = ir.Failed
	case len(ir.Equivocations) > 0:
		sm.Problem = ir.Equivocations[0]
	}
	if ir != nil && ir.Failed == nil && len(ir.Added) > 0 {
		// Where the seat that wrote the newest entry mails from, to compare
		// with where its hand-overs go.
		by := ir.Added[len(ir.Added)-1].Entry.By
		if err := a.noteSender(ctx, ir.Game, by, msg.From); err != nil && sm.Problem == nil {
			sm.Problem = fmt.Errorf("record the sender's address: %w", err)
		}
	}
	if ir != nil && ir.Changed() {
		// The dice protocol made this player answer, or a race made pbem
		// re-base the player's entries: they go back by mail with no one
		// asking, unless an address is unconfirmed.
		q, qerr := a.QueueHandOver(ctx, ir.Game)
		sm.Queued = q
		var held *AddressError
		switch {
		case errors.As(qerr, &held):
			sm.Held = held.Warnings
		case qerr != nil && sm.Problem == nil:
			sm.Problem = fmt.Errorf("queue the dice answer or re-based entries: %w", qerr)
		}
	}
}

// recoverBug turns a panic into *problem, so that one message that makes
// pbem crash is reported as that message's problem and sync goes on with the
// next: it is deferred around the work done on each message.
func recoverBug(problem *error) {
	if p := recover(); p != nil {
		*problem = fmt.Errorf("pbem failed on this message (a bug in pbem; please report it): %v", p)
	}
}

// gamesWaiting reports what each unfinished game awaits, and lists apart the
// invitations that are not expected. Declined invitations are left out.
func (a *App) gamesWaiting(ctx context.Context) ([]GameWaiting, []Invitation, error) {
	games, err := a.Store.Games(ctx)
	if err != nil {
		return nil, nil, err
	}
	book := &keyBook{a: a}
	var out []GameWaiting
	var invitations []Invitation
	for _, g := range games {
		if g.Status == StatusFinished || g.Status == StatusDeclined {
			continue
		}
		r, err := a.Replay(ctx, g.ID)
		if err != nil {
			return out, invitations, err
		}
		w := r.Waiting()
		gw := GameWaiting{Game: g, Waiting: w, Head: r.Head()}
		inv, invited, err := a.invitation(ctx, g, r, book)
		if err != nil {
			return out, invitations, err
		}
		if gw.Issues, err = a.Issues(ctx, g, r); err != nil {
			return out, invitations, err
		}
		switch {
		case invited && !inv.Expected():
			invitations = append(invitations, inv)
			continue
		case Stuck(gw.Issues):
			gw.Hint = "pbem status " + g.ID
		case invited:
			gw.Yours = true
			gw.Hint = "pbem join " + g.ID
		case w.Over:
		case slices.Contains(w.Seats, g.Seat) || g.Dice == string(logs.DiceSolo):
			gw.Yours = !w.Dice
			if w.Dice {
				gw.Hint = "pbem sync answers it (no choice is needed)"
			} else {
				gw.Hint = fmt.Sprintf("pbem do %s ..., then pbem send %s", g.ID, g.ID)
			}
		}
		if !invited {
			if gw.Warnings, err = a.AddressWarnings(ctx, g, r); err != nil {
				return out, invitations, err
			}
		}
		out = append(out, gw)
	}
	return out, invitations, nil
}
