package demo

import (
	"portal/provider"
	"portal/reference/seeddata"
)

// Organisations are the two demo organisations: Nordic Trading ApS with every feature, and
// Atlantic Freight Ltd with manual payouts under two approvals and batches without.
func Organisations() []seeddata.Organisation {
	allOn := map[string]bool{}
	for _, f := range provider.KnownFlags() {
		allOn[f] = true
	}
	product := func(org, kind, name, currency string) seeddata.Product {
		p := seeddata.Product{ID: ID("product/" + org + "/" + kind + "/" + name), Kind: kind, Name: name, Currency: currency}
		if kind == "payout" {
			p.LocalInstrument = productInstruments[name]
		}
		return p
	}
	return []seeddata.Organisation{
		{
			Organisation: provider.Organisation{
				ID: Org1ID, Name: "Nordic Trading ApS", OrderingInstitution: "Nordic Trading ApS",
				CountryISO: "DK", Line1: "Kongens Nytorv 8", Line2: "2. sal", City: "Copenhagen", PostalCode: "1050",
			},
			Config: provider.Configuration{
				ManualPayoutsEnabled: true, BatchesEnabled: 1, BatchNumberOfApprovers: 2,
				ManualPayoutNumberOfApprovers: 1, CustomerABTesting: true, FXWidgetEnabled: true,
			},
			Products: []seeddata.Product{
				product(Org1ID, "payout", "SEPA Credit Transfer", "EUR"),
				product(Org1ID, "payout", "UK Faster Payments", "GBP"),
				product(Org1ID, "collection", "Pay by Bank", "EUR"),
			},
			Flags: allOn,
			Alerts: []provider.Alert{
				{ID: ID("alert/org1/maintenance"), AlertType: provider.AlertInfo, AlertMessage: MaintenanceAlert},
				{ID: ID("alert/org1/gbp-delay"), AlertType: provider.AlertWarning,
					AlertMessage: "GBP payouts may arrive later than usual today because of an incident at a partner bank. We will update this notice when it is resolved."},
			},
		},
		{
			Organisation: provider.Organisation{
				ID: Org2ID, Name: "Atlantic Freight Ltd", OrderingInstitution: "Atlantic Freight Ltd",
				CountryISO: "GB", Line1: "20 Fenchurch Street", Line2: "Floor 5", City: "London", PostalCode: "EC3M 3BY",
			},
			// Manual payouts with two approvals per draft (the drafts area's four eyes).
			// and batches without approval (the demo shows the batch pages both ways).
			Config: provider.Configuration{ManualPayoutsEnabled: true, ManualPayoutNumberOfApprovers: 2, BatchesEnabled: 1},
			Products: []seeddata.Product{
				product(Org2ID, "payout", "UK Faster Payments", "GBP"),
			},
			Flags: map[string]bool{provider.FlagReceiverManagement: true, provider.FlagCryptoFunding: true,
				provider.FlagPayoutDraftApproval: true, provider.FlagBatchesPage: true},
		},
	}
}

// login is a demo user and how the seed report describes its second factor.
type login struct {
	seeddata.User
	describe string // empty for the role users, which skip MFA
}

func logins(password string) []login {
	org1 := func(role string) []seeddata.Membership {
		return []seeddata.Membership{{OrganisationID: Org1ID, OrganisationName: "Nordic Trading ApS", Role: role, Default: true}}
	}
	atlantic := func(role string) []seeddata.Membership {
		return []seeddata.Membership{{OrganisationID: Org2ID, OrganisationName: "Atlantic Freight Ltd", Role: role, Default: true}}
	}
	user := func(id, email, first, last string, disabled bool, ms []seeddata.Membership, mfa seeddata.MFA, describe string) login {
		return login{seeddata.User{ID: id, Email: email, FirstName: first, LastName: last, Password: password,
			Disabled: disabled, Memberships: ms, MFA: mfa}, describe}
	}
	none := seeddata.MFA{}
	return []login{
		user(UserDefaultID, "default@demo.example", "Mads", "Kristensen", false, org1(provider.RoleDefault), none, ""),
		user(UserObserverID, "observer@demo.example", "Freja", "Nielsen", false, org1(provider.RoleObserver), none, ""),
		user(UserFinanceID, "finance@demo.example", "Lars", "Holm", false, org1(provider.RoleFinance), none, ""),
		// Stored under the spec's spaced alias on purpose, so the access layer's alias
		// handling is exercised by real data.
		user(UserOperationsMemberID, "operations_member@demo.example", "Sofie", "Andersen", false, org1(provider.RoleOperationsMemberAlias), none, ""),
		user(UserOperationsMemberReviewerID, "operations_member_reviewer@demo.example", "Jonas", "Larsen", false, org1(provider.RoleOperationsMemberReviewer), none, ""),
		user(UserAdminID, "admin@demo.example", "Camilla", "Thomsen", false, org1(provider.RoleAdmin), none, ""),
		user(UserAdminReviewerID, "admin_reviewer@demo.example", "Henrik", "Madsen", false, org1(provider.RoleAdminReviewer), none, ""),
		user(UserMultiID, "multi@demo.example", "Oliver", "Bennett", false, []seeddata.Membership{
			{OrganisationID: Org1ID, OrganisationName: "Nordic Trading ApS", Role: provider.RoleAdmin},
			{OrganisationID: Org2ID, OrganisationName: "Atlantic Freight Ltd", Role: provider.RoleObserver, Default: true},
		}, none, ""),
		user(UserAtlanticOpsID, "atlantic-ops@demo.example", "Grace", "Walker", false, atlantic(provider.RoleOperationsMember), none, ""),
		user(UserAtlanticReviewerID, "atlantic-reviewer@demo.example", "Harry", "Evans", false, atlantic(provider.RoleOperationsMemberReviewer), none, ""),
		user(UserAtlanticApproverID, "atlantic-approver@demo.example", "Isla", "Hughes", false, atlantic(provider.RoleAdminReviewer), none, ""),
		user(UserNoOrgID, "noorg@demo.example", "Emma", "Clarke", false, nil, none, ""),
		user(UserDisabledID, "disabled@demo.example", "Peter", "Schmidt", true, org1(provider.RoleObserver), none, ""),
		// Second-factor demo users: observers in Nordic Trading ApS who do not skip MFA.
		user(UserMFATOTPID, "mfa-totp@demo.example", "Astrid", "Lund", false, org1(provider.RoleObserver),
			seeddata.MFA{Required: true, TOTPSecret: TOTPSecret},
			"authenticator app, secret "+TOTPSecret+" (any TOTP app; SHA-1, 6 digits, 30 s)"),
		user(UserMFASMSID, "mfa-sms@demo.example", "Mikkel", "Dahl", false, org1(provider.RoleObserver),
			seeddata.MFA{Required: true, PhoneCountry: PhoneCountry, PhoneNumber: PhoneNumber},
			"SMS to +45 20 12 34 56; the code appears in the sandbox outbox"),
		user(UserMFAAuthyID, "mfa-authy@demo.example", "Ida", "Poulsen", false, org1(provider.RoleObserver),
			seeddata.MFA{Required: true, Push: true},
			"push (Authy); approve or deny the request in the sandbox outbox"),
		user(UserMFANewID, "mfa-new@demo.example", "Noah", "Berg", false, org1(provider.RoleObserver),
			seeddata.MFA{Required: true},
			"nothing set up: goes to /mfa-setup (authenticator and phone)"),
	}
}

// Users are the demo logins (role users, the multi-organisation, disabled and
// organisation-less users, and one per second factor), with password as their password.
func Users(password string) []seeddata.User {
	var us []seeddata.User
	for _, l := range logins(password) {
		us = append(us, l.User)
	}
	return us
}

// Invitations is the pending invitation: listed in the report as an invitation, not a
// login. Its id is UserInvitedID, the row the user list shows for it.
func Invitations() []seeddata.Invitation {
	return []seeddata.Invitation{{ID: UserInvitedID, OrganisationID: Org1ID, OrganisationName: "Nordic Trading ApS",
		Email: InvitedEmail, FirstName: "Clara", LastName: "Winther", Role: provider.RoleObserver, Token: InvitationToken}}
}

// Accounts are the demo accounts with the balances their history ends on.
func Accounts() []seeddata.Account {
	acct := func(number, name, code, currency, balance string) provider.Account {
		return provider.Account{AccountNumber: number, Name: name, CurrencyCode: code, CurrencyName: currency, Balance: balance}
	}
	return []seeddata.Account{
		{Account: acct(AccountOrg1EUR, "Main EUR", "EUR", "Euro", "125000.00"), Owner: Org1ID},
		{Account: acct(AccountOrg1GBP, "Payroll GBP", "GBP", "Pound Sterling", "48210.55"), Owner: Org1ID},
		{Account: acct(AccountOrg1USD, "Settlement USD", "USD", "US Dollar", "310457.20"), Owner: Org1ID},
		{Account: acct(AccountOrg1DKK, "Operations DKK", "DKK", "Danish Krone", "862350.75"), Owner: Org1ID},
		// USDT carries 6 decimals (spec 000 section 9).
		{Account: acct(AccountOrg1USDT, "Crypto USDT", "USDT", "Tether USD", "48250.125000"), Owner: Org1ID},
		{Account: acct(AccountOrg2GBP, "Operating GBP", "GBP", "Pound Sterling", "89120.40"), Owner: Org2ID},
		{Account: acct(AccountOrg2USD, "Freight USD", "USD", "US Dollar", "15400.00"), Owner: Org2ID},
		{Account: acct(AccountPartnerPool, "Partner pool EUR", "EUR", "Euro", "2500000.00"),
			SharedTo: []string{Org1ID, Org2ID}},
	}
}
