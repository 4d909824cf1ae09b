package receivers

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"portal/access"
	"portal/provider"
	"portal/server/servertest"
)

// The page lists the organisation's receivers newest first, 25 a page, by cursors both
// ways, with the total; the account column shows the first account field with the currency,
// and every kind appears.
func TestPageListsEveryReceiverByPages(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("observer@demo.example")
	want := all(t, h, orgNordic)
	var seen []string
	kinds := map[string]bool{}
	path := base(orgNordic)
	var pages []string
	for n := 0; path != ""; n++ {
		pages = append(pages, path)
		res, doc := c.Page(path)
		if res.StatusCode != 200 {
			t.Fatalf("%s: %d", path, res.StatusCode)
		}
		if cap := find(doc, byTag("caption")); text(cap) != "Saved receivers" {
			t.Fatalf("caption %q", text(cap))
		}
		if got := text(find(doc, byID("receivers-count"))); !strings.HasPrefix(got, "64 receivers · 25 per page") {
			t.Errorf("count %q", got)
		}
		rows := servertest.Rows(doc)
		if n < 2 && len(rows) != pageSize {
			t.Fatalf("page %d has %d rows", n, len(rows))
		}
		for _, row := range rows {
			r := want[len(seen)]
			cells := findAll(row, byTag("td"))
			a := find(cells[0], byTag("a"))
			if text(a) != r.FullName || attr(row, "id") != "receiver-"+r.ID {
				t.Fatalf("row %d: %q, want %s", len(seen), text(a), r.FullName)
			}
			if u, _ := url.Parse(attr(a, "href")); u.Path != base(orgNordic) || u.Query().Get(qReceiver) != r.ID {
				t.Errorf("row link %s", attr(a, "href"))
			}
			kind, value := r.Account()
			var parts []string
			for _, s := range findAll(cells[1], byTag("span")) {
				parts = append(parts, text(s))
			}
			if !slices.Equal(parts, []string{detailLabels[kind], value, r.Currency}) {
				t.Errorf("%s: account cell %q, want %s %s %s", r.FullName, parts, detailLabels[kind], value, r.Currency)
			}
			if text(cells[3]) != r.CreatedBy {
				t.Errorf("%s: created by %q", r.FullName, text(cells[3]))
			}
			kinds[kind] = true
			seen = append(seen, r.ID)
		}
		path = ""
		if next := find(doc, func(n *html.Node) bool { return n.Data == "a" && attr(n, "rel") == "next" }); next != nil {
			path = attr(next, "href")
		}
		if prev := find(doc, func(n *html.Node) bool { return n.Data == "a" && attr(n, "rel") == "prev" }); (prev != nil) != (n > 0) {
			t.Errorf("page %d: previous link %v", n, prev != nil)
		} else if n == 2 {
			// Back from the last page is the second page.
			_, back := c.Page(attr(prev, "href"))
			if r := servertest.Rows(back); len(r) != pageSize || attr(r[0], "id") != "receiver-"+want[pageSize].ID {
				t.Errorf("back from the last page starts at %s", attr(r[0], "id"))
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
	_, doc := c.Page(base(orgNordic) + "?sort=created_at")
	if rows := servertest.Rows(doc); attr(rows[0], "id") != "receiver-"+want[len(want)-1].ID {
		t.Errorf("oldest first starts with %s", attr(rows[0], "id"))
	}
	next := find(doc, func(n *html.Node) bool { return n.Data == "a" && attr(n, "rel") == "next" })
	if !strings.Contains(attr(next, "href"), "sort=created_at") {
		t.Errorf("next link %s loses the sort", attr(next, "href"))
	}
	res, doc := c.Page(base(orgNordic) + "?cursor_next=garbage")
	if rows := servertest.Rows(doc); res.StatusCode != 200 || attr(rows[0], "id") != "receiver-"+want[0].ID {
		t.Errorf("stale cursor: %d", res.StatusCode)
	}
}

// The details panel shows the spec's fields in its order, then creditor_details by part;
// the row is marked, the title names the receiver, Close goes back to the row.
func TestPanelShowsTheFieldsInTheSpecsOrder(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("observer@demo.example")
	r := first(t, h, orgNordic, func(r provider.Receiver) bool {
		return r.MobileNumber != "" && r.Birthdate != "" && r.Detail("intermediary_agent.bank_bic") != ""
	})
	res, doc := c.Page(base(orgNordic) + "?receiver=" + r.ID)
	if res.StatusCode != 200 {
		t.Fatalf("status %d", res.StatusCode)
	}
	if title := text(find(doc, byTag("title"))); !strings.HasPrefix(title, r.FullName+" · Receivers · ") {
		t.Errorf("title %q", title)
	}
	panel := panelOf(doc)
	if panel == nil || text(find(panel, byID("receiver-panel-title"))) != r.FullName {
		t.Fatalf("no panel for %s", r.FullName)
	}
	var labels []string
	dl := find(panel, byTag("dl"))
	for _, dt := range findAll(dl, byTag("dt")) {
		labels = append(labels, text(dt))
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
	for _, s := range findAll(panel, byTag("section")) {
		parts = append(parts, attr(s, "aria-label"))
	}
	if !slices.Equal(parts, []string{"Receiver Bank", "Intermediary Agent", "Intermediary Agent Account"}) {
		t.Errorf("creditor details parts %v", parts)
	}
	bank := pairs(findAll(panel, byTag("section"))[0])
	if bank["Account number"] != r.Detail("creditor_account.account_number") || bank["BIC"] != r.Detail("creditor_account.bank_bic") {
		t.Errorf("receiver bank %v", bank)
	}
	if agent := pairs(findAll(panel, byTag("section"))[1]); agent["BIC"] != r.Detail("intermediary_agent.bank_bic") {
		t.Errorf("intermediary agent %v", agent)
	}
	if close := linkText(panel, "Close receiver details"); close == nil || attr(close, "href") != base(orgNordic)+"#receiver-"+r.ID {
		t.Errorf("close link %v", close)
	}
	// The row of the open receiver is marked, on the page that lists it; an empty field
	// says so rather than vanishing.
	top := all(t, h, orgNordic)[0]
	_, doc = c.Page(base(orgNordic) + "?receiver=" + top.ID)
	row := find(doc, byID("receiver-"+top.ID))
	if !strings.Contains(attr(row, "class"), "bg-blue-50") || attr(find(row, byTag("a")), "aria-current") != "true" {
		t.Error("the open receiver's row is not marked")
	}
	bare := first(t, h, orgNordic, func(r provider.Receiver) bool { return r.MobileNumber == "" })
	_, doc = c.Page(base(orgNordic) + "?receiver=" + bare.ID)
	if got := pairs(find(panelOf(doc), byTag("dl")))["Mobile number"]; got != "Not given" {
		t.Errorf("empty mobile number: %q", got)
	}
}

// Who may open the page and delete (spec 001 §2, §6): payouts:read opens it, the receiver
// management flag gates it, receivers:manage offers Delete.
func TestRolesAndTheFlag(t *testing.T) {
	h := newHarness(t)
	r := first(t, h, orgNordic, nil)
	for _, role := range access.Roles {
		t.Run(role, func(t *testing.T) {
			perms := access.For(role)
			c := h.LoggedIn(role + "@demo.example")
			res, doc := c.Page(base(orgNordic) + "?receiver=" + r.ID)
			if !perms.Has(access.PayoutsRead) {
				if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/org/"+orgNordic {
					t.Fatalf("without payouts:read: %d %s", res.StatusCode, res.Header.Get("Location"))
				}
				return
			}
			if res.StatusCode != 200 {
				t.Fatalf("status %d", res.StatusCode)
			}
			del := linkText(panelOf(doc), "Delete receiver "+r.FullName)
			if (del != nil) != perms.Has(access.ReceiversManage) {
				t.Errorf("Delete receiver offered: %v", del != nil)
			}
			if del != nil && attr(del, "href") != base(orgNordic)+"/"+r.ID+"/delete" {
				t.Errorf("delete link %s", attr(del, "href"))
			}
			if nav := find(doc, func(n *html.Node) bool { return n.Data == "nav" && linkText(n, "Receivers") != nil }); nav == nil {
				t.Error("no Receivers in the sidebar")
			}
		})
	}
	h.Env.Exec(`UPDATE feature_flags SET enabled = 0 WHERE organisation_id = ? AND name = ?`, orgNordic, provider.FlagReceiverManagement)
	c := h.LoggedIn("admin@demo.example")
	res, _ := c.Page(base(orgNordic))
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/org/"+orgNordic {
		t.Errorf("flag off: %d %s", res.StatusCode, res.Header.Get("Location"))
	}
}

// Another organisation's receiver is not found, on the page, the confirmation and the
// POST, for a user who belongs to both; an organisation the user is not in shows nothing.
func TestOtherOrganisationsReceiversAreNotFound(t *testing.T) {
	h := newHarness(t)
	theirs := first(t, h, orgAtlantic, nil)
	c := h.LoggedIn("multi@demo.example") // admin in Nordic, observer in Atlantic
	res, doc := c.Page(base(orgNordic) + "?receiver=" + theirs.ID)
	alert := find(panelOf(doc), func(n *html.Node) bool { return attr(n, "role") == "alert" })
	if res.StatusCode != http.StatusNotFound || text(alert) != provider.MsgReceiverNotFound {
		t.Errorf("panel: %d %q", res.StatusCode, text(alert))
	}
	if strings.Contains(text(doc), theirs.FullName) && !slices.ContainsFunc(all(t, h, orgNordic), func(r provider.Receiver) bool { return r.FullName == theirs.FullName }) {
		t.Error("the page names the other organisation's receiver")
	}
	del := base(orgNordic) + "/" + theirs.ID + "/delete"
	if res, _ := c.Page(del); res.StatusCode != http.StatusNotFound {
		t.Errorf("confirmation: %d", res.StatusCode)
	}
	tok := c.CSRF(base(orgNordic))
	if res := c.Do("POST", del, url.Values{"_csrf": {tok}}); res.StatusCode != http.StatusNotFound {
		t.Errorf("delete: %d", res.StatusCode)
	}
	if _, err := h.Store.Receiver(t.Context(), orgAtlantic, theirs.ID); err != nil {
		t.Errorf("the other organisation's receiver is gone: %v", err)
	}
	// admin@demo is not in Atlantic.
	c = h.LoggedIn("admin@demo.example")
	res, doc = c.Page(base(orgAtlantic) + "?receiver=" + theirs.ID)
	if res.StatusCode == 200 || strings.Contains(text(doc), theirs.FullName) {
		t.Errorf("a non-member: %d", res.StatusCode)
	}
}
