package server_test

import (
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"portal/htmlq"
	"portal/reference/demo"
	"portal/server"
	"portal/server/servertest"
)

// unmasked is the session token a masked one stands for; it fails the test
// when v is not a masked token (the plain token must not be handed out).
func unmasked(t testing.TB, v any) string {
	t.Helper()
	s, _ := v.(string)
	raw, ok := server.UnmaskCSRF(s)
	if !ok || len(s) == len(raw) {
		t.Fatalf("%q is not a masked CSRF token", s)
	}
	return raw
}

// TestCSRFMaskedPerResponse (BREACH): two renders of one page carry
// different token strings, neither of them the session's token, and both
// are accepted; a tampered one is refused. The page reflecting ?q= (the
// search box) is exactly where a fixed secret would leak.
func TestCSRFMaskedPerResponse(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn(emailAdmin)
	page := "/org/" + servertest.OrgNordic + "/search?q=csrf"
	body := func() string {
		res := c.Get(page)
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			t.Fatalf("%s: %d", page, res.StatusCode)
		}
		return string(b)
	}
	raw := h.SessionCSRF(c)
	if b := body(); strings.Contains(b, raw) {
		t.Fatal("the page carries the session's own CSRF token")
	}
	a, b := c.CSRF(page), c.CSRF(page)
	if a == b || a == raw || b == raw {
		t.Fatalf("tokens not masked per response: %q %q (session %q)", a, b, raw)
	}
	closeBanner := func(tok string) int {
		return c.Do("POST", "/org/"+servertest.OrgNordic+"/crypto_banner/close", url.Values{"_csrf": {tok}}).StatusCode
	}
	for name, tok := range map[string]string{"first": a, "second": b, "plain": raw} {
		if got := closeBanner(tok); got != http.StatusSeeOther {
			t.Errorf("%s token: %d, want 303", name, got)
		}
	}
	bs, _ := base64.RawURLEncoding.DecodeString(a)
	bs[len(bs)-1] ^= 4
	if got := closeBanner(base64.RawURLEncoding.EncodeToString(bs)); got != http.StatusForbidden {
		t.Errorf("tampered token: %d, want 403", got)
	}
	// The header form (islands' fetch calls) takes the masked token too.
	res := c.Do("POST", "/org/"+servertest.OrgNordic+"/crypto_banner/close", url.Values{}, "X-CSRF-Token", c.CSRF(page), "Accept", "application/json")
	if res.StatusCode != http.StatusNoContent {
		t.Errorf("masked X-CSRF-Token: %d", res.StatusCode)
	}
	// Another browser's masked token is no good here.
	d := h.LoggedIn(emailAdmin)
	if got := closeBanner(d.CSRF(page)); got != http.StatusForbidden {
		t.Errorf("another session's token: %d, want 403", got)
	}
}

// TestCSRFMaskedLoginForm: the anonymous login form gets a masked token,
// and the login works with it.
func TestCSRFMaskedLoginForm(t *testing.T) {
	h := newHarness(t)
	c := h.Client()
	tok := c.CSRF("/login")
	if tok == h.SessionCSRF(c) || unmasked(t, tok) != h.SessionCSRF(c) {
		t.Fatalf("login form token %q", tok)
	}
	res := c.Do("POST", "/login", url.Values{"_csrf": {tok}, "email": {emailObserver}, "password": {demo.Password}})
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("login with a masked token: %d", res.StatusCode)
	}
}

// TestCSRFIslandMarkupMatchesProps: the island cache keeps the token out of
// its keys and puts each response's own token back, so the markup an island
// is hydrated over carries exactly its props' token, render after render
// and browser after browser (the pool's runtimes are shared).
func TestCSRFIslandMarkupMatchesProps(t *testing.T) {
	h := newHarness(t)
	a, b := h.LoggedIn(emailAdmin), h.LoggedIn(emailAdmin)
	checked := 0
	for i := range 6 {
		c := []*servertest.Client{a, b}[i%2]
		_, doc := c.Page("/org/" + servertest.OrgNordic)
		for _, div := range htmlq.FindAll(doc, func(n *html.Node) bool { return htmlq.HasAttr(n, "data-island") }) {
			props := htmlq.Find(doc, htmlq.ByID(htmlq.Attr(div, "data-props")))
			var p struct {
				CSRF string `json:"csrf"`
			}
			if props == nil || json.Unmarshal([]byte(htmlq.VisibleText(props)), &p) != nil {
				t.Fatalf("island %s: no props", htmlq.Attr(div, "data-island"))
			}
			if p.CSRF == "" {
				continue
			}
			if unmasked(t, p.CSRF) != h.SessionCSRF(c) {
				t.Errorf("island %s: props token of another session", htmlq.Attr(div, "data-island"))
			}
			for _, in := range htmlq.FindAll(div, func(n *html.Node) bool { return htmlq.Attr(n, "name") == "_csrf" }) {
				checked++
				if htmlq.Attr(in, "value") != p.CSRF {
					t.Errorf("render %d, island %s: markup token %q, props token %q", i, htmlq.Attr(div, "data-island"), htmlq.Attr(in, "value"), p.CSRF)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no island carried a _csrf field")
	}
}
