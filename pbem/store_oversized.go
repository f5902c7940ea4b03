package pbem

import (
	"context"
	"fmt"
)

// OversizedMessage is a message sync left on the server for its size
// (schemaV4): a later sync fetches it once the limit allows.
type OversizedMessage struct {
	Account, Mailbox string
	UIDValidity, UID uint32
	Size             int64
	MessageID        string
}

const (
	insertOversizedSQL = `INSERT INTO mail_oversized (account, mailbox, uidvalidity, uid, size, message_id, seen)
VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (account, mailbox, uidvalidity, uid) DO UPDATE SET size = excluded.size`
	selectOversizedSQL = `SELECT account, mailbox, uidvalidity, uid, size, message_id FROM mail_oversized
WHERE account = ? AND mailbox = ? AND uidvalidity = ? ORDER BY uid`
	deleteOversizedSQL = `DELETE FROM mail_oversized WHERE account = ? AND mailbox = ? AND uidvalidity = ? AND uid = ?`
)

// RecordOversized remembers a message left on the server for its size.
func (t *StoreTx) RecordOversized(ctx context.Context, m OversizedMessage) error {
	if _, err := t.tx.ExecContext(ctx, insertOversizedSQL, m.Account, m.Mailbox, m.UIDValidity, m.UID, m.Size, m.MessageID, formatStoreTime(t.now)); err != nil {
		return fmt.Errorf("record oversized message %d: %w", m.UID, err)
	}
	return nil
}

// ForgetOversized forgets a message once it has been fetched.
func (t *StoreTx) ForgetOversized(ctx context.Context, account, mailbox string, uidValidity, uid uint32) error {
	if _, err := t.tx.ExecContext(ctx, deleteOversizedSQL, account, mailbox, uidValidity, uid); err != nil {
		return fmt.Errorf("forget oversized message %d: %w", uid, err)
	}
	return nil
}

// Oversized lists the messages of a mailbox left on the server for their size.
func (r storeReader) Oversized(ctx context.Context, account, mailbox string, uidValidity uint32) ([]OversizedMessage, error) {
	return queryAll(ctx, r.q, "oversized messages", func(rows scanner) (OversizedMessage, error) {
		var m OversizedMessage
		err := rows.Scan(&m.Account, &m.Mailbox, &m.UIDValidity, &m.UID, &m.Size, &m.MessageID)
		return m, err
	}, selectOversizedSQL, account, mailbox, uidValidity)
}
