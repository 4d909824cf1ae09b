package reference

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/google/uuid"

	"portal/provider"
)

// OutboxService owns the messages the portal sends (e-mail, SMS), written in
// the transaction that sends them; auth, organisations and exports send through it.
type OutboxService struct{ *core }

// Outbox page size limits.
const (
	DefaultOutboxLimit = 50
	MaxOutboxLimit     = 500
)

var (
	qOutboxInsert = sq("outbox-insert")
	qOutboxNewest = sq("outbox-newest")
)

// sendMessage "sends" an e-mail or SMS: the reference provider has no gateway, so it
// records the message in the outbox, where the sandbox shows it. The outbox therefore holds
// live codes and links until they expire; only a sandbox may show it.
func (s *OutboxService) sendMessage(ctx context.Context, tx *sql.Tx, m provider.OutboxMessage) error {
	_, err := tx.ExecContext(ctx, qOutboxInsert,
		uuid.NewString(), m.Kind, m.To, m.Subject, m.Body, m.Link, formatTime(s.now()))
	if err != nil {
		return fmt.Errorf("reference: outbox: %w", err)
	}
	return nil
}

// Outbox lists the newest limit messages, newest first (limit <= 0 means
// DefaultOutboxLimit; at most MaxOutboxLimit).
func (s *OutboxService) Outbox(ctx context.Context, limit int) ([]provider.OutboxMessage, error) {
	if limit <= 0 {
		limit = DefaultOutboxLimit
	}
	limit = min(limit, MaxOutboxLimit)
	return collect(ctx, s.read, "outbox", qOutboxNewest, []any{limit}, func(sc scanner) (provider.OutboxMessage, error) {
		var m provider.OutboxMessage
		var created string
		err := sc.Scan(&m.ID, &m.Kind, &m.To, &m.Subject, &m.Body, &m.Link, &created)
		if err == nil {
			m.CreatedAt, err = parseTime(created)
		}
		return m, err
	})
}
