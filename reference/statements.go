package reference

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/google/uuid"

	"portal/currency"
	"portal/money"
	"portal/provider"
	"portal/statement"
)

var (
	qStatementAccountCurrency = sq("statement-account-currency")
	qLedgerEntriesNewestSeq   = sq("ledger-entries-newest-seq")
	qStatementInsert          = sq("statement-insert")
	qStatement                = sq("statement")
	qStatementsCount          = sq("statements-count")
	qStatementsPage           = sq("statements-page")
	qAccountName              = sq("account-name")
	qStatementJob             = sq("statement-job")
	qStatementRows            = sq("statement-rows")
	qStatementBalanceBefore   = sq("statement-balance-before")
)

var _ provider.Statements = (*Store)(nil)

func scanStatement(r scanner, st *provider.Statement, seq *int64) error {
	var from, to, created, ready string
	if err := r.Scan(seq, &st.ID, &st.AccountNumber, &st.Currency, &st.Kind, &st.Format, &from, &to, &st.State, &st.CSVFileID,
		&st.EntryCount, &st.OpeningBalance, &st.ClosingBalance, &created, &ready); err != nil {
		return fmt.Errorf("reference: statement: %w", err)
	}
	var err error
	if st.From, err = parseTime(from); err != nil {
		return err
	}
	if st.To, err = parseTime(to); err != nil {
		return err
	}
	if st.CreatedAt, err = parseTime(created); err != nil {
		return err
	}
	if ready != "" {
		if st.ReadyAt, err = parseTime(ready); err != nil {
			return err
		}
	}
	return nil
}

func statementField(field, format string, args ...any) error {
	return &provider.FieldError{Field: field, Err: provider.Errorf(provider.EINVALID, format, args...)}
}

// CreateStatement implements provider.Statements.
func (s *ExportService) CreateStatement(ctx context.Context, orgID string, req provider.StatementRequest) (provider.Statement, error) {
	var st provider.Statement
	if provider.StatementEntryTypes(req.Kind) == nil {
		return st, statementField("kind", "Select transactions or charges.")
	}
	if req.Format == "" {
		req.Format = provider.FormatCSV
	}
	if !slices.Contains(provider.StatementFormats(), req.Format) {
		return st, statementField("format", "Select CSV, camt.053 or MT940.")
	}
	if req.CreatedAfter.IsZero() {
		return st, statementField("created_after", "Enter the first day of the statement.")
	}
	if req.CreatedBefore.IsZero() {
		return st, statementField("created_before", "Enter the last day of the statement.")
	}
	if !req.CreatedBefore.After(req.CreatedAfter) {
		return st, statementField("created_before", "The statement must end after it starts.")
	}
	now := s.now().UTC()
	// The maximum date is today: a period may end at the end of today, no later.
	endOfToday := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC).AddDate(0, 0, 1)
	if req.CreatedBefore.After(endOfToday) {
		return st, statementField("created_before", "The statement cannot end after today.")
	}
	err := s.inTx(ctx, "create statement", func(tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx, qStatementAccountCurrency, req.AccountNumber, orgID).Scan(&st.Currency)
		if errors.Is(err, sql.ErrNoRows) {
			return &provider.FieldError{Field: "virtual_account_number",
				Err: provider.Errorf(provider.ENOTFOUND, "Select one of your accounts.")}
		}
		if err != nil {
			return fmt.Errorf("reference: create statement: %w", err)
		}
		if err := formatCarries(req.Format, st.Currency); err != nil {
			return &provider.FieldError{Field: "format", Err: err}
		}
		var through int64
		if err := tx.QueryRowContext(ctx, qLedgerEntriesNewestSeq).Scan(&through); err != nil {
			return fmt.Errorf("reference: create statement: %w", err)
		}
		st.ID = uuid.NewString()
		st.AccountNumber, st.Kind, st.Format, st.State = req.AccountNumber, req.Kind, req.Format, provider.StatementQueued
		st.From, st.To, st.CreatedAt = req.CreatedAfter.UTC(), req.CreatedBefore.UTC(), now
		_, err = tx.ExecContext(ctx, qStatementInsert,
			st.ID, orgID, st.AccountNumber, st.Currency, st.Kind, st.Format, formatTime(st.From), formatTime(st.To), through,
			req.RequestedBy, formatTime(now))
		if err != nil {
			return fmt.Errorf("reference: create statement: %w", err)
		}
		return s.audits.audit(ctx, tx, provider.AuditEvent{OrgID: orgID, Kind: provider.AuditExport, RecordKind: "statement", RecordID: st.ID,
			Changes: []provider.AuditChange{{Field: "account", After: st.AccountNumber}, {Field: "kind", After: st.Kind},
				{Field: "period", After: formatTime(st.From) + " – " + formatTime(st.To)}}})
	})
	return st, err
}

// statementFilename names a download after what it holds, e.g.
// statement-4520011000000015-transactions-20261001-20261031.csv (the last day inclusive).
func statementFilename(st provider.Statement, ext string) string {
	return fmt.Sprintf("statement-%s-%s-%s-%s.%s", st.AccountNumber, st.Kind, st.From.Format("20060102"),
		st.To.Add(-time.Nanosecond).Format("20060102"), ext)
}

// formatCarries is EINVALID when a statement of currency cannot be written in format: camt.053
// and MT940 take three-letter codes (and camt.053 at most 5 decimals), so crypto accounts
// have CSV only.
func formatCarries(format, code string) *provider.Error {
	switch {
	case format == provider.FormatCAMT053 && !statement.CAMTSupported(code, currency.Decimals(code)):
		return provider.Errorf(provider.EINVALID, "camt.053 cannot carry %s amounts: choose CSV.", code)
	case format == provider.FormatMT940 && !statement.MT940Supported(code):
		return provider.Errorf(provider.EINVALID, "MT940 cannot carry %s amounts: choose CSV.", code)
	}
	return nil
}

// OpenStatement implements provider.Statements. The CSV is the file the worker stored;
// camt.053 and MT940 are written from the statement's entries as they are read, through a
// pipe, so neither is ever held whole.
func (s *ExportService) OpenStatement(ctx context.Context, orgID, id, format string) (*provider.StatementFile, error) {
	st, err := s.Statement(ctx, orgID, id)
	if err != nil {
		return nil, err
	}
	if err := exportReady(st.State, "statement"); err != nil {
		return nil, err
	}
	if format == "" {
		format = st.Format
	}
	switch format {
	case provider.FormatCSV, provider.FormatCAMT053, provider.FormatMT940:
	default:
		return nil, provider.Errorf(provider.EINVALID, "Unknown format.")
	}
	if err := formatCarries(format, st.Currency); err != nil {
		return nil, err
	}
	// Recorded before the file is handed out: a download the log cannot record is refused.
	if err := s.audits.RecordAudit(ctx, provider.AuditEvent{OrgID: orgID, Kind: provider.AuditDownload, RecordKind: "statement",
		RecordID: id, Changes: []provider.AuditChange{{Field: "format", After: format}}}); err != nil {
		return nil, err
	}
	var write func(io.Writer, statement.Header, statement.Rows) (int, error)
	var ext, media string
	switch format {
	case provider.FormatCSV:
		return &provider.StatementFile{ReadCloser: &chunkReader{ctx: ctx, s: s.core, chunk: statementJobs.files.chunk, fileID: st.CSVFileID},
			Filename: statementFilename(st, "csv"), ContentType: "text/csv; charset=utf-8"}, nil
	case provider.FormatCAMT053:
		write, ext, media = statement.WriteCAMT053, "xml", "application/xml; charset=utf-8"
	case provider.FormatMT940:
		// .sta is the extension banks and accounting software use for MT940 files; the text
		// is the SWIFT X character set, plain ASCII.
		write, ext, media = statement.WriteMT940, "sta", "text/plain; charset=us-ascii"
	}
	j, err := s.statementJob(ctx, id)
	if err != nil {
		return nil, err
	}
	var name string
	if err := s.read.QueryRowContext(ctx, qAccountName, st.AccountNumber).Scan(&name); err != nil {
		return nil, fmt.Errorf("reference: statement: %w", err)
	}
	pr, pw := io.Pipe()
	go func() {
		rows, err := s.statementRows(ctx, j)
		if err != nil {
			pw.CloseWithError(err)
			return
		}
		defer rows.Close()
		_, err = write(pw, statement.Header{MessageID: st.ID, StatementID: st.ID, CreatedAt: st.CreatedAt,
			From: st.From, To: st.To, AccountNumber: st.AccountNumber, AccountName: name, Currency: st.Currency,
			OpeningBalance: st.OpeningBalance, ClosingBalance: st.ClosingBalance, Servicer: "Portal",
			ChargesOnly: st.Kind == provider.KindCharges}, rows)
		pw.CloseWithError(err)
	}()
	return &provider.StatementFile{ReadCloser: pr, Filename: statementFilename(st, ext), ContentType: media}, nil
}

// statementJob is what a worker needs to write a statement.
type statementJob struct {
	id, orgID, account, currency, kind, format, requestedBy string
	from, to                                                time.Time
	through                                                 int64
	token                                                   string
}

func (s *ExportService) statementJob(ctx context.Context, id string) (statementJob, error) {
	j := statementJob{id: id}
	var from, to string
	err := s.read.QueryRowContext(ctx, qStatementJob, id).Scan(&j.orgID, &j.account,
		&j.currency, &j.kind, &j.format, &j.requestedBy, &from, &to, &j.through, &j.token)
	if err != nil {
		return j, fmt.Errorf("reference: statement job: %w", err)
	}
	if j.from, err = parseTime(from); err != nil {
		return j, err
	}
	j.to, err = parseTime(to)
	return j, err
}

// entryRows adapts ledger rows to statement.Rows.
type entryRows struct {
	rows *sql.Rows
	row  statement.Row
	err  error
}

func (e *entryRows) Next() bool {
	if e.err != nil || !e.rows.Next() {
		return false
	}
	var pe provider.Entry
	if e.err = scanEntry(e.rows, &pe); e.err != nil {
		return false
	}
	e.row = statement.Row{ID: pe.ID, Date: pe.Date, Reference: pe.Reference, OrderID: pe.OrderID, EntryType: pe.EntryType,
		Amount: pe.Amount, RunningBalance: pe.RunningBalance, Currency: pe.Currency}
	return true
}
func (e *entryRows) Row() statement.Row { return e.row }
func (e *entryRows) Err() error {
	if e.err != nil {
		return e.err
	}
	return e.rows.Err()
}
func (e *entryRows) Close() error { return e.rows.Close() }

// statementRows streams the entries of a statement in booking order, from a database cursor.
func (s *ExportService) statementRows(ctx context.Context, j statementJob) (*entryRows, error) {
	types := provider.StatementEntryTypes(j.kind)
	w := filters(j.account, formatTime(j.from), formatTime(j.to), j.through)
	w.in("entry_type", types)
	rows, err := s.read.QueryContext(ctx, filled(qStatementRows, w), w.args...)
	if err != nil {
		return nil, fmt.Errorf("reference: statement rows: %w", err)
	}
	return &entryRows{rows: rows}, nil
}

// balanceBefore is the account's balance just before t, counting entries up to through.
func (s *ExportService) balanceBefore(ctx context.Context, j statementJob, t time.Time) (string, error) {
	var rb string
	err := s.read.QueryRowContext(ctx, qStatementBalanceBefore,
		j.account, formatTime(t), j.through).Scan(&rb)
	if errors.Is(err, sql.ErrNoRows) {
		return money.Zero(currency.Decimals(j.currency)).String(), nil
	}
	if err != nil {
		return "", fmt.Errorf("reference: statement balance: %w", err)
	}
	return rb, nil
}
