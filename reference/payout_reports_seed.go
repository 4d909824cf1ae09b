package reference

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"portal/provider"
)

// seedPayoutReports adds exported payout reports for both demo organisations, enough to
// page (20 a page), over every owned account and several filter sets: most are ready, their
// CSV written from the demo payouts by the same writer the worker uses; a few failed. None
// is left queued, so a fresh portal has no job waiting in the background.
func seedPayoutReports(ctx context.Context, tx *sql.Tx, now time.Time) error {
	var through int64
	if err := tx.QueryRowContext(ctx, `SELECT coalesce(max(seq), 0) FROM payout_requests`).Scan(&through); err != nil {
		return fmt.Errorf("reference: seed payout reports: %w", err)
	}
	filters := [][]string{{}, {provider.PayoutCompleted}, {provider.PayoutRejected, provider.PayoutReturned}, {},
		{provider.PayoutProcessing, provider.PayoutPending}, {provider.PayoutCompleted, provider.PayoutReturned}}
	spans := []int{30, 7, 90, 14, 60}
	requester := map[string]string{DemoOrg1ID: DemoUserFinanceID, DemoOrg2ID: DemoUserMultiID}
	counts := map[string]int{DemoOrg1ID: 25, DemoOrg2ID: 22}
	day := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	for _, o := range demoOrgs() {
		var accounts []string
		for _, a := range demoAccounts() {
			if a.Owner == o.ID {
				accounts = append(accounts, a.AccountNumber)
			}
		}
		for i := range counts[o.ID] {
			// At least a day back, so no demo report counts as "today" whatever the hour.
			created := now.Add(-time.Duration(i*55+25) * time.Hour).Truncate(time.Second)
			to := time.Date(created.Year(), created.Month(), created.Day(), 0, 0, 0, 0, time.UTC).AddDate(0, 0, 1)
			if to.After(day.AddDate(0, 0, 1)) {
				to = day.AddDate(0, 0, 1)
			}
			j := payoutReportJob{orgID: o.ID, requestedBy: requester[o.ID], through: through, report: provider.PayoutReport{
				UUID: seedID(fmt.Sprintf("payout-report/%s/%d", o.ID, i)), AccountNumber: accounts[i%len(accounts)],
				CreatedAfter: to.AddDate(0, 0, -spans[i%len(spans)]), CreatedBefore: to, CreatedAt: created,
				StateCategories: filters[i%len(filters)]}}
			var buf bytes.Buffer
			count, err := writePayoutReportCSV(ctx, tx, j, &buf)
			if err != nil {
				return fmt.Errorf("reference: seed payout reports: %w", err)
			}
			if count == 0 && len(j.report.StateCategories) > 0 {
				// The filters found nothing on this account: the provider would have refused
				// such a request, so the demo asks for every status instead.
				j.report.StateCategories = []string{}
				buf.Reset()
				if count, err = writePayoutReportCSV(ctx, tx, j, &buf); err != nil {
					return fmt.Errorf("reference: seed payout reports: %w", err)
				}
			}
			if err := insertSeedPayoutReport(ctx, tx, j, i%9 == 4 || count == 0, count, buf.Bytes()); err != nil {
				return err
			}
		}
	}
	return nil
}

// insertSeedPayoutReport stores a demo report: failed, or ready with its file.
func insertSeedPayoutReport(ctx context.Context, tx *sql.Tx, j payoutReportJob, failed bool, count int, file []byte) error {
	r := j.report
	cats, _ := json.Marshal(r.StateCategories)
	state, fileID, ready, attempts := provider.ExportFailed, any(nil), any(nil), exportMaxAttempts
	if !failed {
		state, fileID, ready, attempts = provider.ExportReady, seedID("payout-report-file/"+r.UUID), formatTime(r.CreatedAt.Add(3*time.Second)), 1
	} else {
		count = 0
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO payout_reports (id, organisation_id, account_number, period_from, period_to,
		state_categories, through_seq, requested_by, state, attempts, csv_file_id, row_count, created_at, ready_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, r.UUID, j.orgID, r.AccountNumber, formatTime(r.CreatedAfter),
		formatTime(r.CreatedBefore), string(cats), j.through, j.requestedBy, state, attempts, fileID, count,
		formatTime(r.CreatedAt), ready); err != nil {
		return fmt.Errorf("reference: seed payout reports: %w", err)
	}
	if failed {
		return nil
	}
	for n := 0; len(file) > 0; n++ {
		k := min(len(file), exportChunk)
		if _, err := tx.ExecContext(ctx, `INSERT INTO payout_report_chunks (file_id, n, report_id, data) VALUES (?, ?, ?, ?)`,
			fileID, n, r.UUID, file[:k]); err != nil {
			return fmt.Errorf("reference: seed payout reports: %w", err)
		}
		file = file[k:]
	}
	return nil
}
