package collections

import (
	"context"
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
	"portal/server/auth"
	"portal/server/rangepicker"
	"portal/server/servertest"
)

func TestMain(m *testing.M) { os.Exit(servertest.Main(m)) }

const (
	orgNordic   = servertest.OrgNordic
	orgAtlantic = servertest.OrgAtlantic
)

var (
	find    = htmlq.Find
	findAll = htmlq.FindAll
	attr    = htmlq.Attr
	hasAttr = htmlq.HasAttr
	byTag   = htmlq.ByTag
	byID    = htmlq.ByID
)

// text is what a reader of n gets: its text without the <script> content (island props).
func text(n *html.Node) string {
	if n == nil {
		return ""
	}
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "script" {
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

func newHarness(t *testing.T) *servertest.Harness {
	return servertest.New(t, auth.New, rangepicker.New, New)
}

func ordersPath(org string) string { return "/org/" + org + "/collections/orders" }

func login(t *testing.T, h *servertest.Harness, email string) *servertest.Client {
	t.Helper()
	c := h.Client()
	c.Login(email)
	return c
}

// widenRange sets the session's date range to the last 100 days, which holds every seeded
// order.
func widenRange(t *testing.T, c *servertest.Client, org string) {
	t.Helper()
	now := time.Now().UTC()
	tok := c.CSRF(ordersPath(org))
	res := c.Do("POST", "/org/"+org+"/date_range", url.Values{"_csrf": {tok}, "type": {daterange.Custom},
		"from": {now.AddDate(0, 0, -100).Format(daterange.DisplayLayout)}, "to": {now.Format(daterange.DisplayLayout)},
		"return_to": {ordersPath(org)}})
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("date range: %d", res.StatusCode)
	}
}

// allOrders lists every order of org matching f (all pages), newest first, in full.
func allOrders(t *testing.T, h *servertest.Harness, org string, f provider.CollectionOrderFilter) []provider.CollectionOrder {
	t.Helper()
	var out []provider.CollectionOrder
	f.Limit = provider.MaxCollectionLimit
	for {
		page, err := h.Store.CollectionOrders(context.Background(), org, f)
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range page.Orders {
			full, err := h.Store.CollectionOrder(context.Background(), org, o.UUID)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, full)
		}
		if !page.HasNext {
			return out
		}
		f.Cursor, f.Direction = page.CursorNext, provider.DirectionNext
	}
}

// oneOrder is the newest order of org in status for which pick holds (nil: any).
func oneOrder(t *testing.T, h *servertest.Harness, org, status string, pick func(provider.CollectionOrder) bool) provider.CollectionOrder {
	t.Helper()
	for _, o := range allOrders(t, h, org, provider.CollectionOrderFilter{Status: status}) {
		if pick == nil || pick(o) {
			return o
		}
	}
	t.Fatalf("no %s order in %s", status, org)
	return provider.CollectionOrder{}
}

func rows(doc *html.Node) []*html.Node {
	return findAll(doc, func(n *html.Node) bool { return n.Data == "tr" && hasAttr(n, "data-status") })
}

// flashes are the texts of the shell's flash messages.
func flashes(doc *html.Node) []string {
	var out []string
	region := find(doc, func(n *html.Node) bool { return attr(n, "role") == "status" && attr(n, "aria-live") == "polite" })
	for _, p := range findAll(region, byTag("p")) {
		out = append(out, text(p))
	}
	return out
}

// follow GETs a redirect's target.
func follow(t *testing.T, c *servertest.Client, res *http.Response) (*http.Response, *html.Node) {
	t.Helper()
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("status %d, want 303", res.StatusCode)
	}
	loc, _, _ := strings.Cut(res.Header.Get("Location"), "#")
	return c.Page(loc)
}

func balance(t *testing.T, h *servertest.Harness, org, account string) string {
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

// panelText is the side panel's text ("" when none is open).
func panelText(doc *html.Node) string { return text(find(doc, byID("order-panel"))) }

// linkText finds the link whose text is s.
func linkText(doc *html.Node, s string) *html.Node {
	return find(doc, func(n *html.Node) bool { return n.Data == "a" && text(n) == s })
}

// htmlNode is a node of a parsed page.
type htmlNode = html.Node

// parse reads a response's page.
func parse(t *testing.T, res *http.Response) *html.Node {
	t.Helper()
	defer res.Body.Close()
	doc, err := html.Parse(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return doc
}
