package server_test

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"portal/htmlq"
	"portal/reference/demo"
	"portal/server"
	"portal/server/servertest"
)

func TestSessionCookieAttributes(t *testing.T) {
	for _, tls := range []bool{false, true} {
		h := newHarness(t, func(d *server.Deps) { d.Config.TLS = tls })
		res := h.Client().Get("/login")
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
	c := h.LoggedIn("multi@demo.example")
	tok := c.CSRF("/org/" + demo.Org2ID)
	// A wrong token: the real one with its first character changed (never the same one).
	wrong := "x" + tok[1:]
	if tok[0] == 'x' {
		wrong = "y" + tok[1:]
	}
	tests := []struct {
		name   string
		form   url.Values
		header []string
		status int
	}{
		{"no token", url.Values{"organisation_id": {demo.Org1ID}}, nil, http.StatusForbidden},
		{"wrong token", url.Values{"organisation_id": {demo.Org1ID}, "_csrf": {wrong}}, nil, http.StatusForbidden},
		{"header token", url.Values{"organisation_id": {demo.Org1ID}}, []string{"X-CSRF-Token", tok}, http.StatusSeeOther},
		{"form token", url.Values{"organisation_id": {demo.Org1ID}, "_csrf": {tok}}, nil, http.StatusSeeOther},
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
	stale := h.Client()
	res := stale.Do("POST", "/login", url.Values{"email": {"admin@demo.example"}, "password": {"x"}, "_csrf": {"stale"}})
	doc := servertest.Parse(t, res)
	if res.StatusCode != http.StatusForbidden {
		t.Fatalf("stale login form: %d", res.StatusCode)
	}
	if in := htmlq.Find(doc, htmlq.ByID("email")); in == nil || htmlq.Attr(in, "value") != "admin@demo.example" {
		t.Fatal("stale login form lost the typed email")
	}
}

func TestSecurityHeadersAndNonce(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("admin@demo.example")
	var nonces []string
	for i := 0; i < 2; i++ {
		res := c.Get("/org/" + demo.Org1ID)
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
		doc := servertest.Parse(t, res)
		for _, s := range htmlq.FindAll(doc, htmlq.ByTag("script")) {
			if htmlq.Attr(s, "type") == "application/json" {
				continue
			}
			if htmlq.Attr(s, "nonce") != nonce {
				t.Fatalf("script without the response's nonce: %q", htmlq.Attr(s, "nonce"))
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

func TestHealthz(t *testing.T) {
	h := newHarness(t)
	if res := h.Client().Get("/healthz"); res.StatusCode != http.StatusOK {
		t.Fatalf("healthz: %d", res.StatusCode)
	}
	h.Redis.Close() // Redis gone: sessions cannot be served
	if res := h.Client().Get("/healthz"); res.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("healthz without redis: %d", res.StatusCode)
	}
}
