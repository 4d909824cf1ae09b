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

// Flags are images named by their country, not emoji: those are boxes where no emoji
// font is installed (issue 29 item 5). Each is a built SVG file with a content-hashed name,
// served as an image and cached for good.
func TestSidebarFlagsAreNamedImages(t *testing.T) {
	// The accounts area gives the sidebar its per-account items.
	h := servertest.New(t, auth.New, New, rangepicker.New, accounts.New, statements.New, payouts.New, createpayout.New, collections.New, funding.New)
	c := h.LoggedIn("multi@demo.example")
	served := map[string]bool{}
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
		for _, f := range htmlq.FindAll(nav, htmlq.ByTag("img")) {
			src, name := htmlq.Attr(f, "src"), htmlq.Attr(f, "alt")
			if name == "" || !strings.HasPrefix(src, "/assets/flags/") || !strings.HasSuffix(src, ".svg") || htmlq.Attr(f, "class") != "flag" {
				t.Errorf("%s: flag %q at %q is not a named flag image", path, name, src)
				continue
			}
			if !served[src] {
				img := c.Get(src)
				img.Body.Close()
				if img.StatusCode != 200 || img.Header.Get("Content-Type") != "image/svg+xml" || !strings.Contains(img.Header.Get("Cache-Control"), "immutable") {
					t.Errorf("%s: %d %q %q", src, img.StatusCode, img.Header.Get("Content-Type"), img.Header.Get("Cache-Control"))
				}
				served[src] = true
			}
			labels[name] = true
		}
		if path == org1 && (!labels["United Kingdom"] || !labels["Denmark"] || !labels["Several countries"]) {
			t.Errorf("%s: sidebar flags named %v, want the GBP, DKK and EUR accounts' countries", path, labels)
		}
		if len(labels) == 0 {
			t.Errorf("%s: no flag in the sidebar", path)
		}
	}
}
