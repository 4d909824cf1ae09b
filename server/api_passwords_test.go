package server

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"portal/provider"
	"portal/reference"
)

const (
	forgotPath     = "/api/v1/authentication/passwords/forgot"
	validateReset  = "/api/v1/authentication/passwords/validate_reset_token"
	resetPath      = "/api/v1/authentication/passwords/reset"
	validateInvite = "/api/v1/authentication/invitations/validate"
	acceptInvite   = "/api/v1/authentication/invitations/accept"
	apiNewPassword = "Another-Passw0rd!"
)

// outboxEmails counts the e-mails the provider sent to addr.
func (h *harness) outboxEmails(t *testing.T, addr string) (n int, lastLink string) {
	t.Helper()
	msgs, err := h.store.Outbox(t.Context(), 200)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range msgs {
		if m.Kind == provider.OutboxEmail && m.To == addr {
			if n == 0 {
				lastLink = m.Link
			}
			n++
		}
	}
	return n, lastLink
}

// resetToken asks for a reset link for email and returns its token.
func (h *harness) resetToken(t *testing.T, email string) string {
	t.Helper()
	h.api().Call("POST", forgotPath, map[string]string{"email": email}).Expect(t, 202, "")
	_, link := h.outboxEmails(t, email)
	tok, ok := strings.CutPrefix(link, reference.ResetLinkPrefix)
	if !ok {
		t.Fatalf("reset link %q", link)
	}
	return tok
}

// The reply does not tell whether the address has an account.
func TestAPIForgotPassword(t *testing.T) {
	h := newHarness(t)
	known := h.api().Call("POST", forgotPath, map[string]string{"email": emailObserver})
	unknown := h.api().Call("POST", forgotPath, map[string]string{"email": "nobody@demo.example"})
	disabled := h.api().Call("POST", forgotPath, map[string]string{"email": emailDisabled})
	for _, r := range []apiReply{known, unknown, disabled} {
		r.Expect(t, 202, "")
		checkReply(t, "POST", "/authentication/passwords/forgot", r)
		if string(r.Raw) != string(known.Raw) {
			t.Errorf("replies differ: %s / %s", known.Raw, r.Raw)
		}
		if r.Header.Get("Set-Cookie") != "" {
			t.Errorf("cookie set: %s", r.Header.Get("Set-Cookie"))
		}
	}
	if n, _ := h.outboxEmails(t, emailObserver); n != 1 {
		t.Errorf("%d e-mails to the known address", n)
	}
	if n, _ := h.outboxEmails(t, "nobody@demo.example"); n != 0 {
		t.Errorf("%d e-mails to the unknown address", n)
	}

	for _, tc := range []struct {
		body  any
		title string
	}{
		{map[string]string{}, msgEmailRequired},
		{map[string]string{"email": "not-an-email"}, msgEmailInvalid},
	} {
		r := h.api().Call("POST", forgotPath, tc.body)
		r.Expect(t, 422, APICodeInvalid)
		if e := r.FirstError(t); e["title"] != tc.title || e["source"].(map[string]any)["pointer"] != "/email" {
			t.Errorf("%v: %s", tc.body, r.Raw)
		}
		checkReply(t, "POST", "/authentication/passwords/forgot", r)
	}

	// Per typed address, known or not, counted with the form.
	for i := 1; i < forgotEmailLimit; i++ {
		h.api().Call("POST", forgotPath, map[string]string{"email": "Nobody@demo.example"}).Expect(t, 202, "")
	}
	r := h.api().Call("POST", forgotPath, map[string]string{"email": "nobody@demo.example"})
	r.Expect(t, 429, apiCodeTooMany)
	if r.Header.Get("Retry-After") == "" {
		t.Error("no Retry-After")
	}
	checkReply(t, "POST", "/authentication/passwords/forgot", r)
}

func TestAPIResetPassword(t *testing.T) {
	h := newHarness(t)
	signedIn := h.api()
	signedIn.Login(emailObserver)
	tok := h.resetToken(t, emailObserver)

	r := h.api().Call("GET", validateReset+"?token="+url.QueryEscape(tok), nil)
	r.Expect(t, 200, "")
	checkReply(t, "GET", "/authentication/passwords/validate_reset_token", r)
	for _, bad := range []string{"", "x", strings.Repeat("A", 43), "not a token!"} {
		r := h.api().Call("GET", validateReset+"?token="+url.QueryEscape(bad), nil)
		r.Expect(t, 404, APICodeNotFound)
		checkReply(t, "GET", "/authentication/passwords/validate_reset_token", r)
	}

	// The spec's rules, each on its field, in field order.
	for _, tc := range []struct {
		name, pw, confirm string
		errs              [][2]string // pointer, title
	}{
		{"weak", "abcdefgh", "abcdefgh", [][2]string{{"/password", msgPasswordInvalid}}},
		{"mismatch", apiNewPassword, apiNewPassword + "x", [][2]string{{"/password_confirmation", msgPasswordsMustMatch}}},
		{"both", "abc", "abd", [][2]string{{"/password", msgPasswordInvalid}, {"/password_confirmation", msgPasswordsMustMatch}}},
		{"empty", "", "", [][2]string{{"/password", msgPasswordRequired}, {"/password_confirmation", msgConfirmationRequired}}},
	} {
		r := h.api().Call("PUT", resetPath, map[string]string{"password": tc.pw, "password_confirmation": tc.confirm, "token": tok})
		r.Expect(t, 422, APICodeInvalid)
		checkReply(t, "PUT", "/authentication/passwords/reset", r)
		errs := r.JSON["errors"].([]any)
		if len(errs) != len(tc.errs) {
			t.Fatalf("%s: %s", tc.name, r.Raw)
		}
		for i, want := range tc.errs {
			e := errs[i].(map[string]any)
			if e["source"].(map[string]any)["pointer"] != want[0] || e["title"] != want[1] {
				t.Errorf("%s: error %d %v", tc.name, i, e)
			}
		}
	}

	// A 64-character password is accepted; every session of the user ends.
	long := strings.Repeat("Abcdef1!", 8)
	r = h.api().Call("PUT", resetPath, map[string]string{"password": long, "password_confirmation": long, "token": tok})
	r.Expect(t, 200, "")
	checkReply(t, "PUT", "/authentication/passwords/reset", r)
	signedIn.Call("GET", currentUser, nil).Expect(t, 401, apiCodeExpired)
	// Single use.
	h.api().Call("PUT", resetPath, map[string]string{"password": long, "password_confirmation": long, "token": tok}).Expect(t, 404, APICodeNotFound)
	h.api().Call("GET", validateReset+"?token="+url.QueryEscape(tok), nil).Expect(t, 404, APICodeNotFound)
	// The new password logs in, the old one does not; no MFA step is skipped.
	h.api().Call("POST", tokenPath, map[string]string{"email": emailObserver, "password": reference.DemoPassword}).Expect(t, 401, apiCodeBadCredentials)
	h.api().Call("POST", tokenPath, map[string]string{"email": emailObserver, "password": long}).Expect(t, 200, "")
}

func TestAPIResetLinkExpired(t *testing.T) {
	h := newHarness(t)
	tok := h.resetToken(t, emailObserver)
	h.exec(`UPDATE password_tokens SET expires_at = ? WHERE kind = 'reset'`,
		time.Now().Add(-time.Minute).UTC().Format("2006-01-02T15:04:05.000000000Z"))
	for _, r := range []apiReply{
		h.api().Call("GET", validateReset+"?token="+url.QueryEscape(tok), nil),
		h.api().Call("PUT", resetPath, map[string]string{"password": apiNewPassword, "password_confirmation": apiNewPassword, "token": tok}),
	} {
		r.Expect(t, 403, apiCodeExpiredLink)
		if e := r.FirstError(t); e["title"] != msgLinkExpired || e["detail"] != "This page has expired, please request a new reset password link here" {
			t.Errorf("expired: %s", r.Raw)
		}
	}
}

func TestAPITokenRateLimit(t *testing.T) {
	h := newHarness(t)
	bogus := strings.Repeat("B", 43)
	for i := 0; i < tokenUseLimit; i++ {
		h.api().Call("GET", validateInvite+"?token="+bogus, nil).Expect(t, 404, APICodeNotFound)
	}
	r := h.api().Call("GET", validateReset+"?token="+bogus, nil)
	r.Expect(t, 429, apiCodeTooMany)
	if r.Header.Get("Retry-After") == "" {
		t.Error("no Retry-After")
	}
	// Another token is still checked (until the address limit).
	h.api().Call("GET", validateInvite+"?token="+strings.Repeat("C", 43), nil).Expect(t, 404, APICodeNotFound)
}

func TestAPIInvitation(t *testing.T) {
	h := newHarness(t)
	tok := reference.DemoInvitationToken
	r := h.api().Call("GET", validateInvite+"?token="+tok, nil)
	r.Expect(t, 200, "")
	checkReply(t, "GET", "/authentication/invitations/validate", r)
	if r.JSON["email"] != reference.DemoInvitedEmail {
		t.Errorf("invitation %s", r.Raw)
	}
	h.api().Call("GET", validateInvite+"?token="+strings.Repeat("x", 43), nil).Expect(t, 404, APICodeNotFound)

	r = h.api().Call("PUT", acceptInvite, map[string]string{"password": apiNewPassword, "password_confirmation": "nope", "token": tok})
	r.Expect(t, 422, APICodeInvalid)
	checkReply(t, "PUT", "/authentication/invitations/accept", r)
	r = h.api().Call("PUT", acceptInvite, map[string]string{"password": apiNewPassword, "password_confirmation": apiNewPassword, "token": tok})
	r.Expect(t, 200, "")
	checkReply(t, "PUT", "/authentication/invitations/accept", r)
	if r.JSON["message"] != "New password created" {
		t.Errorf("accept %s", r.Raw)
	}
	// Used: gone. The invited user logs in, and MFA comes next.
	h.api().Call("GET", validateInvite+"?token="+tok, nil).Expect(t, 404, APICodeNotFound)
	h.api().Call("PUT", acceptInvite, map[string]string{"password": apiNewPassword, "password_confirmation": apiNewPassword, "token": tok}).Expect(t, 404, APICodeNotFound)
	r = h.api().Call("POST", tokenPath, map[string]string{"email": reference.DemoInvitedEmail, "password": apiNewPassword})
	r.Expect(t, 200, "")
	if r.JSON["scope"] != "login" {
		t.Errorf("invited user's scope %v", r.JSON["scope"])
	}
}

// Public changes settle CSRF themselves (apiSelfCSRF), which is safe only
// because they take nothing but a JSON body: a browser with a page session
// and no CSRF header reaches the handler, and a form post is refused there.
func TestAPIPublicJSONOnly(t *testing.T) {
	h := newHarness(t)
	c := h.client()
	c.Get("/login") // a page session, as a visitor of the portal has
	a := h.apiWithJar(c.Jar)
	n := 0
	for _, op := range apiOperations() {
		if op.Auth != APIPublic || !unsafeMethod(op.Method) {
			continue
		}
		n++
		for _, base := range APIBases {
			for _, ct := range []string{"application/x-www-form-urlencoded", "text/plain"} {
				r := a.Call(op.Method, base+op.Path, "email=a%40b.example", "Content-Type", ct)
				r.Expect(t, 415, apiCodeMediaType)
			}
			// JSON reaches the handler without a CSRF token.
			if r := a.Call(op.Method, base+op.Path, map[string]string{}); r.StatusCode == 403 {
				t.Errorf("%s %s: stopped by the CSRF check: %s", op.Method, base+op.Path, r.Raw)
			}
		}
		// Any other spelling meets the CSRF check.
		r := a.Call(op.Method, "/api/v1"+strings.ToUpper(op.Path[:2])+op.Path[2:], map[string]string{})
		if r.StatusCode != 403 && r.StatusCode != 404 {
			t.Errorf("%s %s in upper case: %d", op.Method, op.Path, r.StatusCode)
		}
	}
	if n < 4 {
		t.Errorf("%d public changes", n)
	}
}

// Spec 000 §8: an expired token reads "Your token was expired, please login again".
func TestAPIExpiredDetail(t *testing.T) {
	clk := &clock{}
	h := newHarness(t, withTokenClock(clk))
	a := h.api()
	a.Login(emailObserver)
	clk.Advance(16 * time.Minute)
	r := a.Call("GET", currentUser, nil)
	r.Expect(t, 401, apiCodeExpired)
	if e := r.FirstError(t); e["detail"] != "Your token was expired, please login again" {
		t.Errorf("expired: %s", r.Raw)
	}
}
