package servertest

import (
	"net/http"
	"net/url"
	"testing"

	"golang.org/x/net/html"

	"portal/access"
	"portal/server"
)

// LoggedIn is a new client logged in as email through the form.
func (h *Harness) LoggedIn(email string) *Client {
	h.T.Helper()
	c := h.Client()
	c.Login(email)
	return c
}

// APILoggedIn is a new API client logged in as email, with its access token.
func (h *Harness) APILoggedIn(email string) *APIClient {
	h.T.Helper()
	a := h.API()
	a.Login(email)
	return a
}

// EachRole opens path as each demo role of org (role@demo.example), one subtest a role: a role
// without perm must be sent to the organisation's root and its subtest ends there; one with it
// must get the page, which check then looks at with that role's permissions.
func (h *Harness) EachRole(t *testing.T, org, path string, perm access.Permission,
	check func(t *testing.T, perms access.Set, c *Client, doc *html.Node)) {
	t.Helper()
	for _, role := range access.Roles {
		t.Run(role, func(t *testing.T) {
			perms := access.For(role)
			c := h.LoggedIn(role + "@demo.example")
			res, doc := c.Page(path)
			if !perms.Has(perm) {
				if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/org/"+org {
					t.Fatalf("without %s: %d %s", perm, res.StatusCode, res.Header.Get("Location"))
				}
				return
			}
			if res.StatusCode != http.StatusOK {
				t.Fatalf("status %d", res.StatusCode)
			}
			check(t, perms, c, doc)
		})
	}
}

// Edits is one edit of the dependencies (NewWith) that makes each of edits
// in turn, for a package's harness that tests change in several ways.
func Edits(edits ...func(*server.Deps)) func(*server.Deps) {
	return func(d *server.Deps) {
		for _, e := range edits {
			e(d)
		}
	}
}

// Refused GETs path and POSTs form to it as c, an action that must not happen: both must
// answer status, a redirect to location ("" for none).
func Refused(t testing.TB, c *Client, path string, form url.Values, status int, location string) {
	t.Helper()
	check := func(method string, res *http.Response) {
		t.Helper()
		if res.StatusCode != status || res.Header.Get("Location") != location {
			t.Errorf("%s %s: %d %s, want %d %s", method, path, res.StatusCode, res.Header.Get("Location"), status, location)
		}
	}
	check("GET", c.Get(path))
	check("POST", c.Do("POST", path, form))
}
