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
)

// jobQueue is a background queue kept in a table whose rows are their own jobs (statements,
// payout requests), so it survives a restart. A worker claims a row by writing a fresh
// lease_token and lease_until; it does the slow or outside part of the work without holding
// the write lock, then commits the result with an update conditional on its token, so only
// the current holder can complete a job. A job whose worker died is claimed again once its
// lease runs out; one that was claimed maxAttempts times without completing is given up.
//
// The table needs the columns id, lease_token, lease_until and attempts.
type jobQueue struct {
	what string // for errors: "statement job"
	// stmts are the queue's named queries.
	stmts       jobSQL
	lease       time.Duration
	maxAttempts int
}

// jobSQL is what a queue runs: expired finds a claimed job whose lease ran out (arg: now), due
// the first unclaimed due one (args: claim's), giveUp fails a job (arg: id), claim takes one
// (args: token, lease end, id) and renew extends a lease (args: lease end, id, token).
type jobSQL struct{ expired, due, giveUp, claim, renew string }

// sql is q's statements.
func (q *jobQueue) sql() jobSQL { return q.stmts }

// errLeaseLost: another worker claimed the job (ours was taken for dead).
var errLeaseLost = errors.New("reference: job lease lost")

// claim takes a job whose lease ran out, else the first due one; ok is false when there is
// none. args fill the ? of the due query.
func (q *jobQueue) claim(ctx context.Context, s *core, args ...any) (id, token string, ok bool, err error) {
	jobs, err := q.claimMany(ctx, s, 1, args...)
	if err != nil || len(jobs) == 0 {
		return "", "", false, err
	}
	return jobs[0].id, jobs[0].token, true, nil
}

// claimedJob is a job a worker holds.
type claimedJob struct{ id, token string }

// claimMany claims up to limit jobs (those whose lease ran out first) in one transaction, so
// a busy queue does not pay a commit per claim.
func (q *jobQueue) claimMany(ctx context.Context, s *core, limit int, args ...any) ([]claimedJob, error) {
	var jobs []claimedJob
	stmts := q.sql()
	err := s.inTx(ctx, "claim "+q.what, func(tx *sql.Tx) error {
		jobs = jobs[:0]
		now := formatTime(s.now())
		for len(jobs) < limit {
			var id string
			var attempts int
			// Two lookups rather than one OR, so each is a range scan of its own index.
			err := tx.QueryRowContext(ctx, stmts.expired, now).Scan(&id, &attempts)
			if errors.Is(err, sql.ErrNoRows) {
				err = tx.QueryRowContext(ctx, stmts.due, args...).Scan(&id, &attempts)
			}
			if errors.Is(err, sql.ErrNoRows) {
				return nil
			}
			if err != nil {
				return fmt.Errorf("reference: claim %s: %w", q.what, err)
			}
			if attempts >= q.maxAttempts {
				if _, err := tx.ExecContext(ctx, stmts.giveUp, id); err != nil {
					return fmt.Errorf("reference: claim %s: %w", q.what, err)
				}
				s.jobLog().Warn("job given up", "queue", q.what, "id", id, "attempts", attempts)
				continue
			}
			token := uuid.NewString()
			if _, err := tx.ExecContext(ctx, stmts.claim, token, formatTime(s.now().Add(q.lease)), id); err != nil {
				return fmt.Errorf("reference: claim %s: %w", q.what, err)
			}
			jobs = append(jobs, claimedJob{id, token})
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return jobs, nil
}

// renew extends the lease of a job the caller holds, inside the caller's write transaction;
// errLeaseLost when another worker holds it now.
func (q *jobQueue) renew(ctx context.Context, s *core, tx *sql.Tx, id, token string) error {
	res, err := tx.ExecContext(ctx, q.sql().renew,
		formatTime(s.now().Add(q.lease)), id, token)
	if err != nil {
		return fmt.Errorf("reference: %s lease: %w", q.what, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errLeaseLost
	}
	return nil
}

// jobLog is where the queues report jobs they give up on.
func (s *core) jobLog() *slog.Logger { return slog.Default() }

// startWorker runs run every poll (and at once when wake fires) in the background until ctx
// ends or the returned stop is called; stop waits for the current run to finish. run works
// through whatever is due and returns; its errors are logged, and the next tick tries again.
func startWorker(ctx context.Context, log *slog.Logger, name string, poll time.Duration, wake <-chan struct{},
	run func(context.Context) (int, error)) (stop func()) {
	if log == nil {
		log = slog.Default()
	}
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(poll)
		defer t.Stop()
		for {
			if _, err := run(ctx); err != nil && ctx.Err() == nil {
				log.Error(name, "err", err)
			}
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			case <-wake:
			}
		}
	}()
	return func() { cancel(); <-done }
}

// envDuration is a worker setting read from the environment.
type envDuration struct {
	name string
	to   *time.Duration
}

// readDurations sets each duration from its variable (a Go duration); a value that does not
// parse, or is negative, is reported and the default kept.
func readDurations(log *slog.Logger, vars ...envDuration) {
	for _, v := range vars {
		if raw := os.Getenv(v.name); raw != "" {
			d, err := time.ParseDuration(raw)
			if err != nil || d < 0 {
				log.Warn("ignoring a bad duration", "variable", v.name, "value", raw)
				continue
			}
			*v.to = d
		}
	}
}
