package reference

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"portal/currency"
	"portal/money"
	"portal/provider"
)

var (
	qEntryInsert              = sq("entry-insert")
	qEntryInsertReturning     = sq("entry-insert-returning")
	qLedgerTransactionInsert  = sq("ledger-transaction-insert")
	qLedgerAccount            = sq("ledger-account")
	qSystemAccountInsert      = sq("system-account-insert")
	qAccountBalanceSet        = sq("account-balance-set")
	qEntryTypeCountAdd        = sq("entry-type-count-add")
	qLedgerTransactionByKey   = sq("ledger-transaction-by-key")
	qLedgerTransaction        = sq("ledger-transaction")
	qLedgerTransactionEntries = sq("ledger-transaction-entries")
)

var _ provider.Ledger = (*Store)(nil)

// LedgerService owns the ledger: accounts, balances and the double-entry
// transactions that move money (the booker). It is the only code that writes ledger entries;
// every other domain that moves money (payouts, collections, withdrawals) books through it.
// Its files: ledger.go, ledger_read.go.
type LedgerService struct{ *core }

// System account numbers: the provider's own side of every movement. "EXT" is the outside
// world (funding, collections, payouts), "FEE" fee income, "FX" the conversion position.
func systemAccount(role, code string) string { return "SYS-" + role + "-" + code }

// ledgerAccount is an account as the booker holds it during one write transaction.
type ledgerAccount struct {
	number   string
	currency string
	kind     string
	owner    string
	balance  money.Amount
	count    int64
	dirty    bool
	// byType counts entries booked in this transaction per entry type (added on flush).
	byType map[string]int64
}

// posting is one line to book; the booker adds running balances.
type posting struct {
	account   string
	entryType string
	amount    money.Amount
	reference string
	orderID   string
}

// booker books balanced transactions inside one write transaction. It caches the accounts it
// touches and writes their balances and entry counts back in flush, still inside the
// transaction, so balances and entries commit or roll back together.
type booker struct {
	ctx   context.Context
	tx    *sql.Tx
	accts map[string]*ledgerAccount
	insE  *sql.Stmt
	insT  *sql.Stmt
	// pending holds entry rows of bulk bookings (wantEntries false), written in multi-row
	// INSERTs by writePending: the seed's history goes in a hundred rows per statement.
	pending []any
}

const entryInsertColumns = 9

func (b *booker) writePending() error {
	for len(b.pending) > 0 {
		n := min(len(b.pending)/entryInsertColumns, 100)
		if _, err := b.tx.ExecContext(b.ctx, multiRow(qEntryInsert, n), b.pending[:n*entryInsertColumns]...); err != nil {
			return fmt.Errorf("reference: ledger entries: %w", err)
		}
		b.pending = b.pending[n*entryInsertColumns:]
	}
	b.pending = nil
	return nil
}

// booker opens the ledger's booker on tx for another domain's money movement (a payout's
// funding and booking, a collection, a withdrawal), so their postings are booked by the
// ledger's code and the call names the ledger as the domain they depend on.
func (s *LedgerService) booker(ctx context.Context, tx *sql.Tx) (*booker, error) {
	return newBooker(ctx, tx)
}

func newBooker(ctx context.Context, tx *sql.Tx) (*booker, error) {
	b := &booker{ctx: ctx, tx: tx, accts: map[string]*ledgerAccount{}}
	var err error
	if b.insE, err = tx.PrepareContext(ctx, qEntryInsertReturning); err != nil {
		return nil, fmt.Errorf("reference: ledger: %w", err)
	}
	if b.insT, err = tx.PrepareContext(ctx, qLedgerTransactionInsert); err != nil {
		b.insE.Close()
		return nil, fmt.Errorf("reference: ledger: %w", err)
	}
	return b, nil
}

func (b *booker) close() { b.insE.Close(); b.insT.Close() }

// account loads (once) an account; nil, nil when it does not exist.
func (b *booker) account(number string) (*ledgerAccount, error) {
	if a, ok := b.accts[number]; ok {
		return a, nil
	}
	var a ledgerAccount
	var owner sql.NullString
	var bal string
	err := b.tx.QueryRowContext(b.ctx, qLedgerAccount, number).Scan(&a.number, &a.currency, &a.kind, &owner, &bal, &a.count)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reference: ledger account: %w", err)
	}
	a.owner = owner.String
	if a.balance, err = money.ParseCurrency(bal, a.currency); err != nil {
		return nil, fmt.Errorf("reference: ledger account %s: stored balance: %w", number, err)
	}
	b.accts[number] = &a
	return &a, nil
}

// load reads (once) each of the accounts in the order of their numbers; on PostgreSQL each
// read locks its row until the transaction ends (ledger-account@postgres), and one order of
// taking the locks is what keeps two bookings on the same accounts from deadlocking. An
// account that does not exist is left out of b.accts.
func (b *booker) load(numbers ...string) error {
	sorted := slices.Clone(numbers)
	slices.Sort(sorted)
	for _, n := range sorted {
		if _, err := b.account(n); err != nil {
			return err
		}
	}
	return nil
}

// sortedPair is a and b in order.
func sortedPair(a, b string) []string {
	if b < a {
		return []string{b, a}
	}
	return []string{a, b}
}

// system returns the system account of role and currency, creating it on first use.
func (b *booker) system(role, code string, at time.Time) (string, error) {
	number := systemAccount(role, code)
	if _, ok := b.accts[number]; ok {
		return number, nil
	}
	if _, err := b.tx.ExecContext(b.ctx, qSystemAccountInsert,
		number, "Provider "+role+" "+code, code, code, money.Zero(currency.Decimals(code)).String(), formatTime(at)); err != nil {
		return "", fmt.Errorf("reference: ledger system account: %w", err)
	}
	if _, err := b.account(number); err != nil {
		return "", err
	}
	return number, nil
}

// errOverdraft is what booking below zero on a customer account returns.
func errOverdraft() error {
	return &provider.FieldError{Field: provider.FieldDebitAmount, Err: provider.Errorf(provider.EINVALID, "Insufficient funds")}
}

type txMeta struct {
	id, kind, org, idemKey, reqHash, e2e, rate string
	at                                         time.Time
}

// book writes one balanced transaction. wantEntries asks for the booked entries back (the
// seed's bulk path does not need them).
func (b *booker) book(m txMeta, ps []posting, wantEntries bool) ([]provider.Entry, error) {
	// Every account of the booking is locked in one order, the order of numbers, before any
	// of them is read for its balance (docs/store.md, "Row locks of the write bodies").
	numbers := make([]string, 0, len(ps))
	for _, p := range ps {
		numbers = append(numbers, p.account)
	}
	if err := b.load(numbers...); err != nil {
		return nil, err
	}
	// Balanced per currency.
	sums := map[string]money.Amount{}
	for _, p := range ps {
		a, err := b.account(p.account)
		if err != nil {
			return nil, err
		}
		if a == nil {
			return nil, fmt.Errorf("reference: ledger: unknown account %s", p.account)
		}
		if p.amount.IsZero() || p.amount.Decimals() != currency.Decimals(a.currency) {
			return nil, fmt.Errorf("reference: ledger: bad amount %s for %s", p.amount, a.currency)
		}
		if s, ok := sums[a.currency]; ok {
			sums[a.currency] = s.Add(p.amount)
		} else {
			sums[a.currency] = p.amount
		}
	}
	for code, s := range sums {
		if !s.IsZero() {
			return nil, fmt.Errorf("reference: ledger: transaction %s unbalanced in %s by %s", m.id, code, s)
		}
	}
	var org, key, hash any
	if m.org != "" {
		org = m.org
	}
	if m.idemKey != "" {
		key, hash = m.idemKey, m.reqHash
	}
	at := formatTime(m.at)
	if _, err := b.insT.ExecContext(b.ctx, m.id, m.kind, org, key, hash, m.e2e, m.rate, at); err != nil {
		return nil, fmt.Errorf("reference: ledger transaction: %w", err)
	}
	var out []provider.Entry
	for _, p := range ps {
		a := b.accts[p.account]
		nb := a.balance.Add(p.amount)
		if a.kind == "customer" && nb.Sign() < 0 {
			return nil, errOverdraft()
		}
		a.balance, a.dirty = nb, true
		a.count++
		a.addType(p.entryType, 1)
		if !wantEntries {
			b.pending = append(b.pending, m.id, a.number, p.entryType, p.amount.String(), nb.String(), a.currency, p.reference, p.orderID, at)
			continue
		}
		var seq int64
		err := b.insE.QueryRowContext(b.ctx, m.id, a.number, p.entryType, p.amount.String(), nb.String(), a.currency, p.reference, p.orderID, at).Scan(&seq)
		if err != nil {
			return nil, fmt.Errorf("reference: ledger entry: %w", err)
		}
		out = append(out, provider.Entry{ID: strconv.FormatInt(seq, 10), Date: m.at.UTC(), Reference: p.reference,
			OrderID: p.orderID, EntryType: p.entryType, Amount: p.amount.String(), RunningBalance: nb.String(), Currency: a.currency})
	}
	if len(b.pending) >= 100*entryInsertColumns {
		if err := b.writePending(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// flush writes the balances and entry counts of the touched accounts.
func (b *booker) flush() error {
	if err := b.writePending(); err != nil {
		return err
	}
	// In the order of account numbers and entry types: the type counts' rows are locked by
	// their upserts, and one order keeps two bookings from deadlocking on them.
	for _, number := range slices.Sorted(maps.Keys(b.accts)) {
		a := b.accts[number]
		if !a.dirty {
			continue
		}
		if _, err := b.tx.ExecContext(b.ctx, qAccountBalanceSet,
			a.balance.String(), a.count, a.number); err != nil {
			return fmt.Errorf("reference: ledger balance: %w", err)
		}
		for _, typ := range slices.Sorted(maps.Keys(a.byType)) {
			n := a.byType[typ]
			if _, err := b.tx.ExecContext(b.ctx, qEntryTypeCountAdd, a.number, typ, n); err != nil {
				return fmt.Errorf("reference: ledger type counts: %w", err)
			}
		}
		a.dirty, a.byType = false, nil
	}
	return nil
}

func (a *ledgerAccount) addType(typ string, n int64) {
	if a.byType == nil {
		a.byType = map[string]int64{}
	}
	a.byType[typ] += n
}

func transferHash(req provider.TransferRequest) string {
	h := sha256.New()
	for _, f := range []string{req.From, req.To, req.Amount, req.EndToEndID} {
		fmt.Fprintf(h, "%d:%s;", len(f), f)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Transfer implements provider.Ledger. It runs in one IMMEDIATE transaction on the single
// writer connection: the balance it checks is the balance it books against, and two calls
// with one idempotency key are serialised, so the second finds the first's row.
func (s *LedgerService) Transfer(ctx context.Context, orgID string, req provider.TransferRequest) (provider.TransferResult, error) {
	req.From, req.To = strings.TrimSpace(req.From), strings.TrimSpace(req.To)
	if req.IdempotencyKey == "" || len(req.IdempotencyKey) > 255 {
		return provider.TransferResult{}, provider.Errorf(provider.EINVALID, "An idempotency key is required.")
	}
	if len(req.EndToEndID) > 140 {
		return provider.TransferResult{}, provider.Errorf(provider.EINVALID, "The end-to-end id is too long.")
	}
	hash := transferHash(req)
	var out provider.TransferResult
	err := s.inTx(ctx, "transfer", func(tx *sql.Tx) (err error) {
		if out, err = s.transferIn(ctx, tx, orgID, req, hash); err != nil || out.Replayed {
			return err
		}
		return s.audits.audit(ctx, tx, provider.AuditEvent{OrgID: orgID, Kind: provider.AuditTransfer, RecordKind: "transfer",
			RecordID: out.ID, Changes: []provider.AuditChange{{Field: "from", After: out.From}, {Field: "to", After: out.To},
				{Field: "debit", After: out.DebitAmount + " " + out.DebitCurrency},
				{Field: "credit", After: out.CreditAmount + " " + out.CreditCurrency}}})
	})
	return out, err
}

// transferIn is Transfer's work inside its write transaction.
func (s *LedgerService) transferIn(ctx context.Context, tx *sql.Tx, orgID string, req provider.TransferRequest, hash string) (provider.TransferResult, error) {
	if err := lockAdvisory(ctx, tx, "transfer", orgID, req.IdempotencyKey); err != nil {
		return provider.TransferResult{}, err
	}
	var prevID, prevHash string
	err := tx.QueryRowContext(ctx, qLedgerTransactionByKey, orgID, req.IdempotencyKey).Scan(&prevID, &prevHash)
	switch {
	case err == nil:
		if prevHash != hash {
			return provider.TransferResult{}, provider.Errorf(provider.ECONFLICT,
				"This idempotency key was already used for a different transfer.")
		}
		res, err := loadTransfer(ctx, tx, prevID)
		res.Replayed = true
		return res, err
	case !errors.Is(err, sql.ErrNoRows):
		return provider.TransferResult{}, fmt.Errorf("reference: transfer: %w", err)
	}

	if req.From == req.To {
		return provider.TransferResult{}, &provider.FieldError{Field: provider.FieldCreditAccountNumber,
			Err: provider.Errorf(provider.EINVALID, "Choose a different account to transfer to.")}
	}
	b, err := newBooker(ctx, tx)
	if err != nil {
		return provider.TransferResult{}, err
	}
	defer b.close()
	// Both accounts are read (and on PostgreSQL locked) in the order of their numbers, the
	// system accounts after them, the audit chain's head last: two transfers between the
	// same accounts in opposite directions then wait for each other instead of deadlocking.
	if err := b.load(req.From, req.To); err != nil {
		return provider.TransferResult{}, err
	}
	from, to := b.accts[req.From], b.accts[req.To]
	if from == nil || from.kind != "customer" || from.owner != orgID || to == nil || to.kind != "customer" || to.owner != orgID {
		return provider.TransferResult{}, provider.Errorf(provider.ENOTFOUND, "Account not found.")
	}
	debit, err := money.ParseCurrency(strings.TrimSpace(req.Amount), from.currency)
	if err != nil || debit.Sign() <= 0 {
		return provider.TransferResult{}, &provider.FieldError{Field: provider.FieldDebitAmount,
			Err: provider.Errorf(provider.EINVALID, "Enter a positive amount with at most %d decimals.", currency.Decimals(from.currency))}
	}
	rate, err := quote(ctx, tx, orgID, from.currency, to.currency)
	if err != nil {
		return provider.TransferResult{}, err
	}
	credit := debit.Convert(rate, currency.Decimals(to.currency))
	if credit.Sign() <= 0 {
		return provider.TransferResult{}, &provider.FieldError{Field: provider.FieldDebitAmount,
			Err: provider.Errorf(provider.EINVALID, "The amount is too small to convert.")}
	}
	if from.balance.Cmp(debit) < 0 {
		return provider.TransferResult{}, errOverdraft()
	}

	now := s.now()
	id := uuid.NewString()
	ref := req.EndToEndID
	ps := []posting{{account: from.number, entryType: provider.EntryInterAccountTransfer, amount: debit.Neg(), reference: ref, orderID: id}}
	if from.currency != to.currency {
		fxFrom, fxTo := systemAccount("FX", from.currency), systemAccount("FX", to.currency)
		for _, code := range sortedPair(from.currency, to.currency) {
			if _, err := b.system("FX", code, now); err != nil {
				return provider.TransferResult{}, err
			}
		}
		ps = append(ps,
			posting{account: fxFrom, entryType: provider.EntryInterAccountTransfer, amount: debit, reference: ref, orderID: id},
			posting{account: fxTo, entryType: provider.EntryInterAccountTransfer, amount: credit.Neg(), reference: ref, orderID: id})
	}
	ps = append(ps, posting{account: to.number, entryType: provider.EntryInterAccountTransfer, amount: credit, reference: ref, orderID: id})
	entries, err := b.book(txMeta{id: id, kind: "transfer", org: orgID, idemKey: req.IdempotencyKey, reqHash: hash,
		e2e: req.EndToEndID, rate: rate.String(), at: now}, ps, true)
	if err != nil {
		return provider.TransferResult{}, err
	}
	if err := b.flush(); err != nil {
		return provider.TransferResult{}, err
	}
	return provider.TransferResult{
		ID: id, From: from.number, To: to.number, DebitAmount: debit.String(), DebitCurrency: from.currency,
		CreditAmount: credit.String(), CreditCurrency: to.currency, Rate: rate.String(), EndToEndID: req.EndToEndID,
		CreatedAt: now.UTC(), Entries: entries,
	}, nil
}

// loadTransfer rebuilds a booked transfer from its rows: the first entry is the debit of the
// from-account, the last the credit of the to-account.
func loadTransfer(ctx context.Context, tx *sql.Tx, id string) (provider.TransferResult, error) {
	res := provider.TransferResult{ID: id}
	var at string
	if err := tx.QueryRowContext(ctx, qLedgerTransaction, id).
		Scan(&res.EndToEndID, &res.Rate, &at); err != nil {
		return res, fmt.Errorf("reference: transfer replay: %w", err)
	}
	var err error
	if res.CreatedAt, err = parseTime(at); err != nil {
		return res, err
	}
	rows, err := tx.QueryContext(ctx, qLedgerTransactionEntries, id)
	if err != nil {
		return res, fmt.Errorf("reference: transfer replay: %w", err)
	}
	defer rows.Close()
	var accts []string
	for rows.Next() {
		var e provider.Entry
		var acct string
		if err := scanEntry(rows, &e, &acct); err != nil {
			return res, err
		}
		res.Entries = append(res.Entries, e)
		accts = append(accts, acct)
	}
	if err := rows.Err(); err != nil {
		return res, fmt.Errorf("reference: transfer replay: %w", err)
	}
	if len(res.Entries) < 2 {
		return res, fmt.Errorf("reference: transfer replay: %s has %d entries", id, len(res.Entries))
	}
	first, last := res.Entries[0], res.Entries[len(res.Entries)-1]
	res.From, res.To = accts[0], accts[len(accts)-1]
	res.DebitAmount, res.DebitCurrency = strings.TrimPrefix(first.Amount, "-"), first.Currency
	res.CreditAmount, res.CreditCurrency = last.Amount, last.Currency
	return res, nil
}

func scanEntry(r scanner, e *provider.Entry, extra ...any) error {
	_, err := scanEntrySeq(r, e, extra...)
	return err
}

// scanEntrySeq is scanEntry that also gives the entry's seq, its key in a keyset list.
func scanEntrySeq(r scanner, e *provider.Entry, extra ...any) (int64, error) {
	var seq int64
	var at string
	if err := r.Scan(append([]any{&seq, &at, &e.Reference, &e.OrderID, &e.EntryType, &e.Amount, &e.RunningBalance, &e.Currency}, extra...)...); err != nil {
		return 0, fmt.Errorf("reference: ledger entry: %w", err)
	}
	t, err := parseTime(at)
	if err != nil {
		return 0, err
	}
	e.ID, e.Date = strconv.FormatInt(seq, 10), t
	return seq, nil
}
