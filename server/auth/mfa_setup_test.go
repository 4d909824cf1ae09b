package auth_test

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"portal/htmlq"
	"portal/mfa"
	"portal/provider"
	"portal/reference/demo"
	"portal/server/api"
	"portal/session"
)

// Showing the setup page starts nothing: the authenticator secret is made
// by a POST (the password step, or "Set up the authenticator app").
func TestMFASetupGetCreatesNothing(t *testing.T) {
	h := newHarness(t)
	uid := demo.UserMFANewID
	c := h.Client()
	wantLocation(t, c.Login(emailMFANew), "/mfa-setup")
	// The password step (a POST) started the secret the page shows...
	started, err := h.Store.PendingTOTP(t.Context(), uid)
	if err != nil {
		t.Fatalf("no secret started at login: %v", err)
	}
	_, doc := c.Page("/mfa-setup")
	if s := htmlq.Find(doc, htmlq.ByID("totp-secret")); s == nil || strings.ReplaceAll(htmlq.VisibleText(s), " ", "") != started.Secret {
		t.Fatal("the page does not show the secret started at login")
	}

	// ...and without one, showing the page makes none and leaves the
	// session as it was.
	h.Exec(`DELETE FROM totp_factors WHERE user_id = ?`, uid)
	stored := func() *session.Session {
		s, err := h.Sessions.Load(t.Context(), c.SessionID())
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	before := stored()
	for range 2 {
		_, doc = c.Page("/mfa-setup")
	}
	if _, err := h.Store.PendingTOTP(t.Context(), uid); provider.ErrorCode(err) != provider.ENOTFOUND {
		t.Fatalf("GET /mfa-setup started a secret: %v", err)
	}
	if after := stored(); len(after.Values) != len(before.Values) {
		t.Errorf("GET /mfa-setup wrote the session: %v, was %v", after.Values, before.Values)
	}
	if htmlq.Find(doc, htmlq.ByID("totp-secret")) != nil || htmlq.Find(doc, htmlq.ByTag("svg")) != nil {
		t.Fatal("a secret is shown, yet none was started")
	}
	form := htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "form" && htmlq.Attr(n, "action") == "/mfa-setup/totp/start" })
	if form == nil || htmlq.Find(form, func(n *html.Node) bool {
		return n.Data == "button" && htmlq.VisibleText(n) == "Set up the authenticator app"
	}) == nil {
		t.Fatal("no way to start the authenticator without JavaScript")
	}

	wantLocation(t, post(c, "/mfa-setup", "/mfa-setup/totp/start", nil), "/mfa-setup#totp-title")
	enr, err := h.Store.PendingTOTP(t.Context(), uid)
	if err != nil {
		t.Fatal(err)
	}
	_, doc = c.Page("/mfa-setup")
	if s := htmlq.Find(doc, htmlq.ByID("totp-secret")); s == nil || strings.ReplaceAll(htmlq.VisibleText(s), " ", "") != enr.Secret {
		t.Fatal("the started secret is not shown")
	}
	if htmlq.Find(doc, htmlq.ByTag("svg")) == nil {
		t.Fatal("no QR code")
	}
	code, _ := mfa.Code(enr.Secret, time.Now())
	wantLocation(t, post(c, "/mfa-setup", "/mfa-setup/totp", url.Values{"totp_code": {code}}), "/mfa-setup")
	// Starting again once it is active only shows the page.
	wantLocation(t, post(c, "/mfa-setup", "/mfa-setup/totp/start", nil), "/mfa-setup#totp-title")
}

// The same through the API: GET request_totp_factor shows the pending
// secret and creates none; POST starts one.
func TestAPIRequestTOTPGetCreatesNothing(t *testing.T) {
	h := newHarness(t)
	uid := demo.UserMFANewID
	a, _ := loginScope(h, emailMFANew)
	started, err := h.Store.PendingTOTP(t.Context(), uid)
	if err != nil {
		t.Fatalf("no secret started at login: %v", err)
	}
	r := a.Call("GET", mfaPath+"/request_totp_factor", nil)
	r.Expect(t, 200, "")
	if r.JSON["secret"] != started.Secret {
		t.Errorf("GET shows %v, login started %s", r.JSON["secret"], started.Secret)
	}

	h.Exec(`DELETE FROM totp_factors WHERE user_id = ?`, uid)
	r = a.Call("GET", mfaPath+"/request_totp_factor", nil)
	r.Expect(t, 404, api.CodeNotFound)
	h.CheckReply(t, "GET", "/authentication/mfa/request_totp_factor", r)
	if _, err := h.Store.PendingTOTP(t.Context(), uid); provider.ErrorCode(err) != provider.ENOTFOUND {
		t.Fatalf("GET request_totp_factor started a secret: %v", err)
	}

	r = a.Call("POST", mfaPath+"/request_totp_factor", nil)
	r.Expect(t, 201, "")
	h.CheckReply(t, "POST", "/authentication/mfa/request_totp_factor", r)
	enr, err := h.Store.PendingTOTP(t.Context(), uid)
	if err != nil || r.JSON["secret"] != enr.Secret || !strings.HasPrefix(r.JSON["qr_svg"].(string), "<svg") {
		t.Fatalf("POST: %.200s; pending %+v %v", r.Raw, enr, err)
	}
	if again := a.Call("POST", mfaPath+"/request_totp_factor", nil); again.JSON["secret"] != enr.Secret {
		t.Error("a second start replaced the pending secret")
	}
	if got := a.Call("GET", mfaPath+"/request_totp_factor", nil); got.JSON["secret"] != enr.Secret {
		t.Errorf("GET after start: %s", got.Raw)
	}
}
