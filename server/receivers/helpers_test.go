package receivers

import (
	"context"
	"os"

	"testing"

	"golang.org/x/net/html"

	"portal/htmlq"
	"portal/provider"
	"portal/server/auth"
	"portal/server/servertest"
)

func TestMain(m *testing.M) { os.Exit(servertest.Main(m)) }

func newHarness(t *testing.T) *servertest.Harness { return servertest.New(t, auth.New, New) }

// all are the organisation's receivers, newest first, as the provider lists them.
func all(t *testing.T, h *servertest.Harness, org string) []provider.Receiver {
	t.Helper()
	f := provider.ReceiverFilter{Limit: provider.MaxReceiverLimit}
	return servertest.AllPages(t, func(cursor, direction string) ([]provider.Receiver, string, bool, error) {
		f.Cursor, f.Direction = cursor, direction
		pg, err := h.Store.Receivers(context.Background(), org, f)
		return pg.Receivers, pg.CursorNext, pg.HasNext, err
	})
}

// first is the newest receiver of org that pick accepts (nil: any).
func first(t *testing.T, h *servertest.Harness, org string, pick func(provider.Receiver) bool) provider.Receiver {
	t.Helper()
	for _, r := range all(t, h, org) {
		if pick == nil || pick(r) {
			return r
		}
	}
	t.Fatalf("no receiver of %s to pick", org)
	return provider.Receiver{}
}

// panelOf is the details panel of a page.
func panelOf(doc *html.Node) *html.Node { return htmlq.Find(doc, htmlq.ByID("receiver-panel")) }

// pairs are the terms and descriptions under n.
func pairs(n *html.Node) map[string]string {
	out := map[string]string{}
	for _, d := range htmlq.FindAll(n, htmlq.ByTag("div")) {
		if dt, dd := htmlq.Find(d, htmlq.ByTag("dt")), htmlq.Find(d, htmlq.ByTag("dd")); dt != nil && dd != nil {
			out[htmlq.VisibleText(dt)] = servertest.ReadText(dd)
		}
	}
	return out
}
