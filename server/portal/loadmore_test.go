package portal

import (
	"encoding/json"
	"net/http"
	"strconv"
	"testing"

	"golang.org/x/net/html"

	"portal/htmlq"
	"portal/reference/demo"
	"portal/server/servertest"
)

// loadMoreProps are the LoadMore island's props (islands/LoadMore.tsx).
type loadMoreProps struct {
	Rows  string `json:"rows"`
	Noun  string `json:"noun"`
	Total int    `json:"total"`
	Shown int    `json:"shown"`
	Next  string `json:"next"`
	Prev  string `json:"prev"`
}

// loadMorePage is what LoadMore reads of a list page: its island's props, the rows of the
// tbody they name, and the href of the pager's next link ("" when none).
func loadMorePage(t *testing.T, doc *html.Node) (p loadMoreProps, rows []*html.Node, cols int, next string) {
	t.Helper()
	islands := htmlq.FindAll(doc, func(n *html.Node) bool { return htmlq.Attr(n, "data-island") == "LoadMore" })
	if len(islands) != 1 {
		t.Fatalf("%d LoadMore islands, want 1", len(islands))
	}
	if err := json.Unmarshal([]byte(servertest.IslandProps(t, doc, "LoadMore")), &p); err != nil {
		t.Fatal(err)
	}
	body := htmlq.Find(doc, htmlq.ByID(p.Rows))
	if body == nil || body.Data != "tbody" {
		t.Fatalf("no tbody #%s for the island's rows", p.Rows)
	}
	for c := body.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode {
			rows = append(rows, c)
		}
	}
	table := body.Parent
	if head := htmlq.Find(table, htmlq.ByTag("thead")); head != nil {
		cols = len(htmlq.FindAll(head, htmlq.ByTag("th")))
	}
	if nav := htmlq.Find(islands[0], func(n *html.Node) bool { return n.Data == "nav" && htmlq.Attr(n, "data-rows") == p.Rows }); nav != nil {
		if a := servertest.PagerLink(nav, "next"); a != nil {
			next = htmlq.Attr(a, "href")
		}
	}
	return p, rows, cols, next
}

// cells is how many columns a row spans.
func cells(tr *html.Node) int {
	n := 0
	for c := tr.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && (c.Data == "td" || c.Data == "th") {
			span := 1
			if s, err := strconv.Atoi(htmlq.Attr(c, "colspan")); err == nil && s > 1 {
				span = s
			}
			n += span
		}
	}
	return n
}

// Every cursor-paged list page carries the LoadMore island over its own table, its props
// agree with the page (rows shown, the pager's next link), and the page its next link leads
// to holds rows LoadMore can append: a tbody of the same id whose children are all table rows
// of the header's width, none repeating a row of the first page.
func TestListsLoadMore(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("admin@demo.example")
	org := "/org/" + servertest.OrgNordic
	servertest.WidenRange(t, c, servertest.OrgNordic, org+"/payouts", 90)
	lists := []struct {
		name, path, rows, noun string
		// paged: the demo data fills more than one page, so the next page is read too.
		paged bool
	}{
		{"payouts", org + "/payouts", "payouts-rows", "payout requests", true},
		{"payout drafts", org + "/payout_drafts", "drafts-rows", "payout drafts", true},
		{"batches", org + "/batches", "batches-rows", "batches", true},
		{"receivers", org + "/receivers", "receivers-rows", "receivers", true},
		{"collection orders", org + "/collections/orders", "orders-rows", "orders", true},
		{"withdrawals", org + "/accounts/withdrawals", "withdrawals-rows", "withdrawals", true},
		{"users", org + "/users", "users-rows", "users", true},
		{"account transactions", org + "/accounts/" + demo.AccountOrg1EUR, "transactions-rows", "transactions", true},
	}
	for _, l := range lists {
		t.Run(l.name, func(t *testing.T) {
			res, doc := c.Page(l.path)
			if res.StatusCode != http.StatusOK {
				t.Fatalf("%s: %d", l.path, res.StatusCode)
			}
			p, rows, cols, next := loadMorePage(t, doc)
			if p.Rows != l.rows || p.Noun != l.noun {
				t.Errorf("island rows %q noun %q, want %q %q", p.Rows, p.Noun, l.rows, l.noun)
			}
			if p.Shown != len(rows) || p.Next != next || p.Total < len(rows) {
				t.Errorf("props shown %d next %q total %d; the page shows %d rows, next link %q", p.Shown, p.Next, p.Total, len(rows), next)
			}
			if !l.paged {
				return
			}
			if next == "" || p.Total <= len(rows) {
				t.Fatalf("one page of %d (total %d): the demo data should fill two", len(rows), p.Total)
			}
			seen := map[string]bool{}
			for _, r := range rows {
				seen[htmlq.Attr(r, "id")] = true
			}
			res, doc2 := c.Page(next)
			if res.StatusCode != http.StatusOK {
				t.Fatalf("next page %s: %d", next, res.StatusCode)
			}
			p2, rows2, cols2, _ := loadMorePage(t, doc2)
			if len(rows2) == 0 || p2.Total != p.Total || cols2 != cols {
				t.Fatalf("next page: %d rows, total %d (first %d), %d columns (first %d)", len(rows2), p2.Total, p.Total, cols2, cols)
			}
			for _, r := range rows2 {
				id := htmlq.Attr(r, "id")
				if r.Data != "tr" || cells(r) != cols {
					t.Errorf("next page row %q: <%s> of %d cells, want <tr> of %d", id, r.Data, cells(r), cols)
				}
				if id == "" || seen[id] {
					t.Errorf("next page row id %q is empty or on the first page too", id)
				}
				seen[id] = true
			}
			if len(rows)+len(rows2) > p.Total {
				t.Errorf("%d + %d rows shown of %d", len(rows), len(rows2), p.Total)
			}
		})
	}
}
