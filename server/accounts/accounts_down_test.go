package accounts

import (
	"bytes"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"portal/htmlq"
	"portal/server"
	"portal/server/servertest"
)

func TestAccountsListDownKeepsTheOrganisation(t *testing.T) {
	var logs bytes.Buffer
	h := newHarness(t, func(d *server.Deps) {
		d.Provider = failingAccounts{d.Provider}
		d.Logger = slog.New(slog.NewTextHandler(&logs, nil))
	})
	c := h.LoggedIn("admin@demo.example")

	cases := []struct {
		name, path string
		status     int
		alert      string
	}{
		{"account page", accountPath(acctEUR), http.StatusServiceUnavailable, server.MsgAccountsDown},
		{"accounts redirect", "/org/" + servertest.OrgNordic + "/accounts", http.StatusServiceUnavailable, server.MsgAccountsDown},
		{"transfer page", accountPath(acctEUR) + "/transfer", http.StatusServiceUnavailable, server.MsgAccountsDown},
		{"dashboard", "/org/" + servertest.OrgNordic, http.StatusOK, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			logs.Reset()
			res, doc := c.Page(tc.path)
			if res.StatusCode != tc.status {
				t.Fatalf("status %d, want %d", res.StatusCode, tc.status)
			}
			if tc.alert != "" {
				if got := mainAlert(doc); got != tc.alert {
					t.Errorf("alert %q, want %q", got, tc.alert)
				}
				if servertest.Rows(doc) != nil {
					t.Error("rows without accounts")
				}
			}
			nav := htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "nav" && htmlq.Attr(n, "aria-label") == "Main" })
			if nav == nil {
				t.Fatal("no sidebar")
			}
			if a := htmlq.Find(nav, func(n *html.Node) bool {
				return n.Data == "a" && strings.Contains(htmlq.Attr(n, "href"), "/accounts/4520")
			}); a != nil {
				t.Errorf("sidebar links an account: %s", htmlq.Attr(a, "href"))
			}
			if n := strings.Count(logs.String(), "accounts list"); n != 1 {
				t.Errorf("the failure was logged %d times, want once", n)
			}
			if strings.Contains(res.Header.Get("Content-Type"), "json") {
				t.Error("not a page")
			}
			if tc.name == "dashboard" {
				w := htmlq.Find(doc, htmlq.ByID("accounts-title"))
				if w == nil || !strings.Contains(htmlq.VisibleText(w.Parent), server.MsgAccountsDown) {
					t.Error("the dashboard's accounts widget does not say the list is unavailable")
				}
			}
		})
	}

	// A transfer posted meanwhile books nothing and says why.
	tok := c.CSRF("/org/" + servertest.OrgNordic)
	res, doc := func() (*http.Response, *html.Node) {
		r := c.Do("POST", accountPath(acctEUR)+"/transfer", url.Values{"_csrf": {tok}, "from_account_number": {acctEUR},
			"to_account_number": {acctGBP}, "amount": {"1.00"}, "end_to_end_id": {"down"}})
		return r, servertest.Parse(t, r)
	}()
	if res.StatusCode != http.StatusServiceUnavailable || mainAlert(doc) != server.MsgAccountsDown {
		t.Errorf("transfer post: %d %q", res.StatusCode, mainAlert(doc))
	}
}
