package auth_test

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"portal/provider"
	"portal/server/api"
	"portal/server/servertest"
)

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
			wantLocation(t, c.Get("/org/"+servertest.OrgNordic), "/no-organisation")
			wantLocation(t, c.Get("/org/"+servertest.OrgNordic+"/login_transition"), "/no-organisation")
		})
	}
	h.Srv.Provider = failingLoad{real, "memberships"}
	wantLocation(t, c.Get("/"), "/no-organisation")
	wantLocation(t, c.Get("/login_transition"), "/no-organisation")
	h.Srv.Provider = real
	if res := c.Get("/org/" + servertest.OrgNordic); res.StatusCode != http.StatusOK {
		t.Fatalf("back to normal: %d", res.StatusCode)
	}
}

// An unknown path under an organisation runs the session guard first.
func TestDeepUnknownPathGuard(t *testing.T) {
	h := newHarness(t)
	deep := "/org/" + servertest.OrgNordic + "/users/anything/else"
	res := h.Client().Get(deep)
	if loc := res.Header.Get("Location"); res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(loc, "/login?redirect_url=") {
		t.Fatalf("logged out: %d %q, want login", res.StatusCode, loc)
	}
	c := h.Client()
	c.Login("admin@demo.example")
	if res := c.Get(deep); res.StatusCode != http.StatusNotFound {
		t.Errorf("member: %d, want 404", res.StatusCode)
	}
	if res := c.Do("POST", deep, url.Values{"_csrf": {c.CSRF("/org/" + servertest.OrgNordic)}}); res.StatusCode != http.StatusNotFound {
		t.Errorf("member POST: %d, want 404", res.StatusCode)
	}
	// Not a member: the same answer as any page of that organisation.
	o := h.Client()
	o.Login(emailObserver)
	wantLocation(t, o.Get("/org/"+servertest.OrgAtlantic+"/users/anything"), "/no-organisation")
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
		{"no header", servertest.OrgAtlantic, "", http.StatusBadRequest},
		{"other header", servertest.OrgAtlantic, servertest.OrgNordic, http.StatusBadRequest},
		{"not a member", "0b6a3c1e-0000-4000-8000-000000000099", "0b6a3c1e-0000-4000-8000-000000000099", http.StatusNotFound},
		{"member", servertest.OrgAtlantic, servertest.OrgAtlantic, http.StatusNoContent},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var hdr []string
			if tc.header != "" {
				hdr = []string{api.HeaderOrganisation, tc.header}
			}
			r := a.Call("POST", path(tc.org), nil, hdr...)
			if r.StatusCode != tc.status {
				t.Fatalf("%d %s", r.StatusCode, r.Raw)
			}
			h.CheckReply(t, "POST", "/customer/organisations/{id}/set_current", r)
		})
	}
	sess, err := h.Sessions.Load(t.Context(), a.RefreshCookie().Value)
	if err != nil || sess.OrgID != servertest.OrgAtlantic || sess.Role != "observer" {
		t.Fatalf("session after set_current: %v %v", sess, err)
	}
	unauth := h.API().Call("POST", path(servertest.OrgAtlantic), nil, api.HeaderOrganisation, servertest.OrgAtlantic)
	if unauth.StatusCode == http.StatusNoContent {
		t.Errorf("anonymous: %d", unauth.StatusCode)
	}
}
