package testkit

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"portal/session"
)

// Helpers of the tests that post forms and call the API from a page, as a
// browser does: the account, funding, dashboard and date range areas'.

// PostForm submits form with the CSRF token of a form on csrfFrom.
func (c *Client) PostForm(path string, form url.Values, csrfFrom string) *http.Response {
	c.T.Helper()
	form.Set("_csrf", c.CSRF(csrfFrom))
	return c.Do("POST", path, form)
}

// Send sends a raw body with the client's cookies, as an island's fetch
// does; hdr are header names and values (Content-Type among them).
func (c *Client) Send(method, path, body string, hdr ...string) *http.Response {
	c.T.Helper()
	return c.request(method, path, strings.NewReader(body), hdr)
}

// Session is the page session the client holds, as the store keeps it.
func (e *Env) Session(t testing.TB, c *Client) *session.Session {
	t.Helper()
	var id string
	for _, ck := range c.Jar.Cookies(base) {
		if ck.Name == "portal_session" {
			id = ck.Value
		}
	}
	s, err := e.Sessions.Load(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
