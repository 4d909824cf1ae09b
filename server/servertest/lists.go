package servertest

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"portal/daterange"
	"portal/htmlq"
	"portal/provider"
)

// What the tests of the list pages with a details panel share (payouts, collection orders).

// ReadText is what a reader of n gets: its text, spaces collapsed, without the <script>
// content (island props) and without what is invisible until hydrated (a copy button).
func ReadText(n *html.Node) string {
	if n == nil {
		return ""
	}
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && (n.Data == "script" || slices.Contains(strings.Fields(htmlq.Attr(n, "class")), "invisible")) {
			return
		}
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
			b.WriteByte(' ')
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return strings.Join(strings.Fields(b.String()), " ")
}

// Flashes are the texts of the shell's flash messages.
func Flashes(doc *html.Node) []string {
	var out []string
	region := htmlq.Find(doc, func(n *html.Node) bool {
		return htmlq.Attr(n, "role") == "status" && htmlq.Attr(n, "aria-live") == "polite"
	})
	if region == nil {
		return nil
	}
	for _, p := range htmlq.FindAll(region, htmlq.ByTag("p")) {
		out = append(out, ReadText(p))
	}
	return out
}

// Follow GETs a 303's target (without its fragment).
func Follow(t testing.TB, c *Client, res *http.Response) (*http.Response, *html.Node) {
	t.Helper()
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("status %d, want 303", res.StatusCode)
	}
	loc, _, _ := strings.Cut(res.Header.Get("Location"), "#")
	return c.Page(loc)
}

// Balance is an account's balance in the store.
func (h *Harness) Balance(t testing.TB, org, account string) string {
	t.Helper()
	accts, err := h.Store.Accounts(context.Background(), org)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range accts {
		if a.AccountNumber == account {
			return a.Balance
		}
	}
	t.Fatalf("no account %s", account)
	return ""
}

// WidenRange sets c's global date range to the last days days (the date range form of the
// rangepicker area, which the harness must mount), from the page at from.
func WidenRange(t testing.TB, c *Client, org, from string, days int) {
	t.Helper()
	now := time.Now().UTC()
	tok := c.CSRF(from)
	res := c.Do("POST", "/org/"+org+"/date_range", url.Values{"_csrf": {tok}, "type": {daterange.Custom},
		"from": {now.AddDate(0, 0, -days).Format(daterange.DisplayLayout)}, "to": {now.Format(daterange.DisplayLayout)},
		"return_to": {from}})
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("date range: %d", res.StatusCode)
	}
}

// ListRows are a list page's record rows (those carrying data-status).
func ListRows(doc *html.Node) []*html.Node {
	return htmlq.FindAll(doc, func(n *html.Node) bool { return n.Data == "tr" && htmlq.HasAttr(n, "data-status") })
}

// PagerLink is the list's link to the next or the previous page (rel "next" or "prev"), nil
// when there is none.
func PagerLink(doc *html.Node, rel string) *html.Node {
	return htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "a" && htmlq.Attr(n, "rel") == rel })
}

// NextAndBack follows the first page's (doc's) link to the next page, whose first row (of
// rows) must be another, and that page's link back, which must start with the first page's
// first row again; it returns the next page.
func NextAndBack(t testing.TB, c *Client, doc *html.Node, rows func(*html.Node) []*html.Node) *html.Node {
	t.Helper()
	first := rows(doc)
	next := PagerLink(doc, "next")
	if len(first) == 0 || next == nil {
		t.Fatalf("%d rows, no next page", len(first))
	}
	_, doc2 := c.Page(htmlq.Attr(next, "href"))
	if r := rows(doc2); len(r) == 0 || htmlq.Attr(r[0], "id") == htmlq.Attr(first[0], "id") {
		t.Fatal("the next page repeats the first")
	}
	_, doc3 := c.Page(htmlq.Attr(PagerLink(doc2, "prev"), "href"))
	if r := rows(doc3); len(r) != len(first) || htmlq.Attr(r[0], "id") != htmlq.Attr(first[0], "id") {
		t.Fatal("the previous page is not the first")
	}
	return doc2
}

// AllPages walks a cursor-paged store listing to its end: page reads the page at cursor in
// direction, as a provider filter takes them ("" and "" for the first page, then the next
// page's cursor and provider.DirectionNext), and says its items, the next page's cursor and
// whether there is one.
func AllPages[T any](t testing.TB, page func(cursor, direction string) (items []T, next string, more bool, err error)) []T {
	t.Helper()
	var out []T
	cursor, direction := "", ""
	for {
		items, next, more, err := page(cursor, direction)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, items...)
		if !more {
			return out
		}
		cursor, direction = next, provider.DirectionNext
	}
}

// CopyValues are the values n offers to copy (issue 27 item 10): each a text, its
// button and an empty live region, which the CopyValue component fills once the button,
// invisible until hydrated, is used.
func CopyValues(n *html.Node) []string {
	var out []string
	for _, st := range htmlq.FindAll(n, func(n *html.Node) bool { return htmlq.Attr(n, "role") == "status" }) {
		if b := st.PrevSibling; b != nil && b.Data == "button" && st.FirstChild == nil {
			v := b.PrevSibling
			if v != nil && v.Data == "span" {
				out = append(out, ReadText(v))
			}
		}
	}
	return out
}
