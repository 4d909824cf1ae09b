package accounts

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"os"
	"portal/server/auth"
	"portal/server/createpayout"
	"portal/server/statements"
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
	"portal/server/collections"
	"portal/server/dashboard"
	"portal/server/funding"
	"portal/server/payouts"
	"portal/server/rangepicker"
	"portal/server/servertest"
)

func TestMain(m *testing.M) { os.Exit(servertest.Main(m)) }

// newHarness mounts the account pages, auth to log in through the form, the
// date range picker (wideRange) and the dashboard (the organisation root the
// guards send to); edits change the server's dependencies first.
func newHarness(t *testing.T, edits ...func(*server.Deps)) *servertest.Harness {
	return servertest.NewWith(t, servertest.Edits(edits...), auth.New, New, rangepicker.New, dashboard.New, payouts.New, createpayout.New, collections.New, funding.New, statements.New)
}

const (
	acctEUR  = demo.AccountOrg1EUR
	acctGBP  = demo.AccountOrg1GBP
	acctPool = demo.AccountPartnerPool
)

func accountPath(number string) string { return "/org/" + servertest.OrgNordic + "/accounts/" + number }

// wideRange sets the session's global date range to the last 100 days, so
// the seeded history (90 days) fills more than one 50-row page: a custom
// range through the date range picker's form.
func wideRange(t *testing.T, c *servertest.Client) {
	t.Helper()
	now := time.Now().UTC()
	res := c.PostForm("/org/"+servertest.OrgNordic+"/date_range", url.Values{"type": {daterange.Custom},
		"from": {now.AddDate(0, 0, -100).Format(daterange.DisplayLayout)}, "to": {now.Format(daterange.DisplayLayout)}}, accountPath(acctEUR))
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("date range: %d", res.StatusCode)
	}
}

func mainAlert(doc *html.Node) string {
	main := htmlq.Find(doc, htmlq.ByTag("main"))
	if a := htmlq.Find(main, func(n *html.Node) bool { return htmlq.Attr(n, "role") == "alert" }); a != nil {
		return htmlq.VisibleText(a)
	}
	return ""
}

func balance(t *testing.T, h *servertest.Harness, number string) money.Amount {
	t.Helper()
	var b string
	if err := h.DB().QueryRow(`SELECT balance FROM accounts WHERE account_number = ?`, number).Scan(&b); err != nil {
		t.Fatal(err)
	}
	a, err := money.Parse(b, 2)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func TestAccountPageStructure(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("admin@demo.example")
	res, doc := c.Page(accountPath(acctEUR))
	if res.StatusCode != http.StatusOK {
		t.Fatalf("status %d", res.StatusCode)
	}
	if h1 := htmlq.Find(doc, htmlq.ByTag("h1")); h1 == nil || htmlq.VisibleText(h1) != "Account Transactions" {
		t.Fatalf("h1 %v", h1)
	}
	sel := htmlq.Find(doc, htmlq.ByID("entry_type"))
	if sel == nil || htmlq.Attr(sel, "name") != "entry_type" {
		t.Fatal("no entry type filter")
	}
	opts := htmlq.FindAll(sel, htmlq.ByTag("option"))
	if len(opts) != 1+len(provider.EntryTypes()) || htmlq.VisibleText(opts[0]) != "All" || !htmlq.HasAttr(opts[0], "selected") {
		t.Fatalf("filter options: %d, first %q", len(opts), htmlq.VisibleText(opts[0]))
	}
	for i, e := range provider.EntryTypes() {
		if htmlq.Attr(opts[i+1], "value") != e || htmlq.VisibleText(opts[i+1]) != strings.ReplaceAll(e, "_", " ") {
			t.Errorf("option %d: %q %q", i+1, htmlq.Attr(opts[i+1], "value"), htmlq.VisibleText(opts[i+1]))
		}
	}
	form := htmlq.Find(doc, func(n *html.Node) bool {
		return n.Data == "form" && htmlq.Attr(n, "method") == "get" && htmlq.Attr(n, "action") == accountPath(acctEUR)
	})
	if form == nil || htmlq.Find(form, htmlq.ByID("entry_type")) == nil {
		t.Fatal("the filter is not a GET form of the page")
	}
	var heads []string
	for _, th := range htmlq.FindAll(htmlq.Find(doc, htmlq.ByTag("thead")), htmlq.ByTag("th")) {
		heads = append(heads, htmlq.VisibleText(th))
	}
	if strings.Join(heads, "|") != "Direction|Date|ID/Reference|Type|Balance/Amount" {
		t.Errorf("headers %q", heads)
	}
	if htmlq.Find(doc, htmlq.ByTag("caption")) == nil {
		t.Error("no caption")
	}
	rows := servertest.Rows(doc)
	if len(rows) == 0 || len(rows) > 50 {
		t.Fatalf("%d rows", len(rows))
	}
	cells := htmlq.FindAll(rows[0], htmlq.ByTag("td"))
	if len(cells) != 5 {
		t.Fatalf("%d cells", len(cells))
	}
	if d := htmlq.VisibleText(cells[1]); len(d) < 10 || d[2] != '-' || d[5] != '-' || !strings.Contains(d, "UTC") {
		t.Errorf("date cell %q is not DD-MM-YYYY with a UTC time", d)
	}
	if !strings.Contains(htmlq.VisibleText(cells[4]), "EUR") || !strings.Contains(htmlq.VisibleText(cells[4]), "Balance ") {
		t.Errorf("amount cell %q", htmlq.VisibleText(cells[4]))
	}
	if count := htmlq.Find(doc, htmlq.ByID("transactions-count")); count == nil || !strings.Contains(htmlq.VisibleText(count), "50 per page") {
		t.Error("no total count")
	}
	// Details panel: name, number, summary, funding.
	details := htmlq.Find(doc, func(n *html.Node) bool {
		return n.Data == "aside" && htmlq.Attr(n, "aria-labelledby") == "account-details-title"
	})
	if details == nil {
		t.Fatal("no details panel")
	}
	dt := htmlq.VisibleText(details)
	for _, want := range []string{"Main EUR", acctEUR, "Funds withdrawal", "Opening balance", "Closing balance", "Current balance", "125,000.00 EUR", "Account funding", "IBAN"} {
		if !strings.Contains(dt, want) {
			t.Errorf("details panel lacks %q: %s", want, dt)
		}
	}
	if strings.Contains(dt, "SHARED") {
		t.Error("owned account labelled SHARED")
	}
	// Admin: Transfer (the island, linking to the no-JS page) and Export.
	isl := htmlq.Find(doc, func(n *html.Node) bool { return htmlq.Attr(n, "data-island") == "TransferDialog" })
	if isl == nil {
		t.Fatal("no transfer island")
	}
	if a := htmlq.Find(isl, htmlq.ByTag("a")); a == nil || htmlq.Attr(a, "href") != accountPath(acctEUR)+"/transfer" || htmlq.VisibleText(a) != "Transfer" {
		t.Errorf("transfer link %v", a)
	}
	exp := servertest.LinkByText(doc, "Export to CSV")
	if exp == nil || htmlq.Attr(exp, "href") != "/org/"+servertest.OrgNordic+"/exported_statements?account="+acctEUR+"&download_statement=1" {
		t.Errorf("export link %v", exp)
	}
}

func TestAccountPageFilterPagingPanel(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("observer@demo.example")
	wideRange(t, c)
	_, doc := c.Page(accountPath(acctEUR))
	first := servertest.Rows(doc)
	if len(first) != 50 {
		t.Fatalf("first page %d rows, want 50", len(first))
	}
	if servertest.LinkByText(doc, "Previous page") != nil {
		t.Error("previous link on the first page")
	}
	next := servertest.LinkByText(doc, "Next page")
	if next == nil || !strings.Contains(htmlq.Attr(next, "href"), "cursor_after=") {
		t.Fatalf("next link %v", next)
	}
	_, doc2 := c.Page(htmlq.Attr(next, "href"))
	second := servertest.Rows(doc2)
	if len(second) == 0 || htmlq.Attr(second[0], "id") == htmlq.Attr(first[0], "id") {
		t.Fatal("second page repeats the first")
	}
	prev := servertest.LinkByText(doc2, "Previous page")
	if prev == nil || !strings.Contains(htmlq.Attr(prev, "href"), "cursor_before=") {
		t.Fatalf("previous link %v", prev)
	}
	_, back := c.Page(htmlq.Attr(prev, "href"))
	again := servertest.Rows(back)
	if len(again) != 50 || htmlq.Attr(again[0], "id") != htmlq.Attr(first[0], "id") || htmlq.Attr(again[49], "id") != htmlq.Attr(first[49], "id") {
		t.Error("previous page is not the first page")
	}

	// Filter: every row has the type; paging links keep it; the filter form
	// carries no cursor, so changing it starts again.
	_, fd := c.Page(accountPath(acctEUR) + "?entry_type=payout_fee&cursor_after=garbage")
	rows := servertest.Rows(fd)
	if len(rows) == 0 {
		t.Fatal("no payout fee rows")
	}
	for _, r := range rows {
		if typ := htmlq.VisibleText(htmlq.FindAll(r, htmlq.ByTag("td"))[3]); typ != "payout fee" {
			t.Errorf("row type %q", typ)
		}
	}
	sel := htmlq.Find(fd, htmlq.ByID("entry_type"))
	if o := htmlq.Find(sel, func(n *html.Node) bool { return n.Data == "option" && htmlq.HasAttr(n, "selected") }); o == nil || htmlq.Attr(o, "value") != "payout_fee" {
		t.Error("filter does not show payout_fee")
	}
	form := htmlq.Find(fd, func(n *html.Node) bool { return n.Data == "form" && htmlq.Attr(n, "method") == "get" })
	if htmlq.Find(form, func(n *html.Node) bool { return strings.HasPrefix(htmlq.Attr(n, "name"), "cursor") }) != nil {
		t.Error("the filter form carries a cursor")
	}

	// Side panel: the row's link opens it, keeping the page's query.
	link := htmlq.Find(second[3], htmlq.ByTag("a"))
	href := htmlq.Attr(link, "href")
	u, _ := url.Parse(href)
	id := u.Query().Get("entry")
	if id == "" || u.Query().Get("cursor_after") == "" || u.Fragment != "entry-panel" {
		t.Fatalf("panel link %q", href)
	}
	_, pd := c.Page(u.RequestURI())
	panel := htmlq.Find(pd, htmlq.ByID("entry-panel"))
	if panel == nil || htmlq.Attr(panel, "tabindex") != "-1" || !strings.Contains(htmlq.VisibleText(panel), id) || !strings.Contains(htmlq.VisibleText(panel), "Transaction details") {
		t.Fatalf("panel %v", panel)
	}
	closeLink := servertest.LinkByText(panel, "Close transaction details")
	if closeLink == nil {
		t.Fatal("no close link")
	}
	_, stale := c.Page(accountPath(acctEUR) + "?entry=1")
	if sp := htmlq.Find(stale, htmlq.ByID("entry-panel")); sp == nil || !strings.Contains(htmlq.VisibleText(sp), "not on this page") || servertest.LinkByText(sp, "Close transaction details") == nil {
		t.Error("a stale panel link does not say so")
	}
	cu, _ := url.Parse(htmlq.Attr(closeLink, "href"))
	if cu.Query().Get("entry") != "" || cu.Query().Get("cursor_after") != u.Query().Get("cursor_after") || cu.Fragment != "entry-"+id {
		t.Errorf("close link %q", htmlq.Attr(closeLink, "href"))
	}
}

func TestAccountPagePermissionsAndErrors(t *testing.T) {
	h := newHarness(t)
	cases := []struct {
		user          string
		path          string
		status        int
		transfer, exp bool
		alert, shared string
	}{
		{user: "observer@demo.example", path: accountPath(acctEUR), status: 200},
		{user: "finance@demo.example", path: accountPath(acctEUR), status: 200, exp: true},
		{user: "operations_member@demo.example", path: accountPath(acctEUR), status: 200, transfer: true, exp: true},
		{user: "admin@demo.example", path: accountPath("4520019999999999"), status: 404, alert: "An error occurred while accessing this account."},
		// Atlantic's own account, asked for under Nordic.
		{user: "admin@demo.example", path: accountPath(demo.AccountOrg2GBP), status: 404, alert: "An error occurred while accessing this account."},
		// Nordic's account asked for under Atlantic, by a member of both.
		{user: "multi@demo.example", path: "/org/" + servertest.OrgAtlantic + "/accounts/" + acctEUR, status: 404, alert: "An error occurred while accessing this account."},
	}
	for _, tc := range cases {
		t.Run(tc.user+" "+tc.path, func(t *testing.T) {
			c := h.LoggedIn(tc.user)
			res, doc := c.Page(tc.path)
			if res.StatusCode != tc.status {
				t.Fatalf("status %d, want %d", res.StatusCode, tc.status)
			}
			if got := mainAlert(doc); got != tc.alert {
				t.Errorf("alert %q, want %q", got, tc.alert)
			}
			if tc.alert != "" {
				if servertest.Rows(doc) != nil {
					t.Error("rows shown with the error")
				}
				return
			}
			hasTransfer := htmlq.Find(doc, func(n *html.Node) bool { return htmlq.Attr(n, "data-island") == "TransferDialog" }) != nil
			if hasTransfer != tc.transfer {
				t.Errorf("transfer button %v, want %v", hasTransfer, tc.transfer)
			}
			if (servertest.LinkByText(doc, "Export to CSV") != nil) != tc.exp {
				t.Errorf("export button, want %v", tc.exp)
			}
			details := htmlq.Find(doc, func(n *html.Node) bool {
				return n.Data == "aside" && htmlq.Attr(n, "aria-labelledby") == "account-details-title"
			})
			if strings.Contains(htmlq.VisibleText(details), "SHARED") != (tc.shared != "") {
				t.Errorf("SHARED label: %s", htmlq.VisibleText(details))
			}
		})
	}
}

func TestAccountPageFundingWallet(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("observer@demo.example")
	_, doc := c.Page(accountPath(demo.AccountOrg1USDT))
	isl := htmlq.Find(doc, func(n *html.Node) bool { return htmlq.Attr(n, "data-island") == "CopyText" })
	if isl == nil {
		t.Fatal("no wallet island")
	}
	code := htmlq.Find(isl, htmlq.ByTag("code"))
	full := htmlq.Find(htmlq.Find(isl, htmlq.ByTag("details")), htmlq.ByTag("code"))
	if code == nil || full == nil {
		t.Fatal("no short and full address")
	}
	addr := htmlq.VisibleText(full)
	if want := addr[:9] + "…" + addr[len(addr)-5:]; htmlq.VisibleText(code) != want {
		t.Errorf("short %q, want %q", htmlq.VisibleText(code), want)
	}
	if htmlq.Find(isl, func(n *html.Node) bool { return htmlq.Attr(n, "role") == "status" }) == nil {
		t.Error("no live region for the copy message")
	}
	// The one account without instructions, the shared pool, no longer shows a funding
	// section at all (TestSharedAccount).
}

// transferForm fetches the no-JS transfer page and returns its CSRF token
// and idempotency key.
func transferForm(t *testing.T, c *servertest.Client, number string) (string, string) {
	t.Helper()
	res, doc := c.Page(accountPath(number) + "/transfer")
	if res.StatusCode != http.StatusOK {
		t.Fatalf("transfer page: %d", res.StatusCode)
	}
	in := func(name string) string {
		n := htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "input" && htmlq.Attr(n, "name") == name })
		if n == nil {
			t.Fatalf("no %s field", name)
		}
		return htmlq.Attr(n, "value")
	}
	return in("_csrf"), in("idempotency_key")
}

func transferFieldError(doc *html.Node, id string) string {
	if n := htmlq.Find(doc, htmlq.ByID(id+"-error")); n != nil {
		return strings.TrimPrefix(htmlq.VisibleText(n), "Error: ")
	}
	return ""
}

func TestTransferForm(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("admin@demo.example")
	csrf, key := transferForm(t, c, acctEUR)
	_, doc := c.Page(accountPath(acctEUR) + "/transfer")
	from := htmlq.Find(doc, htmlq.ByID("from_account_number"))
	if o := htmlq.Find(from, func(n *html.Node) bool { return n.Data == "option" && htmlq.HasAttr(n, "selected") }); o == nil || htmlq.Attr(o, "value") != acctEUR {
		t.Error("from account not preselected")
	}
	to := htmlq.Find(doc, htmlq.ByID("to_account_number"))
	for _, o := range htmlq.FindAll(to, htmlq.ByTag("option")) {
		if v := htmlq.Attr(o, "value"); v == acctEUR || v == acctPool {
			t.Errorf("destination offers %s", v)
		}
	}
	if a := htmlq.Find(doc, htmlq.ByID("amount")); htmlq.Attr(a, "placeholder") != "000,000,000.00" {
		t.Error("amount placeholder")
	}

	post := func(f url.Values) (*http.Response, *html.Node) {
		f.Set("_csrf", csrf)
		res := c.Do("POST", accountPath(acctEUR)+"/transfer", f)
		if res.StatusCode == http.StatusSeeOther {
			return res, nil
		}
		return res, servertest.Parse(t, res)
	}

	cases := []struct {
		name   string
		form   url.Values
		errors map[string]string
		form1  string
	}{
		{"empty", url.Values{"idempotency_key": {key}}, map[string]string{
			"from_account_number": "Choose the account to transfer from", "to_account_number": "Choose the account to transfer to",
			"amount": "Enter an amount", "end_to_end_id": "Enter an end-to-end id"}, ""},
		{"bad amount, typed values kept", url.Values{"idempotency_key": {key}, "from_account_number": {acctEUR}, "to_account_number": {acctGBP},
			"amount": {"12,34"}, "end_to_end_id": {"E2E <kept>"}}, map[string]string{"amount": money.MsgAmountFormat}, ""},
		{"same account", url.Values{"idempotency_key": {key}, "from_account_number": {acctEUR}, "to_account_number": {acctEUR},
			"amount": {"1.00"}, "end_to_end_id": {"x"}}, map[string]string{"to_account_number": "Choose a different account to transfer to"}, ""},
		{"too big", url.Values{"idempotency_key": {key}, "from_account_number": {acctEUR}, "to_account_number": {acctGBP},
			"amount": {"10,000,000,000,000"}, "end_to_end_id": {"x"}}, map[string]string{"amount": "Amount too big"}, ""},
		{"overdraft on the amount field", url.Values{"idempotency_key": {key}, "from_account_number": {acctEUR}, "to_account_number": {acctGBP},
			"amount": {"999,999,999.00"}, "end_to_end_id": {"x"}}, map[string]string{"amount": "Insufficient funds"}, "Transfer failed"},
		{"no idempotency key", url.Values{"from_account_number": {acctEUR}}, map[string]string{}, "The form expired. Please submit it again."},
	}
	before := balance(t, h, acctEUR)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res, doc := post(server.WithQuery(tc.form))
			if res.StatusCode != http.StatusUnprocessableEntity {
				t.Fatalf("status %d", res.StatusCode)
			}
			for _, f := range []string{"from_account_number", "to_account_number", "amount", "end_to_end_id"} {
				if got := transferFieldError(doc, f); got != tc.errors[f] {
					t.Errorf("%s error %q, want %q", f, got, tc.errors[f])
				}
				if tc.errors[f] != "" {
					if n := htmlq.Find(doc, htmlq.ByID(f)); htmlq.Attr(n, "aria-invalid") != "true" || !strings.Contains(htmlq.Attr(n, "aria-describedby"), f+"-error") {
						t.Errorf("%s not tied to its error", f)
					}
					summary := htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "a" && htmlq.Attr(n, "href") == "#"+f })
					if summary == nil || htmlq.VisibleText(summary) != tc.errors[f] {
						t.Errorf("error summary lacks %s", f)
					}
				}
			}
			if got := mainAlert(doc); tc.form1 != "" && !strings.HasPrefix(got, tc.form1) {
				t.Errorf("form error %q, want %q", got, tc.form1)
			}
			if v := tc.form.Get("amount"); v != "" {
				if got := htmlq.Attr(htmlq.Find(doc, htmlq.ByID("amount")), "value"); got != v {
					t.Errorf("amount kept as %q, want %q", got, v)
				}
			}
			if v := tc.form.Get("end_to_end_id"); v != "" {
				if got := htmlq.Attr(htmlq.Find(doc, htmlq.ByID("end_to_end_id")), "value"); got != v {
					t.Errorf("e2e kept as %q, want %q", got, v)
				}
			}
		})
	}
	if got := balance(t, h, acctEUR); got.Cmp(before) != 0 {
		t.Fatalf("refused transfers moved money: %s → %s", before, got)
	}

	// The quote shows the conversion and books nothing.
	res, qd := post(url.Values{"idempotency_key": {key}, "from_account_number": {acctEUR}, "to_account_number": {acctGBP},
		"amount": {"1,000.00"}, "end_to_end_id": {"E2E-1"}, "intent": {"quote"}})
	if m := htmlq.VisibleText(htmlq.Find(qd, htmlq.ByTag("main"))); res.StatusCode != http.StatusOK || !strings.Contains(m, "Currency conversion: 1 EUR = 0.85219 GBP") ||
		!strings.Contains(m, "1,000.00 EUR converts to 852.19 GBP") {
		t.Fatalf("quote: %d %s", res.StatusCode, htmlq.VisibleText(htmlq.Find(qd, htmlq.ByTag("main"))))
	}

	// A double submit with one key moves money once.
	gbp := balance(t, h, acctGBP)
	good := url.Values{"idempotency_key": {key}, "from_account_number": {acctEUR}, "to_account_number": {acctGBP},
		"amount": {"1,000.00"}, "end_to_end_id": {"E2E-1"}, "intent": {"transfer"}}
	for i := 0; i < 2; i++ {
		res, _ := post(server.WithQuery(good))
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != accountPath(acctEUR) {
			t.Fatalf("submit %d: %d %s", i, res.StatusCode, res.Header.Get("Location"))
		}
	}
	if got, want := balance(t, h, acctEUR), before.Sub(money.MustParse("1000.00", 2)); got.Cmp(want) != 0 {
		t.Errorf("EUR balance %s, want %s", got, want)
	}
	if got, want := balance(t, h, acctGBP), gbp.Add(money.MustParse("852.19", 2)); got.Cmp(want) != 0 {
		t.Errorf("GBP balance %s, want %s", got, want)
	}
	_, ad := c.Page(accountPath(acctEUR))
	if !strings.Contains(htmlq.VisibleText(htmlq.Find(ad, htmlq.ByTag("main"))), "Transfer successful") {
		t.Error("no success flash")
	}
	if r := servertest.Rows(ad); len(r) == 0 || !strings.Contains(htmlq.VisibleText(r[0]), "E2E-1") || !strings.Contains(htmlq.VisibleText(r[0]), "-1,000.00 EUR") {
		t.Error("the new entry is not first")
	}
}

func TestTransferRefusedWithoutManage(t *testing.T) {
	h := newHarness(t)
	for _, user := range []string{"observer@demo.example", "finance@demo.example"} {
		c := h.LoggedIn(user)
		res := c.Get(accountPath(acctEUR) + "/transfer")
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/org/"+servertest.OrgNordic {
			t.Errorf("%s GET: %d %s", user, res.StatusCode, res.Header.Get("Location"))
		}
		_, doc := c.Page(accountPath(acctEUR))
		csrf := htmlq.Attr(htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "input" && htmlq.Attr(n, "name") == "_csrf" }), "value")
		before := balance(t, h, acctEUR)
		res = c.Do("POST", accountPath(acctEUR)+"/transfer", url.Values{"_csrf": {csrf}, "idempotency_key": {"6f1c1c9e-1111-4111-8111-111111111111"},
			"from_account_number": {acctEUR}, "to_account_number": {acctGBP}, "amount": {"1.00"}, "end_to_end_id": {"x"}})
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/org/"+servertest.OrgNordic {
			t.Errorf("%s POST: %d %s", user, res.StatusCode, res.Header.Get("Location"))
		}
		if balance(t, h, acctEUR).Cmp(before) != 0 {
			t.Errorf("%s moved money", user)
		}
	}
}

func TestAccountsAPI(t *testing.T) {
	h := newHarness(t)
	admin := h.APILoggedIn("admin@demo.example")
	obs := h.APILoggedIn("observer@demo.example")
	def := h.APILoggedIn("default@demo.example")
	vb := "/virtual_bank/organisations/{id}"
	p := func(path, org string) string {
		return "/api/v2" + strings.ReplaceAll(path, "{id}", org)
	}

	t.Run("reads", func(t *testing.T) {
		acct := vb + "/accounts/{accountNumber}"
		fx := "/fx/organisations/{id}"
		cases := []struct {
			c      *servertest.APIClient
			doc    string // the operation's path in the document
			url    string // under /api/v2
			status int
		}{
			{obs, vb + "/accounts", p(vb, servertest.OrgNordic) + "/accounts", 200},
			{obs, acct + "/summary", p(vb, servertest.OrgNordic) + "/accounts/" + acctEUR + "/summary?created_after=2026-01-01", 200},
			{obs, acct + "/summary", p(vb, servertest.OrgNordic) + "/accounts/" + acctEUR + "/summary?created_after=yesterday", 422},
			{obs, acct + "/movements", p(vb, servertest.OrgNordic) + "/accounts/" + acctEUR + "/movements?sort=-date&limit=5&filter[entry_type]=payout", 200},
			{obs, acct + "/movements", p(vb, servertest.OrgNordic) + "/accounts/" + acctEUR + "/movements?filter[entry_type]=nope", 422},
			{obs, acct + "/movements", p(vb, servertest.OrgNordic) + "/accounts/" + acctEUR + "/movements?sort=date", 422},
			{obs, acct + "/movements", p(vb, servertest.OrgNordic) + "/accounts/" + acctEUR + "/movements?limit=500", 422},
			{obs, acct + "/movements", p(vb, servertest.OrgNordic) + "/accounts/" + demo.AccountOrg2GBP + "/movements", 404},
			{obs, vb + "/accounts", p(vb, servertest.OrgAtlantic) + "/accounts", 404},
			{def, vb + "/accounts", p(vb, servertest.OrgNordic) + "/accounts", 403},
			{obs, fx + "/exchange_rate", p(fx, servertest.OrgNordic) + "/exchange_rate?pay_currency=EUR&buy_currency=GBP", 200},
			{obs, fx + "/exchange_rate", p(fx, servertest.OrgNordic) + "/exchange_rate?pay_currency=EUR&buy_currency=XYZ", 404},
			{obs, fx + "/exchange_rate", p(fx, servertest.OrgNordic) + "/exchange_rate?pay_currency=EUR", 422},
			{obs, fx + "/markups", p(fx, servertest.OrgNordic) + "/markups", 200},
			{obs, fx + "/currencies", p(fx, servertest.OrgNordic) + "/currencies", 200},
			{def, fx + "/currencies", p(fx, servertest.OrgNordic) + "/currencies", 403},
			{obs, fx + "/markups", p(fx, servertest.OrgAtlantic) + "/markups", 404},
		}
		for _, tc := range cases {
			r := tc.c.Call("GET", tc.url, nil)
			if r.StatusCode != tc.status {
				t.Errorf("GET %s: %d, want %d: %s", tc.url, r.StatusCode, tc.status, r.Raw)
				continue
			}
			h.CheckReply(t, "GET", tc.doc, r)
		}
	})

	t.Run("movements meta and error texts", func(t *testing.T) {
		r := obs.Call("GET", p(vb, servertest.OrgNordic)+"/accounts/"+acctEUR+"/movements?limit=2", nil)
		meta, _ := r.JSON["meta"].(map[string]any)
		if meta["has_next_page"] != true || meta["cursor_next"] == "" || meta["total"].(float64) < 3 {
			t.Fatalf("meta %v", meta)
		}
		r2 := obs.Call("GET", p(vb, servertest.OrgNordic)+"/accounts/"+acctEUR+"/movements?limit=2&cursor_after="+meta["cursor_next"].(string), nil)
		d1, d2 := r.JSON["data"].([]any), r2.JSON["data"].([]any)
		if len(d2) != 2 || d1[1].(map[string]any)["id"] == d2[0].(map[string]any)["id"] {
			t.Error("second page overlaps")
		}
		nf := obs.Call("GET", p(vb, servertest.OrgNordic)+"/accounts/4520019999999999/movements", nil)
		if nf.StatusCode != 404 || nf.FirstError(t)["title"] != "An error occurred while accessing this account." {
			t.Errorf("unknown account: %s", nf.Raw)
		}
		fx := obs.Call("GET", p("/fx/organisations/{id}", servertest.OrgNordic)+"/exchange_rate?pay_currency=EUR&buy_currency=XYZ", nil)
		if fx.FirstError(t)["title"] != "FX Rate not supported." {
			t.Errorf("unsupported pair: %s", fx.Raw)
		}
	})

	t.Run("transfer", func(t *testing.T) {
		path := p(vb, servertest.OrgNordic) + "/inter_account_movements"
		doc := vb + "/inter_account_movements"
		body := map[string]string{"from_account_number": acctEUR, "to_account_number": acctGBP, "amount": "250.00", "end_to_end_id": "API-1"}
		obs.Call("POST", path, body, "Idempotency-Key", "k-obs").Expect(t, 403, "forbidden")
		admin.Call("POST", p(vb, servertest.OrgAtlantic)+"/inter_account_movements", body, "Idempotency-Key", "k-x").Expect(t, 404, "not_found")
		r := admin.Call("POST", path, body)
		r.Expect(t, 400, "invalid")
		h.CheckReply(t, "POST", doc, r)

		before := balance(t, h, acctEUR)
		first := admin.Call("POST", path, body, "Idempotency-Key", "k-1")
		first.Expect(t, 201, "")
		h.CheckReply(t, "POST", doc, first)
		again := admin.Call("POST", path, body, "Idempotency-Key", "k-1")
		again.Expect(t, 200, "")
		if first.JSON["data"].(map[string]any)["id"] != again.JSON["data"].(map[string]any)["id"] {
			t.Error("replay booked another transfer")
		}
		if got, want := balance(t, h, acctEUR), before.Sub(money.MustParse("250.00", 2)); got.Cmp(want) != 0 {
			t.Errorf("balance %s, want %s", got, want)
		}
		other := map[string]string{"from_account_number": acctEUR, "to_account_number": acctGBP, "amount": "251.00", "end_to_end_id": "API-1"}
		admin.Call("POST", path, other, "Idempotency-Key", "k-1").Expect(t, 409, "conflict")

		pointers := []struct {
			body    map[string]string
			pointer string
			title   string
		}{
			{map[string]string{"from_account_number": acctEUR, "to_account_number": acctGBP, "amount": "999999999.00", "end_to_end_id": "x"}, "/debit_amount", "Insufficient funds"},
			{map[string]string{"from_account_number": "4520019999999999", "to_account_number": acctGBP, "amount": "1.00", "end_to_end_id": "x"}, "/from_account_number", "Choose one of your organisation's accounts"},
			{map[string]string{"from_account_number": acctEUR, "to_account_number": acctGBP, "amount": "1.001", "end_to_end_id": "x"}, "/amount", "Enter the amount with at most 2 decimals"},
			{map[string]string{"from_account_number": acctEUR, "to_account_number": acctGBP, "amount": "1.00", "end_to_end_id": ""}, "/end_to_end_id", "Enter an end-to-end id"},
		}
		for i, pc := range pointers {
			r := admin.Call("POST", path, pc.body, "Idempotency-Key", "k-p-"+string(rune('a'+i)))
			r.Expect(t, 422, "invalid")
			h.CheckReply(t, "POST", doc, r)
			e := r.FirstError(t)
			src, _ := e["source"].(map[string]any)
			if src["pointer"] != pc.pointer || e["title"] != pc.title {
				t.Errorf("%v: %v", pc.body, e)
			}
		}
	})
}

func TestAccountsOpenAPI(t *testing.T) {
	doc := server.New(server.Deps{}, New).OpenAPI()
	for _, p := range []string{
		"/virtual_bank/organisations/{id}/accounts", "/virtual_bank/organisations/{id}/accounts/{accountNumber}/summary",
		"/virtual_bank/organisations/{id}/accounts/{accountNumber}/movements", "/virtual_bank/organisations/{id}/inter_account_movements",
		"/virtual_bank/organisations/{id}/movements/search",
		"/fx/organisations/{id}/exchange_rate", "/fx/organisations/{id}/markups", "/fx/organisations/{id}/currencies",
	} {
		item := doc.Paths[p]
		if item == nil {
			t.Errorf("%s not documented", p)
			continue
		}
		for _, op := range item.Operations() {
			if len(op.Tags) != 1 || (op.Tags[0] != "Virtual bank" && op.Tags[0] != "FX") {
				t.Errorf("%s tags %v", p, op.Tags)
			}
			for _, s := range []string{"403", "404"} {
				if op.Responses[s] == nil {
					t.Errorf("%s lacks %s", p, s)
				}
			}
		}
	}
}

// failingLedger stands for a provider whose ledger is down.
type failingLedger struct{ provider.Ledger }

var errLedgerDown = errors.New("ledger: connection refused")

func (failingLedger) Movements(context.Context, string, string, provider.MovementFilter) (provider.MovementPage, error) {
	return provider.MovementPage{}, errLedgerDown
}

func (failingLedger) AccountSummary(context.Context, string, string, time.Time, time.Time) (provider.AccountSummary, error) {
	return provider.AccountSummary{}, errLedgerDown
}

// failingAccounts stands for a provider whose account list fails.
type failingAccounts struct{ provider.Provider }

func (failingAccounts) Accounts(context.Context, string) ([]provider.Account, error) {
	return nil, errLedgerDown
}

func TestAccountPageProviderFailure(t *testing.T) {
	h := newHarness(t, func(d *server.Deps) { d.Ledger = failingLedger{d.Ledger} })
	c := h.LoggedIn("observer@demo.example")
	res, doc := c.Page(accountPath(acctEUR))
	if res.StatusCode != http.StatusOK {
		t.Fatalf("status %d", res.StatusCode)
	}
	if got := mainAlert(doc); got != "We are unable to access account information." {
		t.Errorf("alert %q", got)
	}
	if servertest.Rows(doc) != nil {
		t.Error("rows without a ledger")
	}
	// The rest of the page (details, funding) still shows.
	if htmlq.Find(doc, htmlq.ByID("funding-title")) == nil {
		t.Error("no funding section")
	}
	a := h.APILoggedIn("observer@demo.example")
	r := a.Call("GET", "/api/v2/virtual_bank/organisations/"+servertest.OrgNordic+"/accounts/"+acctEUR+"/movements", nil)
	r.Expect(t, http.StatusInternalServerError, "internal_error")
	if strings.Contains(string(r.Raw), "connection refused") {
		t.Error("the cause reached the caller")
	}
}

func TestAccountsAPIListFailure(t *testing.T) {
	h := newHarness(t)
	a := h.APILoggedIn("observer@demo.example")
	// Membership and the login go through the real store; only the account
	// list fails, from here on.
	h.Srv.Provider = failingAccounts{h.Srv.Provider}
	r := a.Call("GET", "/api/v2/virtual_bank/organisations/"+servertest.OrgNordic+"/accounts", nil)
	r.Expect(t, http.StatusServiceUnavailable, "unavailable")
	if r.FirstError(t)["title"] != "Accounts information is temporarily unavailable." {
		t.Errorf("title: %s", r.Raw)
	}
	h.CheckReply(t, "GET", "/virtual_bank/organisations/{id}/accounts", r)
}

// doJSON sends a JSON body with the page client's cookies, as the transfer
// dialog does from the browser.
func doJSON(c *servertest.Client, method, path, body string, hdr ...string) *http.Response {
	return c.Send(method, path, body, append([]string{"Content-Type", "application/json"}, hdr...)...)
}

func TestTransferAPIFromThePage(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("admin@demo.example")
	_, doc := c.Page(accountPath(acctEUR))
	csrf := htmlq.Attr(htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "input" && htmlq.Attr(n, "name") == "_csrf" }), "value")
	path := "/api/v2/virtual_bank/organisations/" + servertest.OrgNordic + "/inter_account_movements"
	body := `{"from_account_number":"` + acctEUR + `","to_account_number":"` + acctGBP + `","amount":"5.00","end_to_end_id":"page"}`
	before := balance(t, h, acctEUR)
	// The session cookie alone is not enough for a change: a cross-site
	// page could send it.
	if res := doJSON(c, "POST", path, body, "Idempotency-Key", "k-page"); res.StatusCode != http.StatusForbidden {
		t.Fatalf("without X-CSRF-Token: %d", res.StatusCode)
	}
	if balance(t, h, acctEUR).Cmp(before) != 0 {
		t.Fatal("money moved without the CSRF header")
	}
	if res := doJSON(c, "POST", path, body, "Idempotency-Key", "k-page", "X-CSRF-Token", csrf); res.StatusCode != http.StatusCreated {
		t.Fatalf("with X-CSRF-Token: %d", res.StatusCode)
	}
	if got, want := balance(t, h, acctEUR), before.Sub(money.MustParse("5.00", 2)); got.Cmp(want) != 0 {
		t.Errorf("balance %s, want %s", got, want)
	}
}

// noAccounts stands for an organisation that has no accounts yet.
type noAccounts struct{ provider.Provider }

func (noAccounts) Accounts(context.Context, string) ([]provider.Account, error) {
	return []provider.Account{}, nil
}

func TestAccountPageNoAccounts(t *testing.T) {
	h := newHarness(t, func(d *server.Deps) { d.Provider = noAccounts{d.Provider} })
	c := h.LoggedIn("observer@demo.example")
	res, doc := c.Page(accountPath(acctEUR))
	if res.StatusCode != http.StatusOK {
		t.Fatalf("status %d", res.StatusCode)
	}
	alert := htmlq.Find(htmlq.Find(doc, htmlq.ByTag("main")), func(n *html.Node) bool { return htmlq.Attr(n, "role") == "alert" })
	var ps []string
	for _, p := range htmlq.FindAll(alert, htmlq.ByTag("p")) {
		ps = append(ps, htmlq.VisibleText(p))
	}
	if strings.Join(ps, "|") != "No data found|There are not yet accounts available." {
		t.Errorf("alert %q", ps)
	}
}

// The no-JavaScript quote words each FX failure as the spec does (000 §8).
func TestTransferQuoteFXTexts(t *testing.T) {
	cases := []struct {
		name   string
		ledger func(provider.Ledger) provider.Ledger
		to     string
		want   string
	}{
		{"unsupported pair", func(l provider.Ledger) provider.Ledger { return servertest.FXFailingLedger{Ledger: l} }, demo.AccountOrg1DKK, msgFXNotSupported},
		{"quote fails", func(l provider.Ledger) provider.Ledger { return servertest.FXFailingLedger{Ledger: l, Fail: true} }, demo.AccountOrg1USD, msgFXFailed},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, func(d *server.Deps) { d.Ledger = tc.ledger(d.Ledger) })
			c := h.LoggedIn("admin@demo.example")
			csrf, key := transferForm(t, c, acctEUR)
			res := c.Do("POST", accountPath(acctEUR)+"/transfer", url.Values{"_csrf": {csrf}, "idempotency_key": {key},
				"from_account_number": {acctEUR}, "to_account_number": {tc.to}, "amount": {"10.00"}, "end_to_end_id": {"E2E-FX"},
				"intent": {"quote"}})
			doc := servertest.Parse(t, res)
			if m := htmlq.VisibleText(htmlq.Find(doc, htmlq.ByTag("main"))); !strings.Contains(m, tc.want) {
				t.Errorf("status %d, main %q: want %q", res.StatusCode, m, tc.want)
			}
		})
	}
}

// TestAccountsAPITour calls every operation of the area once with success
// (the part of the API tour that was the accounts and FX').
func TestAccountsAPITour(t *testing.T) {
	h := newHarness(t)
	admin := h.APILoggedIn("admin@demo.example")
	tour := h.Tour(t, New(h.Srv).API)
	tour.At["id"], tour.At["accountNumber"] = servertest.OrgNordic, acctEUR
	for _, id := range []string{"listAccounts", "getAccountSummary", "listAccountMovements", "listMarkups", "listCurrencies"} {
		tour.Call(admin, id, "", nil)
	}
	tour.Call(admin, "searchMovements", "?q=tour", nil)
	tour.Call(admin, "getExchangeRate", "?pay_currency=EUR&buy_currency=GBP", nil)
	tour.Call(admin, "createInterAccountMovement", "", map[string]string{"from_account_number": acctEUR, "to_account_number": acctGBP,
		"amount": "1.00", "end_to_end_id": "tour-1"}, apiHeaderIdempotency, "tour-1")
	tour.Done()
}
