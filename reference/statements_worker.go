package reference

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/google/uuid"

	"portal/provider"
	"portal/statement"
)

// The statement job queue lives in the statements table, so it survives a restart: a job a
// crash interrupted keeps state generating with a lease that runs out, and the next worker
// to look claims it again.
const (
	// StatementLease is how long a claim holds without news from its worker; every chunk
	// written renews it.
	StatementLease = 30 * time.Second
	// StatementPoll is how often an idle worker looks for jobs.
	StatementPoll = time.Second
	// statementMaxAttempts: a job that failed this often is marked failed.
	statementMaxAttempts = 5
	// statementChunk is the size of the stored file's pieces.
	statementChunk = 64 << 10
)

// statementJobs is the statement queue: a job is due once it has waited out the delay.
var statementJobs = jobQueue{
	what:        "statement job",
	table:       "statements",
	ready:       "state = 'queued' AND created_at <= ?",
	order:       "seq",
	set:         "state = 'generating'",
	giveUp:      "state = 'failed', lease_token = NULL, lease_until = NULL",
	lease:       StatementLease,
	maxAttempts: statementMaxAttempts,
}

// StatementWorkerOptions tune the background worker. Zero values mean the defaults.
type StatementWorkerOptions struct {
	Logger *slog.Logger
	// Poll is how often an idle worker looks for jobs (StatementPoll).
	Poll time.Duration
	// Delay holds every job back this long after it was requested (default none): a delayed
	// queue, which lets browser tests and demos see a statement being generated.
	Delay time.Duration
}

// StatementWorkerEnv reads the options from PORTAL_STATEMENT_POLL and PORTAL_STATEMENT_DELAY
// (Go durations); a value that does not parse is reported and the default kept.
func StatementWorkerEnv(log *slog.Logger) StatementWorkerOptions {
	o := StatementWorkerOptions{Logger: log}
	for _, v := range []struct {
		name string
		to   *time.Duration
	}{{"PORTAL_STATEMENT_POLL", &o.Poll}, {"PORTAL_STATEMENT_DELAY", &o.Delay}} {
		if raw := os.Getenv(v.name); raw != "" {
			d, err := time.ParseDuration(raw)
			if err != nil || d < 0 {
				log.Warn("ignoring a bad duration", "variable", v.name, "value", raw)
				continue
			}
			*v.to = d
		}
	}
	return o
}

// StartStatementWorker runs a worker in the background until ctx ends or the returned stop
// is called (stop waits for the worker to finish its current step).
func (s *Store) StartStatementWorker(ctx context.Context, o StatementWorkerOptions) (stop func()) {
	if o.Poll <= 0 {
		o.Poll = StatementPoll
	}
	return startWorker(ctx, o.Logger, "statement worker", o.Poll, nil, func(ctx context.Context) (int, error) {
		return s.runStatementJobs(ctx, o.Delay)
	})
}

// RunStatementJobs works through the queue until no job is left to claim, and returns how
// many statements it completed.
func (s *Store) RunStatementJobs(ctx context.Context) (int, error) { return s.runStatementJobs(ctx, 0) }

func (s *Store) runStatementJobs(ctx context.Context, delay time.Duration) (int, error) {
	n := 0
	for ctx.Err() == nil {
		ok, err := s.runStatementJob(ctx, delay, nil)
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

// runStatementJob claims one job and writes it; false when there was none. afterClaim, for
// tests, runs right after the claim: an error from it stops the worker there, as a crash
// would.
func (s *Store) runStatementJob(ctx context.Context, delay time.Duration, afterClaim func() error) (bool, error) {
	id, token, ok, err := s.claimStatementJob(ctx, delay)
	if err != nil || !ok {
		return false, err
	}
	if afterClaim != nil {
		if err := afterClaim(); err != nil {
			return false, err
		}
	}
	if err := s.writeStatement(ctx, id, token); err != nil {
		if errors.Is(err, errLeaseLost) || ctx.Err() != nil {
			return true, nil
		}
		// The job stays claimed; its lease runs out and it is tried again (up to
		// statementMaxAttempts).
		return true, fmt.Errorf("reference: statement %s: %w", id, err)
	}
	return true, nil
}

// claimStatementJob takes a generating job whose lease ran out, else the oldest queued job
// requested at least delay ago.
func (s *Store) claimStatementJob(ctx context.Context, delay time.Duration) (id, token string, ok bool, err error) {
	return statementJobs.claim(ctx, s, formatTime(s.now().Add(-delay)))
}

// chunkWriter stores what the CSV writer writes, chunk by chunk, renewing the lease with
// every chunk; it fails with errLeaseLost once another worker holds the job.
type chunkWriter struct {
	ctx         context.Context
	s           *Store
	id, token   string
	fileID      string
	n           int
	buf         []byte
	writtenSize int64
}

func (w *chunkWriter) Write(p []byte) (int, error) {
	total := len(p)
	for len(p) > 0 {
		k := min(len(p), statementChunk-len(w.buf))
		w.buf = append(w.buf, p[:k]...)
		p = p[k:]
		if len(w.buf) == statementChunk {
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
	err := w.s.inTx(w.ctx, "write statement", func(tx *sql.Tx) error {
		if err := statementJobs.renew(w.ctx, w.s, tx, w.id, w.token); err != nil {
			return err
		}
		_, err := tx.ExecContext(w.ctx, `INSERT INTO statement_chunks (file_id, n, statement_id, data) VALUES (?, ?, ?, ?)`,
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

// writeStatement writes the CSV of a claimed job and completes it: ready, the file named,
// the e-mail notice in the outbox, all in one transaction that only the lease holder can
// commit.
func (s *Store) writeStatement(ctx context.Context, id, token string) error {
	j, err := s.statementJob(ctx, id)
	if err != nil {
		return err
	}
	opening, err := s.balanceBefore(ctx, j, j.from)
	if err != nil {
		return err
	}
	closing, err := s.balanceBefore(ctx, j, j.to)
	if err != nil {
		return err
	}
	rows, err := s.statementRows(ctx, j)
	if err != nil {
		return err
	}
	w := &chunkWriter{ctx: ctx, s: s, id: id, token: token, fileID: uuid.NewString(), buf: make([]byte, 0, statementChunk)}
	count, err := statement.WriteCSV(w, rows)
	rows.Close()
	if err == nil {
		err = w.flush()
	}
	if err != nil {
		s.dropChunks(id, w.fileID)
		return err
	}
	err = s.inTx(ctx, "complete statement", func(tx *sql.Tx) error {
		now := s.now()
		res, err := tx.ExecContext(ctx, `UPDATE statements SET state = 'ready', csv_file_id = ?, entry_count = ?,
			opening_balance = ?, closing_balance = ?, ready_at = ?, lease_token = NULL, lease_until = NULL
			WHERE id = ? AND lease_token = ? AND state = 'generating'`,
			w.fileID, count, opening, closing, formatTime(now), id, token)
		if err != nil {
			return fmt.Errorf("reference: complete statement: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return errLeaseLost
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM statement_chunks WHERE statement_id = ? AND file_id <> ?`, id, w.fileID); err != nil {
			return fmt.Errorf("reference: complete statement: %w", err)
		}
		var email, orgName, accountName string
		if err := tx.QueryRowContext(ctx, `SELECT u.email, o.name, a.name FROM users u, organisations o, accounts a
			WHERE u.id = ? AND o.id = ? AND a.account_number = ?`, j.requestedBy, j.orgID, j.account).Scan(&email, &orgName, &accountName); err != nil {
			return fmt.Errorf("reference: complete statement: %w", err)
		}
		last := j.to.Add(-time.Nanosecond)
		return s.sendMessage(ctx, tx, provider.OutboxMessage{
			Kind:    provider.OutboxEmail,
			To:      email,
			Subject: "Your statement is ready",
			Body: fmt.Sprintf("The %s statement of %s (No. %s, %s) for %s to %s is ready: %d entries. Download it from Exports › Statements.",
				j.kind, accountName, j.account, orgName, j.from.Format("02-01-2006"), last.Format("02-01-2006"), count),
			Link: "/org/" + j.orgID + "/exported_statements?account=" + j.account,
		})
	})
	if err != nil {
		s.dropChunks(id, w.fileID)
	}
	return err
}

// dropChunks removes the chunks of an attempt that did not complete (best effort: completion
// of a later attempt removes them too).
func (s *Store) dropChunks(id, fileID string) {
	_ = s.inTx(context.Background(), "drop statement chunks", func(tx *sql.Tx) error {
		_, err := tx.ExecContext(context.Background(), `DELETE FROM statement_chunks WHERE statement_id = ? AND file_id = ?`, id, fileID)
		return err
	})
}
