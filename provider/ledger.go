package provider

import (
	"context"
	"slices"
	"strings"
	"time"
)

// Ledger is what the portal needs from the payments provider to show an account's movements
// and balances, quote exchange rates and move money between an organisation's own accounts.
// It is separate from Provider (like Auth) so the two can grow apart; the reference provider
// implements all three.
//
// Amounts are exact decimal strings with the currency's decimals (package money); never
// floats. Reads (Movements, AccountSummary) are allowed on accounts the organisation owns or
// that are shared with it; Transfer only between accounts it owns. An account the
// organisation may not see is ENOTFOUND, the same as an unknown one. The caller establishes
// the user's right to act for orgID (Membership and permissions) first.
type Ledger interface {
	// Movements lists an account's ledger entries newest first (spec sort -date), one page at
	// a time with opaque keyset cursors: the cost of a page does not grow with its depth.
	// EINVALID for a bad cursor, entry type or limit.
	Movements(ctx context.Context, orgID, accountNumber string, f MovementFilter) (MovementPage, error)
	// AccountSummary returns the balance at `after` (opening), at `before` (closing) and now.
	// A zero after means the beginning, a zero before means now. Half-open: entries at
	// exactly `before` count for the next period.
	AccountSummary(ctx context.Context, orgID, accountNumber string, after, before time.Time) (AccountSummary, error)
	// ExchangeRate quotes buy-currency units per pay-currency unit with the organisation's
	// markup applied. ENOTFOUND ("FX Rate not supported.") for an unsupported pair.
	ExchangeRate(ctx context.Context, orgID, pay, buy string) (FXRate, error)
	// Transfer moves money between two accounts the organisation owns, as one balanced
	// ledger transaction, converting at the quoted rate (markup included) when the
	// currencies differ. Idempotent per (orgID, IdempotencyKey): the same key with the same
	// body returns the first result (Replayed true) and moves nothing; with another body it
	// is ECONFLICT. EINVALID for a bad amount, the same account twice or insufficient funds
	// (a *FieldError on field "debit_amount"); ENOTFOUND for an account not owned.
	Transfer(ctx context.Context, orgID string, req TransferRequest) (TransferResult, error)
	// Markups lists the organisation's FX markups (spec 000 §3 "Markup"), exact pairs and
	// "ANY" wildcards, ordered by pay then buy currency.
	Markups(ctx context.Context, orgID string) ([]Markup, error)
	// Currencies lists the currencies ExchangeRate quotes, ordered by ISO code.
	Currencies(ctx context.Context, orgID string) ([]Currency, error)
	// SearchMovements finds the entries of every account orgID owns (not those shared with it)
	// whose reference, order id, entry id or transaction end-to-end id equals the query
	// exactly (spec 000 §7 movements/search). Newest first with keyset cursors, as
	// Movements; Total counts every hit. EINVALID for an empty or over-long query, a bad
	// cursor or limit.
	SearchMovements(ctx context.Context, orgID string, f MovementSearch) (MovementSearchPage, error)
	// Movement returns one entry of an account orgID may read. ENOTFOUND for an unknown
	// account or entry, or an entry of another account.
	Movement(ctx context.Context, orgID, accountNumber, entryID string) (Entry, error)
}

// MaxSearchQueryLen bounds SearchMovements' query: references and end-to-end ids are at
// most 140 characters, uuids and entry ids shorter.
const MaxSearchQueryLen = 200

// MovementSearch is a SearchMovements request: Query (already trimmed) and paging as in
// MovementFilter.
type MovementSearch struct {
	Query     string
	Cursor    string
	Direction string
	Limit     int
	// CreatedAfter and CreatedBefore bound the entries' creation (from inclusive, to
	// exclusive; zero: unbounded), the global search's start and end dates.
	CreatedAfter, CreatedBefore time.Time
}

// MovementHit is an entry found by SearchMovements, with the account it belongs to.
type MovementHit struct {
	_             struct{} `description:"A matching entry with its account."`
	AccountNumber string   `json:"account_number" description:"The account the entry belongs to."`
	Entry
}

// MovementSearchPage is one page of SearchMovements, paged like MovementPage.
type MovementSearchPage struct {
	Entries    []MovementHit `json:"entries"`
	CursorNext string        `json:"cursor_next"`
	CursorPrev string        `json:"cursor_prev"`
	HasNext    bool          `json:"has_next_page"`
	Total      int           `json:"total"`
}

// MarkupAny is the wildcard currency of a markup.
const MarkupAny = "ANY"

// Markup is one FX markup of an organisation; either currency may be MarkupAny.
type Markup struct {
	_              struct{} `description:"An FX markup."`
	ID             string   `json:"id"`
	BuyCurrencyISO string   `json:"buy_currency_iso" description:"Currency bought, or ANY."`
	PayCurrencyISO string   `json:"pay_currency_iso" description:"Currency paid, or ANY."`
}

// Currency is spec 000 §3's currency.
type Currency struct {
	_       struct{} `description:"A currency."`
	ISOCode string   `json:"iso_code" example:"EUR"`
	Name    string   `json:"name" example:"Euro"`
}

// Entry types allowed in the ledger: spec 000 §9's sixteen, then the withdrawal family. The
// spec has no withdrawal type; booking withdrawals as payout and payout_cancelled named them
// for what they are not (a withdrawal is no payout request), so a withdrawal, its rejection
// (the money never left) and its return each have their own type (migration 0025 converted
// the entries booked before).
const (
	EntryCollection           = "collection"
	EntryCollectionRefund     = "collection_refund"
	EntryCollectionFee        = "collection_fee"
	EntryCollectionRefundFee  = "collection_refund_fee"
	EntryRefundCanceled       = "refund_canceled"
	EntryRefundReturned       = "refund_returned"
	EntryPayout               = "payout"
	EntryPayoutFee            = "payout_fee"
	EntryPayoutReturned       = "payout_returned"
	EntryPayoutCancelled      = "payout_cancelled"
	EntryIncidentChargesFee   = "incident_charges_fee"
	EntryMonthlyFee           = "monthly_fee"
	EntryMinimumProcessingFee = "minimum_processing_fee"
	EntryInterAccountTransfer = "inter_account_transfer"
	EntryCorrection           = "correction"
	EntryFunding              = "funding"
	EntryWithdrawal           = "withdrawal"
	EntryWithdrawalRejected   = "withdrawal_rejected"
	EntryWithdrawalReturned   = "withdrawal_returned"
)

// EntryTypes lists the allowed entry types: the spec's in its order, then the withdrawal
// family. They are the account page's filter values, the API's entry_type and the types a
// transactions statement holds.
func EntryTypes() []string {
	return []string{
		EntryCollection, EntryCollectionRefund, EntryCollectionFee, EntryCollectionRefundFee,
		EntryRefundCanceled, EntryRefundReturned, EntryPayout, EntryPayoutFee, EntryPayoutReturned,
		EntryPayoutCancelled, EntryIncidentChargesFee, EntryMonthlyFee, EntryMinimumProcessingFee,
		EntryInterAccountTransfer, EntryCorrection, EntryFunding,
		EntryWithdrawal, EntryWithdrawalRejected, EntryWithdrawalReturned,
	}
}

// EntryTypeLabel is how an entry type is shown: its underscores as spaces (spec 000 §2), so
// each type has its own label.
func EntryTypeLabel(t string) string { return strings.ReplaceAll(t, "_", " ") }

// ValidEntryType reports whether t is one of EntryTypes.
func ValidEntryType(t string) bool { return slices.Contains(EntryTypes(), t) }

// Cursor directions.
const (
	// DirectionNext pages toward older entries (cursor_after in the spec's query).
	DirectionNext = "next"
	// DirectionPrev pages toward newer entries (cursor_before).
	DirectionPrev = "prev"
)

// Page sizes of Movements.
const (
	DefaultMovementLimit = 50
	MaxMovementLimit     = 200
)

// MovementFilter selects and pages entries. Zero values mean "no filter"; Limit 0 means
// DefaultMovementLimit. Cursor is a CursorNext or CursorPrev of an earlier page with the same
// filters; Direction says which (empty means DirectionNext). CreatedAfter is inclusive,
// CreatedBefore exclusive.
type MovementFilter struct {
	EntryType     string
	CreatedAfter  time.Time
	CreatedBefore time.Time
	Cursor        string
	Direction     string
	Limit         int
}

// Entry is one ledger line of an account (spec 000 §3 "Transaction entry"). Amount is signed:
// negative for money leaving the account. RunningBalance is the account's balance right after
// this entry.
type Entry struct {
	_              struct{}  `description:"One ledger entry of the account (spec: transaction entry)."`
	ID             string    `json:"id" description:"Entry id."`
	Date           time.Time `json:"date" description:"When it was booked (UTC)."`
	Reference      string    `json:"reference" description:"Reference, e.g. the transfer's end-to-end id."`
	OrderID        string    `json:"order_id" description:"The movement this entry belongs to."`
	EntryType      string    `json:"entry_type" description:"Entry type." enum:"@entry_types"`
	Amount         string    `json:"amount" description:"Signed amount, negative when money left the account." example:"-250.00"`
	RunningBalance string    `json:"running_balance" description:"Balance right after this entry."`
	Currency       string    `json:"currency" description:"Currency of the account."`
}

// MovementPage is one page of Movements. CursorNext fetches older entries (empty when there
// are none: HasNext false); CursorPrev fetches newer ones (empty on the newest page). Total
// counts every entry matching the filters, across all pages.
type MovementPage struct {
	Entries    []Entry `json:"entries"`
	CursorNext string  `json:"cursor_next"`
	CursorPrev string  `json:"cursor_prev"`
	HasNext    bool    `json:"has_next_page"`
	Total      int     `json:"total"`
}

// AccountSummary is spec 000 §3's account summary.
type AccountSummary struct {
	_              struct{} `description:"Balances of the account."`
	OpeningBalance string   `json:"opening_balance" description:"Balance at created_after (0 when absent)."`
	ClosingBalance string   `json:"closing_balance" description:"Balance at created_before (now when absent)."`
	CurrentBalance string   `json:"current_balance" description:"Balance now."`
	CurrencyCode   string   `json:"currency_code" example:"EUR"`
}

// FXRate is spec 000 §3's FX rate. ExchangeRate and ReciprocalExchangeRate are decimal
// strings (money.RateDecimals decimals) with the organisation's markup already applied.
type FXRate struct {
	_                      struct{}  `description:"An exchange rate quote with the organisation's markup applied."`
	PayCurrency            string    `json:"pay_currency" description:"Currency paid." example:"EUR"`
	BuyCurrency            string    `json:"buy_currency" description:"Currency bought." example:"GBP"`
	ExchangeRate           string    `json:"exchange_rate" description:"Units of buy_currency per unit of pay_currency (10 decimals)." example:"0.8521948818"`
	ReciprocalExchangeRate string    `json:"reciprocal_exchange_rate" description:"Units of pay_currency per unit of buy_currency."`
	UTCTime                time.Time `json:"utc_time" description:"When the quote was made."`
}

// TransferRequest is spec 000 §3's transfer payload plus the idempotency key every money
// movement carries. Amount is the debit, in the from-account's currency.
type TransferRequest struct {
	From           string `json:"from_account_number"`
	To             string `json:"to_account_number"`
	Amount         string `json:"amount"`
	EndToEndID     string `json:"end_to_end_id"`
	IdempotencyKey string `json:"-"`
}

// TransferResult is a booked transfer. Entries are every ledger line of the transaction,
// including the provider's conversion lines when currencies differ.
type TransferResult struct {
	_              struct{}  `description:"A booked transfer."`
	ID             string    `json:"id" description:"Transfer id."`
	From           string    `json:"from_account_number"`
	To             string    `json:"to_account_number"`
	DebitAmount    string    `json:"debit_amount" description:"Amount debited, in debit_currency."`
	DebitCurrency  string    `json:"debit_currency"`
	CreditAmount   string    `json:"credit_amount" description:"Amount credited after conversion (rounded down), in credit_currency."`
	CreditCurrency string    `json:"credit_currency"`
	Rate           string    `json:"exchange_rate" description:"Rate applied, markup included; 1 for the same currency."`
	EndToEndID     string    `json:"end_to_end_id"`
	CreatedAt      time.Time `json:"created_at"`
	Entries        []Entry   `json:"entries" description:"Every ledger line of the transfer, conversion lines included."`
	// Replayed is true when an earlier call with the same key and body booked this transfer.
	Replayed bool `json:"-"`
}

// FieldError is an *Error that belongs to one form field (spec: transfer errors show on
// debit_amount, credit_account_number or at form level). ErrorCode and ErrorMessage see
// through it.
type FieldError struct {
	Field string
	Err   *Error
}

func (e *FieldError) Error() string { return e.Err.Error() + " field=" + e.Field }
func (e *FieldError) Unwrap() error { return e.Err }

// Transfer error fields.
const (
	FieldDebitAmount         = "debit_amount"
	FieldCreditAccountNumber = "credit_account_number"
)
