package reference

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"portal/provider"
)

// ExportService owns the generated files: account statements and payout
// reports, their job queues and workers, and the chunked file store both write into. Its
// files: exports.go, jobs.go, statements.go, statements_worker.go, payout_reports.go.
type ExportService struct{ *core }

// The export machinery: every file the provider writes in the background (statements,
// payout reports) is a row of its kind's table, which is also its job in a jobQueue
// (jobs.go). A worker claims a job, streams the file into the kind's chunk table (renewing
// its lease with every chunk), then completes it in one transaction that only the lease
// holder can commit: state ready, the file named, the kind's own columns, and the e-mail
// notice in the outbox. A crashed job is claimed again when its lease runs out; one that
// failed exportMaxAttempts times is failed.
const (
	// StatementLease is how long a claim holds without news from its worker; every chunk
	// written renews it. Every export kind uses it.
	StatementLease = 30 * time.Second
	// StatementPoll is how often an idle export worker looks for jobs.
	StatementPoll = time.Second
	// exportMaxAttempts: a job that failed this often is marked failed.
	exportMaxAttempts = 5
	// exportChunk is the size of a stored file's pieces.
	exportChunk = 64 << 10
)

// exportQueue is one kind of export: its table (the job queue) and where its files' chunks
// live. The tables share the columns id, state ('queued', 'generating', 'ready',
// 'failed'), csv_file_id, ready_at, created_at, seq and the lease columns; the chunk table
// has file_id, n, data and the job's id. Each kind names its own queries (exports.sql).
type exportQueue struct {
	jobQueue
	files exportSQL
}

// exportSQL is what a kind runs on its files: complete marks a job ready (args: file, the
// kind's own columns, ready_at, id, token), superseded drops an earlier attempt's chunks
// (args: job, file kept), insert stores a chunk (file, n, job, data), drop removes a file's
// chunks (job, file) and chunk reads one (file, n).
type exportSQL struct{ complete, superseded, insert, drop, chunk string }

// newExportQueue is the queue of a kind with those job and file queries: a job is due once it
// has waited out the delay (the ? of due is the latest created_at that is due).
func newExportQueue(what string, jobs jobSQL, files exportSQL) exportQueue {
	return exportQueue{jobQueue: jobQueue{
		what:        what,
		stmts:       jobs,
		lease:       StatementLease,
		maxAttempts: exportMaxAttempts,
	}, files: files}
}

// ExportWorkerOptions tune the background export worker. Zero values mean the defaults.
type ExportWorkerOptions struct {
	Logger *slog.Logger
	// Poll is how often an idle worker looks for jobs (StatementPoll).
	Poll time.Duration
	// Delay holds every job back this long after it was requested (default none): a delayed
	// queue, which lets browser tests and demos see an export being generated.
	Delay time.Duration
}

// ExportWorkerEnv reads the options from PORTAL_STATEMENT_POLL and PORTAL_STATEMENT_DELAY
// (Go durations; the names are older than payout reports, and govern every export); a value
// that does not parse is reported and the default kept.
func ExportWorkerEnv(log *slog.Logger) ExportWorkerOptions {
	o := ExportWorkerOptions{Logger: log}
	readDurations(log, envDuration{"PORTAL_STATEMENT_POLL", &o.Poll}, envDuration{"PORTAL_STATEMENT_DELAY", &o.Delay})
	return o
}

// StartExportWorker runs the export worker (statements, then payout reports, on every tick)
// in the background until ctx ends or the returned stop is called (stop waits for the
// worker to finish its current step).
func (s *ExportService) StartExportWorker(ctx context.Context, o ExportWorkerOptions) (stop func()) {
	if o.Poll <= 0 {
		o.Poll = StatementPoll
	}
	return startWorker(ctx, o.Logger, "export worker", o.Poll, nil, func(ctx context.Context) (int, error) {
		n, err := s.runStatementJobs(ctx, o.Delay)
		if err != nil {
			return n, err
		}
		m, err := s.runPayoutReportJobs(ctx, o.Delay)
		return n + m, err
	})
}

// runExportJobs works through q until no job is left to claim, writing each with write, and
// returns how many it completed.
func (s *ExportService) runExportJobs(ctx context.Context, q *exportQueue, delay time.Duration,
	write func(ctx context.Context, id, token string) error) (int, error) {
	n := 0
	for ctx.Err() == nil {
		ok, err := s.runExportJob(ctx, q, delay, nil, write)
		if err != nil {
			return n, err
		}
		if !ok {
			return n, nil
		}
		n++
	}
	return n, ctx.Err()
}

// runExportJob claims one job of q and writes it; false when there was none. afterClaim, for
// tests, runs right after the claim: an error from it stops the worker there, as a crash
// would.
func (s *ExportService) runExportJob(ctx context.Context, q *exportQueue, delay time.Duration, afterClaim func() error,
	write func(ctx context.Context, id, token string) error) (bool, error) {
	id, token, ok, err := q.claim(ctx, s.core, formatTime(s.now().Add(-delay)))
	if err != nil || !ok {
		return false, err
	}
	if afterClaim != nil {
		if err := afterClaim(); err != nil {
			return false, err
		}
	}
	if err := write(ctx, id, token); err != nil {
		if errors.Is(err, errLeaseLost) || ctx.Err() != nil {
			return true, nil
		}
		// The job stays claimed; its lease runs out and it is tried again (up to
		// exportMaxAttempts).
		return true, fmt.Errorf("reference: %s %s: %w", q.what, id, err)
	}
	return true, nil
}

// exportDone is how a kind completes a job: its own columns' values (in the order of its
// complete query) and its notice, sent in the completing transaction.
type exportDone struct {
	args   []any
	notice func(tx *sql.Tx) error
}

// writeExport streams a claimed job's file through write into q's chunks and completes the
// job with done(count), all in one transaction that only the lease holder can commit.
func (s *ExportService) writeExport(ctx context.Context, q *exportQueue, id, token string,
	write func(w io.Writer) (int, error), done func(count int) exportDone) error {
	w := &chunkWriter{ctx: ctx, s: s.core, q: q, id: id, token: token, fileID: uuid.NewString(), buf: make([]byte, 0, exportChunk)}
	count, err := write(w)
	if err == nil {
		err = w.flush()
	}
	if err != nil {
		s.dropChunks(q, id, w.fileID)
		return err
	}
	d := done(count)
	err = s.inTx(ctx, "complete "+q.what, func(tx *sql.Tx) error {
		args := append([]any{w.fileID}, d.args...)
		args = append(args, formatTime(s.now()), id, token)
		res, err := tx.ExecContext(ctx, q.files.complete, args...)
		if err != nil {
			return fmt.Errorf("reference: complete %s: %w", q.what, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return errLeaseLost
		}
		if _, err := tx.ExecContext(ctx, q.files.superseded, id, w.fileID); err != nil {
			return fmt.Errorf("reference: complete %s: %w", q.what, err)
		}
		return d.notice(tx)
	})
	if err != nil {
		s.dropChunks(q, id, w.fileID)
	}
	return err
}

// chunkWriter stores what an export writer writes, chunk by chunk, renewing the lease with
// every chunk; it fails with errLeaseLost once another worker holds the job.
type chunkWriter struct {
	ctx         context.Context
	s           *core
	q           *exportQueue
	id, token   string
	fileID      string
	n           int
	buf         []byte
	writtenSize int64
}

func (w *chunkWriter) Write(p []byte) (int, error) {
	total := len(p)
	for len(p) > 0 {
		k := min(len(p), exportChunk-len(w.buf))
		w.buf = append(w.buf, p[:k]...)
		p = p[k:]
		if len(w.buf) == exportChunk {
			if err := w.flush(); err != nil {
				return 0, err
			}
		}
	}
	return total, nil
}

func (w *chunkWriter) flush() error {
	if len(w.buf) == 0 {
		return nil
	}
	err := w.s.inTx(w.ctx, "write "+w.q.what, func(tx *sql.Tx) error {
		if err := w.q.renew(w.ctx, w.s, tx, w.id, w.token); err != nil {
			return err
		}
		_, err := tx.ExecContext(w.ctx, w.q.files.insert,
			w.fileID, w.n, w.id, w.buf)
		return err
	})
	if err != nil {
		return err
	}
	w.writtenSize += int64(len(w.buf))
	w.n++
	w.buf = w.buf[:0]
	return nil
}

// dropChunks removes the chunks of an attempt that did not complete (best effort: completion
// of a later attempt removes them too).
func (s *ExportService) dropChunks(q *exportQueue, id, fileID string) {
	_ = s.inTx(context.Background(), "drop "+q.what+" chunks", func(tx *sql.Tx) error {
		_, err := tx.ExecContext(context.Background(), q.files.drop, id, fileID)
		return err
	})
}

// exportReady says whether an export (what: "statement", "report") in state can be
// downloaded: ECONFLICT until it is ready, and for good once it failed.
func exportReady(state, what string) error {
	switch state {
	case provider.ExportReady:
		return nil
	case provider.ExportFailed:
		return provider.Errorf(provider.ECONFLICT, "The %s could not be generated: please request it again.", what)
	}
	return provider.Errorf(provider.ECONFLICT, "The %s is not ready yet.", what)
}

// chunkReader reads a stored file one chunk at a time, by its kind's chunk query.
type chunkReader struct {
	ctx    context.Context
	s      *core
	chunk  string
	fileID string
	n      int
	buf    []byte
	done   bool
}

func (r *chunkReader) Read(p []byte) (int, error) {
	for len(r.buf) == 0 {
		if r.done {
			return 0, io.EOF
		}
		err := r.s.read.QueryRowContext(r.ctx, r.chunk,
			r.fileID, r.n).Scan(&r.buf)
		if errors.Is(err, sql.ErrNoRows) {
			r.done = true
			continue
		}
		if err != nil {
			return 0, fmt.Errorf("reference: export file: %w", err)
		}
		r.n++
	}
	n := copy(p, r.buf)
	r.buf = r.buf[n:]
	return n, nil
}

func (r *chunkReader) Close() error { r.done, r.buf = true, nil; return nil }

// exportTable is one kind of export as the store keeps it: its table (named in errors), its
// queries of one export (args: id, organisation) and of the list's total and page (each with
// a /*where*/ slot, the page also with readList's), whose rows scan reads (each row's seq besides),
// its page sizes and the message of an unknown id.
type exportTable[T any] struct {
	table, byID, listTotal, listPage string
	def, max                         int
	scan                             func(r scanner, item *T, seq *int64) error
	createdAt                        func(item *T) time.Time
	notFound                         string
}

// page reads one page of the organisation's exports, newest first: of one account when
// given, created on the days DateFrom to DateTo (inclusive, UTC; zero: open), and the
// total of the filter. The page is never nil.
func (t exportTable[T]) page(ctx context.Context, s *core, orgID string, f provider.ExportFilter) (items []T, next, prev string,
	hasNext bool, total int, err error) {
	items, next, prev, hasNext, total, err = exportPage(ctx, s, t.table, t.listTotal, t.listPage, exportList{orgID: orgID, f: f, def: t.def, max: t.max},
		rowScan[T](t.scan).keyed(t.createdAt))
	if items == nil {
		items = []T{}
	}
	return items, next, prev, hasNext, total, err
}

// one reads the organisation's export id: ENOTFOUND (notFound) when it has none such.
func (t exportTable[T]) one(ctx context.Context, s *core, orgID, id string) (T, error) {
	var item T
	var seq int64
	err := t.scan(s.read.QueryRowContext(ctx, t.byID, id, orgID), &item, &seq)
	if errors.Is(err, sql.ErrNoRows) {
		return item, provider.Errorf(provider.ENOTFOUND, "%s", t.notFound)
	}
	return item, err
}

// exportList is one page request over an export table.
type exportList struct {
	orgID    string
	f        provider.ExportFilter
	def, max int
}

// exportPage reads one page of table by the named queries count and page (the page's rows
// scanned by scan, which gives each row's creation time and seq) and the total of the filter.
func exportPage[T any](ctx context.Context, s *core, table, count, page string, l exportList,
	scan func(*sql.Rows) (T, time.Time, int64, error)) (items []T, next, prev string, hasNext bool, total int, err error) {
	k, err := newKeyset(l.f.Cursor, l.f.Direction, l.f.Limit, l.def, l.max)
	if err != nil {
		return nil, "", "", false, 0, err
	}
	w := whereFirst("organisation_id = ?", l.orgID)
	w.equal("account_number", l.f.AccountNumber)
	to := l.f.DateTo
	if !to.IsZero() {
		to = to.AddDate(0, 0, 1)
	}
	w.period("created_at", l.f.DateFrom, to)
	total, got, err := readList(ctx, s.read, k, w, table, count, page, "", scan)
	if err != nil {
		return nil, "", "", false, 0, err
	}
	return got.rows, got.next, got.prev, got.hasNext, total, nil
}

// The two kinds of export the store keeps, side by side: the same table machinery, each
// kind only naming its queries, limits and not-found message.
var (
	statementTable = exportTable[provider.Statement]{table: "statements", byID: qStatement,
		listTotal: qStatementsCount, listPage: qStatementsPage,
		def: provider.DefaultStatementLimit, max: provider.MaxStatementLimit, scan: scanStatement,
		createdAt: func(st *provider.Statement) time.Time { return st.CreatedAt }, notFound: provider.MsgStatementFetch}
	payoutReportTable = exportTable[provider.PayoutReport]{table: "payout_reports", byID: qPayoutReport,
		listTotal: qPayoutReportsCount, listPage: qPayoutReportsPage,
		def: provider.DefaultPayoutReportLimit, max: provider.MaxPayoutReportLimit, scan: scanPayoutReport,
		createdAt: func(rep *provider.PayoutReport) time.Time { return rep.CreatedAt }, notFound: provider.MsgPayoutReportNotFound}
)

// Statements implements provider.Statements.
func (s *ExportService) Statements(ctx context.Context, orgID string, f provider.StatementFilter) (page provider.StatementPage, err error) {
	page.Statements, page.CursorNext, page.CursorPrev, page.HasNext, page.Total, err = statementTable.page(ctx, s.core, orgID, f)
	return page, err
}

// Statement implements provider.Statements.
func (s *ExportService) Statement(ctx context.Context, orgID, id string) (provider.Statement, error) {
	return statementTable.one(ctx, s.core, orgID, id)
}

// PayoutReports implements provider.PayoutReports.
func (s *ExportService) PayoutReports(ctx context.Context, orgID string, f provider.PayoutReportFilter) (page provider.PayoutReportPage, err error) {
	page.Reports, page.CursorNext, page.CursorPrev, page.HasNext, page.Total, err = payoutReportTable.page(ctx, s.core, orgID, f)
	return page, err
}

// PayoutReport implements provider.PayoutReports.
func (s *ExportService) PayoutReport(ctx context.Context, orgID, id string) (provider.PayoutReport, error) {
	return payoutReportTable.one(ctx, s.core, orgID, id)
}
