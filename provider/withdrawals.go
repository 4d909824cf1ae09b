package provider

import (
	"cmp"
	"context"
	"slices"
	"time"
)

// Withdrawals is what the portal needs from the provider to move an organisation's money out
// of its virtual accounts to its own registered bank or crypto accounts (spec 001 §2
// "Withdrawals", §3 "Withdrawal request", "Withdrawal account", §4, §7).
//
// Like Ledger, calls are scoped to orgID and do not know who is asking: the caller checks
// Membership and the permission first. Another organisation's withdrawal, review or account
// is ENOTFOUND, the same as an unknown one.
//
// A withdrawal is authorised in two steps (transaction authorisation): ReviewWithdrawal
// checks a request, quotes the conversion and stores what the user is shown; the user then
// confirms that review, and CreateWithdrawal books exactly what it holds. A confirm whose
// amount, currency or accounts differ from the review is refused, so what was confirmed is
// what moves.
type Withdrawals interface {
	// WithdrawalAccounts lists the organisation's withdrawal accounts by label.
	WithdrawalAccounts(ctx context.Context, orgID string) ([]WithdrawalAccount, error)
	// WithdrawalAuthorizations lists the links between the organisation's virtual accounts
	// and its withdrawal accounts; status "" lists all, else only that status
	// (AuthorizationActive, AuthorizationInactive). EINVALID for another status.
	WithdrawalAuthorizations(ctx context.Context, orgID, status string) ([]WithdrawalAuthorization, error)
	// Withdrawals lists withdrawal requests newest first (spec 001 §9: -created_at) or
	// oldest first, keyset paged; Total counts every match. EINVALID for a bad filter,
	// sort, cursor or limit.
	Withdrawals(ctx context.Context, orgID string, f WithdrawalFilter) (WithdrawalPage, error)
	// Withdrawal returns one withdrawal request by its id or its reference.
	Withdrawal(ctx context.Context, orgID, idOrReference string) (WithdrawalRequest, error)
	// FindWithdrawals finds the withdrawals whose reference, id or end-to-end id equals query
	// exactly (the global search's Withdrawals group), newest first; none is an empty list.
	// The reference and id match in any case; the end-to-end id is the customer's, so its
	// case counts.
	FindWithdrawals(ctx context.Context, orgID, query string) ([]WithdrawalRequest, error)
	// ReviewWithdrawal checks req as CreateWithdrawal would (except the idempotency key and
	// the balance, which may change before the confirm) and stores the review for
	// WithdrawalReviewTTL. A pair without an exchange rate is still reviewed, with
	// RateAvailable false: the review says so and cannot be confirmed. Refusals are
	// *FieldError (EINVALID) on the Field… names, with the provider's messages.
	ReviewWithdrawal(ctx context.Context, orgID string, req WithdrawalCreate) (WithdrawalReview, error)
	// WithdrawalReview returns a stored review, with the withdrawal it became, if any.
	WithdrawalReview(ctx context.Context, orgID, id string) (WithdrawalReview, error)
	// CreateWithdrawal books a withdrawal in status received: one ledger transaction debits
	// the virtual account by the amount (and converts it when the withdrawal account's
	// currency differs). With ReviewID it books the review, at its rate; the request must
	// match the review (else ECONFLICT MsgWithdrawalChanged) and the review must not have
	// expired (ECONFLICT MsgWithdrawalReviewExpired). Idempotent per (orgID, key), the key
	// being the ReviewID or else IdempotencyKey (one of them is required): the same key with
	// the same request returns the first withdrawal with Replayed true and moves nothing;
	// with another request it is ECONFLICT. An end-to-end id already used by another
	// withdrawal is a *FieldError on FieldWithdrawalEndToEndID (MsgWithdrawalE2EUsed).
	CreateWithdrawal(ctx context.Context, orgID string, req WithdrawalCreate) (WithdrawalRequest, error)
}

// WithdrawalReviewTTL is how long a review can be confirmed.
const WithdrawalReviewTTL = 15 * time.Minute

// Withdrawal statuses (spec 001 §4).
const (
	WithdrawalReceived   = "received"
	WithdrawalProcessing = "processing"
	WithdrawalCompleted  = "completed"
	WithdrawalRejected   = "rejected"
	WithdrawalReturned   = "returned"
)

// WithdrawalStatuses lists the statuses in lifecycle order.
func WithdrawalStatuses() []string {
	return []string{WithdrawalReceived, WithdrawalProcessing, WithdrawalCompleted, WithdrawalRejected, WithdrawalReturned}
}

// ValidWithdrawalStatus reports whether s is one of WithdrawalStatuses.
func ValidWithdrawalStatus(s string) bool { return slices.Contains(WithdrawalStatuses(), s) }

// Withdrawal account kinds.
const (
	WithdrawalAccountBank   = "bank"
	WithdrawalAccountCrypto = "crypto"
)

// Authorization statuses: only an active link lets its virtual account withdraw to the
// withdrawal account.
const (
	AuthorizationActive   = "active"
	AuthorizationInactive = "inactive"
)

// WithdrawalDefaultCurrency is the currency of a withdrawal account that names none (spec
// 001 §9).
const WithdrawalDefaultCurrency = "EUR"

// The provider's own words for a refused withdrawal (the spec quotes the first two as the
// server's, 001 §8; the portal shows its own texts for them).
const (
	MsgWithdrawalE2EUsed        = "end_to_end_id must be uniq" // sic: the server's spelling
	MsgWithdrawalOverLimit      = "amount exceeds withdrawal request limit"
	MsgWithdrawalNoRate         = "Exchange rate is not available"
	MsgWithdrawalChanged        = "The withdrawal no longer matches what was reviewed."
	MsgWithdrawalReviewExpired  = "The review has expired."
	MsgWithdrawalKeyReused      = "This idempotency key was already used for a different withdrawal."
	MsgWithdrawalRejected       = "Sorry, we could not process this withdrawal request."
	MsgWithdrawalReasonUnknown  = "Unknown"
	MsgWithdrawalsUnavailable   = "Withdrawal options are currently unavailable for your organisation's account setup."
	MsgWithdrawalProcessingNote = "will be sent for processing after review"
)

// Field names of withdrawal refusals: the create call's body names.
const (
	FieldWithdrawalDebtor     = "debtor_account"
	FieldWithdrawalCreditor   = "creditor_account"
	FieldWithdrawalAmount     = "amount"
	FieldWithdrawalCurrency   = "currency_code"
	FieldWithdrawalEndToEndID = "end_to_end_id"
)

// Page sizes of Withdrawals.
const (
	DefaultWithdrawalLimit = 25
	MaxWithdrawalLimit     = 200
)

// Sorts of Withdrawals (spec 001 §9: -created_at by default).
const (
	WithdrawalSortNewest = "-created_at"
	WithdrawalSortOldest = "created_at"
)

// FieldErrors lists every *FieldError in err's chain (a refusal names each field it refuses),
// in order; none for another error.
func FieldErrors(err error) []*FieldError {
	var out []*FieldError
	var walk func(error)
	walk = func(e error) {
		switch x := e.(type) {
		case nil:
		case *FieldError:
			out = append(out, x)
		case interface{ Unwrap() []error }:
			for _, c := range x.Unwrap() {
				walk(c)
			}
		case interface{ Unwrap() error }:
			walk(x.Unwrap())
		}
	}
	walk(err)
	return out
}

// MaxWithdrawalEndToEndID is the longest end-to-end id (ISO 20022 EndToEndId).
const MaxWithdrawalEndToEndID = 35

// WithdrawalAccount is a registered account money can be withdrawn to (spec 001 §3).
type WithdrawalAccount struct {
	_                    struct{}            `description:"A bank or crypto account the organisation can withdraw to."`
	UUID                 string              `json:"uuid" description:"The account's uuid: creditor_account.id of a withdrawal." format:"uuid"`
	ID                   int                 `json:"id" description:"Short numeric id."`
	Kind                 string              `json:"kind" description:"bank or crypto." enum:"bank,crypto"`
	Currency             string              `json:"currency" description:"Currency the account receives; empty means EUR." example:"EUR"`
	IBAN                 string              `json:"iban" description:"IBAN of a bank account, else empty."`
	AccountNumber        string              `json:"account_number" description:"Account number, or the wallet address of a crypto account."`
	BankName             string              `json:"bank_name" description:"Bank name, or the network of a crypto account."`
	BankClearingSystemID string              `json:"bank_clearing_system_id" description:"Bank clearing code (sort code, routing number), if any."`
	Label                string              `json:"label" description:"The organisation's name for the account."`
	LocalInstrument      string              `json:"local_instrument" description:"Transfer type, e.g. SEPA."`
	PartyIdentification  PartyIdentification `json:"party_identification" description:"The account holder."`
}

// PartyIdentification is the holder of a withdrawal account.
type PartyIdentification struct {
	_    struct{} `description:"An account holder."`
	Name string   `json:"name" description:"Holder's name."`
}

// EffectiveCurrency is the currency the account receives: its own, or EUR.
func (a WithdrawalAccount) EffectiveCurrency() string {
	if a.Currency == "" {
		return WithdrawalDefaultCurrency
	}
	return a.Currency
}

// Number is the account's number as people read it: the IBAN, else the account number.
func (a WithdrawalAccount) Number() string {
	return cmp.Or(a.IBAN, a.AccountNumber)
}

// WithdrawalAuthorization links a virtual account to a withdrawal account.
type WithdrawalAuthorization struct {
	_                     struct{} `description:"A virtual account allowed (while active) to withdraw to a withdrawal account."`
	ID                    string   `json:"id" description:"Link id."`
	VirtualAccountNumber  string   `json:"virtual_bank_account_number" description:"The virtual account."`
	WithdrawalAccountUUID string   `json:"withdrawal_account_uuid" description:"The withdrawal account." format:"uuid"`
	Status                string   `json:"status" description:"Only an active link allows withdrawals." enum:"active,inactive"`
}

// WithdrawalFilter selects and pages withdrawals; zero values mean no filter. CreatedAfter is
// inclusive, CreatedBefore exclusive. Sort is WithdrawalSortNewest ("" too) or
// WithdrawalSortOldest.
type WithdrawalFilter struct {
	DebtorAccountNumber string
	Status              string
	Reference           string
	CreatedAfter        time.Time
	CreatedBefore       time.Time
	Sort                string
	Cursor              string
	Direction           string
	Limit               int
}

// WithdrawalPage is one page of Withdrawals, paged like MovementPage.
type WithdrawalPage struct {
	Withdrawals []WithdrawalRequest
	CursorNext  string
	CursorPrev  string
	HasNext     bool
	Total       int
}

// WithdrawalReason is the reason code of a rejection or return.
type WithdrawalReason struct {
	_               struct{} `name:"WithdrawalReasonCode" description:"Why a withdrawal was rejected or returned."`
	ID              string   `json:"id" description:"Reason code."`
	ExternalMessage string   `json:"external_message" description:"The text to show the customer."`
}

// WithdrawalTransition is one recorded status change.
type WithdrawalTransition struct {
	_          struct{}          `name:"WithdrawalStatusTransition" description:"A status the withdrawal entered."`
	Status     string            `json:"status" enum:"received,processing,completed,rejected,returned"`
	CreatedAt  time.Time         `json:"created_at"`
	ReasonCode *WithdrawalReason `json:"reason_code,omitempty" description:"For rejected and returned, when known; absent otherwise."`
}

// WithdrawalCreditor is the creditor_account of a withdrawal: the withdrawal account as it
// was when the withdrawal was made.
type WithdrawalCreditor struct {
	_                    struct{}            `name:"WithdrawalCreditorAccount" description:"Where the money goes, as it was when the withdrawal was made."`
	ID                   string              `json:"id" description:"The withdrawal account's uuid." format:"uuid"`
	Label                string              `json:"label"`
	BankName             string              `json:"bank_name"`
	BankClearingSystemID string              `json:"bank_clearing_system_id"`
	IBAN                 string              `json:"iban"`
	AccountNumber        string              `json:"account_number"`
	LocalInstrument      string              `json:"local_instrument"`
	Currency             string              `json:"currency" description:"Currency the account receives (EUR when it names none)."`
	PartyIdentification  PartyIdentification `json:"party_identification"`
}

// CreditorOf is the creditor_account snapshot of a withdrawal account.
func CreditorOf(a WithdrawalAccount) WithdrawalCreditor {
	return WithdrawalCreditor{ID: a.UUID, Label: a.Label, BankName: a.BankName, BankClearingSystemID: a.BankClearingSystemID,
		IBAN: a.IBAN, AccountNumber: a.AccountNumber, LocalInstrument: a.LocalInstrument, Currency: a.EffectiveCurrency(),
		PartyIdentification: a.PartyIdentification}
}

// Number is the creditor's number as people read it: the IBAN, else the account number.
func (c WithdrawalCreditor) Number() string {
	return cmp.Or(c.IBAN, c.AccountNumber)
}

// WithdrawalRequest is spec 001 §3's withdrawal request. Amount is debited from the virtual
// account in CurrencyCode; ConvertedAmount is what the withdrawal account receives, in its
// currency, at ExchangeRate (1 for the same currency).
type WithdrawalRequest struct {
	_                   struct{}               `description:"A withdrawal from a virtual account to a withdrawal account."`
	ID                  string                 `json:"id" format:"uuid"`
	Reference           string                 `json:"reference" description:"The provider's reference." example:"WD3F9A0C21B7D4E8"`
	ExternalReference   string                 `json:"external_reference" description:"The customer's end-to-end id."`
	DebtorAccountNumber string                 `json:"debtor_account_number" description:"The virtual account debited."`
	Amount              string                 `json:"amount" description:"Debited, exact decimal with the currency's decimals." example:"1500.00"`
	CurrencyCode        string                 `json:"currency_code" example:"EUR"`
	ConvertedAmount     string                 `json:"converted_amount" description:"What the withdrawal account receives, in converted_currency."`
	ConvertedCurrency   string                 `json:"converted_currency" example:"EUR"`
	ExchangeRate        string                 `json:"exchange_rate" description:"converted_currency units per currency_code unit, markup included; 1 for the same currency."`
	Status              string                 `json:"status" enum:"received,processing,completed,rejected,returned"`
	CreatedAt           time.Time              `json:"created_at"`
	StatusTransitions   []WithdrawalTransition `json:"status_transitions"`
	CreditorAccount     WithdrawalCreditor     `json:"creditor_account"`
	// Replayed is true when an earlier call with the same key booked this withdrawal.
	Replayed bool `json:"-"`
}

// Reason is the reason code of the withdrawal's rejection or return (the last transition
// into its status), nil when it has none.
func (w WithdrawalRequest) Reason() *WithdrawalReason {
	for i := len(w.StatusTransitions) - 1; i >= 0; i-- {
		if t := w.StatusTransitions[i]; t.Status == w.Status {
			return t.ReasonCode
		}
	}
	return nil
}

// WithdrawalCreate is a withdrawal as the customer asks for it (spec 001 §7 POST create),
// plus the keys that make it safe to retry.
type WithdrawalCreate struct {
	DebtorAccount     string
	CreditorAccountID string
	Amount            string
	CurrencyCode      string
	EndToEndID        string
	ReviewID          string
	IdempotencyKey    string
	CreatedBy         string
}

// WithdrawalReview is a checked withdrawal request with its conversion quoted, as the user
// confirms it.
type WithdrawalReview struct {
	_                   struct{}           `description:"A checked withdrawal waiting for the customer's confirmation."`
	ID                  string             `json:"id" description:"Send it as review_id with the create call." format:"uuid"`
	DebtorAccountNumber string             `json:"debtor_account_number"`
	Amount              string             `json:"amount" description:"To debit, in currency_code."`
	CurrencyCode        string             `json:"currency_code"`
	ConvertedAmount     string             `json:"converted_amount" description:"What the withdrawal account receives; empty when there is no exchange rate."`
	ConvertedCurrency   string             `json:"converted_currency"`
	ExchangeRate        string             `json:"exchange_rate" description:"Empty when there is no exchange rate for the pair."`
	RateAvailable       bool               `json:"rate_available" description:"false: the review cannot be confirmed (Exchange rate is not available)."`
	EndToEndID          string             `json:"end_to_end_id"`
	CreditorAccount     WithdrawalCreditor `json:"creditor_account"`
	ExpiresAt           time.Time          `json:"expires_at"`
	// WithdrawalReference is the withdrawal the review became, "" until confirmed.
	WithdrawalReference string `json:"withdrawal_reference" description:"The withdrawal it became; empty until confirmed."`
}
