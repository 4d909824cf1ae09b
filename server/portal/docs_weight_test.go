package portal

import (
	"io"
	"net/http/cookiejar"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"portal/htmlq"
	"portal/server/servertest"
)

// docsBudget is what any page's HTML may weigh compressed (docs/architecture.md,
// Budgets: one TCP initial window).
const docsBudget = 14 * 1024

// TestDocsPagesWithinBudget weighs every page of the API Reference (the index and each
// page it links to) as the portal sends it: the compressed bytes on the wire, for a
// browser that takes brotli and for one that takes only gzip, on a first visit (the
// cookie banner comes first) and after the consent choice.
func TestDocsPagesWithinBudget(t *testing.T) {
	h := newHarness(t)
	c := h.Client()
	_, index := c.Page("/docs")
	pages := []string{"/docs"}
	for _, a := range htmlq.FindAll(index, func(n *html.Node) bool { return n.Data == "a" && strings.HasPrefix(htmlq.Attr(n, "href"), "/docs/") }) {
		pages = append(pages, htmlq.Attr(a, "href"))
	}
	if len(pages) < 50 {
		t.Fatalf("%d pages: the index is not listing the operations", len(pages))
	}
	jar, _ := cookiejar.New(nil)
	first := &servertest.Client{T: t, App: h.Srv.App(), Jar: jar}
	heaviest, heaviestPage := 0, ""
	for _, p := range pages {
		for _, cl := range []*servertest.Client{c, first} {
			for _, enc := range []string{"br, gzip", "gzip"} {
				res := cl.Do("GET", p, nil, "Accept-Encoding", enc)
				body, _ := io.ReadAll(res.Body)
				res.Body.Close()
				if res.StatusCode != 200 {
					t.Fatalf("%s: status %d", p, res.StatusCode)
				}
				if got := res.Header.Get("Content-Encoding"); !strings.Contains(enc, got) || got == "" {
					t.Errorf("%s: sent %q for Accept-Encoding %q", p, got, enc)
				}
				if len(body) > docsBudget {
					t.Errorf("%s: %d B %s, over the %d B budget", p, len(body), res.Header.Get("Content-Encoding"), docsBudget)
				}
				if len(body) > heaviest {
					heaviest, heaviestPage = len(body), p+" ("+res.Header.Get("Content-Encoding")+")"
				}
			}
		}
	}
	t.Logf("%d pages, the heaviest %s at %d B", len(pages), heaviestPage, heaviest)
}
