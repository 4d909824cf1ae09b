package payouts

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"portal/daterange"
	"portal/htmlq"
	"portal/provider"
	"portal/reference/demo"
	"portal/server"
	"portal/server/servertest"
)

func TestMenuLabel(t *testing.T) {
	for on, want := range map[bool]string{true: "Payouts", false: "Payout requests"} {
		o := &server.OrgContext{Flags: provider.FeatureFlags{provider.FlagManualPayoutApproval: on}}
		if got := menuLabel(o); got != want {
			t.Errorf("manual payout approval %v: %q, want %q", on, got, want)
		}
	}
}

// options are a select's option values (optgroups included) and which is selected.
func options(sel *html.Node) (values []string, selected []string) {
	for _, o := range htmlq.FindAll(sel, htmlq.ByTag("option")) {
		values = append(values, htmlq.Attr(o, "value"))
		if htmlq.HasAttr(o, "selected") {
			selected = append(selected, htmlq.Attr(o, "value"))
		}
	}
	return values, selected
}

// The filter bar is a GET form to the page with every filter of spec 001 §3, labelled; its
// choices are the organisation's own.
func TestFilterBar(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("admin@demo.example")
	res, doc := c.Page(payoutsPath(servertest.OrgNordic))
	if res.StatusCode != 200 || servertest.ReadText(htmlq.Find(doc, htmlq.ByTag("h1"))) != "Payouts" {
		t.Fatalf("page: %d %q", res.StatusCode, servertest.ReadText(htmlq.Find(doc, htmlq.ByTag("h1"))))
	}
	form := htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "form" && htmlq.Attr(n, "aria-label") == "Filter payouts" })
	if form == nil || htmlq.Attr(form, "method") != "get" || htmlq.Attr(form, "action") != payoutsPath(servertest.OrgNordic) {
		t.Fatal("no GET filter form")
	}
	labels := map[string]string{"state": "Status", "reasonCode": "Reason code", "account": "Account", "currency": "Currency",
		"businessUnit": "Business unit", "localInstrument": "Transfer type", "amountFrom": "Amount from", "amountTo": "Amount to", "sort": "Sort"}
	for id, want := range labels {
		l := htmlq.Find(form, func(n *html.Node) bool { return n.Data == "label" && htmlq.Attr(n, "for") == id })
		ctl := htmlq.Find(form, htmlq.ByID(id))
		if l == nil || servertest.ReadText(l) != want || ctl == nil || htmlq.Attr(ctl, "name") != id {
			t.Errorf("field %s: label %q, control %v", id, servertest.ReadText(l), ctl != nil)
		}
	}
	want := map[string][]string{
		"state": {"", "returned", "rejected", "action_required", "received", "processing", "pending", "completed", "cancelled", "pending_approval"},
		// By name: Crypto USDT, Main EUR, Operations DKK, Payroll GBP, Settlement USD.
		"account":         {"", demo.AccountOrg1USDT, demo.AccountOrg1EUR, demo.AccountOrg1DKK, demo.AccountOrg1GBP, demo.AccountOrg1USD},
		"currency":        {"", "DKK", "EUR", "GBP", "USD", "USDT"},
		"localInstrument": {"", "ACH", "CHAPS", "CRYPTO", "FPS", "SEPA", "SEPA_INSTANT", "STRAKS", "SWIFT"},
		"sort":            {"-date", "date"},
	}
	for id, vals := range want {
		got, sel := options(htmlq.Find(form, htmlq.ByID(id)))
		if !slices.Equal(got, vals) || len(sel) != 1 || sel[0] != vals[0] {
			t.Errorf("%s: options %v selected %v", id, got, sel)
		}
	}
	units, _ := options(htmlq.Find(form, htmlq.ByID("businessUnit")))
	if len(units) != 4 {
		t.Errorf("business units %v", units)
	}
	// The reason codes are the status tree: one optgroup per status that has any.
	var groups []string
	for _, g := range htmlq.FindAll(htmlq.Find(form, htmlq.ByID("reasonCode")), htmlq.ByTag("optgroup")) {
		groups = append(groups, htmlq.Attr(g, "label")+":"+strconv.Itoa(len(htmlq.FindAll(g, htmlq.ByTag("option")))))
	}
	if !slices.Equal(groups, []string{"Returned:2", "Rejected:6", "Action required:1", "Pending:1", "Cancelled:1"}) {
		t.Errorf("reason groups %v", groups)
	}
	if n := htmlq.Find(form, func(n *html.Node) bool { return n.Data == "button" && servertest.ReadText(n) == "Apply filters" }); n == nil {
		t.Error("no Apply filters")
	}
	if htmlq.Find(form, func(n *html.Node) bool { return n.Data == "a" && servertest.ReadText(n) == "Clear filters" }) != nil {
		t.Error("Clear filters without a filter")
	}

	// Atlantic's own choices.
	_, doc = h.LoggedIn("multi@demo.example").Page(payoutsPath(servertest.OrgAtlantic))
	got, _ := options(htmlq.Find(doc, htmlq.ByID("account")))
	if !slices.Equal(got, []string{"", demo.AccountOrg2USD, demo.AccountOrg2GBP}) {
		t.Errorf("Atlantic accounts %v", got)
	}
	got, _ = options(htmlq.Find(doc, htmlq.ByID("localInstrument")))
	if !slices.Equal(got, []string{"", "ACH", "CHAPS", "FPS", "SWIFT"}) {
		t.Errorf("Atlantic transfer types %v", got)
	}
}

// Every filter narrows the list to what the provider counts for it (the dashboard's
// ?state=&reasonCode= links included), the form shows what was applied, and the links of the
// page keep it.
func TestFiltersApply(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("admin@demo.example")
	widenRange(t, c, servertest.OrgNordic)
	now := time.Now().UTC()
	after, before := now.AddDate(0, 0, -100).Truncate(24*time.Hour), now.Truncate(24*time.Hour).AddDate(0, 0, 1)
	unit := onePayout(t, h, servertest.OrgNordic, provider.PayoutFilter{}, func(p provider.PayoutRequest) bool { return p.BusinessUnit != "" }).BusinessUnit
	cases := []struct {
		query  url.Values
		filter provider.PayoutFilter
	}{
		{url.Values{"state": {"rejected"}, "reasonCode": {"invalid_creditor"}}, provider.PayoutFilter{StateCategory: "rejected", ReasonCode: "invalid_creditor"}},
		{url.Values{"state": {"returned"}, "reasonCode": {"invalid_creditor"}}, provider.PayoutFilter{StateCategory: "returned", ReasonCode: "invalid_creditor"}},
		{url.Values{"state": {"action_required"}}, provider.PayoutFilter{StateCategory: "action_required"}},
		{url.Values{"state": {"cancelled"}}, provider.PayoutFilter{StateCategory: "cancelled"}},
		{url.Values{"account": {demo.AccountOrg1GBP}}, provider.PayoutFilter{VirtualAccountNumber: demo.AccountOrg1GBP}},
		{url.Values{"currency": {"USDT"}}, provider.PayoutFilter{CurrencyCode: "USDT"}},
		{url.Values{"businessUnit": {unit}}, provider.PayoutFilter{BusinessUnit: unit}},
		{url.Values{"localInstrument": {"SWIFT"}, "amountFrom": {"1,000"}, "amountTo": {"50000.5"}},
			provider.PayoutFilter{LocalInstrument: "SWIFT", AmountFrom: "1000", AmountTo: "50000.5"}},
		{url.Values{"amountFrom": {"0"}, "sort": {"date"}}, provider.PayoutFilter{AmountFrom: "0", Sort: "date"}},
	}
	for _, tc := range cases {
		t.Run(tc.query.Encode(), func(t *testing.T) {
			f := tc.filter
			f.CreatedAfter, f.CreatedBefore = after, before
			want := allPayouts(t, h, servertest.OrgNordic, f)
			if len(want) == 0 {
				t.Fatal("the demo data has no example")
			}
			res, doc := c.Page(payoutsPath(servertest.OrgNordic) + "?" + tc.query.Encode())
			if res.StatusCode != 200 {
				t.Fatalf("status %d", res.StatusCode)
			}
			rs := servertest.ListRows(doc)
			if len(rs) != min(len(want), 100) {
				t.Fatalf("%d rows, want %d", len(rs), min(len(want), 100))
			}
			for i, r := range rs {
				ref := want[i].UniqueReference
				if ref == "" { // waiting for approval: named by its draft's or batch row's id
					ref = want[i].ID
				}
				if htmlq.Attr(r, "id") != "payout-"+ref {
					t.Fatalf("row %d is %s, want %s", i, htmlq.Attr(r, "id"), ref)
				}
			}
			if got := servertest.ReadText(htmlq.Find(doc, htmlq.ByID("payouts-count"))); !strings.HasPrefix(got, strconv.Itoa(len(want))+" payout request") {
				t.Errorf("count %q, want %d", got, len(want))
			}
			for k, v := range tc.query {
				ctl := htmlq.Find(doc, htmlq.ByID(k))
				shown := htmlq.Attr(ctl, "value")
				if ctl.Data == "select" {
					_, sel := options(ctl)
					if len(sel) != 1 {
						t.Fatalf("%s: selected %v", k, sel)
					}
					shown = sel[0]
				}
				if shown != v[0] {
					t.Errorf("%s shows %q, want %q", k, shown, v[0])
				}
			}
			// Row links keep the filters (the panel's close link comes back to this list).
			href, _ := url.Parse(htmlq.Attr(htmlq.Find(rs[0], htmlq.ByTag("a")), "href"))
			for k := range tc.query {
				if href.Query().Get(k) != strings.TrimSpace(tc.query.Get(k)) {
					t.Errorf("row link %s lost %s", href, k)
				}
			}
			if clear := htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "a" && servertest.ReadText(n) == "Clear filters" }); htmlq.Attr(clear, "href") != payoutsPath(servertest.OrgNordic) {
				t.Error("no Clear filters")
			}
		})
	}
}

// A value the organisation has no use for is not applied, and the form says All.
func TestFilterUnknownValuesIgnored(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("admin@demo.example")
	_, all := c.Page(payoutsPath(servertest.OrgNordic))
	q := url.Values{"state": {"exploded"}, "reasonCode": {"bogus"}, "account": {demo.AccountOrg2GBP},
		"currency": {"XYZ"}, "businessUnit": {"00000000-0000-4000-8000-000000000000"}, "localInstrument": {"TELEX"}, "sort": {"amount"}}
	res, doc := c.Page(payoutsPath(servertest.OrgNordic) + "?" + q.Encode())
	if res.StatusCode != 200 || len(servertest.ListRows(doc)) != len(servertest.ListRows(all)) || len(servertest.ListRows(doc)) == 0 {
		t.Fatalf("%d: %d rows, unfiltered %d", res.StatusCode, len(servertest.ListRows(doc)), len(servertest.ListRows(all)))
	}
	for k := range q {
		_, sel := options(htmlq.Find(doc, htmlq.ByID(k)))
		if k != "sort" && (len(sel) != 1 || sel[0] != "") {
			t.Errorf("%s shows %v", k, sel)
		}
	}
}

// Amounts below 0 or not amounts come back beside their field and in the error summary,
// with what was typed, and no list.
func TestAmountFilterErrors(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("operations_member@demo.example")
	cases := []struct {
		from, to       string
		field, message string
	}{
		{"-5", "", "amountFrom", msgAmountMin},
		{"", "12,34", "amountTo", "Enter the amount in digits, for example 1,234.56"},
		{"100", "50", "amountTo", msgAmountOrder},
		{"1.234", "", "amountFrom", "Enter the amount with at most 2 decimals"},
	}
	for _, tc := range cases {
		q := url.Values{"amountFrom": {tc.from}, "amountTo": {tc.to}}
		if tc.from == "1.234" {
			q.Set("currency", "EUR")
		}
		res, doc := c.Page(payoutsPath(servertest.OrgNordic) + "?" + q.Encode())
		if res.StatusCode != http.StatusUnprocessableEntity || len(servertest.ListRows(doc)) != 0 {
			t.Errorf("%v: status %d, %d rows", q, res.StatusCode, len(servertest.ListRows(doc)))
			continue
		}
		link := htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "a" && htmlq.Attr(n, "href") == "#"+tc.field })
		in := htmlq.Find(doc, htmlq.ByID(tc.field))
		if servertest.ReadText(link) != tc.message || !strings.Contains(servertest.ReadText(htmlq.Find(doc, htmlq.ByID(tc.field+"-error"))), tc.message) ||
			htmlq.Attr(in, "aria-invalid") != "true" || !strings.Contains(htmlq.Attr(in, "aria-describedby"), tc.field+"-error") {
			t.Errorf("%v: summary %q, field error %q", q, servertest.ReadText(link), servertest.ReadText(htmlq.Find(doc, htmlq.ByID(tc.field+"-error"))))
		}
		if htmlq.Attr(htmlq.Find(doc, htmlq.ByID("amountFrom")), "value") != tc.from || htmlq.Attr(htmlq.Find(doc, htmlq.ByID("amountTo")), "value") != tc.to {
			t.Errorf("%v: typed values lost", q)
		}
	}
}

// Cursor pages of 100 with the total and no page numbers; a stale cursor shows the first page.
func TestPaging(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("observer@demo.example")
	widenRange(t, c, servertest.OrgNordic)
	_, doc := c.Page(payoutsPath(servertest.OrgNordic))
	first := servertest.ListRows(doc)
	count := servertest.ReadText(htmlq.Find(doc, htmlq.ByID("payouts-count")))
	total, _ := strconv.Atoi(strings.Fields(count)[0])
	if len(first) != 100 || total <= 200 {
		t.Fatalf("%d rows of %d (%q)", len(first), total, count)
	}
	nav := htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "nav" && htmlq.Attr(n, "aria-label") == "Pagination" })
	links := htmlq.FindAll(nav, htmlq.ByTag("a"))
	if len(links) != 1 || servertest.ReadText(links[0]) != "Next page" {
		t.Fatalf("pager %q", servertest.ReadText(nav))
	}
	seen := map[string]bool{}
	for _, r := range first {
		seen[htmlq.Attr(r, "id")] = true
	}
	next := htmlq.Attr(links[0], "href")
	_, doc = c.Page(next)
	second := servertest.ListRows(doc)
	if len(second) != 100 || seen[htmlq.Attr(second[0], "id")] {
		t.Fatalf("second page: %d rows, repeats %v", len(second), seen[htmlq.Attr(second[0], "id")])
	}
	prev := htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "a" && servertest.ReadText(n) == "Previous page" })
	_, doc = c.Page(htmlq.Attr(prev, "href"))
	if back := servertest.ListRows(doc); len(back) != 100 || htmlq.Attr(back[0], "id") != htmlq.Attr(first[0], "id") {
		t.Fatal("previous page is not the first")
	}
	if res, doc := c.Page(payoutsPath(servertest.OrgNordic) + "?cursor_after=garbage"); res.StatusCode != 200 || htmlq.Attr(servertest.ListRows(doc)[0], "id") != htmlq.Attr(first[0], "id") {
		t.Fatal("a stale cursor does not show the first page")
	}
	// No page numbers anywhere.
	for _, a := range htmlq.FindAll(htmlq.Find(doc, htmlq.ByTag("main")), htmlq.ByTag("a")) {
		if _, err := strconv.Atoi(servertest.ReadText(a)); err == nil {
			t.Fatalf("a page number link %q", servertest.ReadText(a))
		}
	}
}

// The buttons: Create payout with payouts:manage and A/B testing, linking to the wizard's
// route; Export to CSV with exports:manage, carrying the filters and the period.
func TestButtons(t *testing.T) {
	h := newHarness(t)
	button := func(doc *html.Node, name string) *html.Node {
		return htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "a" && servertest.ReadText(n) == name })
	}
	cases := []struct {
		email, org     string
		create, export bool
	}{
		{"observer@demo.example", servertest.OrgNordic, false, false},
		{"finance@demo.example", servertest.OrgNordic, false, true},
		{"operations_member@demo.example", servertest.OrgNordic, true, true},
		{"admin@demo.example", servertest.OrgNordic, true, true},
		{"multi@demo.example", servertest.OrgAtlantic, false, false}, // observer there; A/B testing off too
		{"multi@demo.example", servertest.OrgNordic, true, true},
	}
	for _, tc := range cases {
		c := h.LoggedIn(tc.email)
		_, doc := c.Page(payoutsPath(tc.org) + "?state=rejected&currency=EUR&account=" + demo.AccountOrg1EUR + "&reasonCode=invalid_creditor")
		cr, ex := button(doc, "Create payout"), button(doc, "Export to CSV")
		if (cr != nil) != tc.create || (ex != nil) != tc.export {
			t.Errorf("%s in %s: create %v export %v", tc.email, tc.org, cr != nil, ex != nil)
		}
		if cr != nil && htmlq.Attr(cr, "href") != payoutsPath(tc.org)+"/create" {
			t.Errorf("create links to %s", htmlq.Attr(cr, "href"))
		}
		if ex != nil {
			u, _ := url.Parse(htmlq.Attr(ex, "href"))
			r := daterange.DefaultRange(time.Now().UTC())
			want := url.Values{"download_payouts": {"1"}, "state": {"rejected"}, "currency": {"EUR"}, "account": {demo.AccountOrg1EUR},
				"from": {r.From.Format(daterange.DisplayLayout)}, "to": {r.To.Format(daterange.DisplayLayout)}}
			if u.Path != "/org/"+tc.org+"/exported_payouts" || u.Query().Encode() != want.Encode() {
				t.Errorf("export link %s", u)
			}
		}
	}
	// Without A/B testing, no Create payout even with payouts:manage.
	h.Exec(`UPDATE organisation_configurations SET customer_ab_testing = 0 WHERE organisation_id = ?`, servertest.OrgNordic)
	_, doc := h.LoggedIn("admin@demo.example").Page(payoutsPath(servertest.OrgNordic))
	if button(doc, "Create payout") != nil {
		t.Error("Create payout without the A/B configuration")
	}
}

// The seeded payouts of both demo organisations give every filter value an example: each
// status, each reason code of the tree in its status, each account, currency, business unit
// and transfer type the filters offer, and an intermediary agent and errors in every section
// that can have them.
func TestDemoDataCoversFilters(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	for _, org := range []string{servertest.OrgNordic, servertest.OrgAtlantic} {
		all := allPayouts(t, h, org, provider.PayoutFilter{})
		has := func(what string, ok func(provider.PayoutRequest) bool) {
			if !slices.ContainsFunc(all, ok) {
				t.Errorf("%s: no seeded payout %s", org, what)
			}
		}
		for _, g := range provider.PayoutReasonTree() {
			has("in "+g.Status.Code, func(p provider.PayoutRequest) bool { return p.Status == g.Status.Code })
			for _, rc := range g.ReasonCodes {
				has(g.Status.Code+"/"+rc.ID, func(p provider.PayoutRequest) bool { return p.Status == g.Status.Code && p.ReasonCode() == rc.ID })
			}
		}
		has("cancelled", func(p provider.PayoutRequest) bool { return p.CurrentStateName == provider.StateCancelled })
		has("halted", func(p provider.PayoutRequest) bool { return p.CurrentStateName == provider.StateHalted })
		has("with intermediary agent", func(p provider.PayoutRequest) bool { return p.HasIntermediary() })
		accts, _ := h.Store.Accounts(ctx, org)
		for _, a := range accts {
			if a.Owner {
				has("on "+a.AccountNumber, func(p provider.PayoutRequest) bool { return p.DebtorAccount == a.AccountNumber })
				has("in "+a.CurrencyCode, func(p provider.PayoutRequest) bool { return p.Currency == a.CurrencyCode })
			}
		}
		units, _ := h.Store.BusinessUnits(ctx, org)
		for _, u := range units {
			has("of "+u.Name, func(p provider.PayoutRequest) bool { return p.BusinessUnit == u.UUID })
		}
		lis, _ := h.Store.LocalInstruments(ctx, org)
		for _, li := range lis {
			has("by "+li, func(p provider.PayoutRequest) bool { return p.LocalInstrument == li })
		}
		errs := map[string]bool{}
		for _, p := range all {
			if p.Status == provider.PayoutRejected && p.ReasonCode() != provider.ReasonRequestedByCustomer {
				full, _ := h.Store.Payout(ctx, org, p.UniqueReference)
				for sec, es := range full.Errors {
					errs[sec] = errs[sec] || len(es) > 0
				}
			}
		}
		for _, sec := range []string{provider.SectionPayoutRequest, provider.SectionSender, provider.SectionReceiver, provider.SectionReceiverBank} {
			if !errs[sec] {
				t.Errorf("%s: no seeded payout with errors in %s", org, sec)
			}
		}
	}
}
