package reference

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"portal/provider"
)

func TestSeedIdempotent(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openTestStore(t, filepath.Join(t.TempDir(), "portal.db"))

	first, err := s.Seed(ctx, SeedOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !first.Seeded || len(first.Organisations) != 2 || len(first.Logins) != 10 || first.Password != DemoPassword {
		t.Errorf("first seed report: seeded=%v orgs=%d logins=%d password=%q",
			first.Seeded, len(first.Organisations), len(first.Logins), first.Password)
	}
	if !strings.Contains(first.String(), "multi@demo.example") {
		t.Errorf("report text does not list the logins:\n%s", first)
	}

	second, err := s.Seed(ctx, SeedOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if second.Seeded || len(second.Logins) != 0 || !strings.Contains(second.Message, "not seeded") {
		t.Errorf("second seed: seeded=%v logins=%d message=%q; want a no-op that says so",
			second.Seeded, len(second.Logins), second.Message)
	}

	for _, table := range []string{"organisations", "users", "memberships", "accounts", "alerts"} {
		var n int
		if err := s.read.QueryRowContext(ctx, `SELECT count(*) FROM `+table).Scan(&n); err != nil {
			t.Fatal(err)
		}
		want := map[string]int{"organisations": 2, "users": 10, "memberships": 10, "accounts": 8, "alerts": 2}[table]
		if n != want {
			t.Errorf("%s has %d rows after two seeds, want %d", table, n, want)
		}
	}
}

func TestSeedConcurrentCallsSeedOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openTestStore(t, filepath.Join(t.TempDir(), "portal.db"))
	results := make(chan SeedReport, 4)
	errs := make(chan error, 4)
	for range 4 {
		go func() {
			r, err := s.Seed(ctx, SeedOptions{})
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
		{"default@demo.example", DemoUserDefaultID, provider.RoleDefault, false},
		{"observer@demo.example", DemoUserObserverID, provider.RoleObserver, false},
		{"finance@demo.example", DemoUserFinanceID, provider.RoleFinance, false},
		// Stored as the spaced alias on purpose.
		{"operations_member@demo.example", DemoUserOperationsMemberID, "operations member", false},
		{"operations_member_reviewer@demo.example", DemoUserOperationsMemberReviewerID, provider.RoleOperationsMemberReviewer, false},
		{"admin@demo.example", DemoUserAdminID, provider.RoleAdmin, false},
		{"admin_reviewer@demo.example", DemoUserAdminReviewerID, provider.RoleAdminReviewer, false},
		{"disabled@demo.example", DemoUserDisabledID, provider.RoleObserver, true},
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
			if len(ms) != 1 || ms[0].Organisation.ID != DemoOrg1ID || ms[0].Role != tt.role || !ms[0].Default {
				t.Errorf("memberships = %+v; want default %q in org 1", ms, tt.role)
			}
		})
	}

	t.Run("multi", func(t *testing.T) {
		ms, err := s.Memberships(ctx, DemoUserMultiID)
		if err != nil {
			t.Fatal(err)
		}
		// Ordered by organisation name: Atlantic before Nordic.
		want := []struct {
			org, role string
			def       bool
		}{{DemoOrg2ID, provider.RoleObserver, true}, {DemoOrg1ID, provider.RoleAdmin, false}}
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

	m, err := s.Membership(ctx, DemoUserAdminID, DemoOrg1ID)
	if err != nil {
		t.Fatal(err)
	}
	if o := m.Organisation; o.Name != "Nordic Trading ApS" || o.CountryISO != "DK" || o.City != "Copenhagen" || o.PostalCode != "1050" || o.Line1 == "" {
		t.Errorf("org 1 = %+v", o)
	}
	m, err = s.Membership(ctx, DemoUserMultiID, DemoOrg2ID)
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
			org: DemoOrg1ID,
			config: provider.Configuration{ManualPayoutsEnabled: true, BatchesEnabled: 1, BatchNumberOfApprovers: 2,
				ManualPayoutNumberOfApprovers: 1, CustomerABTesting: true, FXWidgetEnabled: true},
			products: provider.ContractedProducts{PayoutProductsCount: 2, CollectionProductsCount: 1},
			flagsOn:  provider.KnownFlags(),
			alerts:   []string{provider.AlertInfo, provider.AlertWarning},
		},
		{
			org:      DemoOrg2ID,
			config:   provider.Configuration{},
			products: provider.ContractedProducts{PayoutProductsCount: 1},
			flagsOn:  []string{provider.FlagReceiverManagement, provider.FlagCryptoFunding},
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

	alerts, _ := s.Alerts(ctx, DemoOrg1ID)
	if len(alerts) > 0 && alerts[0].AlertMessage != MaintenanceAlert {
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
		{DemoOrg1ID, []row{
			{DemoAccountOrg1USDT, "Crypto USDT", "USDT", "48250.125000", true},
			{DemoAccountOrg1EUR, "Main EUR", "EUR", "125000.00", true},
			{DemoAccountOrg1DKK, "Operations DKK", "DKK", "862350.75", true},
			{DemoAccountOrg1GBP, "Payroll GBP", "GBP", "48210.55", true},
			{DemoAccountOrg1USD, "Settlement USD", "USD", "310457.20", true},
			{DemoAccountPartnerPool, "Partner pool EUR", "EUR", "2500000.00", false},
		}},
		{DemoOrg2ID, []row{
			{DemoAccountOrg2USD, "Freight USD", "USD", "15400.00", true},
			{DemoAccountOrg2GBP, "Operating GBP", "GBP", "89120.40", true},
			{DemoAccountPartnerPool, "Partner pool EUR", "EUR", "2500000.00", false},
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
