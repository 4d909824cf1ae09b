package reference

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

	"portal/money"
	"portal/provider"
	"portal/reference/db"
	"portal/statement"
)

var (
	qPayoutReportJobExpired       = sq("payout-report-job-expired")
	qPayoutReportJobDue           = sq("payout-report-job-due")
	qPayoutReportJobGiveUp        = sq("payout-report-job-give-up")
	qPayoutReportJobClaim         = sq("payout-report-job-claim")
	qPayoutReportJobRenew         = sq("payout-report-job-renew")
	qPayoutReportComplete         = sq("payout-report-complete")
	qPayoutReportChunksSuperseded = sq("payout-report-chunks-superseded")
	qPayoutReportChunkInsert      = sq("payout-report-chunk-insert")
	qPayoutReportChunksDrop       = sq("payout-report-chunks-drop")
	qPayoutReportChunk            = sq("payout-report-chunk")
	qPayoutReport                 = sq("payout-report")
	qPayoutReportsCount           = sq("payout-reports-count")
	qPayoutReportsPage            = sq("payout-reports-page")
	qPayoutReportAccountCount     = sq("payout-report-account-count")
	qPayoutRequestsNewestSeq      = sq("payout-requests-newest-seq")
	qPayoutReportAny              = sq("payout-report-any")
	qPayoutReportInsert           = sq("payout-report-insert")
	qPayoutReportFile             = sq("payout-report-file")
	qPayoutReportByID             = sq("payout-report-by-id")
	qPayoutReportJob              = sq("payout-report-job")
	qPayoutReportRows             = sq("payout-report-rows")
)

var _ provider.PayoutReports = (*Store)(nil)

// Payout reports are the second kind of export (exports.go): the payout_reports table is
// their job queue, payout_report_chunks holds their files.
var payoutReportJobs = newExportQueue("payout report job",
	jobSQL{expired: qPayoutReportJobExpired, due: qPayoutReportJobDue, giveUp: qPayoutReportJobGiveUp,
		claim: qPayoutReportJobClaim, renew: qPayoutReportJobRenew},
	exportSQL{complete: qPayoutReportComplete, superseded: qPayoutReportChunksSuperseded, insert: qPayoutReportChunkInsert,
		drop: qPayoutReportChunksDrop, chunk: qPayoutReportChunk})

// PayoutReportHeader is the header row of a payout report's CSV: one row per payout
// request, oldest first. Amounts are exact decimals with the currency's decimals; dates are
// UTC (statement.DateLayout).
var PayoutReportHeader = []string{"created_at", provider.UniqueReferenceField, "end_to_end_id", "status", "current_state_name",
	"reason_code", "amount", "fee", "currency", "debtor_account", "local_instrument", "purpose_code", "business_unit", "source",
	"batch_id", "requested_execution_date", "receiver_name", "receiver_country", "receiver_account", "receiver_bank_bic"}

func scanPayoutReport(r scanner, rep *provider.PayoutReport, seq *int64) error {
	var from, to, cats, created, ready string
	if err := r.Scan(seq, &rep.UUID, &rep.AccountNumber, &from, &to, &cats, &rep.CurrencyCode, &rep.AmountFrom, &rep.AmountTo,
		&rep.State, &rep.RowCount, &created, &ready); err != nil {
		return fmt.Errorf("reference: payout report: %w", err)
	}
	if err := json.Unmarshal([]byte(cats), &rep.StateCategories); err != nil {
		return fmt.Errorf("reference: payout report %s: %w", rep.UUID, err)
	}
	rep.StateCategories = nonNil(rep.StateCategories)
	var err error
	for _, t := range []struct {
		raw string
		to  *time.Time
	}{{from, &rep.CreatedAfter}, {to, &rep.CreatedBefore}, {created, &rep.CreatedAt}, {ready, &rep.ReadyAt}} {
		if t.raw == "" {
			continue
		}
		if *t.to, err = parseTime(t.raw); err != nil {
			return err
		}
	}
	return nil
}

var currencyCodePattern = regexp.MustCompile(`^[A-Z]{3,5}$`)

// checkPayoutReportRequest normalises a request and refuses what no report can hold; now is
// the provider's clock.
func checkPayoutReportRequest(req *provider.PayoutReportRequest, now time.Time) error {
	req.AccountNumber = strings.TrimSpace(req.AccountNumber)
	req.CurrencyCode = strings.ToUpper(strings.TrimSpace(req.CurrencyCode))
	req.AmountFrom, req.AmountTo = strings.TrimSpace(req.AmountFrom), strings.TrimSpace(req.AmountTo)
	if req.AccountNumber == "" {
		return payoutField("virtual_account_number", provider.MsgPayoutReportAccount)
	}
	if req.CreatedAfter.IsZero() {
		return payoutField("created_after", "Enter the first day of the report.")
	}
	if req.CreatedBefore.IsZero() {
		return payoutField("created_before", "Enter the last day of the report.")
	}
	req.CreatedAfter, req.CreatedBefore = req.CreatedAfter.UTC(), req.CreatedBefore.UTC()
	if !req.CreatedBefore.After(req.CreatedAfter) {
		return payoutField("created_before", "The report must end after it starts.")
	}
	endOfToday := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC).AddDate(0, 0, 1)
	if req.CreatedBefore.After(endOfToday) {
		return payoutField("created_before", "The report cannot end after today.")
	}
	if req.CreatedBefore.Sub(req.CreatedAfter) > provider.MaxPayoutReportDays*24*time.Hour {
		return payoutField("created_after", provider.MsgPayoutReportDays)
	}
	var cats []string
	for _, c := range req.StateCategories {
		if !slices.Contains(provider.PayoutReportCategories(), c) {
			return payoutField("status_categories", "Unknown status: %s.", c)
		}
		if !slices.Contains(cats, c) {
			cats = append(cats, c)
		}
	}
	req.StateCategories = nonNil(cats)
	if req.CurrencyCode != "" && !currencyCodePattern.MatchString(req.CurrencyCode) {
		return payoutField("currency_code", "Unknown currency.")
	}
	var bounds [2]money.Amount
	for i, b := range []struct{ field, v string }{{"amount_from", req.AmountFrom}, {"amount_to", req.AmountTo}} {
		if b.v == "" {
			continue
		}
		a, err := money.Parse(b.v, 18)
		if err != nil || a.Sign() < 0 {
			return payoutField(b.field, "Enter an amount of 0 or more.")
		}
		bounds[i] = a
	}
	if req.AmountFrom != "" && req.AmountTo != "" && bounds[0].Cmp(bounds[1]) > 0 {
		return payoutField("amount_to", "The highest amount must not be below the lowest.")
	}
	return nil
}

// payoutReportSelection is the SQL condition on payout_requests p of a report's filters,
// its payouts being those up to through (the newest payout when it was requested).
func payoutReportSelection(orgID string, r provider.PayoutReport, through int64) (string, []any, error) {
	where, args, err := payoutWhere(orgID, provider.PayoutFilter{VirtualAccountNumber: r.AccountNumber, CurrencyCode: r.CurrencyCode,
		AmountFrom: r.AmountFrom, AmountTo: r.AmountTo}, "p.", false)
	if err != nil {
		return "", nil, err
	}
	where, args = createdWithin(where, args, r.CreatedAfter, r.CreatedBefore)
	var states []string
	for _, c := range r.StateCategories {
		states = append(states, provider.PayoutStates(c)...)
	}
	w := filters(args...)
	w.in("p.state", states)
	w.atMost("p.seq", through)
	return where + w.sql, w.args, nil
}

// CreatePayoutReport implements provider.PayoutReports.
func (s *ExportService) CreatePayoutReport(ctx context.Context, orgID string, req provider.PayoutReportRequest) (provider.PayoutReport, error) {
	var rep provider.PayoutReport
	now := s.now().UTC()
	if err := checkPayoutReportRequest(&req, now); err != nil {
		return rep, err
	}
	err := s.inTx(ctx, "create payout report", func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, qPayoutReportAccountCount, req.AccountNumber, orgID).Scan(&n); err != nil {
			return fmt.Errorf("reference: create payout report: %w", err)
		}
		if n == 0 {
			return &provider.FieldError{Field: "virtual_account_number", Err: provider.Errorf(provider.ENOTFOUND, provider.MsgPayoutReportAccount)}
		}
		var through int64
		if err := tx.QueryRowContext(ctx, qPayoutRequestsNewestSeq).Scan(&through); err != nil {
			return fmt.Errorf("reference: create payout report: %w", err)
		}
		rep = provider.PayoutReport{UUID: uuid.NewString(), CreatedAfter: req.CreatedAfter, CreatedBefore: req.CreatedBefore,
			CreatedAt: now, AccountNumber: req.AccountNumber, StateCategories: req.StateCategories, CurrencyCode: req.CurrencyCode,
			AmountFrom: req.AmountFrom, AmountTo: req.AmountTo, State: provider.ExportQueued}
		where, args, err := payoutReportSelection(orgID, rep, through)
		if err != nil {
			return err
		}
		var found bool
		if err := tx.QueryRowContext(ctx, filled(qPayoutReportAny, whereAnd(where, nil)), args...).Scan(&found); err != nil {
			return fmt.Errorf("reference: create payout report: %w", err)
		}
		if !found {
			return provider.ErrNoPayoutsFound
		}
		cats, _ := json.Marshal(rep.StateCategories)
		_, err = tx.ExecContext(ctx, qPayoutReportInsert, rep.UUID, orgID, rep.AccountNumber, formatTime(rep.CreatedAfter),
			formatTime(rep.CreatedBefore), string(cats), rep.CurrencyCode, rep.AmountFrom, rep.AmountTo, through, req.RequestedBy,
			formatTime(now))
		if err != nil {
			return fmt.Errorf("reference: create payout report: %w", err)
		}
		return s.audits.audit(ctx, tx, provider.AuditEvent{OrgID: orgID, Kind: provider.AuditExport, RecordKind: "payout report", RecordID: rep.UUID,
			Changes: []provider.AuditChange{{Field: "account", After: rep.AccountNumber},
				{Field: "period", After: formatTime(rep.CreatedAfter) + " – " + formatTime(rep.CreatedBefore)}}})
	})
	return rep, err
}

// payoutReportFilename names a download after what it holds, e.g.
// payout-report-4520011000000015-20261001-20261031.csv (the last day inclusive).
func payoutReportFilename(r provider.PayoutReport) string {
	return fmt.Sprintf("payout-report-%s-%s-%s.csv", r.AccountNumber, r.CreatedAfter.Format("20060102"),
		r.CreatedBefore.Add(-time.Nanosecond).Format("20060102"))
}

// OpenPayoutReport implements provider.PayoutReports.
func (s *ExportService) OpenPayoutReport(ctx context.Context, orgID, id string) (*provider.ExportFile, error) {
	rep, err := s.PayoutReport(ctx, orgID, id)
	if err != nil {
		return nil, err
	}
	if err := exportReady(rep.State, "report"); err != nil {
		return nil, err
	}
	// Recorded before the file is handed out: a download the log cannot record is refused.
	if err := s.audits.RecordAudit(ctx, provider.AuditEvent{OrgID: orgID, Kind: provider.AuditDownload, RecordKind: "payout report",
		RecordID: id, Changes: []provider.AuditChange{{Field: "format", After: "csv"}}}); err != nil {
		return nil, err
	}
	var fileID string
	if err := s.read.QueryRowContext(ctx, qPayoutReportFile, id).Scan(&fileID); err != nil {
		return nil, fmt.Errorf("reference: payout report: %w", err)
	}
	return &provider.ExportFile{ReadCloser: &chunkReader{ctx: ctx, s: s.core, chunk: payoutReportJobs.files.chunk, fileID: fileID},
		Filename: payoutReportFilename(rep), ContentType: "text/csv; charset=utf-8"}, nil
}

// payoutReportJob is what a worker needs to write a report.
type payoutReportJob struct {
	report             provider.PayoutReport
	orgID, requestedBy string
	through            int64
}

func loadPayoutReportJob(ctx context.Context, q db.DBTX, id string) (payoutReportJob, error) {
	var j payoutReportJob
	var seq int64
	err := scanPayoutReport(q.QueryRowContext(ctx, qPayoutReportByID, id), &j.report, &seq)
	if err != nil {
		return j, err
	}
	err = q.QueryRowContext(ctx, qPayoutReportJob, id).
		Scan(&j.orgID, &j.requestedBy, &j.through)
	if err != nil {
		return j, fmt.Errorf("reference: payout report job: %w", err)
	}
	return j, nil
}

// payoutRecords reads a report's payouts from a database cursor as CSV records.
type payoutRecords struct {
	rows *sql.Rows
	rec  []string
	err  error
}

func (p *payoutRecords) Next() bool {
	if p.err != nil || !p.rows.Next() {
		return false
	}
	var pr provider.PayoutRequest
	var seq int64
	if p.err = scanPayout(p.rows, &pr, &seq, false); p.err != nil {
		return false
	}
	account := pr.CreditorAccount.IBAN
	if account == "" {
		account = pr.CreditorAccount.AccountNumber
	}
	name := pr.Creditor.FullName
	if name == "" {
		name = pr.Creditor.Name
	}
	p.rec = []string{pr.CreatedAt.UTC().Format(statement.DateLayout), pr.UniqueReference, pr.EndToEndID, pr.Status,
		pr.CurrentStateName, pr.ReasonCode(), pr.Amount, pr.Fee, pr.Currency, pr.DebtorAccount, pr.LocalInstrument,
		pr.PurposeCode, pr.BusinessUnitName, pr.Source, pr.BatchID, pr.RequestedExecutionDate, name,
		pr.Creditor.CountryCode, account, pr.CreditorAccount.BankBIC}
	return true
}

func (p *payoutRecords) Record() []string { return p.rec }
func (p *payoutRecords) Err() error {
	if p.err != nil {
		return p.err
	}
	return p.rows.Err()
}

// writePayoutReportCSV streams the payouts of a report job, oldest first, into w.
func writePayoutReportCSV(ctx context.Context, q db.DBTX, j payoutReportJob, w io.Writer) (int, error) {
	where, args, err := payoutReportSelection(j.orgID, j.report, j.through)
	if err != nil {
		return 0, err
	}
	rows, err := q.QueryContext(ctx, filled(qPayoutReportRows, whereAnd(where, nil)), args...)
	if err != nil {
		return 0, fmt.Errorf("reference: payout report rows: %w", err)
	}
	defer rows.Close()
	return statement.WriteRecords(w, PayoutReportHeader, &payoutRecords{rows: rows})
}

func (s *ExportService) runPayoutReportJobs(ctx context.Context, delay time.Duration) (int, error) {
	return s.runExportJobs(ctx, &payoutReportJobs, delay, s.writePayoutReport)
}

// RunPayoutReportJobs works through the payout report queue until no job is left to claim,
// and returns how many reports it completed.
func (s *ExportService) RunPayoutReportJobs(ctx context.Context) (int, error) {
	return s.runPayoutReportJobs(ctx, 0)
}

// payoutReportNotice is the e-mail that says a report is ready.
func payoutReportNotice(ctx context.Context, tx *sql.Tx, j payoutReportJob, count int) (provider.OutboxMessage, error) {
	var email, orgName, accountName string
	if err := tx.QueryRowContext(ctx, qExportNoticeNames, j.requestedBy, j.orgID, j.report.AccountNumber).
		Scan(&email, &orgName, &accountName); err != nil {
		return provider.OutboxMessage{}, fmt.Errorf("reference: complete payout report: %w", err)
	}
	r := j.report
	return provider.OutboxMessage{
		Kind:    provider.OutboxEmail,
		To:      email,
		Subject: "Your payout report is ready",
		Body: fmt.Sprintf("The payout report of %s (No. %s, %s) for %s to %s is ready: %d payout requests. Download it from Exports › Payouts.",
			accountName, r.AccountNumber, orgName, r.CreatedAfter.Format("02-01-2006"),
			r.CreatedBefore.Add(-time.Nanosecond).Format("02-01-2006"), count),
		Link: "/org/" + j.orgID + "/exported_payouts?account=" + r.AccountNumber,
	}, nil
}

// writePayoutReport writes the CSV of a claimed job and completes it (writeExport).
func (s *ExportService) writePayoutReport(ctx context.Context, id, token string) error {
	j, err := loadPayoutReportJob(ctx, s.read, id)
	if err != nil {
		return err
	}
	write := func(w io.Writer) (int, error) { return writePayoutReportCSV(ctx, s.read, j, w) }
	return s.writeExport(ctx, &payoutReportJobs, id, token, write, func(count int) exportDone {
		return exportDone{args: []any{count}, notice: func(tx *sql.Tx) error {
			m, err := payoutReportNotice(ctx, tx, j, count)
			if err != nil {
				return err
			}
			return s.outbox.sendMessage(ctx, tx, m)
		}}
	})
}
