package receivers

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"portal/access"
	"portal/htmlq"
	"portal/provider"
	"portal/server/servertest"
)

// The page lists the organisation's receivers newest first, 25 a page, by cursors both
// ways, with the total; the account column shows the first account field with the currency,
// and every kind appears.
func TestPageListsEveryReceiverByPages(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("observer@demo.example")
	want := all(t, h, servertest.OrgNordic)
	var seen []string
	kinds := map[string]bool{}
	path := base(servertest.OrgNordic)
	var pages []string
	for n := 0; path != ""; n++ {
		pages = append(pages, path)
		res, doc := c.Page(path)
		if res.StatusCode != 200 {
			t.Fatalf("%s: %d", path, res.StatusCode)
		}
		if cap := htmlq.Find(doc, htmlq.ByTag("caption")); htmlq.VisibleText(cap) != "Saved receivers" {
			t.Fatalf("caption %q", htmlq.VisibleText(cap))
		}
		if got := htmlq.VisibleText(htmlq.Find(doc, htmlq.ByID("receivers-count"))); !strings.HasPrefix(got, "64 receivers · 25 per page") {
			t.Errorf("count %q", got)
		}
		rows := servertest.Rows(doc)
		if n < 2 && len(rows) != pageSize {
			t.Fatalf("page %d has %d rows", n, len(rows))
		}
		for _, row := range rows {
			r := want[len(seen)]
			cells := htmlq.FindAll(row, htmlq.ByTag("td"))
			a := htmlq.Find(cells[0], htmlq.ByTag("a"))
			if htmlq.VisibleText(a) != r.FullName || htmlq.Attr(row, "id") != "receiver-"+r.ID {
				t.Fatalf("row %d: %q, want %s", len(seen), htmlq.VisibleText(a), r.FullName)
			}
			if u, _ := url.Parse(htmlq.Attr(a, "href")); u.Path != base(servertest.OrgNordic) || u.Query().Get(qReceiver) != r.ID {
				t.Errorf("row link %s", htmlq.Attr(a, "href"))
			}
			kind, value := r.Account()
			var parts []string
			for _, s := range htmlq.FindAll(cells[1], htmlq.ByTag("span")) {
				parts = append(parts, htmlq.VisibleText(s))
			}
			if !slices.Equal(parts, []string{detailLabels[kind], value, r.Currency}) {
				t.Errorf("%s: account cell %q, want %s %s %s", r.FullName, parts, detailLabels[kind], value, r.Currency)
			}
			if htmlq.VisibleText(cells[3]) != r.CreatedBy {
				t.Errorf("%s: created by %q", r.FullName, htmlq.VisibleText(cells[3]))
			}
			kinds[kind] = true
			seen = append(seen, r.ID)
		}
		path = ""
		if next := servertest.PagerLink(doc, "next"); next != nil {
			path = htmlq.Attr(next, "href")
		}
		if prev := servertest.PagerLink(doc, "prev"); (prev != nil) != (n > 0) {
			t.Errorf("page %d: previous link %v", n, prev != nil)
		} else if n == 2 {
			// Back from the last page is the second page.
			_, back := c.Page(htmlq.Attr(prev, "href"))
			if r := servertest.Rows(back); len(r) != pageSize || htmlq.Attr(r[0], "id") != "receiver-"+want[pageSize].ID {
				t.Errorf("back from the last page starts at %s", htmlq.Attr(r[0], "id"))
			}
		}
	}
	if len(pages) != 3 || len(seen) != len(want) {
		t.Fatalf("%d pages, %d receivers; want 3 pages, %d", len(pages), len(seen), len(want))
	}
	for _, k := range []string{"iban", "account_number", "account", "crypto_wallet_address"} {
		if !kinds[k] {
			t.Errorf("no %s in the account column", k)
		}
	}

	// Oldest first, kept by the links; a stale cursor falls back to the first page.
	_, doc := c.Page(base(servertest.OrgNordic) + "?sort=created_at")
	if rows := servertest.Rows(doc); htmlq.Attr(rows[0], "id") != "receiver-"+want[len(want)-1].ID {
		t.Errorf("oldest first starts with %s", htmlq.Attr(rows[0], "id"))
	}
	next := servertest.PagerLink(doc, "next")
	if !strings.Contains(htmlq.Attr(next, "href"), "sort=created_at") {
		t.Errorf("next link %s loses the sort", htmlq.Attr(next, "href"))
	}
	res, doc := c.Page(base(servertest.OrgNordic) + "?cursor_next=garbage")
	if rows := servertest.Rows(doc); res.StatusCode != 200 || htmlq.Attr(rows[0], "id") != "receiver-"+want[0].ID {
		t.Errorf("stale cursor: %d", res.StatusCode)
	}
}

// The details panel shows the spec's fields in its order, then creditor_details by part;
// the row is marked, the title names the receiver, Close goes back to the row.
func TestPanelShowsTheFieldsInTheSpecsOrder(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("observer@demo.example")
	r := first(t, h, servertest.OrgNordic, func(r provider.Receiver) bool {
		return r.MobileNumber != "" && r.Birthdate != "" && r.Detail("intermediary_agent.bank_bic") != ""
	})
	res, doc := c.Page(base(servertest.OrgNordic) + "?receiver=" + r.ID)
	if res.StatusCode != 200 {
		t.Fatalf("status %d", res.StatusCode)
	}
	if title := htmlq.VisibleText(htmlq.Find(doc, htmlq.ByTag("title"))); !strings.HasPrefix(title, r.FullName+" · Receivers · ") {
		t.Errorf("title %q", title)
	}
	panel := panelOf(doc)
	if panel == nil || htmlq.VisibleText(htmlq.Find(panel, htmlq.ByID("receiver-panel-title"))) != r.FullName {
		t.Fatalf("no panel for %s", r.FullName)
	}
	var labels []string
	dl := htmlq.Find(panel, htmlq.ByTag("dl"))
	for _, dt := range htmlq.FindAll(dl, htmlq.ByTag("dt")) {
		labels = append(labels, htmlq.VisibleText(dt))
	}
	values := pairs(dl)
	order := []string{"Full name", "Date of birth", "Address", "Postcode", "City", "Country", "Created by", "Email", "Mobile number"}
	if !slices.Equal(labels, order) {
		t.Errorf("fields %v, want %v", labels, order)
	}
	b := strings.Split(r.Birthdate, "-")
	if values["Date of birth"] != b[2]+"-"+b[1]+"-"+b[0] || values["Email"] != r.Email || values["Mobile number"] != r.MobileNumber ||
		values["Country"] != r.CountryCode || values["Created by"] != r.CreatedBy || values["Address"] != strings.Join(r.AddressLines, ", ") {
		t.Errorf("values %v of %+v", values, r)
	}
	var parts []string
	for _, s := range htmlq.FindAll(panel, htmlq.ByTag("section")) {
		parts = append(parts, htmlq.Attr(s, "aria-label"))
	}
	if !slices.Equal(parts, []string{"Receiver Bank", "Intermediary Agent", "Intermediary Agent Account"}) {
		t.Errorf("creditor details parts %v", parts)
	}
	bank := pairs(htmlq.FindAll(panel, htmlq.ByTag("section"))[0])
	if bank["Account number"] != r.Detail("creditor_account.account_number") || bank["BIC"] != r.Detail("creditor_account.bank_bic") {
		t.Errorf("receiver bank %v", bank)
	}
	if agent := pairs(htmlq.FindAll(panel, htmlq.ByTag("section"))[1]); agent["BIC"] != r.Detail("intermediary_agent.bank_bic") {
		t.Errorf("intermediary agent %v", agent)
	}
	if close := servertest.LinkByText(panel, "Close receiver details"); close == nil || htmlq.Attr(close, "href") != base(servertest.OrgNordic)+"#receiver-"+r.ID {
		t.Errorf("close link %v", close)
	}
	// The row of the open receiver is marked, on the page that lists it; an empty field
	// says so rather than vanishing.
	top := all(t, h, servertest.OrgNordic)[0]
	_, doc = c.Page(base(servertest.OrgNordic) + "?receiver=" + top.ID)
	row := htmlq.Find(doc, htmlq.ByID("receiver-"+top.ID))
	if !strings.Contains(htmlq.Attr(row, "class"), "bg-blue-50") || htmlq.Attr(htmlq.Find(row, htmlq.ByTag("a")), "aria-current") != "true" {
		t.Error("the open receiver's row is not marked")
	}
	bare := first(t, h, servertest.OrgNordic, func(r provider.Receiver) bool { return r.MobileNumber == "" })
	_, doc = c.Page(base(servertest.OrgNordic) + "?receiver=" + bare.ID)
	if got := pairs(htmlq.Find(panelOf(doc), htmlq.ByTag("dl")))["Mobile number"]; got != "Not given" {
		t.Errorf("empty mobile number: %q", got)
	}
}

// Who may open the page and delete (spec 001 §2, §6): payouts:read opens it, the receiver
// management flag gates it, receivers:manage offers Delete.
func TestRolesAndTheFlag(t *testing.T) {
	h := newHarness(t)
	r := first(t, h, servertest.OrgNordic, nil)
	h.EachRole(t, servertest.OrgNordic, base(servertest.OrgNordic)+"?receiver="+r.ID, access.PayoutsRead,
		func(t *testing.T, perms access.Set, c *servertest.Client, doc *html.Node) {
			del := servertest.LinkByText(panelOf(doc), "Delete receiver "+r.FullName)
			if (del != nil) != perms.Has(access.ReceiversManage) {
				t.Errorf("Delete receiver offered: %v", del != nil)
			}
			if del != nil && htmlq.Attr(del, "href") != base(servertest.OrgNordic)+"/"+r.ID+"/delete" {
				t.Errorf("delete link %s", htmlq.Attr(del, "href"))
			}
			if nav := htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "nav" && servertest.LinkByText(n, "Receivers") != nil }); nav == nil {
				t.Error("no Receivers in the sidebar")
			}
		})
	h.Env.Exec(`UPDATE feature_flags SET enabled = 0 WHERE organisation_id = ? AND name = ?`, servertest.OrgNordic, provider.FlagReceiverManagement)
	c := h.LoggedIn("admin@demo.example")
	res, _ := c.Page(base(servertest.OrgNordic))
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/org/"+servertest.OrgNordic {
		t.Errorf("flag off: %d %s", res.StatusCode, res.Header.Get("Location"))
	}
}

// Another organisation's receiver is not found, on the page, the confirmation and the
// POST, for a user who belongs to both; an organisation the user is not in shows nothing.
func TestOtherOrganisationsReceiversAreNotFound(t *testing.T) {
	h := newHarness(t)
	theirs := first(t, h, servertest.OrgAtlantic, nil)
	c := h.LoggedIn("multi@demo.example") // admin in Nordic, observer in Atlantic
	res, doc := c.Page(base(servertest.OrgNordic) + "?receiver=" + theirs.ID)
	alert := htmlq.Find(panelOf(doc), func(n *html.Node) bool { return htmlq.Attr(n, "role") == "alert" })
	if res.StatusCode != http.StatusNotFound || htmlq.VisibleText(alert) != provider.MsgReceiverNotFound {
		t.Errorf("panel: %d %q", res.StatusCode, htmlq.VisibleText(alert))
	}
	if strings.Contains(htmlq.VisibleText(doc), theirs.FullName) && !slices.ContainsFunc(all(t, h, servertest.OrgNordic), func(r provider.Receiver) bool { return r.FullName == theirs.FullName }) {
		t.Error("the page names the other organisation's receiver")
	}
	del := base(servertest.OrgNordic) + "/" + theirs.ID + "/delete"
	if res, _ := c.Page(del); res.StatusCode != http.StatusNotFound {
		t.Errorf("confirmation: %d", res.StatusCode)
	}
	tok := c.CSRF(base(servertest.OrgNordic))
	if res := c.Do("POST", del, url.Values{"_csrf": {tok}}); res.StatusCode != http.StatusNotFound {
		t.Errorf("delete: %d", res.StatusCode)
	}
	if _, err := h.Store.Receiver(t.Context(), servertest.OrgAtlantic, theirs.ID); err != nil {
		t.Errorf("the other organisation's receiver is gone: %v", err)
	}
	// admin@demo is not in Atlantic.
	c = h.LoggedIn("admin@demo.example")
	res, doc = c.Page(base(servertest.OrgAtlantic) + "?receiver=" + theirs.ID)
	if res.StatusCode == 200 || strings.Contains(htmlq.VisibleText(doc), theirs.FullName) {
		t.Errorf("a non-member: %d", res.StatusCode)
	}
}
