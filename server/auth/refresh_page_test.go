package auth_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"portal/server/servertest"
	"portal/session"
)

// "Stay logged in" (islands/IdleWarning.tsx) keeps a page session alive
// through the token refresh endpoint with the page's CSRF token: 204, and
// the session counts from then; without the token nothing happens.
func TestRefreshKeepsPageSession(t *testing.T) {
	clock := servertest.NewClock()
	h := newHarness(t)
	h.Sessions.Now = clock.Now
	c := h.Client()
	c.Login(emailObserver)
	csrf := c.CSRF("/org/" + servertest.OrgNordic)
	refresh := func(hdr ...string) *http.Response {
		return c.Send("POST", refreshPath, "", append([]string{"Accept", "application/json"}, hdr...)...)
	}
	idle := h.Sessions.Config().IdleTimeout

	// Most of the idle time passes; a refresh without the token is refused.
	clock.Advance(idle - 30*time.Second)
	if res := refresh(); res.StatusCode != http.StatusForbidden {
		t.Fatalf("without X-CSRF-Token: %d", res.StatusCode)
	}
	if res := refresh("X-CSRF-Token", csrf+"x"); res.StatusCode != http.StatusForbidden {
		t.Fatalf("wrong X-CSRF-Token: %d", res.StatusCode)
	}
	if res := refresh("X-CSRF-Token", csrf); res.StatusCode != http.StatusNoContent {
		t.Fatalf("refresh: %d", res.StatusCode)
	}
	if got := h.Session(t, c).LastSeen; !got.Equal(clock.Now().Round(0)) {
		t.Fatalf("the session was not used now: last seen %v, now %v", got, clock.Now())
	}
	// Past the old end and short of the new one: still logged in.
	clock.Advance(idle - 10*time.Second)
	if res := c.Get("/org/" + servertest.OrgNordic); res.StatusCode != http.StatusOK {
		t.Fatalf("after staying logged in: %d %s", res.StatusCode, res.Header.Get("Location"))
	}

	// Once the session has ended, the refresh says so as the spec's expiry.
	if err := h.Sessions.Destroy(context.Background(), h.Session(t, c)); err != nil {
		t.Fatal(err)
	}
	res := refresh("X-CSRF-Token", csrf)
	if res.StatusCode != http.StatusUnauthorized {
		t.Fatalf("after the end: %d", res.StatusCode)
	}

	// A session still at MFA (scope login) is not kept alive by the page.
	m := h.Client()
	m.Login("mfa-totp@demo.example")
	sess := h.Session(t, m)
	if sess.Scope != session.ScopeLogin {
		t.Fatalf("scope %q", sess.Scope)
	}
	if res := m.Send("POST", refreshPath, "", "X-CSRF-Token", sess.CSRF); res.StatusCode != http.StatusUnauthorized {
		t.Fatalf("login scope: %d", res.StatusCode)
	}
}
