package bench

import (
	"testing"

	"portal/server"
	"portal/server/dashboard"
)

// TestDashboardTwinVariants renders the dashboard twin and the TSX page
// (goja) with props that take every branch of Shell.tsx, Messages.tsx,
// Icon.tsx and the OrgSwitcher's server markup, so neither can change
// without the other: the benchmark fixture alone leaves branches unvisited.
func TestDashboardTwinVariants(t *testing.T) {
	checkVariants(t, "Dashboard", dashboardFixture(t), []twinVariant[DashboardView]{
		{"fixture", func(*DashboardView) {}},
		{"production, no alerts, MFA banner, query", func(p *DashboardView) {
			p.Shell.Sandbox = false
			p.Shell.Alerts = nil
			p.Shell.MFABanner = true
			p.Shell.Query = `ABC-123 & "x" <y>`
		}},
		{"flashes and alerts of every kind", func(p *DashboardView) {
			p.Shell.Flashes = []server.ShellFlash{{Kind: "success", Text: "Saved."}, {Kind: "error", Text: "Failed <b>&</b>"},
				{Kind: "warning", Text: "Careful"}, {Kind: "info", Text: "FYI"}, {Kind: "notice", Text: "Unknown kind"}}
			p.Shell.Alerts = append(p.Shell.Alerts, server.ShellAlert{ID: "e", Type: "error", Message: "Down"},
				server.ShellAlert{ID: "s", Type: "success", Message: "Up"}, server.ShellAlert{ID: "x", Type: "other", Message: "?"})
		}},
		{"sidebar edge cases", func(p *DashboardView) {
			p.Shell.Nav[0].Active = false
			acc := &p.Shell.Nav[4].Children[3]
			acc.Active = true // an active item with a detail line
			p.Shell.Nav = append(p.Shell.Nav,
				server.NavItem{Label: "No icon", Href: "/org/x/a", Icon: "nope"},
				server.NavItem{Label: "Flags", Children: []server.NavItem{
					{Label: "lower", Href: "/org/x/b", Flag: "de"}, {Label: "three", Href: "/org/x/c", Flag: "DEU"},
					{Label: "both", Href: "/org/x/d", Icon: "home", Flag: "SE", Detail: "No. 1"}, {Label: "no href"}}})
		}},
		{"text that needs escaping", func(p *DashboardView) {
			odd := "Smith & Sons <\"Quoted\"> 'Ltd' </script> \u2028 Ærø"
			p.Shell.Org.Name = odd
			p.Shell.Orgs[1].Name = odd
			p.Shell.Orgs = append(p.Shell.Orgs, server.ShellOrg{ID: `a"b&c<d>`, Name: "<script>alert(1)</script>"})
			p.Shell.User.Name = "Zoë <O'Brien> & co"
			p.Shell.User.Email = "z&o@example.com"
			p.Shell.CSRF = `a+b/c="><x`
			p.Shell.Role = "Admin & reviewer"
			p.Shell.DateRange.ReturnTo = `/org/x?a=1&b="2"`
			p.Accounts.Cards[0].Name = odd
			p.Payouts.Categories[0].Name = odd
		}},
		{"one organisation, nothing owned", func(p *DashboardView) {
			p.Shell.Orgs = p.Shell.Orgs[1:]
			p.Accounts.Cards = []dashboard.AccountCard{}
			p.FX.Rates = []dashboard.FXRow{}
		}},
		{"outside the past 30 days", func(p *DashboardView) {
			p.Current, p.RangeLabel = false, "Custom range"
			p.Shell.DateRange.Type = "custom"
			p.Accounts, p.FX, p.Payouts, p.Collections, p.Crypto = nil, nil, nil, nil, nil
		}},
		{"widget errors and empty statistics", func(p *DashboardView) {
			p.FX.Error = "Error loading FX Rates"
			p.Payouts.Reasons = []dashboard.ReasonTable{}
			p.Collections.Error = "Error loading collection order stats"
			p.Crypto = nil
		}},
		{"unquoted pair, no statistics, no widgets with permission", func(p *DashboardView) {
			p.FX.Rates[0] = dashboard.FXRow{Pay: "EUR", Buy: "XYZ", Error: "Exchange rate is not available."}
			p.Payouts.Error = "Error loading category count stats"
			p.Collections.Statuses = []dashboard.StatLink{}
			p.Accounts = nil
		}},
	})
}
