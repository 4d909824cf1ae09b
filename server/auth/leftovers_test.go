package auth

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"portal/provider"
	"portal/reference"
	"portal/server"
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
		{"?redirect_code=MissingScope", msgMissingScope},
		{"", ""},
	} {
		t.Run(tc.query, func(t *testing.T) {
			_, doc := h.Client().Page("/login" + tc.query)
			main := find(doc, byTag("main"))
			got := ""
			for _, title := range []string{"Your login expired", "You have been logged out.", "Log in to continue to the API Reference.",
				"Your token was expired, please login again", msgMissingScope} {
				if strings.Contains(text(main), title) {
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
	if a := servertest.LinkByText(find(doc, byTag("header")), "Log in"); a == nil || attr(a, "href") != "/login?fromDocs" {
		t.Fatal("the API Reference has no way to log in and come back")
	}
	_, doc = c.Page("/login?fromDocs")
	in := find(doc, func(n *html.Node) bool { return n.Data == "input" && attr(n, "name") == "redirect_url" })
	if in == nil || attr(in, "value") != "/docs" {
		t.Fatalf("login form carries no way back to the docs")
	}
	res := c.Do("POST", "/login", url.Values{"_csrf": {c.CSRF("/login?fromDocs")}, "email": {"mfa-totp@demo.example"},
		"password": {reference.DemoPassword}, "redirect_url": {"/docs"}})
	wantLocation(t, res, "/mfa-verify")
	wantLocation(t, post(c, "/mfa-verify", "/mfa-verify/totp", url.Values{"code": {totpNow(t)}}), "/login_transition")
	res = c.Get("/login_transition")
	next := res.Header.Get("Location")
	if !strings.HasSuffix(next, "/login_transition") {
		t.Fatalf("login transition goes to %q", next)
	}
	_, doc = c.Page(next)
	if r := find(doc, func(n *html.Node) bool { return n.Data == "meta" && attr(n, "http-equiv") == "refresh" }); r == nil ||
		!strings.HasSuffix(attr(r, "content"), "url=/docs") {
		t.Fatal("the splash does not go on to the API Reference")
	}
	_, doc = c.Page("/docs")
	if servertest.LinkByText(find(doc, byTag("header")), "Log in") != nil {
		t.Error("a logged-in user is still offered to log in on the API Reference")
	}
}

// Spec 000 §4: /mfa-verify only when MFA is enabled, configured or TOTP.
func TestMFARouting(t *testing.T) {
	for _, tc := range []struct {
		name string
		u    provider.User
		want bool
	}{
		{"nothing", provider.User{}, false},
		{"phone alone", provider.User{HasPhone: true}, false},
		{"TOTP", provider.User{HasVerifySetup: true}, true},
		{"configured", provider.User{MFAConfigured: true}, true},
		{"enabled", provider.User{MFAEnabled: true}, true},
		{"all", provider.User{HasPhone: true, HasVerifySetup: true, MFAConfigured: true, MFAEnabled: true}, true},
	} {
		if got := hasSecondFactor(&tc.u); got != tc.want {
			t.Errorf("%s: verify = %v, want %v", tc.name, got, tc.want)
		}
	}
}

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

// endSession ends a session on the server, as the idle timeout does.
func endSession(t *testing.T, h *servertest.Harness, id string) {
	t.Helper()
	sess, err := h.Sessions.Load(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	if err := h.Sessions.Destroy(t.Context(), sess); err != nil {
		t.Fatal(err)
	}
}

// failingLoad fails one of the loads of entering an organisation.
type failingLoad struct {
	provider.Provider
	what string
}

var errDown = errors.New("provider down")

func (f failingLoad) fail(what string) error {
	if f.what == what {
		return errDown
	}
	return nil
}
func (f failingLoad) Membership(ctx context.Context, u, o string) (provider.Membership, error) {
	if err := f.fail("membership"); err != nil {
		return provider.Membership{}, err
	}
	return f.Provider.Membership(ctx, u, o)
}
func (f failingLoad) Configuration(ctx context.Context, o string) (provider.Configuration, error) {
	if err := f.fail("configuration"); err != nil {
		return provider.Configuration{}, err
	}
	return f.Provider.Configuration(ctx, o)
}
func (f failingLoad) ContractedProducts(ctx context.Context, o string) (provider.ContractedProducts, error) {
	if err := f.fail("products"); err != nil {
		return provider.ContractedProducts{}, err
	}
	return f.Provider.ContractedProducts(ctx, o)
}
func (f failingLoad) FeatureFlags(ctx context.Context, o string) (provider.FeatureFlags, error) {
	if err := f.fail("flags"); err != nil {
		return nil, err
	}
	return f.Provider.FeatureFlags(ctx, o)
}
func (f failingLoad) Alerts(ctx context.Context, o string) ([]provider.Alert, error) {
	if err := f.fail("alerts"); err != nil {
		return nil, err
	}
	return f.Provider.Alerts(ctx, o)
}
func (f failingLoad) Memberships(ctx context.Context, u string) ([]provider.Membership, error) {
	if err := f.fail("memberships"); err != nil {
		return nil, err
	}
	return f.Provider.Memberships(ctx, u)
}
func (f failingLoad) UserByID(ctx context.Context, id string) (provider.User, error) {
	if err := f.fail("user"); err != nil {
		return provider.User{}, err
	}
	return f.Provider.UserByID(ctx, id)
}

// Spec 000 §2: entering an organisation whose loading fails goes to
// /no-organisation, as does a failed organisations lookup after login.
func TestFailingLoadsGoToNoOrganisation(t *testing.T) {
	h := newHarness(t)
	c := h.Client()
	c.Login("admin@demo.example")
	real := h.Srv.Provider
	t.Cleanup(func() { h.Srv.Provider = real })
	for _, what := range []string{"membership", "configuration", "products", "flags", "alerts", "memberships"} {
		t.Run(what, func(t *testing.T) {
			h.Srv.Provider = failingLoad{real, what}
			wantLocation(t, c.Get("/org/"+orgNordic), "/no-organisation")
			wantLocation(t, c.Get("/org/"+orgNordic+"/login_transition"), "/no-organisation")
		})
	}
	h.Srv.Provider = failingLoad{real, "memberships"}
	wantLocation(t, c.Get("/"), "/no-organisation")
	wantLocation(t, c.Get("/login_transition"), "/no-organisation")
	h.Srv.Provider = real
	if res := c.Get("/org/" + orgNordic); res.StatusCode != http.StatusOK {
		t.Fatalf("back to normal: %d", res.StatusCode)
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
	if a := find(doc, func(n *html.Node) bool { return attr(n, "role") == "alert" }); a == nil || text(a) != server.MsgMFAConfigFailed {
		t.Error("no 'Failed fetch MFA configuration'")
	}
}

// An unknown path under an organisation runs the session guard first.
func TestDeepUnknownPathGuard(t *testing.T) {
	h := newHarness(t)
	deep := "/org/" + orgNordic + "/users/anything/else"
	res := h.Client().Get(deep)
	if loc := res.Header.Get("Location"); res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(loc, "/login?redirect_url=") {
		t.Fatalf("logged out: %d %q, want login", res.StatusCode, loc)
	}
	c := h.Client()
	c.Login("admin@demo.example")
	if res := c.Get(deep); res.StatusCode != http.StatusNotFound {
		t.Errorf("member: %d, want 404", res.StatusCode)
	}
	if res := c.Do("POST", deep, url.Values{"_csrf": {c.CSRF("/org/" + orgNordic)}}); res.StatusCode != http.StatusNotFound {
		t.Errorf("member POST: %d, want 404", res.StatusCode)
	}
	// Not a member: the same answer as any page of that organisation.
	o := h.Client()
	o.Login(emailObserver)
	wantLocation(t, o.Get("/org/"+orgAtlantic+"/users/anything"), "/no-organisation")
}

// set_current: header and path must agree, membership is checked, and the
// session's current organisation and role follow.
func TestSetCurrentOrganisation(t *testing.T) {
	h := newHarness(t)
	a := h.API()
	a.Login(emailMulti)
	path := func(org string) string { return "/api/v1/customer/organisations/" + org + "/set_current" }
	for _, tc := range []struct {
		name, org, header string
		status            int
	}{
		{"no header", orgAtlantic, "", http.StatusBadRequest},
		{"other header", orgAtlantic, orgNordic, http.StatusBadRequest},
		{"not a member", "0b6a3c1e-0000-4000-8000-000000000099", "0b6a3c1e-0000-4000-8000-000000000099", http.StatusNotFound},
		{"member", orgAtlantic, orgAtlantic, http.StatusNoContent},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var hdr []string
			if tc.header != "" {
				hdr = []string{server.APIHeaderOrganisation, tc.header}
			}
			r := a.Call("POST", path(tc.org), nil, hdr...)
			if r.StatusCode != tc.status {
				t.Fatalf("%d %s", r.StatusCode, r.Raw)
			}
			h.CheckReply(t, "POST", "/customer/organisations/{id}/set_current", r)
		})
	}
	sess, err := h.Sessions.Load(t.Context(), a.RefreshCookie().Value)
	if err != nil || sess.OrgID != orgAtlantic || sess.Role != "observer" {
		t.Fatalf("session after set_current: %v %v", sess, err)
	}
	unauth := h.API().Call("POST", path(orgAtlantic), nil, server.APIHeaderOrganisation, orgAtlantic)
	if unauth.StatusCode == http.StatusNoContent {
		t.Errorf("anonymous: %d", unauth.StatusCode)
	}
}
