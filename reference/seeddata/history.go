package seeddata

import (
	"iter"
	"time"

	"portal/money"
	"portal/provider"
)

// Rules are the store's own rules a history generator asks while it decides what to make:
// the history books money the way the store would, so its rates and entry types are the
// store's. Load hands the generator an implementation reading the transaction it loads in
// (the FX markups of the set are written by then).
type Rules interface {
	// Quote is the rate (buy units per pay unit) orgID gets, its markup applied.
	Quote(orgID, pay, buy string) (money.Rate, error)
	// WithdrawalEntryType is the entry type (and the transaction's kind) of a withdrawal's
	// booking in status: sign -1 the debit, +1 the money coming back.
	WithdrawalEntryType(status string, sign int) string
	// PayoutInstruments are the transfer types that pay out code, in the lifecycle's order
	// of preference.
	PayoutInstruments(code string) []string
	// PayoutFee is the provider's fee per payout in code; PayoutLimit the largest payout.
	PayoutFee(code string) money.Amount
	PayoutLimit(code string) money.Amount
	// CheckPayout runs the lifecycle's checks on a new payout: capable is false when no
	// transfer type reaches its receiver (errs say why); else reason is the reason code of
	// the first failing check ("" when it passes) and errs every finding.
	// DraftSchema is a product of the manual payout catalogue and one of its schemas.
	DraftSchema(productID, schemaID string) (DraftProduct, *provider.ProductSchema)
	CheckPayout(code, instr, purpose string, amount money.Amount, sections provider.PayoutSections) (capable bool, reason string, errs map[string][]provider.PayoutError)
}

// History is the demo's history, made for one load's clock by Set.History: the ledger's
// transactions and what every area made of them. The store writes it in the order of its
// fields, each area after the ledger it points into.
type History struct {
	// Ledger is booked first, in this order (oldest first) through the store's booker, which
	// adds the provider's side of every posting.
	Ledger []LedgerTransaction
	// Large, when set, is the scale-test account and its entries.
	Large *LargeAccount

	BusinessUnits []BusinessUnit
	// Payouts are written in this order (their seq).
	Payouts []Payout
	// Batches are written after the payouts, each with its rows.
	Batches []Batch

	RefundFees []CollectionRefundFee
	// CollectionOrders are written in this order, each with its payments and refund.
	CollectionOrders []CollectionOrder
	// PayoutDrafts are written in this order, each with its reviews.
	PayoutDrafts []PayoutDraft

	WithdrawalAccounts []WithdrawalAccount
	WithdrawalLinks    []WithdrawalLink
	WithdrawalLimits   []WithdrawalLimit
	// Withdrawals point at the ledger transactions that moved their money.
	Withdrawals []Withdrawal
}

// LedgerTransaction is one booked movement with its customer-side postings.
type LedgerTransaction struct {
	ID, Kind, Rate string
	At             time.Time
	Postings       []Posting
}

// Posting is one line on a customer account.
type Posting struct {
	Account, EntryType string
	Amount             money.Amount
	Reference, OrderID string
}

// LargeAccount is an extra account with many entries, for scale tests. Its lines come in
// time order; consecutive lines of one TxID are one settlement transaction, balanced by the
// store on the provider's side.
type LargeAccount struct {
	Number, OrganisationID, Name, CurrencyCode, CurrencyName string
	Opened                                                   time.Time
	Entries                                                  int
	Lines                                                    iter.Seq[LargeLine]
}

// LargeLine is one entry of the large account.
type LargeLine struct {
	TxID, EntryType    string
	Amount             money.Amount
	Reference, OrderID string
	At                 time.Time
}

// WithdrawalAccount is an organisation's bank account or wallet money is withdrawn to.
type WithdrawalAccount struct {
	UUID                                                                      string
	ID                                                                        int
	OrganisationID, Kind, Currency, IBAN, AccountNumber, BankName, ClearingID string
	Label, LocalInstrument, PartyName                                         string
	Created                                                                   time.Time
}

// WithdrawalLink authorises a virtual account to withdraw to a withdrawal account.
type WithdrawalLink struct {
	ID, OrganisationID, AccountNumber, WithdrawalAccountUUID, Status string
	Created                                                          time.Time
}

// WithdrawalLimit is an organisation's largest withdrawal in a currency.
type WithdrawalLimit struct {
	OrganisationID, CurrencyCode, MaxAmount string
}

// Withdrawal is a withdrawal request with the ledger transactions of its debit and, when
// the money came back, of its release. Reason codes carry their id; the store adds the
// customer's text.
type Withdrawal struct {
	OrganisationID string
	provider.WithdrawalRequest
	IdempotencyKey, DebitTx, ReleaseTx string
}

// BusinessUnit is a business unit of an organisation.
type BusinessUnit struct {
	ID, OrganisationID, Name string
}

// Payout is a payout request as stored, with the ledger transactions of its reservation and
// release when its money moved.
type Payout struct {
	ID, OrganisationID, AccountNumber, Currency, UniqueReference, EndToEndID string
	State, ReasonCode, LocalInstrument, PurposeCode, BusinessUnit            string
	RequestedExecutionDate, Source, BatchID, CreatorName                     string
	Amount, Fee                                                              money.Amount
	Created                                                                  time.Time
	Transitions                                                              []provider.StatusTransition
	Cancellations                                                            []provider.PayoutCancellationRecord
	Reviews                                                                  []provider.PayoutReview
	Errors                                                                   map[string][]provider.PayoutError
	Sections                                                                 provider.PayoutSections
	ReservedTx, ReleasedTx                                                   string
	// Due is when a payout waiting for its execution date is picked up.
	Due *time.Time
}

// CollectionRefundFee is an organisation's fee per collection refund in a currency.
type CollectionRefundFee struct {
	OrganisationID, Currency, Fee string
}

// StatusChange is one line of a status history.
type StatusChange struct {
	Status string
	At     time.Time
}

// CollectionOrder is a collection order with its payments and its refund; the first reason
// code is the order's own.
type CollectionOrder struct {
	ID, OrganisationID, AccountNumber, Reference, UniqueReference, BusinessUnit, Status string
	ReasonCodes                                                                         []string
	Amount, Currency                                                                    string
	Debtor                                                                              provider.CollectionDebtor
	History                                                                             []StatusChange
	Created                                                                             time.Time
	Payments                                                                            []CollectionPayment
	Refund                                                                              *CollectionRefund
}

// CollectionPayment is a payment of an order; CreditedTx is the ledger transaction that
// credited its money.
type CollectionPayment struct {
	ID, UniqueReference, Type, Status, DebtorCountry, DebtorBank string
	History                                                      []StatusChange
	Created                                                      time.Time
	CreditedTx                                                   string
}

// CollectionRefund is an order's refund with the ledger transactions that booked it and,
// when it came back, returned it.
type CollectionRefund struct {
	ID, Amount, Fee, Status, BookedTx, ReturnedTx string
	Created                                       time.Time
}

// DraftProduct is what a draft generator needs of a catalogue product: its currency and
// the receiver's country (empty for a corridor of several).
type DraftProduct struct {
	Currency, Country string
}

// PayoutDraft is a manual payout draft as stored, with its reviews.
type PayoutDraft struct {
	ID, OrganisationID, CreatedBy, CreatorName, ProductID, SchemaID, Status string
	Values                                                                  map[string]map[string]string
	Errors                                                                  map[string]map[string][]string
	SavedSections                                                           []string
	DebtorAccount, Amount, Currency, EndToEndID                             string
	ApprovalsRequired                                                       int
	PayoutReference, PayoutState                                            string
	Created, Updated                                                        time.Time
	Reviews                                                                 []DraftReview
}

// DraftReview is an approval or rejection ("approve", "reject") of a draft.
type DraftReview struct {
	UserID, UserName, Kind string
	At                     time.Time
}

// Batch is a payout batch as stored, with its rows (PublishedRows of them made into payouts).
type Batch struct {
	ID, OrganisationID, Name, Filename, Status, SchemaID, LocalInstrument, Currency, Country string
	Created                                                                                  time.Time
	CreatorID, CreatorName, TotalAmount, FileHash                                            string
	Rows, PublishedRows                                                                      int
	Approvals, Rejections                                                                    []provider.BatchReview
	Payouts                                                                                  []BatchPayout
	// MadePayouts are the payouts (of Payouts above) made from a completed batch: the store
	// points them at the batch, with PayoutReviews, once the batch is written.
	MadePayouts   []string
	PayoutReviews []provider.PayoutReview
}

// BatchPayout is one row of a batch, at its line of the file.
type BatchPayout struct {
	ID                                                           string
	Line                                                         int
	EndToEndID, AccountNumber, Amount, Currency, LocalInstrument string
	Sections                                                     provider.PayoutSections
	Created                                                      time.Time
}
