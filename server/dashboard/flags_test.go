package dashboard

import (
	"io"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"portal/htmlq"
	"portal/server/accounts"
	"portal/server/auth"
	"portal/server/collections"
	"portal/server/createpayout"
	"portal/server/funding"
	"portal/server/payouts"
	"portal/server/rangepicker"
	"portal/server/servertest"
	"portal/server/statements"
)

// Flags are inline SVGs named by their country, not emoji: those are boxes where no emoji
// font is installed (issue 29 item 5).
func TestSidebarFlagsAreNamedSVGs(t *testing.T) {
	// The accounts area gives the sidebar its per-account items.
	h := servertest.New(t, auth.New, New, rangepicker.New, accounts.New, statements.New, payouts.New, createpayout.New, collections.New, funding.New)
	c := h.Client()
	c.Login("multi@demo.example")
	for _, path := range []string{org1, org2} {
		res := c.Get(path)
		body, err := io.ReadAll(res.Body)
		res.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range string(body) {
			if r >= 0x1F1E6 && r <= 0x1F1FF || r == 0x1F310 {
				t.Errorf("%s: emoji %U left in the page", path, r)
				break
			}
		}
		doc, err := html.Parse(strings.NewReader(string(body)))
		if err != nil {
			t.Fatal(err)
		}
		nav := htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "nav" && htmlq.Attr(n, "aria-label") == "Main" })
		if nav == nil {
			t.Fatalf("%s: no main navigation", path)
		}
		labels := map[string]bool{}
		for _, f := range htmlq.FindAll(nav, func(n *html.Node) bool { return htmlq.Attr(n, "role") == "img" }) {
			if htmlq.Find(f, htmlq.ByTag("svg")) == nil || htmlq.HasAttr(f, "aria-hidden") {
				t.Errorf("%s: flag %q is not a visible SVG", path, htmlq.Attr(f, "aria-label"))
			}
			labels[htmlq.Attr(f, "aria-label")] = true
		}
		if path == org1 && (!labels["United Kingdom"] || !labels["Denmark"] || !labels["Several countries"]) {
			t.Errorf("%s: sidebar flags named %v, want the GBP, DKK and EUR accounts' countries", path, labels)
		}
		if len(labels) == 0 {
			t.Errorf("%s: no flag in the sidebar", path)
		}
	}
}
