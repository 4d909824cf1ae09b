package auth_test

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"portal/htmlq"
	"portal/reference/demo"
	"portal/server"
	"portal/server/auth"
	"portal/server/servertest"
)

func TestLoginRotatesSessionAndLogoutEndsIt(t *testing.T) {
	h := newHarness(t)
	c := h.Client()
	c.Get("/login")
	before := c.SessionID()
	if len(before) < 43 {
		t.Fatalf("session id %q is shorter than 256 bits", before)
	}
	c.Login("admin@demo.example")
	after := c.SessionID()
	if after == before || after == "" {
		t.Fatal("login did not rotate the session id")
	}
	if _, err := h.Sessions.Load(t.Context(), before); err == nil {
		t.Fatal("the pre-login session id still works")
	}
	if res := c.Get("/org/" + demo.Org1ID); res.StatusCode != http.StatusOK {
		t.Fatalf("dashboard after login: %d", res.StatusCode)
	}
	// An attacker holding the old (pre-login) id gets nothing.
	old := h.Client()
	old.Jar.SetCookies(base, []*http.Cookie{{Name: "portal_session", Value: before}})
	if res := old.Get("/org/" + demo.Org1ID); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("old session id: %d", res.StatusCode)
	}
	tok := c.CSRF("/org/" + demo.Org1ID)
	res := c.Do("POST", "/logout", url.Values{"_csrf": {tok}})
	if res.Header.Get("Location") != "/logout" {
		t.Fatalf("logout: %q", res.Header.Get("Location"))
	}
	if _, err := h.Sessions.Load(t.Context(), after); err == nil {
		t.Fatal("session still exists on the server after logout")
	}
	_, doc := c.Page("/logout")
	if h1 := htmlq.Find(doc, htmlq.ByTag("h1")); h1 == nil || htmlq.VisibleText(h1) != "Thanks for now" {
		t.Fatal("logged-out page lacks 'Thanks for now'")
	}
	if a := htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "a" && htmlq.VisibleText(n) == "Log in again" }); a == nil || htmlq.Attr(a, "href") != "/login" {
		t.Fatal("no 'Log in again' link")
	}
}
func TestSwitchOrganisationSavesDefault(t *testing.T) {
	h := newHarness(t)
	c := h.Client()
	c.Login("multi@demo.example")
	if loc := c.Get("/").Header.Get("Location"); loc != "/org/"+demo.Org2ID {
		t.Fatalf("multi's default: %q", loc)
	}
	tok := c.CSRF("/org/" + demo.Org2ID)
	res := c.Do("POST", "/organisations/switch", url.Values{"_csrf": {tok}, "organisation_id": {demo.Org1ID}})
	if loc := res.Header.Get("Location"); loc != "/org/"+demo.Org1ID {
		t.Fatalf("switch: %q", loc)
	}
	if loc := c.Get("/").Header.Get("Location"); loc != "/org/"+demo.Org1ID {
		t.Fatalf("default after switch: %q", loc)
	}
	// Switching to an organisation one is not a member of is refused.
	a := h.Client()
	a.Login("admin@demo.example")
	tok = a.CSRF("/org/" + demo.Org1ID)
	res = a.Do("POST", "/organisations/switch", url.Values{"_csrf": {tok}, "organisation_id": {demo.Org2ID}})
	if loc := res.Header.Get("Location"); loc != "/no-organisation" {
		t.Fatalf("switch to a foreign organisation: %q", loc)
	}
}
func TestLoginForm(t *testing.T) {
	h := newHarness(t)
	tests := []struct {
		name, email, password string
		status                int
		fieldErrs             map[string]string
		base                  string
	}{
		{"empty", "", "", 422, map[string]string{"email": "Email is required", "password": "Password is required"}, ""},
		{"bad email", "not-an-email", "x", 422, map[string]string{"email": "Must be a valid email"}, ""},
		{"wrong password", "admin@demo.example", "nope", 401, nil, "Incorrect email or password."},
		{"unknown user", "ghost@demo.example", "nope", 401, nil, "Incorrect email or password."},
		{"disabled user", "disabled@demo.example", demo.Password, 401, nil, "Incorrect email or password."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := h.Client()
			tok := c.CSRF("/login")
			res := c.Do("POST", "/login", url.Values{"_csrf": {tok}, "email": {tt.email}, "password": {tt.password}})
			if res.StatusCode != tt.status {
				t.Fatalf("status %d, want %d", res.StatusCode, tt.status)
			}
			doc := servertest.Parse(t, res)
			for field, msg := range tt.fieldErrs {
				el := htmlq.Find(doc, htmlq.ByID(field+"-error"))
				if el == nil || !strings.Contains(htmlq.VisibleText(el), msg) {
					t.Errorf("field %s: want error %q", field, msg)
				}
				in := htmlq.Find(doc, htmlq.ByID(field))
				if htmlq.Attr(in, "aria-invalid") != "true" || !strings.Contains(htmlq.Attr(in, "aria-describedby"), field+"-error") {
					t.Errorf("field %s not tied to its error", field)
				}
				link := htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "a" && htmlq.Attr(n, "href") == "#"+field })
				if link == nil || htmlq.VisibleText(link) != msg {
					t.Errorf("error summary lacks a link to #%s", field)
				}
			}
			if tt.base != "" {
				al := htmlq.Find(doc, func(n *html.Node) bool { return htmlq.Attr(n, "role") == "alert" && htmlq.VisibleText(n) == tt.base })
				if al == nil {
					t.Errorf("no base alert %q", tt.base)
				}
			}
			if in := htmlq.Find(doc, htmlq.ByID("email")); htmlq.Attr(in, "value") != tt.email && tt.email != "" {
				t.Errorf("typed email lost: %q", htmlq.Attr(in, "value"))
			}
		})
	}
}
func TestLoginRateLimitPerAccount(t *testing.T) {
	h := newHarness(t)
	c := h.Client()
	var last int
	for i := 0; i <= auth.LoginAccountLimit; i++ {
		tok := c.CSRF("/login")
		res := c.Do("POST", "/login", url.Values{"_csrf": {tok}, "email": {"finance@demo.example"}, "password": {"wrong"}})
		last = res.StatusCode
	}
	if last != http.StatusTooManyRequests {
		t.Fatalf("attempt %d: status %d, want 429", auth.LoginAccountLimit+1, last)
	}
	// Even the right password is refused while the account is limited.
	tok := c.CSRF("/login")
	res := c.Do("POST", "/login", url.Values{"_csrf": {tok}, "email": {"finance@demo.example"}, "password": {demo.Password}})
	if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" {
		t.Fatalf("right password while limited: %d", res.StatusCode)
	}
	// Other accounts are not affected.
	h.Client().Login("observer@demo.example")
}
func TestRedirectAfterLogin(t *testing.T) {
	h := newHarness(t)
	c := h.Client()
	target := "/org/" + demo.Org1ID + "/search?q=abc"
	res := c.Get(target)
	loc := res.Header.Get("Location")
	if !strings.HasPrefix(loc, "/login?redirect_url=") {
		t.Fatalf("anonymous: %q", loc)
	}
	_, doc := c.Page(loc)
	hidden := htmlq.Find(doc, func(n *html.Node) bool { return htmlq.Attr(n, "name") == "redirect_url" })
	if hidden == nil || htmlq.Attr(hidden, "value") != target {
		t.Fatalf("login form does not carry redirect_url")
	}
	tok := c.CSRF(loc)
	c.Do("POST", "/login", url.Values{"_csrf": {tok}, "email": {"admin@demo.example"}, "password": {demo.Password}, "redirect_url": {target}})
	res = c.Get("/login_transition")
	res = c.Get(res.Header.Get("Location"))
	doc = servertest.Parse(t, res)
	meta := htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "meta" && htmlq.Attr(n, "http-equiv") == "refresh" })
	if meta == nil || htmlq.Attr(meta, "content") != "0;url="+target {
		t.Fatalf("splash does not move on to the target: %v", meta)
	}
	// An off-site redirect_url is ignored (open redirect).
	if _, ok := server.SafeRedirect("//evil.example/x"); ok {
		t.Fatal("protocol-relative redirect accepted")
	}
	if _, ok := server.SafeRedirect("https://evil.example"); ok {
		t.Fatal("absolute redirect accepted")
	}
}
func TestLoginSlowDown(t *testing.T) {
	// The schedule itself (the harness replaces loginSlowDown with no wait).
	real := auth.LoginDelay
	for n, want := range map[int]time.Duration{1: 0, 3: 0, 4: time.Second, 5: 2 * time.Second, 6: 3 * time.Second, 9: 3 * time.Second} {
		if got := real(n); got != want {
			t.Errorf("schedule(%d) = %s, want %s", n, got, want)
		}
	}
	h := newHarness(t)
	var seen []int
	saved := *auth.LoginSlowDown
	*auth.LoginSlowDown = func(n int) time.Duration { seen = append(seen, n); return 0 }
	t.Cleanup(func() { *auth.LoginSlowDown = saved })
	for _, email := range []string{"admin@demo.example", "ghost@demo.example"} {
		seen = nil
		c := h.Client()
		for i := 0; i < 4; i++ {
			tok := c.CSRF("/login")
			c.Do("POST", "/login", url.Values{"_csrf": {tok}, "email": {email}, "password": {"wrong"}})
		}
		// Known and unknown accounts are counted alike: nothing to tell apart.
		if !slices.Equal(seen, []int{1, 2, 3, 4}) {
			t.Fatalf("%s: wrong passwords counted %v", email, seen)
		}
	}
	// A successful login forgets the count.
	seen = nil
	h.Client().Login("admin@demo.example")
	c := h.Client()
	tok := c.CSRF("/login")
	c.Do("POST", "/login", url.Values{"_csrf": {tok}, "email": {"admin@demo.example"}, "password": {"wrong"}})
	if !slices.Equal(seen, []int{1}) {
		t.Fatalf("after a success: %v", seen)
	}
}
