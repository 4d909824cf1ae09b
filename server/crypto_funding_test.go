package server

import (
	"encoding/json"
	"maps"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"portal/reference"
)

// TestCryptoFundingGETChangesNothing: opening the page, even for an
// account, mints no partner token and writes nothing to the session; the
// form's POST mints one, and the page then frames it, reusing it on reload
// while it lasts.
func TestCryptoFundingGETChangesNothing(t *testing.T) {
	h := newHarness(t)
	tokens := func() int {
		var n int
		if err := h.db().QueryRow(`SELECT count(*) FROM crypto_widget_tokens`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	c := loggedIn(t, h, emailAdmin)
	values := func() map[string]string {
		s, err := h.manager.Load(t.Context(), c.sessionID())
		if err != nil {
			t.Fatal(err)
		}
		return s.Values
	}
	usdt := cryptoPage + "?account=" + reference.DemoAccountOrg1USDT
	beforeRows, beforeVals := tokens(), values()
	for range 2 {
		res, doc := c.Page(usdt)
		if res.StatusCode != http.StatusOK || len(frames(doc)) != 0 {
			t.Fatalf("GET with an account: %d, frames %v", res.StatusCode, frames(doc))
		}
		form := find(doc, func(n *html.Node) bool { return n.Data == "form" && attr(n, "action") == cryptoPage })
		if form == nil || attr(form, "method") != "post" || find(form, func(n *html.Node) bool { return attr(n, "name") == "_csrf" }) == nil {
			t.Fatal("no POST form with a CSRF token")
		}
		if got := optionSelected(doc, "account"); got != reference.DemoAccountOrg1USDT {
			t.Errorf("selected account %q", got)
		}
		if !strings.Contains(mainText(doc), cryptoMsgOpen) {
			t.Error("no prompt to open the widgets")
		}
	}
	if tokens() != beforeRows || !maps.Equal(values(), beforeVals) {
		t.Fatalf("a GET minted a token or wrote the session: rows %d → %d, values %v → %v", beforeRows, tokens(), beforeVals, values())
	}

	// Without the CSRF token the POST mints nothing.
	if res := c.Do("POST", cryptoPage, url.Values{"account": {reference.DemoAccountOrg1USDT}}); res.StatusCode != http.StatusForbidden || tokens() != beforeRows {
		t.Fatalf("POST without CSRF: %d, rows %d", res.StatusCode, tokens())
	}
	res := c.postForm(cryptoPage, url.Values{"account": {reference.DemoAccountOrg1USDT}}, cryptoPage)
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != usdt || tokens() != beforeRows+1 {
		t.Fatalf("POST: %d → %q, rows %d", res.StatusCode, res.Header.Get("Location"), tokens())
	}
	first := frames(parse(t, c.Get(usdt)))
	if len(first) != 2 || !strings.Contains(first[titleHistory], "?token=") {
		t.Fatalf("frames after the POST: %v", first)
	}
	vals := values()
	again := frames(parse(t, c.Get(usdt)))
	if !maps.Equal(first, again) || tokens() != beforeRows+1 || !maps.Equal(values(), vals) {
		t.Errorf("a reload changed the token or wrote: %v → %v", first, again)
	}
	// Posting again while the token lasts reuses it.
	if res := c.postForm(cryptoPage, url.Values{"account": {reference.DemoAccountOrg1USDT}}, cryptoPage); res.StatusCode != http.StatusSeeOther || tokens() != beforeRows+1 {
		t.Errorf("second POST: %d, rows %d", res.StatusCode, tokens())
	}
	// Another account of the page, or none: no frames.
	if got := frames(parse(t, c.Get(cryptoPage))); len(got) != 0 {
		t.Errorf("frames without an account: %v", got)
	}

	// A kept token that is about to expire, or was minted for other rights,
	// is not framed: the page asks for the POST again.
	for name, edit := range map[string]func(*keptCryptoToken){
		"about to expire": func(k *keptCryptoToken) { k.Expires = time.Now().Add(30 * time.Second) },
		"other rights":    func(k *keptCryptoToken) { k.Manage = false },
		"other user":      func(k *keptCryptoToken) { k.UserID = "someone-else" },
		"other account":   func(k *keptCryptoToken) { k.Account = reference.DemoAccountOrg1EUR },
	} {
		s, err := h.manager.Load(t.Context(), c.sessionID())
		if err != nil {
			t.Fatal(err)
		}
		key := cryptoTokenKey(reference.DemoOrg1ID)
		orig := s.Values[key]
		var k keptCryptoToken
		if err := json.Unmarshal([]byte(orig), &k); err != nil {
			t.Fatal(err)
		}
		edit(&k)
		b, _ := json.Marshal(k)
		s.Values[key] = string(b)
		if err := h.manager.Save(t.Context(), s); err != nil {
			t.Fatal(err)
		}
		if got := frames(parse(t, c.Get(usdt))); len(got) != 0 {
			t.Errorf("%s: framed %v", name, got)
		}
		s.Values[key] = orig
		if err := h.manager.Save(t.Context(), s); err != nil {
			t.Fatal(err)
		}
	}

	// The POST runs the page's guards: a role without crypto:read mints nothing.
	d := loggedIn(t, h, emailDefault)
	if res := d.Do("POST", cryptoPage, url.Values{"_csrf": {d.sessionCSRF()}, "account": {reference.DemoAccountOrg1USDT}}); res.StatusCode != http.StatusSeeOther ||
		res.Header.Get("Location") != "/org/"+reference.DemoOrg1ID || tokens() != beforeRows+1 {
		t.Errorf("default role POST: %d → %s, rows %d", res.StatusCode, res.Header.Get("Location"), tokens())
	}
}

// optionSelected is the value of the selected option of the select id.
func optionSelected(doc *html.Node, id string) string {
	if sel := find(doc, byID(id)); sel != nil {
		if o := find(sel, func(n *html.Node) bool { return n.Data == "option" && hasAttr(n, "selected") }); o != nil {
			return attr(o, "value")
		}
	}
	return ""
}
