// Package provider is the boundary between the portal and the payments provider: the domain
// types the screens are built from and the Provider interface the portal calls.
//
// The portal never talks to a store directly. The embedded reference provider (package
// reference) is one implementation; a client of the real provider's API would be another.
package provider

import (
	"context"
	"time"
)

// Organisation is a customer of the payments provider. Users act on its behalf.
type Organisation struct {
	ID                  string `json:"id"`
	Name                string `json:"name"`
	OrderingInstitution string `json:"ordering_institution"`
	CountryISO          string `json:"country_iso"`
	Line1               string `json:"line1"`
	Line2               string `json:"line2"`
	City                string `json:"city"`
	PostalCode          string `json:"postal_code"`
	State               string `json:"state"`
}

// Role names as the provider stores them. The spec names "operations member" and
// "operations_member" as the same role, so stored roles are not normalised here: mapping a
// stored name to permissions (and the alias to one role) is the access layer's single job.
const (
	RoleDefault                  = "default"
	RoleObserver                 = "observer"
	RoleFinance                  = "finance"
	RoleOperationsMember         = "operations_member"
	RoleOperationsMemberAlias    = "operations member"
	RoleOperationsMemberReviewer = "operations_member_reviewer"
	RoleAdmin                    = "admin"
	RoleAdminReviewer            = "admin_reviewer"
)

// Membership links a user to one organisation with a role. Exactly one of a user's
// memberships is the default once the user has any.
type Membership struct {
	Organisation Organisation `json:"organisation"`
	Role         string       `json:"role"`
	Default      bool         `json:"default"`
}

// User is a person who logs in to the portal. The password hash deliberately has no field
// here: it never leaves the provider, so no handler, log line or JSON reply can carry it.
type User struct {
	ID             string    `json:"id"`
	Email          string    `json:"email"`
	FirstName      string    `json:"first_name"`
	LastName       string    `json:"last_name"`
	CreatedAt      time.Time `json:"created_at"`
	HasVerifySetup bool      `json:"has_verify_setup"`
	MFAConfigured  bool      `json:"mfa_configured"`
	MFAEnabled     bool      `json:"mfa_enabled"`
	SkipMFA        bool      `json:"skip_mfa"`
	HasPhone       bool      `json:"has_phone"`
	// Disabled users cannot log in; callers holding a session for one must end it.
	Disabled bool `json:"disabled"`
}

// Configuration holds an organisation's settings that switch screens and flows on or off.
type Configuration struct {
	_                    struct{} `description:"Organisation settings that switch screens and flows on or off."`
	ManualPayoutsEnabled bool     `json:"manual_payouts_enabled" description:"Manual payouts are on."`
	// BatchesEnabled is a count in the provider's API, not a bool: the batches guard asks
	// for a value above 0.
	BatchesEnabled                int  `json:"batches_enabled" description:"Batches are on when above 0."`
	BatchNumberOfApprovers        int  `json:"batch_number_of_approvers" description:"Approvals a batch needs; approval is required above 0."`
	ManualPayoutNumberOfApprovers int  `json:"manual_payout_number_of_approvers" description:"Approvals a manual payout needs."`
	CustomerABTesting             bool `json:"customer_ab_testing" description:"A/B testing is on."`
	FXWidgetEnabled               bool `json:"fx_widget_enabled" description:"The FX widget is shown."`
}

// ContractedProducts counts the products an organisation has contracted; the payouts and
// collections areas are shown only when their count is positive.
type ContractedProducts struct {
	_                       struct{} `description:"Counts of contracted products."`
	PayoutProductsCount     int      `json:"payout_products_count" description:"Payout products; the payouts area shows above 0."`
	CollectionProductsCount int      `json:"collection_products_count" description:"Collection products; the collections area shows above 0."`
}

// Feature flag names, as the provider's feature_flags reply names them.
const (
	FlagCanaryUI             = "canary_ui"
	FlagBatchesPage          = "batches_page"
	FlagReceiverManagement   = "receiver_management"
	FlagManualPayoutApproval = "manual_payout_approval"
	FlagPayoutDraftApproval  = "payout_draft_approval"
	FlagWithdrawalAccounts   = "withdrawal_accounts"
	FlagSandboxTestCases     = "sandbox_test_cases"
	FlagABTesting            = "ab_testing"
	FlagCryptoFunding        = "crypto_funding"
)

// KnownFlags lists every flag the portal reads, so an implementation can answer each one
// explicitly (false included) and a JSON reply has a stable shape.
func KnownFlags() []string {
	return []string{
		FlagCanaryUI, FlagBatchesPage, FlagReceiverManagement, FlagManualPayoutApproval,
		FlagPayoutDraftApproval, FlagWithdrawalAccounts, FlagSandboxTestCases, FlagABTesting,
		FlagCryptoFunding,
	}
}

// FeatureFlags maps a flag name to whether it is on for an organisation.
type FeatureFlags map[string]bool

// On reports whether the flag is on. A flag the provider did not mention is off, so a
// missing flag can never open a gated screen.
func (f FeatureFlags) On(name string) bool { return f[name] }

// Alert types.
const (
	AlertInfo    = "info"
	AlertWarning = "warning"
	AlertError   = "error"
)

// Alert is a banner the provider wants shown at the top of every page of an organisation.
type Alert struct {
	_            struct{} `description:"A banner to show on every page of the organisation."`
	ID           string   `json:"id" description:"Alert id."`
	AlertType    string   `json:"alert_type" description:"Severity." enum:"@alert_types"`
	AlertMessage string   `json:"alert_message" description:"The text to show."`
}

// Account is a virtual bank account as one organisation sees it. Balance is an exact decimal
// string with the currency's decimals (never a float). Owner is false for an account shared
// with the organisation by someone else: the spec keeps those out of the sidebar and the
// statement selectors.
type Account struct {
	_             struct{} `description:"A virtual bank account as the organisation sees it."`
	AccountNumber string   `json:"account_number" description:"Virtual account number (also called virtual_account_number)."`
	Name          string   `json:"name" description:"Account name."`
	CurrencyCode  string   `json:"currency_code" description:"ISO 4217 code, or the crypto asset." example:"EUR"`
	CurrencyName  string   `json:"currency_name" description:"Currency name."`
	Balance       string   `json:"balance" description:"Current balance: exact decimal with the currency's decimals." example:"125000.00"`
	Owner         bool     `json:"owner" description:"false for an account shared with the organisation by its owner."`
}

// Provider is everything the portal needs from the payments provider. Implementations must be
// safe for concurrent use: HTTP handlers call them from many goroutines.
//
// Organisation-scoped reads (Configuration, ContractedProducts, FeatureFlags, Alerts,
// Accounts) do not know who is asking. The caller establishes the right to read them with
// Membership first; that call is the cross-organisation check.
type Provider interface {
	Ping(ctx context.Context) error

	// Authenticate returns the user whose e-mail (compared case-insensitively) and password
	// match. Any failure to match, including an unknown e-mail or a disabled user, is
	// ErrInvalidCredentials, and takes as long as a match would.
	Authenticate(ctx context.Context, email, password string) (User, error)
	UserByID(ctx context.Context, id string) (User, error)
	UserByEmail(ctx context.Context, email string) (User, error)

	// Memberships lists the user's organisations ordered by organisation name.
	Memberships(ctx context.Context, userID string) ([]Membership, error)
	// Membership returns ENOTFOUND when the user is not a member of the organisation (or
	// either does not exist); it does not tell those cases apart.
	Membership(ctx context.Context, userID, orgID string) (Membership, error)
	// SetDefaultOrganisation makes orgID the user's only default organisation. ENOTFOUND when
	// the user is not a member.
	SetDefaultOrganisation(ctx context.Context, userID, orgID string) error

	Configuration(ctx context.Context, orgID string) (Configuration, error)
	ContractedProducts(ctx context.Context, orgID string) (ContractedProducts, error)
	FeatureFlags(ctx context.Context, orgID string) (FeatureFlags, error)
	Alerts(ctx context.Context, orgID string) ([]Alert, error)
	// Accounts lists the organisation's accounts, owned ones first, then by name.
	Accounts(ctx context.Context, orgID string) ([]Account, error)

	Close() error
}
