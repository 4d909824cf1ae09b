package auth_test

import (
	"net/url"
	"testing"

	"portal/provider"
	"portal/reference/demo"
	"portal/server/api"
	"portal/server/auth"
	"portal/server/servertest"
	"portal/session"
)

var mfaUserIDs = map[string]string{
	emailMFATOTP:  demo.UserMFATOTPID,
	emailMFASMS:   demo.UserMFASMSID,
	emailMFAAuthy: demo.UserMFAAuthyID,
	emailMFANew:   demo.UserMFANewID,
}

// The attack of the security issue, through the pages: log in as a user
// without a second factor, open setup, then post the login form again, in
// the same browser, with the password of a user who has one factor. That
// login must start from nothing: setup stays closed (it verifies), and the
// victim's factors and other sessions are left alone.
func TestLoginStartsFromNothing(t *testing.T) {
	h := newHarness(t)
	for _, victim := range []string{emailMFATOTP, emailMFASMS, emailMFAAuthy} {
		t.Run(victim, func(t *testing.T) {
			elsewhere := h.Client()
			elsewhere.Login(victim)
			before, err := h.Store.UserByID(t.Context(), mfaUserIDs[victim])
			if err != nil {
				t.Fatal(err)
			}

			c := h.Client()
			wantLocation(t, c.Login(emailMFANew), "/mfa-setup")
			if res, _ := c.Page("/mfa-setup"); res.StatusCode != 200 {
				t.Fatalf("setup for the user without a factor: %d", res.StatusCode)
			}
			// Setup work under way, which must not carry over either.
			wantLocation(t, post(c, "/mfa-setup", "/mfa-setup/phone", url.Values{"country_code": {"dk"}, "cellphone": {"20998877"}}),
				"/mfa-setup#phone-title")
			token := servertest.LastSMS(t, h.Store)
			first := c.SessionID()

			wantLocation(t, c.Login(victim), "/mfa-verify")
			if _, err := h.Sessions.Load(t.Context(), first); err == nil {
				t.Error("the first login's session survives the second")
			}
			s, err := h.Sessions.Load(t.Context(), c.SessionID())
			if err != nil {
				t.Fatal(err)
			}
			if s.UserID != mfaUserIDs[victim] || s.Scope != session.ScopeLogin || len(s.Values) != 0 {
				t.Errorf("second login's session holds %s %s %v, want only the victim at scope login", s.UserID, s.Scope, s.Values)
			}

			wantLocation(t, c.Get("/mfa-setup"), "/mfa-verify")
			wantLocation(t, c.Get("/new-mfa-setup"), "/mfa-verify")
			tok := c.CSRF("/mfa-verify")
			for _, p := range []struct {
				path string
				form url.Values
			}{
				{"/mfa-setup/totp", url.Values{"totp_code": {"123456"}}},
				{"/mfa-setup/phone", url.Values{"country_code": {"dk"}, "cellphone": {"20998877"}}},
				{"/mfa-setup/phone/confirm", url.Values{"token": {token}}},
				{"/new-mfa-setup/phone", url.Values{"country_code": {"dk"}, "cellphone": {"20998877"}}},
			} {
				p.form.Set("_csrf", tok)
				wantLocation(t, c.Do("POST", p.path, p.form), "/mfa-verify")
			}

			after, err := h.Store.UserByID(t.Context(), mfaUserIDs[victim])
			if err != nil {
				t.Fatal(err)
			}
			factors := func(u provider.User) [4]bool {
				return [4]bool{u.HasVerifySetup, u.HasPhone, u.MFAConfigured, u.MFAEnabled}
			}
			if factors(after) != factors(before) {
				t.Errorf("the victim's factors changed: %+v, was %+v", after, before)
			}
			if _, err := h.Sessions.Load(t.Context(), elsewhere.SessionID()); err != nil {
				t.Errorf("the victim's other session was ended: %v", err)
			}
		})
	}
}

// The same attack through the API, by a caller that uses the page session
// cookie (as an island does): the setup calls stay closed to the second
// login; a bearer login is a new session from the start.
func TestAPILoginStartsFromNothing(t *testing.T) {
	h := newHarness(t)
	c := h.Client()
	c.Login(emailMFANew)
	a := h.APIWithJar(c.Jar)
	a.Call("GET", mfaPath+"/configuration", nil, "X-CSRF-Token", sessionCSRF(h, c)).Expect(t, 200, "")
	a.Call("POST", mfaPath+"/register", map[string]string{"cellphone": "20998877"}, "X-CSRF-Token", sessionCSRF(h, c)).Expect(t, 200, "")

	c.Login(emailMFATOTP)
	csrf := sessionCSRF(h, c)
	for _, call := range []struct {
		method, path string
		body         any
	}{
		{"POST", mfaPath + "/register", map[string]string{"cellphone": "20998877"}},
		{"POST", mfaPath + "/confirm_phone_number", map[string]string{"code": servertest.LastSMS(t, h.Store)}},
		{"POST", mfaPath + "/validate_totp_factor", map[string]string{"code": "123456"}},
	} {
		r := a.Call(call.method, call.path, call.body, "X-CSRF-Token", csrf)
		r.Expect(t, 403, api.CodeMissingScope)
		if r.FirstError(t)["title"] != auth.APIMsgSetupClosed {
			t.Errorf("%s %s: %s", call.method, call.path, r.Raw)
		}
	}
	if r := a.Call("GET", mfaPath+"/configuration", nil, "X-CSRF-Token", csrf); r.JSON["next"] != string(auth.APINextVerify) {
		t.Errorf("configuration after the second login: %s", r.Raw)
	}

	// Bearer: the victim's login is its own session, closed to setup too.
	b := h.API()
	b.Login(emailMFANew)
	b.Call("POST", mfaPath+"/register", map[string]string{"cellphone": "20998877"}).Expect(t, 200, "")
	b.Login(emailMFAAuthy)
	b.Call("POST", mfaPath+"/register", map[string]string{"cellphone": "20998877"}).Expect(t, 403, api.CodeMissingScope)

	u, err := h.Store.UserByID(t.Context(), demo.UserMFATOTPID)
	if err != nil || u.HasPhone {
		t.Errorf("victim %+v %v", u, err)
	}
	if u, _ := h.Store.UserByID(t.Context(), demo.UserMFAAuthyID); u.HasPhone || u.HasVerifySetup {
		t.Errorf("push victim %+v", u)
	}
}
