package reference

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"portal/provider"
)

var (
	qBatchPublishStart   = sq("batch-publish-start")
	qBatchPublishing     = sq("batch-publishing")
	qBatchPublishState   = sq("batch-publish-state")
	qBatchPublishAdvance = sq("batch-publish-advance")
	qBatchRowsAfter      = sq("batch-rows-after")
)

// A completed batch's rows become payout requests in chunks, each its own write transaction
// that also moves the batch's publish_cursor past the rows it published. SQLite has one
// writer: publishing 10,000 rows in the transaction that completes the batch held it for
// seconds, and every other write (a transfer, another process's export worker) waited or
// failed on its busy timeout. A chunk reads at most publishChunkRows rows and stops inserting
// after publishChunkBudget, leaving the rest of the 200 ms it may hold the writer to its commit
// (an fsync, sometimes a WAL checkpoint); other writers queue behind one chunk at most.
//
// Completing the batch only sets publish_cursor to 0; whoever completed it then publishes the
// first chunk (a batch of up to a few hundred rows is then done when the approval answers) and
// wakes the payout processor, which publishes the rest, as it finishes any batch whose
// publisher stopped (a crash). Each chunk reads the cursor under the write lock, so two
// publishers of one batch take turns and never publish a row twice or skip one.
//
// Between chunks the processor rests as long as the last chunk took. Writers of this process
// queue for the one writer connection in turn anyway, but another process's writer waits in
// SQLite's busy handler, which polls the lock with growing sleeps (up to 100 ms): without the
// rest the next chunk takes the lock again before the poll, and that writer can starve for
// seconds. With it, each poll finds the lock free about half the time.
const (
	publishChunkBudget = 50 * time.Millisecond
	publishChunkRows   = 500
)

// startPublishing marks batchID's rows to become payout requests; call publishFirstChunk
// after tx commits.
func startPublishing(ctx context.Context, tx *sql.Tx, batchID string) error {
	if _, err := tx.ExecContext(ctx, qBatchPublishStart, batchID); err != nil {
		return fmt.Errorf("reference: publish batch: %w", err)
	}
	return nil
}

// publishFirstChunk publishes the first chunk of a batch just completed and leaves the rest,
// if any, to the payout processor.
func (s *BatchService) publishFirstChunk(ctx context.Context, batchID string) error {
	_, err := s.publishBatchChunk(ctx, batchID)
	s.payouts.wakePayouts()
	return err
}

// publishBatchChunks publishes batchID's waiting rows chunk by chunk until none is left,
// resting between chunks as long as the last one took.
func (s *BatchService) publishBatchChunks(ctx context.Context, batchID string) error {
	for {
		start := time.Now()
		done, err := s.publishBatchChunk(ctx, batchID)
		if err != nil || done {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Since(start)):
		}
	}
}

// publishWaitingBatches finishes every batch whose rows are not all published yet.
func (s *BatchService) publishWaitingBatches(ctx context.Context) error {
	rows, err := s.read.QueryContext(ctx, qBatchPublishing)
	if err != nil {
		return fmt.Errorf("reference: waiting batches: %w", err)
	}
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return fmt.Errorf("reference: waiting batches: %w", err)
		}
		ids = append(ids, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("reference: waiting batches: %w", err)
	}
	for _, id := range ids {
		if err := s.publishBatchChunks(ctx, id); err != nil {
			return err
		}
	}
	return nil
}

// publishBatchChunk publishes the next rows of batchID, in file order, for at most
// publishChunkBudget; done when no row is left.
func (s *BatchService) publishBatchChunk(ctx context.Context, batchID string) (done bool, err error) {
	err = s.inTx(ctx, "publish batch", func(tx *sql.Tx) error {
		start := time.Now()
		var orgID, creatorID, creatorName, approvals string
		var cursor sql.NullInt64
		err := tx.QueryRowContext(ctx, qBatchPublishState, batchID).Scan(&orgID, &creatorID, &creatorName, &approvals, &cursor)
		if err != nil {
			return fmt.Errorf("reference: publish batch: %w", err)
		}
		if !cursor.Valid {
			done = true
			return nil
		}
		var reviews []provider.BatchReview
		if err := json.Unmarshal([]byte(approvals), &reviews); err != nil {
			return fmt.Errorf("reference: publish batch: %w", err)
		}
		var pr []provider.PayoutReview
		for _, r := range reviews {
			pr = append(pr, provider.PayoutReview{ReviewerName: r.UserName, CreatedAt: r.CreatedAt})
		}
		reqs, seqs, err := batchRowsAfter(ctx, tx, batchID, cursor.Int64, s.publishChunkRows)
		if err != nil {
			return err
		}
		n := 0
		for _, p := range reqs {
			if n > 0 && time.Since(start) > s.publishChunkBudget {
				break
			}
			p.Source, p.BatchID, p.CreatedBy, p.CreatorName, p.Reviews = provider.SourceCSV, batchID, creatorID, creatorName, pr
			if err := senderIsOrganisation(ctx, tx, orgID, &p); err != nil {
				return err
			}
			p, hash, err := preparePayout(p)
			if err != nil {
				return err
			}
			if _, err := s.payouts.insertPayout(ctx, tx, orgID, p, hash); err != nil {
				return err
			}
			n++
		}
		next := any(nil) // every row published
		if done = n == len(reqs) && len(reqs) < s.publishChunkRows; !done {
			next = seqs[n-1]
		}
		if _, err := tx.ExecContext(ctx, qBatchPublishAdvance,
			next, n, batchID); err != nil {
			return fmt.Errorf("reference: publish batch: %w", err)
		}
		return nil
	})
	return done, err
}

// batchRowsAfter reads up to limit rows of batchID after seq cursor as payout requests, with
// their seqs.
func batchRowsAfter(ctx context.Context, tx *sql.Tx, batchID string, cursor int64, limit int) ([]provider.PayoutCreate, []int64, error) {
	rows, err := tx.QueryContext(ctx, qBatchRowsAfter, batchID, cursor, limit)
	if err != nil {
		return nil, nil, fmt.Errorf("reference: publish batch: %w", err)
	}
	defer rows.Close()
	var reqs []provider.PayoutCreate
	var seqs []int64
	for rows.Next() {
		var p provider.PayoutCreate
		var seq int64
		var sections string
		if err := rows.Scan(&seq, &p.EndToEndID, &p.AccountNumber, &p.Amount, &p.Currency, &p.LocalInstrument, &p.PurposeCode,
			&p.RequestedExecutionDate, &p.BusinessUnit, &sections); err != nil {
			return nil, nil, fmt.Errorf("reference: publish batch: %w", err)
		}
		if err := json.Unmarshal([]byte(sections), &p.PayoutSections); err != nil {
			return nil, nil, fmt.Errorf("reference: publish batch: %w", err)
		}
		reqs, seqs = append(reqs, p), append(seqs, seq)
	}
	if err := rows.Err(); err != nil {
		return nil, nil, fmt.Errorf("reference: publish batch: %w", err)
	}
	return reqs, seqs, nil
}
