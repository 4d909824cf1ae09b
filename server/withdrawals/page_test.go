package withdrawals

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"portal/access"
	"portal/daterange"
	"portal/htmlq"
	"portal/money"
	"portal/provider"
	"portal/reference/demo"
	"portal/server/servertest"
)

func TestListPage(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("observer@demo.example")
	res, doc := c.Page(listPath(servertest.OrgNordic))
	if res.StatusCode != 200 || servertest.ReadText(htmlq.Find(doc, htmlq.ByTag("h1"))) != "Withdrawals" {
		t.Fatalf("status %d, h1 %q", res.StatusCode, servertest.ReadText(htmlq.Find(doc, htmlq.ByTag("h1"))))
	}
	// Structure: a labelled filter form (GET), a captioned table in a scroll region, the count.
	form := htmlq.Find(doc, func(n *html.Node) bool {
		return n.Data == "form" && htmlq.Attr(n, "aria-label") == "Filter withdrawals"
	})
	if form == nil || htmlq.Attr(form, "method") != "get" {
		t.Fatal("no GET filter form")
	}
	for _, id := range []string{"account", "status", "reference"} {
		if htmlq.Find(form, htmlq.ByID(id)) == nil || htmlq.Find(form, func(n *html.Node) bool { return n.Data == "label" && htmlq.Attr(n, "for") == id }) == nil {
			t.Errorf("filter %s without its label", id)
		}
	}
	region := htmlq.Find(doc, func(n *html.Node) bool {
		return htmlq.Attr(n, "role") == "region" && htmlq.Attr(n, "aria-labelledby") == "withdrawals-caption"
	})
	if region == nil || htmlq.Find(region, htmlq.ByID("withdrawals-caption")) == nil {
		t.Fatal("the table is not in its labelled region")
	}
	rs := servertest.ListRows(doc)
	if len(rs) != provider.DefaultWithdrawalLimit {
		t.Fatalf("%d rows, want a full page of %d", len(rs), provider.DefaultWithdrawalLimit)
	}
	count := servertest.ReadText(htmlq.Find(doc, htmlq.ByID("withdrawals-count")))
	if !strings.Contains(count, " withdrawals created ") {
		t.Errorf("count %q", count)
	}
	// Newest first, the page's rows as the provider lists them.
	r := daterange.DefaultRange(time.Now().UTC())
	page, _ := h.Store.Withdrawals(t.Context(), servertest.OrgNordic, provider.WithdrawalFilter{CreatedAfter: r.After(), CreatedBefore: r.Before()})
	if htmlq.Attr(rs[0], "id") != "withdrawal-"+page.Withdrawals[0].Reference {
		t.Errorf("first row %s, want %s", htmlq.Attr(rs[0], "id"), page.Withdrawals[0].Reference)
	}
	// An observer reads but does not withdraw.
	if htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "a" && servertest.ReadText(n) == "Withdraw funds" }) != nil {
		t.Error("Withdraw funds offered without withdrawals:manage")
	}

	// Paging: next, then back to the same first row.
	servertest.NextAndBack(t, c, doc, servertest.ListRows)
	// A stale cursor shows the first page.
	if res, doc := c.Page(listPath(servertest.OrgNordic) + "?cursor_after=garbage"); res.StatusCode != 200 || htmlq.Attr(servertest.ListRows(doc)[0], "id") != htmlq.Attr(rs[0], "id") {
		t.Error("a bad cursor does not fall back to the first page")
	}
}

func TestFilters(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("observer@demo.example")
	rejected := withdrawal(t, h, func(w provider.WithdrawalRequest) bool { return w.Status == provider.WithdrawalRejected })
	for _, f := range []struct {
		query string
		keep  func(*html.Node) bool
	}{
		{"status=rejected", func(r *html.Node) bool { return htmlq.Attr(r, "data-status") == "rejected" }},
		{"status=received", func(r *html.Node) bool { return htmlq.Attr(r, "data-status") == "received" }},
		{"account=" + acctGBP, func(r *html.Node) bool { return strings.Contains(servertest.ReadText(r), acctGBP) }},
		{"reference=" + rejected.Reference, func(r *html.Node) bool { return htmlq.Attr(r, "id") == "withdrawal-"+rejected.Reference }},
	} {
		res, doc := c.Page(listPath(servertest.OrgNordic) + "?" + f.query)
		rs := servertest.ListRows(doc)
		if res.StatusCode != 200 || len(rs) == 0 {
			t.Errorf("%s: %d, %d rows", f.query, res.StatusCode, len(rs))
			continue
		}
		for _, r := range rs {
			if !f.keep(r) {
				t.Errorf("%s: row %s does not match", f.query, htmlq.Attr(r, "id"))
			}
		}
		if htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "a" && servertest.ReadText(n) == "Clear filters" }) == nil {
			t.Errorf("%s: no Clear filters", f.query)
		}
		next := servertest.PagerLink(doc, "next")
		if next != nil && !strings.Contains(htmlq.Attr(next, "href"), url.Values{strings.Split(f.query, "=")[0]: {strings.Split(f.query, "=")[1]}}.Encode()) {
			t.Errorf("%s: next page drops the filter: %s", f.query, htmlq.Attr(next, "href"))
		}
	}
	// Values the organisation has no use for are not applied.
	_, all := c.Page(listPath(servertest.OrgNordic))
	for _, q := range []string{"status=lost", "account=" + demo.AccountOrg2GBP} {
		_, doc := c.Page(listPath(servertest.OrgNordic) + "?" + q)
		if len(servertest.ListRows(doc)) != len(servertest.ListRows(all)) || htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "a" && servertest.ReadText(n) == "Clear filters" }) != nil {
			t.Errorf("%s was applied", q)
		}
	}
	// Every status is a filter choice.
	for _, st := range provider.WithdrawalStatuses() {
		if htmlq.Find(all, func(n *html.Node) bool { return n.Data == "option" && htmlq.Attr(n, "value") == st }) == nil {
			t.Errorf("no status option %s", st)
		}
	}
}

func TestPanel(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("observer@demo.example")
	panel := func(ref string) (*http.Response, *html.Node) {
		res, doc := c.Page(listPath(servertest.OrgNordic) + "/" + ref)
		return res, htmlq.Find(doc, htmlq.ByID("withdrawal-panel"))
	}
	reasoned := withdrawal(t, h, func(w provider.WithdrawalRequest) bool {
		return w.Status == provider.WithdrawalRejected && w.Reason() != nil
	})
	res, p := panel(reasoned.Reference)
	if res.StatusCode != 200 || p == nil {
		t.Fatalf("panel: %d", res.StatusCode)
	}
	if s := servertest.ReadText(p); !strings.Contains(s, provider.MsgWithdrawalRejected) || !strings.Contains(s, reasoned.Reason().ExternalMessage) {
		t.Errorf("rejected panel %q", s)
	}
	for _, st := range []string{"Received", "Rejected"} {
		if !strings.Contains(servertest.ReadText(htmlq.Find(p, htmlq.ByTag("ol"))), st) {
			t.Errorf("history misses %s", st)
		}
	}
	unknown := withdrawal(t, h, func(w provider.WithdrawalRequest) bool {
		return w.Status == provider.WithdrawalRejected && w.Reason() == nil
	})
	if _, p := panel(unknown.Reference); !strings.Contains(servertest.ReadText(p), provider.MsgWithdrawalRejected+" Unknown") {
		t.Errorf("rejection without reason: %q", servertest.ReadText(p))
	}
	// Numbers over 20 characters are shortened in the middle, the whole one a click away.
	long := withdrawal(t, h, func(w provider.WithdrawalRequest) bool { return len(w.CreditorAccount.Number()) > 20 })
	_, p = panel(long.Reference)
	num := long.CreditorAccount.Number()
	short := num[:8] + "…" + num[len(num)-8:]
	details := htmlq.Find(p, htmlq.ByTag("details"))
	if !strings.Contains(servertest.ReadText(p), short) || details == nil || !strings.Contains(servertest.ReadText(details), num) {
		t.Errorf("long number %s not shortened to %s: %q", num, short, servertest.ReadText(p))
	}
	// Reference, end-to-end id and the whole number are text to copy (issue 27 item 10).
	if got := servertest.CopyValues(p); !slices.Equal(got, []string{long.Reference, long.ExternalReference, num}) {
		t.Errorf("copy values %q, want the reference, the end-to-end id and %s", got, num)
	}
	// Names are read whole: only account numbers are shortened.
	named := withdrawal(t, h, func(w provider.WithdrawalRequest) bool { return len(w.CreditorAccount.Label) > 20 })
	if _, p := panel(named.Reference); !strings.Contains(servertest.ReadText(p), named.CreditorAccount.Label) || strings.Contains(servertest.ReadText(p), named.CreditorAccount.Label[:8]+"…") {
		t.Errorf("the withdrawal account's name %q shortened: %q", named.CreditorAccount.Label, servertest.ReadText(p))
	}
	converted := withdrawal(t, h, func(w provider.WithdrawalRequest) bool { return w.ConvertedCurrency != w.CurrencyCode })
	if _, p := panel(converted.Reference); !strings.Contains(servertest.ReadText(p), "Exchange rate 1 "+converted.CurrencyCode+" = "+money.FormatRate(converted.ExchangeRate)) {
		t.Errorf("converted withdrawal: %q", servertest.ReadText(p))
	}
	// Unknown answers 404 with the panel's message; so does another organisation's, seen
	// from there (multi is a member of both).
	if res, p := panel("WD0000000000000"); res.StatusCode != 404 || !strings.Contains(servertest.ReadText(p), msgPanelNotFound) {
		t.Errorf("unknown: %d", res.StatusCode)
	}
	m := h.LoggedIn("multi@demo.example")
	if res, _ := m.Page(listPath(servertest.OrgAtlantic) + "/" + reasoned.Reference); res.StatusCode != 404 {
		t.Errorf("Nordic's withdrawal from Atlantic: %d", res.StatusCode)
	}
}

func TestUnavailable(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("multi@demo.example")
	res, doc := c.Page(listPath(servertest.OrgAtlantic))
	if res.StatusCode != 200 || !strings.Contains(servertest.ReadText(htmlq.Find(doc, htmlq.ByTag("main"))), provider.MsgWithdrawalsUnavailable) {
		t.Fatalf("Atlantic: %d %q", res.StatusCode, servertest.ReadText(htmlq.Find(doc, htmlq.ByTag("main"))))
	}
	if len(servertest.ListRows(doc)) != 0 || htmlq.Find(doc, htmlq.ByTag("form")) != nil && htmlq.Find(doc, func(n *html.Node) bool { return htmlq.Attr(n, "aria-label") == "Filter withdrawals" }) != nil {
		t.Error("the unavailable page shows the list")
	}
	// multi is an observer there: no form.
	if res := c.Get(listPath(servertest.OrgAtlantic) + "/new"); res.StatusCode != http.StatusSeeOther {
		t.Errorf("observer's form in Atlantic: %d", res.StatusCode)
	}
}

// What each role may do (spec 001 §6): withdrawals:read opens the page, withdrawals:manage
// offers Withdraw funds and its pages.
func TestRoles(t *testing.T) {
	h := newHarness(t)
	h.EachRole(t, servertest.OrgNordic, listPath(servertest.OrgNordic), access.WithdrawalsRead,
		func(t *testing.T, perms access.Set, c *servertest.Client, doc *html.Node) {
			withdraw := htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "a" && servertest.ReadText(n) == "Withdraw funds" })
			manage := perms.Has(access.WithdrawalsManage)
			if (withdraw != nil) != manage {
				t.Fatalf("Withdraw funds %v, manage %v", withdraw != nil, manage)
			}
			form := c.Get(listPath(servertest.OrgNordic) + "/new")
			if manage && (withdraw == nil || htmlq.Attr(withdraw, "href") != listPath(servertest.OrgNordic)+"/new" || form.StatusCode != 200) {
				t.Errorf("form page: %d", form.StatusCode)
			}
			if !manage && form.StatusCode != http.StatusSeeOther {
				t.Errorf("form page without withdrawals:manage: %d", form.StatusCode)
			}
		})
	// Not a member: the organisation's pages are not there.
	out := h.LoggedIn("noorg@demo.example")
	if res := out.Get(listPath(servertest.OrgNordic)); res.StatusCode == 200 {
		t.Error("a non-member reads the withdrawals")
	}
}
