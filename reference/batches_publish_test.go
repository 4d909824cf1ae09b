package reference

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"portal/reference/demo"
	"sync"
	"testing"
	"time"

	"portal/provider"
	"portal/reference/db"
)

// approveFully gives batch id the two approvals Nordic needs.
func approveFully(t testing.TB, s *Store, id string) provider.Batch {
	t.Helper()
	ctx := context.Background()
	var b provider.Batch
	var err error
	for _, u := range []string{demo.UserAdminReviewerID, demo.UserOperationsMemberReviewerID} {
		if b, err = s.ApproveBatch(ctx, demo.Org1ID, id, provider.BatchReviewer{UserID: u, Name: u}); err != nil {
			t.Fatalf("approval by %s: %v", u, err)
		}
	}
	return b
}

// completeUnpublished writes what a completing approval's transaction writes, and stops there
// as a process that dies right after it would.
func completeUnpublished(t *testing.T, s *Store, id string) {
	t.Helper()
	ctx := context.Background()
	if err := s.inTx(ctx, "complete", func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE batches SET status = 'completed' WHERE id = ?`, id); err != nil {
			return err
		}
		return startPublishing(ctx, tx, id)
	}); err != nil {
		t.Fatal(err)
	}
}

// publication is what the store says of a batch's publication: its progress, whether rows are
// still waiting, and the batch's payouts by end-to-end id.
func publication(t *testing.T, s *Store, id string) (published int, waiting bool, e2es map[string]int) {
	t.Helper()
	var cursor sql.NullInt64
	if err := s.read.QueryRow(`SELECT published_rows, publish_cursor FROM batches WHERE id = ?`, id).Scan(&published, &cursor); err != nil {
		t.Fatal(err)
	}
	rows, err := s.read.Query(`SELECT end_to_end_id FROM payout_requests WHERE batch_id = ?`, id)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	e2es = map[string]int{}
	for rows.Next() {
		var e2e string
		if err := rows.Scan(&e2e); err != nil {
			t.Fatal(err)
		}
		e2es[e2e]++
	}
	return published, cursor.Valid, e2es
}

func wantAllPublished(t *testing.T, s *Store, id, prefix string, n int) {
	t.Helper()
	published, waiting, e2es := publication(t, s, id)
	if published != n || waiting || len(e2es) != n {
		t.Errorf("published %d of %d (rows waiting: %v), %d payouts", published, n, waiting, len(e2es))
	}
	for i := range n {
		if e2e := fmt.Sprintf("%s-%05d", prefix, i); e2es[e2e] != 1 {
			t.Errorf("row %s became %d payouts", e2e, e2es[e2e])
		}
	}
}

// chunkingBatch is a seeded store whose chunks are rows and budget, with a batch of n rows
// uploaded and waiting for its approvals; the write statistics count from there.
func chunkingBatch(t *testing.T, rows int, budget time.Duration, prefix string, n int) (*Store, provider.BatchUploadResult) {
	t.Helper()
	s := seededStore(t)
	s.publishChunkRows, s.publishChunkBudget = rows, budget
	res, err := upload(s, batchCSV(t, s, prefix, n, nil), demo.UserOperationsMemberID)
	if err != nil {
		t.Fatal(err)
	}
	db.ResetStats(s.write)
	return s, res
}

func TestApprovedBatchPublishesInChunks(t *testing.T) {
	t.Parallel()
	s, res := chunkingBatch(t, 7, time.Hour, "CH", 30)
	if b := approveFully(t, s, res.BatchID); b.Status != provider.BatchCompleted {
		t.Fatalf("status %s", b.Status)
	}
	// The approval published the first chunk; the batch shows how far it is.
	if published, waiting, e2es := publication(t, s, res.BatchID); published != 7 || !waiting || len(e2es) != 7 {
		t.Errorf("after the approval: published %d, waiting %v, %d payouts", published, waiting, len(e2es))
	}
	// The payout processor's part.
	if err := s.publishWaitingBatches(context.Background()); err != nil {
		t.Fatal(err)
	}
	wantAllPublished(t, s, res.BatchID, "CH", 30)
	// Two approvals, then 30 rows at most 7 a chunk: five chunks.
	if got := db.StatsOf(s.write).Commits; got != 2+5 {
		t.Errorf("%d write transactions, want 7", got)
	}
	checkPayoutMoney(t, s)
}

// A chunk ends when its time is up, though rows are left in what it read: with no time at all,
// each chunk publishes the one row it must to make progress.
func TestBatchChunkEndsWithItsTime(t *testing.T) {
	t.Parallel()
	s, res := chunkingBatch(t, 100, time.Nanosecond, "TB", 5)
	approveFully(t, s, res.BatchID)
	if err := s.publishWaitingBatches(context.Background()); err != nil {
		t.Fatal(err)
	}
	wantAllPublished(t, s, res.BatchID, "TB", 5)
	if got := db.StatsOf(s.write).Commits; got != 2+5 {
		t.Errorf("%d write transactions, want 2 approvals and 5 chunks", got)
	}
}

// A publisher that stops after a chunk (the process dies) leaves the batch showing its
// progress; the payout processor, here of another process on the same file, publishes the
// rest, each row once.
func TestBatchPublicationResumesAfterACrash(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	path := copyTemplate(t, &templateNow, Options{Argon2Params: cheapParams})
	first := openTestStoreNoCleanup(t, path)
	first.publishChunkRows, first.publishChunkBudget = 7, time.Hour
	res, err := upload(first, batchCSV(t, first, "CR", 30, nil), demo.UserOperationsMemberID)
	if err != nil {
		t.Fatal(err)
	}
	// The first approval, the completing approval's transaction, one chunk, and the process
	// is gone.
	if _, err := first.ApproveBatch(ctx, demo.Org1ID, res.BatchID, provider.BatchReviewer{UserID: demo.UserAdminReviewerID, Name: "a"}); err != nil {
		t.Fatal(err)
	}
	completeUnpublished(t, first, res.BatchID)
	if done, err := first.publishBatchChunk(ctx, res.BatchID); err != nil || done {
		t.Fatalf("first chunk: done %v, %v", done, err)
	}
	if published, waiting, e2es := publication(t, first, res.BatchID); published != 7 || !waiting || len(e2es) != 7 {
		t.Fatalf("after one chunk: published %d, waiting %v, %d payouts", published, waiting, len(e2es))
	}
	if err := first.Close(); err != nil {
		t.Fatal(err)
	}

	// Two processors of a restarted deployment resume it at once.
	var wg sync.WaitGroup
	stores := []*Store{openTestStore(t, path), openTestStore(t, path)}
	for _, s := range stores {
		s.publishChunkRows, s.publishChunkBudget = 5, time.Hour
		wg.Go(func() {
			if err := s.publishWaitingBatches(ctx); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	wantAllPublished(t, stores[0], res.BatchID, "CR", 30)
	checkPayoutMoney(t, stores[0])
}

// Rows of a batch still being published keep their end-to-end ids from another upload, as the
// rows of a batch waiting for review do.
func TestBatchRowsBeingPublishedKeepTheirIDs(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := seededStore(t)
	s.publishChunkRows, s.publishChunkBudget = 4, time.Hour
	res, err := upload(s, batchCSV(t, s, "KP", 10, nil), demo.UserOperationsMemberID)
	if err != nil {
		t.Fatal(err)
	}
	completeUnpublished(t, s, res.BatchID)
	if _, err := s.publishBatchChunk(ctx, res.BatchID); err != nil {
		t.Fatal(err)
	}
	// Only ids of rows not yet published: those of the first chunk are payouts already.
	again := batchCSV(t, s, "KP", 10, func(i int, row map[string]string) {
		if i < 4 {
			row["end_to_end_id"] = fmt.Sprintf("KQ-%05d", i)
		}
	})
	_, err = s.CreateBatch(ctx, demo.Org1ID, provider.BatchUpload{Filename: "again.csv", Content: again, AllowDuplicate: true})
	if ue := uploadErr(t, err); ue.Code != provider.EINVALID || !bytes.Contains(ue.Report, []byte("End-to-end ID must be unique")) {
		t.Errorf("ids of rows still being published: %+v", ue)
	}
	if err := s.publishWaitingBatches(ctx); err != nil {
		t.Fatal(err)
	}
	wantAllPublished(t, s, res.BatchID, "KP", 10)
}

// BenchmarkBatchApprove10k approves a batch of 10,000 rows and publishes it as the payout
// processor does, while a second process on the same file makes a transfer every 20 ms. It
// reports the longest write transaction of the publishing process (budget 200 ms: the time
// every other writer may have to wait), the time until every row is a payout, and the slowest
// of the other process's transfers, which must all succeed.
func BenchmarkBatchApprove10k(b *testing.B) {
	ctx := context.Background()
	path := copyTemplate(b, &templateNow, Options{Argon2Params: cheapParams})
	s, other := openTestStore(b, path), openTestStore(b, path)
	const rows = 10_000
	content := batchCSV(b, s, "A0000", rows, nil)
	var longest, total, slowest time.Duration
	var chunks int64
	transfers := 0
	for round := 0; b.Loop(); round++ {
		b.StopTimer()
		res, err := upload(s, bytes.ReplaceAll(content, []byte("A0000-"), fmt.Appendf(nil, "A%04d-", round)), demo.UserOperationsMemberID)
		if err != nil {
			b.Fatal(err)
		}
		db.ResetStats(s.write)
		b.StartTimer()
		stop := make(chan struct{})
		var wg sync.WaitGroup
		wg.Go(func() {
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				case <-time.After(20 * time.Millisecond):
				}
				start := time.Now()
				if _, err := other.Transfer(ctx, demo.Org1ID, provider.TransferRequest{From: demo.AccountOrg1EUR, To: demo.AccountOrg1GBP,
					Amount: "1.00", IdempotencyKey: fmt.Sprintf("bench-%d-%d", round, i)}); err != nil {
					b.Errorf("transfer during the approval: %v", err)
				}
				slowest = max(slowest, time.Since(start))
				transfers++
			}
		})
		start := time.Now()
		approveFully(b, s, res.BatchID)
		if err := s.publishWaitingBatches(ctx); err != nil {
			b.Fatal(err)
		}
		total = time.Since(start)
		close(stop)
		wg.Wait()
		st := db.StatsOf(s.write)
		longest, chunks = max(longest, st.Longest), st.Commits-2
	}
	b.ReportMetric(float64(rows), "rows")
	b.ReportMetric(float64(chunks), "chunks")
	b.ReportMetric(float64(longest.Microseconds())/1000, "longest-write-ms")
	b.ReportMetric(float64(total.Microseconds())/1000, "published-ms")
	b.ReportMetric(float64(transfers), "transfers")
	b.ReportMetric(float64(slowest.Microseconds())/1000, "slowest-transfer-ms")
}
