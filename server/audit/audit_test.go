package audit

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"portal/htmlq"
	"portal/provider"
	"portal/server/auth"
	"portal/server/servertest"
)

func TestMain(m *testing.M) { os.Exit(servertest.Main(m)) }

func newHarness(t *testing.T) *servertest.Harness { return servertest.New(t, auth.New, New) }

func cells(r *html.Node) []string {
	var out []string
	for _, td := range htmlq.FindAll(r, htmlq.ByTag("td")) {
		out = append(out, servertest.ReadText(td))
	}
	return out
}

func TestAuditPage(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("admin@demo.example")
	path := base(servertest.OrgNordic)
	res, doc := c.Page(path)
	if res.StatusCode != 200 || servertest.ReadText(htmlq.Find(doc, htmlq.ByTag("h1"))) != "Audit log" {
		t.Fatalf("status %d", res.StatusCode)
	}
	form := htmlq.Find(doc, func(n *html.Node) bool {
		return n.Data == "form" && htmlq.Attr(n, "aria-label") == "Filter the audit log"
	})
	if form == nil || htmlq.Attr(form, "method") != "get" {
		t.Fatal("no GET filter form")
	}
	for _, id := range []string{"person", "kind", "record"} {
		if htmlq.Find(form, htmlq.ByID(id)) == nil || htmlq.Find(form, func(n *html.Node) bool { return n.Data == "label" && htmlq.Attr(n, "for") == id }) == nil {
			t.Errorf("filter %s without its label", id)
		}
	}
	// Human words only: no stored kind name in the options or the rows.
	for _, o := range htmlq.FindAll(htmlq.Find(form, htmlq.ByID("kind")), htmlq.ByTag("option")) {
		if strings.Contains(servertest.ReadText(o), "_") {
			t.Errorf("option %q", servertest.ReadText(o))
		}
	}
	rows := servertest.ListRows(doc)
	if len(rows) != provider.DefaultAuditLimit {
		t.Fatalf("%d rows, want a full page", len(rows))
	}
	for _, r := range rows {
		if cs := cells(r); len(cs) < 2 || strings.Contains(cs[1], "_") {
			t.Errorf("row %v", cs)
		}
	}
	// Paging: the next page, then back.
	servertest.NextAndBack(t, c, doc, servertest.ListRows)

	for _, tc := range []struct {
		name  string
		q     url.Values
		check func(cs []string, r *html.Node) bool
	}{
		{"kind", url.Values{"kind": {"transfer"}}, func(cs []string, r *html.Node) bool { return htmlq.Attr(r, "data-status") == "transfer" }},
		{"person", url.Values{"person": {"Finance@demo.example"}}, func(cs []string, _ *html.Node) bool { return strings.HasPrefix(cs[2], "finance@demo.example") }},
		{"record", url.Values{"record": {"PO-AUDIT-02"}}, func(cs []string, _ *html.Node) bool { return cs[3] == "payout PO-AUDIT-02" }},
	} {
		res, doc := c.Page(path + "?" + tc.q.Encode())
		rs := servertest.ListRows(doc)
		if res.StatusCode != 200 || len(rs) == 0 {
			t.Errorf("%s: status %d, %d rows", tc.name, res.StatusCode, len(rs))
			continue
		}
		for _, r := range rs {
			if !tc.check(cells(r), r) {
				t.Errorf("%s: row %v", tc.name, cells(r))
			}
		}
		// The pager and the export keep the filter.
		if exp := htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "a" && servertest.ReadText(n) == "Export to CSV" }); exp == nil ||
			!strings.Contains(htmlq.Attr(exp, "href"), tc.name+"=") {
			t.Errorf("%s: export link does not keep the filter", tc.name)
		}
	}

	// Bad input comes back as typed, with the error beside the field and in the summary.
	res, doc = c.Page(path + "?person=nobody&kind=transfer")
	if res.StatusCode != http.StatusUnprocessableEntity || servertest.FieldError(doc, "person") != msgPersonInvalid ||
		htmlq.Attr(htmlq.Find(doc, htmlq.ByID("person")), "value") != "nobody" {
		t.Errorf("bad person: status %d, error %q", res.StatusCode, servertest.FieldError(doc, "person"))
	}
	if htmlq.Find(doc, htmlq.ByID("error-summary-title")) == nil {
		t.Error("no error summary")
	}
}

func TestAuditPageAccess(t *testing.T) {
	h := newHarness(t)
	path := base(servertest.OrgNordic)
	for _, email := range []string{"observer@demo.example", "finance@demo.example", "operations_member@demo.example"} {
		c := h.LoggedIn(email)
		// The permission guard's answer: back to the organisation's root.
		if res := c.Get(path); res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/org/"+servertest.OrgNordic {
			t.Errorf("%s: status %d to %q, want 303 to the organisation", email, res.StatusCode, res.Header.Get("Location"))
		}
		if res := c.Get(path + "/export.csv"); res.StatusCode == 200 {
			t.Errorf("%s exports the audit log", email)
		}
	}
	// multi@ is admin at Nordic and observer at Atlantic: Atlantic's log is refused; Nordic's
	// shows only Nordic's entries.
	c := h.LoggedIn("multi@demo.example")
	if res := c.Get(base(servertest.OrgAtlantic)); res.StatusCode == 200 {
		t.Error("an observer of Atlantic reads its audit log")
	}
	atlantic, err := h.Store.AuditEntries(context.Background(), servertest.OrgAtlantic, provider.AuditFilter{Limit: provider.MaxAuditLimit})
	if err != nil || len(atlantic.Entries) == 0 {
		t.Fatalf("Atlantic's entries: %v", err)
	}
	theirs := map[string]bool{}
	for _, e := range atlantic.Entries {
		theirs["audit-"+itoa(e.ID)] = true
	}
	res, doc := c.Page(base(servertest.OrgNordic))
	if res.StatusCode != 200 {
		t.Fatalf("Nordic's admin: %d", res.StatusCode)
	}
	for _, r := range servertest.ListRows(doc) {
		if theirs[htmlq.Attr(r, "id")] {
			t.Errorf("Atlantic's entry %s on Nordic's page", htmlq.Attr(r, "id"))
		}
	}
	// admin@ belongs to Nordic only.
	if res := h.LoggedIn("admin@demo.example").Get(base(servertest.OrgAtlantic) + "/export.csv"); res.StatusCode == 200 {
		t.Error("another organisation's export")
	}
}

func TestAuditCSV(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	evil := `=HYPERLINK("http://x.example","a, b")`
	if err := h.Store.RecordAudit(ctx, provider.AuditEvent{OrgID: servertest.OrgNordic, Kind: provider.AuditExport,
		RecordKind: "statement", RecordID: evil}); err != nil {
		t.Fatal(err)
	}
	c := h.LoggedIn("admin@demo.example")
	res := c.Get(base(servertest.OrgNordic) + "/export.csv?" + url.Values{"record": {evil}}.Encode())
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/csv") ||
		!strings.Contains(res.Header.Get("Content-Disposition"), "attachment; filename=\"audit-log-") {
		t.Fatalf("status %d, headers %v", res.StatusCode, res.Header)
	}
	lines := strings.Split(strings.TrimSuffix(string(body), "\r\n"), "\r\n")
	if len(lines) != 2 || lines[0] != strings.Join(CSVHeader, ",") {
		t.Fatalf("csv %q", body)
	}
	if !strings.Contains(lines[1], `"'=HYPERLINK(""http://x.example"",""a, b"")"`) {
		t.Errorf("the formula is not guarded and quoted: %q", lines[1])
	}
	// The download is itself in the log.
	p, _ := h.Store.AuditEntries(ctx, servertest.OrgNordic, provider.AuditFilter{Kind: provider.AuditDownload, Record: "csv"})
	if p.Total != 1 || p.Entries[0].Actor.Email != "admin@demo.example" {
		t.Errorf("the export was not recorded: %+v", p)
	}
}

func TestAuditLoginEvents(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	newest := func(kind provider.AuditKind) provider.AuditEntry {
		t.Helper()
		p, err := h.Store.AuditEntries(ctx, servertest.OrgNordic, provider.AuditFilter{Kind: kind, Email: "admin@demo.example"})
		if err != nil || len(p.Entries) == 0 {
			t.Fatalf("no %s entry: %v", kind, err)
		}
		return p.Entries[0]
	}
	c := h.Client()
	tok := c.CSRF("/login")
	if res := c.Do("POST", "/login", url.Values{"_csrf": {tok}, "email": {"admin@demo.example"}, "password": {"wrong-Passw0rd!"}}); res.StatusCode != 401 {
		t.Fatalf("wrong password: %d", res.StatusCode)
	}
	if e := newest(provider.AuditLoginFailed); e.Actor.Path != "/login" || e.Actor.ClientIP == "" || e.Actor.Origin != provider.AuditOriginPage {
		t.Errorf("failed login %+v", e)
	}
	c.Login("admin@demo.example")
	e := newest(provider.AuditLogin)
	if len(e.Actor.Session) != 12 || strings.Contains(c.SessionID(), e.Actor.Session) {
		t.Errorf("login entry's session %q (the id must not be in it)", e.Actor.Session)
	}
	tok = c.CSRF(base(servertest.OrgNordic))
	c.Do("POST", "/logout", url.Values{"_csrf": {tok}})
	if e2 := newest(provider.AuditSessionEnded); e2.RecordID != e.Actor.Session {
		t.Errorf("session ended %+v, want session %s", e2, e.Actor.Session)
	}
	if v, err := h.Store.VerifyAudit(ctx, ""); err != nil || !v.OK {
		t.Errorf("verify %+v %v", v, err)
	}
}

// The area's part of the API tour, and the API's permission.
func TestAuditAPITour(t *testing.T) {
	h := newHarness(t)
	a := h.APILoggedIn("admin@demo.example")
	tour := h.Tour(t, New(h.Srv).API)
	list := tour.Call(a, "listAuditEntries", "?"+url.Values{"filter[kind]": {"transfer"}, "page[size]": {"5"}}.Encode(), nil)
	data := list.JSON["data"].([]any)
	if len(data) != 5 || data[0].(map[string]any)["kind"] != "transfer" {
		t.Errorf("list %v", list.JSON)
	}
	v := tour.Call(a, "verifyAuditLog", "", nil)
	if v.JSON["data"].(map[string]any)["ok"] != true {
		t.Errorf("verify %v", v.JSON)
	}
	tour.Done()

	o := h.APILoggedIn("observer@demo.example")
	o.Call("GET", "/api/v1/audit/organisations/"+servertest.OrgNordic+"/entries", nil).Expect(t, 403, "")
	a.Call("GET", "/api/v1/audit/organisations/"+servertest.OrgNordic+"/entries?filter%5Bkind%5D=nonsense", nil).Expect(t, 422, "")
	a.Call("GET", "/api/v1/audit/organisations/"+servertest.OrgAtlantic+"/verify", nil).Expect(t, 404, "")
}
