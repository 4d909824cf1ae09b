package dashboard

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"os"
	"portal/server/api"
	"portal/server/auth"
	"portal/server/createpayout"
	"portal/server/statements"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"portal/daterange"
	"portal/htmlq"
	"portal/money"
	"portal/provider"
	"portal/reference/demo"
	"portal/server"
	"portal/server/accounts"
	"portal/server/collections"
	"portal/server/funding"
	"portal/server/payouts"
	"portal/server/rangepicker"
	"portal/server/servertest"
)

func TestMain(m *testing.M) { os.Exit(servertest.Main(m)) }

// newHarness mounts the dashboard, auth to log in through the form and the
// date range picker that every organisation page carries; edits change the
// server's dependencies first.
func newHarness(t *testing.T, edits ...func(*server.Deps)) *servertest.Harness {
	return servertest.NewWith(t, servertest.Edits(edits...), auth.New, New, rangepicker.New, accounts.New, statements.New, payouts.New, createpayout.New, collections.New, funding.New)
}

const (
	org1 = "/org/" + demo.Org1ID
	org2 = "/org/" + demo.Org2ID
)

func TestDashboardWidgetsPerRole(t *testing.T) {
	h := newHarness(t)
	tests := []struct {
		email string
		path  string
		want  []string
	}{
		{"admin@demo.example", org1, []string{"accounts-title", "fx-title", "payouts-title", "collections-title", "crypto-title"}},
		{"observer@demo.example", org1, []string{"accounts-title", "fx-title", "payouts-title", "collections-title", "crypto-title"}},
		// dashboard:read only: the FX widget depends on configuration alone.
		{"default@demo.example", org1, []string{"fx-title"}},
		// Atlantic: no FX widget, no collection products; observer there.
		{"multi@demo.example", org2, []string{"accounts-title", "payouts-title", "crypto-title"}},
	}
	for _, tt := range tests {
		t.Run(tt.email, func(t *testing.T) {
			c := h.LoggedIn(tt.email)
			res, doc := c.Page(tt.path)
			if res.StatusCode != 200 {
				t.Fatalf("status %d", res.StatusCode)
			}
			got := servertest.DashboardWidgets(doc)
			if len(got) != len(tt.want) {
				t.Errorf("widgets %v, want %v", got, tt.want)
			}
			for _, w := range tt.want {
				if !got[w] {
					t.Errorf("missing %s (have %v)", w, got)
				}
			}
			// No widget offers a change beyond closing the banner: the
			// page's forms are the shell's and the banner's.
			main := htmlq.Find(doc, htmlq.ByID("main"))
			for _, f := range htmlq.FindAll(main, htmlq.ByTag("form")) {
				if a := htmlq.Attr(f, "action"); !strings.HasSuffix(a, "/crypto_banner/close") {
					t.Errorf("unexpected form %s in the dashboard", a)
				}
			}
			// The date range picker is in the top bar of every organisation page.
			if htmlq.Find(doc, func(n *html.Node) bool { return htmlq.Attr(n, "data-island") == "DateRangePicker" }) == nil {
				t.Error("no date range picker")
			}
		})
	}
}

func TestDashboardAccountsAndFX(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("observer@demo.example")
	_, doc := c.Page(org1)
	acc := servertest.Section(t, doc, "accounts-title")
	links := map[string]string{}
	for _, a := range htmlq.FindAll(acc, htmlq.ByTag("a")) {
		links[htmlq.Attr(a, "href")] = htmlq.VisibleText(a)
	}
	for _, n := range []string{demo.AccountOrg1EUR, demo.AccountOrg1GBP, demo.AccountOrg1USD,
		demo.AccountOrg1DKK, demo.AccountOrg1USDT} {
		if _, ok := links[org1+"/accounts/"+n]; !ok {
			t.Errorf("owned account %s is not a link (links %v)", n, links)
		}
	}
	if len(links) != 5 {
		t.Errorf("%d account links, want the 5 owned: %v", len(links), links)
	}
	if got := links[org1+"/accounts/"+demo.AccountOrg1EUR]; !strings.Contains(got, "Main EUR") || !strings.Contains(got, "125,000.00 EUR") ||
		!strings.Contains(got, "No. "+demo.AccountOrg1EUR) {
		t.Errorf("EUR card %q", got)
	}
	if got := links[org1+"/accounts/"+demo.AccountOrg1USDT]; !strings.Contains(got, "48,250.125 USDT") {
		t.Errorf("USDT card %q: crypto keeps its own decimals", got)
	}
	all := htmlq.VisibleText(acc)
	if !strings.Contains(all, "Partner pool EUR") || !strings.Contains(all, "Please reach out to account owner for account information") {
		t.Errorf("shared account card missing: %q", all)
	}

	fx := servertest.Section(t, doc, "fx-title")
	rows := htmlq.FindAll(htmlq.Find(fx, htmlq.ByTag("tbody")), htmlq.ByTag("tr"))
	var pairs []string
	for _, r := range rows {
		pairs = append(pairs, htmlq.VisibleText(r))
	}
	// EUR (the first owned fiat account) against each other owned fiat currency.
	if len(pairs) != 3 || !strings.HasPrefix(pairs[0], "EUR → DKK") || !strings.HasPrefix(pairs[1], "EUR → GBP") || !strings.HasPrefix(pairs[2], "EUR → USD") {
		t.Fatalf("fx rows %q", pairs)
	}
	q, err := h.Store.ExchangeRate(context.Background(), demo.Org1ID, "EUR", "GBP")
	if err != nil {
		t.Fatal(err)
	}
	if want := money.FormatRate(q.ExchangeRate) + " GBP"; !strings.HasSuffix(pairs[1], want) {
		t.Errorf("EUR → GBP shows %q, want %s (markup included, 2 decimals)", pairs[1], want)
	}
}

func TestDashboardStatistics(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("admin@demo.example")
	_, doc := c.Page(org1)
	now := time.Now().UTC()
	r := daterange.DefaultRange(now)
	want, err := h.Store.PayoutStateCategoryCounts(context.Background(), demo.Org1ID, r.After(), r.Before())
	if err != nil {
		t.Fatal(err)
	}
	pay := servertest.Section(t, doc, "payouts-title")
	tables := htmlq.FindAll(pay, htmlq.ByTag("table"))
	if len(tables) < 2 {
		t.Fatalf("%d tables in the payouts widget", len(tables))
	}
	states := tables[0]
	if htmlq.Find(states, htmlq.ByTag("caption")) == nil || len(htmlq.FindAll(states, func(n *html.Node) bool { return n.Data == "th" && htmlq.Attr(n, "scope") == "col" })) != 3 {
		t.Error("state table needs a caption and column headers")
	}
	var codes []string
	sum := 0
	for i, tr := range htmlq.FindAll(htmlq.Find(states, htmlq.ByTag("tbody")), htmlq.ByTag("tr")) {
		a := htmlq.Find(tr, htmlq.ByTag("a"))
		u, _ := url.Parse(htmlq.Attr(a, "href"))
		codes = append(codes, u.Query().Get("state"))
		if u.Path != org1+"/payouts" {
			t.Errorf("state link %s", htmlq.Attr(a, "href"))
		}
		tds := htmlq.FindAll(tr, htmlq.ByTag("td"))
		n, _ := strconv.Atoi(htmlq.VisibleText(tds[0]))
		if n != want.Categories[i].Count {
			t.Errorf("%s: %d, provider says %d", codes[i], n, want.Categories[i].Count)
		}
		if !strings.Contains(htmlq.Attr(tds[0], "class"), "text-right") {
			t.Error("counts are right-aligned")
		}
		sum += n
	}
	if strings.Join(codes, ",") != "returned,rejected,action_required,received,processing,pending,completed,cancelled,pending_approval" {
		t.Errorf("state order %v", codes)
	}
	total, _ := strconv.Atoi(htmlq.VisibleText(htmlq.FindAll(htmlq.Find(states, htmlq.ByTag("tfoot")), htmlq.ByTag("td"))[0]))
	if sum != want.Total || total != sum || sum == 0 {
		t.Errorf("states sum to %d, total shows %d, provider %d", sum, total, want.Total)
	}
	// Reason codes: links carry reasonCode then state.
	reasonLinks := 0
	for _, tb := range tables[1:] {
		for _, a := range htmlq.FindAll(tb, htmlq.ByTag("a")) {
			href := htmlq.Attr(a, "href")
			u, _ := url.Parse(href)
			if u.Path != org1+"/payouts" || !strings.HasPrefix(u.RawQuery, "reasonCode=") || u.Query().Get("state") == "" {
				t.Errorf("reason link %s", href)
			}
			reasonLinks++
		}
	}
	if reasonLinks < 4 {
		t.Errorf("%d reason code links", reasonLinks)
	}

	col := servertest.Section(t, doc, "collections-title")
	links := htmlq.FindAll(col, htmlq.ByTag("a"))
	if len(links) < 2 || htmlq.Attr(links[len(links)-1], "href") != org1+"/collections/orders" {
		t.Fatalf("collection links %d", len(links))
	}
	orders, _ := h.Store.CollectionOrderStatusCounts(context.Background(), demo.Org1ID, r.After(), r.Before())
	for i, st := range orders.Statuses {
		if got := htmlq.Attr(links[i], "href"); got != org1+"/collections/orders?status="+st.Code {
			t.Errorf("status link %d = %s", i, got)
		}
	}
}

func TestDashboardCrossOrganisation(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("admin@demo.example") // member of Nordic only
	tok := c.CSRF(org1)
	for _, tc := range []struct{ method, path string }{
		{"GET", org2}, {"GET", org2 + "/date_range"}, {"POST", org2 + "/date_range"}, {"POST", org2 + "/crypto_banner/close"},
	} {
		var form url.Values
		if tc.method == "POST" {
			form = url.Values{"_csrf": {tok}, "type": {"d7"}}
		}
		res := c.Do(tc.method, tc.path, form)
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/no-organisation" {
			t.Errorf("%s %s: %d → %s", tc.method, tc.path, res.StatusCode, res.Header.Get("Location"))
		}
	}
	// The refused POST did not change the range.
	if _, doc := c.Page(org1); !servertest.DashboardWidgets(doc)["payouts-title"] {
		t.Error("range changed by a refused post")
	}
}

func TestCryptoBannerClose(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("observer@demo.example")
	_, doc := c.Page(org1)
	banner := servertest.Section(t, doc, "crypto-title")
	if a := htmlq.Find(banner, htmlq.ByTag("a")); htmlq.Attr(a, "href") != org1+"/crypto_funding" || htmlq.VisibleText(a) != "Add crypto funds" {
		t.Errorf("banner link %s", htmlq.Attr(a, "href"))
	}
	res := c.PostForm(org1+"/crypto_banner/close", url.Values{}, org1)
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != org1 {
		t.Fatalf("close: %d %s", res.StatusCode, res.Header.Get("Location"))
	}
	if _, doc := c.Page(org1); servertest.DashboardWidgets(doc)["crypto-title"] {
		t.Error("banner still shown after Close")
	}
	// The island's call: JSON accepted, 204.
	c2 := h.LoggedIn("admin@demo.example")
	tok := c2.CSRF(org1)
	res = c2.Do("POST", org1+"/crypto_banner/close", url.Values{}, "X-CSRF-Token", tok, "Accept", "application/json")
	if res.StatusCode != http.StatusNoContent {
		t.Errorf("island close: %d", res.StatusCode)
	}
	// Without crypto:read the route refuses (permission guard → organisation root).
	c3 := h.LoggedIn("default@demo.example")
	res = c3.PostForm(org1+"/crypto_banner/close", url.Values{}, org1)
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != org1 {
		t.Errorf("default role: %d %s", res.StatusCode, res.Header.Get("Location"))
	}
}

type failingStats struct{ provider.Stats }

func (failingStats) PayoutReasonCodeReport(context.Context, string, time.Time, time.Time) ([]provider.ReasonCodeGroup, error) {
	return nil, errors.New("stats down")
}

func (failingStats) CollectionOrderStatusCounts(context.Context, string, time.Time, time.Time) (provider.StatusCounts, error) {
	return provider.StatusCounts{}, errors.New("stats down")
}

func TestDashboardFailures(t *testing.T) {
	for _, tt := range []struct {
		name   string
		opt    func(*server.Deps)
		widget string
		want   string
	}{
		{"unsupported pair", func(d *server.Deps) { d.Ledger = servertest.FXFailingLedger{Ledger: d.Ledger} }, "fx-title", "EUR → DKKExchange rate is not available."},
		{"rates fail", func(d *server.Deps) { d.Ledger = servertest.FXFailingLedger{Ledger: d.Ledger, Fail: true} }, "fx-title", "Error loading FX Rates"},
		{"payout stats fail", func(d *server.Deps) { d.Stats = failingStats{d.Stats} }, "payouts-title", "Error loading category count stats"},
		{"collection stats fail", func(d *server.Deps) { d.Stats = failingStats{d.Stats} }, "collections-title", "Error loading collection order stats"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, tt.opt)
			c := h.LoggedIn("observer@demo.example")
			res, doc := c.Page(org1)
			if res.StatusCode != 200 {
				t.Fatalf("status %d", res.StatusCode)
			}
			if got := htmlq.VisibleText(servertest.Section(t, doc, tt.widget)); !strings.Contains(got, tt.want) {
				t.Errorf("%s shows %q, want %q", tt.widget, got, tt.want)
			}
			if !servertest.DashboardWidgets(doc)["accounts-title"] {
				t.Error("one failing widget took the others down")
			}
		})
	}
}

func TestStatsAPI(t *testing.T) {
	h := newHarness(t)
	obs := h.APILoggedIn("observer@demo.example")
	def := h.APILoggedIn("default@demo.example")
	hdr := func(org string) []string { return []string{"X-Organisation-ID", org} }
	reasons := "/api/v1/payouts/payout_requests/stats/reason_codes_reports"
	states := "/api/v2/payouts/payout_requests/stats/state_category_counts_reports"
	orders := "/api/v1/collection/organisations/%s/stats/orders/status_counts_reports"
	ordersOf := func(org string) string { return strings.Replace(orders, "%s", org, 1) }

	// Permissions: non-member 404 (before the permission), missing permission 403.
	for _, tc := range []struct {
		name   string
		c      *servertest.APIClient
		path   string
		hdr    []string
		status int
		code   string
	}{
		{"observer reasons", obs, reasons, hdr(demo.Org1ID), 200, ""},
		{"observer states", obs, states + "?created_after=2026-01-01", hdr(demo.Org1ID), 200, ""},
		{"observer orders", obs, ordersOf(demo.Org1ID), nil, 200, ""},
		{"default reasons", def, reasons, hdr(demo.Org1ID), 403, api.CodeForbidden},
		{"default states", def, states, hdr(demo.Org1ID), 403, api.CodeForbidden},
		{"default orders", def, ordersOf(demo.Org1ID), nil, 403, api.CodeForbidden},
		{"other organisation", obs, reasons, hdr(demo.Org2ID), 404, api.CodeNotFound},
		{"other organisation, no permission either", def, states, hdr(demo.Org2ID), 404, api.CodeNotFound},
		{"other organisation orders", obs, ordersOf(demo.Org2ID), nil, 404, api.CodeNotFound},
		{"no organisation", obs, reasons, nil, 404, api.CodeNoOrganisation},
		{"bad date", obs, states + "?created_before=yesterday", hdr(demo.Org1ID), 422, api.CodeInvalid},
		{"no credential", h.API(), reasons, hdr(demo.Org1ID), 401, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := tc.c.Call("GET", tc.path, nil, tc.hdr...)
			if r.StatusCode != tc.status {
				t.Fatalf("status %d, want %d: %s", r.StatusCode, tc.status, r.Raw)
			}
			if tc.code != "" && r.ErrorCode(t) != tc.code {
				t.Errorf("code %s, want %s", r.ErrorCode(t), tc.code)
			}
		})
	}

	// Shapes and sums over one window.
	after, before := "2026-01-01", time.Now().UTC().AddDate(0, 0, 1).Format(daterange.APILayout)
	q := "?created_after=" + after + "&created_before=" + before
	st := obs.Call("GET", states+q, nil, hdr(demo.Org1ID)...)
	data, _ := st.JSON["data"].([]any)
	meta, _ := st.JSON["meta"].(map[string]any)
	if len(data) != len(provider.PayoutStatuses()) {
		t.Fatalf("state data %s", st.Raw)
	}
	sum := 0
	for i, row := range data {
		r := row.([]any)
		if r[0] != provider.PayoutStateCategories()[i].Code || r[1] != provider.PayoutStateCategories()[i].Name {
			t.Errorf("row %d %v", i, r)
		}
		sum += int(r[2].(float64))
	}
	if float64(sum) != meta["count"].(float64) || sum == 0 {
		t.Errorf("states sum %d, meta %v", sum, meta)
	}
	rc := obs.Call("GET", reasons+q, nil, hdr(demo.Org1ID)...)
	if !strings.HasPrefix(string(rc.Raw), `{"data":{"returned":{"items":[`) {
		t.Errorf("reason report does not keep the dashboard's order: %.80s", rc.Raw)
	}
	byState, _ := rc.JSON["data"].(map[string]any)
	stateSum := 0
	for _, v := range byState {
		m := v.(map[string]any)["meta"].(map[string]any)
		stateSum += int(m["count"].(float64))
	}
	if stateSum != sum {
		t.Errorf("reason report states sum to %d, state report %d", stateSum, sum)
	}
	od := obs.Call("GET", ordersOf(demo.Org1ID), nil)
	rows, _ := od.JSON["data"].([]any)
	osum := 0
	for _, r := range rows {
		osum += int(r.(map[string]any)["count"].(float64))
	}
	want, _ := h.Store.CollectionOrderStatusCounts(context.Background(), demo.Org1ID, time.Now().UTC().AddDate(0, 0, -30), time.Time{})
	if osum != want.Total || float64(osum) != od.JSON["meta"].(map[string]any)["count"].(float64) {
		t.Errorf("orders (default 30 days) sum %d, provider %d", osum, want.Total)
	}
}

func TestFormatBalance(t *testing.T) {
	for _, c := range []struct{ in, code, want string }{
		{"125000.00", "EUR", "125,000.00"}, {"0.00", "EUR", "0.00"}, {"-1234.5", "GBP", "-1,234.50"},
		{"12.3456", "EUR", "12.3456"}, {"12.34567", "EUR", "12.3457"}, {"100.1000", "EUR", "100.10"},
		{"48250.125000", "USDT", "48,250.125"}, {"0.00000001", "BTC", "0.00000001"}, {"999", "DKK", "999.00"},
		{"abc", "EUR", "abc"},
	} {
		if got := formatBalance(c.in, c.code); got != c.want {
			t.Errorf("formatBalance(%s, %s) = %s, want %s", c.in, c.code, got, c.want)
		}
	}
}

// TestStatsAPITour calls every operation of the area once with success (the
// part of the API tour that was the statistics').
func TestStatsAPITour(t *testing.T) {
	h := newHarness(t)
	admin := h.APILoggedIn("admin@demo.example")
	tour := h.Tour(t, New(h.Srv).API)
	tour.At["id"] = demo.Org1ID
	tour.Call(admin, "getPayoutReasonCodesReport", "", nil, api.HeaderOrganisation, demo.Org1ID)
	tour.Call(admin, "getPayoutStateCategoryCountsReport", "", nil, api.HeaderOrganisation, demo.Org1ID)
	tour.Call(admin, "getCollectionOrderStatusCountsReport", "", nil)
	tour.Done()
}
