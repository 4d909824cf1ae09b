package passwords

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/net/html"

	"portal/provider"
	"portal/reference"
	"portal/reference/demo"
	"portal/server"
	"portal/server/servertest"
)

// testClock is a store clock the test can move forward.
type testClock struct{ off atomic.Int64 }

func (c *testClock) Now() time.Time          { return time.Now().Add(time.Duration(c.off.Load())) }
func (c *testClock) Advance(d time.Duration) { c.off.Add(int64(d)) }

// clockedHarness is the harness on a seeded store whose clock the test
// moves (token expiry).
func clockedHarness(t *testing.T) (*servertest.Harness, *reference.Store, *testClock) {
	t.Helper()
	clock := &testClock{}
	ctx := context.Background()
	st, err := reference.Open(ctx, filepath.Join(t.TempDir(), "clocked.db"), reference.Options{
		Argon2Params: reference.Argon2Params{Memory: 1024, Time: 1, Parallelism: 1, SaltLength: 16, KeyLength: 32},
		Now:          clock.Now,
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	if _, err := demo.Seed(ctx, st, demo.Options{}); err != nil {
		t.Fatal(err)
	}
	h := servertest.NewWith(t, func(d *server.Deps) { d.Provider, d.Auth = st, st }, areas...)
	return h, st, clock
}

// requestReset asks for a reset link through the forgot form.
func requestReset(c *servertest.Client, email string) *http.Response {
	c.T.Helper()
	tok := c.CSRF("/passwords/forgot")
	return c.Do("POST", "/passwords/forgot", url.Values{"_csrf": {tok}, "email": {email}})
}

func body(t *testing.T, res *http.Response) string {
	t.Helper()
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// lockOut locks the account out of logging in: wrong passwords until the
// per-account limit refuses, sent at once, as each wrong one is answered
// late (the login slow-down).
func lockOut(t *testing.T, h *servertest.Harness, email string) {
	t.Helper()
	for i := 0; i < 4; i++ {
		var wg sync.WaitGroup
		locked := atomic.Bool{}
		for j := 0; j < 12; j++ {
			c := h.Client()
			wg.Go(func() {
				if c.LoginWith(email, "wrong").StatusCode == http.StatusTooManyRequests {
					locked.Store(true)
				}
			})
		}
		wg.Wait()
		if locked.Load() {
			return
		}
	}
	t.Fatal("the account is never locked out")
}

var csrfValue = regexp.MustCompile(`name="_csrf" value="[^"]*"`)

const (
	newPassword = "Brand-new 9 password"
	knownEmail  = "admin@demo.example"
)

func TestForgotAnswersTheSameForUnknownEmails(t *testing.T) {
	h := newHarness(t)
	before := servertest.OutboxCount(t, h.Srv.Auth)
	type answer struct {
		status   int
		location string
		post     string
		page     string
		pageCode int
	}
	ask := func(email string) answer {
		c := h.Client()
		res := requestReset(c, email)
		a := answer{status: res.StatusCode, location: res.Header.Get("Location"), post: body(t, res)}
		page := c.Get(a.location)
		a.pageCode = page.StatusCode
		// Modulo the CSRF token and the address typed, which the page repeats.
		a.page = strings.ReplaceAll(csrfValue.ReplaceAllString(body(t, page), "CSRF"), email, "EMAIL")
		return a
	}
	known, unknown := ask(knownEmail), ask("ghost@demo.example")
	if known.status != http.StatusSeeOther || known.location != "/passwords/forgot?sent" {
		t.Fatalf("known: %d %q", known.status, known.location)
	}
	if known != unknown {
		t.Fatalf("answers differ:\nknown:   %+v\nunknown: %+v", known, unknown)
	}
	if !strings.Contains(known.page, "Check your email") || !strings.Contains(known.page, msgResetEmailSent) {
		t.Fatal("sent state lacks 'Check your email' or the spec's success text")
	}
	// Only the known address got mail.
	if n := servertest.OutboxCount(t, h.Srv.Auth) - before; n != 1 {
		t.Fatalf("%d messages sent, want 1", n)
	}
	links := servertest.OutboxLinks(t, h.Srv.Auth, knownEmail)
	if len(links) != 1 || !strings.HasPrefix(links[0], "/passwords/reset/") {
		t.Fatalf("links to %s: %v", knownEmail, links)
	}
	if l := servertest.OutboxLinks(t, h.Srv.Auth, "ghost@demo.example"); len(l) != 0 {
		t.Fatalf("mail to an unknown address: %v", l)
	}
}

func TestForgotSentStateResends(t *testing.T) {
	h := newHarness(t)
	c := h.Client()
	requestReset(c, knownEmail)
	_, doc := c.Page("/passwords/forgot?sent")
	if h1 := find(doc, byTag("h1")); h1 == nil || text(h1) != "Check your email" {
		t.Fatal("no 'Check your email' heading")
	}
	form := find(doc, func(n *html.Node) bool { return n.Data == "form" && attr(n, "action") == "/passwords/forgot" })
	if form == nil || attr(form, "method") != "post" {
		t.Fatal("no resend form")
	}
	email := find(form, func(n *html.Node) bool { return attr(n, "name") == "email" })
	tok := find(form, func(n *html.Node) bool { return attr(n, "name") == "_csrf" })
	btn := find(form, byTag("button"))
	if email == nil || attr(email, "value") != knownEmail || tok == nil || btn == nil || text(btn) != "Resend" {
		t.Fatal("resend form lacks the address, the token or the Resend button")
	}
	res := c.Do("POST", "/passwords/forgot", url.Values{"_csrf": {attr(tok, "value")}, "email": {attr(email, "value")}})
	if res.Header.Get("Location") != "/passwords/forgot?sent" {
		t.Fatalf("resend: %d %q", res.StatusCode, res.Header.Get("Location"))
	}
	links := servertest.OutboxLinks(t, h.Srv.Auth, knownEmail)
	if len(links) != 2 || links[0] == links[1] {
		t.Fatalf("resend did not send a new link: %v", links)
	}
	// A new link replaces the old one.
	if res := h.Client().Get(links[1]); res.Header.Get("Location") != forgotExpiredURL {
		t.Fatalf("older link after a resend: %d %q", res.StatusCode, res.Header.Get("Location"))
	}
	if res := h.Client().Get(links[0]); res.StatusCode != http.StatusOK {
		t.Fatalf("newest link: %d", res.StatusCode)
	}
	// ?sent opened without a request from this browser: no address, no
	// Resend, no claim that something was sent.
	res, doc = h.Client().Page("/passwords/forgot?sent")
	if res.StatusCode != http.StatusOK || find(doc, func(n *html.Node) bool { return attr(n, "name") == "email" }) != nil ||
		strings.Contains(text(doc), msgResetEmailSent) {
		t.Fatal("bare ?sent shows a resend form or claims a mail was sent")
	}
	if a := find(doc, func(n *html.Node) bool { return n.Data == "a" && attr(n, "href") == "/passwords/forgot" }); a == nil {
		t.Fatal("bare ?sent offers no way to ask again")
	}
}

func TestResetUnlocksALockedOutLogin(t *testing.T) {
	h := newHarness(t)
	lockOut(t, h, knownEmail)
	if res := h.Client().LoginWith(knownEmail, demo.Password); res.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("not locked out: %d", res.StatusCode)
	}
	c := h.Client()
	requestReset(c, knownEmail)
	link := servertest.OutboxLinks(t, h.Srv.Auth, knownEmail)[0]
	tok := c.CSRF(link)
	c.Do("POST", link, url.Values{"_csrf": {tok}, "password": {newPassword}, "password_confirmation": {newPassword}})
	if res := h.Client().LoginWith(knownEmail, newPassword); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("login with the new password after a lock-out: %d", res.StatusCode)
	}
}

func TestForgotForm(t *testing.T) {
	h := newHarness(t)
	res, doc := h.Client().Page("/passwords/forgot")
	if res.StatusCode != http.StatusOK {
		t.Fatalf("status %d", res.StatusCode)
	}
	in := find(doc, byID("email"))
	lbl := find(doc, func(n *html.Node) bool { return n.Data == "label" && attr(n, "for") == "email" })
	if in == nil || lbl == nil || text(lbl) != "Email" || attr(in, "type") != "email" {
		t.Fatal("email field without its label")
	}
	btn := find(doc, func(n *html.Node) bool { return n.Data == "button" && attr(n, "type") == "submit" })
	if btn == nil || hasAttr(btn, "disabled") {
		t.Fatal("submit missing, or disabled in the server's HTML (it would never enable without JavaScript)")
	}
	if find(doc, func(n *html.Node) bool { return attr(n, "data-island") == "EmailForm" }) == nil {
		t.Fatal("no EmailForm island")
	}
	if a := find(doc, func(n *html.Node) bool { return n.Data == "a" && attr(n, "href") == "/login" }); a == nil {
		t.Fatal("no link back to log in")
	}
	for _, tt := range []struct{ email, msg string }{{"", "Email is required"}, {"  ", "Email is required"}, {"not-an-email", "Must be a valid email"}} {
		c := h.Client()
		tok := c.CSRF("/passwords/forgot")
		res := c.Do("POST", "/passwords/forgot", url.Values{"_csrf": {tok}, "email": {tt.email}})
		if res.StatusCode != http.StatusUnprocessableEntity {
			t.Fatalf("%q: status %d", tt.email, res.StatusCode)
		}
		doc := servertest.Parse(t, res)
		if el := find(doc, byID("email-error")); el == nil || !strings.Contains(text(el), tt.msg) {
			t.Errorf("%q: want field error %q", tt.email, tt.msg)
		}
		in := find(doc, byID("email"))
		if attr(in, "aria-invalid") != "true" || !strings.Contains(attr(in, "aria-describedby"), "email-error") {
			t.Errorf("%q: field not tied to its error", tt.email)
		}
		if link := find(doc, func(n *html.Node) bool { return n.Data == "a" && attr(n, "href") == "#email" }); link == nil || text(link) != tt.msg {
			t.Errorf("%q: error summary lacks a link to #email", tt.email)
		}
	}
	// ?expired explains.
	_, doc = h.Client().Page("/passwords/forgot?expired")
	st := find(doc, func(n *html.Node) bool { return attr(n, "role") == "status" })
	if st == nil || !strings.Contains(text(st), "Your link expired") || !strings.Contains(text(st), "has expired") {
		t.Fatal("?expired does not explain the expired link")
	}
}

func TestForgotRateLimits(t *testing.T) {
	h := newHarness(t)
	c := h.Client()
	tok := c.CSRF("/passwords/forgot")
	post := func(email string) *http.Response {
		return c.Do("POST", "/passwords/forgot", url.Values{"_csrf": {tok}, "email": {email}})
	}
	for i := 0; i < forgotEmailLimit; i++ {
		if res := post(knownEmail); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("request %d: %d", i+1, res.StatusCode)
		}
	}
	before := servertest.OutboxCount(t, h.Srv.Auth)
	res := post(knownEmail)
	if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" {
		t.Fatalf("over the per-address limit: %d", res.StatusCode)
	}
	if servertest.OutboxCount(t, h.Srv.Auth) != before {
		t.Fatal("a limited request still sent mail")
	}
	// An unknown address is limited the same way (nothing to learn).
	for i := 0; i < forgotEmailLimit; i++ {
		post("ghost@demo.example")
	}
	if res := post("ghost@demo.example"); res.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("unknown address over the limit: %d", res.StatusCode)
	}
	// Per client address: different e-mails from one IP.
	for i := 0; res.StatusCode != http.StatusTooManyRequests && i <= forgotIPLimit; i++ {
		res = post("someone" + strings.Repeat("x", i) + "@demo.example")
	}
	if res.StatusCode != http.StatusTooManyRequests {
		t.Fatal("no per-address limit")
	}
}

func TestResetPasswordFlow(t *testing.T) {
	h := newHarness(t)
	// The user is logged in elsewhere (the attacker's session, say).
	other := h.LoggedIn(knownEmail)
	if res := other.Get("/org/" + demo.Org1ID); res.StatusCode != http.StatusOK {
		t.Fatalf("other session: %d", res.StatusCode)
	}

	c := h.Client()
	requestReset(c, knownEmail)
	link := servertest.OutboxLinks(t, h.Srv.Auth, knownEmail)[0]
	res, doc := c.Page(link)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("reset page: %d", res.StatusCode)
	}
	if rp := res.Header.Get("Referrer-Policy"); rp != "no-referrer" {
		t.Fatalf("Referrer-Policy %q on the reset page", rp)
	}
	form := find(doc, func(n *html.Node) bool { return n.Data == "form" && attr(n, "action") == link })
	if form == nil || attr(form, "method") != "post" {
		t.Fatal("no form posting to the link")
	}
	for _, id := range []string{"password", "password_confirmation"} {
		in := find(form, byID(id))
		lbl := find(form, func(n *html.Node) bool { return n.Data == "label" && attr(n, "for") == id })
		if in == nil || lbl == nil || attr(in, "type") != "password" || attr(in, "autocomplete") != "new-password" {
			t.Fatalf("field %s incomplete", id)
		}
	}
	rules := find(doc, byID("password-rules"))
	if rules == nil || !strings.Contains(attr(find(doc, byID("password")), "aria-describedby"), "password-rules") {
		t.Fatal("the rules are not tied to the password field")
	}
	for _, want := range []string{"At least 8 characters (not met)", "Upper and lower case letters (not met)", "At least 1 number and 1 symbol (not met)"} {
		if !strings.Contains(text(rules), want) {
			t.Errorf("rule list lacks %q: %q", want, text(rules))
		}
	}
	if st := find(doc, byID("password-strength")); st == nil || attr(st, "role") != "status" {
		t.Fatal("no strength live region")
	}
	if btn := find(form, func(n *html.Node) bool { return n.Data == "button" && attr(n, "type") == "submit" }); btn == nil || hasAttr(btn, "disabled") {
		t.Fatal("submit missing or disabled in the server's HTML")
	}
	if a := find(doc, func(n *html.Node) bool { return n.Data == "a" && attr(n, "href") == "/login" }); a == nil {
		t.Fatal("no link back to /login")
	}
	tok := attr(find(form, func(n *html.Node) bool { return attr(n, "name") == "_csrf" }), "value")

	// Rule failures and mismatch, in the spec's words.
	for _, tt := range []struct {
		name, pw, confirm string
		errs              map[string]string
	}{
		{"empty", "", "", map[string]string{"password": "Password is required", "password_confirmation": "Password confirmation is required"}},
		{"weak", "password", "password", map[string]string{"password": "Password is not valid"}},
		{"mismatch", newPassword, newPassword + "x", map[string]string{"password_confirmation": "Passwords must match"}},
	} {
		res := c.Do("POST", link, url.Values{"_csrf": {tok}, "password": {tt.pw}, "password_confirmation": {tt.confirm}})
		if res.StatusCode != http.StatusUnprocessableEntity {
			t.Fatalf("%s: status %d", tt.name, res.StatusCode)
		}
		if rp := res.Header.Get("Referrer-Policy"); rp != "no-referrer" {
			t.Errorf("%s: Referrer-Policy %q", tt.name, rp)
		}
		doc := servertest.Parse(t, res)
		for field, msg := range tt.errs {
			el := find(doc, byID(field+"-error"))
			if el == nil || !strings.Contains(text(el), msg) {
				t.Errorf("%s: field %s: want error %q", tt.name, field, msg)
			}
			in := find(doc, byID(field))
			if attr(in, "aria-invalid") != "true" || !strings.Contains(attr(in, "aria-describedby"), field+"-error") {
				t.Errorf("%s: field %s not tied to its error", tt.name, field)
			}
			if l := find(doc, func(n *html.Node) bool { return n.Data == "a" && attr(n, "href") == "#"+field }); l == nil || text(l) != msg {
				t.Errorf("%s: error summary lacks a link to #%s", tt.name, field)
			}
		}
		if in := find(doc, byID("password")); hasAttr(in, "value") {
			t.Errorf("%s: the password was sent back in the page", tt.name)
		}
	}

	// The reset itself.
	res = c.Do("POST", link, url.Values{"_csrf": {tok}, "password": {newPassword}, "password_confirmation": {newPassword}})
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != link+"?sent" {
		t.Fatalf("reset: %d %q", res.StatusCode, res.Header.Get("Location"))
	}
	if rp := res.Header.Get("Referrer-Policy"); rp != "no-referrer" {
		t.Fatalf("Referrer-Policy %q on the redirect", rp)
	}
	res, doc = c.Page(link + "?sent")
	if res.StatusCode != http.StatusOK || res.Header.Get("Referrer-Policy") != "no-referrer" {
		t.Fatalf("success page: %d %q", res.StatusCode, res.Header.Get("Referrer-Policy"))
	}
	if h1 := find(doc, byTag("h1")); h1 == nil || !strings.Contains(text(h1), "password has been reset") {
		t.Fatal("no success heading")
	}
	if a := find(doc, func(n *html.Node) bool { return n.Data == "a" && attr(n, "href") == "/login" && text(n) == "Log in" }); a == nil {
		t.Fatal("no 'Log in' link")
	}

	// The other session has ended.
	if res := other.Get("/org/" + demo.Org1ID); res.StatusCode != http.StatusSeeOther ||
		!strings.HasPrefix(res.Header.Get("Location"), "/login") {
		t.Fatalf("other session after the reset: %d %q", res.StatusCode, res.Header.Get("Location"))
	}
	// The new password works; the old one does not.
	if res := h.Client().LoginWith(knownEmail, demo.Password); res.StatusCode != http.StatusUnauthorized {
		t.Fatalf("old password: %d", res.StatusCode)
	}
	fresh := h.Client()
	if res := fresh.LoginWith(knownEmail, newPassword); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("new password: %d", res.StatusCode)
	}
	if res := fresh.Get("/"); res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/org/"+demo.Org1ID {
		t.Fatalf("after logging in with the new password: %q", res.Header.Get("Location"))
	}

	// The link works once.
	for _, cl := range []*servertest.Client{h.Client(), c} {
		if res := cl.Get(link); res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != forgotExpiredURL {
			t.Fatalf("spent link: %d %q", res.StatusCode, res.Header.Get("Location"))
		}
	}
	res = c.Do("POST", link, url.Values{"_csrf": {tok}, "password": {newPassword}, "password_confirmation": {newPassword}})
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != forgotExpiredURL {
		t.Fatalf("spent link, POST: %d %q", res.StatusCode, res.Header.Get("Location"))
	}
	// ?sent on a spent link shows success only to the browser that reset.
	if res := h.Client().Get(link + "?sent"); res.Header.Get("Location") != forgotExpiredURL {
		t.Fatalf("?sent in another browser: %d %q", res.StatusCode, res.Header.Get("Location"))
	}
}

func TestResetEndsTheVisitorsOwnLoginSession(t *testing.T) {
	h := newHarness(t)
	// A login waiting for MFA (scope login) that then resets the password.
	c := h.Client()
	if res := c.LoginWith("mfa-new@demo.example", demo.Password); res.Header.Get("Location") != "/mfa-setup" {
		t.Fatalf("login: %q", res.Header.Get("Location"))
	}
	old := c.SessionID()
	requestReset(c, "mfa-new@demo.example")
	link := servertest.OutboxLinks(t, h.Srv.Auth, "mfa-new@demo.example")[0]
	tok := c.CSRF(link)
	res := c.Do("POST", link, url.Values{"_csrf": {tok}, "password": {newPassword}, "password_confirmation": {newPassword}})
	if res.Header.Get("Location") != link+"?sent" {
		t.Fatalf("reset: %d %q", res.StatusCode, res.Header.Get("Location"))
	}
	if _, err := h.Sessions.Load(t.Context(), old); err == nil {
		t.Fatal("the login session survived the password change")
	}
	if c.SessionID() == old || c.SessionID() == "" {
		t.Fatal("the browser was not given a fresh anonymous session")
	}
	if res, doc := c.Page(link + "?sent"); res.StatusCode != http.StatusOK || find(doc, byTag("h1")) == nil {
		t.Fatalf("success page: %d", res.StatusCode)
	}
	if res := c.Get("/mfa-setup"); !strings.HasPrefix(res.Header.Get("Location"), "/login") {
		t.Fatalf("MFA set-up after the reset: %d %q", res.StatusCode, res.Header.Get("Location"))
	}
}

func TestResetExpiredAndUnknownTokens(t *testing.T) {
	h, st, clock := clockedHarness(t)
	c := h.Client()
	requestReset(c, knownEmail)
	link := servertest.OutboxLinks(t, st, knownEmail)[0]
	tok := c.CSRF(link)
	clock.Advance(provider.ResetTokenTTL + time.Minute)
	for _, method := range []string{"GET", "POST"} {
		var res *http.Response
		if method == "GET" {
			res = c.Get(link)
		} else {
			res = c.Do("POST", link, url.Values{"_csrf": {tok}, "password": {newPassword}, "password_confirmation": {newPassword}})
		}
		if res.StatusCode != http.StatusForbidden || res.Header.Get("Referrer-Policy") != "no-referrer" {
			t.Fatalf("%s expired link: %d %q", method, res.StatusCode, res.Header.Get("Referrer-Policy"))
		}
		doc := servertest.Parse(t, res)
		p := find(doc, func(n *html.Node) bool { return n.Data == "p" && strings.HasPrefix(text(n), "This page has expired") })
		if p == nil || text(p) != msgResetExpiredPage {
			t.Fatalf("%s: no %q", method, msgResetExpiredPage)
		}
		if a := find(p, byTag("a")); a == nil || text(a) != "here" || attr(a, "href") != "/passwords/forgot" {
			t.Fatalf("%s: 'here' does not link to /passwords/forgot", method)
		}
	}
	// Still the old password: nothing changed.
	if res := h.Client().LoginWith(knownEmail, demo.Password); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("password changed by an expired link: %d", res.StatusCode)
	}
	for _, p := range []string{"/passwords/reset/nonsense", "/passwords/reset/" + strings.Repeat("a", 300), "/passwords/reset/a%20b"} {
		res := h.Client().Get(p)
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != forgotExpiredURL || res.Header.Get("Referrer-Policy") != "no-referrer" {
			t.Errorf("%s: %d %q %q", p, res.StatusCode, res.Header.Get("Location"), res.Header.Get("Referrer-Policy"))
		}
	}
}

func TestPasswordPagesSendLoggedInUsersHome(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn(knownEmail)
	for _, p := range []string{"/passwords/forgot", "/passwords/forgot?sent", "/passwords/reset/x", "/invitations/expired"} {
		if res := c.Get(p); res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/" {
			t.Errorf("GET %s: %d %q", p, res.StatusCode, res.Header.Get("Location"))
		}
	}
	// An invitation link, though, is accepted on the join page when logged in.
	if res := c.Get(demo.InvitationLink); res.StatusCode != http.StatusSeeOther ||
		res.Header.Get("Location") != JoinPath(demo.InvitationToken) {
		t.Errorf("GET the invitation: %d %q", res.StatusCode, res.Header.Get("Location"))
	}
	tok := c.CSRF("/org/" + demo.Org1ID)
	for _, p := range []string{"/passwords/forgot", "/passwords/reset/x", demo.InvitationLink} {
		res := c.Do("POST", p, url.Values{"_csrf": {tok}, "email": {knownEmail}, "password": {newPassword}, "password_confirmation": {newPassword}})
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/" {
			t.Errorf("POST %s: %d %q", p, res.StatusCode, res.Header.Get("Location"))
		}
	}
}

func TestPasswordPagesWithoutAuth(t *testing.T) {
	h := servertest.NewWith(t, func(d *server.Deps) { d.Auth = nil }, areas...)
	for _, p := range []string{"/passwords/forgot", "/passwords/reset/x", "/invitations/accept/x"} {
		if res := h.Client().Get(p); res.StatusCode != http.StatusNotFound {
			t.Errorf("%s without Auth: %d", p, res.StatusCode)
		}
	}
}
