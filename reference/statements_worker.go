package reference

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"time"

	"portal/provider"
	"portal/statement"
)

var (
	qStatementJobExpired       = sq("statement-job-expired")
	qStatementJobDue           = sq("statement-job-due")
	qStatementJobGiveUp        = sq("statement-job-give-up")
	qStatementJobClaim         = sq("statement-job-claim")
	qStatementJobRenew         = sq("statement-job-renew")
	qStatementComplete         = sq("statement-complete")
	qStatementChunksSuperseded = sq("statement-chunks-superseded")
	qStatementChunkInsert      = sq("statement-chunk-insert")
	qStatementChunksDrop       = sq("statement-chunks-drop")
	qStatementChunk            = sq("statement-chunk")
	qExportNoticeNames         = sq("export-notice-names")
)

// Statements are one kind of export (exports.go): the statements table is their job queue,
// statement_chunks holds their files, so a statement survives a restart: a job a crash
// interrupted keeps state generating with a lease that runs out, and the next worker to
// look claims it again.
var statementJobs = newExportQueue("statement job",
	jobSQL{expired: qStatementJobExpired, due: qStatementJobDue, giveUp: qStatementJobGiveUp, claim: qStatementJobClaim,
		renew: qStatementJobRenew},
	exportSQL{complete: qStatementComplete, superseded: qStatementChunksSuperseded, insert: qStatementChunkInsert,
		drop: qStatementChunksDrop, chunk: qStatementChunk})

// RunStatementJobs works through the queue until no job is left to claim, and returns how
// many statements it completed.
func (s *ExportService) RunStatementJobs(ctx context.Context) (int, error) {
	return s.runStatementJobs(ctx, 0)
}

func (s *ExportService) runStatementJobs(ctx context.Context, delay time.Duration) (int, error) {
	return s.runExportJobs(ctx, &statementJobs, delay, s.writeStatement)
}

// runStatementJob claims one job and writes it; false when there was none. afterClaim, for
// tests, runs right after the claim (runExportJob).
func (s *ExportService) runStatementJob(ctx context.Context, delay time.Duration, afterClaim func() error) (bool, error) {
	return s.runExportJob(ctx, &statementJobs, delay, afterClaim, s.writeStatement)
}

// writeStatement writes the CSV of a claimed job and completes it: ready, the file named,
// the balances and the e-mail notice, all in one transaction that only the lease holder can
// commit. The CSV is stored whatever the format asked for: it is the statement's record
// (csv_file_id), and camt.053 and MT940 are written from the same entries when downloaded.
func (s *ExportService) writeStatement(ctx context.Context, id, token string) error {
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
	write := func(w io.Writer) (int, error) {
		rows, err := s.statementRows(ctx, j)
		if err != nil {
			return 0, err
		}
		defer rows.Close()
		return statement.WriteCSV(w, rows)
	}
	return s.writeExport(ctx, &statementJobs, id, token, write, func(count int) exportDone {
		return exportDone{args: []any{count, opening, closing},
			notice: func(tx *sql.Tx) error {
				var email, orgName, accountName string
				if err := tx.QueryRowContext(ctx, qExportNoticeNames, j.requestedBy, j.orgID, j.account).Scan(&email, &orgName, &accountName); err != nil {
					return fmt.Errorf("reference: complete statement: %w", err)
				}
				last := j.to.Add(-time.Nanosecond)
				return s.outbox.sendMessage(ctx, tx, provider.OutboxMessage{
					Kind:    provider.OutboxEmail,
					To:      email,
					Subject: "Your statement is ready",
					Body: fmt.Sprintf("The %s statement of %s (No. %s, %s) for %s to %s is ready: %d entries, as %s. Download it from Exports › Statements.",
						j.kind, accountName, j.account, orgName, j.from.Format("02-01-2006"), last.Format("02-01-2006"), count,
						provider.StatementFormatLabel(j.format)),
					Link: "/org/" + j.orgID + "/exported_statements?account=" + j.account,
				})
			}}
	})
}
