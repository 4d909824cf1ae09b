package collections

import (
	"context"
	"os"
	"testing"

	"golang.org/x/net/html"

	"portal/htmlq"
	"portal/provider"
	"portal/server/auth"
	"portal/server/rangepicker"
	"portal/server/servertest"
)

func TestMain(m *testing.M) { os.Exit(servertest.Main(m)) }

func newHarness(t *testing.T) *servertest.Harness {
	return servertest.New(t, auth.New, rangepicker.New, New)
}

func ordersPath(org string) string { return "/org/" + org + "/collections/orders" }

// widenRange sets the session's date range to the last 100 days, which holds every seeded
// order.
func widenRange(t *testing.T, c *servertest.Client, org string) {
	t.Helper()
	servertest.WidenRange(t, c, org, ordersPath(org), 100)
}

// allOrders lists every order of org matching f (all pages), newest first, in full.
func allOrders(t *testing.T, h *servertest.Harness, org string, f provider.CollectionOrderFilter) []provider.CollectionOrder {
	t.Helper()
	f.Limit = provider.MaxCollectionLimit
	return servertest.AllPages(t, func(cursor, direction string) ([]provider.CollectionOrder, string, bool, error) {
		f.Cursor, f.Direction = cursor, direction
		page, err := h.Store.CollectionOrders(context.Background(), org, f)
		if err != nil {
			return nil, "", false, err
		}
		var full []provider.CollectionOrder
		for _, o := range page.Orders {
			o, err := h.Store.CollectionOrder(context.Background(), org, o.UUID)
			if err != nil {
				return nil, "", false, err
			}
			full = append(full, o)
		}
		return full, page.CursorNext, page.HasNext, nil
	})
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

// panelText is the side panel's text ("" when none is open).
func panelText(doc *html.Node) string {
	return servertest.ReadText(htmlq.Find(doc, htmlq.ByID("order-panel")))
}

// linkText finds the link whose text is s.
func linkText(doc *html.Node, s string) *html.Node {
	return htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "a" && servertest.ReadText(n) == s })
}

// htmlNode is a node of a parsed page.
type htmlNode = html.Node
