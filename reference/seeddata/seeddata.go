// Package seeddata holds the types of a seed: the values a seed (the demo, reference/demo)
// hands the store's one seeding entry point, (*reference.Store).Load, which writes what no
// public method can (fixed ids, past times). It holds no data and no store code, so the
// package that builds a seed imports it and never the store, and the store's own tests can
// import that package.
package seeddata

import (
	"time"

	"portal/provider"
)

// Set is everything one Load writes, in one transaction, into an empty store.
type Set struct {
	Organisations []Organisation
	Users         []User
	Invitations   []Invitation
	// Accounts open empty, AccountsOpened before the load (before the history); Balance is
	// where the history must end.
	Accounts       []Account
	AccountsOpened time.Duration
	// FXMarkups are the organisations' FX markups, written before the history (its
	// conversions are quoted with them).
	FXMarkups []FXMarkup
	// FundingInstructions tell how each account is paid into.
	FundingInstructions []FundingInstruction
	// Members are more people of the organisations, written after Users.
	Members []Member
	// Receivers are saved receivers, checked as the receivers page checks them.
	Receivers []Receiver
	// PayoutReports are exported payout reports, written after the payouts they list.
	PayoutReports []PayoutReport
	// Audit is the audit log, written last and in this order (each organisation's entries
	// form a hash chain), through the store's audit writer.
	Audit []AuditEntry

	// History makes the history for the load's clock, asking the store's rules; Load calls
	// it inside its transaction, after the entities and FX markups, and writes what it
	// returns. A function rather than values because the history is tied to the clock in
	// ways a duration cannot say (dates in names, whole seconds, "not after now").
	History func(now time.Time, rules Rules) (History, error)
}

// Organisation is one organisation with its configuration, contracted products, feature
// flags and alerts.
type Organisation struct {
	provider.Organisation
	Config   provider.Configuration
	Products []Product
	// Flags: every flag the provider knows gets a row, enabled when named here.
	Flags  map[string]bool
	Alerts []provider.Alert
}

// Product is a contracted product of an organisation; LocalInstrument is a payout
// product's transfer type.
type Product struct {
	ID, Kind, Name, Currency string
	LocalInstrument          string
}

// User is a login. Password is the plain password; the store hashes it.
type User struct {
	ID, Email, FirstName, LastName string
	Password                       string
	Disabled                       bool
	Memberships                    []Membership
	MFA                            MFA
}

// Membership is one organisation a user belongs to.
type Membership struct {
	OrganisationID   string
	OrganisationName string
	Role             string
	Default          bool
}

// MFA is a user's second-factor set-up. The zero value is a role user, who skips MFA.
type MFA struct {
	// Required: the user goes through MFA set-up or verification (skip_mfa false).
	Required bool
	// TOTPSecret, when set, is an active authenticator's secret (base32).
	TOTPSecret string
	// PhoneCountry and PhoneNumber, when set, are a confirmed phone.
	PhoneCountry, PhoneNumber string
	// Push is a push (Authy) device.
	Push bool
}

// Invitation is a pending invitation; only the token's hash is stored, and its link goes to
// the outbox.
type Invitation struct {
	ID, OrganisationID, OrganisationName, Email, FirstName, LastName, Role string
	Token                                                                  string
}

// Account is a virtual account: owned by an organisation, or outside the portal (Owner
// empty) and shared with some.
type Account struct {
	provider.Account
	Owner    string
	SharedTo []string
}

// FundingInstruction is how an account is paid into: a bank beneficiary or a wallet.
// Changed marks a configuration that changed and waits for the customer's "I got it!".
type FundingInstruction struct {
	Account, ID, Currency, Reference string
	Changed                          bool
	provider.Beneficiary
}

// Member is a person of one organisation who logs in with the password of the set's user
// PasswordOf (the same hash: argon2 is the slow part of a seed) and skips MFA. They joined
// Joined before the load.
type Member struct {
	ID, Email, FirstName, LastName string
	OrganisationID, Role           string
	PasswordOf                     string
	Joined                         time.Duration
}

// AuditEntry is one audit event, At before the load.
type AuditEntry struct {
	Event provider.AuditEvent
	At    time.Duration
}

// FXMarkup is an organisation's markup in basis points on a currency pair ("ANY" for every
// currency).
type FXMarkup struct {
	ID, OrganisationID, Pay, Buy string
	BPS                          int
}

// PayoutReport is an exported payout report of an account, requested Age before the load
// (at least a day, so none counts as today) over the Days days ending on the day after that,
// listing the payouts of StateCategories (none: every status). The store writes its CSV from
// the payouts as its worker would, as file FileID; Failed, or a report that lists nothing,
// is stored failed.
type PayoutReport struct {
	ID, FileID, OrganisationID, AccountNumber, RequestedBy string
	StateCategories                                        []string
	Age                                                    time.Duration
	Days                                                   int
	Failed                                                 bool
}

// Receiver is a saved receiver of an organisation, saved Age before the load.
type Receiver struct {
	OrganisationID string
	provider.ReceiverCreate
	Age time.Duration
}
