package portal

import (
	"context"
	"net/http"
	"net/url"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v3"

	"portal/provider"
	"portal/reference/demo"
	"portal/server/servertest"
)

// The two walks of docs/security.md "Requests" over everything the app mounts
// (Fiber's own route list, so a route added later is walked without anyone
// listing it): every state-changing route is refused without a CSRF token
// (or, for the API, without a bearer token), and no GET changes the store or
// the session's stored values.

// walkPath fills a mounted route's parameters with values that reach the
// handler for the demo data (an organisation the walker belongs to, one of
// its accounts) and harmless text elsewhere.
func walkPath(p string) string {
	parts := strings.Split(p, "/")
	for i, part := range parts {
		switch {
		case part == ":org" || part == ":organisationId" || part == ":id" && i > 0 && parts[i-1] == "organisations":
			parts[i] = servertest.OrgNordic
		case part == ":account" || part == ":accountNumber":
			parts[i] = demo.AccountOrg1EUR
		case strings.HasPrefix(part, ":"):
			parts[i] = "walk-" + strings.TrimPrefix(part, ":")
		case part == "*":
			parts[i] = "walk"
		}
	}
	return strings.Join(parts, "/")
}

type mounted struct{ Method, Path string }

// mountedRoutes lists the app's routes by method, without Fiber's implicit
// HEAD twins, the static assets and the middleware entries.
func mountedRoutes(h *servertest.Harness, keep func(method string) bool) []mounted {
	seen := map[mounted]bool{}
	var out []mounted
	for _, r := range h.Srv.App().GetRoutes(true) {
		if !keep(r.Method) || strings.HasPrefix(r.Path, "/assets/") || r.Path == "/healthz" {
			continue
		}
		m := mounted{r.Method, r.Path}
		if !seen[m] {
			seen[m] = true
			out = append(out, m)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path+out[i].Method < out[j].Path+out[j].Method })
	return out
}

func TestWalkStateChangingRoutesNeedCSRF(t *testing.T) {
	h := newHarness(t)
	admin := h.LoggedIn("admin@demo.example")
	admin.Get("/login_transition")
	routes := mountedRoutes(h, unsafeMethod)
	if len(routes) < 20 {
		t.Fatalf("only %d state-changing routes mounted: the walk is not seeing the app", len(routes))
	}
	for _, r := range routes {
		path := walkPath(r.Path)
		api := strings.HasPrefix(path, "/api/")
		t.Run(r.Method+" "+r.Path, func(t *testing.T) {
			if api && settlesCSRF[r.Method+" "+strings.TrimPrefix(strings.TrimPrefix(r.Path, "/api/v1"), "/api/v2")] {
				// Public JSON calls (log in, refresh, forgot, reset, accept) settle CSRF
				// themselves: a cross-site form cannot send JSON, so a form body must be
				// refused before anything happens.
				res := admin.Do(r.Method, path, url.Values{"email": {"admin@demo.example"}, "password": {demo.Password}})
				if res.StatusCode != http.StatusUnsupportedMediaType && res.StatusCode != http.StatusForbidden &&
					res.StatusCode != http.StatusBadRequest && res.StatusCode != http.StatusUnauthorized {
					t.Errorf("form-encoded body: status %d, want it refused", res.StatusCode)
				}
				return
			}
			// The logged-in browser's cookie, but no token: what a cross-site form sends.
			res := admin.Do(r.Method, path, url.Values{"walk": {"1"}})
			if res.StatusCode != http.StatusForbidden {
				t.Errorf("with the session cookie and no CSRF token: status %d, want 403", res.StatusCode)
			}
			// A wrong token is no better than none.
			res = admin.Do(r.Method, path, url.Values{"_csrf": {"walk-not-the-token"}})
			if res.StatusCode != http.StatusForbidden {
				t.Errorf("with a wrong CSRF token: status %d, want 403", res.StatusCode)
			}
			if api {
				// Neither cookie nor bearer token: refused as unauthenticated or forbidden.
				res := h.Client().Do(r.Method, path, nil, "Content-Type", "application/json")
				if res.StatusCode != http.StatusUnauthorized && res.StatusCode != http.StatusForbidden {
					t.Errorf("without any credential: status %d, want 401 or 403", res.StatusCode)
				}
			}
		})
	}
}

// sessionState is what a session stores, without its timestamps.
type sessionState struct {
	UserID, Scope, OrgID, Role, CSRF string
	Values                           map[string]string
}

func currentSession(t *testing.T, h *servertest.Harness, c *servertest.Client) *sessionState {
	t.Helper()
	for _, ck := range c.Jar.Cookies(base) {
		if ck.Name != sessionCookie {
			continue
		}
		s, err := h.Sessions.Load(context.Background(), ck.Value)
		if err != nil {
			return nil
		}
		return &sessionState{s.UserID, s.Scope, s.OrgID, s.Role, s.CSRF, s.Values}
	}
	return nil
}

func TestWalkGETChangesNothing(t *testing.T) {
	h := newHarness(t)
	ver := h.StoreVersion(t)

	walkers := map[string]func() *servertest.Client{
		"anonymous": func() *servertest.Client { c := h.Client(); c.Get("/login"); return c },
		"admin": func() *servertest.Client {
			c := h.LoggedIn("admin@demo.example")
			c.Get("/login_transition")
			c.Get("/org/" + servertest.OrgNordic)
			return c
		},
		// Password step done, no second factor yet: the MFA setup screens.
		"mfa-new at scope login": func() *servertest.Client { c := h.Client(); c.Login("mfa-new@demo.example"); return c },
		// Password step done, a factor to verify with.
		"mfa-totp at scope login": func() *servertest.Client { c := h.Client(); c.Login("mfa-totp@demo.example"); return c },
	}
	routes := mountedRoutes(h, func(m string) bool { return m == fiber.MethodGet })
	if len(routes) < 30 {
		t.Fatalf("only %d GET routes mounted: the walk is not seeing the app", len(routes))
	}
	names := slices.Sorted(func(yield func(string) bool) {
		for k := range walkers {
			if !yield(k) {
				return
			}
		}
	})
	for _, who := range names {
		c := walkers[who]()
		for _, r := range routes {
			path := walkPath(r.Path)
			t.Run(who+" GET "+r.Path, func(t *testing.T) {
				before, sessBefore := ver.Read(t), currentSession(t, h, c)
				logged := auditTotal(t, h)
				res := c.Get(path)
				res.Body.Close()
				if auditedDownloads[r.Path] && res.StatusCode == http.StatusOK {
					// A download writes its audit entry, and nothing else (docs/areas/audit.md).
					if got := auditTotal(t, h); got != logged+1 {
						t.Errorf("%d audit entries written, want 1", got-logged)
					}
				} else if after := ver.Read(t); after != before {
					t.Errorf("the store was written (status %d)", res.StatusCode)
				}
				sessAfter := currentSession(t, h, c)
				if sessBefore != nil && sessAfter != nil && !reflect.DeepEqual(sessBefore, sessAfter) {
					t.Errorf("the session's stored values changed: %+v → %+v", *sessBefore, *sessAfter)
				}
			})
		}
	}
}

// auditedDownloads are the GET routes (by pattern) whose answer is a download the audit log
// records: the audit CSV; statements and payout reports record in OpenStatement and
// OpenPayoutReport, so their routes are matched by what they end with.
var auditedDownloads = map[string]bool{"/org/:org/settings/audit/export.csv": true}

func auditTotal(t *testing.T, h *servertest.Harness) int {
	t.Helper()
	p, err := h.Store.AuditEntries(context.Background(), servertest.OrgNordic, provider.AuditFilter{Limit: 1})
	if err != nil {
		t.Fatal(err)
	}
	return p.Total
}
