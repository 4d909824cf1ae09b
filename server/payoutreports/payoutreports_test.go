package payoutreports

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"portal/daterange"
	"portal/htmlq"
	"portal/money"
	"portal/provider"
	"portal/reference"
	"portal/reference/demo"
	"portal/server"
	"portal/server/auth"
	"portal/server/createpayout"
	"portal/server/payouts"
	"portal/server/servertest"
)

func TestMain(m *testing.M) { os.Exit(servertest.Main(m)) }

func newHarness(t *testing.T) *servertest.Harness {
	return servertest.New(t, auth.New, New, payouts.New, createpayout.New)
}

const (
	eur = demo.AccountOrg1EUR
)

func dmy(t time.Time) string { return t.Format(daterange.DisplayLayout) }

func TestExportFormVectors(t *testing.T) {
	var v struct {
		Statuses []string                                    `json:"statuses"`
		Cases    []servertest.FormVector[PayoutExportValues] `json:"cases"`
	}
	servertest.ReadVectors(t, "payout-export.json", &v)
	var offered []string
	for _, o := range statusOptions() {
		offered = append(offered, o.Value)
	}
	if !slices.Equal(offered, v.Statuses) {
		t.Fatalf("statuses offered %v, vectors %v", offered, v.Statuses)
	}
	for _, c := range v.Cases {
		servertest.CheckFormVector(t, c, checkExportForm)
	}
}

// waitReport waits for the export worker to finish a report.
func waitReport(t *testing.T, h *servertest.Harness, org, id string) provider.PayoutReport {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		r, err := h.Store.PayoutReport(context.Background(), org, id)
		if err != nil {
			t.Fatal(err)
		}
		if r.State == provider.ExportReady {
			return r
		}
		if time.Now().After(deadline) {
			t.Fatalf("report still %s", r.State)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// The whole export without JavaScript: the payouts page's filters prefill the form, bad
// input comes back beside the fields, filters that select nothing say so, and an accepted
// export is generated, listed, e-mailed and downloaded, its rows what the filters select.
func TestExportFlow(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("finance@demo.example")
	base := "/org/" + servertest.OrgNordic + "/exported_payouts"
	today := time.Now().UTC().Truncate(24 * time.Hour)
	from := today.AddDate(0, 0, -45)

	q := url.Values{"download_payouts": {"1"}, "account": {eur}, "state": {provider.PayoutCompleted}, "currency": {"EUR"},
		"from": {from.Format(daterange.APILayout)}, "to": {dmy(today)}}
	res, doc := c.Page(base + "?" + q.Encode())
	if res.StatusCode != 200 || htmlq.VisibleText(htmlq.Find(doc, htmlq.ByTag("h1"))) != "Exported payouts" {
		t.Fatalf("export page: %d", res.StatusCode)
	}
	section := htmlq.Find(doc, func(n *html.Node) bool {
		return n.Data == "section" && htmlq.Attr(n, "aria-labelledby") == "payout-export-page-title"
	})
	if section == nil || htmlq.VisibleText(htmlq.Find(section, htmlq.ByTag("h2"))) != "Download payout requests" {
		t.Fatal("no export form on the page")
	}
	posted, form := servertest.PostForm(t, section, base)
	chosen := htmlq.Find(htmlq.Find(form, htmlq.ByID("payout-export-account")), func(n *html.Node) bool { return n.Data == "option" && htmlq.HasAttr(n, "selected") })
	if htmlq.Attr(chosen, "value") != eur {
		t.Fatalf("account %q", htmlq.Attr(chosen, "value"))
	}
	if htmlq.Attr(htmlq.Find(form, htmlq.ByID("payout-export-from")), "value") != dmy(from) || htmlq.Attr(htmlq.Find(form, htmlq.ByID("payout-export-to")), "value") != dmy(today) {
		t.Fatal("period not prefilled")
	}
	checked := htmlq.FindAll(form, func(n *html.Node) bool {
		return n.Data == "input" && htmlq.Attr(n, "type") == "checkbox" && htmlq.HasAttr(n, "checked")
	})
	if len(checked) != 1 || htmlq.Attr(checked[0], "value") != provider.PayoutCompleted {
		t.Fatalf("%d statuses checked", len(checked))
	}
	for _, o := range htmlq.FindAll(htmlq.Find(form, htmlq.ByID("payout-export-account")), htmlq.ByTag("option")) {
		if htmlq.Attr(o, "value") == demo.AccountPartnerPool {
			t.Fatal("the shared account is offered")
		}
	}
	csrf := posted.Get("_csrf")
	if csrf == "" {
		t.Fatal("form without _csrf")
	}
	post := func(v url.Values) (*http.Response, *html.Node) {
		t.Helper()
		v.Set("_csrf", csrf)
		res := c.Do("POST", base, v)
		if res.StatusCode == http.StatusSeeOther {
			return res, nil
		}
		return res, servertest.Parse(t, res)
	}

	// Bad input: beside each field, in the summary, typed values kept.
	res, doc = post(url.Values{"account": {""}, "from": {dmy(today.AddDate(0, 0, -120))}, "to": {dmy(today)}, "statuses": {"completed"},
		"amountFrom": {"-5"}})
	if res.StatusCode != http.StatusUnprocessableEntity {
		t.Fatalf("bad form: %d", res.StatusCode)
	}
	for id, msg := range map[string]string{"account": provider.MsgPayoutReportAccount, "from": provider.MsgPayoutReportDays, "amountFrom": msgAmount} {
		if !strings.Contains(htmlq.VisibleText(htmlq.Find(doc, htmlq.ByID("payout-export-"+id+"-error"))), msg) {
			t.Errorf("%s: no %q beside it", id, msg)
		}
		link := servertest.SummaryLink(doc, "payout-export-"+id)
		if link == nil || htmlq.VisibleText(link) != msg {
			t.Errorf("%s: not in the summary", id)
		}
	}
	if htmlq.Attr(htmlq.Find(doc, htmlq.ByID("payout-export-amountFrom")), "value") != "-5" || htmlq.Attr(htmlq.Find(doc, htmlq.ByID("payout-export-account")), "aria-invalid") != "true" {
		t.Fatal("typed values or aria-invalid lost")
	}
	// Filters that select nothing: the spec's text.
	res, doc = post(url.Values{"account": {eur}, "from": {dmy(from)}, "to": {dmy(today)}, "amountFrom": {"9999999999"}})
	alert := htmlq.Find(doc, func(n *html.Node) bool {
		return htmlq.Attr(n, "role") == "alert" && htmlq.VisibleText(n) == provider.MsgPayoutReportEmpty
	})
	if res.StatusCode != http.StatusUnprocessableEntity || alert == nil {
		t.Fatalf("no requests found: %d", res.StatusCode)
	}

	res, _ = post(url.Values{"account": {eur}, "from": {dmy(from)}, "to": {dmy(today)}, "statuses": {"completed", "returned"},
		"amountFrom": {"50"}, "amountTo": {"100000"}})
	loc := res.Header.Get("Location")
	prefix := base + "?download_payouts=1&requested="
	if res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(loc, prefix) {
		t.Fatalf("create: %d %s", res.StatusCode, loc)
	}
	id, _ := url.QueryUnescape(strings.TrimPrefix(loc, prefix))
	_, doc = c.Page(loc)
	done := htmlq.Find(doc, func(n *html.Node) bool {
		return htmlq.Attr(n, "role") == "status" && strings.Contains(htmlq.VisibleText(n), "Your report is being generated")
	})
	if done == nil || !strings.Contains(htmlq.VisibleText(done), "e-mail") {
		t.Fatal("done state lacks the text or the e-mail note")
	}
	rep := waitReport(t, h, servertest.OrgNordic, id)
	if rep.AccountNumber != eur || !slices.Equal(rep.StateCategories, []string{"completed", "returned"}) {
		t.Fatalf("report %+v", rep)
	}
	_, doc = c.Page(base)
	row := htmlq.Find(doc, htmlq.ByID("payout-report-"+id))
	if row == nil || htmlq.Attr(row, "data-state") != provider.ExportReady {
		t.Fatal("the new report is not listed ready")
	}
	tds := htmlq.FindAll(row, htmlq.ByTag("td"))
	if htmlq.VisibleText(tds[0]) != dmy(from) || htmlq.VisibleText(tds[1]) != dmy(today) || !strings.Contains(htmlq.VisibleText(tds[3]), eur) || htmlq.VisibleText(tds[4]) != "Returned, Completed" && htmlq.VisibleText(tds[4]) != "Completed, Returned" {
		t.Fatalf("row %q %q %q %q", htmlq.VisibleText(tds[0]), htmlq.VisibleText(tds[1]), htmlq.VisibleText(tds[3]), htmlq.VisibleText(tds[4]))
	}
	dl := htmlq.Find(row, func(n *html.Node) bool { return n.Data == "a" && strings.HasPrefix(htmlq.VisibleText(n), "Download") })
	res = c.Get(htmlq.Attr(dl, "href"))
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/csv") || res.Header.Get("Cache-Control") != "no-store" ||
		res.Header.Get("Content-Disposition") != "attachment; filename=payout-report-"+eur+"-"+from.Format("20060102")+"-"+today.Format("20060102")+".csv" {
		t.Fatalf("download: %d %v", res.StatusCode, res.Header)
	}
	recs := servertest.ReadCSV(t, res)
	if !slices.Equal(recs[0], reference.PayoutReportHeader) || len(recs)-1 != rep.RowCount || rep.RowCount == 0 {
		t.Fatalf("header %v, %d rows, row_count %d", recs[0], len(recs)-1, rep.RowCount)
	}
	lo, hi := money.MustParse("50", 2), money.MustParse("100000", 2)
	want := 0
	for _, cat := range []string{"completed", "returned"} {
		p, err := h.Store.Payouts(context.Background(), servertest.OrgNordic, provider.PayoutFilter{VirtualAccountNumber: eur, StateCategory: cat,
			AmountFrom: "50", AmountTo: "100000", CreatedAfter: from, CreatedBefore: today.AddDate(0, 0, 1), Limit: 1})
		if err != nil {
			t.Fatal(err)
		}
		want += p.Total
	}
	if len(recs)-1 != want {
		t.Fatalf("%d rows, the payouts list counts %d", len(recs)-1, want)
	}
	for _, r := range recs[1:] {
		at, _ := time.Parse(time.RFC3339, r[0])
		amt := money.MustParse(r[6], 2)
		if r[9] != eur || (r[3] != "completed" && r[3] != "returned") || at.Before(from) || !at.Before(today.AddDate(0, 0, 1)) ||
			amt.Cmp(lo) < 0 || amt.Cmp(hi) > 0 {
			t.Fatalf("row outside the filters: %v", r)
		}
	}
	var mails int
	h.DB().QueryRow(`SELECT count(*) FROM outbox_messages WHERE subject = 'Your payout report is ready' AND recipient = 'finance@demo.example'
		AND link = ?`, base+"?account="+eur).Scan(&mails)
	if mails != 1 {
		t.Fatalf("%d e-mails", mails)
	}
}

// The list: 20 a page, newest first, cursor links both ways, the account filter; the demo
// reports show each state; a report that is not ready cannot be downloaded.
func TestExportedPayoutsList(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("finance@demo.example")
	base := "/org/" + servertest.OrgNordic + "/exported_payouts"
	_, doc := c.Page(base)
	rows := servertest.ExportRows(doc)
	if len(rows) != 20 {
		t.Fatalf("%d rows on the first page", len(rows))
	}
	var ths []string
	for _, th := range htmlq.FindAll(doc, htmlq.ByTag("th")) {
		ths = append(ths, htmlq.VisibleText(th))
	}
	if !slices.Equal(ths, []string{"From", "To", "Created date (UTC)", "Account", "Status", "Action"}) {
		t.Fatalf("columns %v", ths)
	}
	opener := htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "a" && htmlq.VisibleText(n) == "Download payout requests" })
	if opener == nil || htmlq.Attr(opener, "href") != base+"?download_payouts=1" {
		t.Fatal("no export opener")
	}
	more := servertest.ExportRows(servertest.NextAndBack(t, c, doc, servertest.ExportRows))
	states := map[string]int{}
	for _, r := range append(rows, more...) {
		states[htmlq.Attr(r, "data-state")]++
		a := htmlq.Find(r, htmlq.ByTag("a"))
		if htmlq.Attr(r, "data-state") == provider.ExportFailed && (a != nil || !strings.Contains(htmlq.VisibleText(r), "Failed")) {
			t.Fatal("a failed report offers a download")
		}
	}
	if states[provider.ExportReady] == 0 || states[provider.ExportFailed] == 0 {
		t.Fatalf("states %v", states)
	}
	_, doc = c.Page(base + "?account=" + demo.AccountOrg1GBP)
	for _, r := range servertest.ExportRows(doc) {
		if !strings.Contains(htmlq.VisibleText(r), demo.AccountOrg1GBP) {
			t.Fatal("account filter")
		}
	}
	// A stale cursor starts again.
	if res := c.Get(base + "?after=garbage"); res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != base {
		t.Fatalf("bad cursor: %d %s", res.StatusCode, res.Header.Get("Location"))
	}
	// A failed report: the download says why, on the list.
	var failed string
	h.DB().QueryRow(`SELECT id FROM payout_reports WHERE organisation_id = ? AND state = 'failed' LIMIT 1`, servertest.OrgNordic).Scan(&failed)
	if res := c.Get(base + "/" + failed + "/download"); res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != base {
		t.Fatalf("failed download: %d", res.StatusCode)
	}
	_, doc = c.Page(base)
	if htmlq.Find(doc, func(n *html.Node) bool {
		return htmlq.Attr(n, "role") == "alert" && strings.HasPrefix(htmlq.VisibleText(n), provider.MsgStatementDownload)
	}) == nil {
		t.Fatal("no download error")
	}
}

// Roles: exports:read with accounts:read to see, exports:manage to export, exports:download
// to download; another organisation's reports and documents are not found; a POST needs
// the CSRF token.
func TestExportAccess(t *testing.T) {
	h := newHarness(t)
	base := "/org/" + servertest.OrgNordic + "/exported_payouts"
	var report, foreign string
	h.DB().QueryRow(`SELECT id FROM payout_reports WHERE organisation_id = ? AND state = 'ready' LIMIT 1`, servertest.OrgNordic).Scan(&report)
	h.DB().QueryRow(`SELECT id FROM payout_reports WHERE organisation_id = ? AND state = 'ready' LIMIT 1`, servertest.OrgAtlantic).Scan(&foreign)
	done := completedPayout(t, h, servertest.OrgNordic)
	type want struct{ list, export, download, document int }
	for _, c := range []struct {
		email string
		want  want
	}{
		{"default@demo.example", want{303, 303, 303, 303}},
		{"observer@demo.example", want{303, 303, 303, 303}},
		{"finance@demo.example", want{200, 200, 200, 200}},
		{"operations_member@demo.example", want{200, 200, 200, 200}},
		{"admin@demo.example", want{200, 200, 200, 200}},
	} {
		cl := h.LoggedIn(c.email)
		got := want{cl.Get(base).StatusCode, cl.Get(base + "?download_payouts=1").StatusCode,
			cl.Get(base + "/" + report + "/download").StatusCode, cl.Get(documentURL(servertest.OrgNordic, done.UniqueReference)).StatusCode}
		if got != c.want {
			t.Errorf("%s: %+v, want %+v", c.email, got, c.want)
		}
		if c.want.list == 303 {
			if res := cl.Get(base); res.Header.Get("Location") != "/org/"+servertest.OrgNordic {
				t.Errorf("%s: sent to %s", c.email, res.Header.Get("Location"))
			}
		}
	}

	fin := h.LoggedIn("finance@demo.example")
	// No CSRF token: refused, nothing created.
	var before, after int
	h.DB().QueryRow(`SELECT count(*) FROM payout_reports`).Scan(&before)
	today := time.Now().UTC()
	form := url.Values{"account": {eur}, "from": {dmy(today.AddDate(0, 0, -30))}, "to": {dmy(today)}}
	if res := fin.Do("POST", base, form); res.StatusCode != http.StatusForbidden {
		t.Fatalf("no CSRF: %d", res.StatusCode)
	}
	form.Set("_csrf", "wrong")
	if res := fin.Do("POST", base, form); res.StatusCode != http.StatusForbidden {
		t.Fatalf("wrong CSRF: %d", res.StatusCode)
	}
	h.DB().QueryRow(`SELECT count(*) FROM payout_reports`).Scan(&after)
	if after != before {
		t.Fatal("a report was created without CSRF")
	}
	// Another organisation's: not found through ours, and theirs is not ours to enter.
	if res := fin.Get(base + "/" + foreign + "/download"); res.StatusCode != http.StatusNotFound {
		t.Fatalf("foreign download: %d", res.StatusCode)
	}
	if res := fin.Get("/org/" + servertest.OrgAtlantic + "/exported_payouts"); res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/no-organisation" {
		t.Fatalf("foreign list: %d %s", res.StatusCode, res.Header.Get("Location"))
	}
	theirs := completedPayout(t, h, servertest.OrgAtlantic)
	for _, p := range []string{documentURL(servertest.OrgNordic, theirs.UniqueReference), documentURL(servertest.OrgNordic, theirs.UniqueReference) + "/preview"} {
		if res := fin.Get(p); res.StatusCode != http.StatusNotFound {
			t.Fatalf("%s: %d", p, res.StatusCode)
		}
	}
}

// failingReports is a provider whose report list fails.
type failingReports struct{ inner provider.PayoutReports }

func (failingReports) PayoutReports(context.Context, string, provider.PayoutReportFilter) (provider.PayoutReportPage, error) {
	return provider.PayoutReportPage{}, errors.New("store down")
}
func (f failingReports) CreatePayoutReport(ctx context.Context, org string, r provider.PayoutReportRequest) (provider.PayoutReport, error) {
	return f.inner.CreatePayoutReport(ctx, org, r)
}
func (f failingReports) PayoutReport(ctx context.Context, org, id string) (provider.PayoutReport, error) {
	return f.inner.PayoutReport(ctx, org, id)
}
func (f failingReports) OpenPayoutReport(ctx context.Context, org, id string) (*provider.ExportFile, error) {
	return f.inner.OpenPayoutReport(ctx, org, id)
}

// A list that fails says so in the spec's words, and the page still offers the export.
func TestExportedPayoutsListFails(t *testing.T) {
	h := servertest.NewWith(t, func(d *server.Deps) { d.PayoutReports = failingReports{d.PayoutReports} }, auth.New, New, payouts.New, createpayout.New)
	c := h.LoggedIn("finance@demo.example")
	res, doc := c.Page("/org/" + servertest.OrgNordic + "/exported_payouts")
	alert := htmlq.Find(doc, func(n *html.Node) bool {
		return htmlq.Attr(n, "role") == "alert" && htmlq.VisibleText(n) == provider.MsgPayoutReportsFetch
	})
	if res.StatusCode != 200 || alert == nil || len(servertest.ExportRows(doc)) != 0 {
		t.Fatalf("failed list: %d", res.StatusCode)
	}
	if htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "a" && htmlq.VisibleText(n) == "Download payout requests" }) == nil {
		t.Fatal("the export is not offered")
	}
}
