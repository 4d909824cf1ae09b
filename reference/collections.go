package reference

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"portal/provider"
	"portal/reference/db"
)

var (
	qOrderByID        = sq("order-by-id")
	qOrderPayments    = sq("order-payments")
	qOrderRefunds     = sq("order-refunds")
	qOrderCount       = sq("order-count")
	qOrderPage        = sq("order-page")
	qOrderFind        = sq("order-find")
	qOrderPaymentByID = sq("order-payment-by-id")
	qOrderPaymentFind = sq("order-payment-find")
)

var _ provider.Collections = (*Store)(nil)

// CollectionService owns collection orders and payments, their refunds and
// the test cases that complete them. Its files: collections.go, collections_actions.go.
type CollectionService struct{ *core }

// Collection orders and payments (spec 001 §3, §4, §7): reads here; cancel, refund and the
// sandbox test case in collections_actions.go; demo data in collections_seed.go.

// scanOrder reads a row of orderColumns; the reason codes' messages name the organisation.
func scanOrder(r scanner, o *provider.CollectionOrder, seq *int64) error {
	var org, reasons, debtor, history, at, merchant string
	if err := r.Scan(seq, &o.UUID, &org, &o.VirtualAccountNumber, &o.Reference, &o.UniqueReference, &o.BusinessUnit, &o.Status,
		&reasons, &o.Amount, &o.CurrencyCode, &debtor, &history, &at, &merchant); err != nil {
		return err
	}
	var err error
	if o.CreatedAt, err = parseTime(at); err != nil {
		return err
	}
	var codes []string
	if err := json.Unmarshal([]byte(reasons), &codes); err != nil {
		return fmt.Errorf("order %s reason codes: %w", o.UUID, err)
	}
	o.ReasonCodes = []provider.CollectionReasonCode{}
	for _, c := range codes {
		if rc, ok := provider.CollectionReason(c, merchant); ok {
			o.ReasonCodes = append(o.ReasonCodes, rc)
		}
	}
	if err := json.Unmarshal([]byte(debtor), &o.Debtor); err != nil {
		return fmt.Errorf("order %s debtor: %w", o.UUID, err)
	}
	if o.StatusHistory, err = readHistory(history); err != nil {
		return fmt.Errorf("order %s history: %w", o.UUID, err)
	}
	o.Payments, o.Refunds = []provider.CollectionPaymentRef{}, []provider.CollectionRefund{}
	return nil
}

// storedChange is a status history line as stored.
type storedChange struct {
	Status    string `json:"status"`
	CreatedAt string `json:"created_at"`
}

func readHistory(s string) ([]provider.CollectionStatusChange, error) {
	var raw []storedChange
	if err := json.Unmarshal([]byte(s), &raw); err != nil {
		return nil, err
	}
	out := []provider.CollectionStatusChange{}
	for _, c := range raw {
		t, err := parseTime(c.CreatedAt)
		if err != nil {
			return nil, err
		}
		out = append(out, provider.CollectionStatusChange{Status: c.Status, CreatedAt: t})
	}
	return out, nil
}

// loadOrder reads one order of orgID by uuid with its payments and refunds.
// lockedOrder is loadOrder for a write body that moves the order on: on PostgreSQL the row
// stays locked until the body commits, so a second body reads it as the first left it.
func lockedOrder(ctx context.Context, tx db.DBTX, orgID, uuid string) (provider.CollectionOrder, error) {
	if err := lockRow(ctx, tx, qOrderLock, orgID, uuid); err != nil {
		return provider.CollectionOrder{}, err
	}
	return loadOrder(ctx, tx, orgID, uuid)
}

func loadOrder(ctx context.Context, q db.DBTX, orgID, uuid string) (provider.CollectionOrder, error) {
	var o provider.CollectionOrder
	var seq int64
	err := scanOrder(q.QueryRowContext(ctx, qOrderByID, orgID, uuid), &o, &seq)
	if errors.Is(err, sql.ErrNoRows) {
		return o, provider.Errorf(provider.ENOTFOUND, "Collection order not found.")
	}
	if err != nil {
		return o, fmt.Errorf("reference: collection order: %w", err)
	}
	if err := orderParts(ctx, q, &o); err != nil {
		return o, err
	}
	return o, nil
}

// orderParts adds the order's payments and refunds, oldest first.
func orderParts(ctx context.Context, q db.DBTX, o *provider.CollectionOrder) (err error) {
	o.Payments, err = collect(ctx, q, "order payments", qOrderPayments, []any{o.UUID}, func(sc scanner) (provider.CollectionPaymentRef, error) {
		var p provider.CollectionPaymentRef
		err := sc.Scan(&p.UUID, &p.Status)
		return p, err
	})
	if err != nil {
		return err
	}
	o.Refunds, err = collect(ctx, q, "order refunds", qOrderRefunds, []any{o.UUID}, func(sc scanner) (provider.CollectionRefund, error) {
		var r provider.CollectionRefund
		var at string
		err := sc.Scan(&r.UUID, &r.Amount, &r.Fee, &r.CurrencyISO, &r.Status, &at)
		if err == nil {
			r.CreatedAt, err = parseTime(at)
		}
		return r, err
	})
	return err
}

// CollectionOrder implements provider.Collections.
func (s *CollectionService) CollectionOrder(ctx context.Context, orgID, uuid string) (provider.CollectionOrder, error) {
	return loadOrder(ctx, s.read, orgID, uuid)
}

// validOrderStatus says whether status is one of spec 001 §4's.
func validOrderStatus(status string) bool {
	return slices.Contains(provider.CollectionOrderStatuses(), status)
}

// CollectionOrders implements provider.Collections.
func (s *CollectionService) CollectionOrders(ctx context.Context, orgID string, f provider.CollectionOrderFilter) (provider.CollectionOrderPage, error) {
	page := provider.CollectionOrderPage{Orders: []provider.CollectionOrder{}}
	k, err := newKeyset(f.Cursor, f.Direction, f.Limit, provider.DefaultCollectionLimit, provider.MaxCollectionLimit)
	if err == nil {
		k, err = k.sorted(f.Sort)
	}
	if err != nil {
		return page, err
	}
	w := whereFirst("o.organisation_id = ?", orgID)
	if f.Status != "" {
		if !validOrderStatus(f.Status) {
			return page, provider.Errorf(provider.EINVALID, "Unknown status.")
		}
		w.equal("o.status", f.Status)
	}
	w.equal("o.virtual_account_number", f.VirtualAccountNumber)
	w.period("o.created_at", f.CreatedAfter, f.CreatedBefore)
	if err := s.orgs.organisationExists(ctx, orgID); err != nil {
		return page, err
	}
	total, got, err := readList(ctx, s.read, k, w, "collection orders", qOrderCount, qOrderPage, "o.",
		rowScan[provider.CollectionOrder](scanOrder).keyed(func(o *provider.CollectionOrder) time.Time { return o.CreatedAt }))
	if err != nil {
		return page, err
	}
	page.Total = total
	page.Orders = append(page.Orders, got.rows...)
	page.CursorNext, page.CursorPrev, page.HasNext = got.next, got.prev, got.hasNext
	return page, nil
}

// FindCollectionOrders implements provider.Collections.
func (s *CollectionService) FindCollectionOrders(ctx context.Context, orgID, query string) ([]provider.CollectionOrder, error) {
	out := []provider.CollectionOrder{}
	if query == "" || len(query) > 255 {
		return out, nil
	}
	return collect(ctx, s.read, "find collection orders", qOrderFind, []any{orgID, query, query, query}, rowScan[provider.CollectionOrder](scanOrder).items)
}

func scanPayment(r scanner, p *provider.CollectionPayment) error {
	var history, at, debtor string
	if err := r.Scan(&p.UUID, &p.UniqueReference, &p.Type, &p.Status, &p.Details.DebtorCountry, &p.Details.DebtorBankName, &history,
		&at, &p.Order.UUID, &p.Order.Reference, &p.Order.Amount, &p.Order.Currency, &debtor); err != nil {
		return err
	}
	var err error
	if p.CreatedAt, err = parseTime(at); err != nil {
		return err
	}
	if p.StatusHistory, err = readHistory(history); err != nil {
		return err
	}
	return json.Unmarshal([]byte(debtor), &p.Order.Debtor)
}

func loadPayment(ctx context.Context, q db.DBTX, orgID, uuid string) (provider.CollectionPayment, error) {
	var p provider.CollectionPayment
	err := scanPayment(q.QueryRowContext(ctx, qOrderPaymentByID, orgID, uuid), &p)
	if errors.Is(err, sql.ErrNoRows) {
		return p, provider.Errorf(provider.ENOTFOUND, "Payment not found.")
	}
	if err != nil {
		return p, fmt.Errorf("reference: collection payment: %w", err)
	}
	return p, nil
}

// CollectionPayment implements provider.Collections.
func (s *CollectionService) CollectionPayment(ctx context.Context, orgID, uuid string) (provider.CollectionPayment, error) {
	return loadPayment(ctx, s.read, orgID, uuid)
}

// FindCollectionPayments implements provider.Collections.
func (s *CollectionService) FindCollectionPayments(ctx context.Context, orgID, query string) ([]provider.CollectionPayment, error) {
	out := []provider.CollectionPayment{}
	if query == "" || len(query) > 255 {
		return out, nil
	}
	return collect(ctx, s.read, "find collection payments", qOrderPaymentFind, []any{orgID, query, query}, into(scanPayment))
}

// appendChange adds a status history line to a stored history.
func appendChange(history, status string, at time.Time) (string, error) {
	var raw []storedChange
	if err := json.Unmarshal([]byte(history), &raw); err != nil {
		return "", err
	}
	raw = append(raw, storedChange{Status: status, CreatedAt: formatTime(at)})
	b, err := json.Marshal(raw)
	return string(b), err
}
