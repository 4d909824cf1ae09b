package server

import "testing"

func TestMarkActive(t *testing.T) {
	home := "/org/o1"
	nav := func() []NavItem {
		return []NavItem{
			{Label: "Dashboard", Href: home},
			{Label: "Payouts", Children: []NavItem{
				{Label: "Payouts", Href: home + "/payouts"},
				{Label: "Payout drafts", Href: home + "/payouts/drafts"},
			}},
			{Label: "Exports", Children: []NavItem{{Label: "Payouts", Href: home + "/exports/payouts"}}},
		}
	}
	active := func(items []NavItem) (got []string) {
		var walk func([]NavItem, string)
		walk = func(list []NavItem, in string) {
			for _, it := range list {
				if it.Active {
					got = append(got, in+it.Label)
				}
				walk(it.Children, it.Label+"/")
			}
		}
		walk(items, "")
		return got
	}
	for _, tc := range []struct {
		path string
		want string
	}{
		{home, "Dashboard"},
		{home + "/payouts", "Payouts/Payouts"},
		{home + "/payouts/7f3c", "Payouts/Payouts"},
		{home + "/payouts/drafts", "Payouts/Payout drafts"},
		{home + "/payouts/drafts/d1/summary", "Payouts/Payout drafts"},
		{home + "/exports/payouts", "Exports/Payouts"},
		{home + "/search/transactions/12", ""},
		{home + "/profile", ""},
		{"/org/o2", ""},
	} {
		items := nav()
		markActive(items, tc.path, home)
		got := active(items)
		if tc.want == "" && len(got) != 0 || tc.want != "" && (len(got) != 1 || got[0] != tc.want) {
			t.Errorf("%s: active %v, want %q", tc.path, got, tc.want)
		}
	}
}
