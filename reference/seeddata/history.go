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
