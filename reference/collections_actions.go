package reference

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"time"

	"github.com/google/uuid"

	"portal/money"
	"portal/provider"
)

var (
	qOrderHistory          = sq("order-history")
	qOrderSetStatus        = sq("order-set-status")
	qOrderPaymentHistory   = sq("order-payment-history")
	qOrderPaymentSetStatus = sq("order-payment-set-status")
	qOrderRefundByKey      = sq("order-refund-by-key")
	qOrderRefundFee        = sq("order-refund-fee")
	qOrderRefundInsert     = sq("order-refund-insert")
	qOrderPaymentCredited  = sq("order-payment-credited")
	qOrderRefundOpen       = sq("order-refund-open")
	qOrderRefundCompleted  = sq("order-refund-completed")
	qOrderRefundReturned   = sq("order-refund-returned")
)

// Cancel, refund and the sandbox's payment test case (spec 001 §4), and the two answers of
// the payer's bank to a refund that the sandbox has no call for (settled, returned), which
// the demo data and the tests use. Every money movement is one ledger transaction written in
// the same SQLite transaction as the state it explains, so neither exists without the other.

// collectionFee is what the provider keeps of a completed payment: 0.5%, rounded down, at
// least one minor unit (the demo history's rate).
func collectionFee(a money.Amount) money.Amount {
	minor := a.Minor()
	minor.Quo(minor, big.NewInt(200))
	if minor.Sign() == 0 {
		return money.FromMinor(1, a.Decimals())
	}
	return money.FromMinor(minor.Int64(), a.Decimals())
}

// setOrderStatus moves order id to status at at, recording it in the history; reasons
// replace the order's reason codes (nil keeps them).
func setOrderStatus(ctx context.Context, tx *sql.Tx, id, status string, reasons []string, at time.Time) error {
	var history string
	if err := tx.QueryRowContext(ctx, qOrderHistory, id).Scan(&history); err != nil {
		return fmt.Errorf("reference: order status: %w", err)
	}
	h, err := appendChange(history, status, at)
	if err != nil {
		return fmt.Errorf("reference: order status: %w", err)
	}
	var codes, first any // NULL: the reason codes stay as they are
	if reasons != nil {
		b, _ := json.Marshal(reasons)
		codes, first = string(b), ""
		if len(reasons) > 0 {
			first = reasons[0]
		}
	}
	if _, err := tx.ExecContext(ctx, qOrderSetStatus, status, h, codes, first, id); err != nil {
		return fmt.Errorf("reference: order status: %w", err)
	}
	return nil
}

// setPaymentStatus moves payment id to status, recording it in the history.
func setPaymentStatus(ctx context.Context, tx *sql.Tx, id, status string, at time.Time) error {
	var history string
	if err := tx.QueryRowContext(ctx, qOrderPaymentHistory, id).Scan(&history); err != nil {
		return fmt.Errorf("reference: payment status: %w", err)
	}
	h, err := appendChange(history, status, at)
	if err != nil {
		return fmt.Errorf("reference: payment status: %w", err)
	}
	if _, err := tx.ExecContext(ctx, qOrderPaymentSetStatus, status, h, id); err != nil {
		return fmt.Errorf("reference: payment status: %w", err)
	}
	return nil
}

// CancelCollectionOrder implements provider.Collections.
func (s *CollectionService) CancelCollectionOrder(ctx context.Context, orgID, id string) (provider.CollectionOrder, error) {
	var out provider.CollectionOrder
	err := s.inTx(ctx, "cancel order", func(tx *sql.Tx) error {
		o, err := lockedOrder(ctx, tx, orgID, id)
		if err != nil {
			return err
		}
		if o.Status == provider.OrderCancelled && hasReason(o, provider.CollectionReasonCancelledByMerchant) {
			out = o // a repeated cancel: the first one's answer
			return nil
		}
		if !provider.OrderCancellable(o) {
			return provider.Errorf(provider.ECONFLICT, provider.MsgOrderNotCancellable, provider.CollectionStatusName(o.Status))
		}
		if err := setOrderStatus(ctx, tx, o.UUID, provider.OrderCancelled, []string{provider.CollectionReasonCancelledByMerchant}, s.now()); err != nil {
			return err
		}
		if err := s.audits.audit(ctx, tx, provider.AuditEvent{OrgID: orgID, Kind: provider.AuditOrderCancelled, RecordKind: "collection order",
			RecordID: o.UUID, Changes: []provider.AuditChange{{Field: "status", Before: o.Status, After: provider.OrderCancelled}}}); err != nil {
			return err
		}
		out, err = loadOrder(ctx, tx, orgID, id)
		return err
	})
	return out, err
}

func hasReason(o provider.CollectionOrder, code string) bool {
	for _, rc := range o.ReasonCodes {
		if rc.ID == code {
			return true
		}
	}
	return false
}

func refundHash(orderID string, amount money.Amount) string {
	h := sha256.Sum256([]byte(orderID + "\x00" + amount.String()))
	return hex.EncodeToString(h[:])
}

// RefundCollectionOrder implements provider.Collections.
func (s *CollectionService) RefundCollectionOrder(ctx context.Context, orgID, id string, req provider.CollectionRefundRequest) (provider.CollectionOrder, error) {
	var out provider.CollectionOrder
	if len(req.IdempotencyKey) > 255 {
		return out, provider.Errorf(provider.EINVALID, "Idempotency key too long.")
	}
	err := s.inTx(ctx, "refund order", func(tx *sql.Tx) error {
		if req.IdempotencyKey != "" {
			if err := lockAdvisory(ctx, tx, "refund", orgID, req.IdempotencyKey); err != nil {
				return err
			}
		}
		o, err := lockedOrder(ctx, tx, orgID, id)
		if err != nil {
			return err
		}
		if req.IdempotencyKey != "" {
			var orderID, hash string
			err := tx.QueryRowContext(ctx, qOrderRefundByKey,
				orgID, req.IdempotencyKey).Scan(&orderID, &hash)
			switch {
			case err == nil:
				a, _ := money.ParseCurrency(req.Amount, o.CurrencyCode)
				if orderID != o.UUID || hash != refundHash(o.UUID, a) {
					return provider.Errorf(provider.ECONFLICT, "This idempotency key was used for another refund.")
				}
				out = o // the same request again: the refund it made
				return nil
			case !errors.Is(err, sql.ErrNoRows):
				return fmt.Errorf("reference: refund: %w", err)
			}
		}
		if !provider.OrderRefundable(o) {
			return provider.Errorf(provider.ECONFLICT, provider.MsgOrderNotRefundable)
		}
		amt, msg := provider.RefundAmount(req.Amount, o)
		if msg != "" {
			return &provider.FieldError{Field: "amount", Err: provider.Errorf(provider.EINVALID, "%s", msg)}
		}
		var feeText string
		err = tx.QueryRowContext(ctx, qOrderRefundFee,
			orgID, o.CurrencyCode).Scan(&feeText)
		if errors.Is(err, sql.ErrNoRows) {
			return provider.Errorf(provider.ECONFLICT, provider.MsgRefundNoFeeProduct)
		}
		if err != nil {
			return fmt.Errorf("reference: refund fee: %w", err)
		}
		fee, err := money.ParseCurrency(feeText, o.CurrencyCode)
		if err != nil {
			return fmt.Errorf("reference: refund fee: %w", err)
		}
		now := s.now()
		txID, err := s.bookCollection(ctx, tx, orgID, o, now, []collectionPosting{
			{provider.EntryCollectionRefund, "EXT", amt.Neg()}, {provider.EntryCollectionRefundFee, "FEE", fee.Neg()}})
		var fe *provider.FieldError
		if errors.As(err, &fe) {
			total := amt.Add(fee)
			return &provider.FieldError{Field: "amount", Err: provider.Errorf(provider.EINVALID, provider.MsgRefundNotCovered,
				money.Group(total.String()), o.CurrencyCode)}
		}
		if err != nil {
			return err
		}
		var key any
		if req.IdempotencyKey != "" {
			key = req.IdempotencyKey
		}
		if _, err := tx.ExecContext(ctx, qOrderRefundInsert,
			uuid.NewString(), o.UUID, orgID, amt.String(), fee.String(), o.CurrencyCode, provider.RefundProcessing, key,
			refundHash(o.UUID, amt), txID, formatTime(now)); err != nil {
			return fmt.Errorf("reference: refund: %w", err)
		}
		if err := setOrderStatus(ctx, tx, o.UUID, provider.OrderProcessingRefund, nil, now); err != nil {
			return err
		}
		if err := s.audits.audit(ctx, tx, provider.AuditEvent{OrgID: orgID, Kind: provider.AuditRefund, RecordKind: "collection order",
			RecordID: o.UUID, Changes: []provider.AuditChange{{Field: "refund", After: amt.String() + " " + o.CurrencyCode},
				{Field: "fee", After: fee.String() + " " + o.CurrencyCode}, {Field: "status", Before: o.Status, After: provider.OrderProcessingRefund}}}); err != nil {
			return err
		}
		out, err = loadOrder(ctx, tx, orgID, id)
		return err
	})
	return out, err
}

// collectionPosting is one customer-side line of a collection movement; role names the
// provider's account that takes the other side (EXT the outside world, FEE fee income).
type collectionPosting struct {
	entryType, role string
	amount          money.Amount
}

// bookCollection books the lines on the order's account in one balanced ledger transaction
// and returns its id; an overdraft is the booker's *FieldError.
func (s *CollectionService) bookCollection(ctx context.Context, tx *sql.Tx, orgID string, o provider.CollectionOrder, at time.Time, lines []collectionPosting) (string, error) {
	b, err := s.ledger.booker(ctx, tx)
	if err != nil {
		return "", err
	}
	defer b.close()
	a, err := b.account(o.VirtualAccountNumber)
	if err != nil {
		return "", err
	}
	if a == nil || a.kind != "customer" || a.currency != o.CurrencyCode {
		return "", fmt.Errorf("reference: order %s: account %s cannot take it", o.UUID, o.VirtualAccountNumber)
	}
	var ps []posting
	for _, l := range lines {
		if l.amount.IsZero() {
			continue
		}
		sys, err := b.system(l.role, o.CurrencyCode, at)
		if err != nil {
			return "", err
		}
		ps = append(ps, posting{account: o.VirtualAccountNumber, entryType: l.entryType, amount: l.amount, reference: o.UniqueReference, orderID: o.UniqueReference},
			posting{account: sys, entryType: l.entryType, amount: l.amount.Neg(), reference: o.UniqueReference, orderID: o.UniqueReference})
	}
	id := uuid.NewString()
	if _, err := b.book(txMeta{id: id, kind: lines[0].entryType, org: orgID, at: at}, ps, false); err != nil {
		return "", err
	}
	if err := b.flush(); err != nil {
		return "", err
	}
	return id, nil
}

// CollectionTestCase implements provider.Collections.
func (s *CollectionService) CollectionTestCase(ctx context.Context, orgID, orderID string, req provider.CollectionTestCaseRequest) (provider.CollectionOrder, error) {
	var out provider.CollectionOrder
	if req.TestCase != provider.CollectionTestCaseCompletePayment {
		return out, provider.Errorf(provider.EINVALID, "Unknown test case.")
	}
	err := s.inTx(ctx, "collection test case", func(tx *sql.Tx) error {
		o, err := loadOrder(ctx, tx, orgID, orderID)
		if err != nil {
			return err
		}
		p, err := loadPayment(ctx, tx, orgID, req.PaymentUUID)
		if err != nil || p.Order.UUID != o.UUID {
			return provider.Errorf(provider.ENOTFOUND, "Payment not found.")
		}
		if !provider.PaymentCompletable(o, p) {
			label, _ := provider.PaymentStatusLabel(p.Status)
			return provider.Errorf(provider.ECONFLICT, "The payment cannot be completed: it is %s and the order is %s.",
				label, provider.CollectionStatusName(o.Status))
		}
		if err := s.completePayment(ctx, tx, orgID, o, p.UUID, s.now()); err != nil {
			return err
		}
		out, err = loadOrder(ctx, tx, orgID, orderID)
		return err
	})
	return out, err
}

// completePayment completes a payment of o: the order's account is credited with the amount
// less the collection fee in one ledger transaction, the payment and the order complete.
func (s *CollectionService) completePayment(ctx context.Context, tx *sql.Tx, orgID string, o provider.CollectionOrder, paymentID string, at time.Time) error {
	amt, err := money.ParseCurrency(o.Amount, o.CurrencyCode)
	if err != nil {
		return fmt.Errorf("reference: order %s amount: %w", o.UUID, err)
	}
	txID, err := s.bookCollection(ctx, tx, orgID, o, at, []collectionPosting{
		{provider.EntryCollection, "EXT", amt}, {provider.EntryCollectionFee, "FEE", collectionFee(amt).Neg()}})
	if err != nil {
		return err
	}
	res, err := tx.ExecContext(ctx, qOrderPaymentCredited, txID, paymentID)
	if err != nil {
		return fmt.Errorf("reference: complete payment: %w", err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return fmt.Errorf("reference: payment %s was already credited", paymentID)
	}
	if err := setPaymentStatus(ctx, tx, paymentID, provider.PaymentCompleted, at); err != nil {
		return err
	}
	return setOrderStatus(ctx, tx, o.UUID, provider.OrderCompleted, []string{}, at)
}

// openRefund is the order's refund that the bank has not answered yet.
func openRefund(ctx context.Context, tx *sql.Tx, orderID string) (id, amount, status string, err error) {
	err = tx.QueryRowContext(ctx, qOrderRefundOpen, orderID).Scan(&id, &amount, &status)
	if errors.Is(err, sql.ErrNoRows) {
		return "", "", "", provider.Errorf(provider.ECONFLICT, "The order has no refund in progress.")
	}
	return id, amount, status, err
}

// SettleCollectionRefund is the payer's bank accepting the order's refund in progress: the
// order becomes refunded (the whole amount) or partially_refunded. The money left with the
// refund; nothing more moves.
func (s *CollectionService) SettleCollectionRefund(ctx context.Context, orgID, orderID string) error {
	return s.inTx(ctx, "settle refund", func(tx *sql.Tx) error {
		o, err := lockedOrder(ctx, tx, orgID, orderID)
		if err != nil {
			return err
		}
		return settleRefund(ctx, tx, o, s.now())
	})
}

func settleRefund(ctx context.Context, tx *sql.Tx, o provider.CollectionOrder, at time.Time) error {
	id, amount, _, err := openRefund(ctx, tx, o.UUID)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, qOrderRefundCompleted, id); err != nil {
		return fmt.Errorf("reference: settle refund: %w", err)
	}
	status := provider.OrderPartiallyRefunded
	if amount == o.Amount {
		status = provider.OrderRefunded
		for _, p := range o.Payments {
			if p.Status == provider.PaymentCompleted {
				if err := setPaymentStatus(ctx, tx, p.UUID, provider.PaymentRefunded, at); err != nil {
					return err
				}
			}
		}
	}
	return setOrderStatus(ctx, tx, o.UUID, status, []string{}, at)
}

// ReturnCollectionRefund is the payer's bank returning the order's refund in progress (the
// account is closed): the amount comes back to the order's account (refund_returned) in one
// ledger transaction, the fee stays charged, and the order is refund_returned.
func (s *CollectionService) ReturnCollectionRefund(ctx context.Context, orgID, orderID string) error {
	return s.inTx(ctx, "return refund", func(tx *sql.Tx) error {
		o, err := lockedOrder(ctx, tx, orgID, orderID)
		if err != nil {
			return err
		}
		id, amount, _, err := openRefund(ctx, tx, o.UUID)
		if err != nil {
			return err
		}
		amt, err := money.ParseCurrency(amount, o.CurrencyCode)
		if err != nil {
			return err
		}
		now := s.now()
		txID, err := s.bookCollection(ctx, tx, orgID, o, now, []collectionPosting{{provider.EntryRefundReturned, "EXT", amt}})
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, qOrderRefundReturned,
			txID, id); err != nil {
			return fmt.Errorf("reference: return refund: %w", err)
		}
		return setOrderStatus(ctx, tx, o.UUID, provider.OrderRefundReturned, []string{provider.CollectionReasonRefundReturned}, now)
	})
}
