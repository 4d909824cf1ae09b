package statements

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"portal/daterange"
	"portal/htmlq"
	"portal/provider"
	"portal/reference/demo"
	"portal/server/auth"
	"portal/server/servertest"
)

func TestStatementFormVectors(t *testing.T) {
	var v struct {
		Cases []servertest.FormVector[StatementValues] `json:"cases"`
	}
	servertest.ReadVectors(t, "statement-request.json", &v)
	for _, c := range v.Cases {
		servertest.CheckFormVector(t, c, checkStatementForm)
	}
}

func TestMain(m *testing.M) { os.Exit(servertest.Main(m)) }

// newHarness mounts this area and auth, to log in through the form.
func newHarness(t *testing.T) *servertest.Harness { return servertest.New(t, auth.New, New) }

// A finance user requests a statement through the form (no JavaScript), sees it generating,
// then ready, and downloads the CSV and the camt.053 it names.
func TestStatementRequestFlow(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("finance@demo.example")
	base := "/org/" + servertest.OrgNordic + "/exported_statements"

	res, _ := c.Page("/org/" + servertest.OrgNordic + "/exports")
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != base {
		t.Fatalf("/exports: %d %s", res.StatusCode, res.Header.Get("Location"))
	}

	// The account page's "Export to CSV" link preselects the account.
	// The list, whose dialog opens at once with JavaScript (the opener's openOnLoad) and
	// whose page shows the form without (in <noscript>, which is what such a browser parses).
	res, doc := c.Page(base + "?download_statement&account=" + demo.AccountOrg1EUR)
	if res.StatusCode != 200 || htmlq.VisibleText(htmlq.Find(doc, htmlq.ByTag("h1"))) != "Exported statements" {
		t.Fatalf("request page: %d", res.StatusCode)
	}
	if !strings.Contains(servertest.IslandProps(t, doc, "StatementExport"), `"openOnLoad":true`) {
		t.Error("the dialog does not open as the page loads")
	}
	doc = noScriptPart(t, doc)
	if h := htmlq.Find(doc, htmlq.ByTag("h2")); h == nil || htmlq.VisibleText(h) != "Download statement" {
		t.Fatal("no request form without JavaScript")
	}
	sel := htmlq.Find(doc, htmlq.ByID("statement-account"))
	chosen := htmlq.Find(sel, func(n *html.Node) bool { return n.Data == "option" && htmlq.HasAttr(n, "selected") })
	if htmlq.Attr(chosen, "value") != demo.AccountOrg1EUR {
		t.Fatalf("preselected %q", htmlq.Attr(chosen, "value"))
	}
	for _, n := range htmlq.FindAll(sel, htmlq.ByTag("option")) {
		if htmlq.Attr(n, "value") == demo.AccountPartnerPool {
			t.Fatal("the shared account is offered")
		}
	}
	// Masked DD-MM-YYYY text inputs holding the session's range (the last 30 days), named
	// apart from the top bar's own From and To.
	from, to := htmlq.Find(doc, htmlq.ByID("statement-from")), htmlq.Find(doc, htmlq.ByID("statement-to"))
	now := time.Now().UTC()
	today := now.Format(daterange.DisplayLayout)
	for _, in := range []*html.Node{from, to} {
		if htmlq.Attr(in, "type") != "text" || htmlq.Attr(in, "inputmode") != "numeric" || htmlq.Attr(in, "maxlength") != "10" ||
			htmlq.Attr(in, "placeholder") != "DD-MM-YYYY" || !htmlq.HasAttr(in, "required") {
			t.Fatalf("date input %s: %v", htmlq.Attr(in, "id"), in.Attr)
		}
	}
	if htmlq.Attr(to, "value") != today || htmlq.Attr(from, "value") != now.AddDate(0, 0, -29).Format(daterange.DisplayLayout) {
		t.Fatalf("dates: from %q to %q", htmlq.Attr(from, "value"), htmlq.Attr(to, "value"))
	}
	for id, want := range map[string]string{"statement-from": "Statement from", "statement-to": "Statement to"} {
		l := htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "label" && htmlq.Attr(n, "for") == id })
		if l == nil || htmlq.VisibleText(l) != want {
			t.Fatalf("label of %s: %q", id, htmlq.VisibleText(l))
		}
	}
	form := htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "form" && htmlq.Attr(n, "action") == base })
	csrf := htmlq.Attr(htmlq.Find(form, func(n *html.Node) bool { return htmlq.Attr(n, "name") == "_csrf" }), "value")

	// A date past the maximum comes back with the error beside the field and in the summary.
	bad := url.Values{"_csrf": {csrf}, "account": {demo.AccountOrg1EUR}, "from": {htmlq.Attr(from, "value")},
		"to": {now.AddDate(0, 0, 2).Format(daterange.DisplayLayout)}, "kind": {"transactions"}}
	res = c.Do("POST", base, bad)
	doc = servertest.Parse(t, res)
	if res.StatusCode != http.StatusUnprocessableEntity {
		t.Fatalf("bad form: %d", res.StatusCode)
	}
	link := servertest.SummaryLink(doc, "statement-to")
	if link == nil || !strings.HasPrefix(htmlq.VisibleText(link), "The last day cannot be after") ||
		htmlq.Attr(htmlq.Find(doc, htmlq.ByID("statement-to")), "aria-describedby") != "statement-dates-hint statement-to-error" {
		t.Fatal("error summary or field error missing")
	}
	if htmlq.Attr(htmlq.Find(doc, htmlq.ByID("statement-to")), "value") != bad.Get("to") {
		t.Fatal("typed value lost")
	}

	// A cleared date and a malformed one are refused in the daterange package's words.
	cleared := url.Values{"_csrf": {csrf}, "account": {demo.AccountOrg1EUR}, "from": {""},
		"to": {"31-02-2026"}, "kind": {"transactions"}}
	res = c.Do("POST", base, cleared)
	doc = servertest.Parse(t, res)
	if res.StatusCode != http.StatusUnprocessableEntity ||
		!strings.Contains(htmlq.VisibleText(htmlq.Find(doc, htmlq.ByID("statement-from-error"))), msgStatementFrom) ||
		!strings.Contains(htmlq.VisibleText(htmlq.Find(doc, htmlq.ByID("statement-to-error"))), daterange.MsgNoDate) {
		t.Fatalf("cleared/malformed dates: %d", res.StatusCode)
	}

	good := url.Values{"_csrf": {csrf}, "account": {demo.AccountOrg1EUR}, "from": {htmlq.Attr(from, "value")},
		"to": {today}, "kind": {"transactions"}}
	res = c.Do("POST", base, good)
	loc := res.Header.Get("Location")
	if res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(loc, base+"?download_statement=1&requested=") {
		t.Fatalf("create: %d %s", res.StatusCode, loc)
	}
	id, _ := url.QueryUnescape(strings.TrimPrefix(loc, base+"?download_statement=1&requested="))
	_, doc = c.Page(loc)
	if st := htmlq.Find(doc, func(n *html.Node) bool {
		return htmlq.Attr(n, "role") == "status" && strings.Contains(htmlq.VisibleText(n), "e-mailed")
	}); st == nil {
		t.Fatal("done page lacks the e-mail notice")
	}

	_, doc = c.Page(base)
	rows := servertest.ExportRows(doc)
	if len(rows) != 1 || htmlq.Attr(rows[0], "id") != "statement-"+id {
		t.Fatalf("%d rows", len(rows))
	}
	if s := htmlq.Attr(rows[0], "data-state"); s != provider.StatementReady {
		refresh := htmlq.Find(rows[0], func(n *html.Node) bool { return n.Data == "a" && htmlq.VisibleText(n) == "Refresh" })
		if refresh == nil {
			t.Fatalf("a %s statement without a Refresh link", s)
		}
	}
	st := h.WaitReady(t, servertest.OrgNordic, id)
	_, doc = c.Page(base)
	rows = servertest.ExportRows(doc)
	dl := htmlq.Find(rows[0], func(n *html.Node) bool { return n.Data == "a" && strings.HasPrefix(htmlq.VisibleText(n), "Download") })
	camt := htmlq.Find(rows[0], func(n *html.Node) bool { return n.Data == "a" && strings.HasPrefix(htmlq.VisibleText(n), "camt.053") })
	if dl == nil || camt == nil {
		t.Fatal("a ready statement without download links")
	}
	res = c.Get(htmlq.Attr(dl, "href"))
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/csv") ||
		!strings.Contains(res.Header.Get("Content-Disposition"), `filename=statement-`+demo.AccountOrg1EUR+"-transactions-") {
		t.Fatalf("download: %d %v", res.StatusCode, res.Header)
	}
	if recs := servertest.ReadCSV(t, res); len(recs) != st.EntryCount+1 || st.EntryCount == 0 {
		t.Fatalf("csv: %d records for %d entries", len(recs), st.EntryCount)
	}
	res = c.Get(htmlq.Attr(camt, "href"))
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(string(body), "camt.053.001.08") || !strings.HasSuffix(res.Header.Get("Content-Disposition"), `.xml`) {
		t.Fatalf("camt: %d %s", res.StatusCode, res.Header.Get("Content-Disposition"))
	}

	// The filter keeps to owned accounts.
	_, doc = c.Page(base + "?account=" + demo.AccountOrg1GBP)
	if len(servertest.ExportRows(doc)) != 0 {
		t.Fatal("filter by another account still lists it")
	}
}

// An observer (no exports:read) is sent away from the page and refused by the API; a
// finance user of one organisation cannot see or download another's statements.
func TestStatementAccess(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	now := time.Now().UTC().Truncate(24 * time.Hour)
	foreign, err := h.Store.CreateStatement(ctx, servertest.OrgAtlantic, provider.StatementRequest{AccountNumber: demo.AccountOrg2GBP,
		CreatedAfter: now.AddDate(0, 0, -30), CreatedBefore: now.AddDate(0, 0, 1), Kind: provider.KindCharges,
		RequestedBy: demo.UserFinanceID})
	if err != nil {
		t.Fatal(err)
	}
	h.WaitReady(t, servertest.OrgAtlantic, foreign.ID)

	obs := h.LoggedIn("observer@demo.example")
	for _, p := range []string{"/org/" + servertest.OrgNordic + "/exported_statements", "/org/" + servertest.OrgNordic + "/exported_statements?download_statement=1"} {
		if res := obs.Get(p); res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/org/"+servertest.OrgNordic {
			t.Errorf("observer %s: %d %s", p, res.StatusCode, res.Header.Get("Location"))
		}
	}
	oapi := h.APILoggedIn("observer@demo.example")
	apiBase := "/api/v2/virtual_bank/organisations/" + servertest.OrgNordic + "/statements"
	oapi.Call("GET", apiBase, nil).Expect(t, 403, "forbidden")
	oapi.Call("POST", apiBase, map[string]string{"kind": "charges"}).Expect(t, 403, "forbidden")

	fin := h.APILoggedIn("finance@demo.example")
	other := "/api/v2/virtual_bank/organisations/" + servertest.OrgAtlantic + "/statements"
	fin.Call("GET", other, nil).Expect(t, 404, "not_found")
	fin.Call("GET", other+"/"+foreign.ID, nil).Expect(t, 404, "not_found")
	fin.Call("GET", other+"/"+foreign.ID+"/download", nil).Expect(t, 404, "not_found")
	r := fin.Call("GET", apiBase+"/"+foreign.ID, nil)
	r.Expect(t, 404, "not_found")
	if r.FirstError(t)["title"] != provider.MsgStatementFetch {
		t.Fatalf("title %v", r.FirstError(t)["title"])
	}
	fin.Call("GET", apiBase+"/"+foreign.ID+"/download", nil).Expect(t, 404, "not_found")
	fin.Call("POST", apiBase, map[string]string{"virtual_account_number": demo.AccountOrg2GBP, "kind": "charges",
		"created_after": now.AddDate(0, 0, -3).Format(daterange.APILayout), "created_before": now.Format(daterange.APILayout)}).Expect(t, 422, "invalid")

	page := h.LoggedIn("finance@demo.example")
	if res := page.Get("/org/" + servertest.OrgNordic + "/exported_statements/" + foreign.ID + "/download"); res.StatusCode != 404 {
		t.Fatalf("page download of another organisation's statement: %d", res.StatusCode)
	}
	if res := page.Get("/org/" + servertest.OrgAtlantic + "/exported_statements"); res.StatusCode == 200 {
		t.Fatal("another organisation's list is shown")
	}
}

func TestStatementAPI(t *testing.T) {
	h := newHarness(t)
	a := h.APILoggedIn("finance@demo.example")
	base := "/api/v2/virtual_bank/organisations/" + servertest.OrgNordic + "/statements"
	now := time.Now().UTC()
	r := a.Call("POST", base, map[string]string{"virtual_account_number": demo.AccountOrg1GBP, "kind": "charges",
		"created_after": now.AddDate(0, 0, -30).Format(daterange.APILayout), "created_before": now.AddDate(0, 0, 1).Format(daterange.APILayout)})
	r.Expect(t, 201, "")
	h.CheckReply(t, "POST", "/virtual_bank/organisations/{id}/statements", r)
	id := r.JSON["data"].(map[string]any)["id"].(string)

	bad := a.Call("POST", base, map[string]string{"virtual_account_number": demo.AccountOrg1GBP, "kind": "fees",
		"created_after": "yesterday", "created_before": now.AddDate(0, 0, 1).Format(daterange.APILayout)})
	bad.Expect(t, 422, "invalid")
	if p := bad.FirstError(t)["source"].(map[string]any)["pointer"]; p != "/created_after" {
		t.Fatalf("pointer %v", p)
	}
	bad = a.Call("POST", base, map[string]string{"virtual_account_number": demo.AccountOrg1GBP, "kind": "fees",
		"created_after": "2026-01-01", "created_before": "2026-01-02"})
	if p := bad.FirstError(t)["source"].(map[string]any)["pointer"]; p != "/kind" {
		t.Fatalf("pointer %v", p)
	}

	h.WaitReady(t, servertest.OrgNordic, id)
	got := a.Call("GET", base+"/"+id, nil)
	got.Expect(t, 200, "")
	h.CheckReply(t, "GET", "/virtual_bank/organisations/{id}/statements/{statement}", got)
	list := a.Call("GET", base+"?limit=1&sort=-created_at&account_number="+demo.AccountOrg1GBP, nil)
	list.Expect(t, 200, "")
	h.CheckReply(t, "GET", "/virtual_bank/organisations/{id}/statements", list)
	if list.JSON["meta"].(map[string]any)["total"] != float64(1) {
		t.Fatalf("meta %v", list.JSON["meta"])
	}
	a.Call("GET", base+"?sort=created_at", nil).Expect(t, 422, "invalid")
	dl := a.Call("GET", base+"/"+id+"/download", nil)
	if dl.StatusCode != 200 || !strings.HasPrefix(string(dl.Raw), "date,id,reference") ||
		!strings.HasPrefix(dl.Header.Get("Content-Disposition"), "attachment; filename=statement-") {
		t.Fatalf("download: %d %s", dl.StatusCode, dl.Header.Get("Content-Disposition"))
	}
}

// A statement that is not ready cannot be downloaded: the page says "Error while downloading
// the file" and the API answers 409 with the same words.
func TestStatementDownloadNotReady(t *testing.T) {
	h := newHarness(t)
	// A failed job: the worker leaves it alone, so nothing races the test.
	h.Exec(`INSERT INTO statements (id, organisation_id, account_number, currency, kind, period_from, period_to,
		through_seq, requested_by, state, created_at) VALUES ('11111111-2222-4333-8444-555555555555', ?, ?, 'EUR',
		'charges', '2026-01-01T00:00:00.000000000Z', '2026-02-01T00:00:00.000000000Z', 0, ?, 'failed',
		'2026-02-01T00:00:00.000000000Z')`, servertest.OrgNordic, demo.AccountOrg1EUR, demo.UserFinanceID)
	id := "11111111-2222-4333-8444-555555555555"
	c := h.LoggedIn("finance@demo.example")
	base := "/org/" + servertest.OrgNordic + "/exported_statements"
	res := c.Get(base + "/" + id + "/download")
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != base {
		t.Fatalf("download: %d %s", res.StatusCode, res.Header.Get("Location"))
	}
	_, doc := c.Page(base)
	alert := htmlq.Find(doc, func(n *html.Node) bool {
		return htmlq.Attr(n, "role") == "alert" && strings.HasPrefix(htmlq.VisibleText(n), provider.MsgStatementDownload)
	})
	if alert == nil {
		t.Fatal("no download error on the list")
	}
	rows := servertest.ExportRows(doc)
	if len(rows) != 1 || htmlq.Attr(rows[0], "data-state") != provider.StatementFailed || htmlq.Find(rows[0], htmlq.ByTag("a")) != nil {
		t.Fatal("a failed statement offers a download")
	}
	a := h.APILoggedIn("finance@demo.example")
	r := a.Call("GET", "/api/v2/virtual_bank/organisations/"+servertest.OrgNordic+"/statements/"+id+"/download", nil)
	r.Expect(t, 409, "conflict")
	if r.FirstError(t)["title"] != provider.MsgStatementDownload {
		t.Fatalf("title %v", r.FirstError(t)["title"])
	}
}

// TestStatementsAPITour calls every operation of the area once with success
// (the part of the API tour that was the statements'), so the harness's
// reply guard compares each handler's reply type with its entry, and
// CheckReply each body with the document.
func TestStatementsAPITour(t *testing.T) {
	h := newHarness(t)
	tour := h.Tour(t, New(h.Srv).API)
	tour.At["id"] = servertest.OrgNordic
	admin := h.APILoggedIn("admin@demo.example")
	now := time.Now().UTC()
	r := tour.Call(admin, "createStatement", "", map[string]string{"virtual_account_number": demo.AccountOrg1GBP, "kind": provider.KindTransactions,
		"created_after": now.AddDate(0, 0, -30).Format(daterange.APILayout), "created_before": now.AddDate(0, 0, 1).Format(daterange.APILayout)})
	tour.At["statement"] = r.JSON["data"].(map[string]any)["id"].(string)
	h.WaitReady(t, servertest.OrgNordic, tour.At["statement"])
	for _, id := range []string{"listStatements", "getStatement", "downloadStatement"} {
		tour.Call(admin, id, "", nil)
	}
	tour.Done()
}

// noScriptPart is what a browser without JavaScript makes of the page's <noscript>: its
// markup, parsed (a parser with scripting on, like html.Parse, keeps it as text).
func noScriptPart(t *testing.T, doc *html.Node) *html.Node {
	t.Helper()
	ns := htmlq.Find(doc, htmlq.ByTag("noscript"))
	if ns == nil || ns.FirstChild == nil {
		t.Fatal("no <noscript> part")
	}
	part, err := html.Parse(strings.NewReader(ns.FirstChild.Data))
	if err != nil {
		t.Fatal(err)
	}
	return part
}

// MT940 is the form's third format: requested without JavaScript, the list's first link
// downloads it (named .sta by the server, plain text), CSV and camt.053 follow; a format the
// account's currency cannot be written in comes back beside the field with the form as
// typed. The API takes the same format, answers with it, and downloads it by default.
func TestStatementMT940(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("finance@demo.example")
	base := "/org/" + servertest.OrgNordic + "/exported_statements"
	_, doc := c.Page(base + "?download_statement=1")
	doc = noScriptPart(t, doc)
	sel := htmlq.Find(doc, htmlq.ByID("statement-format"))
	var offered []string
	for _, n := range htmlq.FindAll(sel, htmlq.ByTag("option")) {
		offered = append(offered, htmlq.Attr(n, "value")+"="+htmlq.VisibleText(n))
	}
	if strings.Join(offered, " ") != "csv=CSV camt053=camt.053 mt940=MT940" || htmlq.Attr(sel, "name") != "format" {
		t.Fatalf("formats %v", offered)
	}
	if l := htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "label" && htmlq.Attr(n, "for") == "statement-format" }); htmlq.VisibleText(l) != "File format" {
		t.Fatal("format label")
	}
	csrf := htmlq.Attr(htmlq.Find(doc, func(n *html.Node) bool { return htmlq.Attr(n, "name") == "_csrf" }), "value")
	now := time.Now().UTC()
	form := func(account, format string) url.Values {
		return url.Values{"_csrf": {csrf}, "account": {account}, "from": {now.AddDate(0, 0, -29).Format(daterange.DisplayLayout)},
			"to": {now.Format(daterange.DisplayLayout)}, "kind": {"transactions"}, "format": {format}}
	}

	for _, bad := range []struct{ account, format, want string }{
		{demo.AccountOrg1USDT, "mt940", "MT940 cannot carry USDT amounts: choose CSV."},
		{demo.AccountOrg1EUR, "pdf", msgStatementFormat},
	} {
		res := c.Do("POST", base, form(bad.account, bad.format))
		doc := servertest.Parse(t, res)
		sel := htmlq.Find(doc, htmlq.ByID("statement-format"))
		chosen := htmlq.Find(sel, func(n *html.Node) bool { return n.Data == "option" && htmlq.HasAttr(n, "selected") })
		if res.StatusCode != http.StatusUnprocessableEntity ||
			!strings.Contains(htmlq.VisibleText(htmlq.Find(doc, htmlq.ByID("statement-format-error"))), bad.want) ||
			htmlq.Attr(sel, "aria-invalid") != "true" ||
			servertest.SummaryLink(doc, "statement-format") == nil {
			t.Fatalf("%s %s: %d", bad.account, bad.format, res.StatusCode)
		}
		if bad.format == "mt940" && (htmlq.Attr(chosen, "value") != "mt940" || htmlq.Find(doc, func(n *html.Node) bool {
			return n.Data == "button" && htmlq.VisibleText(n) == "Download MT940 report"
		}) == nil) {
			t.Fatalf("the typed format is lost: %q", htmlq.Attr(chosen, "value"))
		}
	}

	res := c.Do("POST", base, form(demo.AccountOrg1EUR, "mt940"))
	loc := res.Header.Get("Location")
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("create: %d", res.StatusCode)
	}
	id, _ := url.QueryUnescape(strings.TrimPrefix(loc, base+"?download_statement=1&requested="))
	st := h.WaitReady(t, servertest.OrgNordic, id)
	if st.Format != provider.FormatMT940 {
		t.Fatalf("format %q", st.Format)
	}
	_, doc = c.Page(base)
	links := htmlq.FindAll(servertest.ExportRows(doc)[0], htmlq.ByTag("a"))
	var names []string
	for _, a := range links {
		names = append(names, strings.SplitN(htmlq.VisibleText(a), ",", 2)[0])
	}
	if strings.Join(names, "|") != "Download MT940|CSV|camt.053" || htmlq.Attr(links[0], "href") != base+"/"+id+"/download" {
		t.Fatalf("links %v", names)
	}
	res = c.Get(htmlq.Attr(links[0], "href"))
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "text/plain; charset=us-ascii" ||
		!strings.HasSuffix(res.Header.Get("Content-Disposition"), ".sta") || !strings.HasPrefix(string(body), ":20:") ||
		strings.Count(string(body), ":61:") != st.EntryCount {
		t.Fatalf("MT940: %d %v %.40q", res.StatusCode, res.Header, body)
	}
	res = c.Get(htmlq.Attr(links[1], "href"))
	res.Body.Close()
	if !strings.HasPrefix(res.Header.Get("Content-Type"), "text/csv") {
		t.Fatalf("CSV link: %s", res.Header.Get("Content-Type"))
	}

	a := h.APILoggedIn("finance@demo.example")
	api := "/api/v2/virtual_bank/organisations/" + servertest.OrgNordic + "/statements"
	body2 := func(account, format string) map[string]string {
		return map[string]string{"virtual_account_number": account, "kind": "charges", "format": format,
			"created_after": now.AddDate(0, 0, -30).Format(daterange.APILayout), "created_before": now.AddDate(0, 0, 1).Format(daterange.APILayout)}
	}
	r := a.Call("POST", api, body2(demo.AccountOrg1GBP, "mt940"))
	r.Expect(t, 201, "")
	h.CheckReply(t, "POST", "/virtual_bank/organisations/{id}/statements", r)
	data := r.JSON["data"].(map[string]any)
	if data["format"] != "mt940" || data["mt940_available"] != true {
		t.Fatalf("data %v", data)
	}
	bad := a.Call("POST", api, body2(demo.AccountOrg1USDT, "mt940"))
	bad.Expect(t, 422, "invalid")
	if p := bad.FirstError(t)["source"].(map[string]any)["pointer"]; p != "/format" {
		t.Fatalf("pointer %v", p)
	}
	gid := data["id"].(string)
	h.WaitReady(t, servertest.OrgNordic, gid)
	dl := a.Call("GET", api+"/"+gid+"/download", nil)
	if dl.StatusCode != 200 || !strings.HasPrefix(string(dl.Raw), ":20:") || !strings.Contains(string(dl.Raw), ":60F:C") ||
		!strings.HasSuffix(dl.Header.Get("Content-Disposition"), "-charges-"+now.AddDate(0, 0, -30).Format("20060102")+"-"+now.Format("20060102")+".sta") {
		t.Fatalf("API download: %d %s", dl.StatusCode, dl.Header.Get("Content-Disposition"))
	}
	if csv := a.Call("GET", api+"/"+gid+"/download?format=csv", nil); !strings.HasPrefix(string(csv.Raw), "date,id,reference") {
		t.Fatalf("?format=csv: %.30q", csv.Raw)
	}
}
