package accounts

import (
	"net/url"
	"slices"
	"testing"
	"time"

	"golang.org/x/net/html"

	"portal/daterange"
	"portal/htmlq"
	"portal/provider"
	"portal/server/servertest"
)

// Every ledger entry type has its own label and filter value on the account page, in the
// API and in a transactions statement, and the demo holds rows of it: filtering an account
// by the type shows only rows labelled so, and the API answers only that type. Withdrawals
// are withdrawal, withdrawal rejected and withdrawal returned entries, never payout ones
// (the demo's Main EUR account holds both families).
func TestEveryEntryTypeHasLabelFilterAndRows(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("multi@demo.example") // admin of Nordic, observer of Atlantic: one session
	now := time.Now().UTC()
	from := now.AddDate(0, 0, -100)
	if res := c.PostForm("/org/"+servertest.OrgNordic+"/date_range", url.Values{"type": {daterange.Custom},
		"from": {from.Format(daterange.DisplayLayout)}, "to": {now.Format(daterange.DisplayLayout)}}, accountPath(acctEUR)); res.StatusCode != 303 {
		t.Fatalf("date range: %d", res.StatusCode)
	}
	a := h.APILoggedIn("multi@demo.example")
	statement := provider.StatementEntryTypes(provider.KindTransactions)

	labels := map[string]string{}
	for _, typ := range provider.EntryTypes() {
		t.Run(typ, func(t *testing.T) {
			label := provider.EntryTypeLabel(typ)
			if other, dup := labels[label]; dup {
				t.Fatalf("label %q is also %s's", label, other)
			}
			labels[label] = typ
			if !slices.Contains(statement, typ) {
				t.Error("a transactions statement leaves it out")
			}
			// The demo account holding the most entries of the type in the period.
			var org, number string
			var n int
			err := h.DB().QueryRow(`SELECT a.owner_organisation_id, a.account_number, count(*) FROM ledger_entries e
				JOIN accounts a ON a.account_number = e.account_number
				WHERE a.kind = 'customer' AND a.owner_organisation_id IN (?, ?) AND e.entry_type = ? AND e.created_at >= ?
				GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 1`, servertest.OrgNordic, servertest.OrgAtlantic, typ,
				from.Truncate(24*time.Hour).Format("2006-01-02T15:04:05.000000000Z")).Scan(&org, &number, &n)
			if err != nil || n == 0 {
				t.Fatalf("no demo entry of the type in the last 100 days: %v", err)
			}
			path := "/org/" + org + "/accounts/" + number
			_, doc := c.Page(path + "?" + url.Values{qEntryType: {typ}}.Encode())
			opt := htmlq.Find(htmlq.Find(doc, htmlq.ByID("entry_type")), func(n2 *html.Node) bool {
				return n2.Data == "option" && htmlq.Attr(n2, "value") == typ
			})
			if opt == nil || htmlq.VisibleText(opt) != label || !htmlq.HasAttr(opt, "selected") {
				t.Fatalf("the filter's option for %s: %v", typ, opt)
			}
			rows := servertest.Rows(doc)
			if len(rows) != min(n, provider.DefaultMovementLimit) {
				t.Errorf("%s: %d rows, the store holds %d", number, len(rows), n)
			}
			for _, r := range rows {
				cells := htmlq.FindAll(r, htmlq.ByTag("td"))
				if len(cells) < 4 || htmlq.VisibleText(cells[3]) != label {
					t.Fatalf("a row of %s filtered by %s reads %q", number, typ, htmlq.VisibleText(r))
				}
			}
			// The API's filter value is the type, and its rows carry it.
			r := a.Call("GET", "/api/v2/virtual_bank/organisations/"+org+"/accounts/"+number+"/movements?"+
				url.Values{"filter[entry_type]": {typ}, "created_after": {from.Format(daterange.APILayout)}}.Encode(), nil)
			r.Expect(t, 200, "")
			data := r.JSON["data"].([]any)
			if len(data) == 0 || r.JSON["meta"].(map[string]any)["total"] != float64(n) {
				t.Errorf("API: %d rows, meta %v, want total %d", len(data), r.JSON["meta"], n)
			}
			for _, d := range data {
				if d.(map[string]any)["entry_type"] != typ {
					t.Fatalf("API row %v", d)
				}
			}
		})
	}

	// A withdrawal's own entries carry the withdrawal types, whatever the family's name once was.
	var bad int
	if err := h.DB().QueryRow(`SELECT count(*) FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
		WHERE t.kind IN ('withdrawal', 'withdrawal_rejected', 'withdrawal_returned') AND e.entry_type <> t.kind`).Scan(&bad); err != nil || bad != 0 {
		t.Errorf("%d withdrawal entries with another type (%v)", bad, err)
	}
}
