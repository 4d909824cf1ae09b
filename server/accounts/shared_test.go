package accounts

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"portal/htmlq"
	"portal/provider"
	"portal/server"
	"portal/server/api"
	"portal/server/servertest"
)

// A member of an organisation an account is shared with (owned elsewhere) sees what the
// dashboard promises: the account's name, number, currency and balance with SHARED and the
// spec's sentence, no transactions, balances over time, funding, Transfer or Export. Its
// movements, summary and transfers answer 403 through the pages, the forms and the API, and
// the transaction search does not reach it; nothing moves. Both demo organisations share the
// pool.
func TestSharedAccount(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	var poolEntry string
	if err := h.DB().QueryRow(`SELECT seq FROM ledger_entries WHERE account_number = ? AND reference <> '' ORDER BY seq DESC LIMIT 1`, acctPool).Scan(&poolEntry); err != nil {
		t.Fatal(err)
	}
	poolBalance := balance(t, h, acctPool)
	for _, tc := range []struct{ org, user, own string }{
		{servertest.OrgNordic, "admin@demo.example", acctEUR},
		{servertest.OrgAtlantic, "atlantic-ops@demo.example", "4520012000000014"},
	} {
		t.Run(tc.user, func(t *testing.T) {
			accts, err := h.Store.Accounts(ctx, tc.org)
			if err != nil {
				t.Fatal(err)
			}
			var pool provider.Account
			for _, a := range accts {
				if a.AccountNumber == acctPool {
					pool = a
				}
			}
			if pool.Owner || pool.Name == "" {
				t.Fatalf("the pool is not shared with %s: %+v", tc.org, pool)
			}
			base := "/org/" + tc.org + "/accounts/"
			c := h.LoggedIn(tc.user)

			// The page, also with an entry asked for (a search link or a bookmark).
			for _, q := range []string{"", "?entry=" + poolEntry + "&entry_type=payout"} {
				res, doc := c.Page(base + acctPool + q)
				if res.StatusCode != 200 {
					t.Fatalf("page%s: %d", q, res.StatusCode)
				}
				main := htmlq.Find(doc, htmlq.ByTag("main"))
				text := htmlq.VisibleText(main)
				for _, want := range []string{pool.Name, "SHARED", acctPool, "EUR", displayAmount(pool.Balance, pool.CurrencyCode) + " EUR", server.MsgSharedAccount} {
					if !strings.Contains(text, want) {
						t.Errorf("page%s lacks %q: %s", q, want, text)
					}
				}
				if servertest.Rows(doc) != nil || htmlq.Find(main, htmlq.ByTag("table")) != nil || htmlq.Find(doc, htmlq.ByID("entry_type")) != nil ||
					htmlq.Find(doc, htmlq.ByID("entry-panel")) != nil {
					t.Errorf("page%s shows transactions", q)
				}
				for _, id := range []string{"funding-title", "withdrawal-title"} {
					if htmlq.Find(doc, htmlq.ByID(id)) != nil {
						t.Errorf("page%s shows %s", q, id)
					}
				}
				if htmlq.Find(doc, func(n *html.Node) bool {
					return htmlq.Attr(n, "data-island") == "TransferDialog" || htmlq.Attr(n, "data-island") == "StatementExport"
				}) != nil || servertest.LinkByText(doc, "Export to CSV") != nil || servertest.LinkByText(doc, "Transfer") != nil {
					t.Errorf("page%s offers Transfer or Export", q)
				}
			}

			// Transfers through the pages and forms: the pool's own transfer page, and the
			// pool named as either side of a transfer posted from an owned account.
			refused := func(what string, res *http.Response) {
				t.Helper()
				doc := servertest.Parse(t, res)
				if res.StatusCode != http.StatusForbidden || mainAlert(doc) != server.MsgSharedAccount {
					t.Errorf("%s: %d %q", what, res.StatusCode, mainAlert(doc))
				}
			}
			refused("transfer page", c.Get(base+acctPool+"/transfer"))
			csrf := c.CSRF(base + tc.own)
			form := func(from, to string) url.Values {
				return url.Values{"_csrf": {csrf}, "idempotency_key": {"6f1c2a9e-8d7b-4c3a-9e1f-0a2b3c4d5e6f"}, "from_account_number": {from},
					"to_account_number": {to}, "amount": {"1.00"}, "end_to_end_id": {"SHARED-1"}}
			}
			refused("post under the pool", c.Do("POST", base+acctPool+"/transfer", form(tc.own, acctPool)))
			refused("from the pool", c.Do("POST", base+tc.own+"/transfer", form(acctPool, tc.own)))
			refused("to the pool", c.Do("POST", base+tc.own+"/transfer", form(tc.own, acctPool)))

			// The API.
			a := h.APILoggedIn(tc.user)
			vb := "/api/v2/virtual_bank/organisations/" + tc.org
			forbidden := func(what, method string, r servertest.Reply, doc string) {
				t.Helper()
				r.Expect(t, http.StatusForbidden, api.CodeForbidden)
				h.CheckReply(t, method, doc, r)
				if e := r.FirstError(t); e["title"] != server.MsgSharedAccount {
					t.Errorf("%s: %v", what, e)
				}
			}
			forbidden("movements", "GET", a.Call("GET", vb+"/accounts/"+acctPool+"/movements", nil), "/virtual_bank/organisations/{id}/accounts/{accountNumber}/movements")
			forbidden("summary", "GET", a.Call("GET", vb+"/accounts/"+acctPool+"/summary", nil), "/virtual_bank/organisations/{id}/accounts/{accountNumber}/summary")
			for i, body := range []map[string]string{
				{"from_account_number": acctPool, "to_account_number": tc.own, "amount": "1.00", "end_to_end_id": "SHARED-API"},
				{"from_account_number": tc.own, "to_account_number": acctPool, "amount": "1.00", "end_to_end_id": "SHARED-API"},
			} {
				forbidden("transfer", "POST", a.Call("POST", vb+"/inter_account_movements", body, apiHeaderIdempotency, "shared-"+string(rune('a'+i))),
					"/virtual_bank/organisations/{id}/inter_account_movements")
			}
			// The list still names it, with its balance: what the dashboard shows.
			list := a.Call("GET", vb+"/accounts", nil)
			list.Expect(t, 200, "")
			found := false
			for _, d := range list.JSON["data"].([]any) {
				m := d.(map[string]any)
				found = found || (m["account_number"] == acctPool && m["balance"] == pool.Balance)
			}
			if !found {
				t.Errorf("the account list lacks the pool: %s", list.Raw)
			}
			// The search reaches owned accounts only.
			s := a.Call("GET", vb+"/movements/search?q="+poolEntry, nil)
			s.Expect(t, 200, "")
			if n := len(s.JSON["data"].([]any)); n != 0 {
				t.Errorf("the search finds %d pool entries", n)
			}
		})
	}
	if got := balance(t, h, acctPool); got.Cmp(poolBalance) != 0 {
		t.Errorf("the pool moved: %s → %s", poolBalance, got)
	}
}
