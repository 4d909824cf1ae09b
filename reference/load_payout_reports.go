package reference

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"portal/provider"
	"portal/reference/seeddata"
)

var (
	qSeedPayoutReportsThrough    = sq("seed-payout-reports-through")
	qSeedPayoutReportInsert      = sq("seed-payout-report-insert")
	qSeedPayoutReportChunkInsert = sq("seed-payout-report-chunk-insert")
)

// loadPayoutReports writes a set's payout reports, their CSV written from the payouts
// already loaded by the same writer the worker uses.
func loadPayoutReports(ctx context.Context, tx *sql.Tx, now time.Time, reports []seeddata.PayoutReport) error {
	if len(reports) == 0 {
		return nil
	}
	var through int64
	if err := tx.QueryRowContext(ctx, qSeedPayoutReportsThrough).Scan(&through); err != nil {
		return fmt.Errorf("reference: seed payout reports: %w", err)
	}
	day := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	for _, rep := range reports {
		created := now.Add(-rep.Age).Truncate(time.Second)
		to := time.Date(created.Year(), created.Month(), created.Day(), 0, 0, 0, 0, time.UTC).AddDate(0, 0, 1)
		if to.After(day.AddDate(0, 0, 1)) {
			to = day.AddDate(0, 0, 1)
		}
		j := payoutReportJob{orgID: rep.OrganisationID, requestedBy: rep.RequestedBy, through: through, report: provider.PayoutReport{
			UUID: rep.ID, AccountNumber: rep.AccountNumber, CreatedAfter: to.AddDate(0, 0, -rep.Days), CreatedBefore: to,
			CreatedAt: created, StateCategories: rep.StateCategories}}
		var buf bytes.Buffer
		count, err := writePayoutReportCSV(ctx, tx, j, &buf)
		if err != nil {
			return fmt.Errorf("reference: seed payout reports: %w", err)
		}
		if count == 0 && len(j.report.StateCategories) > 0 {
			// The filters found nothing on this account: the provider would have refused
			// such a request, so the report asks for every status instead.
			j.report.StateCategories = []string{}
			buf.Reset()
			if count, err = writePayoutReportCSV(ctx, tx, j, &buf); err != nil {
				return fmt.Errorf("reference: seed payout reports: %w", err)
			}
		}
		if err := insertSeedPayoutReport(ctx, tx, j, rep.FileID, rep.Failed || count == 0, count, buf.Bytes()); err != nil {
			return err
		}
	}
	return nil
}

// insertSeedPayoutReport stores a report: failed, or ready with its file.
func insertSeedPayoutReport(ctx context.Context, tx *sql.Tx, j payoutReportJob, file string, failed bool, count int, csv []byte) error {
	r := j.report
	cats, _ := json.Marshal(r.StateCategories)
	state, fileID, ready, attempts := provider.ExportFailed, any(nil), any(nil), exportMaxAttempts
	if !failed {
		state, fileID, ready, attempts = provider.ExportReady, file, formatTime(r.CreatedAt.Add(3*time.Second)), 1
	} else {
		count = 0
	}
	if _, err := tx.ExecContext(ctx, qSeedPayoutReportInsert, r.UUID, j.orgID, r.AccountNumber, formatTime(r.CreatedAfter),
		formatTime(r.CreatedBefore), string(cats), j.through, j.requestedBy, state, attempts, fileID, count,
		formatTime(r.CreatedAt), ready); err != nil {
		return fmt.Errorf("reference: seed payout reports: %w", err)
	}
	if failed {
		return nil
	}
	for n := 0; len(csv) > 0; n++ {
		k := min(len(csv), exportChunk)
		if _, err := tx.ExecContext(ctx, qSeedPayoutReportChunkInsert, fileID, n, r.UUID, csv[:k]); err != nil {
			return fmt.Errorf("reference: seed payout reports: %w", err)
		}
		csv = csv[k:]
	}
	return nil
}
