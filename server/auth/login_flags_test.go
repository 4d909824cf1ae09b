package auth_test

import (
	"net/url"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"portal/htmlq"
	"portal/reference/demo"
	"portal/server/auth"
	"portal/server/servertest"
)

// The login page's notices come from query flags, which count by presence
// (spec 000 §2): "?expired" is the same flag as "?expired=1".
func TestLoginNoticesByFlag(t *testing.T) {
	h := newHarness(t)
	for _, tc := range []struct{ query, want string }{
		{"?expired", "Your login expired"},
		{"?expired=1", "Your login expired"},
		{"?user_logout", "You have been logged out."},
		{"?fromDocs", "Log in to continue to the API Reference."},
		{"?mfaExpired", "Your token was expired, please login again"},
		{"?redirect_code=MissingScope", auth.MsgMissingScope},
		{"", ""},
	} {
		t.Run(tc.query, func(t *testing.T) {
			_, doc := h.Client().Page("/login" + tc.query)
			main := htmlq.Find(doc, htmlq.ByTag("main"))
			got := ""
			for _, title := range []string{"Your login expired", "You have been logged out.", "Log in to continue to the API Reference.",
				"Your token was expired, please login again", auth.MsgMissingScope} {
				if strings.Contains(htmlq.VisibleText(main), title) {
					got = title
				}
			}
			if got != tc.want {
				t.Errorf("notice %q, want %q", got, tc.want)
			}
		})
	}
}

// /login?fromDocs brings the user back to the API Reference after logging
// in, MFA in between included; the reference links to that login.
func TestFromDocsThroughMFA(t *testing.T) {
	h := newHarness(t)
	c := h.Client()
	_, doc := c.Page("/docs")
	if a := servertest.LinkByText(htmlq.Find(doc, htmlq.ByTag("header")), "Log in"); a == nil || htmlq.Attr(a, "href") != "/login?fromDocs" {
		t.Fatal("the API Reference has no way to log in and come back")
	}
	_, doc = c.Page("/login?fromDocs")
	in := htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "input" && htmlq.Attr(n, "name") == "redirect_url" })
	if in == nil || htmlq.Attr(in, "value") != "/docs" {
		t.Fatalf("login form carries no way back to the docs")
	}
	res := c.Do("POST", "/login", url.Values{"_csrf": {c.CSRF("/login?fromDocs")}, "email": {"mfa-totp@demo.example"},
		"password": {demo.Password}, "redirect_url": {"/docs"}})
	wantLocation(t, res, "/mfa-verify")
	wantLocation(t, post(c, "/mfa-verify", "/mfa-verify/totp", url.Values{"code": {totpNow(t)}}), "/login_transition")
	res = c.Get("/login_transition")
	next := res.Header.Get("Location")
	if !strings.HasSuffix(next, "/login_transition") {
		t.Fatalf("login transition goes to %q", next)
	}
	_, doc = c.Page(next)
	if r := htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "meta" && htmlq.Attr(n, "http-equiv") == "refresh" }); r == nil ||
		!strings.HasSuffix(htmlq.Attr(r, "content"), "url=/docs") {
		t.Fatal("the splash does not go on to the API Reference")
	}
	_, doc = c.Page("/docs")
	if servertest.LinkByText(htmlq.Find(doc, htmlq.ByTag("header")), "Log in") != nil {
		t.Error("a logged-in user is still offered to log in on the API Reference")
	}
}
