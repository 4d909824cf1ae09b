package collections

import (
	"bytes"
	"log/slog"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"portal/daterange"
	"portal/htmlq"
	"portal/provider"
	"portal/server"
	"portal/server/servertest"
)

// The page: title, filters (status and account, All by default), the total, newest first,
// columns, cursor pages with Previous/Next, and a filter the dashboard links to.
func TestOrdersPage(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("observer@demo.example")
	res, doc := c.Page(ordersPath(servertest.OrgNordic))
	if res.StatusCode != 200 || servertest.ReadText(htmlq.Find(doc, htmlq.ByTag("h1"))) != "Orders" {
		t.Fatalf("status %d h1 %q", res.StatusCode, servertest.ReadText(htmlq.Find(doc, htmlq.ByTag("h1"))))
	}
	for id, want := range map[string]string{"status": "All", "accountNumber": "All", "sort": "Newest first"} {
		sel := htmlq.Find(doc, htmlq.ByID(id))
		chosen := htmlq.Find(sel, func(n *html.Node) bool { return n.Data == "option" && htmlq.HasAttr(n, "selected") })
		if sel == nil || servertest.ReadText(chosen) != want {
			t.Errorf("%s: selected %q, want %q", id, servertest.ReadText(chosen), want)
		}
	}
	var heads []string
	for _, th := range htmlq.FindAll(doc, htmlq.ByTag("th")) {
		heads = append(heads, servertest.ReadText(th))
	}
	if !slices.Equal(heads, []string{"Date (UTC)", "ID/Reference", "Account", "Amount", "Status"}) {
		t.Errorf("columns %q", heads)
	}
	first := servertest.ListRows(doc)
	if len(first) != provider.DefaultCollectionLimit {
		t.Fatalf("%d rows on the first page", len(first))
	}
	count := servertest.ReadText(htmlq.Find(doc, htmlq.ByID("orders-count")))
	r := daterange.DefaultRange(h.Srv.Now())
	page, _ := h.Store.CollectionOrders(t.Context(), servertest.OrgNordic, provider.CollectionOrderFilter{CreatedAfter: r.After(), CreatedBefore: r.Before()})
	if !strings.HasPrefix(count, strconv.Itoa(page.Total)+" orders created") {
		t.Errorf("count %q, store total %d", count, page.Total)
	}
	next := linkText(doc, "Next page")
	if next == nil || linkText(doc, "Previous page") != nil || !strings.Contains(htmlq.Attr(next, "href"), "cursorAfter=") {
		t.Fatalf("first page's pager")
	}
	_, doc2 := c.Page(htmlq.Attr(next, "href"))
	second := servertest.ListRows(doc2)
	if len(second) == 0 || htmlq.Attr(second[0], "id") == htmlq.Attr(first[0], "id") || linkText(doc2, "Previous page") == nil {
		t.Fatalf("second page: %d rows", len(second))
	}
	_, back := c.Page(htmlq.Attr(linkText(doc2, "Previous page"), "href"))
	if got := servertest.ListRows(back); len(got) != len(first) || htmlq.Attr(got[0], "id") != htmlq.Attr(first[0], "id") {
		t.Errorf("previous page is not the first")
	}

	// The dashboard's link: ?status=… lands filtered, with Clear filters; unknown values show All.
	widenRange(t, c, servertest.OrgNordic)
	for _, st := range provider.CollectionOrderStatuses() {
		_, doc := c.Page(ordersPath(servertest.OrgNordic) + "?status=" + st)
		rs := servertest.ListRows(doc)
		if len(rs) == 0 {
			t.Errorf("no %s order in the demo data", st)
		}
		for _, r := range rs {
			if htmlq.Attr(r, "data-status") != st {
				t.Fatalf("status=%s shows a %s row", st, htmlq.Attr(r, "data-status"))
			}
		}
		if clear := linkText(doc, "Clear filters"); clear == nil || htmlq.Attr(clear, "href") != ordersPath(servertest.OrgNordic) {
			t.Errorf("%s: no Clear filters", st)
		}
	}
	_, doc = c.Page(ordersPath(servertest.OrgNordic) + "?status=bogus&accountNumber=" + "4520021000000011")
	if linkText(doc, "Clear filters") != nil || len(servertest.ListRows(doc)) == 0 {
		t.Errorf("unknown values applied")
	}
	// Account filter: only that account's rows; sort=date oldest first.
	acct := oneOrder(t, h, servertest.OrgNordic, provider.OrderCompleted, nil).VirtualAccountNumber
	_, doc = c.Page(ordersPath(servertest.OrgNordic) + "?accountNumber=" + acct + "&sort=date")
	rs := servertest.ListRows(doc)
	if len(rs) == 0 {
		t.Fatal("no rows for the account")
	}
	for _, r := range rs {
		if !strings.Contains(servertest.ReadText(r), acct) {
			t.Fatalf("row of another account: %s", servertest.ReadText(r))
		}
	}
	if d0, d1 := servertest.ReadText(htmlq.Find(rs[0], htmlq.ByTag("td"))), servertest.ReadText(htmlq.Find(rs[len(rs)-1], htmlq.ByTag("td"))); d0 == d1 && len(rs) > 2 {
		t.Logf("dates %s %s", d0, d1)
	}
}

// Both demo organisations have orders in every status, with payments of every type and every
// payment status, over more than 30 days and on several accounts.
func TestDemoDataCoversEverything(t *testing.T) {
	h := newHarness(t)
	for _, org := range []string{servertest.OrgNordic, servertest.OrgAtlantic} {
		all := allOrders(t, h, org, provider.CollectionOrderFilter{})
		statuses, accounts, types, payStatuses := map[string]bool{}, map[string]bool{}, map[string]bool{}, map[string]bool{}
		oldest := h.Srv.Now()
		for _, o := range all {
			statuses[o.Status], accounts[o.VirtualAccountNumber] = true, true
			if o.CreatedAt.Before(oldest) {
				oldest = o.CreatedAt
			}
			for _, p := range o.Payments {
				pay, err := h.Store.CollectionPayment(t.Context(), org, p.UUID)
				if err != nil {
					t.Fatal(err)
				}
				types[pay.Type], payStatuses[pay.Status] = true, true
			}
			if provider.OrderSummaryShown(o) {
				for _, rc := range o.ReasonCodes {
					if strings.Contains(rc.ExternalMessage, provider.MerchantPlaceholder) {
						t.Errorf("placeholder left in %q", rc.ExternalMessage)
					}
				}
			}
		}
		for _, st := range provider.CollectionOrderStatuses() {
			if !statuses[st] {
				t.Errorf("%s: no %s order", org, st)
			}
		}
		for _, ty := range provider.PaymentTypes() {
			if !types[ty] {
				t.Errorf("%s: no %s payment", org, ty)
			}
		}
		for _, st := range provider.PaymentStatuses() {
			if !payStatuses[st] {
				t.Errorf("%s: no payment %s", org, st)
			}
		}
		if len(accounts) < 2 || h.Srv.Now().Sub(oldest).Hours() < 31*24 {
			t.Errorf("%s: %d accounts, oldest %s", org, len(accounts), oldest)
		}
	}
}

// The panel: tabs in the spec's order, Summary only for the four statuses with reason
// codes, tabs as links keeping the list's query, the payments tab and a payment's details.
func TestPanelTabs(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("observer@demo.example")
	widenRange(t, c, servertest.OrgNordic)
	tabs := func(path string) []string {
		t.Helper()
		res, doc := c.Page(path)
		if res.StatusCode != 200 {
			t.Fatalf("%s: %d", path, res.StatusCode)
		}
		var out []string
		for _, a := range htmlq.FindAll(htmlq.Find(doc, func(n *htmlNode) bool { return n.Data == "nav" && htmlq.Attr(n, "aria-label") == "Order sections" }), htmlq.ByTag("a")) {
			out = append(out, servertest.ReadText(a))
		}
		return out
	}
	for _, st := range provider.CollectionOrderStatuses() {
		o := oneOrder(t, h, servertest.OrgNordic, st, nil)
		want := []string{"Order", "Debtor", "Payments", "History"}
		if provider.OrderSummaryShown(o) {
			want = append([]string{"Summary"}, want...)
		}
		if got := tabs(ordersPath(servertest.OrgNordic) + "/" + o.UUID); !slices.Equal(got, want) {
			t.Errorf("%s: tabs %q, want %q", st, got, want)
		}
	}
	cancelled := oneOrder(t, h, servertest.OrgNordic, provider.OrderCancelled, func(o provider.CollectionOrder) bool { return len(o.ReasonCodes) > 0 })
	_, doc := c.Page(ordersPath(servertest.OrgNordic) + "/" + cancelled.UUID + "?status=cancelled")
	if txt := panelText(doc); !strings.Contains(txt, cancelled.ReasonCodes[0].Symbol) || !strings.Contains(txt, "Nordic Trading ApS") {
		t.Errorf("summary: %s", txt)
	}
	for _, a := range htmlq.FindAll(htmlq.Find(doc, func(n *htmlNode) bool { return n.Data == "nav" && htmlq.Attr(n, "aria-label") == "Order sections" }), htmlq.ByTag("a")) {
		if !strings.Contains(htmlq.Attr(a, "href"), "status=cancelled") || !strings.Contains(htmlq.Attr(a, "href"), "tab=") {
			t.Errorf("tab link %s drops the list", htmlq.Attr(a, "href"))
		}
	}
	none := oneOrder(t, h, servertest.OrgNordic, provider.OrderPending, func(o provider.CollectionOrder) bool { return len(o.Payments) == 0 })
	_, doc = c.Page(ordersPath(servertest.OrgNordic) + "/" + none.UUID + "?tab=payments")
	if !strings.Contains(panelText(doc), "No payments made to this order") {
		t.Errorf("no payments: %s", panelText(doc))
	}
	paid := oneOrder(t, h, servertest.OrgNordic, provider.OrderCompleted, nil)
	_, doc = c.Page(ordersPath(servertest.OrgNordic) + "/" + paid.UUID + "?tab=payments")
	pay := htmlq.Find(htmlq.Find(doc, htmlq.ByID("order-panel")), func(n *html.Node) bool {
		return n.Data == "a" && strings.Contains(htmlq.Attr(n, "href"), "/payments/"+paid.Payments[len(paid.Payments)-1].UUID)
	})
	if pay == nil {
		t.Fatalf("no payment link: %s", panelText(doc))
	}
	res, doc := c.Page(strings.Split(htmlq.Attr(pay, "href"), "#")[0])
	txt := panelText(doc)
	for _, want := range []string{"Payment information", "Debtor information", "History", "Completed", paid.Debtor.FullName} {
		if !strings.Contains(txt, want) {
			t.Errorf("payment details lack %q: %s", want, txt)
		}
	}
	if res.StatusCode != 200 || !strings.Contains(htmlq.Attr(linkText(doc, "Close payment details"), "href"), "/collections/orders/"+paid.UUID+"?") {
		t.Errorf("close link %q", htmlq.Attr(linkText(doc, "Close payment details"), "href"))
	}
	// The search's address of a payment leads to it under its order.
	r := c.Get("/org/" + servertest.OrgNordic + "/collections/payments/" + paid.Payments[0].UUID)
	if r.StatusCode != http.StatusSeeOther || !strings.Contains(r.Header.Get("Location"), "/collections/orders/"+paid.UUID+"/payments/") {
		t.Errorf("payment by id: %d %s", r.StatusCode, r.Header.Get("Location"))
	}
}

// Another organisation's order or payment answers not found, the same as none; the list is
// still there.
func TestPanelNotFound(t *testing.T) {
	h := newHarness(t)
	foreign := oneOrder(t, h, servertest.OrgAtlantic, provider.OrderCompleted, nil)
	c := h.LoggedIn("admin@demo.example")
	for _, path := range []string{
		ordersPath(servertest.OrgNordic) + "/" + foreign.UUID,
		ordersPath(servertest.OrgNordic) + "/00000000-0000-4000-8000-000000000000",
		ordersPath(servertest.OrgNordic) + "/" + foreign.UUID + "/payments/" + foreign.Payments[0].UUID,
	} {
		res, doc := c.Page(path)
		if res.StatusCode != http.StatusNotFound || !strings.Contains(panelText(doc), "Something went wrong") && !strings.Contains(panelText(doc), "Failed to show Payment Details") {
			t.Errorf("%s: %d %s", path, res.StatusCode, panelText(doc))
		}
		if len(servertest.ListRows(doc)) == 0 {
			t.Errorf("%s: the list is gone", path)
		}
	}
	if res := c.Get("/org/" + servertest.OrgNordic + "/collections/payments/" + foreign.Payments[0].UUID); res.StatusCode != http.StatusNotFound {
		t.Errorf("foreign payment by id: %d", res.StatusCode)
	}
	// A payment of another order of the same organisation is not shown under this one.
	a := oneOrder(t, h, servertest.OrgNordic, provider.OrderCompleted, nil)
	b := oneOrder(t, h, servertest.OrgNordic, provider.OrderRefunded, nil)
	if res, _ := c.Page(ordersPath(servertest.OrgNordic) + "/" + a.UUID + "/payments/" + b.Payments[0].UUID); res.StatusCode != http.StatusNotFound {
		t.Errorf("payment under another order: %d", res.StatusCode)
	}
}

// The role needs collection_orders:read; default has none.
func TestRoles(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("default@demo.example")
	res := c.Get(ordersPath(servertest.OrgNordic))
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/org/"+servertest.OrgNordic {
		t.Errorf("default: %d %s", res.StatusCode, res.Header.Get("Location"))
	}
	obs := h.LoggedIn("observer@demo.example")
	o := oneOrder(t, h, servertest.OrgNordic, provider.OrderPending, nil)
	_, doc := obs.Page(ordersPath(servertest.OrgNordic) + "/" + o.UUID)
	if linkText(doc, "Cancel order") != nil || linkText(doc, "Refund") != nil {
		t.Errorf("observer is offered actions")
	}
}

// Payment statuses show the spec's labels; an unknown one is logged and shown as Unknown.
func TestPaymentLabels(t *testing.T) {
	var buf bytes.Buffer
	s := area{&server.Server{Deps: server.Deps{Logger: slog.New(slog.NewTextHandler(&buf, nil))}}}
	for status, want := range map[string]string{"bank_rejected": "Rejected", "sum_too_low": "Rejected", "sum_too_high": "Rejected",
		"instructions_provided": "Bank Processing", "refunded": "Completed", "completed": "Completed", "redirect_to_vela": "Redirect To Vela"} {
		if got := s.paymentLabel(t.Context(), status); got != want {
			t.Errorf("%s: %q, want %q", status, got, want)
		}
	}
	for _, st := range provider.PaymentStatuses() {
		if got := s.paymentLabel(t.Context(), st); got == "" || got == msgUnknownBadge {
			t.Errorf("%s: %q", st, got)
		}
	}
	if buf.Len() != 0 {
		t.Fatalf("logged %s", buf.String())
	}
	if got := s.paymentLabel(t.Context(), "teleported"); got != "Unknown" || !strings.Contains(buf.String(), "unknown payment badge type") ||
		!strings.Contains(buf.String(), "teleported") {
		t.Errorf("unknown: %q, log %q", got, buf.String())
	}
}
