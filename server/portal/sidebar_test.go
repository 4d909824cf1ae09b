package portal

import (
	"reflect"
	"testing"

	"portal/access"
	"portal/provider"
	"portal/server"
)

func labels(items []server.NavItem) []string {
	var out []string
	for _, it := range items {
		out = append(out, it.Label)
		for _, c := range it.Children {
			out = append(out, "  "+c.Label)
		}
	}
	return out
}

func TestSidebarGating(t *testing.T) {
	routes := New(server.Deps{}).Routes()
	allFlags := provider.FeatureFlags{}
	for _, f := range provider.KnownFlags() {
		allFlags[f] = true
	}
	full := func(role string) *server.OrgContext {
		return &server.OrgContext{
			Org: provider.Organisation{ID: "o1"}, Role: role, Perms: access.For(role),
			Config:   provider.Configuration{ManualPayoutsEnabled: true, BatchesEnabled: 1, ManualPayoutNumberOfApprovers: 1, CustomerABTesting: true},
			Products: provider.ContractedProducts{PayoutProductsCount: 1, CollectionProductsCount: 1},
			Flags:    allFlags,
			Accounts: []provider.Account{{AccountNumber: "111", Name: "Main EUR", CurrencyCode: "EUR", Owner: true},
				{AccountNumber: "222", Name: "Pool", CurrencyCode: "EUR", Owner: false}},
		}
	}
	tests := []struct {
		name string
		ctx  func() *server.OrgContext
		want []string
	}{
		{"admin, everything on", func() *server.OrgContext { return full("admin") }, []string{
			"Dashboard", "Crypto funding", "Payouts", "  Payouts", "  Payout drafts", "  Batches", "  Receivers",
			"Collections", "  Orders", "Accounts", "  Account funding", "  Withdrawals", "  Main EUR",
			"Exports", "  Payouts", "  Statements", "User management", "Settings", "  My Profile", "  Audit log"}},
		{"default role: dashboard and profile only", func() *server.OrgContext { return full("default") }, []string{
			"Dashboard", "Settings", "  My Profile"}},
		{"observer: no exports, no users, no funding", func() *server.OrgContext { return full("observer") }, []string{
			"Dashboard", "Crypto funding", "Payouts", "  Payouts", "  Payout drafts", "  Batches", "  Receivers",
			"Collections", "  Orders", "Accounts", "  Withdrawals", "  Main EUR", "Settings", "  My Profile"}},
		{"no products, no owned account, flags off", func() *server.OrgContext {
			o := full("admin")
			o.Products = provider.ContractedProducts{}
			o.Accounts = o.Accounts[1:]
			o.Flags = provider.FeatureFlags{}
			return o
		}, []string{"Dashboard", "Exports", "  Payouts", "  Statements", "User management", "Settings", "  My Profile", "  Audit log"}},
		{"manual approval off: 'Payout requests'; batches and drafts gated", func() *server.OrgContext {
			o := full("admin")
			o.Flags = provider.FeatureFlags{provider.FlagReceiverManagement: true}
			o.Config.BatchesEnabled = 0
			o.Products.CollectionProductsCount = 0
			return o
		}, []string{"Dashboard", "Payouts", "  Payout requests", "  Receivers", "Accounts", "  Account funding",
			"  Withdrawals", "  Main EUR", "Exports", "  Payouts", "  Statements", "User management", "Settings", "  My Profile", "  Audit log"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := labels(server.Sidebar(routes, tt.ctx(), "/org/o1"))
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("sidebar\n got %q\nwant %q", got, tt.want)
			}
		})
	}
}

func TestSidebarActiveAndAccounts(t *testing.T) {
	routes := New(server.Deps{}).Routes()
	o := &server.OrgContext{Org: provider.Organisation{ID: "o1"}, Role: "admin", Perms: access.For("admin"),
		Accounts: []provider.Account{{AccountNumber: "4520011000000023", Name: "Payroll GBP", CurrencyCode: "GBP", Owner: true}}}
	nav := server.Sidebar(routes, o, "/org/o1/accounts/4520011000000023")
	var active []string
	var acct *server.NavItem
	var walk func([]server.NavItem)
	walk = func(items []server.NavItem) {
		for i := range items {
			if items[i].Active {
				active = append(active, items[i].Label)
			}
			if items[i].Detail != "" {
				acct = &items[i]
			}
			walk(items[i].Children)
		}
	}
	walk(nav)
	if !reflect.DeepEqual(active, []string{"Payroll GBP"}) {
		t.Fatalf("active items %q, want only the account (not the dashboard, whose link is a prefix)", active)
	}
	if acct == nil || acct.Flag != "GB" || acct.Detail != "No. 4520011000000023" {
		t.Fatalf("account item %+v", acct)
	}
}
