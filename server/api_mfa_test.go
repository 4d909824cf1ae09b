package server

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"portal/mfa"
	"portal/provider"
	"portal/reference"
	"portal/session"
)

const (
	emailMFATOTP  = "mfa-totp@demo.example"
	emailMFASMS   = "mfa-sms@demo.example"
	emailMFAAuthy = "mfa-authy@demo.example"
	emailMFANew   = "mfa-new@demo.example"

	mfaPath = "/api/v1/authentication/mfa"
	mfaTok  = "/api/v1/authentication/mfa_tokens"
)

// loginScope logs in a user who does not skip MFA: the token has scope
// login only.
func (h *harness) loginScope(email string) (*apiClient, apiReply) {
	h.t.Helper()
	a := h.api()
	r := a.login(email)
	if r.body["scope"] != session.ScopeLogin {
		h.t.Fatalf("%s: scope %v", email, r.body["scope"])
	}
	return a, r
}

// totp is the demo authenticator's code at now+offset.
func totp(t testing.TB, secret string, offset time.Duration) string {
	t.Helper()
	c, err := mfa.Code(secret, time.Now().Add(offset))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// noSlowDown keeps the screens' growing delay after wrong codes out of the
// test's run time.
func noSlowDown(t *testing.T) {
	prev := mfaSlowDown
	mfaSlowDown = func(int) time.Duration { return 0 }
	t.Cleanup(func() { mfaSlowDown = prev })
}

// expectUpgraded checks a reply that completed MFA for a bearer caller: a
// dashboard token naming a new session, a new refresh cookie and CSRF
// token; the login-scope token and the old refresh cookie are dead.
func expectUpgraded(t *testing.T, h *harness, a *apiClient, login apiReply, r apiReply, method, path string) {
	t.Helper()
	r.expect(t, 200, "")
	checkReply(t, method, path, r)
	oldSid := mustClaims(t, h, a.token).Session
	tok, _ := r.body["access_token"].(string)
	cl := mustClaims(t, h, tok)
	if cl.Scope != session.ScopeDashboard || r.body["scope"] != session.ScopeDashboard || r.body["token_type"] != "Bearer" {
		t.Fatalf("not upgraded: %+v %s", cl, r.raw)
	}
	if cl.Session == oldSid {
		t.Error("the session id did not change at MFA completion")
	}
	if ck := a.refreshCookie(); ck == nil || session.HandleOf(ck.Value) != cl.Session {
		t.Errorf("refresh cookie %v does not name the new session %s", ck, cl.Session)
	}
	if unmasked(t, r.body["csrf_token"]) == unmasked(t, login.body["csrf_token"]) {
		t.Error("the CSRF token did not change")
	}
	if _, err := h.manager.LoadByHandle(t.Context(), oldSid); err == nil {
		t.Error("the login-scope session survives")
	}
	// The old token is dead; the new one opens the customer calls.
	a.call("GET", currentUser, nil).expect(t, 401, apiCodeExpired)
	stale := h.api()
	stale.jar.SetCookies(&url.URL{Scheme: "http", Host: "portal.test", Path: "/api"},
		[]*http.Cookie{{Name: "portal_refresh", Value: oldSid, Path: "/api"}})
	stale.call("POST", refreshPath, nil, "X-CSRF-Token", login.body["csrf_token"].(string)).expect(t, 401, apiCodeExpired)
	a.token = tok
	a.call("GET", currentUser, nil).expect(t, 200, "")
	rr := a.call("POST", refreshPath, nil, "Authorization", "", "X-CSRF-Token", r.body["csrf_token"].(string))
	rr.expect(t, 200, "")
	if mustClaims(t, h, rr.body["access_token"].(string)).Scope != session.ScopeDashboard {
		t.Error("refresh after MFA lost the dashboard scope")
	}
}

func TestAPIMFAConfiguration(t *testing.T) {
	h := newHarness(t)
	for _, c := range []struct{ email, next string }{
		{emailMFATOTP, apiNextVerify}, {emailMFASMS, apiNextVerify}, {emailMFAAuthy, apiNextVerify},
		{emailMFANew, apiNextSetup}, {emailObserver, apiNextDone},
	} {
		a := h.api()
		a.login(c.email)
		r := a.call("GET", mfaPath+"/configuration", nil)
		r.expect(t, 200, "")
		checkReply(t, "GET", "/authentication/mfa/configuration", r)
		if r.body["next"] != c.next {
			t.Errorf("%s: next %v, want %s", c.email, r.body["next"], c.next)
		}
	}
}

func TestAPIMFATOTPLogin(t *testing.T) {
	h := newHarness(t)
	a, login := h.loginScope(emailMFATOTP)
	// Login scope opens no customer call, and the code is required.
	a.call("GET", currentUser, nil).expect(t, 403, apiCodeMissingScope)
	for _, tc := range []struct {
		body  any
		title string
	}{
		{map[string]string{}, msgCodeRequired},
		{map[string]string{"code": "12a456"}, msgTOTPFormat},
		{map[string]string{"code": wrongTOTP(t, reference.DemoTOTPSecret)}, msgTOTPFailed},
	} {
		r := a.call("POST", mfaPath+"/verify_totp_factor", tc.body)
		r.expect(t, 422, APICodeInvalid)
		e := r.firstError(t)
		if e["title"] != tc.title || e["source"].(map[string]any)["pointer"] != "/code" {
			t.Errorf("%v: %s", tc.body, r.raw)
		}
		checkReply(t, "POST", "/authentication/mfa/verify_totp_factor", r)
	}
	code := totp(t, reference.DemoTOTPSecret, 0)
	r := a.call("POST", mfaPath+"/verify_totp_factor", map[string]string{"code": code[:3] + " " + code[3:]})
	expectUpgraded(t, h, a, login, r, "POST", "/authentication/mfa/verify_totp_factor")

	// Verification is for login scope only.
	a.call("POST", mfaPath+"/verify_totp_factor", map[string]string{"code": code}).expect(t, 403, apiCodeMissingScope)

	// Replay: the same code does not finish another login; the next step's
	// code (within the allowed drift) does, through mfa_tokens/verify.
	b, blogin := h.loginScope(emailMFATOTP)
	r = b.call("POST", mfaTok+"/verify", map[string]string{"mfa_token": code})
	r.expect(t, 422, APICodeInvalid)
	if e := r.firstError(t); e["title"] != msgTOTPFailed || e["source"].(map[string]any)["pointer"] != "/mfa_token" {
		t.Errorf("replay: %s", r.raw)
	}
	r = b.call("POST", mfaTok+"/verify", map[string]string{"mfa_token": totp(t, reference.DemoTOTPSecret, 30*time.Second)})
	expectUpgraded(t, h, b, blogin, r, "POST", "/authentication/mfa_tokens/verify")
}

func TestAPIMFASMSLogin(t *testing.T) {
	h := newHarness(t)
	a, login := h.loginScope(emailMFASMS)
	r := a.call("POST", mfaTok+"/request_sms", nil)
	r.expect(t, 200, "")
	checkReply(t, "POST", "/authentication/mfa_tokens/request_sms", r)
	if r.body["message"] != "SMS has been sent" {
		t.Errorf("reply %s", r.raw)
	}
	code := h.lastSMS(t)

	// A code is bound to the login that asked for it.
	other, _ := h.loginScope(emailMFASMS)
	other.call("POST", mfaPath+"/verify_sms", map[string]string{"code": code}).expect(t, 422, APICodeInvalid)
	// Too short, wrong.
	r = a.call("POST", mfaPath+"/verify_sms", map[string]string{"code": "123"})
	r.expect(t, 422, APICodeInvalid)
	if r.firstError(t)["title"] != msgSMSCodeShort() {
		t.Errorf("short: %s", r.raw)
	}
	wrong := "0000000"
	if code == wrong {
		wrong = "1111111"
	}
	r = a.call("POST", mfaPath+"/verify_sms", map[string]string{"code": wrong})
	r.expect(t, 422, APICodeInvalid)
	if title, _ := r.firstError(t)["title"].(string); title == "" || title == msgUnknownError {
		t.Errorf("wrong SMS code: %s", r.raw)
	}

	r = a.call("POST", mfaPath+"/verify_sms", map[string]string{"code": code})
	expectUpgraded(t, h, a, login, r, "POST", "/authentication/mfa/verify_sms")

	// mfa_tokens/verify takes SMS codes too; a spent code is refused.
	b, blogin := h.loginScope(emailMFASMS)
	b.call("POST", mfaTok+"/request_sms", nil).expect(t, 200, "")
	code2 := h.lastSMS(t)
	r = b.call("POST", mfaTok+"/verify", map[string]string{"mfa_token": code2})
	expectUpgraded(t, h, b, blogin, r, "POST", "/authentication/mfa_tokens/verify")

	// A user without a phone gets the provider's reason.
	c, _ := h.loginScope(emailMFATOTP)
	r = c.call("POST", mfaTok+"/request_sms", nil)
	r.expect(t, 422, APICodeInvalid)
	checkReply(t, "POST", "/authentication/mfa_tokens/request_sms", r)
}

func TestAPIMFAPushApproval(t *testing.T) {
	h := newHarness(t)
	a, login := h.loginScope(emailMFAAuthy)
	r := a.call("POST", mfaTok, nil)
	r.expect(t, 201, "")
	checkReply(t, "POST", "/authentication/mfa_tokens", r)
	id, _ := r.body["approval_request_id"].(string)
	if id == "" || r.body["status"] != provider.ApprovalPending {
		t.Fatalf("approval %s", r.raw)
	}
	status := func(c *apiClient, id string, hdr ...string) apiReply {
		return c.call("GET", mfaTok+"/status?approval_request_id="+url.QueryEscape(id), nil, hdr...)
	}
	r = status(a, id)
	r.expect(t, 200, "")
	checkReply(t, "GET", "/authentication/mfa_tokens/status", r)
	if r.body["status"] != provider.ApprovalPending || r.body["access_token"] != nil {
		t.Fatalf("pending: %s", r.raw)
	}
	// The request belongs to this login only; the id is required.
	other, _ := h.loginScope(emailMFAAuthy)
	status(other, id).expect(t, 404, APICodeNotFound)
	r = a.call("GET", mfaTok+"/status", nil)
	r.expect(t, 422, APICodeInvalid)
	if src := r.firstError(t)["source"].(map[string]any); src["parameter"] != "approval_request_id" {
		t.Errorf("missing id: %s", r.raw)
	}

	// Completing while pending only tells the status.
	complete := func(c *apiClient, id string) apiReply {
		return c.call("POST", mfaTok+"/complete", map[string]string{"approval_request_id": id})
	}
	r = complete(a, id)
	r.expect(t, 200, "")
	checkReply(t, "POST", "/authentication/mfa_tokens/complete", r)
	if r.body["status"] != provider.ApprovalPending || r.body["access_token"] != nil {
		t.Fatalf("complete while pending: %s", r.raw)
	}
	complete(other, id).expect(t, 404, APICodeNotFound)
	r = a.call("POST", mfaTok+"/complete", map[string]string{})
	r.expect(t, 422, APICodeInvalid)
	if src := r.firstError(t)["source"].(map[string]any); src["pointer"] != "/approval_request_id" {
		t.Errorf("missing id: %s", r.raw)
	}

	if err := h.srv.Auth.DecideApproval(t.Context(), id, true); err != nil {
		t.Fatal(err)
	}
	// The poll (a GET) reads the approval and changes nothing...
	r = status(a, id)
	if r.body["status"] != provider.ApprovalApproved || r.body["access_token"] != nil {
		t.Fatalf("approved: %s", r.raw)
	}
	checkReply(t, "GET", "/authentication/mfa_tokens/status", r)
	a.call("GET", mfaPath+"/configuration", nil).expect(t, 200, "") // the login-scope token still works
	// ...the POST finishes the login.
	r = complete(a, id)
	if r.body["status"] != provider.ApprovalApproved {
		t.Fatalf("complete: %s", r.raw)
	}
	expectUpgraded(t, h, a, login, r, "POST", "/authentication/mfa_tokens/complete")

	// Denied stops there.
	b, _ := h.loginScope(emailMFAAuthy)
	id2, _ := b.call("POST", mfaTok, nil).body["approval_request_id"].(string)
	if err := h.srv.Auth.DecideApproval(t.Context(), id2, false); err != nil {
		t.Fatal(err)
	}
	r = status(b, id2)
	if r.body["status"] != provider.ApprovalDenied || r.body["access_token"] != nil {
		t.Errorf("denied: %s", r.raw)
	}
	r = complete(b, id2)
	if r.body["status"] != provider.ApprovalDenied || r.body["access_token"] != nil {
		t.Errorf("complete when denied: %s", r.raw)
	}
	b.call("GET", currentUser, nil).expect(t, 403, apiCodeMissingScope)

	// Push bombing: a few requests, then 429 (counted with the screens).
	c, _ := h.loginScope(emailMFAAuthy)
	var last apiReply
	for i := 0; i <= pushLimit; i++ {
		last = c.call("POST", mfaTok, nil)
	}
	last.expect(t, 429, apiCodeTooMany)
	if last.Header.Get("Retry-After") == "" {
		t.Error("no Retry-After")
	}
}

// A caller authenticated by the page session cookie (an island on the MFA
// screen) completes MFA too: the page session is rotated and the reply has
// its new CSRF token, no bearer token. The approval poll wants the CSRF
// header even though it is a GET (it spends the login's poll limit).
func TestAPIMFAWithSessionCookie(t *testing.T) {
	h := newHarness(t)
	c := h.client()
	c.login(emailMFATOTP)
	pageSession := func() (*session.Session, string) {
		for _, ck := range c.jar.Cookies(base) {
			if ck.Name == "portal_session" {
				s, err := h.manager.Load(t.Context(), ck.Value)
				if err != nil {
					t.Fatal(err)
				}
				return s, ck.Value
			}
		}
		t.Fatal("no page session")
		return nil, ""
	}
	sess, oldID := pageSession()
	if sess.Scope != session.ScopeLogin {
		t.Fatalf("scope %s", sess.Scope)
	}
	a := &apiClient{h: h, jar: c.jar}
	a.call("GET", mfaTok+"/status?approval_request_id=x", nil).expect(t, 403, apiCodeInvalidCSRF)
	a.call("GET", mfaTok+"/status?approval_request_id=x", nil, "X-CSRF-Token", sess.CSRF).expect(t, 404, APICodeNotFound)
	a.call("POST", mfaPath+"/verify_totp_factor", map[string]string{"code": totp(t, reference.DemoTOTPSecret, 0)}).
		expect(t, 403, apiCodeInvalidCSRF)
	r := a.call("POST", mfaPath+"/verify_totp_factor", map[string]string{"code": totp(t, reference.DemoTOTPSecret, 0)},
		"X-CSRF-Token", sess.CSRF)
	r.expect(t, 200, "")
	checkReply(t, "POST", "/authentication/mfa/verify_totp_factor", r)
	if r.body["access_token"] != nil || r.body["scope"] != session.ScopeDashboard {
		t.Errorf("cookie reply %s", r.raw)
	}
	n, newID := pageSession()
	if newID == oldID || n.Scope != session.ScopeDashboard || n.CSRF != unmasked(t, r.body["csrf_token"]) {
		t.Errorf("page session not rotated to dashboard: %v", n)
	}
	if res := c.get("/"); res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(res.Header.Get("Location"), "/org/") {
		t.Errorf("/ after MFA: %d %s", res.StatusCode, res.Header.Get("Location"))
	}
}

// Wrong codes count per user, on the screens' counter: the 5th wrong code
// locks code checks for both for 15 minutes.
func TestAPIMFALockout(t *testing.T) {
	noSlowDown(t)
	h := newHarness(t)
	a, _ := h.loginScope(emailMFATOTP)
	for i := 1; i < mfaMaxAttempts; i++ {
		a.call("POST", mfaPath+"/verify_totp_factor", map[string]string{"code": wrongTOTP(t, reference.DemoTOTPSecret)}).expect(t, 422, APICodeInvalid)
	}
	r := a.call("POST", mfaTok+"/verify", map[string]string{"mfa_token": wrongTOTP(t, reference.DemoTOTPSecret)})
	r.expect(t, 429, apiCodeTooMany)
	if ra := r.Header.Get("Retry-After"); ra == "" || ra == "0" {
		t.Errorf("Retry-After %q", ra)
	}
	checkReply(t, "POST", "/authentication/mfa_tokens/verify", r)
	// Even the right code is refused now, from a new login too.
	b, _ := h.loginScope(emailMFATOTP)
	b.call("POST", mfaPath+"/verify_totp_factor", map[string]string{"code": totp(t, reference.DemoTOTPSecret, 0)}).
		expect(t, 429, apiCodeTooMany)
	// The page counts on the same key.
	c := h.client()
	c.login(emailMFATOTP)
	sess := func() *session.Session {
		for _, ck := range c.jar.Cookies(base) {
			if ck.Name == "portal_session" {
				s, _ := h.manager.Load(t.Context(), ck.Value)
				return s
			}
		}
		return nil
	}()
	res := c.do("POST", "/mfa-verify/totp", url.Values{"_csrf": {sess.CSRF}, "code": {totp(t, reference.DemoTOTPSecret, 0)}})
	if res.StatusCode != http.StatusTooManyRequests {
		t.Errorf("page after API lockout: %d", res.StatusCode)
	}
	// Another user is not affected.
	d, dlogin := h.loginScope(emailMFASMS)
	d.call("POST", mfaTok+"/request_sms", nil).expect(t, 200, "")
	expectUpgraded(t, h, d, dlogin, d.call("POST", mfaPath+"/verify_sms", map[string]string{"code": h.lastSMS(t)}),
		"POST", "/authentication/mfa/verify_sms")
}

// A login-scope session has 10 minutes from the password step.
func TestAPIMFALoginExpires(t *testing.T) {
	h := newHarness(t)
	now := time.Now()
	h.manager.Now = func() time.Time { return now }
	a, _ := h.loginScope(emailMFATOTP)
	for _, d := range []time.Duration{4 * time.Minute, 4 * time.Minute} {
		now = now.Add(d)
		a.call("GET", mfaPath+"/configuration", nil).expect(t, 200, "") // keeps it from idling out
	}
	now = now.Add(3 * time.Minute)
	r := a.call("POST", mfaPath+"/verify_totp_factor", map[string]string{"code": totp(t, reference.DemoTOTPSecret, 0)})
	r.expect(t, 401, apiCodeExpired)
	if r.firstError(t)["detail"] != apiMsgExpired {
		t.Errorf("detail %s", r.raw)
	}
	if a.refreshCookie() != nil {
		t.Error("refresh cookie kept")
	}
	a.call("GET", mfaPath+"/configuration", nil).expect(t, 401, apiCodeExpired)
}

// Setting up both factors at a first login, then MFA is complete.
func TestAPIMFASetup(t *testing.T) {
	h := newHarness(t)
	a, login := h.loginScope(emailMFANew)
	elsewhere, _ := h.loginScope(emailMFANew) // ends at the first MFA change

	r := a.call("GET", mfaPath+"/request_totp_factor", nil)
	r.expect(t, 200, "")
	checkReply(t, "GET", "/authentication/mfa/request_totp_factor", r)
	secret, _ := r.body["secret"].(string)
	if secret == "" || !strings.HasPrefix(r.body["uri"].(string), "otpauth://totp/") || !strings.HasPrefix(r.body["qr_svg"].(string), "<svg") {
		t.Fatalf("factor %.200s", r.raw)
	}
	if again := a.call("GET", mfaPath+"/request_totp_factor", nil); again.body["secret"] != secret {
		t.Error("a second call changed the pending secret")
	}
	a.call("POST", mfaPath+"/validate_totp_factor", map[string]string{"code": wrongTOTP(t, secret)}).expect(t, 422, APICodeInvalid)
	r = a.call("POST", mfaPath+"/validate_totp_factor", map[string]string{"code": totp(t, secret, 0)})
	r.expect(t, 200, "")
	checkReply(t, "POST", "/authentication/mfa/validate_totp_factor", r)
	if r.body["mfa_enabled"] != false || r.body["access_token"] != nil || r.body["message"] != apiMsgTOTPSetUp {
		t.Fatalf("after TOTP: %s", r.raw)
	}
	elsewhere.call("GET", mfaPath+"/configuration", nil).expect(t, 401, apiCodeExpired)
	if r := a.call("GET", mfaPath+"/configuration", nil); r.body["next"] != apiNextSetup {
		t.Errorf("a first setup goes on until both are set up: %s", r.raw)
	}
	a.call("GET", mfaPath+"/request_totp_factor", nil).expect(t, 409, apiCodeConflict)

	// The phone: field errors, then a code by SMS.
	for _, tc := range []struct {
		body     map[string]string
		pointers []string
	}{
		{map[string]string{}, []string{"/cellphone"}},
		{map[string]string{"cellphone": "12-ab", "country_code": "zz"}, []string{"/country_code", "/cellphone"}},
	} {
		r := a.call("POST", mfaPath+"/register", tc.body)
		r.expect(t, 422, APICodeInvalid)
		checkReply(t, "POST", "/authentication/mfa/register", r)
		errs := r.body["errors"].([]any)
		if len(errs) != len(tc.pointers) {
			t.Fatalf("%v: %s", tc.body, r.raw)
		}
		for i, p := range tc.pointers {
			if errs[i].(map[string]any)["source"].(map[string]any)["pointer"] != p {
				t.Errorf("%v: %s", tc.body, r.raw)
			}
		}
	}
	r = a.call("POST", mfaPath+"/register_phone_number", map[string]string{"cellphone": "20 99 88 77", "country_code": "DK"})
	r.expect(t, 200, "")
	checkReply(t, "POST", "/authentication/mfa/register_phone_number", r)
	a.call("POST", mfaPath+"/request_sms", map[string]string{"cellphone": "20998877"}).expect(t, 200, "")
	code := h.lastSMS(t)
	a.call("POST", mfaPath+"/confirm_phone_number", map[string]string{}).expect(t, 422, APICodeInvalid)
	r = a.call("POST", mfaPath+"/confirm_phone_number", map[string]string{"code": "0000000"})
	r.expect(t, 422, APICodeInvalid)
	if e := r.firstError(t); e["title"] == msgUnknownError || e["title"] == "" || e["source"].(map[string]any)["pointer"] != "/code" {
		t.Errorf("wrong phone code: the provider's words on the field, got %s", r.raw)
	}
	r = a.call("POST", mfaPath+"/confirm_phone_number", map[string]string{"code": code})
	if r.body["mfa_enabled"] != true || r.body["message"] != apiMsgPhoneConfirmed {
		t.Fatalf("after phone: %s", r.raw)
	}
	expectUpgraded(t, h, a, login, r, "POST", "/authentication/mfa/confirm_phone_number")

	// Both are set up now: registering again (after the password again, as
	// at any dashboard-scope change) is refused with the spec's text.
	a.call("POST", reauthAPIPath, map[string]string{"password": reference.DemoPassword}).expect(t, 200, "")
	r = a.call("POST", mfaPath+"/register", map[string]string{"cellphone": "20998877"})
	r.expect(t, 409, apiCodeConflict)
	if r.firstError(t)["title"] != msgMFARegistered {
		t.Errorf("registered: %s", r.raw)
	}
	u, err := h.store.UserByID(t.Context(), reference.DemoUserMFANewID)
	if err != nil || !u.MFAEnabled || !u.HasPhone || !u.HasVerifySetup {
		t.Errorf("user %+v %v", u, err)
	}
}

// Setup is no side door: at login scope, a user with a second factor must
// verify with it before adding another; verification calls want login
// scope; a fully authenticated user may add a method.
func TestAPIMFAScopes(t *testing.T) {
	h := newHarness(t)
	a, _ := h.loginScope(emailMFATOTP)
	for _, c := range []struct {
		method, path string
		body         any
	}{
		{"POST", mfaPath + "/register", map[string]string{"cellphone": "20998877"}},
		{"POST", mfaPath + "/register_phone_number", map[string]string{"cellphone": "20998877"}},
		{"POST", mfaPath + "/request_sms", map[string]string{"cellphone": "20998877"}},
		{"POST", mfaPath + "/confirm_phone_number", map[string]string{"code": "1234567"}},
		{"GET", mfaPath + "/request_totp_factor", nil},
		{"POST", mfaPath + "/validate_totp_factor", map[string]string{"code": "123456"}},
	} {
		r := a.call(c.method, c.path, c.body)
		r.expect(t, 403, apiCodeMissingScope)
		if r.firstError(t)["title"] != apiMsgSetupClosed {
			t.Errorf("%s %s: %s", c.method, c.path, r.raw)
		}
	}

	d := h.api()
	d.login(emailObserver) // skips MFA: dashboard
	for _, c := range []struct {
		method, path string
		body         any
	}{
		{"POST", mfaTok, nil},
		{"GET", mfaTok + "/status?approval_request_id=x", nil},
		{"POST", mfaTok + "/complete", map[string]string{"approval_request_id": "x"}},
		{"POST", mfaTok + "/verify", map[string]string{"mfa_token": "123456"}},
		{"POST", mfaTok + "/request_sms", nil},
		{"POST", mfaPath + "/verify_totp_factor", map[string]string{"code": "123456"}},
		{"POST", mfaPath + "/verify_sms", map[string]string{"code": "1234567"}},
	} {
		d.call(c.method, c.path, c.body).expect(t, 403, apiCodeMissingScope)
	}
	// Adding a phone at dashboard scope works, after the password again
	// (TestAPIReauthenticate), and does not touch the scope.
	d.call("POST", mfaPath+"/register", map[string]string{"cellphone": "20998877"}).expect(t, 403, apiCodeReauth)
	d.call("POST", reauthAPIPath, map[string]string{"password": reference.DemoPassword}).expect(t, 200, "")
	r := d.call("POST", mfaPath+"/register", map[string]string{"cellphone": "20998877"})
	r.expect(t, 200, "")
	r = d.call("POST", mfaPath+"/confirm_phone_number", map[string]string{"code": h.lastSMS(t)})
	r.expect(t, 200, "")
	if r.body["access_token"] != nil || r.body["mfa_enabled"] != false {
		t.Errorf("dashboard setup: %s", r.raw)
	}
	d.call("GET", currentUser, nil).expect(t, 200, "")

	// Nothing without a credential (a change without one meets the CSRF
	// check first).
	h.api().call("GET", mfaPath+"/request_totp_factor", nil).expect(t, 401, apiCodeUnauthenticated)
	h.api().call("POST", mfaTok+"/verify", map[string]string{"mfa_token": "123456"}).expect(t, 403, apiCodeInvalidCSRF)
}

// Without the provider's Auth the calls answer not found, as the screens do.
func TestAPIMFAWithoutAuth(t *testing.T) {
	h := newHarness(t, func(d *Deps) { d.Auth = nil })
	a, _ := h.loginScope(emailMFATOTP)
	a.call("POST", mfaTok+"/verify", map[string]string{"mfa_token": "123456"}).expect(t, 404, APICodeNotFound)
	h.api().call("POST", "/api/v1/authentication/passwords/forgot", map[string]string{"email": emailObserver}).expect(t, 404, APICodeNotFound)
}

const reauthAPIPath = "/api/v1/authentication/reauthenticate"

// Adding or replacing a factor through the API at scope dashboard needs the
// password again, as the pages need /reauth: a bearer token alone is
// refused. The confirmation holds reauthWindow (the pages' notion of
// recent) and attempts count on the per-account login limit.
func TestAPIReauthenticate(t *testing.T) {
	h := newHarness(t)
	now := time.Now()
	h.manager.Now = func() time.Time { return now }
	d := h.api()
	d.login(emailObserver)
	setup := []struct {
		method, path string
		body         any
	}{
		{"POST", mfaPath + "/register", map[string]string{"cellphone": "20998877"}},
		{"POST", mfaPath + "/register_phone_number", map[string]string{"cellphone": "20998877"}},
		{"POST", mfaPath + "/request_sms", map[string]string{"cellphone": "20998877"}},
		{"POST", mfaPath + "/confirm_phone_number", map[string]string{"code": "1234567"}},
		{"GET", mfaPath + "/request_totp_factor", nil},
		{"POST", mfaPath + "/request_totp_factor", nil},
		{"POST", mfaPath + "/validate_totp_factor", map[string]string{"code": "123456"}},
	}
	for _, c := range setup {
		r := d.call(c.method, c.path, c.body)
		r.expect(t, 403, apiCodeReauth)
		if r.firstError(t)["title"] != apiMsgReauth {
			t.Errorf("%s %s: %s", c.method, c.path, r.raw)
		}
	}

	r := d.call("POST", reauthAPIPath, map[string]string{})
	r.expect(t, 422, APICodeInvalid)
	if r.firstError(t)["source"].(map[string]any)["pointer"] != "/password" {
		t.Errorf("missing password: %s", r.raw)
	}
	r = d.call("POST", reauthAPIPath, map[string]string{"password": "wrong"})
	r.expect(t, 422, apiCodeBadCredentials)
	if e := r.firstError(t); e["title"] != msgReauthWrong || e["source"].(map[string]any)["pointer"] != "/password" {
		t.Errorf("wrong password: %s", r.raw)
	}
	d.call("POST", mfaPath+"/register", setup[0].body).expect(t, 403, apiCodeReauth)
	r = d.call("POST", reauthAPIPath, map[string]string{"password": reference.DemoPassword})
	r.expect(t, 200, "")
	checkReply(t, "POST", "/authentication/reauthenticate", r)
	if r.body["expires_in"] != float64(reauthWindow/time.Second) {
		t.Errorf("reply %s", r.raw)
	}
	r = d.call("POST", mfaPath+"/register", setup[0].body)
	r.expect(t, 200, "")

	// The same window as the pages: still open just inside it (the calls
	// in between keep the session from idling out), closed after it.
	now = now.Add(reauthWindow / 2)
	d.call("GET", currentUser, nil).expect(t, 200, "")
	now = now.Add(reauthWindow/2 - time.Second)
	d.call("POST", mfaPath+"/register", setup[0].body).expect(t, 200, "")
	now = now.Add(2 * time.Second)
	d.call("POST", mfaPath+"/register", setup[0].body).expect(t, 403, apiCodeReauth)

	// Only a fully authenticated caller re-authenticates; a cookie caller
	// sends the CSRF header.
	l, _ := h.loginScope(emailMFATOTP)
	l.call("POST", reauthAPIPath, map[string]string{"password": reference.DemoPassword}).expect(t, 403, apiCodeMissingScope)
	c := h.client()
	c.login(emailObserver)
	cookie := &apiClient{h: h, jar: c.jar}
	cookie.call("POST", reauthAPIPath, map[string]string{"password": reference.DemoPassword}).expect(t, 403, apiCodeInvalidCSRF)
	wantLocation(t, c.get("/new-mfa-setup"), "/reauth?next=/new-mfa-setup")
	cookie.call("POST", reauthAPIPath, map[string]string{"password": reference.DemoPassword}, "X-CSRF-Token", c.sessionCSRF()).expect(t, 200, "")
	// One notion of recent: the page behind /reauth opens now too.
	if res := c.get("/new-mfa-setup"); res.StatusCode != http.StatusOK {
		t.Errorf("/new-mfa-setup after the API's reauthenticate: %d", res.StatusCode)
	}

	// Guessing counts on the account's login limit, with the pages' /reauth.
	g := h.api()
	g.login("finance@demo.example")
	for i := 1; i <= loginAccountLimit; i++ {
		g.call("POST", reauthAPIPath, map[string]string{"password": "wrong"}).expect(t, 422, apiCodeBadCredentials)
	}
	r = g.call("POST", reauthAPIPath, map[string]string{"password": reference.DemoPassword})
	r.expect(t, 429, apiCodeTooMany)
	if r.Header.Get("Retry-After") == "" {
		t.Error("no Retry-After")
	}
	checkReply(t, "POST", "/authentication/reauthenticate", r)
}
