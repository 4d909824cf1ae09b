package server_test

import (
	"net/http"
	"strings"
	"testing"

	"portal/server/servertest"
)

// A bearer token must not become a browser session: the token names its
// session by a handle that opens nothing as a cookie, and an API session
// (the refresh cookie's) is refused as a page session, so neither a leaked
// 15-minute token nor a refresh cookie turns into an 8-hour browser login.
func TestAPICredentialsAreNoBrowserSession(t *testing.T) {
	h := newHarness(t)
	a := h.APILoggedIn(emailObserver)
	refresh := a.RefreshCookie()
	if refresh == nil {
		t.Fatal("no refresh cookie")
	}
	page := "/org/" + servertest.OrgNordic + "/search?q=x" // any page that needs a full login

	// The reference: a browser's own session opens the page.
	b := h.LoggedIn(emailObserver)
	if res := b.Get(page); res.StatusCode != http.StatusOK {
		t.Fatalf("a real page session: %d", res.StatusCode)
	}

	cases := []struct{ name, cookie string }{
		{"the token's session claim", mustClaims(t, h, a.Token).Session},
		{"the access token", a.Token},
		{"the API session's id (refresh cookie)", refresh.Value},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := h.Client()
			c.Jar.SetCookies(base, []*http.Cookie{{Name: "portal_session", Value: tc.cookie, Path: "/"}})
			res := c.Get(page)
			if res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(res.Header.Get("Location"), "/login") {
				t.Fatalf("%s as portal_session: %d %s, want a redirect to log in", tc.name, res.StatusCode, res.Header.Get("Location"))
			}
			// Nor does it authenticate the API the way an island's page
			// session does.
			r := c.Do("GET", currentUser, nil)
			if r.StatusCode != http.StatusUnauthorized {
				t.Fatalf("%s as portal_session on the API: %d, want 401", tc.name, r.StatusCode)
			}
		})
	}

	// The API session itself is untouched by the attempts.
	a.Call("GET", currentUser, nil).Expect(t, 200, "")
}
