package reference

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"portal/currency"
	"portal/mfa"
	"portal/money"
	"portal/provider"
)

// DemoPassword is the password of every demo user. It meets the spec's rules (length, mixed
// case, a digit and a symbol) so the password forms accept it too.
const DemoPassword = "Demo-Passw0rd!"

// Fixed ids, so tests, docs and bookmarks can name the demo data.
const (
	DemoOrg1ID = "0b6a3c1e-0000-4000-8000-000000000001" // Nordic Trading ApS
	DemoOrg2ID = "0b6a3c1e-0000-4000-8000-000000000002" // Atlantic Freight Ltd

	DemoUserDefaultID                  = "5d2e8f40-0000-4000-8000-000000000001"
	DemoUserObserverID                 = "5d2e8f40-0000-4000-8000-000000000002"
	DemoUserFinanceID                  = "5d2e8f40-0000-4000-8000-000000000003"
	DemoUserOperationsMemberID         = "5d2e8f40-0000-4000-8000-000000000004"
	DemoUserOperationsMemberReviewerID = "5d2e8f40-0000-4000-8000-000000000005"
	DemoUserAdminID                    = "5d2e8f40-0000-4000-8000-000000000006"
	DemoUserAdminReviewerID            = "5d2e8f40-0000-4000-8000-000000000007"
	DemoUserMultiID                    = "5d2e8f40-0000-4000-8000-000000000008"
	DemoUserNoOrgID                    = "5d2e8f40-0000-4000-8000-000000000009"
	DemoUserDisabledID                 = "5d2e8f40-0000-4000-8000-000000000010"
	DemoUserMFATOTPID                  = "5d2e8f40-0000-4000-8000-000000000011"
	DemoUserMFASMSID                   = "5d2e8f40-0000-4000-8000-000000000012"
	DemoUserMFAAuthyID                 = "5d2e8f40-0000-4000-8000-000000000013"
	DemoUserMFANewID                   = "5d2e8f40-0000-4000-8000-000000000014"
	DemoUserInvitedID                  = "5d2e8f40-0000-4000-8000-000000000015"
	// Atlantic's manual payout team: a creator and two reviewers (two approvals needed).
	DemoUserAtlanticOpsID      = "5d2e8f40-0000-4000-8000-000000000016"
	DemoUserAtlanticReviewerID = "5d2e8f40-0000-4000-8000-000000000017"
	DemoUserAtlanticApproverID = "5d2e8f40-0000-4000-8000-000000000018"
)

// Demo second factors. They are public on purpose: the sandbox's demo users must be usable
// by anyone testing it, and e2e tests compute codes from them. Never seed them elsewhere
// (production seeds nothing).
const (
	// DemoTOTPSecret is mfa-totp@demo.example's authenticator secret: base32 (no padding) of
	// the 20 bytes "portal-demo-totp-key". Any authenticator app accepts it typed in, or
	// compute the current code with mfa.Code(DemoTOTPSecret, time.Now()).
	DemoTOTPSecret = "OBXXE5DBNQWWIZLNN4WXI33UOAWWWZLZ"
	// DemoPhoneCountry and DemoPhoneNumber are mfa-sms@demo.example's confirmed phone
	// (+45 20 12 34 56). Login codes sent to it appear in the sandbox outbox.
	DemoPhoneCountry = "dk"
	DemoPhoneNumber  = "20123456"
	// DemoInvitationToken is the pending invitation of invited@demo.example (32 bytes,
	// base64url, like every token); only its SHA-256 is stored. The link
	// DemoInvitationLink is in the outbox from seed time and works for
	// provider.InvitationTTL (7 days) after seeding, once.
	DemoInvitationToken = "PvRbf0sAt4FXpfXInEn6DPoN0ryfDbzb4EXgsH1u5YQ"
	DemoInvitationLink  = InvitationLinkPrefix + DemoInvitationToken
	DemoInvitedEmail    = "invited@demo.example"
)

// Demo account numbers (16-digit virtual account numbers).
const (
	DemoAccountOrg1EUR     = "4520011000000015"
	DemoAccountOrg1GBP     = "4520011000000023"
	DemoAccountOrg1USD     = "4520011000000031"
	DemoAccountOrg1DKK     = "4520011000000049"
	DemoAccountOrg1USDT    = "4520011000000056"
	DemoAccountOrg2GBP     = "4520012000000014"
	DemoAccountOrg2USD     = "4520012000000022"
	DemoAccountPartnerPool = "4520019000000017" // owned outside the portal, shared with both orgs
)

// MaintenanceAlert is the info banner seeded for organisation 1.
const MaintenanceAlert = "Scheduled maintenance on Sunday 02:00–03:00 UTC: payouts submitted in that window are processed afterwards."

// seedNamespace derives the ids of seeded rows nobody needs to name (products, alerts).
var seedNamespace = uuid.MustParse("0b6a3c1e-5eed-4000-8000-000000000000")

func seedID(name string) string { return uuid.NewSHA1(seedNamespace, []byte(name)).String() }

// SeedOptions tune Seed.
type SeedOptions struct {
	// Password for every demo user; empty means DemoPassword.
	Password string
	// LargeAccountEntries, when positive, adds DemoAccountLarge (organisation 1, EUR) with
	// that many ledger entries, for scale tests and benchmarks.
	LargeAccountEntries int
}

// SeedReport says what Seed did, with the logins it created so main can print them.
type SeedReport struct {
	Seeded        bool
	Message       string
	Password      string
	Organisations []provider.Organisation
	Logins        []SeedLogin
	Invitations   []SeedInvitation
}

// SeedLogin is one demo user and where it can go.
type SeedLogin struct {
	Email       string
	FirstName   string
	LastName    string
	Disabled    bool
	Memberships []SeedMembership
	// MFA says how the user passes the second step; empty for the role users, which skip it.
	MFA string
}

// SeedInvitation is a pending invitation and the link that accepts it.
type SeedInvitation struct {
	Email string
	Link  string
}

// SeedMembership is one organisation a demo user belongs to.
type SeedMembership struct {
	OrganisationID   string
	OrganisationName string
	Role             string
	Default          bool
}

// String renders the report as a short block for a terminal.
func (r SeedReport) String() string {
	var b strings.Builder
	b.WriteString(r.Message)
	b.WriteByte('\n')
	if !r.Seeded {
		return b.String()
	}
	fmt.Fprintf(&b, "Password for every demo user: %s\n", r.Password)
	for _, l := range r.Logins {
		fmt.Fprintf(&b, "  %-42s", l.Email)
		switch {
		case l.Disabled:
			b.WriteString(" (disabled)")
		case len(l.Memberships) == 0:
			b.WriteString(" (no organisation)")
		}
		for i, m := range l.Memberships {
			if i > 0 {
				b.WriteString(";")
			}
			fmt.Fprintf(&b, " %s in %s", m.Role, m.OrganisationName)
			if m.Default {
				b.WriteString(" (default)")
			}
		}
		if l.MFA != "" {
			fmt.Fprintf(&b, "\n  %-42s MFA: %s", "", l.MFA)
		}
		b.WriteByte('\n')
	}
	b.WriteString("Codes, links and push requests the provider \"sends\" are on the sandbox outbox page (/sandbox/outbox).\n")
	for _, inv := range r.Invitations {
		fmt.Fprintf(&b, "Invitation for %s (also in the sandbox outbox): %s\n", inv.Email, inv.Link)
	}
	return b.String()
}

type seedOrg struct {
	org      provider.Organisation
	config   provider.Configuration
	products []seedProduct
	flags    map[string]bool
	alerts   []provider.Alert
}

type seedProduct struct{ kind, name, currency string }

type seedUser struct {
	id, email, first, last string
	disabled               bool
	memberships            []SeedMembership
	mfa                    seedMFA
}

// seedMFA is a demo user's second-factor set-up. The zero value is a role user: skip_mfa.
type seedMFA struct {
	noSkip   bool // skip_mfa false: the user goes through MFA set-up or verification
	totp     bool // authenticator active with DemoTOTPSecret
	phone    bool // DemoPhoneNumber confirmed
	push     bool // push (Authy) device
	describe string
}

type seedAccount struct {
	provider.Account
	owner    string // organisation id, "" when owned outside the portal
	sharedTo []string
}

func demoOrgs() []seedOrg {
	allOn := map[string]bool{}
	for _, f := range provider.KnownFlags() {
		allOn[f] = true
	}
	return []seedOrg{
		{
			org: provider.Organisation{
				ID: DemoOrg1ID, Name: "Nordic Trading ApS", OrderingInstitution: "Nordic Trading ApS",
				CountryISO: "DK", Line1: "Kongens Nytorv 8", Line2: "2. sal", City: "Copenhagen", PostalCode: "1050",
			},
			config: provider.Configuration{
				ManualPayoutsEnabled: true, BatchesEnabled: 1, BatchNumberOfApprovers: 2,
				ManualPayoutNumberOfApprovers: 1, CustomerABTesting: true, FXWidgetEnabled: true,
			},
			products: []seedProduct{
				{"payout", "SEPA Credit Transfer", "EUR"},
				{"payout", "UK Faster Payments", "GBP"},
				{"collection", "Pay by Bank", "EUR"},
			},
			flags: allOn,
			alerts: []provider.Alert{
				{ID: seedID("alert/org1/maintenance"), AlertType: provider.AlertInfo, AlertMessage: MaintenanceAlert},
				{ID: seedID("alert/org1/gbp-delay"), AlertType: provider.AlertWarning,
					AlertMessage: "GBP payouts may arrive later than usual today because of an incident at a partner bank. We will update this notice when it is resolved."},
			},
		},
		{
			org: provider.Organisation{
				ID: DemoOrg2ID, Name: "Atlantic Freight Ltd", OrderingInstitution: "Atlantic Freight Ltd",
				CountryISO: "GB", Line1: "20 Fenchurch Street", Line2: "Floor 5", City: "London", PostalCode: "EC3M 3BY",
			},
			// Manual payouts with two approvals per draft (the drafts area's four eyes).
			// and batches without approval (the demo shows the batch pages both ways).
			config: provider.Configuration{ManualPayoutsEnabled: true, ManualPayoutNumberOfApprovers: 2, BatchesEnabled: 1},
			products: []seedProduct{
				{"payout", "UK Faster Payments", "GBP"},
			},
			flags: map[string]bool{provider.FlagReceiverManagement: true, provider.FlagCryptoFunding: true,
				provider.FlagPayoutDraftApproval: true, provider.FlagBatchesPage: true},
		},
	}
}

func demoUsers() []seedUser {
	org1 := func(role string) []SeedMembership {
		return []SeedMembership{{OrganisationID: DemoOrg1ID, OrganisationName: "Nordic Trading ApS", Role: role, Default: true}}
	}
	atlantic := func(role string) []SeedMembership {
		return []SeedMembership{{OrganisationID: DemoOrg2ID, OrganisationName: "Atlantic Freight Ltd", Role: role, Default: true}}
	}
	return []seedUser{
		{DemoUserDefaultID, "default@demo.example", "Mads", "Kristensen", false, org1(provider.RoleDefault), seedMFA{}},
		{DemoUserObserverID, "observer@demo.example", "Freja", "Nielsen", false, org1(provider.RoleObserver), seedMFA{}},
		{DemoUserFinanceID, "finance@demo.example", "Lars", "Holm", false, org1(provider.RoleFinance), seedMFA{}},
		// Stored under the spec's spaced alias on purpose, so the access layer's alias
		// handling is exercised by real data.
		{DemoUserOperationsMemberID, "operations_member@demo.example", "Sofie", "Andersen", false, org1(provider.RoleOperationsMemberAlias), seedMFA{}},
		{DemoUserOperationsMemberReviewerID, "operations_member_reviewer@demo.example", "Jonas", "Larsen", false, org1(provider.RoleOperationsMemberReviewer), seedMFA{}},
		{DemoUserAdminID, "admin@demo.example", "Camilla", "Thomsen", false, org1(provider.RoleAdmin), seedMFA{}},
		{DemoUserAdminReviewerID, "admin_reviewer@demo.example", "Henrik", "Madsen", false, org1(provider.RoleAdminReviewer), seedMFA{}},
		{DemoUserMultiID, "multi@demo.example", "Oliver", "Bennett", false, []SeedMembership{
			{OrganisationID: DemoOrg1ID, OrganisationName: "Nordic Trading ApS", Role: provider.RoleAdmin},
			{OrganisationID: DemoOrg2ID, OrganisationName: "Atlantic Freight Ltd", Role: provider.RoleObserver, Default: true},
		}, seedMFA{}},
		{DemoUserAtlanticOpsID, "atlantic-ops@demo.example", "Grace", "Walker", false, atlantic(provider.RoleOperationsMember), seedMFA{}},
		{DemoUserAtlanticReviewerID, "atlantic-reviewer@demo.example", "Harry", "Evans", false, atlantic(provider.RoleOperationsMemberReviewer), seedMFA{}},
		{DemoUserAtlanticApproverID, "atlantic-approver@demo.example", "Isla", "Hughes", false, atlantic(provider.RoleAdminReviewer), seedMFA{}},
		{DemoUserNoOrgID, "noorg@demo.example", "Emma", "Clarke", false, nil, seedMFA{}},
		{DemoUserDisabledID, "disabled@demo.example", "Peter", "Schmidt", true, org1(provider.RoleObserver), seedMFA{}},
		// Second-factor demo users: observers in Nordic Trading ApS who do not skip MFA.
		{DemoUserMFATOTPID, "mfa-totp@demo.example", "Astrid", "Lund", false, org1(provider.RoleObserver), seedMFA{
			noSkip: true, totp: true,
			describe: "authenticator app, secret " + DemoTOTPSecret + " (any TOTP app; SHA-1, 6 digits, 30 s)"}},
		{DemoUserMFASMSID, "mfa-sms@demo.example", "Mikkel", "Dahl", false, org1(provider.RoleObserver), seedMFA{
			noSkip: true, phone: true,
			describe: "SMS to +45 20 12 34 56; the code appears in the sandbox outbox"}},
		{DemoUserMFAAuthyID, "mfa-authy@demo.example", "Ida", "Poulsen", false, org1(provider.RoleObserver), seedMFA{
			noSkip: true, push: true,
			describe: "push (Authy); approve or deny the request in the sandbox outbox"}},
		{DemoUserMFANewID, "mfa-new@demo.example", "Noah", "Berg", false, org1(provider.RoleObserver), seedMFA{
			noSkip:   true,
			describe: "nothing set up: goes to /mfa-setup (authenticator and phone)"}},
	}
}

// demoInvitation is the pending invitation: listed in the report as an invitation, not a
// login. Its id is DemoUserInvitedID, the row the user list shows for it.
func demoInvitation() invitationRow {
	return invitationRow{id: DemoUserInvitedID, orgID: DemoOrg1ID, orgName: "Nordic Trading ApS", email: DemoInvitedEmail,
		firstName: "Clara", lastName: "Winther", role: provider.RoleObserver}
}

func demoAccounts() []seedAccount {
	acct := func(number, name, code, currency, balance string) provider.Account {
		return provider.Account{AccountNumber: number, Name: name, CurrencyCode: code, CurrencyName: currency, Balance: balance}
	}
	return []seedAccount{
		{Account: acct(DemoAccountOrg1EUR, "Main EUR", "EUR", "Euro", "125000.00"), owner: DemoOrg1ID},
		{Account: acct(DemoAccountOrg1GBP, "Payroll GBP", "GBP", "Pound Sterling", "48210.55"), owner: DemoOrg1ID},
		{Account: acct(DemoAccountOrg1USD, "Settlement USD", "USD", "US Dollar", "310457.20"), owner: DemoOrg1ID},
		{Account: acct(DemoAccountOrg1DKK, "Operations DKK", "DKK", "Danish Krone", "862350.75"), owner: DemoOrg1ID},
		// USDT carries 6 decimals (spec 000 section 9).
		{Account: acct(DemoAccountOrg1USDT, "Crypto USDT", "USDT", "Tether USD", "48250.125000"), owner: DemoOrg1ID},
		{Account: acct(DemoAccountOrg2GBP, "Operating GBP", "GBP", "Pound Sterling", "89120.40"), owner: DemoOrg2ID},
		{Account: acct(DemoAccountOrg2USD, "Freight USD", "USD", "US Dollar", "15400.00"), owner: DemoOrg2ID},
		{Account: acct(DemoAccountPartnerPool, "Partner pool EUR", "EUR", "Euro", "2500000.00"),
			sharedTo: []string{DemoOrg1ID, DemoOrg2ID}},
	}
}

// Seed fills an empty store with the demo data. A store that already holds any organisation
// is left alone: Seed never overwrites real or edited data, so it is safe on every start.
func (s *Store) Seed(ctx context.Context, opts SeedOptions) (SeedReport, error) {
	skipped := SeedReport{Message: "Demo data not seeded: the store already holds organisations."}
	if n, err := countOrganisations(ctx, s.read.QueryRowContext); err != nil {
		return SeedReport{}, err
	} else if n > 0 {
		return skipped, nil
	}

	password := opts.Password
	if password == "" {
		password = DemoPassword
	}
	users := demoUsers()
	// Hashed before the transaction: argon2 is the slow part, and holding the write lock
	// through it would stall every other writer.
	hashes := make([]string, len(users))
	for i := range users {
		h, err := HashPassword(password, s.params)
		if err != nil {
			return SeedReport{}, err
		}
		hashes[i] = h
	}

	var report SeedReport
	err := s.inTx(ctx, "seed", func(tx *sql.Tx) (err error) {
		// Checked again under the write lock: two processes starting on one empty file must not
		// both seed.
		if n, err := countOrganisations(ctx, tx.QueryRowContext); err != nil || n > 0 {
			report = skipped
			return err
		}

		now := s.now()
		exec := func(query string, args ...any) {
			if err != nil {
				return
			}
			if _, e := tx.ExecContext(ctx, query, args...); e != nil {
				err = fmt.Errorf("reference: seed: %w", e)
			}
		}

		report = SeedReport{Seeded: true, Password: password}
		for _, o := range demoOrgs() {
			org := o.org
			exec(`INSERT INTO organisations (id, name, ordering_institution, country_iso, line1, line2, city, postal_code, state, created_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
				org.ID, org.Name, org.OrderingInstitution, org.CountryISO, org.Line1, org.Line2, org.City, org.PostalCode, org.State, formatTime(now))
			c := o.config
			exec(`INSERT INTO organisation_configurations (organisation_id, manual_payouts_enabled, batches_enabled,
					batch_number_of_approvers, manual_payout_number_of_approvers, customer_ab_testing, fx_widget_enabled)
				VALUES (?, ?, ?, ?, ?, ?, ?)`,
				org.ID, c.ManualPayoutsEnabled, c.BatchesEnabled, c.BatchNumberOfApprovers,
				c.ManualPayoutNumberOfApprovers, c.CustomerABTesting, c.FXWidgetEnabled)
			for _, p := range o.products {
				exec(`INSERT INTO contracted_products (id, organisation_id, kind, name, currency_iso) VALUES (?, ?, ?, ?, ?)`,
					seedID("product/"+org.ID+"/"+p.kind+"/"+p.name), org.ID, p.kind, p.name, p.currency)
			}
			// Every known flag gets a row, so the stored data reads the same as the reply.
			for _, f := range provider.KnownFlags() {
				exec(`INSERT INTO feature_flags (organisation_id, name, enabled) VALUES (?, ?, ?)`, org.ID, f, o.flags[f])
			}
			for i, a := range o.alerts {
				// Spaced a millisecond apart so "oldest first" is the order written here.
				exec(`INSERT INTO alerts (id, organisation_id, alert_type, alert_message, created_at) VALUES (?, ?, ?, ?, ?)`,
					a.ID, org.ID, a.AlertType, a.AlertMessage, formatTime(now.Add(time.Duration(i)*time.Millisecond)))
			}
			report.Organisations = append(report.Organisations, org)
		}

		for i, u := range users {
			hash := hashes[i]
			f := u.mfa
			// A role user skips MFA; the others are configured the way a finished set-up leaves
			// them (both factors normally; here one, which the spec's login flow accepts as
			// "enabled, configured, or TOTP").
			configured := f.totp || f.phone || f.push
			exec(`INSERT INTO users (id, email, password_hash, first_name, last_name, created_at, skip_mfa, disabled,
					has_verify_setup, has_phone, mfa_configured, mfa_enabled)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
				u.id, normalizeEmail(u.email), hash, u.first, u.last, formatTime(now), !f.noSkip, u.disabled,
				f.totp, f.phone, configured, configured)
			for _, m := range u.memberships {
				exec(`INSERT INTO memberships (user_id, organisation_id, role, is_default) VALUES (?, ?, ?, ?)`,
					u.id, m.OrganisationID, m.Role, m.Default)
			}
			if f.totp {
				exec(`INSERT INTO totp_factors (user_id, secret, status, created_at, activated_at) VALUES (?, ?, 'active', ?, ?)`,
					u.id, DemoTOTPSecret, formatTime(now), formatTime(now))
			}
			if f.phone {
				calling, _ := mfa.CallingCode(DemoPhoneCountry)
				exec(`INSERT INTO phones (user_id, country_iso, calling_code, number, confirmed, created_at, confirmed_at)
					VALUES (?, ?, ?, ?, 1, ?, ?)`, u.id, DemoPhoneCountry, calling, DemoPhoneNumber, formatTime(now), formatTime(now))
			}
			if f.push {
				exec(`INSERT INTO push_devices (user_id, push_enabled, created_at) VALUES (?, 1, ?)`, u.id, formatTime(now))
			}
			report.Logins = append(report.Logins, SeedLogin{
				Email: u.email, FirstName: u.first, LastName: u.last, Disabled: u.disabled, Memberships: u.memberships,
				MFA: f.describe,
			})
		}
		if err == nil {
			if e := s.createInvitation(ctx, tx, demoInvitation(), DemoInvitationToken); e != nil {
				err = fmt.Errorf("reference: seed: %w", e)
			}
		}
		report.Invitations = append(report.Invitations, SeedInvitation{Email: DemoInvitedEmail, Link: DemoInvitationLink})

		// Accounts open empty; seedLedger books a history that ends on each demo balance, so
		// every balance is the sum of its entries.
		for _, a := range demoAccounts() {
			var owner any
			if a.owner != "" {
				owner = a.owner
			}
			exec(`INSERT INTO accounts (account_number, owner_organisation_id, name, currency_code, currency_name, balance, created_at)
				VALUES (?, ?, ?, ?, ?, ?, ?)`,
				a.AccountNumber, owner, a.Name, a.CurrencyCode, a.CurrencyName,
				money.Zero(currency.Decimals(a.CurrencyCode)).String(), formatTime(now.Add(-(seedHistoryDays+1)*24*time.Hour)))
			for _, org := range a.sharedTo {
				exec(`INSERT INTO account_shares (account_number, organisation_id) VALUES (?, ?)`, a.AccountNumber, org)
			}
		}

		if err == nil {
			err = s.seedLedger(ctx, tx, now, demoAccounts(), opts.LargeAccountEntries)
		}
		for _, seed := range areaSeeders {
			if err == nil {
				err = seed(ctx, tx, now)
			}
		}
		return err
	})
	if err != nil {
		return SeedReport{}, err
	}
	if !report.Seeded {
		return report, nil
	}
	report.Message = fmt.Sprintf("Demo data seeded: %d organisations, %d users, %d invitation.",
		len(report.Organisations), len(report.Logins), len(report.Invitations))
	return report, nil
}

func countOrganisations(ctx context.Context, queryRow func(context.Context, string, ...any) *sql.Row) (int, error) {
	var n int
	if err := queryRow(ctx, `SELECT count(*) FROM organisations`).Scan(&n); err != nil {
		return 0, fmt.Errorf("reference: counting organisations: %w", err)
	}
	return n, nil
}
