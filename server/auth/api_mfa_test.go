package auth_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"portal/provider"
	"portal/reference/demo"
	"portal/server"
	"portal/server/api"
	"portal/server/auth"
	"portal/server/servertest"
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
func loginScope(h *servertest.Harness, email string) (*servertest.APIClient, servertest.Reply) {
	h.T.Helper()
	a := h.API()
	return a, a.LoginScope(email)
}

// noSlowDown keeps the screens' growing delay after wrong codes out of the
// test's run time.
func noSlowDown(t *testing.T) {
	prev := *auth.MFASlowDown
	*auth.MFASlowDown = func(int) time.Duration { return 0 }
	t.Cleanup(func() { *auth.MFASlowDown = prev })
}

// expectUpgraded checks a reply that completed MFA for a bearer caller: a
// dashboard token naming a new session, a new refresh cookie and CSRF
// token; the login-scope token and the old refresh cookie are dead.
func expectUpgraded(t *testing.T, h *servertest.Harness, a *servertest.APIClient, login servertest.Reply, r servertest.Reply, method, path string) {
	t.Helper()
	r.Expect(t, 200, "")
	h.CheckReply(t, method, path, r)
	oldSid := mustClaims(t, h, a.Token).Session
	tok, _ := r.JSON["access_token"].(string)
	cl := mustClaims(t, h, tok)
	if cl.Scope != session.ScopeDashboard || r.JSON["scope"] != session.ScopeDashboard || r.JSON["token_type"] != "Bearer" {
		t.Fatalf("not upgraded: %+v %s", cl, r.Raw)
	}
	if cl.Session == oldSid {
		t.Error("the session id did not change at MFA completion")
	}
	if ck := a.RefreshCookie(); ck == nil || session.HandleOf(ck.Value) != cl.Session {
		t.Errorf("refresh cookie %v does not name the new session %s", ck, cl.Session)
	}
	if servertest.UnmaskCSRF(t, r.JSON["csrf_token"]) == servertest.UnmaskCSRF(t, login.JSON["csrf_token"]) {
		t.Error("the CSRF token did not change")
	}
	if _, err := h.Sessions.LoadByHandle(t.Context(), oldSid); err == nil {
		t.Error("the login-scope session survives")
	}
	// The old token is dead; the new one opens the customer calls.
	a.Call("GET", currentUser, nil).Expect(t, 401, "EXPIRED_AUTHENTICATION")
	stale := h.API()
	stale.Jar.SetCookies(&url.URL{Scheme: "http", Host: "portal.test", Path: "/api"},
		[]*http.Cookie{{Name: "portal_refresh", Value: oldSid, Path: "/api"}})
	stale.Call("POST", refreshPath, nil, "X-CSRF-Token", login.JSON["csrf_token"].(string)).Expect(t, 401, "EXPIRED_AUTHENTICATION")
	a.Token = tok
	a.Call("GET", currentUser, nil).Expect(t, 200, "")
	rr := a.Call("POST", refreshPath, nil, "Authorization", "", "X-CSRF-Token", r.JSON["csrf_token"].(string))
	rr.Expect(t, 200, "")
	if mustClaims(t, h, rr.JSON["access_token"].(string)).Scope != session.ScopeDashboard {
		t.Error("refresh after MFA lost the dashboard scope")
	}
}

func TestAPIMFAConfiguration(t *testing.T) {
	h := newHarness(t)
	for _, c := range []struct {
		email string
		next  auth.MFANext
	}{
		{emailMFATOTP, auth.APINextVerify}, {emailMFASMS, auth.APINextVerify}, {emailMFAAuthy, auth.APINextVerify},
		{emailMFANew, auth.APINextSetup}, {emailObserver, auth.APINextDone},
	} {
		a := h.API()
		a.Login(c.email)
		r := a.Call("GET", mfaPath+"/configuration", nil)
		r.Expect(t, 200, "")
		h.CheckReply(t, "GET", "/authentication/mfa/configuration", r)
		if r.JSON["next"] != string(c.next) {
			t.Errorf("%s: next %v, want %s", c.email, r.JSON["next"], c.next)
		}
	}
}

func TestAPIMFATOTPLogin(t *testing.T) {
	h := newHarness(t)
	a, login := loginScope(h, emailMFATOTP)
	// Login scope opens no customer call, and the code is required.
	a.Call("GET", currentUser, nil).Expect(t, 403, api.CodeMissingScope)
	for _, tc := range []struct {
		body  any
		title string
	}{
		{map[string]string{}, auth.MsgCodeRequired},
		{map[string]string{"code": "12a456"}, auth.MsgTOTPFormat},
		{map[string]string{"code": wrongTOTP(t, demo.TOTPSecret)}, auth.MsgTOTPFailed},
	} {
		r := a.Call("POST", mfaPath+"/verify_totp_factor", tc.body)
		r.Expect(t, 422, api.CodeInvalid)
		e := r.FirstError(t)
		if e["title"] != tc.title || e["source"].(map[string]any)["pointer"] != "/code" {
			t.Errorf("%v: %s", tc.body, r.Raw)
		}
		h.CheckReply(t, "POST", "/authentication/mfa/verify_totp_factor", r)
	}
	code := servertest.TOTP(t, demo.TOTPSecret, 0)
	r := a.Call("POST", mfaPath+"/verify_totp_factor", map[string]string{"code": code[:3] + " " + code[3:]})
	expectUpgraded(t, h, a, login, r, "POST", "/authentication/mfa/verify_totp_factor")

	// Verification is for login scope only.
	a.Call("POST", mfaPath+"/verify_totp_factor", map[string]string{"code": code}).Expect(t, 403, api.CodeMissingScope)

	// Replay: the same code does not finish another login; the next step's
	// code (within the allowed drift) does, through mfa_tokens/verify.
	b, blogin := loginScope(h, emailMFATOTP)
	r = b.Call("POST", mfaTok+"/verify", map[string]string{"mfa_token": code})
	r.Expect(t, 422, api.CodeInvalid)
	if e := r.FirstError(t); e["title"] != auth.MsgTOTPFailed || e["source"].(map[string]any)["pointer"] != "/mfa_token" {
		t.Errorf("replay: %s", r.Raw)
	}
	r = b.Call("POST", mfaTok+"/verify", map[string]string{"mfa_token": servertest.TOTP(t, demo.TOTPSecret, 30*time.Second)})
	expectUpgraded(t, h, b, blogin, r, "POST", "/authentication/mfa_tokens/verify")
}

func TestAPIMFASMSLogin(t *testing.T) {
	h := newHarness(t)
	a, login := loginScope(h, emailMFASMS)
	r := a.Call("POST", mfaTok+"/request_sms", nil)
	r.Expect(t, 200, "")
	h.CheckReply(t, "POST", "/authentication/mfa_tokens/request_sms", r)
	if r.JSON["message"] != "SMS has been sent" {
		t.Errorf("reply %s", r.Raw)
	}
	code := servertest.LastSMS(t, h.Store)

	// A code is bound to the login that asked for it.
	other, _ := loginScope(h, emailMFASMS)
	other.Call("POST", mfaPath+"/verify_sms", map[string]string{"code": code}).Expect(t, 422, api.CodeInvalid)
	// Too short, wrong.
	r = a.Call("POST", mfaPath+"/verify_sms", map[string]string{"code": "123"})
	r.Expect(t, 422, api.CodeInvalid)
	if r.FirstError(t)["title"] != auth.MsgSMSCodeShort() {
		t.Errorf("short: %s", r.Raw)
	}
	wrong := "0000000"
	if code == wrong {
		wrong = "1111111"
	}
	r = a.Call("POST", mfaPath+"/verify_sms", map[string]string{"code": wrong})
	r.Expect(t, 422, api.CodeInvalid)
	if title, _ := r.FirstError(t)["title"].(string); title == "" || title == auth.MsgUnknownError {
		t.Errorf("wrong SMS code: %s", r.Raw)
	}

	r = a.Call("POST", mfaPath+"/verify_sms", map[string]string{"code": code})
	expectUpgraded(t, h, a, login, r, "POST", "/authentication/mfa/verify_sms")

	// mfa_tokens/verify takes SMS codes too; a spent code is refused.
	b, blogin := loginScope(h, emailMFASMS)
	b.Call("POST", mfaTok+"/request_sms", nil).Expect(t, 200, "")
	code2 := servertest.LastSMS(t, h.Store)
	r = b.Call("POST", mfaTok+"/verify", map[string]string{"mfa_token": code2})
	expectUpgraded(t, h, b, blogin, r, "POST", "/authentication/mfa_tokens/verify")

	// A user without a phone gets the provider's reason.
	c, _ := loginScope(h, emailMFATOTP)
	r = c.Call("POST", mfaTok+"/request_sms", nil)
	r.Expect(t, 422, api.CodeInvalid)
	h.CheckReply(t, "POST", "/authentication/mfa_tokens/request_sms", r)
}

func TestAPIMFAPushApproval(t *testing.T) {
	h := newHarness(t)
	a, login := loginScope(h, emailMFAAuthy)
	r := a.Call("POST", mfaTok, nil)
	r.Expect(t, 201, "")
	h.CheckReply(t, "POST", "/authentication/mfa_tokens", r)
	id, _ := r.JSON["approval_request_id"].(string)
	if id == "" || r.JSON["status"] != provider.ApprovalPending {
		t.Fatalf("approval %s", r.Raw)
	}
	status := func(c *servertest.APIClient, id string, hdr ...string) servertest.Reply {
		return c.Call("GET", mfaTok+"/status?approval_request_id="+url.QueryEscape(id), nil, hdr...)
	}
	r = status(a, id)
	r.Expect(t, 200, "")
	h.CheckReply(t, "GET", "/authentication/mfa_tokens/status", r)
	if r.JSON["status"] != provider.ApprovalPending || r.JSON["access_token"] != nil {
		t.Fatalf("pending: %s", r.Raw)
	}
	// The request belongs to this login only; the id is required.
	other, _ := loginScope(h, emailMFAAuthy)
	status(other, id).Expect(t, 404, api.CodeNotFound)
	r = a.Call("GET", mfaTok+"/status", nil)
	r.Expect(t, 422, api.CodeInvalid)
	if src := r.FirstError(t)["source"].(map[string]any); src["parameter"] != "approval_request_id" {
		t.Errorf("missing id: %s", r.Raw)
	}

	// Completing while pending only tells the status.
	complete := func(c *servertest.APIClient, id string) servertest.Reply {
		return c.Call("POST", mfaTok+"/complete", map[string]string{"approval_request_id": id})
	}
	r = complete(a, id)
	r.Expect(t, 200, "")
	h.CheckReply(t, "POST", "/authentication/mfa_tokens/complete", r)
	if r.JSON["status"] != provider.ApprovalPending || r.JSON["access_token"] != nil {
		t.Fatalf("complete while pending: %s", r.Raw)
	}
	complete(other, id).Expect(t, 404, api.CodeNotFound)
	r = a.Call("POST", mfaTok+"/complete", map[string]string{})
	r.Expect(t, 422, api.CodeInvalid)
	if src := r.FirstError(t)["source"].(map[string]any); src["pointer"] != "/approval_request_id" {
		t.Errorf("missing id: %s", r.Raw)
	}

	if err := h.Srv.Auth.DecideApproval(t.Context(), id, true); err != nil {
		t.Fatal(err)
	}
	// The poll (a GET) reads the approval and changes nothing...
	r = status(a, id)
	if r.JSON["status"] != provider.ApprovalApproved || r.JSON["access_token"] != nil {
		t.Fatalf("approved: %s", r.Raw)
	}
	h.CheckReply(t, "GET", "/authentication/mfa_tokens/status", r)
	a.Call("GET", mfaPath+"/configuration", nil).Expect(t, 200, "") // the login-scope token still works
	// ...the POST finishes the login.
	r = complete(a, id)
	if r.JSON["status"] != provider.ApprovalApproved {
		t.Fatalf("complete: %s", r.Raw)
	}
	expectUpgraded(t, h, a, login, r, "POST", "/authentication/mfa_tokens/complete")

	// Denied stops there.
	b, _ := loginScope(h, emailMFAAuthy)
	id2, _ := b.Call("POST", mfaTok, nil).JSON["approval_request_id"].(string)
	if err := h.Srv.Auth.DecideApproval(t.Context(), id2, false); err != nil {
		t.Fatal(err)
	}
	r = status(b, id2)
	if r.JSON["status"] != provider.ApprovalDenied || r.JSON["access_token"] != nil {
		t.Errorf("denied: %s", r.Raw)
	}
	r = complete(b, id2)
	if r.JSON["status"] != provider.ApprovalDenied || r.JSON["access_token"] != nil {
		t.Errorf("complete when denied: %s", r.Raw)
	}
	b.Call("GET", currentUser, nil).Expect(t, 403, api.CodeMissingScope)

	// Push bombing: a few requests, then 429 (counted with the screens).
	c, _ := loginScope(h, emailMFAAuthy)
	var last servertest.Reply
	for i := 0; i <= auth.PushLimit; i++ {
		last = c.Call("POST", mfaTok, nil)
	}
	wantTooMany(t, last)
}

// A caller authenticated by the page session cookie (an island on the MFA
// screen) completes MFA too: the page session is rotated and the reply has
// its new CSRF token, no bearer token. The approval poll wants the CSRF
// header even though it is a GET (it spends the login's poll limit).
func TestAPIMFAWithSessionCookie(t *testing.T) {
	h := newHarness(t)
	c := h.Client()
	c.Login(emailMFATOTP)
	pageSession := func() (*session.Session, string) {
		for _, ck := range c.Jar.Cookies(base) {
			if ck.Name == "portal_session" {
				s, err := h.Sessions.Load(t.Context(), ck.Value)
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
	a := h.APIWithJar(c.Jar)
	a.Call("GET", mfaTok+"/status?approval_request_id=x", nil).Expect(t, 403, api.CodeInvalidCSRF)
	a.Call("GET", mfaTok+"/status?approval_request_id=x", nil, "X-CSRF-Token", sess.CSRF).Expect(t, 404, api.CodeNotFound)
	a.Call("POST", mfaPath+"/verify_totp_factor", map[string]string{"code": servertest.TOTP(t, demo.TOTPSecret, 0)}).
		Expect(t, 403, api.CodeInvalidCSRF)
	r := a.Call("POST", mfaPath+"/verify_totp_factor", map[string]string{"code": servertest.TOTP(t, demo.TOTPSecret, 0)},
		"X-CSRF-Token", sess.CSRF)
	r.Expect(t, 200, "")
	h.CheckReply(t, "POST", "/authentication/mfa/verify_totp_factor", r)
	if r.JSON["access_token"] != nil || r.JSON["scope"] != session.ScopeDashboard {
		t.Errorf("cookie reply %s", r.Raw)
	}
	n, newID := pageSession()
	if newID == oldID || n.Scope != session.ScopeDashboard || n.CSRF != servertest.UnmaskCSRF(t, r.JSON["csrf_token"]) {
		t.Errorf("page session not rotated to dashboard: %v", n)
	}
	if res := c.Get("/"); res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(res.Header.Get("Location"), "/org/") {
		t.Errorf("/ after MFA: %d %s", res.StatusCode, res.Header.Get("Location"))
	}
}

// Wrong codes count per user, on the screens' counter: the 5th wrong code
// locks code checks for both for 15 minutes.
func TestAPIMFALockout(t *testing.T) {
	noSlowDown(t)
	h := newHarness(t)
	a, _ := loginScope(h, emailMFATOTP)
	for i := 1; i < auth.MFAMaxAttempts; i++ {
		a.Call("POST", mfaPath+"/verify_totp_factor", map[string]string{"code": wrongTOTP(t, demo.TOTPSecret)}).Expect(t, 422, api.CodeInvalid)
	}
	r := a.Call("POST", mfaTok+"/verify", map[string]string{"mfa_token": wrongTOTP(t, demo.TOTPSecret)})
	wantTooMany(t, r)
	h.CheckReply(t, "POST", "/authentication/mfa_tokens/verify", r)
	// Even the right code is refused now, from a new login too.
	b, _ := loginScope(h, emailMFATOTP)
	b.Call("POST", mfaPath+"/verify_totp_factor", map[string]string{"code": servertest.TOTP(t, demo.TOTPSecret, 0)}).
		Expect(t, 429, api.CodeTooMany)
	// The page counts on the same key.
	c := h.Client()
	c.Login(emailMFATOTP)
	sess := func() *session.Session {
		for _, ck := range c.Jar.Cookies(base) {
			if ck.Name == "portal_session" {
				s, _ := h.Sessions.Load(t.Context(), ck.Value)
				return s
			}
		}
		return nil
	}()
	res := c.Do("POST", "/mfa-verify/totp", url.Values{"_csrf": {sess.CSRF}, "code": {servertest.TOTP(t, demo.TOTPSecret, 0)}})
	if res.StatusCode != http.StatusTooManyRequests {
		t.Errorf("page after API lockout: %d", res.StatusCode)
	}
	// Another user is not affected.
	d, dlogin := loginScope(h, emailMFASMS)
	d.Call("POST", mfaTok+"/request_sms", nil).Expect(t, 200, "")
	expectUpgraded(t, h, d, dlogin, d.Call("POST", mfaPath+"/verify_sms", map[string]string{"code": servertest.LastSMS(t, h.Store)}),
		"POST", "/authentication/mfa/verify_sms")
}

// A login-scope session has 10 minutes from the password step.
func TestAPIMFALoginExpires(t *testing.T) {
	h := newHarness(t)
	now := time.Now()
	h.Sessions.Now = func() time.Time { return now }
	a, _ := loginScope(h, emailMFATOTP)
	for _, d := range []time.Duration{4 * time.Minute, 4 * time.Minute} {
		now = now.Add(d)
		a.Call("GET", mfaPath+"/configuration", nil).Expect(t, 200, "") // keeps it from idling out
	}
	now = now.Add(3 * time.Minute)
	r := a.Call("POST", mfaPath+"/verify_totp_factor", map[string]string{"code": servertest.TOTP(t, demo.TOTPSecret, 0)})
	r.Expect(t, 401, "EXPIRED_AUTHENTICATION")
	if r.FirstError(t)["detail"] != "Your token was expired, please login again" {
		t.Errorf("detail %s", r.Raw)
	}
	if a.RefreshCookie() != nil {
		t.Error("refresh cookie kept")
	}
	a.Call("GET", mfaPath+"/configuration", nil).Expect(t, 401, "EXPIRED_AUTHENTICATION")
}

// Setting up both factors at a first login, then MFA is complete.
func TestAPIMFASetup(t *testing.T) {
	h := newHarness(t)
	a, login := loginScope(h, emailMFANew)
	elsewhere, _ := loginScope(h, emailMFANew) // ends at the first MFA change

	r := a.Call("GET", mfaPath+"/request_totp_factor", nil)
	r.Expect(t, 200, "")
	h.CheckReply(t, "GET", "/authentication/mfa/request_totp_factor", r)
	secret, _ := r.JSON["secret"].(string)
	if secret == "" || !strings.HasPrefix(r.JSON["uri"].(string), "otpauth://totp/") || !strings.HasPrefix(r.JSON["qr_svg"].(string), "<svg") {
		t.Fatalf("factor %.200s", r.Raw)
	}
	if again := a.Call("GET", mfaPath+"/request_totp_factor", nil); again.JSON["secret"] != secret {
		t.Error("a second call changed the pending secret")
	}
	a.Call("POST", mfaPath+"/validate_totp_factor", map[string]string{"code": wrongTOTP(t, secret)}).Expect(t, 422, api.CodeInvalid)
	r = a.Call("POST", mfaPath+"/validate_totp_factor", map[string]string{"code": servertest.TOTP(t, secret, 0)})
	r.Expect(t, 200, "")
	h.CheckReply(t, "POST", "/authentication/mfa/validate_totp_factor", r)
	if r.JSON["mfa_enabled"] != false || r.JSON["access_token"] != nil || r.JSON["message"] != auth.APIMsgTOTPSetUp {
		t.Fatalf("after TOTP: %s", r.Raw)
	}
	elsewhere.Call("GET", mfaPath+"/configuration", nil).Expect(t, 401, "EXPIRED_AUTHENTICATION")
	if r := a.Call("GET", mfaPath+"/configuration", nil); r.JSON["next"] != string(auth.APINextSetup) {
		t.Errorf("a first setup goes on until both are set up: %s", r.Raw)
	}
	a.Call("GET", mfaPath+"/request_totp_factor", nil).Expect(t, 409, "conflict")

	// The phone: field errors, then a code by SMS.
	for _, tc := range []struct {
		body     map[string]string
		pointers []string
	}{
		{map[string]string{}, []string{"/cellphone"}},
		{map[string]string{"cellphone": "12-ab", "country_code": "zz"}, []string{"/country_code", "/cellphone"}},
	} {
		r := a.Call("POST", mfaPath+"/register", tc.body)
		r.Expect(t, 422, api.CodeInvalid)
		h.CheckReply(t, "POST", "/authentication/mfa/register", r)
		errs := r.JSON["errors"].([]any)
		if len(errs) != len(tc.pointers) {
			t.Fatalf("%v: %s", tc.body, r.Raw)
		}
		for i, p := range tc.pointers {
			if errs[i].(map[string]any)["source"].(map[string]any)["pointer"] != p {
				t.Errorf("%v: %s", tc.body, r.Raw)
			}
		}
	}
	r = a.Call("POST", mfaPath+"/register_phone_number", map[string]string{"cellphone": "20 99 88 77", "country_code": "DK"})
	r.Expect(t, 200, "")
	h.CheckReply(t, "POST", "/authentication/mfa/register_phone_number", r)
	a.Call("POST", mfaPath+"/request_sms", map[string]string{"cellphone": "20998877"}).Expect(t, 200, "")
	code := servertest.LastSMS(t, h.Store)
	a.Call("POST", mfaPath+"/confirm_phone_number", map[string]string{}).Expect(t, 422, api.CodeInvalid)
	r = a.Call("POST", mfaPath+"/confirm_phone_number", map[string]string{"code": "0000000"})
	r.Expect(t, 422, api.CodeInvalid)
	if e := r.FirstError(t); e["title"] == auth.MsgUnknownError || e["title"] == "" || e["source"].(map[string]any)["pointer"] != "/code" {
		t.Errorf("wrong phone code: the provider's words on the field, got %s", r.Raw)
	}
	r = a.Call("POST", mfaPath+"/confirm_phone_number", map[string]string{"code": code})
	if r.JSON["mfa_enabled"] != true || r.JSON["message"] != auth.APIMsgPhoneConfirmed {
		t.Fatalf("after phone: %s", r.Raw)
	}
	expectUpgraded(t, h, a, login, r, "POST", "/authentication/mfa/confirm_phone_number")

	// Both are set up now: registering again (after the password again, as
	// at any dashboard-scope change) is refused with the spec's text.
	a.Call("POST", reauthAPIPath, map[string]string{"password": demo.Password}).Expect(t, 200, "")
	r = a.Call("POST", mfaPath+"/register", map[string]string{"cellphone": "20998877"})
	r.Expect(t, 409, "conflict")
	if r.FirstError(t)["title"] != auth.MsgMFARegistered {
		t.Errorf("registered: %s", r.Raw)
	}
	u, err := h.Store.UserByID(t.Context(), demo.UserMFANewID)
	if err != nil || !u.MFAEnabled || !u.HasPhone || !u.HasVerifySetup {
		t.Errorf("user %+v %v", u, err)
	}
}

// apiCall is one call of an operation, with a body it accepts.
type apiCall struct {
	method, path string
	body         any
}

// apiSetupCalls are the setup operations (each behind apiSetup).
var apiSetupCalls = []apiCall{
	{"POST", mfaPath + "/register", map[string]string{"cellphone": "20998877"}},
	{"POST", mfaPath + "/register_phone_number", map[string]string{"cellphone": "20998877"}},
	{"POST", mfaPath + "/request_sms", map[string]string{"cellphone": "20998877"}},
	{"POST", mfaPath + "/confirm_phone_number", map[string]string{"code": "1234567"}},
	{"GET", mfaPath + "/request_totp_factor", nil},
	{"POST", mfaPath + "/request_totp_factor", nil},
	{"POST", mfaPath + "/validate_totp_factor", map[string]string{"code": "123456"}},
}

// Setup is no side door: at login scope, a user with a second factor must
// verify with it before adding another; verification calls want login
// scope; a fully authenticated user may add a method.
func TestAPIMFAScopes(t *testing.T) {
	h := newHarness(t)
	a, _ := loginScope(h, emailMFATOTP)
	for _, c := range apiSetupCalls {
		r := a.Call(c.method, c.path, c.body)
		r.Expect(t, 403, api.CodeMissingScope)
		if r.FirstError(t)["title"] != auth.APIMsgSetupClosed {
			t.Errorf("%s %s: %s", c.method, c.path, r.Raw)
		}
	}

	d := h.API()
	d.Login(emailObserver) // skips MFA: dashboard
	for _, c := range []apiCall{
		{"POST", mfaTok, nil},
		{"GET", mfaTok + "/status?approval_request_id=x", nil},
		{"POST", mfaTok + "/complete", map[string]string{"approval_request_id": "x"}},
		{"POST", mfaTok + "/verify", map[string]string{"mfa_token": "123456"}},
		{"POST", mfaTok + "/request_sms", nil},
		{"POST", mfaPath + "/verify_totp_factor", map[string]string{"code": "123456"}},
		{"POST", mfaPath + "/verify_sms", map[string]string{"code": "1234567"}},
	} {
		d.Call(c.method, c.path, c.body).Expect(t, 403, api.CodeMissingScope)
	}
	// Adding a phone at dashboard scope works, after the password again
	// (TestAPIReauthenticate), and does not touch the scope.
	d.Call("POST", mfaPath+"/register", map[string]string{"cellphone": "20998877"}).Expect(t, 403, auth.APICodeReauth)
	d.Call("POST", reauthAPIPath, map[string]string{"password": demo.Password}).Expect(t, 200, "")
	r := d.Call("POST", mfaPath+"/register", map[string]string{"cellphone": "20998877"})
	r.Expect(t, 200, "")
	r = d.Call("POST", mfaPath+"/confirm_phone_number", map[string]string{"code": servertest.LastSMS(t, h.Store)})
	r.Expect(t, 200, "")
	if r.JSON["access_token"] != nil || r.JSON["mfa_enabled"] != false {
		t.Errorf("dashboard setup: %s", r.Raw)
	}
	d.Call("GET", currentUser, nil).Expect(t, 200, "")

	// Nothing without a credential: a change without one is told to log
	// in as a read is, not refused as a forgery.
	h.API().Call("GET", mfaPath+"/request_totp_factor", nil).Expect(t, 401, "unauthenticated")
	h.API().Call("POST", mfaTok+"/verify", map[string]string{"mfa_token": "123456"}).Expect(t, 401, "unauthenticated")
}

// Without the provider's Auth the calls answer not found, as the screens do.
func TestAPIMFAWithoutAuth(t *testing.T) {
	h := newHarness(t, func(d *server.Deps) { d.Auth = nil })
	a, _ := loginScope(h, emailMFATOTP)
	a.Call("POST", mfaTok+"/verify", map[string]string{"mfa_token": "123456"}).Expect(t, 404, api.CodeNotFound)
	// The password calls: TestAPIPasswordsWithoutAuth (package passwords).
}

const reauthAPIPath = "/api/v1/authentication/reauthenticate"

// Adding or replacing a factor through the API at scope dashboard needs the
// password again, as the pages need /reauth: a bearer token alone is
// refused. The confirmation holds reauthWindow (the pages' notion of
// recent) and attempts count on the per-account login limit.
func TestAPIReauthenticate(t *testing.T) {
	h := newHarness(t)
	now := time.Now()
	h.Sessions.Now = func() time.Time { return now }
	d := h.API()
	d.Login(emailObserver)
	for _, c := range apiSetupCalls {
		r := d.Call(c.method, c.path, c.body)
		r.Expect(t, 403, auth.APICodeReauth)
		if r.FirstError(t)["title"] != auth.APIMsgReauth {
			t.Errorf("%s %s: %s", c.method, c.path, r.Raw)
		}
	}

	phone := map[string]string{"cellphone": "20998877"}
	r := d.Call("POST", reauthAPIPath, map[string]string{})
	r.Expect(t, 422, api.CodeInvalid)
	if r.FirstError(t)["source"].(map[string]any)["pointer"] != "/password" {
		t.Errorf("missing password: %s", r.Raw)
	}
	r = d.Call("POST", reauthAPIPath, map[string]string{"password": "wrong"})
	r.Expect(t, 422, api.CodeBadCredentials)
	if e := r.FirstError(t); e["title"] != auth.MsgReauthWrong || e["source"].(map[string]any)["pointer"] != "/password" {
		t.Errorf("wrong password: %s", r.Raw)
	}
	d.Call("POST", mfaPath+"/register", phone).Expect(t, 403, auth.APICodeReauth)
	r = d.Call("POST", reauthAPIPath, map[string]string{"password": demo.Password})
	r.Expect(t, 200, "")
	h.CheckReply(t, "POST", "/authentication/reauthenticate", r)
	if r.JSON["expires_in"] != float64(auth.ReauthWindow/time.Second) {
		t.Errorf("reply %s", r.Raw)
	}
	r = d.Call("POST", mfaPath+"/register", phone)
	r.Expect(t, 200, "")

	// The same window as the pages: still open just inside it (the calls
	// in between keep the session from idling out), closed after it.
	now = now.Add(auth.ReauthWindow / 2)
	d.Call("GET", currentUser, nil).Expect(t, 200, "")
	now = now.Add(auth.ReauthWindow/2 - time.Second)
	d.Call("POST", mfaPath+"/register", phone).Expect(t, 200, "")
	now = now.Add(2 * time.Second)
	d.Call("POST", mfaPath+"/register", phone).Expect(t, 403, auth.APICodeReauth)

	// Only a fully authenticated caller re-authenticates; a cookie caller
	// sends the CSRF header.
	l, _ := loginScope(h, emailMFATOTP)
	l.Call("POST", reauthAPIPath, map[string]string{"password": demo.Password}).Expect(t, 403, api.CodeMissingScope)
	c := h.Client()
	c.Login(emailObserver)
	cookie := h.APIWithJar(c.Jar)
	cookie.Call("POST", reauthAPIPath, map[string]string{"password": demo.Password}).Expect(t, 403, api.CodeInvalidCSRF)
	wantLocation(t, c.Get("/new-mfa-setup"), "/reauth?next=/new-mfa-setup")
	cookie.Call("POST", reauthAPIPath, map[string]string{"password": demo.Password}, "X-CSRF-Token", sessionCSRF(h, c)).Expect(t, 200, "")
	// One notion of recent: the page behind /reauth opens now too.
	if res := c.Get("/new-mfa-setup"); res.StatusCode != http.StatusOK {
		t.Errorf("/new-mfa-setup after the API's reauthenticate: %d", res.StatusCode)
	}

	// Guessing counts on the account's login limit, with the pages' /reauth.
	g := h.API()
	g.Login("finance@demo.example")
	for i := 1; i <= auth.LoginAccountLimit; i++ {
		g.Call("POST", reauthAPIPath, map[string]string{"password": "wrong"}).Expect(t, 422, api.CodeBadCredentials)
	}
	r = g.Call("POST", reauthAPIPath, map[string]string{"password": demo.Password})
	wantTooMany(t, r)
	h.CheckReply(t, "POST", "/authentication/reauthenticate", r)
}
