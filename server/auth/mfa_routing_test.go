package auth_test

import (
	"net/http"
	"net/url"
	"testing"

	"golang.org/x/net/html"

	"portal/htmlq"
	"portal/server"
)

// An MFA step whose login expired goes to /login?mfaExpired, page or form.
func TestMFAStepExpired(t *testing.T) {
	h := newHarness(t)
	c := h.Client()
	wantLocation(t, c.Login("mfa-totp@demo.example"), "/mfa-verify")
	tok := c.CSRF("/mfa-verify")
	endSession(t, h, c.SessionID())
	wantLocation(t, c.Do("POST", "/mfa-verify/totp", url.Values{"_csrf": {tok}, "code": {"123456"}}), server.LoginMFAExpired)
	// The cookie is gone with the session now; a browser still holding it gets the same.
	c2 := h.Client()
	wantLocation(t, c2.Login("mfa-totp@demo.example"), "/mfa-verify")
	endSession(t, h, c2.SessionID())
	wantLocation(t, c2.Get("/mfa-verify"), server.LoginMFAExpired)
	// Never logged in: the plain way to log in.
	if loc := h.Client().Get("/mfa-verify").Header.Get("Location"); loc != "/login?redirect_url=%2Fmfa-verify" {
		t.Errorf("anonymous visitor sent to %q", loc)
	}
}

// A failing MFA configuration check (the user record, at login scope) says
// so in the spec's words.
func TestMFAConfigurationFails(t *testing.T) {
	h := newHarness(t)
	c := h.Client()
	wantLocation(t, c.Login("mfa-totp@demo.example"), "/mfa-verify")
	real := h.Srv.Provider
	t.Cleanup(func() { h.Srv.Provider = real })
	h.Srv.Provider = failingLoad{real, "user"}
	res, doc := c.Page("/mfa-verify")
	if res.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("status %d", res.StatusCode)
	}
	if a := htmlq.Find(doc, func(n *html.Node) bool { return htmlq.Attr(n, "role") == "alert" }); a == nil || htmlq.VisibleText(a) != server.MsgMFAConfigFailed {
		t.Error("no 'Failed fetch MFA configuration'")
	}
}
