package server_test

import (
	"net/http"
	"net/url"
	"testing"

	"golang.org/x/net/html"

	"portal/htmlq"
	"portal/reference/demo"
	"portal/server"
	"portal/server/servertest"
)

// banner is the cookie banner of a page: its region and form, or nil.
func banner(doc *html.Node) *html.Node {
	return htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "section" && htmlq.Attr(n, "aria-label") == "Cookies" })
}

func TestCookieConsent(t *testing.T) {
	h := newHarness(t)
	for _, tc := range []struct {
		name, choice, accept string
		status               int
		location             string
	}{
		{"accept without JavaScript", server.ConsentAccepted, "", http.StatusSeeOther, "/login?fromDocs"},
		{"reject without JavaScript", server.ConsentRejected, "", http.StatusSeeOther, "/login?fromDocs"},
		{"accept from the island", server.ConsentAccepted, "application/json", http.StatusNoContent, ""},
		{"reject from the island", server.ConsentRejected, "application/json", http.StatusNoContent, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := servertest.NewFirstVisitClient(t, h.Srv.App())
			_, doc := c.Page("/login?fromDocs")
			b := banner(doc)
			if b == nil {
				t.Fatal("no cookie banner on a first visit")
			}
			if doc.FirstChild == nil || htmlq.Find(htmlq.Find(doc, htmlq.ByTag("body")).FirstChild, func(n *html.Node) bool { return n == b }) == nil {
				t.Error("the banner is not the first thing in the body")
			}
			form := htmlq.Find(b, htmlq.ByTag("form"))
			if form == nil || htmlq.Attr(form, "action") != "/cookie-consent" || htmlq.Attr(form, "method") != "post" {
				t.Fatal("the banner has no form posting the choice")
			}
			var buttons []string
			for _, bt := range htmlq.FindAll(form, htmlq.ByTag("button")) {
				buttons = append(buttons, htmlq.VisibleText(bt)+"="+htmlq.Attr(bt, "value"))
			}
			if len(buttons) != 2 || buttons[0] != "Accept=accepted" || buttons[1] != "Reject=rejected" {
				t.Errorf("buttons %v", buttons)
			}
			form1 := url.Values{"consent": {tc.choice}, "back": {"/login?fromDocs"}}
			// Without the token: refused like any form.
			if res := c.Do("POST", "/cookie-consent", form1); res.StatusCode != http.StatusForbidden {
				t.Errorf("without CSRF: %d", res.StatusCode)
			}
			form1.Set("_csrf", c.CSRF("/login"))
			var hdr []string
			if tc.accept != "" {
				hdr = []string{"Accept", tc.accept}
			}
			res := c.Do("POST", "/cookie-consent", form1, hdr...)
			if res.StatusCode != tc.status || res.Header.Get("Location") != tc.location {
				t.Fatalf("choice: %d %q", res.StatusCode, res.Header.Get("Location"))
			}
			var stored string
			for _, ck := range res.Cookies() {
				if ck.Name == server.ConsentCookie {
					stored = ck.Value
					if !ck.HttpOnly || ck.MaxAge < 300*24*3600 {
						t.Errorf("consent cookie %+v", ck)
					}
				}
			}
			if stored != tc.choice {
				t.Errorf("stored %q, want %q", stored, tc.choice)
			}
			if _, doc := c.Page("/login"); banner(doc) != nil {
				t.Error("the banner is still shown after the choice")
			}
		})
	}

	c := servertest.NewFirstVisitClient(t, h.Srv.App())
	tok := c.CSRF("/login")
	for _, bad := range []url.Values{
		{"consent": {"maybe"}},
		{"consent": {""}},
	} {
		bad.Set("_csrf", tok)
		if res := c.Do("POST", "/cookie-consent", bad); res.StatusCode != http.StatusUnprocessableEntity {
			t.Errorf("%v: %d", bad, res.StatusCode)
		}
	}
	// Back goes only to a page of the portal.
	res := c.Do("POST", "/cookie-consent", url.Values{"_csrf": {tok}, "consent": {"rejected"}, "back": {"https://evil.example/"}})
	if loc := res.Header.Get("Location"); loc != "/" {
		t.Errorf("back to %q", loc)
	}
}

// On a first visit the banner's island is rendered apart from the page's: each island must
// still read its own props (ids unique in the document), or the page's first island would
// hydrate with the banner's props.
func TestCookieBannerIslandIDsAreTheirOwn(t *testing.T) {
	h := newHarness(t)
	c := servertest.NewFirstVisitClient(t, h.Srv.App())
	c.Login("admin@demo.example")
	_, doc := c.Page("/org/" + demo.Org1ID)
	if banner(doc) == nil {
		t.Fatal("no banner on a first visit")
	}
	ids := map[string]int{}
	for _, n := range htmlq.FindAll(doc, func(n *html.Node) bool { return htmlq.Attr(n, "id") != "" }) {
		ids[htmlq.Attr(n, "id")]++
	}
	islands := htmlq.FindAll(doc, func(n *html.Node) bool { return htmlq.Attr(n, "data-island") != "" })
	if len(islands) < 2 {
		t.Fatalf("%d islands: the page's and the banner's were wanted", len(islands))
	}
	for _, isl := range islands {
		id := htmlq.Attr(isl, "data-props")
		if ids[id] != 1 {
			t.Errorf("island %s reads props %q, which %d elements carry", htmlq.Attr(isl, "data-island"), id, ids[id])
		}
	}
	for id, n := range ids {
		if n > 1 {
			t.Errorf("id %q used %d times", id, n)
		}
	}
}
