package testkit

import (
	"crypto/subtle"
	"encoding/base64"
	"net/http"
	"net/url"
	"regexp"
	"testing"
	"time"

	"portal/mfa"
	"portal/provider"
	"portal/session"
)

// Helpers of the tests that log in, read what the sandbox "sent" or finish
// a login's MFA: the auth and passwords areas' own tests, and the tests of
// the areas and the core that log in through them.

// SessionCookie is the page session's cookie without TLS (the harness's).
const SessionCookie = "portal_session"

// LoginWith posts the login form with a given password.
func (c *Client) LoginWith(email, password string) *http.Response {
	c.T.Helper()
	tok := c.CSRF("/login")
	return c.Do("POST", "/login", url.Values{"_csrf": {tok}, "email": {email}, "password": {password}})
}

// SessionID is the id of the page session the client holds, or "".
func (c *Client) SessionID() string {
	for _, ck := range c.Jar.Cookies(base) {
		if ck.Name == SessionCookie {
			return ck.Value
		}
	}
	return ""
}

// LoginScope logs in through the API as a user who has MFA to do and
// returns the client (its token at scope login) and the login's reply.
func (a *APIClient) LoginScope(email string) Reply {
	a.T.Helper()
	r := a.Login(email)
	if r.JSON["scope"] != session.ScopeLogin {
		a.T.Fatalf("%s: scope %v", email, r.JSON["scope"])
	}
	return r
}

// TOTP is an authenticator's code for secret at now+offset.
func TOTP(t testing.TB, secret string, offset time.Duration) string {
	t.Helper()
	c, err := mfa.Code(secret, time.Now().Add(offset))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// outbox is what the sandbox "sent", newest first.
func outbox(t testing.TB, a provider.Auth, limit int) []provider.OutboxMessage {
	t.Helper()
	msgs, err := a.Outbox(t.Context(), limit)
	if err != nil {
		t.Fatal(err)
	}
	return msgs
}

// OutboxLinks lists the links mailed to an address, newest first.
func OutboxLinks(t testing.TB, a provider.Auth, to string) []string {
	t.Helper()
	var out []string
	for _, m := range outbox(t, a, 500) {
		if m.To == to && m.Link != "" {
			out = append(out, m.Link)
		}
	}
	return out
}

// OutboxCount counts what the sandbox sent.
func OutboxCount(t testing.TB, a provider.Auth) int {
	t.Helper()
	return len(outbox(t, a, 500))
}

// OutboxEmails counts the e-mails sent to addr, with the newest one's link.
func OutboxEmails(t testing.TB, a provider.Auth, addr string) (n int, lastLink string) {
	t.Helper()
	for _, m := range outbox(t, a, 200) {
		if m.Kind == provider.OutboxEmail && m.To == addr {
			if n == 0 {
				lastLink = m.Link
			}
			n++
		}
	}
	return n, lastLink
}

var sevenDigits = regexp.MustCompile(`\b(\d{7})\b`)

// LastSMS is the code of the newest SMS.
func LastSMS(t testing.TB, a provider.Auth) string {
	t.Helper()
	for _, m := range outbox(t, a, 10) {
		if m.Kind == provider.OutboxSMS {
			if sm := sevenDigits.FindStringSubmatch(m.Body); sm != nil {
				return sm[1]
			}
		}
	}
	t.Fatal("no SMS code in the outbox")
	return ""
}

// UnmaskCSRF is the session's CSRF token that a masked one stands for (the
// server hands out base64url of pad ‖ pad⊕token, different every time);
// it fails unless v is a masked token.
func UnmaskCSRF(t testing.TB, v any) string {
	t.Helper()
	s, _ := v.(string)
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil || len(b) == 0 || len(b)%2 != 0 {
		t.Fatalf("%q is not a masked CSRF token", s)
	}
	n := len(b) / 2
	raw := make([]byte, n)
	subtle.XORBytes(raw, b[:n], b[n:])
	return base64.RawURLEncoding.EncodeToString(raw)
}
