package passwords

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"portal/reference"
	"portal/reference/demo"
	"portal/server"
	"portal/server/api"
	"portal/server/auth"
	"portal/server/servertest"
)

const (
	forgotPath     = "/api/v1/authentication/passwords/forgot"
	validateReset  = "/api/v1/authentication/passwords/validate_reset_token"
	resetPath      = "/api/v1/authentication/passwords/reset"
	validateInvite = "/api/v1/authentication/invitations/validate"
	acceptInvite   = "/api/v1/authentication/invitations/accept"
	apiNewPassword = "Another-Passw0rd!"

	emailObserver = "observer@demo.example"
	emailDisabled = "disabled@demo.example"
	tokenPath     = "/api/v1/authentication/token"
	currentUser   = "/api/v1/customer/current_user"
)

// resetToken asks for a reset link for email and returns its token.
func resetToken(t *testing.T, h *servertest.Harness, email string) string {
	t.Helper()
	h.API().Call("POST", forgotPath, map[string]string{"email": email}).Expect(t, 202, "")
	_, link := servertest.OutboxEmails(t, h.Store, email)
	tok, ok := strings.CutPrefix(link, reference.ResetLinkPrefix)
	if !ok {
		t.Fatalf("reset link %q", link)
	}
	return tok
}

// The reply does not tell whether the address has an account.
func TestAPIForgotPassword(t *testing.T) {
	h := newHarness(t)
	known := h.API().Call("POST", forgotPath, map[string]string{"email": emailObserver})
	unknown := h.API().Call("POST", forgotPath, map[string]string{"email": "nobody@demo.example"})
	disabled := h.API().Call("POST", forgotPath, map[string]string{"email": emailDisabled})
	for _, r := range []servertest.Reply{known, unknown, disabled} {
		r.Expect(t, 202, "")
		h.CheckReply(t, "POST", "/authentication/passwords/forgot", r)
		if string(r.Raw) != string(known.Raw) {
			t.Errorf("replies differ: %s / %s", known.Raw, r.Raw)
		}
		if r.Header.Get("Set-Cookie") != "" {
			t.Errorf("cookie set: %s", r.Header.Get("Set-Cookie"))
		}
	}
	if n, _ := servertest.OutboxEmails(t, h.Store, emailObserver); n != 1 {
		t.Errorf("%d e-mails to the known address", n)
	}
	if n, _ := servertest.OutboxEmails(t, h.Store, "nobody@demo.example"); n != 0 {
		t.Errorf("%d e-mails to the unknown address", n)
	}

	for _, tc := range []struct {
		body  any
		title string
	}{
		{map[string]string{}, "Email is required"},
		{map[string]string{"email": "not-an-email"}, auth.MsgEmailInvalid},
	} {
		r := h.API().Call("POST", forgotPath, tc.body)
		r.Expect(t, 422, api.CodeInvalid)
		if e := r.FirstError(t); e["title"] != tc.title || e["source"].(map[string]any)["pointer"] != "/email" {
			t.Errorf("%v: %s", tc.body, r.Raw)
		}
		h.CheckReply(t, "POST", "/authentication/passwords/forgot", r)
	}

	// Per typed address, known or not, counted with the form.
	for i := 1; i < forgotEmailLimit; i++ {
		h.API().Call("POST", forgotPath, map[string]string{"email": "Nobody@demo.example"}).Expect(t, 202, "")
	}
	r := h.API().Call("POST", forgotPath, map[string]string{"email": "nobody@demo.example"})
	r.Expect(t, 429, api.CodeTooMany)
	if r.Header.Get("Retry-After") == "" {
		t.Error("no Retry-After")
	}
	h.CheckReply(t, "POST", "/authentication/passwords/forgot", r)
}

func TestAPIResetPassword(t *testing.T) {
	h := newHarness(t)
	signedIn := h.APILoggedIn(emailObserver)
	tok := resetToken(t, h, emailObserver)

	r := h.API().Call("GET", validateReset+"?token="+url.QueryEscape(tok), nil)
	r.Expect(t, 200, "")
	h.CheckReply(t, "GET", "/authentication/passwords/validate_reset_token", r)
	for _, bad := range []string{"", "x", strings.Repeat("A", 43), "not a token!"} {
		r := h.API().Call("GET", validateReset+"?token="+url.QueryEscape(bad), nil)
		r.Expect(t, 404, api.CodeNotFound)
		h.CheckReply(t, "GET", "/authentication/passwords/validate_reset_token", r)
	}

	// The spec's rules, each on its field, in field order.
	for _, tc := range []struct {
		name, pw, confirm string
		errs              [][2]string // pointer, title
	}{
		{"weak", "abcdefgh", "abcdefgh", [][2]string{{"/password", msgPasswordInvalid}}},
		{"mismatch", apiNewPassword, apiNewPassword + "x", [][2]string{{"/password_confirmation", msgPasswordsMustMatch}}},
		{"both", "abc", "abd", [][2]string{{"/password", msgPasswordInvalid}, {"/password_confirmation", msgPasswordsMustMatch}}},
		{"empty", "", "", [][2]string{{"/password", auth.MsgPasswordRequired}, {"/password_confirmation", msgConfirmationRequired}}},
	} {
		r := h.API().Call("PUT", resetPath, map[string]string{"password": tc.pw, "password_confirmation": tc.confirm, "token": tok})
		r.Expect(t, 422, api.CodeInvalid)
		h.CheckReply(t, "PUT", "/authentication/passwords/reset", r)
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
	r = h.API().Call("PUT", resetPath, map[string]string{"password": long, "password_confirmation": long, "token": tok})
	r.Expect(t, 200, "")
	h.CheckReply(t, "PUT", "/authentication/passwords/reset", r)
	signedIn.Call("GET", currentUser, nil).Expect(t, 401, "EXPIRED_AUTHENTICATION")
	// Single use.
	h.API().Call("PUT", resetPath, map[string]string{"password": long, "password_confirmation": long, "token": tok}).Expect(t, 404, api.CodeNotFound)
	h.API().Call("GET", validateReset+"?token="+url.QueryEscape(tok), nil).Expect(t, 404, api.CodeNotFound)
	// The new password logs in, the old one does not; no MFA step is skipped.
	h.API().Call("POST", tokenPath, map[string]string{"email": emailObserver, "password": demo.Password}).Expect(t, 401, "invalid_credentials")
	h.API().Call("POST", tokenPath, map[string]string{"email": emailObserver, "password": long}).Expect(t, 200, "")
}

func TestAPIResetLinkExpired(t *testing.T) {
	h := newHarness(t)
	tok := resetToken(t, h, emailObserver)
	h.Exec(`UPDATE password_tokens SET expires_at = ? WHERE kind = 'reset'`,
		time.Now().Add(-time.Minute).UTC().Format("2006-01-02T15:04:05.000000000Z"))
	for _, r := range []servertest.Reply{
		h.API().Call("GET", validateReset+"?token="+url.QueryEscape(tok), nil),
		h.API().Call("PUT", resetPath, map[string]string{"password": apiNewPassword, "password_confirmation": apiNewPassword, "token": tok}),
	} {
		r.Expect(t, 403, "expired")
		if e := r.FirstError(t); e["title"] != msgLinkExpired || e["detail"] != "This page has expired, please request a new reset password link here" {
			t.Errorf("expired: %s", r.Raw)
		}
	}
}

func TestAPITokenRateLimit(t *testing.T) {
	h := newHarness(t)
	bogus := strings.Repeat("B", 43)
	for i := 0; i < tokenUseLimit; i++ {
		h.API().Call("GET", validateInvite+"?token="+bogus, nil).Expect(t, 404, api.CodeNotFound)
	}
	r := h.API().Call("GET", validateReset+"?token="+bogus, nil)
	r.Expect(t, 429, api.CodeTooMany)
	if r.Header.Get("Retry-After") == "" {
		t.Error("no Retry-After")
	}
	// Another token is still checked (until the address limit).
	h.API().Call("GET", validateInvite+"?token="+strings.Repeat("C", 43), nil).Expect(t, 404, api.CodeNotFound)
}

func TestAPIInvitation(t *testing.T) {
	h := newHarness(t)
	tok := demo.InvitationToken
	r := h.API().Call("GET", validateInvite+"?token="+tok, nil)
	r.Expect(t, 200, "")
	h.CheckReply(t, "GET", "/authentication/invitations/validate", r)
	if r.JSON["email"] != demo.InvitedEmail {
		t.Errorf("invitation %s", r.Raw)
	}
	h.API().Call("GET", validateInvite+"?token="+strings.Repeat("x", 43), nil).Expect(t, 404, api.CodeNotFound)

	r = h.API().Call("PUT", acceptInvite, map[string]string{"password": apiNewPassword, "password_confirmation": "nope", "token": tok})
	r.Expect(t, 422, api.CodeInvalid)
	h.CheckReply(t, "PUT", "/authentication/invitations/accept", r)
	r = h.API().Call("PUT", acceptInvite, map[string]string{"password": apiNewPassword, "password_confirmation": apiNewPassword, "token": tok})
	r.Expect(t, 200, "")
	h.CheckReply(t, "PUT", "/authentication/invitations/accept", r)
	if r.JSON["message"] != "New password created" {
		t.Errorf("accept %s", r.Raw)
	}
	// Used: gone. The invited user logs in, and MFA comes next.
	h.API().Call("GET", validateInvite+"?token="+tok, nil).Expect(t, 404, api.CodeNotFound)
	h.API().Call("PUT", acceptInvite, map[string]string{"password": apiNewPassword, "password_confirmation": apiNewPassword, "token": tok}).Expect(t, 404, api.CodeNotFound)
	r = h.API().Call("POST", tokenPath, map[string]string{"email": demo.InvitedEmail, "password": apiNewPassword})
	r.Expect(t, 200, "")
	if r.JSON["scope"] != "login" {
		t.Errorf("invited user's scope %v", r.JSON["scope"])
	}
}

// Without the provider's Auth the calls answer not found, as the screens do.
func TestAPIPasswordsWithoutAuth(t *testing.T) {
	h := servertest.NewWith(t, func(d *server.Deps) { d.Auth = nil }, areas...)
	h.API().Call("POST", "/api/v1/authentication/passwords/forgot", map[string]string{"email": emailObserver}).Expect(t, 404, api.CodeNotFound)
}

// TestPasswordsAPITour calls every operation of the area once with success
// (the part of the API tour that was the passwords'), so the harness's
// reply guard compares each handler's reply type with its entry, and
// CheckReply each body with the document.
func TestPasswordsAPITour(t *testing.T) {
	h := newHarness(t)
	tour := h.Tour(t, New(h.Srv).API)
	tour.Call(h.API(), "forgotPassword", "", map[string]string{"email": emailObserver})
	_, link := servertest.OutboxEmails(t, h.Store, emailObserver)
	reset := strings.TrimPrefix(link, reference.ResetLinkPrefix)
	tour.Call(h.API(), "validateResetToken", "?token="+url.QueryEscape(reset), nil)
	pw := map[string]string{"password": "Tour-Passw0rd!", "password_confirmation": "Tour-Passw0rd!", "token": reset}
	tour.Call(h.API(), "resetPassword", "", pw)
	tour.Call(h.API(), "validateInvitation", "?token="+demo.InvitationToken, nil)
	pw["token"] = demo.InvitationToken
	tour.Call(h.API(), "acceptInvitation", "", pw)
	tour.Done()
}
