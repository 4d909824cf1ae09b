package reference

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base32"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

	"portal/currency"
	"portal/money"
	"portal/provider"
	"portal/reference/db"
)

var (
	qPayoutSenderOrganisation = sq("payout-sender-organisation")
	qPayoutByEndToEnd         = sq("payout-by-end-to-end")
	qPayoutAccountCurrency    = sq("payout-account-currency")
	qPayoutBusinessUnitCount  = sq("payout-business-unit-count")
	qPayoutInsert             = sq("payout-insert")
	qPayoutByReference        = sq("payout-by-reference")
	qPayoutFullByReference    = sq("payout-full-by-reference")
	qPayoutFind               = sq("payout-find")
	qPayoutCount              = sq("payout-count")
	qPayoutCountDays          = sq("payout-count-days")
	qPayoutWaitingCount       = sq("payout-waiting-count")
	qPayoutPage               = sq("payout-page")
	qPayoutBusinessUnits      = sq("payout-business-units")
	qPayoutProducts           = sq("payout-products")
	qPayoutAccountCurrencies  = sq("payout-account-currencies")
)

var _ provider.Payouts = (*Store)(nil)

// PayoutService owns payout requests: creating and checking them, the product
// catalogue they draw on, their lifecycle (the processor that funds, reserves, books and
// settles them through the ledger) and cancelling. Its files: payouts.go, payouts_actions.go,
// payouts_checks.go, payouts_lifecycle.go, payout_catalogue.go.
type PayoutService struct{ *core }

// payoutFees is the reference provider's fee per payout, charged on top of the amount.
var payoutFees = map[string]string{"EUR": "1.50", "GBP": "1.20", "USD": "2.00", "DKK": "10.00", "USDT": "1.500000"}

// payoutFee is the fee of a payout in code (1 unit of a currency without a listed fee).
func payoutFee(code string) money.Amount {
	if f, ok := payoutFees[code]; ok {
		return money.MustParse(f, currency.Decimals(code))
	}
	return money.MustParse("1", currency.Decimals(code))
}

// amountKey writes a non-negative amount as fixed-width text (20 integer digits and 18
// decimals), so text order is numeric order whatever the currency's decimals.
func amountKey(a money.Amount) string {
	s := a.String()
	intPart, frac, _ := strings.Cut(s, ".")
	return strings.Repeat("0", max(0, 20-len(intPart))) + intPart + "." + frac + strings.Repeat("0", max(0, 18-len(frac)))
}

// newPayoutReference is a fresh unique reference: "PO" and 13 random base32 characters.
func newPayoutReference() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return "PO" + base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b[:])
}

var endToEndPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{1,140}$`)

// maxSectionsJSON bounds what one payout's parties may hold.
const maxSectionsJSON = 16 << 10

func payoutField(field, format string, args ...any) error {
	return &provider.FieldError{Field: field, Err: provider.Errorf(provider.EINVALID, format, args...)}
}

// payoutCreateHash is the SHA-256 of the canonical request: JSON of a struct is stable.
func payoutCreateHash(req provider.PayoutCreate) string {
	b, _ := json.Marshal(req)
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// CreatePayout implements provider.Payouts.
func (s *PayoutService) CreatePayout(ctx context.Context, orgID string, req provider.PayoutCreate) (provider.PayoutRequest, error) {
	var out provider.PayoutRequest
	req, hash, err := preparePayout(req)
	if err != nil {
		return out, err
	}
	err = s.inTx(ctx, "create payout", func(tx *sql.Tx) error {
		if out, err = s.insertPayout(ctx, tx, orgID, req, hash); err != nil || out.Replayed {
			return err
		}
		return s.audits.audit(ctx, tx, provider.AuditEvent{OrgID: orgID, Kind: provider.AuditPayoutCreated, RecordKind: "payout",
			RecordID: out.UniqueReference, Changes: []provider.AuditChange{{Field: "amount", After: out.Amount + " " + out.Currency},
				{Field: "status", After: out.Status}}})
	})
	if err == nil && !out.Replayed {
		s.wakePayouts()
	}
	return out, err
}

// createPayoutIn is CreatePayout inside the caller's transaction, so a draft is published
// into exactly one payout request in the transaction that marks it published. The caller
// wakes the processor after committing.
func (s *PayoutService) createPayoutIn(ctx context.Context, tx *sql.Tx, orgID string, req provider.PayoutCreate) (provider.PayoutRequest, error) {
	req, hash, err := preparePayout(req)
	if err != nil {
		return provider.PayoutRequest{}, err
	}
	return s.insertPayout(ctx, tx, orgID, req, hash)
}

// senderIsOrganisation names the organisation as the sender of a payout whose schema asks for
// none (SEPA by IBAN, USDT): it pays as its own ordering customer, and the payout says so
// rather than failing a sender check the user was never asked to answer. A payout made
// through the API keeps what it sent: there a missing sender is the caller's to fix.
func senderIsOrganisation(ctx context.Context, tx *sql.Tx, orgID string, req *provider.PayoutCreate) error {
	if d := req.UltimateDebtor; strings.TrimSpace(d.FullName) != "" || strings.TrimSpace(d.Name) != "" {
		return nil
	}
	p := provider.Party{Type: provider.CreditorOrganization}
	err := tx.QueryRowContext(ctx, qPayoutSenderOrganisation, orgID).
		Scan(&p.FullName, &p.CountryCode, &p.City, &p.PostalCode)
	if err != nil {
		return fmt.Errorf("reference: the organisation as sender: %w", err)
	}
	p.Name = p.FullName
	req.UltimateDebtor = p
	return nil
}

// preparePayout checks what CreatePayout can check without the store and gives the
// request's hash, for CreatePayout and for a completed batch's rows alike.
func preparePayout(req provider.PayoutCreate) (provider.PayoutCreate, string, error) {
	req.AccountNumber, req.EndToEndID = strings.TrimSpace(req.AccountNumber), strings.TrimSpace(req.EndToEndID)
	req.Amount, req.Currency = strings.TrimSpace(req.Amount), strings.ToUpper(strings.TrimSpace(req.Currency))
	if req.Source == "" {
		req.Source = provider.SourceUnknown
	}
	if !endToEndPattern.MatchString(req.EndToEndID) {
		return req, "", payoutField("end_to_end_id", "End-to-end ID is required: up to 140 letters, numbers, - or _.")
	}
	validSource := false
	for _, src := range provider.PayoutSources() {
		validSource = validSource || src == req.Source
	}
	if !validSource {
		return req, "", payoutField("source", "Unknown source.")
	}
	if req.RequestedExecutionDate != "" {
		if _, err := time.Parse(time.DateOnly, req.RequestedExecutionDate); err != nil {
			return req, "", payoutField("requested_execution_date", "Enter the execution date as YYYY-MM-DD.")
		}
	}
	for _, f := range []struct{ name, value string }{{"purpose_code", req.PurposeCode}, {"local_instrument", req.LocalInstrument},
		{"batch_id", req.BatchID}, {"creator_name", req.CreatorName}, {"business_unit", req.BusinessUnit}} {
		if len(f.value) > 255 {
			return req, "", payoutField(f.name, "Too long.")
		}
	}
	sections, err := json.Marshal(req.PayoutSections)
	if err != nil || len(sections) > maxSectionsJSON {
		return req, "", provider.Errorf(provider.EINVALID, "The payout's details are too large.")
	}
	reviews, err := json.Marshal(nonNil(req.Reviews))
	if err != nil || len(reviews) > maxSectionsJSON {
		return req, "", provider.Errorf(provider.EINVALID, "Too many reviews.")
	}
	return req, payoutCreateHash(req), nil
}

// insertPayout stores a prepared payout request in tx (or finds the one its end-to-end id
// already names): CreatePayout's transaction, and the one that completes a batch.
func (s *PayoutService) insertPayout(ctx context.Context, tx *sql.Tx, orgID string, req provider.PayoutCreate, hash string) (out provider.PayoutRequest, err error) {
	sections, _ := json.Marshal(req.PayoutSections)
	reviews, _ := json.Marshal(nonNil(req.Reviews))
	err = func() error {
		// The end-to-end id is the payout's idempotency key.
		if err := lockAdvisory(ctx, tx, "payout", orgID, req.EndToEndID); err != nil {
			return err
		}
		var prevRef, prevHash string
		err := tx.QueryRowContext(ctx, qPayoutByEndToEnd, orgID, req.EndToEndID).Scan(&prevRef, &prevHash)
		switch {
		case err == nil:
			if prevHash != hash {
				return &provider.FieldError{Field: "end_to_end_id", Err: provider.Errorf(provider.EINVALID, provider.MsgPayoutE2EUnique)}
			}
			if out, err = loadPayout(ctx, tx, orgID, prevRef, true); err != nil {
				return err
			}
			out.Replayed = true
			return nil
		case !errors.Is(err, sql.ErrNoRows):
			return fmt.Errorf("reference: create payout: %w", err)
		}

		var code string
		err = tx.QueryRowContext(ctx, qPayoutAccountCurrency, req.AccountNumber, orgID).Scan(&code)
		if errors.Is(err, sql.ErrNoRows) {
			return &provider.FieldError{Field: "virtual_account_number", Err: provider.Errorf(provider.ENOTFOUND, "Select one of your accounts.")}
		}
		if err != nil {
			return fmt.Errorf("reference: create payout: %w", err)
		}
		if req.Currency != "" && req.Currency != code {
			return payoutField("currency_code", "The currency must be the account's (%s).", code)
		}
		amt, err := money.ParseCurrency(req.Amount, code)
		if err != nil || amt.Sign() <= 0 {
			return payoutField("amount", "Enter a positive amount with at most %d decimals.", currency.Decimals(code))
		}
		if req.BusinessUnit != "" {
			var n int
			if err := tx.QueryRowContext(ctx, qPayoutBusinessUnitCount,
				req.BusinessUnit, orgID).Scan(&n); err != nil {
				return fmt.Errorf("reference: create payout: %w", err)
			}
			if n == 0 {
				return payoutField("business_unit", "Select one of your business units.")
			}
		}
		now := formatTime(s.now())
		ref := newPayoutReference()
		transitions, _ := json.Marshal([]map[string]string{{"name": provider.StateCreated, "timestamp": now}})
		_, err = tx.ExecContext(ctx, qPayoutInsert,
			uuid.NewString(), orgID, req.AccountNumber, provider.StateCreated, amt.String(), code, now, ref, req.EndToEndID,
			amountKey(amt), payoutFee(code).String(), req.PurposeCode, req.LocalInstrument, req.BusinessUnit,
			req.RequestedExecutionDate, req.Source, req.BatchID, req.CreatedBy, req.CreatorName, hash, string(sections),
			string(reviews), string(transitions), now, now)
		if err != nil {
			return fmt.Errorf("reference: create payout: %w", err)
		}
		out, err = loadPayout(ctx, tx, orgID, ref, true)
		return err
	}()
	return out, err
}

func nonNil[T any](v []T) []T {
	if v == nil {
		return []T{}
	}
	return v
}

// scanPayout reads a row of the payout-list-columns fragment (full: payoutFullColumns), and the list's kind
// column when kind is given.
func scanPayout(r scanner, p *provider.PayoutRequest, seq *int64, full bool, kind ...*string) error {
	var updated, created, sections string
	var errs, transitions, cancellations, reviews string
	dest := []any{seq, &p.ID, &p.UniqueReference, &p.EndToEndID, &p.CurrentStateName, new(string), &p.RequestedExecutionDate,
		&p.Amount, &p.Fee, &p.Currency, &p.PurposeCode, &p.LocalInstrument, &p.BusinessUnit, &p.BusinessUnitName, &updated,
		&created, &p.CreatorName, &p.Source, &p.BatchID, &p.DebtorAccount, &p.CancellationPending, &sections}
	if full {
		dest = append(dest, &errs, &transitions, &cancellations, &reviews)
	}
	for _, k := range kind {
		dest = append(dest, k)
	}
	if err := r.Scan(dest...); err != nil {
		return err
	}
	if len(kind) > 0 && *kind[0] == "draft" {
		var values map[string]map[string]string
		if err := json.Unmarshal([]byte(sections), &values); err != nil {
			return fmt.Errorf("reference: draft %s values: %w", p.ID, err)
		}
		b, _ := json.Marshal(payoutOfSections(values, "", p.Currency, "").PayoutSections)
		sections = string(b)
		fam, _, _ := catalogueLookup(p.LocalInstrument, "") // the column holds the draft's product id
		p.LocalInstrument = ""
		if fam != nil {
			p.LocalInstrument = fam.id
		}
	}
	reason := *dest[5].(*string)
	p.Status = provider.PayoutStateCategory(p.CurrentStateName)
	p.ReasonCodes = []provider.ReasonCode{}
	if reason != "" {
		p.ReasonCodes = append(p.ReasonCodes, provider.NewReasonCode(reason, p.Status))
	}
	var err error
	if p.Timestamp, err = parseTime(updated); err != nil {
		return err
	}
	if p.CreatedAt, err = parseTime(created); err != nil {
		return err
	}
	if err := json.Unmarshal([]byte(sections), &p.PayoutSections); err != nil {
		return fmt.Errorf("reference: payout %s sections: %w", p.ID, err)
	}
	if !full {
		return nil
	}
	for _, v := range []struct {
		raw string
		to  any
	}{{errs, &p.Errors}, {transitions, &p.StatusTransitions}, {cancellations, &p.Cancellations}, {reviews, &p.Reviews}} {
		if err := json.Unmarshal([]byte(v.raw), v.to); err != nil {
			return fmt.Errorf("reference: payout %s: %w", p.ID, err)
		}
	}
	if p.Errors == nil {
		p.Errors = map[string][]provider.PayoutError{}
	}
	p.StatusTransitions, p.Cancellations, p.Reviews = nonNil(p.StatusTransitions), nonNil(p.Cancellations), nonNil(p.Reviews)
	return nil
}

func loadPayout(ctx context.Context, q db.DBTX, orgID, ref string, full bool) (provider.PayoutRequest, error) {
	var p provider.PayoutRequest
	var seq int64
	query := qPayoutByReference
	if full {
		query = qPayoutFullByReference
	}
	err := scanPayout(q.QueryRowContext(ctx, query,
		orgID, ref), &p, &seq, full)
	if errors.Is(err, sql.ErrNoRows) {
		return p, provider.Errorf(provider.ENOTFOUND, "Payout request not found.")
	}
	if err != nil {
		return p, fmt.Errorf("reference: payout: %w", err)
	}
	return p, nil
}

// Payout implements provider.Payouts.
func (s *PayoutService) Payout(ctx context.Context, orgID, reference string) (provider.PayoutRequest, error) {
	return loadPayout(ctx, s.read, orgID, reference, true)
}

// FindPayouts implements provider.Payouts.
func (s *PayoutService) FindPayouts(ctx context.Context, orgID, query string) ([]provider.PayoutRequest, error) {
	out := []provider.PayoutRequest{}
	if query == "" || len(query) > provider.MaxSearchQueryLen {
		return out, nil
	}
	return collect(ctx, s.read, "find payouts", qPayoutFind, []any{orgID, query, query}, func(sc scanner) (provider.PayoutRequest, error) {
		var p provider.PayoutRequest
		var seq int64
		err := scanPayout(sc, &p, &seq, false)
		return p, err
	})
}

// payoutWhere turns a filter, except its creation bounds, into conditions on the columns
// payout_requests and payout_counts share; alias is "p." or "c.". Amount bounds exist only
// on payout_requests. page writes the account and amount terms as expressions (the column
// with an empty string appended) so no index is chosen for them: a page is read in date order,
// and an index on them would mean sorting every matching row to return a hundred. SQLite's
// own idiom, a unary +, is an error on PostgreSQL's text; the empty suffix keeps the value on
// both engines and is no column to either planner.
func payoutWhere(orgID string, f provider.PayoutFilter, alias string, page bool) (string, []any, error) {
	w := whereFirst(alias+"organisation_id = ?", orgID)
	unindexed := func(col string) string { return col }
	if page {
		unindexed = func(col string) string { return "(" + col + " || '')" }
	}
	w.equal(unindexed(alias+"virtual_account_number"), f.VirtualAccountNumber)
	for _, eq := range []struct{ col, v string }{
		{"currency", strings.ToUpper(f.CurrencyCode)}, {"business_unit", f.BusinessUnit},
		{"local_instrument", f.LocalInstrument}, {"reason_code", f.ReasonCode}, {"batch_id", f.BatchID}} {
		w.equal(alias+eq.col, eq.v)
	}
	if f.StateCategory != "" {
		states := provider.PayoutStates(f.StateCategory)
		if states == nil {
			return "", nil, provider.Errorf(provider.EINVALID, "Unknown status.")
		}
		w.in(alias+"state", states)
	}
	for _, b := range []struct {
		v, op, field string
	}{{f.AmountFrom, ">=", "amount_from"}, {f.AmountTo, "<=", "amount_to"}} {
		if b.v == "" {
			continue
		}
		a, err := money.Parse(strings.TrimSpace(b.v), 18)
		if err != nil || a.Sign() < 0 {
			return "", nil, payoutField(b.field, "Enter an amount of 0 or more.")
		}
		w.bound(unindexed(alias+"amount_key"), b.op, amountKey(a))
	}
	return w.sql, w.args, nil
}

// createdWithin adds creation bounds [from, to) on payout_requests p (a zero side is open).
func createdWithin(where string, args []any, from, to time.Time) (string, []any) {
	w := whereOf(where, args)
	w.period("p.created_at", from, to)
	return w.sql, w.args
}

// payoutTotal counts the payouts a filter selects. Counting rows costs as many rows as
// match (100,000 for an unfiltered list), so whole days are summed from payout_counts
// (kept by triggers, one row per day and combination of the filtered columns) and only the
// part-days at the ends of a range, or a filter on the amount, are counted row by row.
func (s *PayoutService) payoutTotal(ctx context.Context, orgID string, f provider.PayoutFilter) (int, error) {
	base, args, err := payoutWhere(orgID, f, "p.", false)
	if err != nil {
		return 0, err
	}
	countRows := func(from, to time.Time) (int, error) {
		where, a := createdWithin(base, args, from, to)
		var n int
		query, a := fill(qPayoutCount, nil, slot{name: "where", sql: where, args: a})
		err := s.read.QueryRowContext(ctx, query, a...).Scan(&n)
		return n, err
	}
	if f.AmountFrom != "" || f.AmountTo != "" {
		return countRows(f.CreatedAfter, f.CreatedBefore)
	}
	day := func(t time.Time) time.Time { return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC) }
	total := 0
	var lo, hi time.Time // whole days [lo, hi); zero: open
	if after := f.CreatedAfter.UTC(); !after.IsZero() {
		lo = day(after)
		if !after.Equal(lo) {
			lo = lo.AddDate(0, 0, 1)
			end := lo
			if !f.CreatedBefore.IsZero() && f.CreatedBefore.Before(end) {
				end = f.CreatedBefore
			}
			n, err := countRows(after, end)
			if err != nil {
				return 0, err
			}
			total += n
		}
	}
	if before := f.CreatedBefore.UTC(); !before.IsZero() {
		hi = day(before)
		if !before.Equal(hi) && (lo.IsZero() || !hi.Before(lo)) {
			n, err := countRows(hi, before)
			if err != nil {
				return 0, err
			}
			total += n
		}
	}
	if !lo.IsZero() && !hi.IsZero() && !lo.Before(hi) {
		return total, nil
	}
	where, cargs, err := payoutWhere(orgID, f, "c.", false)
	if err != nil {
		return 0, err
	}
	days := whereOf(where, cargs)
	if !lo.IsZero() {
		days.bound("c.day", ">=", lo.Format(time.DateOnly))
	}
	if !hi.IsZero() {
		days.bound("c.day", "<", hi.Format(time.DateOnly))
	}
	var n int
	query, cargs := fill(qPayoutCountDays, nil, days.slot())
	if err := s.read.QueryRowContext(ctx, query, cargs...).Scan(&n); err != nil {
		return 0, err
	}
	return total + n, nil
}

// Payouts implements provider.Payouts.
func (s *PayoutService) Payouts(ctx context.Context, orgID string, f provider.PayoutFilter) (provider.PayoutPage, error) {
	page := provider.PayoutPage{Payouts: []provider.PayoutRequest{}}
	k, err := newKeyset(f.Cursor, f.Direction, f.Limit, provider.DefaultPayoutLimit, provider.MaxPayoutLimit)
	if err == nil {
		k, err = k.sorted(f.Sort)
	}
	if err == nil {
		k, err = k.including(f.IncludeCursor)
	}
	if err != nil {
		return page, err
	}
	where, args, err := payoutWhere(orgID, f, "p.", true)
	if err != nil {
		return page, err
	}
	where, args = createdWithin(where, args, f.CreatedAfter, f.CreatedBefore)
	if err := s.orgs.organisationExists(ctx, orgID); err != nil {
		return page, err
	}
	if page.Total, err = s.payoutTotal(ctx, orgID, f); err != nil {
		return page, fmt.Errorf("reference: payouts: %w", err)
	}
	var waiting int
	filter := slot{name: "where", sql: where, args: args}
	query, qargs := fill(qPayoutWaitingCount, nil, filter)
	if err := s.read.QueryRowContext(ctx, query, qargs...).Scan(&waiting); err != nil {
		return page, fmt.Errorf("reference: payouts waiting for approval: %w", err)
	}
	page.Total += waiting
	slots, err := k.pageSlots("p.")
	if err != nil {
		return page, err
	}
	query, qargs = fill(qPayoutPage, nil, append(slots, filter)...)
	got, err := readKeyset(ctx, s.read, k, query, qargs,
		func(rows *sql.Rows) (provider.PayoutRequest, time.Time, int64, error) {
			var p provider.PayoutRequest
			var seq int64
			var kind string
			err := scanPayout(rows, &p, &seq, false, &kind)
			return p, p.CreatedAt, seq, err
		})
	if err != nil {
		return page, fmt.Errorf("reference: payouts: %w", err)
	}
	page.Payouts = append(page.Payouts, got.rows...)
	page.CursorNext, page.CursorPrev, page.HasNext = got.next, got.prev, got.hasNext
	return page, nil
}

// PayoutReasonCodes implements provider.Payouts.
func (s *PayoutService) PayoutReasonCodes(ctx context.Context, orgID string) ([]provider.PayoutStatusGroup, error) {
	if err := s.orgs.organisationExists(ctx, orgID); err != nil {
		return nil, err
	}
	return provider.PayoutReasonTree(), nil
}

// BusinessUnits implements provider.Payouts.
func (s *PayoutService) BusinessUnits(ctx context.Context, orgID string) ([]provider.BusinessUnit, error) {
	return businessUnits(ctx, s.read, orgID)
}

func businessUnits(ctx context.Context, q db.DBTX, orgID string) ([]provider.BusinessUnit, error) {
	if err := organisationExists(ctx, q, orgID); err != nil {
		return nil, err
	}
	return collect(ctx, q, "business units", qPayoutBusinessUnits, []any{orgID}, func(sc scanner) (provider.BusinessUnit, error) {
		var b provider.BusinessUnit
		err := sc.Scan(&b.UUID, &b.Name)
		return b, err
	})
}

// PayoutProducts implements provider.Payouts.
func (s *PayoutService) PayoutProducts(ctx context.Context, orgID string) ([]provider.PayoutProduct, error) {
	if err := s.orgs.organisationExists(ctx, orgID); err != nil {
		return nil, err
	}
	return collect(ctx, s.read, "payout products", qPayoutProducts, []any{orgID}, func(sc scanner) (provider.PayoutProduct, error) {
		var p provider.PayoutProduct
		err := sc.Scan(&p.ID, &p.Name, &p.ProductCurrencyISO, &p.LocalInstrument)
		return p, err
	})
}

// LocalInstruments implements provider.Payouts: the corridors of the currencies the
// organisation's own accounts hold.
func (s *PayoutService) LocalInstruments(ctx context.Context, orgID string) ([]string, error) {
	if err := s.orgs.organisationExists(ctx, orgID); err != nil {
		return nil, err
	}
	rows, err := s.read.QueryContext(ctx, qPayoutAccountCurrencies, orgID)
	if err != nil {
		return nil, fmt.Errorf("reference: local instruments: %w", err)
	}
	defer rows.Close()
	out := []string{}
	for rows.Next() {
		var code string
		if err := rows.Scan(&code); err != nil {
			return nil, fmt.Errorf("reference: local instruments: %w", err)
		}
		for _, c := range payoutCorridors[code] {
			if !slices.Contains(out, c.instrument) {
				out = append(out, c.instrument)
			}
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("reference: local instruments: %w", err)
	}
	slices.Sort(out)
	return out, nil
}
