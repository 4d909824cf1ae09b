package auth_test

import (
	"net/url"
	"os"
	"testing"
	"time"

	"portal/server"
	"portal/server/accounts"
	"portal/server/api"
	"portal/server/auth"
	"portal/server/collections"
	"portal/server/dashboard"
	"portal/server/funding"
	"portal/server/payouts"
	"portal/server/search"
	"portal/server/servertest"
	"portal/token"
)

func TestMain(m *testing.M) {
	// Tests do not wait for the login slow-down; TestLoginSlowDown checks it.
	*auth.LoginSlowDown = func(int) time.Duration { return 0 }
	os.Exit(servertest.Main(m))
}

// newHarness mounts this area, the dashboard (the organisation's page a
// login lands on, whose shell shows the MFA banner) and the search page (a
// page with a query to come back to after logging in).
func newHarness(t testing.TB, edits ...func(*server.Deps)) *servertest.Harness {
	t.Helper()
	return servertest.NewWith(t, func(d *server.Deps) {
		for _, e := range edits {
			e(d)
		}
	}, auth.New, dashboard.New, accounts.New, payouts.New, collections.New, funding.New, search.New)
}

const (
	emailObserver = "observer@demo.example"
	emailMulti    = "multi@demo.example"
	emailDisabled = "disabled@demo.example"
	tokenPath     = "/api/v1/authentication/token"
	refreshPath   = "/api/v1/authentication/token/refresh"
	currentUser   = "/api/v1/customer/current_user"
)

var base, _ = url.Parse("http://portal.test")

// wantTooMany checks an API call refused for a spent limit: 429
// too_many_requests, saying when to try again.
func wantTooMany(t *testing.T, r servertest.Reply) {
	t.Helper()
	r.Expect(t, 429, api.CodeTooMany)
	if ra := r.Header.Get("Retry-After"); ra == "" || ra == "0" {
		t.Errorf("Retry-After %q", ra)
	}
}

func mustClaims(t *testing.T, h *servertest.Harness, tok string) token.Claims {
	t.Helper()
	c, err := h.Srv.Tokens.Verify(tok)
	if err != nil {
		t.Fatal(err)
	}
	return c
}
