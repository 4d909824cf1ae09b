package reference

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"portal/currency"
	"portal/money"
	"portal/payoutfield"
	"portal/provider"
	"portal/reference/db"
)

var (
	qBatchApprovers  = sq("batch-approvers")
	qBatchByID       = sq("batch-by-id")
	qBatchByFileHash = sq("batch-by-file-hash")
	qBatchInsert     = sq("batch-insert")
	qBatchRowInsert  = sq("batch-row-insert")
	qBatchReview     = sq("batch-review")
	qBatchCount      = sq("batch-count")
	qBatchPage       = sq("batch-page")
	qBatchRowSeq     = sq("batch-row-seq")
	qBatchRowsPage   = sq("batch-rows-page")
	qBatchRowByID    = sq("batch-row-by-id")
)

var _ provider.Batches = (*Store)(nil)

// BatchService owns batch uploads: the CSV templates and checks, review and
// approval, and the chunked publication of a batch's rows as payouts. Its files: batches.go,
// batches_csv.go, batches_publish.go, batches_template.go.
type BatchService struct{ *core }

// Texts of the refusals of an approval or a decline (spec 001 §5's availability rules).
const (
	msgBatchNoApproval   = "Batches of this organisation need no approval."
	msgBatchNotWaiting   = "The batch is not waiting for approval."
	msgBatchOwnBatch     = "The creator of a batch cannot approve or decline it."
	msgBatchReviewedOnce = "You have already approved this batch."
	msgBatchNotFound     = "Batch not found."
	msgBatchDuplicate    = "This file is a possible duplicate: the same file was uploaded as batch “%s” on %s."
	maxBatchName         = 100
)

func scanBatch(r scanner, b *provider.Batch, seq *int64) error {
	var created, approvals, rejections, code, country string
	if err := r.Scan(seq, &b.ID, &b.Name, &b.Filename, &b.Status, &b.SchemaID, &b.LocalInstrument, &code, &country, &created,
		&b.CreatorID, &b.CreatorName, &b.TotalPayoutRequestsCount, &b.TotalAmount, &approvals, &rejections); err != nil {
		return err
	}
	b.Currency, b.Country = named(currencyNames, code), countryNamed(country)
	var err error
	if b.CreatedAt, err = parseTime(created); err != nil {
		return err
	}
	if err := json.Unmarshal([]byte(approvals), &b.Approvals); err != nil {
		return err
	}
	if err := json.Unmarshal([]byte(rejections), &b.Rejections); err != nil {
		return err
	}
	b.Approvals, b.Rejections = nonNil(b.Approvals), nonNil(b.Rejections)
	return nil
}

// batchApprovers is the organisation's batch_number_of_approvers.
func batchApprovers(ctx context.Context, q db.DBTX, orgID string) (int, error) {
	var n int
	err := q.QueryRowContext(ctx, qBatchApprovers, orgID).Scan(&n)
	return n, err
}

func loadBatch(ctx context.Context, q db.DBTX, orgID, id string) (provider.Batch, error) {
	var b provider.Batch
	var seq int64
	err := scanBatch(q.QueryRowContext(ctx, qBatchByID,
		orgID, id), &b, &seq)
	if errors.Is(err, sql.ErrNoRows) {
		return b, provider.Errorf(provider.ENOTFOUND, msgBatchNotFound)
	}
	if err != nil {
		return b, fmt.Errorf("reference: batch: %w", err)
	}
	b.BatchNumberOfApprovers, err = batchApprovers(ctx, q, orgID)
	return b, err
}

// uploadName is the batch's name: the one typed, else the file's name without any
// directory the browser sent (it is never used as a path).
func uploadName(up provider.BatchUpload) (name, filename string) {
	filename = strings.TrimSpace(path.Base(strings.ReplaceAll(up.Filename, `\`, "/")))
	if filename == "." || filename == "/" || !utf8.ValidString(filename) {
		filename = ""
	}
	filename = truncate(filename, 255)
	name = strings.TrimSpace(up.Name)
	if name == "" {
		name = filename
	}
	if name == "" {
		name = "Batch"
	}
	return truncate(name, maxBatchName), filename
}

func truncate(s string, n int) string {
	for len(s) > n {
		_, size := utf8.DecodeLastRuneInString(s)
		s = s[:len(s)-size]
	}
	return s
}

// CreateBatch implements provider.Batches.
func (s *BatchService) CreateBatch(ctx context.Context, orgID string, up provider.BatchUpload) (provider.BatchUploadResult, error) {
	var out provider.BatchUploadResult
	name, filename := uploadName(up)
	fail := func(e *provider.BatchUploadError) error { e.Filename = filename; return e }
	if len(up.Content) == 0 {
		return out, fail(refusal(provider.MsgBatchFileNotPresent + "."))
	}
	if err := s.orgs.organisationExists(ctx, orgID); err != nil {
		return out, err
	}
	schemas, err := s.batchSchemas(ctx, orgID)
	if err != nil {
		return out, err
	}
	now := s.now().UTC()
	sum := sha256.Sum256(up.Content)
	hash := hex.EncodeToString(sum[:])
	f, refused := parseBatchFile(up.Content, schemas, now)
	if refused != nil {
		return out, fail(refused)
	}
	var payoutsCreated bool
	err = s.inTx(ctx, "create batch", func(tx *sql.Tx) error {
		if !up.AllowDuplicate {
			var dupID string
			err := tx.QueryRowContext(ctx, qBatchByFileHash,
				orgID, hash).Scan(&dupID)
			if err == nil {
				dup, err := loadBatch(ctx, tx, orgID, dupID)
				if err != nil {
					return err
				}
				e := refusal(fmt.Sprintf(msgBatchDuplicate, dup.Name, dup.CreatedAt.Format("02-01-2006 15:04")+" UTC"))
				e.Code, e.Duplicate, e.Meta = provider.ECONFLICT, &dup, f.meta()
				return fail(e)
			}
			if !errors.Is(err, sql.ErrNoRows) {
				return fmt.Errorf("reference: create batch: %w", err)
			}
		}
		if err := s.checkBatchInStore(ctx, tx, orgID, f); err != nil {
			return err
		}
		if e := f.refuseRows(); e != nil {
			return fail(e)
		}
		approvers, err := batchApprovers(ctx, tx, orgID)
		if err != nil {
			return fmt.Errorf("reference: create batch: %w", err)
		}
		status := provider.BatchCompleted
		if approvers > 0 {
			status = provider.BatchWaitingReview
		}
		dec := currency.Decimals(f.schema.prod.currency)
		total := money.Zero(dec)
		for _, r := range f.rows {
			total = total.Add(money.MustParse(r.payout.Amount, dec))
		}
		id, at := uuid.NewString(), formatTime(now)
		if _, err := tx.ExecContext(ctx, qBatchInsert, id, orgID, name, filename, status, f.schema.sch.ID,
			f.schema.fam.id, f.schema.prod.currency, f.schema.prod.country, at, up.CreatedBy, up.CreatorName, len(f.rows),
			total.String(), hash); err != nil {
			return fmt.Errorf("reference: create batch: %w", err)
		}
		if err := insertBatchRows(ctx, tx, orgID, id, at, f.rows); err != nil {
			return err
		}
		if status == provider.BatchCompleted {
			if err := startPublishing(ctx, tx, id); err != nil {
				return err
			}
			payoutsCreated = true
		}
		out = provider.BatchUploadResult{BatchID: id, Name: name, Filename: filename, Status: status, Meta: f.meta()}
		return nil
	})
	if payoutsCreated && err == nil {
		err = s.publishFirstChunk(ctx, out.BatchID)
	}
	return out, err
}

// checkBatchInStore adds the errors only the store can tell: an end-to-end id already
// taken (the wizard's rule, takenEndToEndIDs).
func (s *BatchService) checkBatchInStore(ctx context.Context, tx *sql.Tx, orgID string, f *batchFile) error {
	var ids []string
	for _, r := range f.rows {
		if r.payout.EndToEndID != "" {
			ids = append(ids, r.payout.EndToEndID)
		}
	}
	taken, err := takenEndToEndIDs(ctx, tx, orgID, "", ids)
	if err != nil {
		return err
	}
	for i := range f.rows {
		if r := &f.rows[i]; taken[r.payout.EndToEndID] {
			r.addErr(f.schema, "end_to_end_id", payoutfield.MsgE2EUnique)
		}
	}
	return nil
}

func insertBatchRows(ctx context.Context, tx *sql.Tx, orgID, batchID, at string, rows []batchRow) error {
	stmt, err := tx.PrepareContext(ctx, qBatchRowInsert)
	if err != nil {
		return fmt.Errorf("reference: create batch: %w", err)
	}
	defer stmt.Close()
	for _, r := range rows {
		p := r.payout
		sections, err := json.Marshal(p.PayoutSections)
		if err != nil {
			return err
		}
		if _, err := stmt.ExecContext(ctx, uuid.NewString(), batchID, orgID, r.line, p.EndToEndID, p.AccountNumber, p.Amount,
			p.Currency, p.LocalInstrument, p.PurposeCode, p.RequestedExecutionDate, p.BusinessUnit, string(sections), at); err != nil {
			return fmt.Errorf("reference: create batch: %w", err)
		}
	}
	return nil
}

// review is ApproveBatch and RejectBatch: the rules of spec 001 §5, then the change, in one
// write transaction (so two reviewers at once are taken one after the other).
func (s *BatchService) reviewBatch(ctx context.Context, orgID, batchID string, by provider.BatchReviewer, approve bool) (provider.Batch, error) {
	var out provider.Batch
	published := false
	err := s.inTx(ctx, "review batch", func(tx *sql.Tx) error {
		// Two approvers at once would both append to the approvals they read: one would be lost.
		if err := lockRow(ctx, tx, qBatchLock, orgID, batchID); err != nil {
			return err
		}
		b, err := loadBatch(ctx, tx, orgID, batchID)
		if err != nil {
			return err
		}
		switch {
		case b.BatchNumberOfApprovers <= 0:
			return provider.Errorf(provider.ECONFLICT, msgBatchNoApproval)
		case b.Status != provider.BatchWaitingReview || len(b.Rejections) > 0:
			return provider.Errorf(provider.ECONFLICT, msgBatchNotWaiting)
		case b.CreatorID == by.UserID:
			return provider.Errorf(provider.ECONFLICT, msgBatchOwnBatch)
		case b.Reviewed(by.UserID):
			return provider.Errorf(provider.ECONFLICT, msgBatchReviewedOnce)
		}
		r := provider.BatchReview{UserID: by.UserID, UserName: by.Name, CreatedAt: s.now().UTC().Truncate(time.Second)}
		if approve {
			b.Approvals = append(b.Approvals, r)
			if len(b.Approvals) >= b.BatchNumberOfApprovers {
				b.Status = provider.BatchCompleted
			}
		} else {
			b.Rejections = append(b.Rejections, r)
			b.Status = provider.BatchRejected
		}
		approvals, _ := json.Marshal(b.Approvals)
		rejections, _ := json.Marshal(b.Rejections)
		if _, err := tx.ExecContext(ctx, qBatchReview,
			b.Status, string(approvals), string(rejections), b.ID, orgID); err != nil {
			return fmt.Errorf("reference: review batch: %w", err)
		}
		if b.Status == provider.BatchCompleted {
			if err := startPublishing(ctx, tx, b.ID); err != nil {
				return err
			}
			published = true
		}
		out = b
		ev := provider.AuditEvent{OrgID: orgID, Kind: provider.AuditBatchApproved, RecordKind: "batch", RecordID: b.ID,
			Changes: []provider.AuditChange{{Field: "approvals", After: fmt.Sprint(len(b.Approvals))}, {Field: "status",
				Before: provider.BatchWaitingReview, After: b.Status}}}
		if !approve {
			ev.Kind = provider.AuditBatchDeclined
		}
		return s.audits.audit(ctx, tx, ev)
	})
	if published && err == nil {
		err = s.publishFirstChunk(ctx, out.ID)
	}
	return out, err
}

// ApproveBatch implements provider.Batches.
func (s *BatchService) ApproveBatch(ctx context.Context, orgID, batchID string, by provider.BatchReviewer) (provider.Batch, error) {
	return s.reviewBatch(ctx, orgID, batchID, by, true)
}

// RejectBatch implements provider.Batches.
func (s *BatchService) RejectBatch(ctx context.Context, orgID, batchID string, by provider.BatchReviewer) (provider.Batch, error) {
	return s.reviewBatch(ctx, orgID, batchID, by, false)
}

// Batch implements provider.Batches.
func (s *BatchService) Batch(ctx context.Context, orgID, batchID string) (provider.Batch, error) {
	return loadBatch(ctx, s.read, orgID, batchID)
}

// Batches implements provider.Batches.
func (s *BatchService) Batches(ctx context.Context, orgID string, f provider.BatchFilter) (provider.BatchPage, error) {
	page := provider.BatchPage{Batches: []provider.Batch{}}
	k, err := newKeyset(f.Cursor, f.Direction, f.Limit, provider.BatchPageSize, provider.BatchPageSize*10)
	if err == nil {
		k, err = k.including(f.IncludeCursor)
	}
	if err != nil {
		return page, err
	}
	w := whereFirst("p.organisation_id = ?", orgID)
	if f.Status != "" {
		if provider.BatchStatusLabel(f.Status) == f.Status {
			return page, provider.Errorf(provider.EINVALID, "Unknown batch status.")
		}
		w.equal("p.status", f.Status)
	}
	w.equal("p.local_instrument", f.Kind)
	w.period("p.created_at", f.CreatedAfter, f.CreatedBefore)
	if err := s.orgs.organisationExists(ctx, orgID); err != nil {
		return page, err
	}
	approvers, err := batchApprovers(ctx, s.read, orgID)
	if err != nil {
		return page, fmt.Errorf("reference: batches: %w", err)
	}
	total, got, err := readList(ctx, s.read, k, w, "batches", qBatchCount, qBatchPage, "p.",
		func(rows *sql.Rows) (provider.Batch, time.Time, int64, error) {
			var b provider.Batch
			var seq int64
			err := scanBatch(rows, &b, &seq)
			b.BatchNumberOfApprovers = approvers
			return b, b.CreatedAt, seq, err
		})
	if err != nil {
		return page, err
	}
	page.Total = total
	page.Batches = append(page.Batches, got.rows...)
	page.CursorNext, page.CursorPrev, page.HasNext = got.next, got.prev, got.hasNext
	return page, nil
}

func scanBatchDraft(r scanner, d *provider.BatchDraftPayout, seq *int64) error {
	var created, sections string
	if err := r.Scan(seq, &d.ID, &d.Line, &created, &d.EndToEndID, &d.DebtorAccount, &d.Amount, &d.CurrencyCode, &d.State,
		&d.LocalInstrument, &d.PurposeCode, &d.ExecutionDate, &sections); err != nil {
		return err
	}
	var ps provider.PayoutSections
	if err := json.Unmarshal([]byte(sections), &ps); err != nil {
		return err
	}
	d.Creditor, d.CreditorAccount, d.UltimateDebtor = ps.Creditor, ps.CreditorAccount, ps.UltimateDebtor
	var err error
	d.CreatedAt, err = parseTime(created)
	return err
}

// BatchDrafts implements provider.Batches.
func (s *BatchService) BatchDrafts(ctx context.Context, orgID, batchID string, f provider.BatchDraftFilter) (provider.BatchDraftPage, error) {
	page := provider.BatchDraftPage{Drafts: []provider.BatchDraftPayout{}}
	limit, err := pageLimit(f.Limit, provider.DefaultBatchDraftLimit, provider.MaxBatchDraftLimit)
	if err != nil {
		return page, err
	}
	b, err := loadBatch(ctx, s.read, orgID, batchID)
	if err != nil {
		return page, err
	}
	page.Total = b.TotalPayoutRequestsCount
	after := int64(0)
	if f.Cursor != "" {
		if err := s.read.QueryRowContext(ctx, qBatchRowSeq, batchID, f.Cursor).Scan(&after); err != nil {
			return page, provider.Errorf(provider.EINVALID, "Invalid cursor.")
		}
	}
	rows, err := s.read.QueryContext(ctx, qBatchRowsPage, batchID, orgID, after, limit+1)
	if err != nil {
		return page, fmt.Errorf("reference: batch drafts: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var d provider.BatchDraftPayout
		var seq int64
		if err := scanBatchDraft(rows, &d, &seq); err != nil {
			return page, fmt.Errorf("reference: batch drafts: %w", err)
		}
		page.Drafts = append(page.Drafts, d)
	}
	if len(page.Drafts) > limit {
		page.Drafts, page.HasNext = page.Drafts[:limit], true
		page.CursorNext = page.Drafts[limit-1].ID
	}
	return page, rows.Err()
}

// BatchDraft implements provider.Batches.
func (s *BatchService) BatchDraft(ctx context.Context, orgID, batchID, draftID string) (provider.BatchDraftPayout, error) {
	var d provider.BatchDraftPayout
	var seq int64
	err := scanBatchDraft(s.read.QueryRowContext(ctx, qBatchRowByID, batchID, orgID, draftID), &d, &seq)
	if errors.Is(err, sql.ErrNoRows) {
		return d, provider.Errorf(provider.ENOTFOUND, "Batch payout not found.")
	}
	return d, err
}
