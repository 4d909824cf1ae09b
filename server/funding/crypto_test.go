package funding

import (
	"encoding/json"
	"maps"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"portal/htmlq"
	"portal/reference/demo"
	"portal/server/servertest"
)

// TestCryptoFundingGETChangesNothing: opening the page, even for an
// account, mints no partner token and writes nothing to the session; the
// form's POST mints one, and the page then frames it, reusing it on reload
// while it lasts. Tokens are signed, not stored: neither the page nor its
// POST writes to the store.
func TestCryptoFundingGETChangesNothing(t *testing.T) {
	h := newHarness(t)
	ver := h.StoreVersion(t)
	// Read after the login, which the audit log records.
	c := h.LoggedIn(emailAdmin)
	version := ver.Read(t)
	values := func() map[string]string { return h.Session(t, c).Values }
	key := cryptoTokenKey(demo.Org1ID)
	usdt := cryptoPage + "?account=" + demo.AccountOrg1USDT
	beforeVals := values()
	for range 2 {
		res, doc := c.Page(usdt)
		if res.StatusCode != http.StatusOK || len(frames(doc)) != 0 {
			t.Fatalf("GET with an account: %d, frames %v", res.StatusCode, frames(doc))
		}
		form := htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "form" && htmlq.Attr(n, "action") == cryptoPage })
		if form == nil || htmlq.Attr(form, "method") != "post" || htmlq.Find(form, func(n *html.Node) bool { return htmlq.Attr(n, "name") == "_csrf" }) == nil {
			t.Fatal("no POST form with a CSRF token")
		}
		if got := optionSelected(doc, "account"); got != demo.AccountOrg1USDT {
			t.Errorf("selected account %q", got)
		}
		if !strings.Contains(mainText(doc), cryptoMsgOpen) {
			t.Error("no prompt to open the widgets")
		}
	}
	if !maps.Equal(values(), beforeVals) || ver.Read(t) != version {
		t.Fatalf("a GET minted a token or wrote: values %v → %v", beforeVals, values())
	}

	// Without the CSRF token the POST mints nothing.
	if res := c.Do("POST", cryptoPage, url.Values{"account": {demo.AccountOrg1USDT}}); res.StatusCode != http.StatusForbidden || values()[key] != "" {
		t.Fatalf("POST without CSRF: %d, kept %q", res.StatusCode, values()[key])
	}
	res := c.PostForm(cryptoPage, url.Values{"account": {demo.AccountOrg1USDT}}, cryptoPage)
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != usdt || values()[key] == "" {
		t.Fatalf("POST: %d → %q, kept %q", res.StatusCode, res.Header.Get("Location"), values()[key])
	}
	first := frames(servertest.Parse(t, c.Get(usdt)))
	if len(first) != 2 || !strings.Contains(first[titleHistory], "?token=") {
		t.Fatalf("frames after the POST: %v", first)
	}
	vals := values()
	again := frames(servertest.Parse(t, c.Get(usdt)))
	if !maps.Equal(first, again) || !maps.Equal(values(), vals) {
		t.Errorf("a reload changed the token or wrote: %v → %v", first, again)
	}
	// Posting again while the token lasts reuses it.
	if res := c.PostForm(cryptoPage, url.Values{"account": {demo.AccountOrg1USDT}}, cryptoPage); res.StatusCode != http.StatusSeeOther || values()[key] != vals[key] {
		t.Errorf("second POST: %d, kept %q, was %q", res.StatusCode, values()[key], vals[key])
	}
	if v := ver.Read(t); v != version {
		t.Errorf("minting wrote to the store (data_version %d → %d)", version, v)
	}
	// Another account of the page, or none: no frames.
	if got := frames(servertest.Parse(t, c.Get(cryptoPage))); len(got) != 0 {
		t.Errorf("frames without an account: %v", got)
	}

	// A kept token that is about to expire, or was minted for other rights,
	// is not framed: the page asks for the POST again.
	for name, edit := range map[string]func(*keptCryptoToken){
		"about to expire": func(k *keptCryptoToken) { k.Expires = time.Now().Add(30 * time.Second) },
		"other rights":    func(k *keptCryptoToken) { k.Manage = false },
		"other user":      func(k *keptCryptoToken) { k.UserID = "someone-else" },
		"other account":   func(k *keptCryptoToken) { k.Account = demo.AccountOrg1EUR },
	} {
		s := h.Session(t, c)
		key := cryptoTokenKey(demo.Org1ID)
		orig := s.Values[key]
		var k keptCryptoToken
		if err := json.Unmarshal([]byte(orig), &k); err != nil {
			t.Fatal(err)
		}
		edit(&k)
		b, _ := json.Marshal(k)
		s.Values[key] = string(b)
		if err := h.Sessions.Save(t.Context(), s); err != nil {
			t.Fatal(err)
		}
		if got := frames(servertest.Parse(t, c.Get(usdt))); len(got) != 0 {
			t.Errorf("%s: framed %v", name, got)
		}
		s.Values[key] = orig
		if err := h.Sessions.Save(t.Context(), s); err != nil {
			t.Fatal(err)
		}
	}

	// The POST runs the page's guards: a role without crypto:read mints nothing.
	d := h.LoggedIn(emailDefault)
	if res := d.Do("POST", cryptoPage, url.Values{"_csrf": {h.Session(t, d).CSRF}, "account": {demo.AccountOrg1USDT}}); res.StatusCode != http.StatusSeeOther ||
		res.Header.Get("Location") != "/org/"+demo.Org1ID || h.Session(t, d).Values[key] != "" {
		t.Errorf("default role POST: %d → %s, kept %q", res.StatusCode, res.Header.Get("Location"), h.Session(t, d).Values[key])
	}
}

// TestCryptoTokenGETChangesNothing: the API's GET of a partner token, for a
// real crypto account (which the GET walk's dummy parameters never reach),
// answers a token that opens the widgets and leaves the store as it was;
// so do the widgets and the page framing them.
func TestCryptoTokenGETChangesNothing(t *testing.T) {
	h := newHarness(t)
	ver := h.StoreVersion(t)
	a := h.APILoggedIn(emailAdmin)
	c := h.LoggedIn(emailAdmin)
	openCrypto(t, c, cryptoPage, "?account="+demo.AccountOrg1USDT)
	anon := h.Client()

	before := ver.Read(t)
	path := "/api/v2/crypto/organisations/" + demo.Org1ID + "/c2c/token?virtual_account_number=" + demo.AccountOrg1USDT
	var urls []string
	for range 2 {
		r := a.Call("GET", path, nil)
		data, _ := r.JSON["data"].(map[string]any)
		if r.StatusCode != http.StatusOK || data == nil || data["token"] == "" || data["manage"] != true {
			t.Fatalf("GET token: %d %s", r.StatusCode, r.Raw)
		}
		urls = append(urls, data["history_url"].(string), data["wallets_url"].(string))
	}
	if v := ver.Read(t); v != before {
		t.Fatalf("the API's GET wrote to the store (data_version %d → %d)", before, v)
	}
	for _, u := range urls {
		if res := anon.Get(u); res.StatusCode != http.StatusOK {
			t.Errorf("%s: %d", u, res.StatusCode)
		}
	}
	res, doc := c.Page(cryptoPage + "?account=" + demo.AccountOrg1USDT)
	if res.StatusCode != http.StatusOK || len(frames(doc)) != 2 {
		t.Errorf("page: %d, frames %v", res.StatusCode, frames(doc))
	}
	if v := ver.Read(t); v != before {
		t.Errorf("the widgets or the page wrote to the store (data_version %d → %d)", before, v)
	}
}

// optionSelected is the value of the selected option of the select id.
func optionSelected(doc *html.Node, id string) string {
	if sel := htmlq.Find(doc, htmlq.ByID(id)); sel != nil {
		if o := htmlq.Find(sel, func(n *html.Node) bool { return n.Data == "option" && htmlq.HasAttr(n, "selected") }); o != nil {
			return htmlq.Attr(o, "value")
		}
	}
	return ""
}
