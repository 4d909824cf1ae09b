package search

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"portal/htmlq"
	"portal/provider"
	"portal/server"
	"portal/server/accounts"
	"portal/server/auth"
	"portal/server/collections"
	"portal/server/createpayout"
	"portal/server/payouts"
	"portal/server/servertest"
	"portal/server/statements"
	"portal/server/withdrawals"
)

// demo are identifiers of the demo data, read from the store so the tests follow the seed.
type demo struct {
	payoutRef, payoutE2E        string // a rejected payout: no ledger entry carries its ids
	bookedRef                   string // a payout with ledger entries under the same ids
	orderUUID, orderUnique      string
	orderMerchant               string
	paymentUUID, paymentUnique  string
	withdrawalRef, withdrawalID string
	withdrawalE2E               string
	entryID                     string
	atlanticPayoutE2E           string
	atlanticOrderUUID           string
	atlanticPaymentUnique       string
}

func demoIDs(t *testing.T, h *servertest.Harness) demo {
	t.Helper()
	var d demo
	for _, q := range []struct {
		sql  string
		args []any
		dst  []any
	}{
		{`SELECT unique_reference, end_to_end_id FROM payout_requests p WHERE organisation_id = ? AND state = 'rejected'
			AND NOT EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.end_to_end_id = p.end_to_end_id)
			AND NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.reference = p.unique_reference OR e.order_id = p.unique_reference)
			ORDER BY end_to_end_id LIMIT 1`, []any{servertest.OrgNordic}, []any{&d.payoutRef, &d.payoutE2E}},
		{`SELECT p.unique_reference FROM payout_requests p WHERE p.organisation_id = ? AND EXISTS (SELECT 1 FROM ledger_entries e
			WHERE e.reference = p.unique_reference) ORDER BY p.unique_reference LIMIT 1`, []any{servertest.OrgNordic}, []any{&d.bookedRef}},
		{`SELECT id, unique_reference, reference FROM collection_orders WHERE organisation_id = ? ORDER BY unique_reference LIMIT 1`,
			[]any{servertest.OrgNordic}, []any{&d.orderUUID, &d.orderUnique, &d.orderMerchant}},
		{`SELECT id, unique_reference FROM collection_payments WHERE organisation_id = ? ORDER BY unique_reference LIMIT 1`,
			[]any{servertest.OrgNordic}, []any{&d.paymentUUID, &d.paymentUnique}},
		{`SELECT reference, id, external_reference FROM withdrawal_requests WHERE organisation_id = ? ORDER BY external_reference LIMIT 1`,
			[]any{servertest.OrgNordic}, []any{&d.withdrawalRef, &d.withdrawalID, &d.withdrawalE2E}},
		{`SELECT seq FROM ledger_entries WHERE account_number = ? ORDER BY seq DESC LIMIT 1`, []any{acctEUR}, []any{&d.entryID}},
		{`SELECT end_to_end_id FROM payout_requests WHERE organisation_id = ? ORDER BY end_to_end_id LIMIT 1`, []any{servertest.OrgAtlantic}, []any{&d.atlanticPayoutE2E}},
		{`SELECT id FROM collection_orders WHERE organisation_id = ? ORDER BY unique_reference LIMIT 1`, []any{servertest.OrgAtlantic}, []any{&d.atlanticOrderUUID}},
		{`SELECT unique_reference FROM collection_payments WHERE organisation_id = ? ORDER BY unique_reference LIMIT 1`, []any{servertest.OrgAtlantic}, []any{&d.atlanticPaymentUnique}},
	} {
		if err := h.DB().QueryRow(q.sql, q.args...).Scan(q.dst...); err != nil {
			t.Fatalf("%s: %v", q.sql, err)
		}
	}
	return d
}

// groupTitles are the titles of the result groups shown, in order.
func groupTitles(doc *html.Node) []string {
	var out []string
	for _, sec := range htmlq.FindAll(doc, func(n *html.Node) bool {
		return n.Data == "section" && strings.HasPrefix(htmlq.Attr(n, "aria-labelledby"), "search-")
	}) {
		out = append(out, htmlq.VisibleText(htmlq.Find(sec, htmlq.ByTag("h2"))))
	}
	return out
}

// groupLinks are the hit links of group key.
func groupLinks(doc *html.Node, key string) []string {
	sec := htmlq.Find(doc, func(n *html.Node) bool {
		return n.Data == "section" && htmlq.Attr(n, "aria-labelledby") == "search-"+key
	})
	var out []string
	for _, tr := range servertest.Rows(sec) {
		out = append(out, htmlq.Attr(htmlq.Find(tr, htmlq.ByTag("a")), "href"))
	}
	return out
}

func TestSearchFiveGroups(t *testing.T) {
	h := newHarness(t)
	d := demoIDs(t, h)
	org := "/org/" + servertest.OrgNordic
	at := func(kind, id, q string) string {
		return org + "/search/" + kind + "/" + url.PathEscape(id) + "?" + url.Values{"q": {q}}.Encode()
	}
	payoutLink := org + "/payouts/" + d.payoutRef + "#payout-panel"
	orderLink := org + "/collections/orders/" + d.orderUUID + "#order-panel"
	withdrawalLink := org + "/accounts/withdrawals/" + d.withdrawalRef + "#withdrawal-panel"
	all := []string{"Account Transactions", "Payout requests", "Collection Orders", "Collection Order Payments", "Withdrawals"}

	cases := []struct {
		name, user, org, q string
		moved              string            // where the search moves; "" stays (no hit)
		links              map[string]string // group key → its first hit link
		groups             []string          // the groups shown (nil: the no-result state)
	}{
		{"payout end-to-end id", "observer@demo.example", servertest.OrgNordic, d.payoutE2E, at("payouts", d.payoutRef, d.payoutE2E),
			map[string]string{"payouts": payoutLink}, all},
		{"payout reference in lower case", "observer@demo.example", servertest.OrgNordic, strings.ToLower(d.payoutRef), at("payouts", d.payoutRef, strings.ToLower(d.payoutRef)),
			map[string]string{"payouts": payoutLink}, all},
		{"end-to-end id is exact", "observer@demo.example", servertest.OrgNordic, strings.ToLower(d.payoutE2E), "", nil, nil},
		{"order uuid in upper case", "observer@demo.example", servertest.OrgNordic, strings.ToUpper(d.orderUUID), at("orders", d.orderUUID, strings.ToUpper(d.orderUUID)),
			map[string]string{"orders": orderLink}, all},
		{"order merchant reference", "observer@demo.example", servertest.OrgNordic, d.orderMerchant, at("orders", d.orderUUID, d.orderMerchant),
			map[string]string{"orders": orderLink}, all},
		{"payment reference", "observer@demo.example", servertest.OrgNordic, d.paymentUnique, at("payments", d.paymentUUID, d.paymentUnique), nil, all},
		// A withdrawal's reference and id are its ledger entries' too: transactions come first.
		{"withdrawal reference", "observer@demo.example", servertest.OrgNordic, d.withdrawalRef, "transactions",
			map[string]string{"withdrawals": withdrawalLink}, all},
		// The provider's reference matches in any case; the ledger's references are exact.
		{"withdrawal reference in lower case", "observer@demo.example", servertest.OrgNordic, strings.ToLower(d.withdrawalRef),
			at("withdrawals", d.withdrawalRef, strings.ToLower(d.withdrawalRef)), map[string]string{"withdrawals": withdrawalLink}, all},
		{"withdrawal end-to-end id", "observer@demo.example", servertest.OrgNordic, d.withdrawalE2E, at("withdrawals", d.withdrawalRef, d.withdrawalE2E),
			map[string]string{"withdrawals": withdrawalLink}, all},
		{"withdrawal id", "observer@demo.example", servertest.OrgNordic, d.withdrawalID, "transactions",
			map[string]string{"withdrawals": withdrawalLink}, all},
		// A booked payout's reference is its ledger entries' too: the first group wins.
		{"several groups", "observer@demo.example", servertest.OrgNordic, d.bookedRef, "transactions", nil, all},
		{"no hit", "observer@demo.example", servertest.OrgNordic, "NOTHING-LIKE-THIS", "", nil, nil},
		{"no query", "observer@demo.example", servertest.OrgNordic, "   ", "", nil, nil},
		{"another organisation's payout", "multi@demo.example", servertest.OrgNordic, d.atlanticPayoutE2E, "", nil, nil},
		{"another organisation's order", "multi@demo.example", servertest.OrgNordic, d.atlanticOrderUUID, "", nil, nil},
		{"another organisation's payment", "multi@demo.example", servertest.OrgNordic, d.atlanticPaymentUnique, "", nil, nil},
		{"own payout from the other organisation", "multi@demo.example", servertest.OrgAtlantic, d.payoutE2E, "", nil, nil},
		{"own withdrawal from the other organisation", "multi@demo.example", servertest.OrgAtlantic, d.withdrawalRef, "", nil, nil},
		{"without read permissions", "default@demo.example", servertest.OrgNordic, d.payoutE2E, "", nil, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := h.LoggedIn(tc.user)
			if tc.org == servertest.OrgAtlantic {
				c.Get("/org/" + servertest.OrgAtlantic)
			}
			path, status, doc := follow(t, c, searchPath(tc.org, tc.q))
			if status != http.StatusOK {
				t.Fatalf("%s: status %d", path, status)
			}
			switch {
			case tc.moved == "":
				if strings.Contains(path, "/search/") {
					t.Errorf("moved to %s", path)
				}
			case strings.Contains(tc.moved, "?"):
				if path != tc.moved {
					t.Errorf("moved to %s, want %s", path, tc.moved)
				}
			default:
				if !strings.HasPrefix(path, org+"/search/"+tc.moved+"/") {
					t.Errorf("moved to %s, want the %s group", path, tc.moved)
				}
			}
			if noResult(doc) != (tc.groups == nil) {
				t.Errorf("no-result state %v", noResult(doc))
			}
			if tc.groups == nil {
				if nr := htmlq.Find(doc, htmlq.ByID("no-result")); nr == nil || !strings.Contains(htmlq.VisibleText(nr), "No search result") ||
					!strings.Contains(htmlq.VisibleText(nr), "We could not find any results matching the applied search criteria. Please adjust your search criteria and try again.") {
					t.Error("no-result text missing")
				}
			}
			if got := groupTitles(doc); strings.Join(got, "|") != strings.Join(tc.groups, "|") {
				t.Errorf("groups %q, want %q", got, tc.groups)
			}
			for key, want := range tc.links {
				if got := groupLinks(doc, key); len(got) == 0 || got[0] != want {
					t.Errorf("%s links %v, want %s", key, got, want)
				}
			}
		})
	}

	t.Run("several groups list both", func(t *testing.T) {
		c := h.LoggedIn("observer@demo.example")
		_, _, doc := follow(t, c, searchPath(servertest.OrgNordic, d.bookedRef))
		if len(searchHits(doc)) == 0 || len(groupLinks(doc, "payouts")) != 1 {
			t.Errorf("transactions %v, payouts %v", searchHits(doc), groupLinks(doc, "payouts"))
		}
	})
	t.Run("a group the role may not read is not shown", func(t *testing.T) {
		// default has no read permission: no group at all, and no panel address.
		c := h.LoggedIn("default@demo.example")
		_, _, doc := follow(t, c, searchPath(servertest.OrgNordic, d.payoutE2E))
		if len(groupTitles(doc)) != 0 || len(htmlq.FindAll(htmlq.Find(doc, htmlq.ByTag("main")), htmlq.ByTag("li"))) != 0 {
			t.Errorf("groups %q", htmlq.VisibleText(htmlq.Find(doc, htmlq.ByTag("main"))))
		}
		if r := c.Get(at("payouts", d.payoutRef, d.payoutE2E)); r.StatusCode != http.StatusSeeOther {
			t.Errorf("panel address without payouts:read: %d", r.StatusCode)
		}
	})
	t.Run("period", func(t *testing.T) {
		c := h.LoggedIn("observer@demo.example")
		path, _, doc := follow(t, c, searchPath(servertest.OrgNordic, d.payoutE2E)+"&start_date=2999-01-01&end_date=2999-12-31")
		if !noResult(doc) || strings.Contains(path, "/search/") {
			t.Errorf("a period without the payout found it: %s", path)
		}
		path, _, _ = follow(t, c, searchPath(servertest.OrgNordic, d.payoutE2E)+"&start_date=2000-01-01")
		if !strings.Contains(path, "/search/payouts/") || !strings.Contains(path, "start_date=2000-01-01") {
			t.Errorf("moved to %s", path)
		}
		if r := c.Get(searchPath(servertest.OrgNordic, d.payoutE2E) + "&end_date=31-12-2020"); r.StatusCode != http.StatusUnprocessableEntity {
			t.Errorf("bad date: %d", r.StatusCode)
		}
	})
}

// The five addresses the search moves to each open their record's panel; another
// organisation's record is not found there either.
func TestSearchPanels(t *testing.T) {
	h := newHarness(t)
	d := demoIDs(t, h)
	org := "/org/" + servertest.OrgNordic + "/search/"
	cases := []struct {
		name, path, panel, title string
	}{
		{"transaction", org + "transactions/" + d.entryID, "entry-panel", "Transaction details"},
		{"payout", org + "payouts/" + d.payoutRef + "?q=" + d.payoutE2E, "payout-panel", "Payout " + d.payoutRef},
		{"order", org + "orders/" + d.orderUUID, "order-panel", "Order " + d.orderMerchant},
		{"payment", org + "payments/" + d.paymentUUID, "order-panel", "Payment " + d.paymentUnique},
		{"withdrawal", org + "withdrawals/" + d.withdrawalRef, "withdrawal-panel", "Withdrawal " + d.withdrawalRef},
	}
	c := h.LoggedIn("multi@demo.example")
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r, doc := c.Page(tc.path)
			if r.StatusCode != http.StatusOK {
				t.Fatalf("status %d", r.StatusCode)
			}
			panel := htmlq.Find(doc, htmlq.ByID(tc.panel))
			if panel == nil {
				t.Fatalf("no %s", tc.panel)
			}
			if h2 := htmlq.Find(panel, htmlq.ByTag("h2")); h2 == nil || !strings.Contains(htmlq.VisibleText(h2), tc.title) {
				t.Errorf("panel heading %q, want %q", htmlq.VisibleText(h2), tc.title)
			}
			// Close leads back to the results, which then stay put.
			closeLink := htmlq.Find(panel, func(n *html.Node) bool { return n.Data == "a" && strings.HasPrefix(htmlq.VisibleText(n), "Close") })
			if closeLink == nil {
				t.Fatal("no Close link")
			}
			href := htmlq.Attr(closeLink, "href")
			if r := c.Get(href); r.StatusCode != http.StatusOK || !strings.HasPrefix(href, "/org/"+servertest.OrgNordic+"/search?") {
				t.Errorf("close %s: %d", href, r.StatusCode)
			}
		})
	}
	t.Run("payout tabs stay on the search", func(t *testing.T) {
		_, doc := c.Page(cases[1].path)
		tab := htmlq.Find(htmlq.Find(doc, htmlq.ByID("payout-panel")), func(n *html.Node) bool { return n.Data == "a" && htmlq.VisibleText(n) == "Sender" })
		if tab == nil || !strings.HasPrefix(htmlq.Attr(tab, "href"), org+"payouts/"+d.payoutRef+"?") {
			t.Fatalf("tab %v", tab)
		}
		r, page := c.Page(htmlq.Attr(tab, "href"))
		if r.StatusCode != http.StatusOK || htmlq.Find(page, htmlq.ByID("payout-panel")) == nil {
			t.Errorf("tab page %d", r.StatusCode)
		}
	})
	t.Run("another organisation's records", func(t *testing.T) {
		for _, p := range []string{org + "payouts/" + d.atlanticPayoutE2E, org + "orders/" + d.atlanticOrderUUID,
			org + "transactions/999999999", "/org/" + servertest.OrgAtlantic + "/search/withdrawals/" + d.withdrawalRef} {
			if strings.Contains(p, servertest.OrgAtlantic) {
				c.Get("/org/" + servertest.OrgAtlantic)
			}
			r, doc := c.Page(p)
			if r.StatusCode != http.StatusNotFound || !strings.Contains(htmlq.VisibleText(htmlq.Find(doc, htmlq.ByTag("main"))), "Something went wrong") {
				t.Errorf("%s: %d", p, r.StatusCode)
			}
		}
	})
}

// failingFind is a payouts provider whose search fails (embedded under another name: the
// interface has a method called Payouts).
type failingFind struct{ payoutsProvider }

type payoutsProvider = provider.Payouts

func (failingFind) FindPayouts(context.Context, string, string) ([]provider.PayoutRequest, error) {
	return nil, errors.New("provider down")
}

// A group whose provider fails says so; the other groups still answer.
func TestSearchGroupFails(t *testing.T) {
	h := servertest.NewWith(t, func(d *server.Deps) { d.Payouts = failingFind{d.Payouts} },
		auth.New, New, accounts.New, statements.New, payouts.New, createpayout.New, collections.New, withdrawals.New)
	d := demoIDs(t, h)
	c := h.LoggedIn("observer@demo.example")
	path, status, doc := follow(t, c, searchPath(servertest.OrgNordic, d.payoutE2E))
	sec := htmlq.Find(doc, func(n *html.Node) bool {
		return n.Data == "section" && htmlq.Attr(n, "aria-labelledby") == "search-payouts"
	})
	if status != http.StatusOK || strings.Contains(path, "/search/") || sec == nil ||
		!strings.Contains(htmlq.VisibleText(sec), "This group could not be searched. Please try again.") {
		t.Fatalf("%s %d: %q", path, status, htmlq.VisibleText(htmlq.Find(doc, htmlq.ByTag("main"))))
	}
	if _, _, doc := follow(t, c, searchPath(servertest.OrgNordic, d.orderUnique)); len(groupLinks(doc, "orders")) != 1 {
		t.Error("the orders group failed with the payouts")
	}
}
