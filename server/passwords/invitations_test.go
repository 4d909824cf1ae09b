package passwords

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"portal/provider"
	"portal/reference/demo"
	"portal/server/servertest"
)

func TestInvitationAccept(t *testing.T) {
	h := newHarness(t)
	link := demo.InvitationLink
	c := h.Client()
	res, doc := c.Page(link)
	if res.StatusCode != http.StatusOK || res.Header.Get("Referrer-Policy") != "no-referrer" {
		t.Fatalf("invitation page: %d %q", res.StatusCode, res.Header.Get("Referrer-Policy"))
	}
	if m := find(doc, byTag("main")); m == nil || !strings.Contains(text(m), demo.InvitedEmail) {
		t.Fatal("the page does not say which account is invited")
	}
	form := find(doc, func(n *html.Node) bool { return n.Data == "form" && attr(n, "action") == link })
	if form == nil || find(form, func(n *html.Node) bool { return attr(n, "data-island") == "PasswordStrength" }) == nil {
		t.Fatal("no new-password form with the PasswordStrength island")
	}
	user := find(form, func(n *html.Node) bool { return attr(n, "autocomplete") == "username" })
	if user == nil || attr(user, "value") != demo.InvitedEmail || attr(user, "name") != "" {
		t.Fatal("no (unsent) username field for password managers")
	}
	tok := attr(find(form, func(n *html.Node) bool { return attr(n, "name") == "_csrf" }), "value")

	res = c.Do("POST", link, url.Values{"_csrf": {tok}, "password": {newPassword}, "password_confirmation": {"other"}})
	if res.StatusCode != http.StatusUnprocessableEntity || res.Header.Get("Referrer-Policy") != "no-referrer" {
		t.Fatalf("mismatch: %d", res.StatusCode)
	}
	if el := find(servertest.Parse(t, res), byID("password_confirmation-error")); el == nil || !strings.Contains(text(el), "Passwords must match") {
		t.Fatal("mismatch not reported")
	}
	res = c.Do("POST", link, url.Values{"_csrf": {tok}, "password": {"short"}, "password_confirmation": {"short"}})
	if el := find(servertest.Parse(t, res), byID("password-error")); el == nil || !strings.Contains(text(el), "Password is not valid") {
		t.Fatal("weak password not reported")
	}

	res = c.Do("POST", link, url.Values{"_csrf": {tok}, "password": {newPassword}, "password_confirmation": {newPassword}})
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != link+"?created" || res.Header.Get("Referrer-Policy") != "no-referrer" {
		t.Fatalf("accept: %d %q", res.StatusCode, res.Header.Get("Location"))
	}
	res, doc = c.Page(link + "?created")
	if res.StatusCode != http.StatusOK {
		t.Fatalf("created page: %d", res.StatusCode)
	}
	if h1 := find(doc, byTag("h1")); h1 == nil || text(h1) != "New password created" {
		t.Fatal("no 'New password created'")
	}
	if a := find(doc, func(n *html.Node) bool { return n.Data == "a" && attr(n, "href") == "/login" && text(n) == "Log in" }); a == nil {
		t.Fatal("no 'Log in' link")
	}

	// The invited user can log in now (on to MFA set-up: they skip nothing).
	res = h.Client().LoginWith(demo.InvitedEmail, newPassword)
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/mfa-setup" {
		t.Fatalf("login after accepting: %d %q", res.StatusCode, res.Header.Get("Location"))
	}

	// Used: the link now goes to the expired page, GET and POST alike.
	if res := h.Client().Get(link); res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/invitations/expired" {
		t.Fatalf("used invitation: %d %q", res.StatusCode, res.Header.Get("Location"))
	}
	res = c.Do("POST", link, url.Values{"_csrf": {tok}, "password": {newPassword}, "password_confirmation": {newPassword}})
	if res.Header.Get("Location") != "/invitations/expired" {
		t.Fatalf("used invitation, POST: %d %q", res.StatusCode, res.Header.Get("Location"))
	}
	if res := h.Client().Get(link + "?created"); res.Header.Get("Location") != "/invitations/expired" {
		t.Fatalf("?created in another browser: %d %q", res.StatusCode, res.Header.Get("Location"))
	}
}

func TestInvitationUnknownAndExpired(t *testing.T) {
	h, _, clock := clockedHarness(t)
	for _, p := range []string{"/invitations/accept/nonsense", "/invitations/accept/" + strings.Repeat("b", 300)} {
		if res := h.Client().Get(p); res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/invitations/expired" {
			t.Errorf("%s: %d %q", p, res.StatusCode, res.Header.Get("Location"))
		}
	}
	c := h.Client()
	tok := c.CSRF(demo.InvitationLink)
	clock.Advance(provider.InvitationTTL + time.Minute)
	if res := c.Get(demo.InvitationLink); res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/invitations/expired" {
		t.Fatalf("expired invitation: %d %q", res.StatusCode, res.Header.Get("Location"))
	}
	res := c.Do("POST", demo.InvitationLink, url.Values{"_csrf": {tok}, "password": {newPassword}, "password_confirmation": {newPassword}})
	if res.Header.Get("Location") != "/invitations/expired" {
		t.Fatalf("expired invitation, POST: %d %q", res.StatusCode, res.Header.Get("Location"))
	}
	res, doc := c.Page("/invitations/expired")
	if res.StatusCode != http.StatusOK {
		t.Fatalf("expired page: %d", res.StatusCode)
	}
	if h1 := find(doc, byTag("h1")); h1 == nil || text(h1) != "Your link expired" {
		t.Fatal("no 'Your link expired'")
	}
	if m := find(doc, byTag("main")); !strings.Contains(text(m), "ask your administrator") || !strings.Contains(text(m), "7 days") {
		t.Fatalf("the page does not say what to do: %q", text(m))
	}
}
