package servertest

import (
	"net/http/cookiejar"

	"portal/server/internal/testkit"
)

// Helpers of the tests that log in, read what the sandbox "sent" or finish
// a login's MFA (testkit's auth.go).
var (
	// OutboxLinks lists the links mailed to an address, newest first.
	OutboxLinks = testkit.OutboxLinks
	// OutboxCount counts what the sandbox sent.
	OutboxCount = testkit.OutboxCount
	// OutboxEmails counts the e-mails sent to an address, with the newest
	// one's link.
	OutboxEmails = testkit.OutboxEmails
	// LastSMS is the code of the newest SMS.
	LastSMS = testkit.LastSMS
	// TOTP is an authenticator's code for a secret at now+offset.
	TOTP = testkit.TOTP
	// FiberTestConfig lets a request run up to 15 s (the race detector is
	// slow).
	FiberTestConfig = testkit.FiberTestConfig
	// UnmaskCSRF is the session's CSRF token a masked one stands for.
	UnmaskCSRF = testkit.UnmaskCSRF
)

// SessionCookie is the page session's cookie (the harness runs without TLS).
const SessionCookie = testkit.SessionCookie

// APIWithJar is an API client that sends the cookies of jar: a browser's
// page session calling the API, as the islands do.
func (h *Harness) APIWithJar(jar *cookiejar.Jar) *APIClient {
	return &APIClient{T: h.T, App: h.Srv.App(), Jar: jar}
}

// SessionCSRF is the CSRF token of c's page session as the server keeps it
// (unmasked), for pages that show no form.
func (h *Harness) SessionCSRF(c *Client) string {
	h.T.Helper()
	s, err := h.Sessions.Load(h.T.Context(), c.SessionID())
	if err != nil {
		h.T.Fatal(err)
	}
	return s.CSRF
}
