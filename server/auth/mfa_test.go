package auth_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"portal/htmlq"
	"portal/mfa"
	"portal/provider"
	"portal/reference/demo"
	"portal/server"
	"portal/server/auth"
	"portal/server/servertest"
	"portal/session"
)

// post sends a form with the CSRF token of the browser's session (read
// from any form on from).
func post(c *servertest.Client, from, path string, form url.Values) *http.Response {
	c.T.Helper()
	if form == nil {
		form = url.Values{}
	}
	form.Set("_csrf", c.CSRF(from))
	return c.Do("POST", path, form)
}

// sessionCSRF is the token of the browser's session, for pages that show
// no form.
func sessionCSRF(h *servertest.Harness, c *servertest.Client) string {
	c.T.Helper()
	s, err := h.Sessions.Load(c.T.Context(), c.SessionID())
	if err != nil {
		c.T.Fatal(err)
	}
	return s.CSRF
}

// follow GETs a redirect's target and parses it.
func follow(c *servertest.Client, res *http.Response) (*http.Response, *html.Node) {
	c.T.Helper()
	if res.StatusCode != http.StatusSeeOther {
		c.T.Fatalf("want a 303, got %d", res.StatusCode)
	}
	return c.Page(res.Header.Get("Location"))
}

func wantLocation(t *testing.T, res *http.Response, want string) {
	t.Helper()
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != want {
		t.Fatalf("got %d → %q, want 303 → %q", res.StatusCode, res.Header.Get("Location"), want)
	}
}

func wantStatus(t *testing.T, res *http.Response, want int) *html.Node {
	t.Helper()
	if res.StatusCode != want {
		t.Fatalf("status %d, want %d", res.StatusCode, want)
	}
	return servertest.Parse(t, res)
}

// fieldError checks the GOV.UK pattern: the message under the field, the
// field tied to it, and a link to the field in the error summary.
func fieldError(t *testing.T, doc *html.Node, field, msg string) {
	t.Helper()
	el := htmlq.Find(doc, htmlq.ByID(field+"-error"))
	if el == nil || !strings.Contains(htmlq.VisibleText(el), msg) {
		t.Fatalf("field %s: no error %q", field, msg)
	}
	in := htmlq.Find(doc, htmlq.ByID(field))
	if in == nil || htmlq.Attr(in, "aria-invalid") != "true" || !strings.Contains(htmlq.Attr(in, "aria-describedby"), field+"-error") {
		t.Fatalf("field %s not tied to its error", field)
	}
	link := htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "a" && htmlq.Attr(n, "href") == "#"+field })
	if link == nil || htmlq.VisibleText(link) != msg {
		t.Fatalf("error summary lacks a link to #%s with %q", field, msg)
	}
}

func hasText(doc *html.Node, s string) bool { return strings.Contains(htmlq.VisibleText(doc), s) }

func alertText(doc *html.Node) string {
	var out []string
	for _, n := range htmlq.FindAll(doc, func(n *html.Node) bool { return htmlq.Attr(n, "role") == "alert" }) {
		out = append(out, htmlq.VisibleText(n))
	}
	return strings.Join(out, " | ")
}

func totpNow(t *testing.T) string {
	t.Helper()
	code, err := mfa.Code(demo.TOTPSecret, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	return code
}

// wrongTOTP is a well-formed code that is none of the window's.
func wrongTOTP(t *testing.T, secret string) string {
	t.Helper()
	now := time.Now()
	used := map[string]bool{}
	for _, d := range []time.Duration{-60 * time.Second, -30 * time.Second, 0, 30 * time.Second, 60 * time.Second} {
		c, _ := mfa.Code(secret, now.Add(d))
		used[c] = true
	}
	for _, c := range []string{"000000", "111111", "222222", "333333"} {
		if !used[c] {
			return c
		}
	}
	t.Fatal("no wrong code")
	return ""
}

func scopeOf(t *testing.T, h *servertest.Harness, c *servertest.Client) string {
	t.Helper()
	s, err := h.Sessions.Load(t.Context(), c.SessionID())
	if err != nil {
		t.Fatalf("session: %v", err)
	}
	return s.Scope
}

func TestMFAVerifyTOTP(t *testing.T) {
	h := newHarness(t)
	c := h.Client()
	wantLocation(t, c.Login("mfa-totp@demo.example"), "/mfa-verify")
	if got := scopeOf(t, h, c); got != session.ScopeLogin {
		t.Fatalf("scope after password: %q", got)
	}
	// Scope login reaches the MFA pages only.
	for _, p := range []string{"/org/" + demo.Org1ID, "/login_transition"} {
		wantLocation(t, c.Get(p), "/login?redirect_code=MissingScope")
	}

	// The choice cards: the user's one method (TestMFAVerifyOffersWhatTheUserHas).
	_, doc := c.Page("/mfa-verify")
	if cards := choiceCards(doc); len(cards) != 1 || !strings.HasPrefix(cards[0], "/mfa-verify?method=authenticator Authentication app (recommended)") {
		t.Fatalf("choice cards %q", cards)
	}
	if a := htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "a" && htmlq.VisibleText(n) == "Open the sandbox outbox" }); a == nil {
		t.Fatal("no sandbox outbox link")
	}

	_, doc = c.Page("/mfa-verify?method=authenticator")
	if a := htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "a" && htmlq.VisibleText(n) == "Go back" }); a == nil || htmlq.Attr(a, "href") != "/mfa-verify" {
		t.Fatal("authenticator screen lacks Go back")
	}
	if l := htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "label" && htmlq.Attr(n, "for") == "code" }); l == nil {
		t.Fatal("code field has no label")
	}

	doc = wantStatus(t, post(c, "/mfa-verify", "/mfa-verify/totp", url.Values{"code": {""}}), 422)
	fieldError(t, doc, "code", "Please input your code")
	doc = wantStatus(t, post(c, "/mfa-verify", "/mfa-verify/totp", url.Values{"code": {wrongTOTP(t, demo.TOTPSecret)}}), 422)
	fieldError(t, doc, "code", "TOTP validation failed. Please try again.")
	if scopeOf(t, h, c) != session.ScopeLogin {
		t.Fatal("a wrong code changed the scope")
	}

	before := c.SessionID()
	code := totpNow(t)
	// "123 456" as shown by apps is accepted too.
	res := post(c, "/mfa-verify", "/mfa-verify/totp", url.Values{"code": {code[:3] + " " + code[3:]}})
	wantLocation(t, res, "/login_transition")
	after := c.SessionID()
	if after == before || after == "" {
		t.Fatal("MFA completion did not rotate the session id")
	}
	if _, err := h.Sessions.Load(t.Context(), before); err == nil {
		t.Fatal("the pre-MFA session id still works")
	}
	if got := scopeOf(t, h, c); got != session.ScopeDashboard {
		t.Fatalf("scope after MFA: %q", got)
	}
	if res := c.Get("/org/" + demo.Org1ID); res.StatusCode != http.StatusOK {
		t.Fatalf("dashboard after MFA: %d", res.StatusCode)
	}
	// Nothing left to verify: the page says so (TestMFAVerifyOffersWhatTheUserHas).
	wantStatus(t, c.Get("/mfa-verify"), 200)
	wantLocation(t, c.Get("/totp-validate"), "/")

	// The same code cannot finish another login (replay).
	c2 := h.Client()
	c2.Login("mfa-totp@demo.example")
	doc = wantStatus(t, post(c2, "/mfa-verify", "/mfa-verify/totp", url.Values{"code": {code}}), 422)
	if e := htmlq.Find(doc, htmlq.ByID("code-error")); e == nil || !strings.Contains(htmlq.VisibleText(e), "already been used") {
		t.Fatalf("replayed code: %q", htmlq.VisibleText(e))
	}
	if scopeOf(t, h, c2) != session.ScopeLogin {
		t.Fatal("a replayed code finished a login")
	}
}

func TestTOTPValidatePage(t *testing.T) {
	h := newHarness(t)
	c := h.Client()
	c.Login("mfa-totp@demo.example")
	_, doc := c.Page("/totp-validate")
	form := htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "form" && htmlq.Attr(n, "action") == "/totp-validate" })
	if form == nil || htmlq.Find(form, htmlq.ByID("code")) == nil {
		t.Fatal("/totp-validate has no code form")
	}
	doc = wantStatus(t, post(c, "/totp-validate", "/totp-validate", url.Values{"code": {"12"}}), 422)
	fieldError(t, doc, "code", auth.MsgTOTPFormat)
	wantLocation(t, post(c, "/totp-validate", "/totp-validate", url.Values{"code": {totpNow(t)}}), "/login_transition")
}

func TestMFAVerifySMS(t *testing.T) {
	h := newHarness(t)
	a := h.Client()
	wantLocation(t, a.Login("mfa-sms@demo.example"), "/mfa-verify")
	_, doc := a.Page("/mfa-verify?method=sms")
	if b := htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "button" && htmlq.VisibleText(n) == "Send code" }); b == nil {
		t.Fatal("no Send code button")
	}
	if htmlq.Find(doc, htmlq.ByID("code")) != nil {
		t.Fatal("code field before a code was sent")
	}
	res := post(a, "/mfa-verify?method=sms", "/mfa-verify/sms/send", nil)
	_, doc = follow(a, res)
	if !hasText(doc, "SMS has been sent") || htmlq.Find(doc, htmlq.ByID("code")) == nil {
		t.Fatal("after sending: no notice or no code field")
	}
	codeA := servertest.LastSMS(t, h.Store)

	// Another login of the same user gets its own code.
	b := h.Client()
	b.Login("mfa-sms@demo.example")
	post(b, "/mfa-verify?method=sms", "/mfa-verify/sms/send", nil)
	codeB := servertest.LastSMS(t, h.Store)
	if codeA == codeB {
		t.Skip("two random codes collided")
	}

	doc = wantStatus(t, post(a, "/mfa-verify?method=sms", "/mfa-verify/sms", url.Values{"code": {"123"}}), 422)
	fieldError(t, doc, "code", auth.MsgSMSCodeShort())
	doc = wantStatus(t, post(a, "/mfa-verify?method=sms", "/mfa-verify/sms", url.Values{"code": {codeB}}), 422)
	if e := htmlq.Find(doc, htmlq.ByID("code-error")); e == nil {
		t.Fatal("another login's code: no error")
	}
	if scopeOf(t, h, a) != session.ScopeLogin {
		t.Fatal("another login's code was accepted")
	}
	wantLocation(t, post(a, "/mfa-verify?method=sms", "/mfa-verify/sms", url.Values{"code": {codeA}}), "/login_transition")
	if scopeOf(t, h, a) != session.ScopeDashboard {
		t.Fatal("SMS login not completed")
	}
	// Single use: B cannot use A's spent code either, and B's own code works.
	wantStatus(t, post(b, "/mfa-verify?method=sms", "/mfa-verify/sms", url.Values{"code": {codeA}}), 422)
	wantLocation(t, post(b, "/mfa-verify?method=sms", "/mfa-verify/sms", url.Values{"code": {codeB}}), "/login_transition")
}

func approvalStatusOf(t *testing.T, c *servertest.Client, id string) (int, string) {
	t.Helper()
	res := c.Do("GET", "/mfa-verify/approval?id="+url.QueryEscape(id), nil, "Accept", "application/json")
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	var v struct {
		Status string `json:"status"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("approval status: %d %s", res.StatusCode, b)
	}
	return res.StatusCode, v.Status
}

// startPush logs in as the push user and sends a request; it returns the
// approval id the island was given.
func startPush(t *testing.T, h *servertest.Harness) (*servertest.Client, string) {
	t.Helper()
	c := h.Client()
	c.Login("mfa-authy@demo.example")
	_, doc := follow(c, post(c, "/mfa-verify?method=authy", "/mfa-verify/authy", nil))
	island := htmlq.Find(doc, func(n *html.Node) bool { return htmlq.Attr(n, "data-island") == "ApprovalPoll" })
	if island == nil {
		t.Fatal("no ApprovalPoll island")
	}
	props := htmlq.Find(doc, htmlq.ByID(htmlq.Attr(island, "data-props")))
	var p auth.ApprovalProps
	if err := json.Unmarshal([]byte(htmlq.VisibleText(props)), &p); err != nil {
		t.Fatal(err)
	}
	if p.Status != provider.ApprovalPending || p.Interval != 2000 || p.CheckURL != "/mfa-verify/authy/check" {
		t.Fatalf("island props %+v", p)
	}
	// Without JavaScript: the status in a live region and a Check again form.
	st := htmlq.Find(island, func(n *html.Node) bool { return htmlq.Attr(n, "role") == "status" })
	if st == nil || !strings.Contains(htmlq.VisibleText(st), "Waiting for approval") {
		t.Fatal("no status live region")
	}
	form := htmlq.Find(island, func(n *html.Node) bool { return n.Data == "form" && htmlq.Attr(n, "action") == p.CheckURL })
	if form == nil || htmlq.Find(form, func(n *html.Node) bool { return n.Data == "button" && htmlq.VisibleText(n) == "Check again" }) == nil {
		t.Fatal("no Check again form")
	}
	return c, p.ID
}

// decide approves or denies through the sandbox outbox page, as a tester.
func decide(t *testing.T, h *servertest.Harness, id, decision string) {
	t.Helper()
	tester := h.Client()
	_, doc := tester.Page("/sandbox/outbox")
	form := htmlq.Find(doc, func(n *html.Node) bool {
		return n.Data == "form" && htmlq.Attr(n, "action") == "/sandbox/outbox/approvals/"+id
	})
	if form == nil {
		t.Fatal("the outbox does not list the approval")
	}
	res := post(tester, "/sandbox/outbox", "/sandbox/outbox/approvals/"+id, url.Values{"decision": {decision}})
	wantLocation(t, res, "/sandbox/outbox")
}

func TestMFAPushApproved(t *testing.T) {
	h := newHarness(t)
	c, id := startPush(t, h)
	if code, st := approvalStatusOf(t, c, id); code != 200 || st != "pending" {
		t.Fatalf("status: %d %q", code, st)
	}
	// Check again while pending shows the status; the login does not move on.
	doc := wantStatus(t, post(c, "/mfa-verify?method=authy", "/mfa-verify/authy/check", nil), 200)
	if !hasText(doc, "Waiting for approval") || scopeOf(t, h, c) != session.ScopeLogin {
		t.Fatal("pending check")
	}
	// Another login cannot read this request.
	other := h.Client()
	other.Login("mfa-authy@demo.example")
	if code, _ := approvalStatusOf(t, other, id); code != 404 {
		t.Fatalf("another login's approval: %d", code)
	}

	decide(t, h, id, "approve")
	if _, st := approvalStatusOf(t, c, id); st != "approved" {
		t.Fatalf("after approve: %q", st)
	}
	before := c.SessionID()
	wantLocation(t, post(c, "/mfa-verify?method=authy", "/mfa-verify/authy/check", nil), "/login_transition")
	if c.SessionID() == before || scopeOf(t, h, c) != session.ScopeDashboard {
		t.Fatal("approved push did not finish the login")
	}
	// The other login of the same user is still at scope login.
	if scopeOf(t, h, other) != session.ScopeLogin {
		t.Fatal("the approval finished another login")
	}
}

func TestMFAPushDenied(t *testing.T) {
	h := newHarness(t)
	c, id := startPush(t, h)
	decide(t, h, id, "deny")
	if _, st := approvalStatusOf(t, c, id); st != "denied" {
		t.Fatalf("after deny: %q", st)
	}
	doc := wantStatus(t, post(c, "/mfa-verify?method=authy", "/mfa-verify/authy/check", nil), 200)
	if !hasText(doc, "The request was denied.") {
		t.Fatal("denied status not shown")
	}
	if htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "button" && htmlq.VisibleText(n) == "Send a new request" }) == nil {
		t.Fatal("no way to send a new request")
	}
	if scopeOf(t, h, c) != session.ScopeLogin {
		t.Fatal("denied push finished the login")
	}
	wantLocation(t, c.Get("/org/"+demo.Org1ID), "/login?redirect_code=MissingScope")
}

func TestMFASendLimits(t *testing.T) {
	h := newHarness(t)
	c := h.Client()
	c.Login("mfa-sms@demo.example")
	for i := 1; i <= auth.SMSSendLimit; i++ {
		wantLocation(t, post(c, "/mfa-verify?method=sms", "/mfa-verify/sms/send", nil), "/mfa-verify?method=sms")
	}
	res := post(c, "/mfa-verify?method=sms", "/mfa-verify/sms/send", nil)
	doc := wantStatus(t, res, 429)
	if !strings.Contains(alertText(doc), "Too many requests") || res.Header.Get("Retry-After") == "" {
		t.Fatalf("SMS limit: %q", alertText(doc))
	}

	p := h.Client()
	p.Login("mfa-authy@demo.example")
	for i := 1; i <= auth.PushLimit; i++ {
		wantLocation(t, post(p, "/mfa-verify?method=authy", "/mfa-verify/authy", nil), "/mfa-verify?method=authy")
	}
	doc = wantStatus(t, post(p, "/mfa-verify?method=authy", "/mfa-verify/authy", nil), 429)
	if !strings.Contains(alertText(doc), "Too many requests") {
		t.Fatalf("push limit: %q", alertText(doc))
	}
}

func TestMFALockout(t *testing.T) {
	slow := *auth.MFASlowDown
	var waits []time.Duration
	*auth.MFASlowDown = func(n int) time.Duration { waits = append(waits, slow(n)); return 0 }
	t.Cleanup(func() { *auth.MFASlowDown = slow })

	h := newHarness(t)
	c := h.Client()
	c.Login("mfa-totp@demo.example")
	wrong := url.Values{"code": {wrongTOTP(t, demo.TOTPSecret)}}
	for i := 1; i < auth.MFAMaxAttempts; i++ {
		doc := wantStatus(t, post(c, "/mfa-verify", "/mfa-verify/totp", wrong), 422)
		if i == auth.MFAMaxAttempts-1 && !hasText(doc, "1 attempt left") {
			t.Fatal("no warning before the lock")
		}
	}
	if len(waits) != auth.MFAMaxAttempts-1 || waits[0] != 0 || waits[2] != time.Second || waits[3] != 2*time.Second {
		t.Fatalf("slow-down %v", waits)
	}
	res := post(c, "/mfa-verify", "/mfa-verify/totp", wrong)
	doc := wantStatus(t, res, 429)
	if got := alertText(doc); !strings.Contains(got, "Too many attempts. Please try again in 15 minutes.") {
		t.Fatalf("lock message %q", got)
	}
	// Locked: even the right code is refused, in this login and in a new one.
	doc = wantStatus(t, post(c, "/mfa-verify", "/mfa-verify/totp", url.Values{"code": {totpNow(t)}}), 429)
	if !strings.Contains(alertText(doc), "Too many attempts") {
		t.Fatal("right code while locked")
	}
	n := h.Client()
	n.Login("mfa-totp@demo.example")
	res = post(n, "/mfa-verify", "/mfa-verify/totp", url.Values{"code": {totpNow(t)}})
	if res.StatusCode != 429 || res.Header.Get("Retry-After") == "" {
		t.Fatalf("new login while locked: %d", res.StatusCode)
	}
	if scopeOf(t, h, c) != session.ScopeLogin || scopeOf(t, h, n) != session.ScopeLogin {
		t.Fatal("a locked account finished MFA")
	}
	// Other accounts are not affected.
	o := h.Client()
	o.Login("mfa-sms@demo.example")
	wantLocation(t, post(o, "/mfa-verify?method=sms", "/mfa-verify/sms/send", nil), "/mfa-verify?method=sms")
	wantLocation(t, post(o, "/mfa-verify?method=sms", "/mfa-verify/sms", url.Values{"code": {servertest.LastSMS(t, h.Store)}}), "/login_transition")
}

func TestLoginScopeExpires(t *testing.T) {
	h := newHarness(t)
	c := h.Client()
	c.Login("mfa-totp@demo.example")
	id := c.SessionID()
	s, err := h.Sessions.Load(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	s.CreatedAt = s.CreatedAt.Add(-auth.LoginScopeTTL - time.Minute)
	if err := h.Sessions.Save(t.Context(), s); err != nil {
		t.Fatal(err)
	}
	wantLocation(t, c.Get("/mfa-verify"), "/login?expired=1")
	if _, err := h.Sessions.Load(t.Context(), id); err == nil {
		t.Fatal("the expired login's session still exists")
	}
	_, doc := c.Page("/login?expired=1")
	if !hasText(doc, "Your login expired") {
		t.Fatal("login page does not say the login expired")
	}
}

func TestMFASetup(t *testing.T) {
	h := newHarness(t)
	c := h.Client()
	wantLocation(t, c.Login("mfa-new@demo.example"), "/mfa-setup")
	_, doc := c.Page("/mfa-setup")
	// Authenticator: an inline QR code (no outside image) and the key as text.
	svg := htmlq.Find(doc, htmlq.ByTag("svg"))
	if svg == nil || htmlq.Attr(svg, "role") != "img" || htmlq.Attr(svg, "aria-label") == "" {
		t.Fatal("no accessible inline QR code")
	}
	if htmlq.Find(doc, htmlq.ByTag("img")) != nil {
		t.Fatal("QR code must not be an external image")
	}
	enr, err := h.Store.StartTOTP(t.Context(), demo.UserMFANewID)
	if err != nil {
		t.Fatal(err)
	}
	if s := htmlq.Find(doc, htmlq.ByID("totp-secret")); s == nil || strings.ReplaceAll(htmlq.VisibleText(s), " ", "") != enr.Secret || !strings.Contains(htmlq.VisibleText(s), " ") {
		t.Fatalf("secret shown as %q, want %s in groups", htmlq.VisibleText(s), enr.Secret)
	}
	// Phone: dk by default; "Enable MFA" disabled until a number is set.
	sel := htmlq.Find(doc, htmlq.ByID("country_code"))
	opt := htmlq.Find(sel, func(n *html.Node) bool { return n.Data == "option" && htmlq.HasAttr(n, "selected") })
	if opt == nil || htmlq.Attr(opt, "value") != "dk" {
		t.Fatal("country code does not default to dk")
	}
	enable := htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "button" && htmlq.VisibleText(n) == "Enable MFA" })
	if enable == nil || !htmlq.HasAttr(enable, "disabled") {
		t.Fatal("Enable MFA not disabled before a number is set")
	}
	// ... and the server refuses it too.
	doc = wantStatus(t, post(c, "/mfa-setup", "/mfa-setup/phone/confirm", url.Values{"token": {"1234567"}}), 422)
	if !strings.Contains(alertText(doc), "Request an SMS first") {
		t.Fatalf("confirm without a number: %q", alertText(doc))
	}

	doc = wantStatus(t, post(c, "/mfa-setup", "/mfa-setup/totp", url.Values{"totp_code": {""}}), 422)
	fieldError(t, doc, "totp_code", "Please input your code")
	doc = wantStatus(t, post(c, "/mfa-setup", "/mfa-setup/totp", url.Values{"totp_code": {wrongTOTP(t, enr.Secret)}}), 422)
	fieldError(t, doc, "totp_code", "TOTP validation failed. Please try again.")
	code, _ := mfa.Code(enr.Secret, time.Now())
	res := post(c, "/mfa-setup", "/mfa-setup/totp", url.Values{"totp_code": {code}})
	wantLocation(t, res, "/mfa-setup")
	_, doc = follow(c, res)
	if !hasText(doc, "The authenticator app is set up.") {
		t.Fatal("authenticator not shown as set up")
	}
	// One factor is not enough to move on.
	wantLocation(t, c.Get("/org/"+demo.Org1ID), "/login?redirect_code=MissingScope")

	doc = wantStatus(t, post(c, "/mfa-setup", "/mfa-setup/phone", url.Values{"country_code": {"dk"}, "cellphone": {""}}), 422)
	fieldError(t, doc, "cellphone", auth.MsgNumberRequired)
	res = post(c, "/mfa-setup", "/mfa-setup/phone", url.Values{"country_code": {"dk"}, "cellphone": {"20 99 88 77"}})
	wantLocation(t, res, "/mfa-setup#phone-title")
	_, doc = c.Page("/mfa-setup")
	if !hasText(doc, "SMS has been sent") || !hasText(doc, "+45 20998877") {
		t.Fatal("after Request SMS: no notice or number")
	}
	enable = htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "button" && htmlq.VisibleText(n) == "Enable MFA" })
	if enable == nil || htmlq.HasAttr(enable, "disabled") {
		t.Fatal("Enable MFA still disabled with a number set")
	}
	token := servertest.LastSMS(t, h.Store)
	wrong := "0000000"
	if token == wrong {
		wrong = "1111111"
	}
	doc = wantStatus(t, post(c, "/mfa-setup", "/mfa-setup/phone/confirm", url.Values{"token": {wrong}}), 422)
	fieldError(t, doc, "token", "Invalid or expired code.")

	before := c.SessionID()
	res = post(c, "/mfa-setup", "/mfa-setup/phone/confirm", url.Values{"token": {token}})
	wantLocation(t, res, "/login_transition")
	if c.SessionID() == before || scopeOf(t, h, c) != session.ScopeDashboard {
		t.Fatal("setup did not finish the login")
	}
	if res := c.Get("/org/" + demo.Org1ID); res.StatusCode != http.StatusOK {
		t.Fatalf("dashboard after setup: %d", res.StatusCode)
	}
	u, _ := h.Store.UserByID(t.Context(), demo.UserMFANewID)
	if !u.MFAEnabled || !u.HasPhone || !u.HasVerifySetup {
		t.Fatalf("user after setup: %+v", u)
	}
	// Next time the user verifies with the new factors.
	n := h.Client()
	wantLocation(t, n.Login("mfa-new@demo.example"), "/mfa-verify")
}

func TestMFASetupIsNoSideDoor(t *testing.T) {
	h := newHarness(t)
	for _, email := range []string{"mfa-totp@demo.example", "mfa-sms@demo.example", "mfa-authy@demo.example"} {
		c := h.Client()
		c.Login(email)
		wantLocation(t, c.Get("/mfa-setup"), "/mfa-verify")
		wantLocation(t, c.Get("/new-mfa-setup"), "/mfa-verify")
		tok := c.CSRF("/mfa-verify")
		wantLocation(t, c.Do("POST", "/mfa-setup/phone", url.Values{"_csrf": {tok}, "country_code": {"dk"}, "cellphone": {"20998877"}}), "/mfa-verify")
		wantLocation(t, c.Do("POST", "/mfa-setup/totp", url.Values{"_csrf": {tok}, "totp_code": {"123456"}}), "/mfa-verify")
	}
}

// The banner's path: MFA configured but not enabled; after verifying, the
// user adds the missing method on /new-mfa-setup and is sent home.
func TestNewMFASetupFromBanner(t *testing.T) {
	h := newHarness(t)
	h.Exec(`UPDATE users SET mfa_enabled = 0 WHERE id = ?`, demo.UserMFATOTPID)
	c := h.Client()
	c.Login("mfa-totp@demo.example")
	wantLocation(t, post(c, "/mfa-verify", "/mfa-verify/totp", url.Values{"code": {totpNow(t)}}), "/login_transition")
	_, doc := c.Page("/org/" + demo.Org1ID)
	if a := htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "a" && htmlq.Attr(n, "href") == "/new-mfa-setup" }); a == nil {
		t.Fatal("no banner link to /new-mfa-setup")
	}
	// Changing sign-in methods from a full session needs the password again.
	wantLocation(t, c.Get("/new-mfa-setup"), "/reauth?next=/new-mfa-setup")
	wantLocation(t, c.Do("POST", "/new-mfa-setup/phone", url.Values{"_csrf": {sessionCSRF(h, c)}, "country_code": {"dk"}, "cellphone": {"20998877"}}),
		"/reauth?next=/new-mfa-setup")
	res := c.Do("POST", "/reauth", url.Values{"_csrf": {sessionCSRF(h, c)}, "next": {"/new-mfa-setup"}, "password": {"wrong"}})
	if doc := wantStatus(t, res, 401); htmlq.Find(doc, htmlq.ByID("password-error")) == nil || !strings.Contains(htmlq.VisibleText(htmlq.Find(doc, htmlq.ByID("password-error"))), "Incorrect password.") {
		t.Fatal("wrong password at re-authentication not reported on the field")
	}
	res = c.Do("POST", "/reauth", url.Values{"_csrf": {sessionCSRF(h, c)}, "next": {"/new-mfa-setup"}, "password": {demo.Password}})
	wantLocation(t, res, "/new-mfa-setup")
	_, doc = c.Page("/new-mfa-setup")
	if !hasText(doc, "The authenticator app is set up.") || htmlq.Find(doc, htmlq.ByID("totp-secret")) != nil {
		t.Fatal("active authenticator offered again")
	}
	if a := htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "a" && htmlq.VisibleText(n) == "Back to the portal" }); a == nil {
		t.Fatal("no way back to the portal")
	}
	res = post(c, "/new-mfa-setup", "/new-mfa-setup/phone", url.Values{"country_code": {"se"}, "cellphone": {"70-123 45 67"}})
	wantLocation(t, res, "/new-mfa-setup#phone-title")
	res = post(c, "/new-mfa-setup", "/new-mfa-setup/phone/confirm", url.Values{"token": {servertest.LastSMS(t, h.Store)}})
	wantLocation(t, res, "/")
	_, doc = c.Page("/org/" + demo.Org1ID)
	if !hasText(doc, "Two-factor authentication is set up.") {
		t.Fatal("no success message")
	}
	if a := htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "a" && htmlq.Attr(n, "href") == "/new-mfa-setup" }); a != nil {
		t.Fatal("banner still shown with MFA enabled")
	}
	// Registering again is refused with the spec's text.
	res = c.Do("POST", "/new-mfa-setup/phone", url.Values{"_csrf": {sessionCSRF(h, c)}, "country_code": {"dk"}, "cellphone": {"20998877"}})
	doc = wantStatus(t, res, 422)
	if !strings.Contains(alertText(doc), "This user already has an MFA registered") {
		t.Fatalf("second registration: %q", alertText(doc))
	}
}

func TestOutboxPage(t *testing.T) {
	h := newHarness(t)
	c := h.Client()
	res, doc := c.Page("/sandbox/outbox")
	if res.StatusCode != 200 || res.Header.Get("Referrer-Policy") != "no-referrer" {
		t.Fatalf("outbox: %d, referrer policy %q", res.StatusCode, res.Header.Get("Referrer-Policy"))
	}
	if !hasText(doc, "test tool") {
		t.Fatal("the page does not say it is a test tool")
	}
	// The seeded invitation e-mail carries its link as a real link.
	if a := htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "a" && htmlq.Attr(n, "href") == demo.InvitationLink }); a == nil {
		t.Fatal("invitation link not a link")
	}
	// An unknown decision, or an unknown request, changes nothing.
	tok := sessionCSRF(h, c)
	if res := c.Do("POST", "/sandbox/outbox/approvals/x", url.Values{"_csrf": {tok}, "decision": {"maybe"}}); res.StatusCode != 400 {
		t.Fatalf("unknown decision: %d", res.StatusCode)
	}
	res = c.Do("POST", "/sandbox/outbox/approvals/nope", url.Values{"_csrf": {tok}, "decision": {"approve"}})
	_, doc = follow(c, res)
	if !hasText(doc, "not found") {
		t.Fatal("unknown approval: no message")
	}
}

func TestOutboxNotInProduction(t *testing.T) {
	h := newHarness(t, func(d *server.Deps) { d.Config.Env = "production" })
	c := h.Client()
	if res := c.Get("/sandbox/outbox"); res.StatusCode != http.StatusNotFound {
		t.Fatalf("outbox in production: %d", res.StatusCode)
	}
	c.Login("mfa-totp@demo.example")
	_, doc := c.Page("/mfa-verify")
	if a := htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "a" && htmlq.Attr(n, "href") == "/sandbox/outbox" }); a != nil {
		t.Fatal("production MFA page links to the outbox")
	}
	tok := c.CSRF("/mfa-verify")
	if res := c.Do("POST", "/sandbox/outbox/approvals/x", url.Values{"_csrf": {tok}, "decision": {"approve"}}); res.StatusCode != http.StatusNotFound {
		t.Fatalf("outbox decision in production: %d", res.StatusCode)
	}
}

// choiceCards are the /mfa-verify cards as "href text".
func choiceCards(doc *html.Node) []string {
	var cards []string
	for _, a := range htmlq.FindAll(doc, func(n *html.Node) bool {
		return n.Data == "a" && strings.HasPrefix(htmlq.Attr(n, "href"), "/mfa-verify?method=")
	}) {
		cards = append(cards, htmlq.Attr(a, "href")+" "+htmlq.VisibleText(a))
	}
	return cards
}

// The verify screen offers the methods the user has, in the spec's order, and no other:
// a method asked for by URL that the user lacks shows the cards of those they have. A
// fully logged-in user opening it is told so.
func TestMFAVerifyOffersWhatTheUserHas(t *testing.T) {
	h := newHarness(t)
	for _, tc := range []struct {
		email string
		want  []string
	}{
		{"mfa-totp@demo.example", []string{"authenticator"}},
		{"mfa-sms@demo.example", []string{"sms"}},
		{"mfa-authy@demo.example", []string{"authy"}},
	} {
		t.Run(tc.email, func(t *testing.T) {
			c := h.Client()
			wantLocation(t, c.Login(tc.email), "/mfa-verify")
			_, doc := c.Page("/mfa-verify")
			var got []string
			for _, card := range choiceCards(doc) {
				m, _, _ := strings.Cut(strings.TrimPrefix(card, "/mfa-verify?method="), " ")
				got = append(got, m)
			}
			if !slices.Equal(got, tc.want) {
				t.Fatalf("cards %q, want %q", got, tc.want)
			}
			for _, m := range []string{"authenticator", "sms", "authy"} {
				if slices.Contains(tc.want, m) {
					continue
				}
				res, doc := c.Page("/mfa-verify?method=" + m)
				if res.StatusCode != http.StatusOK || htmlq.Find(doc, func(n *html.Node) bool {
					return n.Data == "form" && strings.HasPrefix(htmlq.Attr(n, "action"), "/mfa-verify/")
				}) != nil ||
					len(choiceCards(doc)) != len(tc.want) {
					t.Errorf("method %s by URL: %d, a form of it or other cards", m, res.StatusCode)
				}
			}
		})
	}
	c := h.LoggedIn("admin@demo.example")
	res, doc := c.Page("/mfa-verify")
	if res.StatusCode != http.StatusOK || htmlq.VisibleText(htmlq.Find(doc, htmlq.ByTag("h1"))) != "You are already verified" ||
		htmlq.Find(doc, func(n *html.Node) bool {
			return n.Data == "a" && htmlq.Attr(n, "href") == "/" && htmlq.VisibleText(n) == "Go to the dashboard"
		}) == nil {
		t.Fatalf("verified user: %d %q", res.StatusCode, htmlq.VisibleText(htmlq.Find(doc, htmlq.ByTag("h1"))))
	}
}
