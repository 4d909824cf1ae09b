// Package demo is the sandbox's demo data: the organisations, users and accounts the
// portal starts with, their fixed ids (which tests, docs and bookmarks name) and their
// history. It builds the data as values of reference/seeddata and hands them to the store's
// loader (Seed); it never imports the store, so the store's own tests can import it.
//
// Everything is deterministic: the same ids on every run (fixed, or ID of a name) and the
// same times relative to the seed's clock.
package demo

import (
	"fmt"

	"github.com/google/uuid"
)

// Password is the password of every demo user. It meets the spec's rules (length, mixed
// case, a digit and a symbol) so the password forms accept it too.
const Password = "Demo-Passw0rd!"

// Fixed ids, so tests, docs and bookmarks can name the demo data.
const (
	Org1ID = "0b6a3c1e-0000-4000-8000-000000000001" // Nordic Trading ApS
	Org2ID = "0b6a3c1e-0000-4000-8000-000000000002" // Atlantic Freight Ltd

	UserDefaultID                  = "5d2e8f40-0000-4000-8000-000000000001"
	UserObserverID                 = "5d2e8f40-0000-4000-8000-000000000002"
	UserFinanceID                  = "5d2e8f40-0000-4000-8000-000000000003"
	UserOperationsMemberID         = "5d2e8f40-0000-4000-8000-000000000004"
	UserOperationsMemberReviewerID = "5d2e8f40-0000-4000-8000-000000000005"
	UserAdminID                    = "5d2e8f40-0000-4000-8000-000000000006"
	UserAdminReviewerID            = "5d2e8f40-0000-4000-8000-000000000007"
	UserMultiID                    = "5d2e8f40-0000-4000-8000-000000000008"
	UserNoOrgID                    = "5d2e8f40-0000-4000-8000-000000000009"
	UserDisabledID                 = "5d2e8f40-0000-4000-8000-000000000010"
	UserMFATOTPID                  = "5d2e8f40-0000-4000-8000-000000000011"
	UserMFASMSID                   = "5d2e8f40-0000-4000-8000-000000000012"
	UserMFAAuthyID                 = "5d2e8f40-0000-4000-8000-000000000013"
	UserMFANewID                   = "5d2e8f40-0000-4000-8000-000000000014"
	UserInvitedID                  = "5d2e8f40-0000-4000-8000-000000000015"
	// Atlantic's manual payout team: a creator and two reviewers (two approvals needed).
	UserAtlanticOpsID      = "5d2e8f40-0000-4000-8000-000000000016"
	UserAtlanticReviewerID = "5d2e8f40-0000-4000-8000-000000000017"
	UserAtlanticApproverID = "5d2e8f40-0000-4000-8000-000000000018"
)

// Demo second factors. They are public on purpose: the sandbox's demo users must be usable
// by anyone testing it, and e2e tests compute codes from them. Never seed them elsewhere
// (production seeds nothing).
const (
	// TOTPSecret is mfa-totp@demo.example's authenticator secret: base32 (no padding) of
	// the 20 bytes "portal-demo-totp-key". Any authenticator app accepts it typed in, or
	// compute the current code with mfa.Code(TOTPSecret, time.Now()).
	TOTPSecret = "OBXXE5DBNQWWIZLNN4WXI33UOAWWWZLZ"
	// PhoneCountry and PhoneNumber are mfa-sms@demo.example's confirmed phone
	// (+45 20 12 34 56). Login codes sent to it appear in the sandbox outbox.
	PhoneCountry = "dk"
	PhoneNumber  = "20123456"
	// InvitationToken is the pending invitation of invited@demo.example (32 bytes,
	// base64url, like every token); only its SHA-256 is stored. The link InvitationLink is
	// in the outbox from seed time and works for provider.InvitationTTL (7 days) after
	// seeding, once.
	InvitationToken = "PvRbf0sAt4FXpfXInEn6DPoN0ryfDbzb4EXgsH1u5YQ"
	// InvitationLink is the store's invitation link (reference.InvitationLinkPrefix, which
	// this package cannot import; the store's tests check the two agree) for the token.
	InvitationLink = "/invitations/accept/" + InvitationToken
	InvitedEmail   = "invited@demo.example"
)

// Demo account numbers (16-digit virtual account numbers).
const (
	AccountOrg1EUR     = "4520011000000015"
	AccountOrg1GBP     = "4520011000000023"
	AccountOrg1USD     = "4520011000000031"
	AccountOrg1DKK     = "4520011000000049"
	AccountOrg1USDT    = "4520011000000056"
	AccountOrg2GBP     = "4520012000000014"
	AccountOrg2USD     = "4520012000000022"
	AccountPartnerPool = "4520019000000017" // owned outside the portal, shared with both orgs

	// AccountLarge is the extra EUR account of organisation 1 that
	// Options.LargeAccountEntries fills for scale tests. It exists only when that option is set.
	AccountLarge = "4520011000000098"
)

// MaintenanceAlert is the info banner seeded for organisation 1.
const MaintenanceAlert = "Scheduled maintenance on Sunday 02:00–03:00 UTC: payouts submitted in that window are processed afterwards."

// Demo users of the user management pages (see the store's user_management_seed.go).
const (
	// AtlanticAdminEmail is an administrator of Atlantic Freight Ltd (users:manage there).
	AtlanticAdminEmail = "atlantic-admin@demo.example"
	// LegacyRole is a role stored on some demo members that is no longer assignable.
	LegacyRole = "accountant"
)

// Withdrawal accounts the e2e flows and tests name.
var (
	WithdrawalEUR    = WithdrawalAccountID(1001) // EUR IBAN (27 characters)
	WithdrawalGBP    = WithdrawalAccountID(1003)
	WithdrawalCrypto = WithdrawalAccountID(1004)
	WithdrawalHUF    = WithdrawalAccountID(1005) // no exchange rate to HUF
	WithdrawalNoCcy  = WithdrawalAccountID(1006) // names no currency: EUR
	WithdrawalUSD    = WithdrawalAccountID(1007) // linked to the USD account, inactive
)

// WithdrawalAccountID is the uuid of a demo withdrawal account, by its short id.
func WithdrawalAccountID(id int) string { return ID(fmt.Sprintf("withdrawal_account/%d", id)) }

// ReceiverProduct is a payout product and schema the demo receivers were saved for: its
// currency, transfer type and the receiver bank's country.
type ReceiverProduct struct {
	ProductID, SchemaID, Currency, Instrument, Country string
}

// ReceiverProducts are the products and schemas of the demo receivers, in turn: the
// manual payout catalogue's (the drafts area: reference/payout_catalogue.go), so the wizard's
// recent receivers of a schema are these, and for the account column's "account" kind, which
// no catalogue schema asks for, a PIX key product of the demo alone. Between them every
// account kind of the receivers table (iban, account_number, account,
// crypto_wallet_address) and the SWIFT corridor with an intermediary agent.
var ReceiverProducts = []ReceiverProduct{
	{"sepa-eur-de", "sepa-eur-de-iban", "EUR", "SEPA", "DE"},
	{"fps-gbp-gb", "fps-gbp-gb-scan", "GBP", "FPS", "GB"},
	{"swift-usd-sg", "swift-usd-sg-intermediary", "USD", "SWIFT", "SG"},
	{"demo-pix-brl", "demo-pix-brl-key", "BRL", "PIX", "BR"},
	{"usdt-tron", "usdt-tron-wallet", "USDT", "CRYPTO", ""},
	{"sepa-eur-fr", "sepa-eur-fr-iban", "EUR", "SEPA", "FR"},
	{"swift-usd-sg", "swift-usd-sg-bank", "USD", "SWIFT", "SG"},
	{"sepa-eur-de", "sepa-eur-de-iban-typed", "EUR", "SEPA", "DE"},
}

// namespace derives the ids of demo rows nobody needs to name (products, alerts, history).
var namespace = uuid.MustParse("0b6a3c1e-5eed-4000-8000-000000000000")

// ID is the demo's id for a name: a version-5 uuid in the demo's namespace, the same on
// every run.
func ID(name string) string { return uuid.NewSHA1(namespace, []byte(name)).String() }
