package reference

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"portal/currency"
	"portal/money"
	"portal/provider"
	"portal/reference/db"
	"portal/withdrawalrule"
)

var (
	qWithdrawalAccounts               = sq("withdrawal-accounts")
	qWithdrawalAuthorizations         = sq("withdrawal-authorizations")
	qWithdrawalDebtor                 = sq("withdrawal-debtor")
	qWithdrawalCreditor               = sq("withdrawal-creditor")
	qWithdrawalLimit                  = sq("withdrawal-limit")
	qWithdrawalExternalReferenceCount = sq("withdrawal-external-reference-count")
	qWithdrawalReviewInsert           = sq("withdrawal-review-insert")
	qWithdrawalReviewByID             = sq("withdrawal-review-by-id")
	qWithdrawalByKey                  = sq("withdrawal-by-key")
	qWithdrawalInsert                 = sq("withdrawal-insert")
	qWithdrawalByIDOrReference        = sq("withdrawal-by-id-or-reference")
	qWithdrawalFind                   = sq("withdrawal-find")
	qWithdrawalCount                  = sq("withdrawal-count")
	qWithdrawalPage                   = sq("withdrawal-page")
	qWithdrawalMove                   = sq("withdrawal-move")
)

var _ provider.Withdrawals = (*Store)(nil)

// WithdrawalService owns withdrawals to the organisation's own bank accounts:
// authorisations, review and the moves that book them through the ledger.
type WithdrawalService struct{ *core }

// withdrawalReasons are the reason codes a rejected or returned withdrawal can carry, with the
// text the customer is shown (spec 001 §4).
var withdrawalReasons = map[string]string{
	"invalid_creditor_account":  "The withdrawal account's details were refused by the receiving bank.",
	"compliance_declined":       "The withdrawal was declined after a compliance review.",
	"account_closed":            "The receiving account is closed.",
	"beneficiary_name_mismatch": "The account holder's name does not match the receiving account.",
}

func newWithdrawalReference() string {
	var b [7]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err)
	}
	return "WD" + strings.ToUpper(hex.EncodeToString(b[:]))
}

func withdrawalField(field, format string, args ...any) error {
	return &provider.FieldError{Field: field, Err: provider.Errorf(provider.EINVALID, format, args...)}
}

func scanWithdrawalAccount(r scanner, a *provider.WithdrawalAccount) error {
	if err := r.Scan(&a.UUID, &a.ID, &a.Kind, &a.Currency, &a.IBAN, &a.AccountNumber, &a.BankName, &a.BankClearingSystemID,
		&a.Label, &a.LocalInstrument, &a.PartyIdentification.Name); err != nil {
		return fmt.Errorf("reference: withdrawal account: %w", err)
	}
	return nil
}

// WithdrawalAccounts implements provider.Withdrawals.
func (s *WithdrawalService) WithdrawalAccounts(ctx context.Context, orgID string) ([]provider.WithdrawalAccount, error) {
	if err := s.orgs.organisationExists(ctx, orgID); err != nil {
		return nil, err
	}
	return collect(ctx, s.read, "withdrawal accounts", qWithdrawalAccounts, []any{orgID}, into(scanWithdrawalAccount))
}

// WithdrawalAuthorizations implements provider.Withdrawals.
func (s *WithdrawalService) WithdrawalAuthorizations(ctx context.Context, orgID, status string) ([]provider.WithdrawalAuthorization, error) {
	if status != "" && status != provider.AuthorizationActive && status != provider.AuthorizationInactive {
		return nil, provider.Errorf(provider.EINVALID, "Status must be active or inactive.")
	}
	if err := s.orgs.organisationExists(ctx, orgID); err != nil {
		return nil, err
	}
	return collect(ctx, s.read, "withdrawal authorizations", qWithdrawalAuthorizations, []any{orgID, status, status},
		func(sc scanner) (provider.WithdrawalAuthorization, error) {
			var a provider.WithdrawalAuthorization
			err := sc.Scan(&a.ID, &a.VirtualAccountNumber, &a.WithdrawalAccountUUID, &a.Status)
			return a, err
		})
}

// checkedWithdrawal is a withdrawal request the provider has found possible: the accounts
// it names, the debit, and the conversion (rate nil: no rate for the pair).
type checkedWithdrawal struct {
	debtor    provider.Account
	creditor  provider.WithdrawalAccount
	amount    money.Amount
	rate      *money.Rate
	converted money.Amount
	e2e       string
}

// checkWithdrawal checks req against the organisation's accounts, authorisations and limit,
// every field at once (the first refusal per field), and quotes the conversion.
func checkWithdrawal(ctx context.Context, q db.DBTX, orgID string, req provider.WithdrawalCreate) (checkedWithdrawal, error) {
	var c checkedWithdrawal
	var fails []error
	fail := func(field, msg string) { fails = append(fails, withdrawalField(field, "%s", msg)) }

	debtor := strings.TrimSpace(req.DebtorAccount)
	var owner sql.NullString
	var kind string
	err := q.QueryRowContext(ctx, qWithdrawalDebtor, debtor).Scan(&c.debtor.AccountNumber, &c.debtor.Name, &c.debtor.CurrencyCode,
		&c.debtor.Balance, &owner, &kind)
	switch {
	case errors.Is(err, sql.ErrNoRows):
	case err != nil:
		return c, fmt.Errorf("reference: withdrawal debtor: %w", err)
	}
	debtorOK := err == nil && owner.String == orgID && kind == "customer"
	if !debtorOK {
		fail(provider.FieldWithdrawalDebtor, withdrawalrule.MsgAccount)
	}

	creditorOK := false
	err = q.QueryRowContext(ctx, qWithdrawalCreditor,
		strings.TrimSpace(req.CreditorAccountID), orgID, debtor).Scan(&c.creditor.UUID, &c.creditor.ID, &c.creditor.Kind,
		&c.creditor.Currency, &c.creditor.IBAN, &c.creditor.AccountNumber, &c.creditor.BankName, &c.creditor.BankClearingSystemID,
		&c.creditor.Label, &c.creditor.LocalInstrument, &c.creditor.PartyIdentification.Name)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		fail(provider.FieldWithdrawalCreditor, withdrawalrule.MsgWithdrawal)
	case err != nil:
		return c, fmt.Errorf("reference: withdrawal creditor: %w", err)
	default:
		creditorOK = true
	}

	dec := 2
	if debtorOK {
		dec = currency.Decimals(c.debtor.CurrencyCode)
		if code := strings.TrimSpace(req.CurrencyCode); code != c.debtor.CurrencyCode {
			fail(provider.FieldWithdrawalCurrency, "currency_code must be the account's currency ("+c.debtor.CurrencyCode+")")
		}
	}
	amountOK := false
	if a, msg := withdrawalrule.Amount(req.Amount, dec); msg != "" {
		fail(provider.FieldWithdrawalAmount, msg)
	} else {
		c.amount, amountOK = a, true
	}
	if debtorOK && amountOK {
		var max string
		err := q.QueryRowContext(ctx, qWithdrawalLimit,
			orgID, c.debtor.CurrencyCode).Scan(&max)
		switch {
		case errors.Is(err, sql.ErrNoRows):
		case err != nil:
			return c, fmt.Errorf("reference: withdrawal limit: %w", err)
		default:
			limit, err := money.ParseCurrency(max, c.debtor.CurrencyCode)
			if err != nil {
				return c, fmt.Errorf("reference: withdrawal limit %s: %w", max, err)
			}
			if c.amount.Cmp(limit) > 0 {
				fail(provider.FieldWithdrawalAmount, provider.MsgWithdrawalOverLimit)
			}
		}
	}
	c.e2e = strings.TrimSpace(req.EndToEndID)
	if msg := withdrawalrule.EndToEndID(c.e2e); msg != "" {
		fail(provider.FieldWithdrawalEndToEndID, msg)
	} else {
		var n int
		if err := q.QueryRowContext(ctx, qWithdrawalExternalReferenceCount,
			orgID, c.e2e).Scan(&n); err != nil {
			return c, fmt.Errorf("reference: withdrawal end-to-end id: %w", err)
		}
		if n > 0 {
			fail(provider.FieldWithdrawalEndToEndID, provider.MsgWithdrawalE2EUsed)
		}
	}
	if len(fails) > 0 {
		return c, errors.Join(fails...)
	}
	if debtorOK && creditorOK {
		r, err := quote(ctx, q, orgID, c.debtor.CurrencyCode, c.creditor.EffectiveCurrency())
		switch provider.ErrorCode(err) {
		case "":
			c.rate = &r
			c.converted = c.amount.Convert(r, currency.Decimals(c.creditor.EffectiveCurrency()))
			if c.converted.Sign() <= 0 {
				return c, withdrawalField(provider.FieldWithdrawalAmount, "The amount is too small to convert.")
			}
		case provider.ENOTFOUND:
		default:
			return c, err
		}
	}
	return c, nil
}

// ReviewWithdrawal implements provider.Withdrawals.
func (s *WithdrawalService) ReviewWithdrawal(ctx context.Context, orgID string, req provider.WithdrawalCreate) (provider.WithdrawalReview, error) {
	if err := s.orgs.organisationExists(ctx, orgID); err != nil {
		return provider.WithdrawalReview{}, err
	}
	c, err := checkWithdrawal(ctx, s.read, orgID, req)
	if err != nil {
		return provider.WithdrawalReview{}, err
	}
	now := s.now()
	r := provider.WithdrawalReview{ID: uuid.NewString(), DebtorAccountNumber: c.debtor.AccountNumber, Amount: c.amount.String(),
		CurrencyCode: c.debtor.CurrencyCode, ConvertedCurrency: c.creditor.EffectiveCurrency(), EndToEndID: c.e2e,
		CreditorAccount: provider.CreditorOf(c.creditor), ExpiresAt: now.Add(provider.WithdrawalReviewTTL).UTC()}
	if c.rate != nil {
		r.RateAvailable, r.ExchangeRate, r.ConvertedAmount = true, c.rate.String(), c.converted.String()
	}
	creditor, err := json.Marshal(r.CreditorAccount)
	if err != nil {
		return r, err
	}
	if _, err := s.write.ExecContext(ctx, qWithdrawalReviewInsert,
		r.ID, orgID, r.DebtorAccountNumber, c.creditor.UUID, r.Amount, r.CurrencyCode, r.ConvertedAmount, r.ConvertedCurrency,
		r.ExchangeRate, r.EndToEndID, string(creditor), req.CreatedBy, formatTime(now), formatTime(r.ExpiresAt)); err != nil {
		return r, fmt.Errorf("reference: withdrawal review: %w", err)
	}
	return r, nil
}

// WithdrawalReview implements provider.Withdrawals.
func (s *WithdrawalService) WithdrawalReview(ctx context.Context, orgID, id string) (provider.WithdrawalReview, error) {
	return loadWithdrawalReview(ctx, s.read, orgID, id)
}

func loadWithdrawalReview(ctx context.Context, q db.DBTX, orgID, id string) (provider.WithdrawalReview, error) {
	var r provider.WithdrawalReview
	var creditor, expires string
	var ref sql.NullString
	err := q.QueryRowContext(ctx, qWithdrawalReviewByID, id, orgID).Scan(&r.ID, &r.DebtorAccountNumber, &r.Amount, &r.CurrencyCode,
		&r.ConvertedAmount, &r.ConvertedCurrency, &r.ExchangeRate, &r.EndToEndID, &creditor, &expires, &ref)
	if errors.Is(err, sql.ErrNoRows) {
		return r, provider.Errorf(provider.ENOTFOUND, "Withdrawal review not found.")
	}
	if err != nil {
		return r, fmt.Errorf("reference: withdrawal review: %w", err)
	}
	if err := json.Unmarshal([]byte(creditor), &r.CreditorAccount); err != nil {
		return r, fmt.Errorf("reference: withdrawal review creditor: %w", err)
	}
	if r.ExpiresAt, err = parseTime(expires); err != nil {
		return r, err
	}
	r.RateAvailable, r.WithdrawalReference = r.ExchangeRate != "", ref.String
	return r, nil
}

func withdrawalHash(req provider.WithdrawalCreate) string {
	h := sha256.New()
	for _, f := range []string{req.DebtorAccount, req.CreditorAccountID, req.Amount, req.CurrencyCode, req.EndToEndID, req.ReviewID} {
		f = strings.TrimSpace(f)
		fmt.Fprintf(h, "%d:%s;", len(f), f)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// CreateWithdrawal implements provider.Withdrawals. It runs in one IMMEDIATE transaction on
// the single writer connection: the balance it checks is the one it books against, and calls
// with one key are serialised, so the second finds the first's row and moves nothing.
func (s *WithdrawalService) CreateWithdrawal(ctx context.Context, orgID string, req provider.WithdrawalCreate) (provider.WithdrawalRequest, error) {
	var none provider.WithdrawalRequest
	req.ReviewID, req.IdempotencyKey = strings.TrimSpace(req.ReviewID), strings.TrimSpace(req.IdempotencyKey)
	key := req.IdempotencyKey
	if req.ReviewID != "" {
		key = "review:" + req.ReviewID
	}
	if key == "" || len(key) > 255 {
		return none, provider.Errorf(provider.EINVALID, "An idempotency key or a review is required.")
	}
	hash := withdrawalHash(req)
	var out provider.WithdrawalRequest
	err := s.inTx(ctx, "withdrawal", func(tx *sql.Tx) error {
		if err := lockAdvisory(ctx, tx, "withdrawal", orgID, key); err != nil {
			return err
		}
		var prevID, prevHash string
		err := tx.QueryRowContext(ctx, qWithdrawalByKey,
			orgID, key).Scan(&prevID, &prevHash)
		switch {
		case err == nil:
			if prevHash != hash {
				if req.ReviewID != "" {
					return provider.Errorf(provider.ECONFLICT, "%s", provider.MsgWithdrawalChanged)
				}
				return provider.Errorf(provider.ECONFLICT, "%s", provider.MsgWithdrawalKeyReused)
			}
			w, err := loadWithdrawal(ctx, tx, orgID, prevID)
			w.Replayed = true
			out = w
			return err
		case !errors.Is(err, sql.ErrNoRows):
			return fmt.Errorf("reference: withdrawal: %w", err)
		}

		now := s.now()
		var review provider.WithdrawalReview
		if req.ReviewID != "" {
			if review, err = loadWithdrawalReview(ctx, tx, orgID, req.ReviewID); err != nil {
				return err
			}
		}
		c, err := checkWithdrawal(ctx, tx, orgID, req)
		if err != nil {
			return err
		}
		if req.ReviewID != "" {
			// What moves is what the user saw: the same accounts, amount and end-to-end id, at the
			// reviewed rate, while the review lasts.
			ra, err := money.ParseCurrency(review.Amount, review.CurrencyCode)
			if err != nil || review.DebtorAccountNumber != c.debtor.AccountNumber || review.CreditorAccount.ID != c.creditor.UUID ||
				review.CurrencyCode != c.debtor.CurrencyCode || ra.Cmp(c.amount) != 0 || review.EndToEndID != c.e2e {
				return provider.Errorf(provider.ECONFLICT, "%s", provider.MsgWithdrawalChanged)
			}
			if !now.Before(review.ExpiresAt) {
				return provider.Errorf(provider.ECONFLICT, "%s", provider.MsgWithdrawalReviewExpired)
			}
			if !review.RateAvailable {
				c.rate = nil
			} else {
				r, err := money.ParseRate(review.ExchangeRate)
				if err != nil {
					return fmt.Errorf("reference: withdrawal review rate: %w", err)
				}
				c.rate = &r
				if c.converted, err = money.ParseCurrency(review.ConvertedAmount, review.ConvertedCurrency); err != nil {
					return fmt.Errorf("reference: withdrawal review amount: %w", err)
				}
			}
		}
		if c.rate == nil {
			return withdrawalField(provider.FieldWithdrawalAmount, "%s", provider.MsgWithdrawalNoRate)
		}

		w := provider.WithdrawalRequest{ID: uuid.NewString(), Reference: newWithdrawalReference(), ExternalReference: c.e2e,
			DebtorAccountNumber: c.debtor.AccountNumber, Amount: c.amount.String(), CurrencyCode: c.debtor.CurrencyCode,
			ConvertedAmount: c.converted.String(), ConvertedCurrency: c.creditor.EffectiveCurrency(), ExchangeRate: c.rate.String(),
			Status: provider.WithdrawalReceived, CreatedAt: now.UTC(), CreditorAccount: provider.CreditorOf(c.creditor),
			StatusTransitions: []provider.WithdrawalTransition{{Status: provider.WithdrawalReceived, CreatedAt: now.UTC()}}}
		b, err := s.ledger.booker(ctx, tx)
		if err != nil {
			return err
		}
		defer b.close()
		debit, err := bookWithdrawal(b, orgID, w, c.amount, c.converted, -1, now)
		if err != nil {
			return err
		}
		if err := insertWithdrawal(ctx, tx, orgID, w, key, hash, req.ReviewID, req.CreatedBy, debit, ""); err != nil {
			return err
		}
		if err := s.audits.audit(ctx, tx, provider.AuditEvent{OrgID: orgID, Kind: provider.AuditWithdrawal, RecordKind: "withdrawal",
			RecordID: w.Reference, Changes: []provider.AuditChange{{Field: "from", After: w.DebtorAccountNumber},
				{Field: "amount", After: w.Amount + " " + w.CurrencyCode}, {Field: "status", After: w.Status}}}); err != nil {
			return err
		}
		out = w
		return nil
	})
	if err != nil {
		return none, err
	}
	return out, nil
}

// withdrawalEntryType is the entry type of a withdrawal's booking: sign -1 the debit, +1
// the money back, returned or else rejected.
func withdrawalEntryType(status string, sign int) string {
	switch {
	case sign > 0 && status == provider.WithdrawalReturned:
		return provider.EntryWithdrawalReturned
	case sign > 0:
		return provider.EntryWithdrawalRejected
	}
	return provider.EntryWithdrawal
}

// bookWithdrawal books a withdrawal's money in one balanced ledger transaction: sign -1 the
// debit (the account pays amount; the provider converts and sends converted out), +1 the
// same lines reversed when the money comes back. Entry types are the withdrawal family:
// withdrawal for the debit, withdrawal_rejected for a rejection (the money never left) and
// withdrawal_returned for a return; the transaction's kind is the entry type.
func bookWithdrawal(b *booker, orgID string, w provider.WithdrawalRequest, amount, converted money.Amount, sign int, at time.Time) (string, error) {
	typ := withdrawalEntryType(w.Status, sign)
	kind := typ
	acct, err := b.account(w.DebtorAccountNumber)
	if err != nil {
		return "", err
	}
	if acct == nil || acct.kind != "customer" || acct.owner != orgID {
		return "", fmt.Errorf("reference: withdrawal %s: account %s cannot be booked", w.Reference, w.DebtorAccountNumber)
	}
	if sign < 0 && acct.balance.Cmp(amount) < 0 {
		return "", withdrawalField(provider.FieldWithdrawalAmount, "Insufficient funds")
	}
	out := w.ConvertedCurrency
	ext, err := b.system("EXT", out, at)
	if err != nil {
		return "", err
	}
	a, c := amount, converted
	if sign < 0 {
		a, c = a.Neg(), c.Neg()
	}
	ref := w.Reference
	ps := []posting{{account: acct.number, entryType: typ, amount: a, reference: ref, orderID: w.ID}}
	if acct.currency != out {
		fxIn, err := b.system("FX", acct.currency, at)
		if err != nil {
			return "", err
		}
		fxOut, err := b.system("FX", out, at)
		if err != nil {
			return "", err
		}
		ps = append(ps, posting{account: fxIn, entryType: typ, amount: a.Neg(), reference: ref, orderID: w.ID},
			posting{account: fxOut, entryType: typ, amount: c, reference: ref, orderID: w.ID})
	}
	ps = append(ps, posting{account: ext, entryType: typ, amount: c.Neg(), reference: ref, orderID: w.ID})
	id := uuid.NewString()
	if _, err := b.book(txMeta{id: id, kind: kind, org: orgID, e2e: w.ExternalReference, rate: w.ExchangeRate, at: at}, ps, true); err != nil {
		return "", err
	}
	if err := b.flush(); err != nil {
		return "", err
	}
	return id, nil
}

func insertWithdrawal(ctx context.Context, tx *sql.Tx, orgID string, w provider.WithdrawalRequest, key, hash, reviewID, by, debit, release string) error {
	creditor, err := json.Marshal(w.CreditorAccount)
	if err != nil {
		return err
	}
	trans, err := json.Marshal(w.StatusTransitions)
	if err != nil {
		return err
	}
	var review, rel any
	if reviewID != "" {
		review = reviewID
	}
	if release != "" {
		rel = release
	}
	last := w.CreatedAt
	if n := len(w.StatusTransitions); n > 0 {
		last = w.StatusTransitions[n-1].CreatedAt
	}
	if _, err := tx.ExecContext(ctx, qWithdrawalInsert,
		w.ID, orgID, w.Reference, w.ExternalReference, w.DebtorAccountNumber, w.CreditorAccount.ID, w.Amount, w.CurrencyCode,
		w.ConvertedAmount, w.ConvertedCurrency, w.ExchangeRate, w.Status, string(creditor), string(trans), key, hash, review, by,
		debit, rel, formatTime(w.CreatedAt), formatTime(last)); err != nil {
		return fmt.Errorf("reference: withdrawal insert: %w", err)
	}
	return nil
}

func scanWithdrawal(r scanner, w *provider.WithdrawalRequest, seq *int64) error {
	var at, creditor, trans string
	if err := r.Scan(seq, &w.ID, &w.Reference, &w.ExternalReference, &w.DebtorAccountNumber, &w.Amount, &w.CurrencyCode,
		&w.ConvertedAmount, &w.ConvertedCurrency, &w.ExchangeRate, &w.Status, &at, &creditor, &trans); err != nil {
		return fmt.Errorf("reference: withdrawal: %w", err)
	}
	var err error
	if w.CreatedAt, err = parseTime(at); err != nil {
		return err
	}
	if err := json.Unmarshal([]byte(creditor), &w.CreditorAccount); err != nil {
		return fmt.Errorf("reference: withdrawal creditor: %w", err)
	}
	if err := json.Unmarshal([]byte(trans), &w.StatusTransitions); err != nil {
		return fmt.Errorf("reference: withdrawal transitions: %w", err)
	}
	if w.StatusTransitions == nil {
		w.StatusTransitions = []provider.WithdrawalTransition{}
	}
	return nil
}

func loadWithdrawal(ctx context.Context, q db.DBTX, orgID, idOrRef string) (provider.WithdrawalRequest, error) {
	var w provider.WithdrawalRequest
	var seq int64
	err := scanWithdrawal(q.QueryRowContext(ctx, qWithdrawalByIDOrReference, orgID, idOrRef, idOrRef), &w, &seq)
	if errors.Is(err, sql.ErrNoRows) {
		return w, provider.Errorf(provider.ENOTFOUND, "Withdrawal not found.")
	}
	return w, err
}

// Withdrawal implements provider.Withdrawals.
func (s *WithdrawalService) Withdrawal(ctx context.Context, orgID, idOrReference string) (provider.WithdrawalRequest, error) {
	return loadWithdrawal(ctx, s.read, orgID, strings.TrimSpace(idOrReference))
}

// FindWithdrawals implements provider.Withdrawals.
func (s *WithdrawalService) FindWithdrawals(ctx context.Context, orgID, query string) ([]provider.WithdrawalRequest, error) {
	query = strings.TrimSpace(query)
	out := []provider.WithdrawalRequest{}
	if query == "" {
		return out, nil
	}
	return collect(ctx, s.read, "find withdrawals", qWithdrawalFind, []any{orgID, query, query, query}, rowScan[provider.WithdrawalRequest](scanWithdrawal).items)
}

// Withdrawals implements provider.Withdrawals.
func (s *WithdrawalService) Withdrawals(ctx context.Context, orgID string, f provider.WithdrawalFilter) (provider.WithdrawalPage, error) {
	page := provider.WithdrawalPage{Withdrawals: []provider.WithdrawalRequest{}}
	k, err := newKeyset(f.Cursor, f.Direction, f.Limit, provider.DefaultWithdrawalLimit, provider.MaxWithdrawalLimit)
	if err == nil {
		k, err = k.sortedBy(f.Sort, provider.WithdrawalSortNewest, provider.WithdrawalSortOldest)
	}
	if err != nil {
		return page, err
	}
	if f.Status != "" && !provider.ValidWithdrawalStatus(f.Status) {
		return page, provider.Errorf(provider.EINVALID, "Unknown status.")
	}
	if err := s.orgs.organisationExists(ctx, orgID); err != nil {
		return page, err
	}
	w := whereFirst("w.organisation_id = ?", orgID)
	w.equal("w.debtor_account_number", f.DebtorAccountNumber)
	w.equal("w.status", f.Status)
	w.equal("w.reference", strings.TrimSpace(f.Reference))
	w.period("w.created_at", f.CreatedAfter, f.CreatedBefore)
	total, got, err := readList(ctx, s.read, k, w, "withdrawals", qWithdrawalCount, qWithdrawalPage, "w.",
		rowScan[provider.WithdrawalRequest](scanWithdrawal).keyed(func(w *provider.WithdrawalRequest) time.Time { return w.CreatedAt }))
	if err != nil {
		return page, err
	}
	page.Total = total
	page.Withdrawals = append(page.Withdrawals, got.rows...)
	page.CursorNext, page.CursorPrev, page.HasNext = got.next, got.prev, got.hasNext
	return page, nil
}

// MoveWithdrawal is the provider's back office moving a withdrawal on (spec 001 §4): received
// to processing, processing to completed, either to rejected (with reasonCode, "" for none),
// completed to returned. A rejection or return gives the debit back in the same transaction,
// once. ECONFLICT for any other move.
func (s *WithdrawalService) MoveWithdrawal(ctx context.Context, orgID, idOrRef, status, reasonCode string) (provider.WithdrawalRequest, error) {
	var w provider.WithdrawalRequest
	err := s.inTx(ctx, "move withdrawal", func(tx *sql.Tx) (err error) {
		w, err = s.moveWithdrawal(ctx, tx, orgID, idOrRef, status, reasonCode)
		return err
	})
	return w, err
}

func (s *WithdrawalService) moveWithdrawal(ctx context.Context, tx *sql.Tx, orgID, idOrRef, status, reasonCode string) (provider.WithdrawalRequest, error) {
	if err := lockRow(ctx, tx, qWithdrawalLock, orgID, idOrRef, idOrRef); err != nil {
		return provider.WithdrawalRequest{}, err
	}
	w, err := loadWithdrawal(ctx, tx, orgID, idOrRef)
	if err != nil {
		return w, err
	}
	allowed := map[string][]string{
		provider.WithdrawalReceived:   {provider.WithdrawalProcessing, provider.WithdrawalRejected},
		provider.WithdrawalProcessing: {provider.WithdrawalCompleted, provider.WithdrawalRejected},
		provider.WithdrawalCompleted:  {provider.WithdrawalReturned},
	}[w.Status]
	ok := false
	for _, a := range allowed {
		ok = ok || a == status
	}
	if !ok {
		return w, provider.Errorf(provider.ECONFLICT, "A %s withdrawal cannot become %s.", w.Status, status)
	}
	now := s.now()
	t := provider.WithdrawalTransition{Status: status, CreatedAt: now.UTC()}
	if reasonCode != "" {
		msg, known := withdrawalReasons[reasonCode]
		if !known {
			return w, provider.Errorf(provider.EINVALID, "Unknown reason code.")
		}
		t.ReasonCode = &provider.WithdrawalReason{ID: reasonCode, ExternalMessage: msg}
	}
	w.Status = status
	w.StatusTransitions = append(w.StatusTransitions, t)
	var release any
	if status == provider.WithdrawalRejected || status == provider.WithdrawalReturned {
		b, err := s.ledger.booker(ctx, tx)
		if err != nil {
			return w, err
		}
		defer b.close()
		amount, err := money.ParseCurrency(w.Amount, w.CurrencyCode)
		if err != nil {
			return w, err
		}
		converted, err := money.ParseCurrency(w.ConvertedAmount, w.ConvertedCurrency)
		if err != nil {
			return w, err
		}
		id, err := bookWithdrawal(b, orgID, w, amount, converted, 1, now)
		if err != nil {
			return w, err
		}
		release = id
	}
	trans, err := json.Marshal(w.StatusTransitions)
	if err != nil {
		return w, err
	}
	res, err := tx.ExecContext(ctx, qWithdrawalMove,
		status, string(trans), formatTime(now), release, orgID, w.ID)
	if err != nil {
		return w, fmt.Errorf("reference: move withdrawal: %w", err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return w, fmt.Errorf("reference: move withdrawal %s: not updated", w.Reference)
	}
	return w, nil
}
