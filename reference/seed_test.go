package reference

import (
	"context"
	"encoding/base32"
	"encoding/base64"
	"path/filepath"
	"strings"
	"testing"

	"portal/mfa"
	"portal/provider"
	"portal/reference/demo"
)

func TestSeedIdempotent(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openTestStore(t, filepath.Join(t.TempDir(), "portal.db"))

	first, err := demo.Seed(ctx, s, demo.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !first.Seeded || len(first.Organisations) != 2 || len(first.Logins) != 17 || len(first.Invitations) != 1 || first.Password != demo.Password {
		t.Errorf("first seed report: seeded=%v orgs=%d logins=%d password=%q",
			first.Seeded, len(first.Organisations), len(first.Logins), first.Password)
	}
	for _, want := range []string{"multi@demo.example", "mfa-totp@demo.example", demo.TOTPSecret, "mfa-sms@demo.example",
		"mfa-authy@demo.example", "mfa-new@demo.example", "invited@demo.example", "/invitations/accept/" + demo.InvitationToken} {
		if !strings.Contains(first.String(), want) {
			t.Errorf("report text does not list %q:\n%s", want, first)
		}
	}

	second, err := demo.Seed(ctx, s, demo.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if second.Seeded || len(second.Logins) != 0 || !strings.Contains(second.Message, "not seeded") {
		t.Errorf("second seed: seeded=%v logins=%d message=%q; want a no-op that says so",
			second.Seeded, len(second.Logins), second.Message)
	}

	for _, table := range []string{"organisations", "users", "memberships", "accounts", "alerts",
		"totp_factors", "phones", "push_devices", "password_tokens", "invitations", "outbox_messages"} {
		var n int
		query := `SELECT count(*) FROM ` + table
		if table == "accounts" {
			// The ledger's system accounts (provider side of movements) live in the same table.
			query += ` WHERE kind = 'customer'`
		}
		if err := s.read.QueryRowContext(ctx, query).Scan(&n); err != nil {
			t.Fatal(err)
		}
		staff := len(demo.Members())
		// The invited person is an invitation, not a user or a member, until they accept.
		want := map[string]int{"organisations": 2, "users": 17 + staff, "memberships": 17 + staff, "accounts": 8, "alerts": 2,
			"totp_factors": 1, "phones": 1, "push_devices": 1, "password_tokens": 0, "invitations": 1, "outbox_messages": 1}[table]
		if n != want {
			t.Errorf("%s has %d rows after two seeds, want %d", table, n, want)
		}
	}
}

func TestSeedConcurrentCallsSeedOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openTestStore(t, filepath.Join(t.TempDir(), "portal.db"))
	results := make(chan demo.Report, 4)
	errs := make(chan error, 4)
	for range 4 {
		go func() {
			r, err := demo.Seed(ctx, s, demo.Options{})
			results <- r
			errs <- err
		}()
	}
	seeded := 0
	for range 4 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
		if (<-results).Seeded {
			seeded++
		}
	}
	if seeded != 1 {
		t.Errorf("%d calls seeded, want exactly 1", seeded)
	}
}

func TestSeedUsers(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := seededStore(t)
	tests := []struct {
		email, id, role string
		disabled        bool
	}{
		{"default@demo.example", demo.UserDefaultID, provider.RoleDefault, false},
		{"observer@demo.example", demo.UserObserverID, provider.RoleObserver, false},
		{"finance@demo.example", demo.UserFinanceID, provider.RoleFinance, false},
		// Stored as the spaced alias on purpose.
		{"operations_member@demo.example", demo.UserOperationsMemberID, "operations member", false},
		{"operations_member_reviewer@demo.example", demo.UserOperationsMemberReviewerID, provider.RoleOperationsMemberReviewer, false},
		{"admin@demo.example", demo.UserAdminID, provider.RoleAdmin, false},
		{"admin_reviewer@demo.example", demo.UserAdminReviewerID, provider.RoleAdminReviewer, false},
		{"disabled@demo.example", demo.UserDisabledID, provider.RoleObserver, true},
	}
	for _, tt := range tests {
		t.Run(tt.email, func(t *testing.T) {
			u, err := s.UserByEmail(ctx, tt.email)
			if err != nil {
				t.Fatal(err)
			}
			if u.ID != tt.id || u.Disabled != tt.disabled || !u.SkipMFA || u.FirstName == "" || u.LastName == "" || u.CreatedAt.IsZero() {
				t.Errorf("user = %+v", u)
			}
			ms, err := s.Memberships(ctx, u.ID)
			if err != nil {
				t.Fatal(err)
			}
			if len(ms) != 1 || ms[0].Organisation.ID != demo.Org1ID || ms[0].Role != tt.role || !ms[0].Default {
				t.Errorf("memberships = %+v; want default %q in org 1", ms, tt.role)
			}
		})
	}

	t.Run("multi", func(t *testing.T) {
		ms, err := s.Memberships(ctx, demo.UserMultiID)
		if err != nil {
			t.Fatal(err)
		}
		// Ordered by organisation name: Atlantic before Nordic.
		want := []struct {
			org, role string
			def       bool
		}{{demo.Org2ID, provider.RoleObserver, true}, {demo.Org1ID, provider.RoleAdmin, false}}
		if len(ms) != len(want) {
			t.Fatalf("memberships = %+v", ms)
		}
		for i, w := range want {
			if ms[i].Organisation.ID != w.org || ms[i].Role != w.role || ms[i].Default != w.def {
				t.Errorf("membership %d = %+v, want %+v", i, ms[i], w)
			}
		}
	})

	t.Run("noorg", func(t *testing.T) {
		u, err := s.UserByEmail(ctx, "noorg@demo.example")
		if err != nil {
			t.Fatal(err)
		}
		ms, err := s.Memberships(ctx, u.ID)
		if err != nil || ms == nil || len(ms) != 0 {
			t.Errorf("Memberships = %#v, %v; want an empty, non-nil list", ms, err)
		}
	})
}

func TestSeedOrganisations(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := seededStore(t)

	m, err := s.Membership(ctx, demo.UserAdminID, demo.Org1ID)
	if err != nil {
		t.Fatal(err)
	}
	if o := m.Organisation; o.Name != "Nordic Trading ApS" || o.CountryISO != "DK" || o.City != "Copenhagen" || o.PostalCode != "1050" || o.Line1 == "" {
		t.Errorf("org 1 = %+v", o)
	}
	m, err = s.Membership(ctx, demo.UserMultiID, demo.Org2ID)
	if err != nil {
		t.Fatal(err)
	}
	if o := m.Organisation; o.Name != "Atlantic Freight Ltd" || o.CountryISO != "GB" || o.City != "London" {
		t.Errorf("org 2 = %+v", o)
	}

	tests := []struct {
		org      string
		config   provider.Configuration
		products provider.ContractedProducts
		flagsOn  []string
		alerts   []string // types in order
	}{
		{
			org: demo.Org1ID,
			config: provider.Configuration{ManualPayoutsEnabled: true, BatchesEnabled: 1, BatchNumberOfApprovers: 2,
				ManualPayoutNumberOfApprovers: 1, CustomerABTesting: true, FXWidgetEnabled: true},
			products: provider.ContractedProducts{PayoutProductsCount: 2, CollectionProductsCount: 1},
			flagsOn:  provider.KnownFlags(),
			alerts:   []string{provider.AlertInfo, provider.AlertWarning},
		},
		{
			org:      demo.Org2ID,
			config:   provider.Configuration{ManualPayoutsEnabled: true, ManualPayoutNumberOfApprovers: 2, BatchesEnabled: 1},
			products: provider.ContractedProducts{PayoutProductsCount: 1},
			flagsOn:  []string{provider.FlagReceiverManagement, provider.FlagCryptoFunding, provider.FlagPayoutDraftApproval, provider.FlagBatchesPage},
			alerts:   []string{},
		},
	}
	for _, tt := range tests {
		t.Run(tt.org, func(t *testing.T) {
			c, err := s.Configuration(ctx, tt.org)
			if err != nil || c != tt.config {
				t.Errorf("Configuration = %+v, %v; want %+v", c, err, tt.config)
			}
			p, err := s.ContractedProducts(ctx, tt.org)
			if err != nil || p != tt.products {
				t.Errorf("ContractedProducts = %+v, %v; want %+v", p, err, tt.products)
			}
			flags, err := s.FeatureFlags(ctx, tt.org)
			if err != nil {
				t.Fatal(err)
			}
			on := map[string]bool{}
			for _, f := range tt.flagsOn {
				on[f] = true
			}
			for _, f := range provider.KnownFlags() {
				v, present := flags[f]
				if !present || v != on[f] {
					t.Errorf("flag %s = %v (present %v), want %v", f, v, present, on[f])
				}
			}
			alerts, err := s.Alerts(ctx, tt.org)
			if err != nil {
				t.Fatal(err)
			}
			if len(alerts) != len(tt.alerts) {
				t.Fatalf("alerts = %+v, want types %v", alerts, tt.alerts)
			}
			for i, a := range alerts {
				if a.AlertType != tt.alerts[i] || a.ID == "" || a.AlertMessage == "" {
					t.Errorf("alert %d = %+v, want type %s", i, a, tt.alerts[i])
				}
			}
		})
	}

	alerts, _ := s.Alerts(ctx, demo.Org1ID)
	if len(alerts) > 0 && alerts[0].AlertMessage != demo.MaintenanceAlert {
		t.Errorf("first alert = %q, want the maintenance notice", alerts[0].AlertMessage)
	}
}

func TestSeedAccounts(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := seededStore(t)
	type row struct {
		number, name, code, balance string
		owner                       bool
	}
	tests := []struct {
		org  string
		want []row
	}{
		{demo.Org1ID, []row{
			{demo.AccountOrg1USDT, "Crypto USDT", "USDT", "48250.125000", true},
			{demo.AccountOrg1EUR, "Main EUR", "EUR", "125000.00", true},
			{demo.AccountOrg1DKK, "Operations DKK", "DKK", "862350.75", true},
			{demo.AccountOrg1GBP, "Payroll GBP", "GBP", "48210.55", true},
			{demo.AccountOrg1USD, "Settlement USD", "USD", "310457.20", true},
			{demo.AccountPartnerPool, "Partner pool EUR", "EUR", "2500000.00", false},
		}},
		{demo.Org2ID, []row{
			{demo.AccountOrg2USD, "Freight USD", "USD", "15400.00", true},
			{demo.AccountOrg2GBP, "Operating GBP", "GBP", "89120.40", true},
			{demo.AccountPartnerPool, "Partner pool EUR", "EUR", "2500000.00", false},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.org, func(t *testing.T) {
			got, err := s.Accounts(ctx, tt.org)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tt.want) {
				t.Fatalf("Accounts = %+v, want %d rows", got, len(tt.want))
			}
			for i, w := range tt.want {
				a := got[i]
				if a.AccountNumber != w.number || a.Name != w.name || a.CurrencyCode != w.code ||
					a.Balance != w.balance || a.Owner != w.owner || a.CurrencyName == "" {
					t.Errorf("account %d = %+v, want %+v", i, a, w)
				}
				if n := len(a.AccountNumber); n < 14 || n > 16 || strings.Trim(a.AccountNumber, "0123456789") != "" {
					t.Errorf("account number %q is not a 14-16 digit string", a.AccountNumber)
				}
			}
		})
	}
}

func TestSeedMFAUsers(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, clock := authStore(t)
	tests := []struct {
		email, id                              string
		verifySetup, phone, configured, enable bool
		check                                  func(t *testing.T)
	}{
		{"mfa-totp@demo.example", demo.UserMFATOTPID, true, false, true, true, func(t *testing.T) {
			code, err := mfa.Code(demo.TOTPSecret, clock.Now())
			if err != nil {
				t.Fatal(err)
			}
			wantErr(t, s.VerifyTOTP(ctx, demo.UserMFATOTPID, code), "", "")
			_, err = s.StartTOTP(ctx, demo.UserMFATOTPID)
			wantErr(t, err, provider.ECONFLICT, "")
		}},
		{"mfa-sms@demo.example", demo.UserMFASMSID, false, true, true, true, func(t *testing.T) {
			wantErr(t, s.SendLoginSMS(ctx, demo.UserMFASMSID, "login-1"), "", "")
			wantErr(t, s.VerifyLoginSMS(ctx, demo.UserMFASMSID, "login-1", lastSMSCode(t, s, "+45 20123456")), "", "")
			wantErr(t, s.RegisterPhone(ctx, demo.UserMFASMSID, "dk", "20123456"), provider.ECONFLICT, "")
		}},
		{"mfa-authy@demo.example", demo.UserMFAAuthyID, false, false, true, true, func(t *testing.T) {
			a, err := s.CreateApproval(ctx, demo.UserMFAAuthyID, "login-1")
			wantErr(t, err, "", "")
			wantErr(t, s.DecideApproval(ctx, a.ID, true), "", "")
		}},
		{"mfa-new@demo.example", demo.UserMFANewID, false, false, false, false, func(t *testing.T) {
			_, err := s.CreateApproval(ctx, demo.UserMFANewID, "login-1")
			wantErr(t, err, provider.EINVALID, "")
			_, err = s.StartTOTP(ctx, demo.UserMFANewID)
			wantErr(t, err, "", "")
		}},
	}
	for _, tt := range tests {
		t.Run(tt.email, func(t *testing.T) {
			u, err := s.Authenticate(ctx, tt.email, demo.Password)
			if err != nil {
				t.Fatal(err)
			}
			if u.ID != tt.id || u.SkipMFA || u.Disabled || u.HasVerifySetup != tt.verifySetup || u.HasPhone != tt.phone ||
				u.MFAConfigured != tt.configured || u.MFAEnabled != tt.enable {
				t.Errorf("user = %+v", u)
			}
			ms, err := s.Memberships(ctx, u.ID)
			if err != nil || len(ms) != 1 || ms[0].Organisation.ID != demo.Org1ID || ms[0].Role != provider.RoleObserver || !ms[0].Default {
				t.Errorf("memberships = %+v, %v", ms, err)
			}
			tt.check(t)
		})
	}

	t.Run("invited", func(t *testing.T) {
		if u, err := s.UserByEmail(ctx, demo.InvitedEmail); provider.ErrorCode(err) != provider.ENOTFOUND {
			t.Errorf("the invited address has a user before accepting: %+v, %v", u, err)
		}
		inv, err := s.CheckInvitation(ctx, demo.InvitationToken)
		if err != nil || inv.Email != demo.InvitedEmail || inv.OrganisationID != demo.Org1ID || inv.Role != provider.RoleObserver || inv.LoginRequired {
			t.Errorf("CheckInvitation = %+v, %v", inv, err)
		}
		u, err := s.OrganisationUser(ctx, demo.Org1ID, demo.UserInvitedID)
		if err != nil || !u.Invited || u.FirstName != "Clara" || u.LastName != "Winther" {
			t.Errorf("the invitation in the user list = %+v, %v", u, err)
		}
	})

	t.Run("demo constants", func(t *testing.T) {
		if key, err := base32.StdEncoding.WithPadding(base32.NoPadding).DecodeString(demo.TOTPSecret); err != nil || len(key) != 20 {
			t.Errorf("demo.TOTPSecret is not 20 bytes of base32: %d, %v", len(key), err)
		}
		if raw, err := base64.RawURLEncoding.DecodeString(demo.InvitationToken); err != nil || len(raw) != 32 {
			t.Errorf("demo.InvitationToken is not 32 bytes of base64url: %d, %v", len(raw), err)
		}
		if demo.InvitationLink != "/invitations/accept/"+demo.InvitationToken {
			t.Errorf("link %q", demo.InvitationLink)
		}
	})
}

func TestOutboxNewestFirst(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := authStore(t) // the clock stands still: order must not depend on it
	for _, login := range []string{"l1", "l2", "l3"} {
		wantErr(t, s.SendLoginSMS(ctx, demo.UserMFASMSID, login), "", "")
	}
	wantErr(t, s.RequestPasswordReset(ctx, "admin@demo.example"), "", "")

	all, err := s.Outbox(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 5 {
		t.Fatalf("outbox has %d messages, want 5 (invitation, 3 SMS, reset)", len(all))
	}
	kinds := []string{}
	for _, m := range all {
		kinds = append(kinds, m.Kind)
		if m.ID == "" || m.CreatedAt.IsZero() || m.Body == "" || m.To == "" {
			t.Errorf("message %+v", m)
		}
	}
	if strings.Join(kinds, ",") != "email,sms,sms,sms,email" || all[0].Subject != "Reset your password" ||
		!strings.HasPrefix(all[4].Link, "/invitations/accept/") {
		t.Errorf("order = %v; first %+v; last %+v", kinds, all[0], all[4])
	}
	two, err := s.Outbox(ctx, 2)
	if err != nil || len(two) != 2 || two[0].ID != all[0].ID || two[1].ID != all[1].ID {
		t.Errorf("Outbox(2) = %+v, %v", two, err)
	}
}
