package reference

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"portal/currency"
	"portal/money"
	"portal/provider"
	"portal/reference/db"
)

var (
	qPayoutRowByID       = sq("payout-row-by-id")
	qPayoutMove          = sq("payout-move")
	qPayoutSchedule      = sq("payout-schedule")
	qPayoutSetInstrument = sq("payout-set-instrument")
	qPayoutSetReserved   = sq("payout-set-reserved")
	qPayoutSetReleased   = sq("payout-set-released")
	qPayoutCancelDone    = sq("payout-cancel-done")
	qPayoutInsufficient  = sq("payout-insufficient")
	qPayoutWakeFunded    = sq("payout-wake-funded")
	qPayoutJobExpired    = sq("payout-job-expired")
	qPayoutJobDue        = sq("payout-job-due")
	qPayoutJobGiveUp     = sq("payout-job-give-up")
	qPayoutJobClaim      = sq("payout-job-claim")
	qPayoutJobRenew      = sq("payout-job-renew")
)

// The payout lifecycle (spec 001 §4) runs in the background on the job queue of jobs.go:
// every payout request is its own job, due when due_at has passed. One step moves a payout
// one state on, records the transition and says when to look again:
//
//	created → capability_selected → validating_external → validated      (received)
//	  → waiting_future_execution, until the requested execution date       (pending)
//	  → insufficient_funds, until the balance covers amount and fee        (action_required)
//	  → added_to_payout_planner → tstm_initiated                           (processing)
//	  → completed
//
// with rejected (reason code and findings by section) from capability_selected and
// validating_external, cancelled from any cancellable state, and halted and returned by the
// sandbox's test cases. The amount and the fee are reserved (one ledger transaction debits
// both) when processing starts, and given back (one more) on cancellation or return.
const (
	// PayoutLease is how long a claimed step holds without completing.
	PayoutLease = 30 * time.Second
	// PayoutPoll is how often an idle processor looks for due steps and for waiting payouts
	// whose account has been funded.
	PayoutPoll = time.Second
	// DefaultPayoutSettle is how long a payout waits in tstm_initiated for the (simulated)
	// bank's confirmation.
	DefaultPayoutSettle = 5 * time.Second
	payoutMaxAttempts   = 5
	// maxChainedSteps bounds the steps one transaction runs (the longest path has 7).
	maxChainedSteps = 10
	// payoutClaimBatch is how many due payouts one claim takes.
	payoutClaimBatch = 32
)

// payoutLimit is the largest amount one payout may carry (in currency units); more is
// invalid_general_data.
const payoutLimit = "1000000"

var payoutJobs = jobQueue{
	what: "payout step",
	stmts: jobSQL{expired: qPayoutJobExpired, due: qPayoutJobDue, giveUp: qPayoutJobGiveUp, claim: qPayoutJobClaim,
		renew: qPayoutJobRenew},
	lease:       PayoutLease,
	maxAttempts: payoutMaxAttempts,
}

// PayoutProcessorOptions tune the processor. Zero values mean the defaults.
type PayoutProcessorOptions struct {
	Logger *slog.Logger
	// Poll is how often an idle processor looks for work (PayoutPoll).
	Poll time.Duration
	// Step is how long each automatic step of received and processing waits (none).
	Step time.Duration
	// Settle is how long a payout stays tstm_initiated before it completes
	// (DefaultPayoutSettle); a negative value means at once.
	Settle time.Duration
}

func (o PayoutProcessorOptions) settle() time.Duration {
	switch {
	case o.Settle < 0:
		return 0
	case o.Settle == 0:
		return DefaultPayoutSettle
	}
	return o.Settle
}

// PayoutProcessorEnv reads the options from PORTAL_PAYOUT_POLL, PORTAL_PAYOUT_STEP and
// PORTAL_PAYOUT_SETTLE (Go durations); a value that does not parse is reported and the
// default kept.
func PayoutProcessorEnv(log *slog.Logger) PayoutProcessorOptions {
	o := PayoutProcessorOptions{Logger: log}
	readDurations(log, envDuration{"PORTAL_PAYOUT_POLL", &o.Poll}, envDuration{"PORTAL_PAYOUT_STEP", &o.Step},
		envDuration{"PORTAL_PAYOUT_SETTLE", &o.Settle})
	return o
}

// StartPayoutProcessor runs the lifecycle in the background until ctx ends or the returned
// stop is called (stop waits for the current step).
func (s *PayoutService) StartPayoutProcessor(ctx context.Context, o PayoutProcessorOptions) (stop func()) {
	if o.Poll <= 0 {
		o.Poll = PayoutPoll
	}
	return startWorker(ctx, o.Logger, "payout processor", o.Poll, s.payoutWake, func(ctx context.Context) (int, error) {
		return s.runPayoutJobs(ctx, o)
	})
}

// RunPayoutJobs runs every due step, with no waits between steps, until nothing is due, and
// returns how many steps it ran.
func (s *PayoutService) RunPayoutJobs(ctx context.Context) (int, error) {
	return s.runPayoutJobs(ctx, PayoutProcessorOptions{Settle: -1})
}

func (s *PayoutService) wakePayouts() {
	select {
	case s.payoutWake <- struct{}{}:
	default:
	}
}

func (s *PayoutService) runPayoutJobs(ctx context.Context, o PayoutProcessorOptions) (int, error) {
	// A batch whose publisher stopped halfway becomes the rest of its payouts here.
	if err := s.batches.publishWaitingBatches(ctx); err != nil {
		return 0, err
	}
	if err := s.wakeFundedPayouts(ctx); err != nil {
		return 0, err
	}
	n := 0
	for ctx.Err() == nil {
		jobs, err := payoutJobs.claimMany(ctx, s.core, payoutClaimBatch, formatTime(s.now()))
		if err != nil || len(jobs) == 0 {
			return n, err
		}
		// A claimed batch is finished even when ctx ends meanwhile: its steps are short, and
		// an abandoned claim would wait out its lease.
		stepCtx := context.WithoutCancel(ctx)
		var firstErr error
		for _, j := range jobs {
			switch err := s.payoutStep(stepCtx, j, o); {
			case err == nil:
				n++
			case errors.Is(err, errLeaseLost):
			case firstErr == nil:
				// The step stays claimed; its lease runs out and it is tried again.
				firstErr = fmt.Errorf("reference: payout %s: %w", j.id, err)
			}
		}
		if firstErr != nil {
			return n, firstErr
		}
	}
	return n, ctx.Err()
}

// payoutStep runs the steps of a claimed payout that are due, in one transaction that only
// the lease holder can commit.
func (s *PayoutService) payoutStep(ctx context.Context, j claimedJob, o PayoutProcessorOptions) error {
	return s.inTx(ctx, "payout step", func(tx *sql.Tx) error {
		p, err := readPayoutRow(ctx, tx, qPayoutRowByID, j.id)
		if err != nil {
			return err
		}
		if p.leaseToken != j.token {
			return errLeaseLost
		}
		// Steps that are due at once (no Step delay) run on in the same transaction: one
		// commit takes a payout from created to tstm_initiated. The chain runs at one instant,
		// now: a step that read the clock again would find itself scheduled after it (a real
		// clock moves) and end the chain, one commit per step.
		now := s.now()
		for range maxChainedSteps {
			p.due = nil
			if err := s.advancePayout(ctx, tx, &p, o, now); err != nil {
				return err
			}
			if p.due == nil || p.due.After(now) {
				return nil
			}
		}
		return nil
	})
}

// payoutRow is what the lifecycle reads of a payout inside its write transaction.
type payoutRow struct {
	seq                                                                     int64
	id, org, account, state, reason, code, ref, e2e, instr, execOn, purpose string
	amount, fee                                                             money.Amount
	cancelRequested                                                         bool
	reserved, released, leaseToken                                          string
	sections                                                                provider.PayoutSections
	// due is the next look the last move or schedule set (nil: none).
	due *time.Time
}

func readPayoutRow(ctx context.Context, q db.DBTX, query string, args ...any) (payoutRow, error) {
	var p payoutRow
	var amount, fee, sections string
	err := q.QueryRowContext(ctx, query, args...).Scan(&p.seq, &p.id, &p.org, &p.account, &p.state, &p.reason, &p.code,
		&p.ref, &p.e2e, &p.instr, &p.execOn, &p.purpose, &amount, &fee, &p.cancelRequested, &p.reserved, &p.released, &p.leaseToken, &sections)
	if errors.Is(err, sql.ErrNoRows) {
		return p, provider.Errorf(provider.ENOTFOUND, "Payout request not found.")
	}
	if err != nil {
		return p, fmt.Errorf("reference: payout: %w", err)
	}
	if p.amount, err = money.ParseCurrency(amount, p.code); err != nil {
		return p, fmt.Errorf("reference: payout %s amount: %w", p.id, err)
	}
	if p.fee, err = money.ParseCurrency(fee, p.code); err != nil {
		return p, fmt.Errorf("reference: payout %s fee: %w", p.id, err)
	}
	if err := json.Unmarshal([]byte(sections), &p.sections); err != nil {
		return p, fmt.Errorf("reference: payout %s sections: %w", p.id, err)
	}
	return p, nil
}

// movePayout records the transition of p to state with its reason code (and its findings
// when errs is not nil), schedules the next look at due (nil: none) and ends any lease.
func (s *PayoutService) movePayout(ctx context.Context, tx *sql.Tx, p *payoutRow, state, reason string,
	errs map[string][]provider.PayoutError, due *time.Time) error {
	now := formatTime(s.now())
	var findings any // NULL: the findings stay as they are
	if errs != nil {
		b, err := json.Marshal(errs)
		if err != nil {
			return err
		}
		findings = string(b)
	}
	if _, err := tx.ExecContext(ctx, qPayoutMove, state, reason, now, state, now, dueArg(due), findings, p.id); err != nil {
		return fmt.Errorf("reference: payout transition: %w", err)
	}
	p.state, p.reason, p.due = state, reason, due
	return nil
}

// schedulePayout sets the next look without a transition and ends any lease.
func (s *PayoutService) schedulePayout(ctx context.Context, tx *sql.Tx, p *payoutRow, due *time.Time) error {
	if _, err := tx.ExecContext(ctx, qPayoutSchedule, dueArg(due), p.id); err != nil {
		return fmt.Errorf("reference: payout schedule: %w", err)
	}
	p.due = due
	return nil
}

func dueArg(due *time.Time) any {
	if due == nil {
		return nil
	}
	return formatTime(*due)
}

// advancePayout runs one step of p's lifecycle at now, the instant of its chain.
func (s *PayoutService) advancePayout(ctx context.Context, tx *sql.Tx, p *payoutRow, o PayoutProcessorOptions, now time.Time) error {
	next := now.Add(o.Step)
	if p.cancelRequested {
		return s.finishCancel(ctx, tx, p)
	}
	switch p.state {
	case provider.StateCreated:
		instr, errs := selectCapability(p.code, p.instr, p.sections.CreditorAccount.CountryCode)
		if errs != nil {
			return s.movePayout(ctx, tx, p, provider.StateRejected, provider.ReasonMissingCapability, errs, nil)
		}
		if instr != p.instr {
			if _, err := tx.ExecContext(ctx, qPayoutSetInstrument, instr, p.id); err != nil {
				return fmt.Errorf("reference: payout capability: %w", err)
			}
			p.instr = instr
		}
		return s.movePayout(ctx, tx, p, provider.StateCapabilitySelected, "", nil, &next)
	case provider.StateCapabilitySelected:
		return s.movePayout(ctx, tx, p, provider.StateValidatingExternal, "", nil, &next)
	case provider.StateValidatingExternal, provider.StateUnableToValidateExternal:
		if reason, errs := validatePayout(p); reason != "" {
			return s.movePayout(ctx, tx, p, provider.StateRejected, reason, errs, nil)
		}
		return s.movePayout(ctx, tx, p, provider.StateValidated, "", map[string][]provider.PayoutError{}, &next)
	case provider.StateValidated, provider.StateWaitingFutureExecution:
		if on, ok := executionDay(p.execOn); ok && on.After(now) {
			if p.state == provider.StateWaitingFutureExecution {
				return s.schedulePayout(ctx, tx, p, &on)
			}
			return s.movePayout(ctx, tx, p, provider.StateWaitingFutureExecution, provider.ReasonWaitingFutureExecution, nil, &on)
		}
		return s.fundPayout(ctx, tx, p, next)
	case provider.StateInsufficientFunds:
		return s.fundPayout(ctx, tx, p, next)
	case provider.StateAddedToPayoutPlanner:
		settle := now.Add(o.settle())
		return s.movePayout(ctx, tx, p, provider.StateTSTMInitiated, "", nil, &settle)
	case provider.StateTSTMInitiated:
		return s.movePayout(ctx, tx, p, provider.StateCompleted, "", nil, nil)
	}
	// halted waits for a test case; the end states have nothing left to do.
	return s.schedulePayout(ctx, tx, p, nil)
}

// executionDay is the start (UTC) of a requested execution date.
func executionDay(d string) (time.Time, bool) {
	if d == "" {
		return time.Time{}, false
	}
	t, err := time.Parse(time.DateOnly, d)
	return t, err == nil
}

// fundPayout reserves the amount and the fee and starts processing, or waits in
// insufficient_funds until the account has them.
func (s *PayoutService) fundPayout(ctx context.Context, tx *sql.Tx, p *payoutRow, next time.Time) error {
	ok, err := s.reservePayout(ctx, tx, p)
	if err != nil {
		return err
	}
	if !ok {
		if p.state == provider.StateInsufficientFunds {
			return s.schedulePayout(ctx, tx, p, nil)
		}
		return s.movePayout(ctx, tx, p, provider.StateInsufficientFunds, provider.ReasonInsufficientFunds, nil, nil)
	}
	return s.movePayout(ctx, tx, p, provider.StateAddedToPayoutPlanner, "", nil, &next)
}

// reservePayout debits the amount and the fee in one ledger transaction, once per payout;
// false when the balance does not cover them.
func (s *PayoutService) reservePayout(ctx context.Context, tx *sql.Tx, p *payoutRow) (bool, error) {
	if p.reserved != "" {
		return true, nil
	}
	b, err := s.ledger.booker(ctx, tx)
	if err != nil {
		return false, err
	}
	defer b.close()
	if err := lockPayoutAccounts(b, p); err != nil {
		return false, err
	}
	a, err := b.account(p.account)
	if err != nil {
		return false, err
	}
	if a == nil || a.kind != "customer" || a.currency != p.code {
		return false, fmt.Errorf("reference: payout %s: account %s cannot be debited", p.id, p.account)
	}
	if a.balance.Cmp(p.amount.Add(p.fee)) < 0 {
		return false, nil
	}
	id, err := s.bookPayout(ctx, b, p, provider.EntryPayout, -1)
	if err != nil {
		return false, err
	}
	if _, err := tx.ExecContext(ctx, qPayoutSetReserved, id, p.id); err != nil {
		return false, fmt.Errorf("reference: payout reserve: %w", err)
	}
	p.reserved = id
	return true, nil
}

// releasePayout gives back reserved funds (entry type payout_cancelled or payout_returned
// for the amount, payout_fee for the fee) in one ledger transaction; nothing when nothing
// is held.
func (s *PayoutService) releasePayout(ctx context.Context, tx *sql.Tx, p *payoutRow, entryType string) error {
	if p.reserved == "" || p.released != "" {
		return nil
	}
	b, err := s.ledger.booker(ctx, tx)
	if err != nil {
		return err
	}
	defer b.close()
	if err := lockPayoutAccounts(b, p); err != nil {
		return err
	}
	id, err := s.bookPayout(ctx, b, p, entryType, 1)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, qPayoutSetReleased, id, p.id); err != nil {
		return fmt.Errorf("reference: payout release: %w", err)
	}
	p.released = id
	return nil
}

// lockPayoutAccounts reads the three accounts a payout books on (the customer's, the
// provider's outside world and fee income of its currency) in the order of their numbers
// before any is read alone: a reservation starts at the customer's balance and a release
// at the system accounts, and on PostgreSQL each read locks its row, so without one order
// the two deadlock. A system account not created yet is created by bookPayout.
func lockPayoutAccounts(b *booker, p *payoutRow) error {
	return b.load(p.account, systemAccount("EXT", p.code), systemAccount("FEE", p.code))
}

// bookPayout books amount and fee between the payout's account and the provider's outside
// world and fee income: sign -1 debits the customer, +1 credits it back.
func (s *PayoutService) bookPayout(ctx context.Context, b *booker, p *payoutRow, entryType string, sign int) (string, error) {
	now := s.now()
	ext, err := b.system("EXT", p.code, now)
	if err != nil {
		return "", err
	}
	fee, err := b.system("FEE", p.code, now)
	if err != nil {
		return "", err
	}
	amt, f := p.amount, p.fee
	if sign < 0 {
		amt, f = amt.Neg(), f.Neg()
	}
	ps := []posting{
		{account: p.account, entryType: entryType, amount: amt, reference: p.ref, orderID: p.ref},
		{account: ext, entryType: entryType, amount: amt.Neg(), reference: p.ref, orderID: p.ref},
	}
	if !f.IsZero() {
		ps = append(ps,
			posting{account: p.account, entryType: provider.EntryPayoutFee, amount: f, reference: p.ref, orderID: p.ref},
			posting{account: fee, entryType: provider.EntryPayoutFee, amount: f.Neg(), reference: p.ref, orderID: p.ref})
	}
	id := uuid.NewString()
	if _, err := b.book(txMeta{id: id, kind: entryType, org: p.org, e2e: p.e2e, at: now}, ps, false); err != nil {
		return "", err
	}
	if err := b.flush(); err != nil {
		return "", err
	}
	return id, nil
}

// finishCancel ends a payout whose cancellation was asked for, giving back what it holds.
func (s *PayoutService) finishCancel(ctx context.Context, tx *sql.Tx, p *payoutRow) error {
	if err := s.releasePayout(ctx, tx, p, provider.EntryPayoutCancelled); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, qPayoutCancelDone, p.id); err != nil {
		return fmt.Errorf("reference: payout cancel: %w", err)
	}
	p.cancelRequested = false
	return s.movePayout(ctx, tx, p, provider.StateCancelled, provider.ReasonRequestedByCustomer, nil, nil)
}

// wakeFundedPayouts makes due the payouts waiting in insufficient_funds that their
// account's balance now covers, oldest first per account (a later one only if the earlier
// ones fit too), so a funded account resumes its payouts without a write per poll for the
// ones that still wait. The step itself checks the balance again under the write lock.
func (s *PayoutService) wakeFundedPayouts(ctx context.Context) error {
	rows, err := s.read.QueryContext(ctx, qPayoutInsufficient)
	if err != nil {
		return fmt.Errorf("reference: funded payouts: %w", err)
	}
	var ids []any
	avail := map[string]money.Amount{}
	for rows.Next() {
		var id, acct, code, amount, fee, balance string
		if err := rows.Scan(&id, &acct, &code, &amount, &fee, &balance); err != nil {
			rows.Close()
			return fmt.Errorf("reference: funded payouts: %w", err)
		}
		dec := currency.Decimals(code)
		have, ok := avail[acct]
		if !ok {
			if have, err = money.Parse(balance, dec); err != nil {
				rows.Close()
				return fmt.Errorf("reference: funded payouts: %w", err)
			}
		}
		a, err1 := money.Parse(amount, dec)
		f, err2 := money.Parse(fee, dec)
		if err1 != nil || err2 != nil {
			rows.Close()
			return fmt.Errorf("reference: funded payouts: payout %s: %v %v", id, err1, err2)
		}
		if need := a.Add(f); have.Cmp(need) >= 0 {
			have = have.Sub(need)
			ids = append(ids, id)
		}
		avail[acct] = have
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("reference: funded payouts: %w", err)
	}
	if len(ids) == 0 {
		return nil
	}
	return s.inTx(ctx, "funded payouts", func(tx *sql.Tx) error {
		now := formatTime(s.now())
		for _, id := range ids {
			if _, err := tx.ExecContext(ctx, qPayoutWakeFunded, now, id); err != nil {
				return fmt.Errorf("reference: funded payouts: %w", err)
			}
		}
		return nil
	})
}
