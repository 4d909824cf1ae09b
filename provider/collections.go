package provider

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"portal/currency"
	"portal/money"
)

// Collections is what the portal needs from the provider for collection orders and their
// payments (spec 001 §3, §4, §7): list, read and find orders and payments, cancel an order,
// refund it, and run the sandbox's payment test case.
//
// Like Payouts, calls are scoped to orgID and do not know who is asking: the caller checks
// Membership and the permission first. Another organisation's order or payment is ENOTFOUND,
// the same as an unknown one. Amounts are exact decimal strings with the currency's decimals.
type Collections interface {
	// CollectionOrders lists orders newest first (spec sort -date) or, by f.Sort, oldest
	// first, created in [f.CreatedAfter, f.CreatedBefore), keyset paged; Total counts every
	// match. Rows leave Payments, Refunds and StatusHistory empty. EINVALID for a bad
	// status, sort, cursor or limit.
	CollectionOrders(ctx context.Context, orgID string, f CollectionOrderFilter) (CollectionOrderPage, error)
	// CollectionOrder returns one order by uuid, with everything.
	CollectionOrder(ctx context.Context, orgID, uuid string) (CollectionOrder, error)
	// FindCollectionOrders finds the orders whose uuid, merchant reference
	// ({product}_external_reference) or {product}_unique_reference equals query exactly
	// (global search, find_by_uuid_or_{product}_external_reference), newest first; none is an
	// empty list, not an error. A uuid and the provider's own reference match in any case;
	// the merchant's reference is the merchant's, so its case counts.
	FindCollectionOrders(ctx context.Context, orgID, query string) ([]CollectionOrder, error)
	// CollectionPayment returns one payment by uuid, with its order's amount and debtor.
	CollectionPayment(ctx context.Context, orgID, uuid string) (CollectionPayment, error)
	// FindCollectionPayments finds the payments whose uuid or {product}_unique_reference
	// equals query exactly (in any case: both are the provider's), newest first.
	FindCollectionPayments(ctx context.Context, orgID, query string) ([]CollectionPayment, error)
	// CancelCollectionOrder cancels a pending or received order (OrderCancellable); anything
	// else is ECONFLICT with the reason. A cancelled order answers the same again (a
	// repeated request cancels once).
	CancelCollectionOrder(ctx context.Context, orgID, uuid string) (CollectionOrder, error)
	// RefundCollectionOrder refunds a completed order without a refund (OrderRefundable):
	// one ledger transaction debits the amount (collection_refund) and the fee of the
	// currency's refund-fee product (collection_refund_fee) from the order's account, and
	// the order becomes processing_refund. Idempotent per (orgID, req.IdempotencyKey): the
	// same key and body answer the first refund again; the same key with another body is
	// ECONFLICT. EINVALID (*FieldError on "amount") for an amount that is not a positive
	// number of the currency's decimals or exceeds the order's (MsgRefundAboveTotal), or that
	// the account cannot cover with the fee; ECONFLICT for an order that cannot be refunded,
	// and MsgRefundNoFeeProduct when the currency has no refund-fee product.
	RefundCollectionOrder(ctx context.Context, orgID, uuid string, req CollectionRefundRequest) (CollectionOrder, error)
	// CollectionTestCase runs a sandbox test case on a payment of the order
	// (CollectionTestCaseCompletePayment only, from PaymentTestCaseStatuses): the payment
	// completes as a real one would, crediting the order's account (collection, less
	// collection_fee) and completing the order. ECONFLICT when the payment or the order
	// cannot take it, EINVALID for an unknown test case. The caller decides whether the
	// sandbox allows test cases at all.
	CollectionTestCase(ctx context.Context, orgID, orderUUID string, req CollectionTestCaseRequest) (CollectionOrder, error)
}

// Collection order statuses (spec 001 §4).
const (
	OrderPending                 = "pending"
	OrderReceived                = "received"
	OrderProcessing              = "processing"
	OrderAuthorised              = "authorised"
	OrderActionRequired          = "action_required"
	OrderCompleted               = "completed"
	OrderCancelled               = "cancelled"
	OrderProcessingRefund        = "processing_refund"
	OrderRefunded                = "refunded"
	OrderPartiallyRefunded       = "partially_refunded"
	OrderActionRequiredForRefund = "action_required_for_refund"
	OrderRefundReturned          = "refund_returned"
)

// OrderCancellable is spec 001 §4's rule: cancel is offered on pending or received orders.
func OrderCancellable(o CollectionOrder) bool {
	return o.Status == OrderPending || o.Status == OrderReceived
}

// OrderRefundable is spec 001 §4's rule: refund is offered on completed orders without a
// refund.
func OrderRefundable(o CollectionOrder) bool {
	return o.Status == OrderCompleted && len(o.Refunds) == 0
}

// OrderSummaryShown is spec 001 §2's rule for the Summary tab: the order has reason codes and
// its status is cancelled, action_required_for_refund, action_required or refund_returned.
func OrderSummaryShown(o CollectionOrder) bool {
	return len(o.ReasonCodes) > 0 && slices.Contains([]string{OrderCancelled, OrderActionRequiredForRefund, OrderActionRequired,
		OrderRefundReturned}, o.Status)
}

// Payment types (spec 001 §3).
const (
	PaymentBankTransfer        = "bank_transfer"
	PaymentInstantBankTransfer = "instant_bank_transfer"
	PaymentWalletTransfer      = "wallet_transfer"
	PaymentOthers              = "others"
)

// PaymentTypes lists the payment types in the spec's order.
func PaymentTypes() []string {
	return []string{PaymentBankTransfer, PaymentInstantBankTransfer, PaymentWalletTransfer, PaymentOthers}
}

// Payment statuses (spec 001 §4) that the rules below name.
const (
	PaymentCreated             = "created"
	PaymentProcessing          = "processing"
	PaymentUserAuthorised      = "user_authorised"
	PaymentBankAuthorised      = "bank_authorised"
	PaymentBankProcessing      = "bank_processing"
	PaymentCompleted           = "completed"
	PaymentRedirectToBank      = "redirect_to_bank"
	PaymentBankRejected        = "bank_rejected"
	PaymentUserCancelled       = "user_cancelled"
	PaymentInstructionsGiven   = "instructions_provided"
	PaymentSumTooLow           = "sum_too_low"
	PaymentSumTooHigh          = "sum_too_high"
	PaymentRefunded            = "refunded"
	PaymentRedirectToProduct   = "redirect_to_" + ProductName
	PaymentRedirectedToProduct = "redirected_to_" + ProductName
)

// paymentStatuses are every payment status of spec 001 §4 with its label: the spec names
// four (bank_rejected and sum_too_low/high Rejected, instructions_provided Bank Processing,
// refunded Completed); the rest are the status in words.
var paymentStatuses = []struct{ code, label string }{
	{PaymentCreated, "Created"}, {"consent_required", "Consent Required"}, {"kyc_required", "KYC Required"},
	{PaymentProcessing, "Processing"}, {PaymentUserAuthorised, "User Authorised"}, {"consent_given", "Consent Given"},
	{"extra_info_required", "Extra Info Required"}, {"bank_info_collected", "Bank Info Collected"},
	{"external_request_created", "External Request Created"}, {PaymentBankAuthorised, "Bank Authorised"},
	{PaymentBankProcessing, "Bank Processing"}, {PaymentCompleted, "Completed"},
	{"external_transfer_required", "External Transfer Required"}, {PaymentRedirectToBank, "Redirect To Bank"},
	{PaymentRedirectToProduct, "Redirect To " + strings.ToUpper(ProductName[:1]) + ProductName[1:]},
	{PaymentBankRejected, "Rejected"}, {PaymentUserCancelled, "User Cancelled"}, {PaymentInstructionsGiven, "Bank Processing"},
	{PaymentSumTooLow, "Rejected"}, {PaymentSumTooHigh, "Rejected"}, {PaymentRefunded, "Completed"},
	{"extra_bank_info_required", "Extra Bank Info Required"},
	{PaymentRedirectedToProduct, "Redirected To " + strings.ToUpper(ProductName[:1]) + ProductName[1:]},
}

// PaymentStatuses lists every payment status in the spec's order.
func PaymentStatuses() []string {
	out := make([]string, len(paymentStatuses))
	for i, s := range paymentStatuses {
		out[i] = s.code
	}
	return out
}

// PaymentStatusLabel is how a payment status is shown; ok is false for a status the spec does
// not know (the caller logs it and does not show it raw).
func PaymentStatusLabel(status string) (label string, ok bool) {
	for _, s := range paymentStatuses {
		if s.code == status {
			return s.label, true
		}
	}
	return "", false
}

// CollectionTestCaseCompletePayment is the one sandbox test case of payments (spec 001 §4).
const CollectionTestCaseCompletePayment = "complete_payment"

// PaymentTestCaseStatuses are the payment statuses complete_payment runs from (spec 001 §4).
func PaymentTestCaseStatuses() []string {
	return []string{PaymentRedirectedToProduct, PaymentRedirectToBank, PaymentBankProcessing, PaymentBankAuthorised,
		PaymentInstructionsGiven, PaymentSumTooLow, PaymentSumTooHigh, PaymentProcessing, PaymentUserAuthorised}
}

// OrderOpenStatuses are the order statuses in which a payment may still complete: the order
// is waiting for its money.
func OrderOpenStatuses() []string {
	return []string{OrderPending, OrderReceived, OrderProcessing, OrderAuthorised, OrderActionRequired}
}

// PaymentCompletable says whether complete_payment may run on payment p of order o.
func PaymentCompletable(o CollectionOrder, p CollectionPayment) bool {
	return slices.Contains(OrderOpenStatuses(), o.Status) && slices.Contains(PaymentTestCaseStatuses(), p.Status)
}

// Collection reason codes: the id is the code. Their external messages hold
// MerchantPlaceholder, which the provider fills with the organisation's name.
const (
	CollectionReasonCancelledByMerchant = "cancelled_by_merchant"
	CollectionReasonOrderExpired        = "order_expired"
	CollectionReasonPaymentRejected     = "payment_rejected"
	CollectionReasonSumTooLow           = "sum_too_low"
	CollectionReasonSumTooHigh          = "sum_too_high"
	CollectionReasonDebtorInfoMissing   = "debtor_account_missing"
	CollectionReasonRefundReturned      = "refund_account_closed"
	MerchantPlaceholder                 = "{merchant_name}"
)

var collectionReasons = map[string]CollectionReasonCode{
	CollectionReasonCancelledByMerchant: {Symbol: "MD06", Reason: "Cancelled by merchant",
		ExternalMessage: "The order was cancelled by " + MerchantPlaceholder + "."},
	CollectionReasonOrderExpired: {Symbol: "AB05", Reason: "Order expired",
		ExternalMessage: "The payment to " + MerchantPlaceholder + " was not made in time, so the order expired."},
	CollectionReasonPaymentRejected: {Symbol: "AM04", Reason: "Payment rejected by the bank",
		ExternalMessage: "The payer's bank rejected the payment to " + MerchantPlaceholder + "."},
	CollectionReasonSumTooLow: {Symbol: "AM09", Reason: "Amount too low",
		ExternalMessage: "The payer sent less than " + MerchantPlaceholder + " asked for. The payer should contact " + MerchantPlaceholder + "."},
	CollectionReasonSumTooHigh: {Symbol: "AM09", Reason: "Amount too high",
		ExternalMessage: "The payer sent more than " + MerchantPlaceholder + " asked for. The payer should contact " + MerchantPlaceholder + "."},
	CollectionReasonDebtorInfoMissing: {Symbol: "MS03", Reason: "Payer's account details missing",
		ExternalMessage: MerchantPlaceholder + " cannot refund this order until the payer's bank account details are known."},
	CollectionReasonRefundReturned: {Symbol: "AC04", Reason: "Payer's account closed",
		ExternalMessage: "The payer's bank returned the refund from " + MerchantPlaceholder + ": the account is closed."},
}

// CollectionReason is the reason code with id code, its message filled with merchant; ok is
// false for an unknown code.
func CollectionReason(code, merchant string) (CollectionReasonCode, bool) {
	rc, ok := collectionReasons[code]
	if !ok {
		return CollectionReasonCode{}, false
	}
	rc.ID = code
	rc.ExternalMessage = strings.ReplaceAll(rc.ExternalMessage, MerchantPlaceholder, merchant)
	return rc, true
}

// Texts of the spec's error catalogue (001 §8) for orders, and the provider's.
const (
	MsgOrderCancelled       = "Successfully cancelled order %s"
	MsgOrderCancelFailed    = "Error while cancelling the order - %s"
	MsgOrderRefunded        = "Order successfully refunded"
	MsgRefundMissingConfig  = "Missing configuration"
	MsgRefundContactSupport = "Please contact support"
	MsgRefundNoFeeProduct   = "There is no Refund Fee Contracted Product created to support this refund"
	MsgRefundAboveTotal     = "Amount cannot exceed the total (%s %s)"
	MsgRefundNotNumber      = "Amount must be a number"
	MsgRefundNotPositive    = "Amount must be positive"
	MsgRefundRequired       = "Amount is required"
	MsgRefundNotCovered     = "The account's balance does not cover the refund and its fee (%s %s)."
	MsgOrderNotCancellable  = "Only pending or received orders can be cancelled; this one is %s."
	MsgOrderNotRefundable   = "Only completed orders without a refund can be refunded."
	MsgPaymentDetailsFailed = "Failed to show Payment Details"
	MsgCollectionTestDone   = "Test case executed"
)

// Page sizes of CollectionOrders.
const (
	DefaultCollectionLimit = 50
	MaxCollectionLimit     = 200
)

// CollectionOrderFilter selects orders (spec 001 §7): creation range, status, account, sort and
// a keyset cursor.
type CollectionOrderFilter struct {
	CreatedAfter, CreatedBefore time.Time
	Status                      string
	VirtualAccountNumber        string
	Sort                        string // SortNewest (default) or SortOldest
	Cursor                      string
	Direction                   string // DirectionNext (default) or DirectionPrev
	Limit                       int
}

// CollectionOrderPage is one page of orders with the total of every match.
type CollectionOrderPage struct {
	Orders     []CollectionOrder
	Total      int
	CursorNext string
	CursorPrev string
	HasNext    bool
}

// CollectionDebtor is the payer of an order.
type CollectionDebtor struct {
	_                  struct{} `description:"The payer."`
	FullName           string   `json:"full_name" example:"Maria Jensen"`
	DateOfBirth        string   `json:"date_of_birth" description:"YYYY-MM-DD." example:"1984-03-12"`
	Email              string   `json:"email" example:"maria.jensen@example.com"`
	CountryOfResidence string   `json:"country_of_residence" description:"ISO 3166 alpha-2." example:"DK"`
}

// CollectionRefund is a refund of an order.
type CollectionRefund struct {
	_           struct{}  `description:"A refund of the order."`
	UUID        string    `json:"uuid" format:"uuid"`
	Amount      string    `json:"amount" example:"120.00"`
	Fee         string    `json:"fee" description:"The refund fee debited with it." example:"0.50"`
	CurrencyISO string    `json:"currency_iso" example:"EUR"`
	Status      string    `json:"status" enum:"processing,completed,action_required,returned"`
	CreatedAt   time.Time `json:"created_at"`
}

// Refund statuses.
const (
	RefundProcessing     = "processing"
	RefundCompleted      = "completed"
	RefundActionRequired = "action_required"
	RefundReturned       = "returned"
)

// CollectionStatusChange is one line of a status history.
type CollectionStatusChange struct {
	_         struct{}  `description:"A status and when it was reached."`
	Status    string    `json:"status"`
	CreatedAt time.Time `json:"created_at"`
}

// CollectionReasonCode explains an order's status.
type CollectionReasonCode struct {
	_               struct{} `description:"A reason code; external_message names the merchant."`
	ID              string   `json:"id" example:"cancelled_by_merchant"`
	Symbol          string   `json:"symbol" example:"MD06"`
	Reason          string   `json:"reason" example:"Cancelled by merchant"`
	ExternalMessage string   `json:"external_message"`
}

// CollectionPaymentRef is a payment as its order lists it.
type CollectionPaymentRef struct {
	_      struct{} `description:"A payment of the order."`
	UUID   string   `json:"uuid" format:"uuid"`
	Status string   `json:"status"`
}

// CollectionOrder is a collection order (spec 001 §3).
type CollectionOrder struct {
	_                    struct{}                 `name:"CollectionOrder" description:"A collection order: money the organisation asked a payer for."`
	UUID                 string                   `json:"uuid" format:"uuid"`
	Reference            string                   `json:"reference" description:"The merchant's own reference (vela_external_reference)." example:"INV-2026-0042"`
	UniqueReference      string                   `json:"vela_unique_reference" description:"The provider's reference." example:"COL-0001-00012"`
	BusinessUnit         string                   `json:"business_unit" description:"Business unit name, or empty."`
	Status               string                   `json:"status" enum:"pending,received,processing,authorised,action_required,completed,cancelled,processing_refund,refunded,partially_refunded,action_required_for_refund,refund_returned"`
	Amount               string                   `json:"amount" example:"250.00"`
	CurrencyCode         string                   `json:"currency_code" example:"EUR"`
	CreatedAt            time.Time                `json:"created_at"`
	VirtualAccountNumber string                   `json:"virtual_account_number" example:"4520011000000011"`
	Debtor               CollectionDebtor         `json:"debtor"`
	Refunds              []CollectionRefund       `json:"refunds"`
	Payments             []CollectionPaymentRef   `json:"payments"`
	StatusHistory        []CollectionStatusChange `json:"status_history"`
	ReasonCodes          []CollectionReasonCode   `json:"reason_codes"`
}

// CollectionPaymentOrder is what a payment shows of its order.
type CollectionPaymentOrder struct {
	_         struct{}         `description:"The payment's order."`
	UUID      string           `json:"uuid" format:"uuid"`
	Reference string           `json:"reference"`
	Amount    string           `json:"amount"`
	Currency  string           `json:"currency"`
	Debtor    CollectionDebtor `json:"debtor"`
}

// CollectionPaymentDetails are the payer's bank details.
type CollectionPaymentDetails struct {
	_              struct{} `description:"The payer's bank."`
	DebtorCountry  string   `json:"debtor_country" example:"DK"`
	DebtorBankName string   `json:"debtor_bank_name" example:"Danske Bank"`
}

// CollectionPayment is a payment towards an order (spec 001 §3).
type CollectionPayment struct {
	_               struct{}                 `name:"CollectionPayment" description:"A payment towards a collection order."`
	UUID            string                   `json:"uuid" format:"uuid"`
	UniqueReference string                   `json:"vela_unique_reference" example:"CP4K2M9Q7X1ZT8W"`
	Type            string                   `json:"type" enum:"bank_transfer,instant_bank_transfer,wallet_transfer,others"`
	Status          string                   `json:"status"`
	CreatedAt       time.Time                `json:"created_at"`
	Order           CollectionPaymentOrder   `json:"order"`
	Details         CollectionPaymentDetails `json:"details"`
	StatusHistory   []CollectionStatusChange `json:"status_history"`
}

// CollectionRefundRequest asks for a refund of Amount (the order's whole amount for a full
// refund). IdempotencyKey ("" for none) makes a retried request one refund.
type CollectionRefundRequest struct {
	Amount         string
	IdempotencyKey string
}

// CollectionTestCaseRequest is the sandbox test case call's body (spec 001 §7).
type CollectionTestCaseRequest struct {
	_           struct{} `description:"Sandbox test case on a payment of the order."`
	PaymentUUID string   `json:"payment_uuid" required:"true" format:"uuid"`
	TestCase    string   `json:"test_case" required:"true" enum:"complete_payment"`
}

// RefundAmount reads a refund amount as typed (spec 001 §5 "Refund"): digits, optionally
// grouped by commas ("1,000.00", the field's placeholder), at most the currency's decimals,
// above zero and not above the order's amount. The message is "" when it is good; the same
// cases run in Go and in the refund dialog (testdata/collections/refund-amount.json).
func RefundAmount(typed string, o CollectionOrder) (money.Amount, string) {
	dec := currency.Decimals(o.CurrencyCode)
	total, err := money.Parse(o.Amount, dec)
	if err != nil {
		return money.Amount{}, MsgRefundNotNumber
	}
	s := strings.TrimSpace(typed)
	if strings.HasPrefix(s, "-") {
		if _, err := money.ParseInput(s[1:], dec); err == nil {
			return money.Amount{}, MsgRefundNotPositive
		}
	}
	a, err := money.ParseInput(s, dec)
	var ie *money.InputError
	if errors.As(err, &ie) {
		switch ie.Msg {
		case money.MsgAmountRequired:
			return money.Amount{}, MsgRefundRequired
		case money.MsgAmountPositive:
			return money.Amount{}, MsgRefundNotPositive
		case money.MsgAmountFormat:
			return money.Amount{}, MsgRefundNotNumber
		case money.MsgAmountTooBig:
			return money.Amount{}, RefundAboveTotal(o)
		}
		return money.Amount{}, ie.Msg // too many decimals, in money's words
	}
	if err != nil {
		return money.Amount{}, MsgRefundNotNumber
	}
	if a.Cmp(total) > 0 {
		return money.Amount{}, RefundAboveTotal(o)
	}
	return a, ""
}

// RefundAboveTotal is spec 001 §5's message for o, the total grouped as amounts are shown.
func RefundAboveTotal(o CollectionOrder) string {
	total := o.Amount
	if a, err := money.Parse(o.Amount, currency.Decimals(o.CurrencyCode)); err == nil {
		total = a.String()
	}
	return fmt.Sprintf(MsgRefundAboveTotal, money.Group(total), o.CurrencyCode)
}
