package reference

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"time"

	"portal/provider"
)

var (
	qDraftDeleteAbandoned = sq("draft-delete-abandoned")
)

// DraftCleanupPoll is how often the cleanup looks for abandoned drafts unless told
// otherwise: a draft is kept for days, so an hour late is nothing.
const DraftCleanupPoll = time.Hour

// draftCleanupChunk bounds one cleanup transaction: a wizard abandoned by thousands of
// scripted calls must not hold the one writer for long (docs/store.md, bounded writes).
const draftCleanupChunk = 200

// DraftCleanupOptions tune the abandoned-draft cleanup. Zero values mean the defaults.
type DraftCleanupOptions struct {
	Logger *slog.Logger
	// Poll is how often it runs (DraftCleanupPoll).
	Poll time.Duration
}

// DraftCleanupEnv reads the poll from PORTAL_DRAFT_CLEANUP_POLL (a Go duration); a value
// that does not parse is reported and the default kept.
func DraftCleanupEnv(log *slog.Logger) DraftCleanupOptions {
	o := DraftCleanupOptions{Logger: log}
	readDurations(log, envDuration{"PORTAL_DRAFT_CLEANUP_POLL", &o.Poll})
	return o
}

// StartDraftCleanup deletes abandoned drafts at once and then every Poll, until ctx ends or
// the returned stop is called.
func (s *DraftService) StartDraftCleanup(ctx context.Context, o DraftCleanupOptions) (stop func()) {
	if o.Poll <= 0 {
		o.Poll = DraftCleanupPoll
	}
	return startWorker(ctx, o.Logger, "draft cleanup", o.Poll, nil, func(ctx context.Context) (int, error) {
		return s.DeleteAbandonedDrafts(ctx, s.now())
	})
}

// DeleteAbandonedDrafts deletes the drafts still being built (status draft) whose last change
// is provider.DraftKeep or more before now, and says how many. It works in transactions of
// at most draftCleanupChunk drafts, each through the store's one transaction helper; drafts
// sent for review, declined or published are never touched (they are records of decisions).
// A draft saved again between two chunks is re-checked by the chunk's own statement, so
// nothing changed within the keep is deleted.
func (s *DraftService) DeleteAbandonedDrafts(ctx context.Context, now time.Time) (int, error) {
	cutoff := formatTime(now.Add(-provider.DraftKeep))
	total := 0
	for {
		var n int64
		err := s.inTx(ctx, "delete abandoned drafts", func(tx *sql.Tx) error {
			res, err := tx.ExecContext(ctx, qDraftDeleteAbandoned, cutoff, draftCleanupChunk)
			if err != nil {
				return fmt.Errorf("reference: delete abandoned drafts: %w", err)
			}
			n, err = res.RowsAffected()
			return err
		})
		total += int(n)
		if err != nil || n < draftCleanupChunk || ctx.Err() != nil {
			return total, err
		}
	}
}
