package server

import (
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"portal/reference"
)

func TestLoginRotatesSessionAndLogoutEndsIt(t *testing.T) {
	h := newHarness(t)
	c := h.client()
	c.Get("/login")
	before := c.sessionID()
	if len(before) < 43 {
		t.Fatalf("session id %q is shorter than 256 bits", before)
	}
	c.Login("admin@demo.example")
	after := c.sessionID()
	if after == before || after == "" {
		t.Fatal("login did not rotate the session id")
	}
	if _, err := h.manager.Load(t.Context(), before); err == nil {
		t.Fatal("the pre-login session id still works")
	}
	if res := c.Get("/org/" + reference.DemoOrg1ID); res.StatusCode != http.StatusOK {
		t.Fatalf("dashboard after login: %d", res.StatusCode)
	}
	// An attacker holding the old (pre-login) id gets nothing.
	old := h.client()
	old.Jar.SetCookies(base, []*http.Cookie{{Name: "portal_session", Value: before}})
	if res := old.Get("/org/" + reference.DemoOrg1ID); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("old session id: %d", res.StatusCode)
	}
	tok := c.CSRF("/org/" + reference.DemoOrg1ID)
	res := c.Do("POST", "/logout", url.Values{"_csrf": {tok}})
	if res.Header.Get("Location") != "/logout" {
		t.Fatalf("logout: %q", res.Header.Get("Location"))
	}
	if _, err := h.manager.Load(t.Context(), after); err == nil {
		t.Fatal("session still exists on the server after logout")
	}
	_, doc := c.Page("/logout")
	if h1 := find(doc, byTag("h1")); h1 == nil || text(h1) != "Thanks for now" {
		t.Fatal("logged-out page lacks 'Thanks for now'")
	}
	if a := find(doc, func(n *html.Node) bool { return n.Data == "a" && text(n) == "Log in again" }); a == nil || attr(a, "href") != "/login" {
		t.Fatal("no 'Log in again' link")
	}
}

func TestSessionCookieAttributes(t *testing.T) {
	for _, tls := range []bool{false, true} {
		h := newHarness(t, func(d *Deps) { d.Config.TLS = tls })
		res := h.client().Get("/login")
		raw := strings.Join(res.Header.Values("Set-Cookie"), "\n")
		name := "portal_session="
		if tls {
			name = "__Host-portal_session="
		}
		for _, want := range []string{name, "HttpOnly", "SameSite=Lax", "path=/"} {
			if !strings.Contains(raw, want) {
				t.Errorf("tls=%v: cookie %q lacks %q", tls, raw, want)
			}
		}
		if tls != strings.Contains(raw, "secure") {
			t.Errorf("tls=%v: Secure flag wrong in %q", tls, raw)
		}
		if hsts := res.Header.Get("Strict-Transport-Security"); tls != (hsts != "") {
			t.Errorf("tls=%v: HSTS %q", tls, hsts)
		}
	}
}

func TestCSRF(t *testing.T) {
	h := newHarness(t)
	c := h.client()
	c.Login("multi@demo.example")
	tok := c.CSRF("/org/" + reference.DemoOrg2ID)
	tests := []struct {
		name   string
		form   url.Values
		header []string
		status int
	}{
		{"no token", url.Values{"organisation_id": {reference.DemoOrg1ID}}, nil, http.StatusForbidden},
		{"wrong token", url.Values{"organisation_id": {reference.DemoOrg1ID}, "_csrf": {"x" + tok[1:]}}, nil, http.StatusForbidden},
		{"header token", url.Values{"organisation_id": {reference.DemoOrg1ID}}, []string{"X-CSRF-Token", tok}, http.StatusSeeOther},
		{"form token", url.Values{"organisation_id": {reference.DemoOrg1ID}, "_csrf": {tok}}, nil, http.StatusSeeOther},
	}
	for _, tt := range tests {
		res := c.Do("POST", "/organisations/switch", tt.form, tt.header...)
		if res.StatusCode != tt.status {
			t.Errorf("%s: status %d, want %d", tt.name, res.StatusCode, tt.status)
		}
	}
	// Logging out is a state change too.
	if res := c.Do("POST", "/logout", url.Values{}); res.StatusCode != http.StatusForbidden {
		t.Errorf("logout without token: %d", res.StatusCode)
	}
	// A login form posted after its session expired comes back with what
	// was typed, not a dead end.
	stale := h.client()
	res := stale.Do("POST", "/login", url.Values{"email": {"admin@demo.example"}, "password": {"x"}, "_csrf": {"stale"}})
	doc := parse(t, res)
	if res.StatusCode != http.StatusForbidden {
		t.Fatalf("stale login form: %d", res.StatusCode)
	}
	if in := find(doc, byID("email")); in == nil || attr(in, "value") != "admin@demo.example" {
		t.Fatal("stale login form lost the typed email")
	}
}

func TestSwitchOrganisationSavesDefault(t *testing.T) {
	h := newHarness(t)
	c := h.client()
	c.Login("multi@demo.example")
	if loc := c.Get("/").Header.Get("Location"); loc != "/org/"+reference.DemoOrg2ID {
		t.Fatalf("multi's default: %q", loc)
	}
	tok := c.CSRF("/org/" + reference.DemoOrg2ID)
	res := c.Do("POST", "/organisations/switch", url.Values{"_csrf": {tok}, "organisation_id": {reference.DemoOrg1ID}})
	if loc := res.Header.Get("Location"); loc != "/org/"+reference.DemoOrg1ID {
		t.Fatalf("switch: %q", loc)
	}
	if loc := c.Get("/").Header.Get("Location"); loc != "/org/"+reference.DemoOrg1ID {
		t.Fatalf("default after switch: %q", loc)
	}
	// Switching to an organisation one is not a member of is refused.
	a := h.client()
	a.Login("admin@demo.example")
	tok = a.CSRF("/org/" + reference.DemoOrg1ID)
	res = a.Do("POST", "/organisations/switch", url.Values{"_csrf": {tok}, "organisation_id": {reference.DemoOrg2ID}})
	if loc := res.Header.Get("Location"); loc != "/no-organisation" {
		t.Fatalf("switch to a foreign organisation: %q", loc)
	}
}

func TestSecurityHeadersAndNonce(t *testing.T) {
	h := newHarness(t)
	c := h.client()
	c.Login("admin@demo.example")
	var nonces []string
	for i := 0; i < 2; i++ {
		res := c.Get("/org/" + reference.DemoOrg1ID)
		csp := res.Header.Get("Content-Security-Policy")
		for _, want := range []string{"script-src 'nonce-", "'strict-dynamic'", "object-src 'none'", "base-uri 'none'",
			"frame-ancestors 'none'", "form-action 'self'"} {
			if !strings.Contains(csp, want) {
				t.Fatalf("CSP %q lacks %q", csp, want)
			}
		}
		if res.Header.Get("X-Content-Type-Options") != "nosniff" || res.Header.Get("Referrer-Policy") == "" {
			t.Fatal("missing nosniff or Referrer-Policy")
		}
		nonce := regexp.MustCompile(`'nonce-([^']+)'`).FindStringSubmatch(csp)[1]
		nonces = append(nonces, nonce)
		doc := parse(t, res)
		for _, s := range findAll(doc, byTag("script")) {
			if attr(s, "type") == "application/json" {
				continue
			}
			if attr(s, "nonce") != nonce {
				t.Fatalf("script without the response's nonce: %q", attr(s, "nonce"))
			}
		}
	}
	if nonces[0] == nonces[1] {
		t.Fatal("nonce reused across responses")
	}
	// Error pages carry the headers too.
	res := c.Get("/no/such/page")
	if res.StatusCode != http.StatusNotFound || res.Header.Get("Content-Security-Policy") == "" {
		t.Fatalf("404 page: %d, CSP %q", res.StatusCode, res.Header.Get("Content-Security-Policy"))
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
		{"disabled user", "disabled@demo.example", reference.DemoPassword, 401, nil, "Incorrect email or password."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := h.client()
			tok := c.CSRF("/login")
			res := c.Do("POST", "/login", url.Values{"_csrf": {tok}, "email": {tt.email}, "password": {tt.password}})
			if res.StatusCode != tt.status {
				t.Fatalf("status %d, want %d", res.StatusCode, tt.status)
			}
			doc := parse(t, res)
			for field, msg := range tt.fieldErrs {
				el := find(doc, byID(field+"-error"))
				if el == nil || !strings.Contains(text(el), msg) {
					t.Errorf("field %s: want error %q", field, msg)
				}
				in := find(doc, byID(field))
				if attr(in, "aria-invalid") != "true" || !strings.Contains(attr(in, "aria-describedby"), field+"-error") {
					t.Errorf("field %s not tied to its error", field)
				}
				link := find(doc, func(n *html.Node) bool { return n.Data == "a" && attr(n, "href") == "#"+field })
				if link == nil || text(link) != msg {
					t.Errorf("error summary lacks a link to #%s", field)
				}
			}
			if tt.base != "" {
				al := find(doc, func(n *html.Node) bool { return attr(n, "role") == "alert" && text(n) == tt.base })
				if al == nil {
					t.Errorf("no base alert %q", tt.base)
				}
			}
			if in := find(doc, byID("email")); attr(in, "value") != tt.email && tt.email != "" {
				t.Errorf("typed email lost: %q", attr(in, "value"))
			}
		})
	}
}

func TestLoginRateLimitPerAccount(t *testing.T) {
	h := newHarness(t)
	c := h.client()
	var last int
	for i := 0; i <= loginAccountLimit; i++ {
		tok := c.CSRF("/login")
		res := c.Do("POST", "/login", url.Values{"_csrf": {tok}, "email": {"finance@demo.example"}, "password": {"wrong"}})
		last = res.StatusCode
	}
	if last != http.StatusTooManyRequests {
		t.Fatalf("attempt %d: status %d, want 429", loginAccountLimit+1, last)
	}
	// Even the right password is refused while the account is limited.
	tok := c.CSRF("/login")
	res := c.Do("POST", "/login", url.Values{"_csrf": {tok}, "email": {"finance@demo.example"}, "password": {reference.DemoPassword}})
	if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" {
		t.Fatalf("right password while limited: %d", res.StatusCode)
	}
	// Other accounts are not affected.
	h.client().Login("observer@demo.example")
}

func TestRedirectAfterLogin(t *testing.T) {
	h := newHarness(t)
	c := h.client()
	target := "/org/" + reference.DemoOrg1ID + "/search?q=abc"
	res := c.Get(target)
	loc := res.Header.Get("Location")
	if !strings.HasPrefix(loc, "/login?redirect_url=") {
		t.Fatalf("anonymous: %q", loc)
	}
	_, doc := c.Page(loc)
	hidden := find(doc, func(n *html.Node) bool { return attr(n, "name") == "redirect_url" })
	if hidden == nil || attr(hidden, "value") != target {
		t.Fatalf("login form does not carry redirect_url")
	}
	tok := c.CSRF(loc)
	c.Do("POST", "/login", url.Values{"_csrf": {tok}, "email": {"admin@demo.example"}, "password": {reference.DemoPassword}, "redirect_url": {target}})
	res = c.Get("/login_transition")
	res = c.Get(res.Header.Get("Location"))
	doc = parse(t, res)
	meta := find(doc, func(n *html.Node) bool { return n.Data == "meta" && attr(n, "http-equiv") == "refresh" })
	if meta == nil || attr(meta, "content") != "0;url="+target {
		t.Fatalf("splash does not move on to the target: %v", meta)
	}
	// An off-site redirect_url is ignored (open redirect).
	if _, ok := SafeRedirect("//evil.example/x"); ok {
		t.Fatal("protocol-relative redirect accepted")
	}
	if _, ok := SafeRedirect("https://evil.example"); ok {
		t.Fatal("absolute redirect accepted")
	}
}

func TestHealthz(t *testing.T) {
	h := newHarness(t)
	if res := h.client().Get("/healthz"); res.StatusCode != http.StatusOK {
		t.Fatalf("healthz: %d", res.StatusCode)
	}
	h.rdb.Close() // Redis gone: sessions cannot be served
	if res := h.client().Get("/healthz"); res.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("healthz without redis: %d", res.StatusCode)
	}
}

func TestLoginSlowDown(t *testing.T) {
	// The schedule itself (the harness replaces loginSlowDown with no wait).
	real := loginDelay
	for n, want := range map[int]time.Duration{1: 0, 3: 0, 4: time.Second, 5: 2 * time.Second, 6: 3 * time.Second, 9: 3 * time.Second} {
		if got := real(n); got != want {
			t.Errorf("schedule(%d) = %s, want %s", n, got, want)
		}
	}
	h := newHarness(t)
	var seen []int
	saved := loginSlowDown
	loginSlowDown = func(n int) time.Duration { seen = append(seen, n); return 0 }
	t.Cleanup(func() { loginSlowDown = saved })
	for _, email := range []string{"admin@demo.example", "ghost@demo.example"} {
		seen = nil
		c := h.client()
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
	h.client().Login("admin@demo.example")
	c := h.client()
	tok := c.CSRF("/login")
	c.Do("POST", "/login", url.Values{"_csrf": {tok}, "email": {"admin@demo.example"}, "password": {"wrong"}})
	if !slices.Equal(seen, []int{1}) {
		t.Fatalf("after a success: %v", seen)
	}
}
