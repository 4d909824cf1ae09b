package accounts

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"portal/htmlq"
	"portal/mfa"
	"portal/reference/demo"
	"portal/savedform"
	"portal/server"
	"portal/server/servertest"
)

// Saved forms (server/savedform.go) through the transfer, the money form of
// the portal: kept when posted after the session ended, shown after the
// next login, sent only by the user's button, and booked once.

const savedPage = "/org/" + servertest.OrgNordic + "/saved_form"

// browserPost is a form submission as a browser sends it from a page of
// the portal: a same-origin navigation.
var browserPost = []string{"Origin", "http://portal.test", "Sec-Fetch-Site", "same-origin", "Sec-Fetch-Mode", "navigate",
	"Sec-Fetch-Dest", "document", "Referer", "http://portal.test" + accountPath(acctEUR) + "/transfer"}

// expire ends the client's session on the server, as the idle timeout does.
func expire(t *testing.T, h *servertest.Harness, c *servertest.Client) {
	t.Helper()
	if err := h.Sessions.Destroy(context.Background(), h.Session(t, c)); err != nil {
		t.Fatal(err)
	}
}

// postAfterEnd opens the transfer form, lets the session end, and posts the
// form (edit changes it first) as a browser does: the stale post to keep.
func postAfterEnd(t *testing.T, h *servertest.Harness, c *servertest.Client, edit func(url.Values)) *http.Response {
	t.Helper()
	csrf, key := transferForm(t, c, acctEUR)
	expire(t, h, c)
	f := transferValues(csrf, key)
	if edit != nil {
		edit(f)
	}
	return c.Do("POST", accountPath(acctEUR)+"/transfer", f, browserPost...)
}

func transferValues(csrf, key string) url.Values {
	return url.Values{"_csrf": {csrf}, "idempotency_key": {key}, "from_account_number": {acctEUR}, "to_account_number": {acctGBP},
		"amount": {"12.34"}, "end_to_end_id": {"SAVED-1"}, "intent": {"transfer"}}
}

// relogin logs out and in again in the same browser: a new session.
func relogin(t *testing.T, c *servertest.Client) {
	t.Helper()
	if res := c.PostForm("/logout", url.Values{}, "/org/"+servertest.OrgNordic); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("logout: %d", res.StatusCode)
	}
	c.Login("admin@demo.example")
}

func cookie(c *servertest.Client, name string) *http.Cookie {
	for _, ck := range c.Jar.Cookies(&url.URL{Scheme: "http", Host: "portal.test", Path: "/"}) {
		if ck.Name == name {
			return ck
		}
	}
	return nil
}

// loginFrom logs in through the login page at loginURL (which carries the
// return target) as the browser does, answering MFA for the TOTP user, and
// follows the landing to the page it ends on.
// Each TOTP step is accepted once, so a second login within one takes the
// next step's code (one step of skew is allowed): mfaStep offsets the clock.
func loginFrom(t *testing.T, c *servertest.Client, loginURL, email string, mfaStep time.Duration) string {
	t.Helper()
	_, doc := c.Page(loginURL)
	form := url.Values{"email": {email}, "password": {demo.Password}}
	for _, in := range htmlq.FindAll(doc, htmlq.ByTag("input")) {
		if n := htmlq.Attr(in, "name"); n == "_csrf" || n == "redirect_url" {
			form.Set(n, htmlq.Attr(in, "value"))
		}
	}
	res := c.Do("POST", "/login", form)
	next := res.Header.Get("Location")
	if next == "/mfa-verify" {
		code, err := mfa.Code(demo.TOTPSecret, time.Now().Add(mfaStep))
		if err != nil {
			t.Fatal(err)
		}
		res = c.PostForm("/mfa-verify/totp", url.Values{"code": {code}}, "/mfa-verify?method=authenticator")
		next = res.Header.Get("Location")
	}
	for i := 0; i < 5 && next != ""; i++ {
		res = c.Get(next)
		if loc := res.Header.Get("Location"); loc != "" {
			next = loc
			continue
		}
		if res.StatusCode != http.StatusOK {
			t.Fatalf("landing at %s: %d", next, res.StatusCode)
		}
		doc := servertest.Parse(t, res)
		meta := htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "meta" && htmlq.Attr(n, "http-equiv") == "refresh" })
		if meta == nil {
			return next
		}
		_, target, _ := strings.Cut(htmlq.Attr(meta, "content"), "url=")
		next = target
	}
	return next
}

// savedForm reads the saved form page: its shown values, the fields its
// button posts and where.
func savedForm(t *testing.T, c *servertest.Client) (shown map[string]string, post url.Values, action string) {
	t.Helper()
	res, doc := c.Page(savedPage)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("saved form page: %d (%s)", res.StatusCode, res.Header.Get("Location"))
	}
	shown = map[string]string{}
	main := htmlq.Find(doc, htmlq.ByTag("main"))
	dts, dds := htmlq.FindAll(main, htmlq.ByTag("dt")), htmlq.FindAll(main, htmlq.ByTag("dd"))
	for i := range dts {
		shown[htmlq.VisibleText(dts[i])] = htmlq.VisibleText(dds[i])
	}
	form := htmlq.Find(main, func(n *html.Node) bool {
		return n.Data == "form" && htmlq.Find(n, func(b *html.Node) bool { return b.Data == "button" && htmlq.VisibleText(b) == "Send again" }) != nil
	})
	if form == nil {
		t.Fatal("no Send again form")
	}
	post = url.Values{}
	for _, in := range htmlq.FindAll(form, htmlq.ByTag("input")) {
		post.Add(htmlq.Attr(in, "name"), htmlq.Attr(in, "value"))
	}
	return shown, post, htmlq.Attr(form, "action")
}

// noSavedForm: the page says there is nothing to send again.
func noSavedForm(t *testing.T, c *servertest.Client, what string) {
	t.Helper()
	res, doc := c.Page(savedPage)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("%s: saved form page %d", what, res.StatusCode)
	}
	if h1 := htmlq.VisibleText(htmlq.Find(doc, htmlq.ByTag("h1"))); h1 != "Nothing to send again" {
		t.Fatalf("%s is offered (%q)", what, h1)
	}
}

func TestSavedTransferComesBackAfterLogin(t *testing.T) {
	for _, email := range []string{"admin@demo.example", "mfa-totp@demo.example"} {
		t.Run(email, func(t *testing.T) {
			h := newHarness(t)
			// The MFA demo users only read: this one may move money here.
			h.Exec(`UPDATE memberships SET role = 'admin' WHERE user_id = ?`, demo.UserMFATOTPID)
			c := h.Client()
			loginFrom(t, c, "/login", email, 0)
			csrf, key := transferForm(t, c, acctEUR)
			before := balance(t, h, acctEUR)
			expire(t, h, c)

			res := c.Do("POST", accountPath(acctEUR)+"/transfer", transferValues(csrf, key), browserPost...)
			want := "/login?" + url.Values{"expired": {"1"}, "redirect_url": {savedPage}}.Encode()
			if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != want {
				t.Fatalf("post after expiry: %d %q, want a redirect to %s", res.StatusCode, res.Header.Get("Location"), want)
			}
			ck := cookie(c, "portal_saved_form")
			if ck == nil {
				t.Fatal("no saved form cookie")
			}
			raw := strings.Join(res.Header.Values("Set-Cookie"), "\n")
			for _, attr := range []string{"HttpOnly", "SameSite=Strict", "Max-Age=600"} {
				if !strings.Contains(strings.ToLower(raw), strings.ToLower(attr)) {
					t.Errorf("saved form cookie lacks %s: %s", attr, raw)
				}
			}

			if got := loginFrom(t, c, want, email, 30*time.Second); got != savedPage {
				t.Fatalf("after login the user lands on %q, want the saved form", got)
			}
			shown, post, action := savedForm(t, c)
			wantShown := map[string]string{"From account": acctEUR, "To account": acctGBP, "Amount": "12.34", "End-to-end id": "SAVED-1"}
			for k, v := range wantShown {
				if shown[k] != v {
					t.Errorf("shown %s = %q, want %q", k, shown[k], v)
				}
			}
			if len(shown) != len(wantShown) {
				t.Errorf("shown %v: helpers listed", shown)
			}
			if action != accountPath(acctEUR)+"/transfer" || post.Get("idempotency_key") != key || post.Get("intent") != "transfer" ||
				post.Get(server.SavedFormMarker) != "1" || post.Get("_csrf") == "" || post.Get("_csrf") == csrf {
				t.Fatalf("send again posts %v to %s", post, action)
			}
			if got := balance(t, h, acctEUR); got.Cmp(before) != 0 {
				t.Fatalf("money moved before the user confirmed: %s → %s", before, got)
			}

			res = c.Do("POST", action, post, browserPost...)
			if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != accountPath(acctEUR) {
				t.Fatalf("send again: %d %s", res.StatusCode, res.Header.Get("Location"))
			}
			after := balance(t, h, acctEUR)
			if before.Sub(after).String() != "12.34" {
				t.Fatalf("balance %s → %s, want 12.34 less", before, after)
			}
			// Confirmed twice (back, and the button again): booked once.
			c.Do("POST", action, post, browserPost...)
			if got := balance(t, h, acctEUR); got.Cmp(after) != 0 {
				t.Fatalf("a second confirmation moved money again: %s → %s", after, got)
			}
			noSavedForm(t, c, "a used form")
		})
	}
}

func TestCrossSitePostNotKept(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("admin@demo.example")
	csrf, key := transferForm(t, c, acctEUR)
	cases := map[string][]string{
		"cross-site":             {"Origin", "https://evil.example", "Sec-Fetch-Site", "cross-site", "Sec-Fetch-Mode", "navigate"},
		"same-site, not origin":  {"Origin", "http://evil.portal.test", "Sec-Fetch-Site", "same-site", "Sec-Fetch-Mode", "navigate"},
		"foreign Origin only":    {"Origin", "https://evil.example"},
		"null Origin":            {"Origin", "null"},
		"no origin information":  {},
		"same origin, but fetch": {"Origin", "http://portal.test", "Sec-Fetch-Site", "same-origin", "Sec-Fetch-Mode", "cors", "Sec-Fetch-Dest", "empty"},
		"origin disagrees":       {"Origin", "https://evil.example", "Sec-Fetch-Site", "same-origin", "Sec-Fetch-Mode", "navigate"},
	}
	for name, hdr := range cases {
		t.Run(name, func(t *testing.T) {
			expire(t, h, c)
			res := c.Do("POST", accountPath(acctEUR)+"/transfer", transferValues(csrf, key), hdr...)
			if res.StatusCode != http.StatusForbidden {
				t.Fatalf("status %d (%s), want the form expired page", res.StatusCode, res.Header.Get("Location"))
			}
			if cookie(c, "portal_saved_form") != nil {
				t.Fatal("a saved form cookie was set")
			}
			c.Login("admin@demo.example")
			noSavedForm(t, c, "a cross-site post")
		})
	}
}

func TestSavedFormKeepsNoSecrets(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("admin@demo.example")
	secrets := map[string]string{"password": "Hunter2-secret", "current_password": "Old-secret-1", "code": "1234567",
		"otp": "654321", "api_token": "tok-secret", "client_secret": "cs-secret"}
	var csrf string
	res := postAfterEnd(t, h, c, func(f url.Values) {
		csrf = f.Get("_csrf")
		for k, v := range secrets {
			f.Set(k, v)
		}
		f.Set("country_code", "dk") // a "code" that is no secret
	})
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("not kept: %d", res.StatusCode)
	}
	// Nothing secret reaches the store.
	keys, err := h.Redis.Keys(t.Context(), "portal:saved:*").Result()
	if err != nil || len(keys) == 0 {
		t.Fatalf("store keys %v %v", keys, err)
	}
	for _, k := range keys {
		v, _ := h.Redis.Get(t.Context(), k).Result()
		for _, s := range append([]string{csrf}, mapValues(secrets)...) {
			if strings.Contains(v, s) {
				t.Errorf("the store holds %q", s)
			}
		}
	}
	c.Login("admin@demo.example")
	shown, post, _ := savedForm(t, c)
	for k := range secrets {
		if post.Has(k) {
			t.Errorf("the page posts %s", k)
		}
	}
	if shown["Country code"] != "dk" || post.Get("country_code") != "dk" {
		t.Errorf("country_code not kept: %v", shown)
	}
	_, doc := c.Page(savedPage)
	if !strings.Contains(htmlq.VisibleText(htmlq.Find(doc, htmlq.ByTag("main"))), "these were not kept") {
		t.Error("the page does not say what was left out")
	}
}

func TestSavedFormOnlyForTheNextLoginOfThatBrowser(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("admin@demo.example")
	postAfterEnd(t, h, c, nil)

	// Another browser of the same user sees nothing.
	other := h.LoggedIn("admin@demo.example")
	noSavedForm(t, other, "another browser")
	// A cookie copied without the login that claimed it opens nothing either.
	c.Login("admin@demo.example")
	savedForm(t, c)
	other.Jar.SetCookies(&url.URL{Scheme: "http", Host: "portal.test", Path: "/"}, []*http.Cookie{cookie(c, "portal_saved_form")})
	noSavedForm(t, other, "a copied cookie in another login")
	// The login that saw it owns it; a later login in the same browser does not.
	relogin(t, c)
	noSavedForm(t, c, "a later login")
}

func TestSavedFormNotOfferedToTheNextUser(t *testing.T) {
	// A shared computer: the session ends, someone else of the same
	// organisation (who may send transfers too) logs in on that browser.
	h := newHarness(t)
	c := h.LoggedIn("admin@demo.example")
	postAfterEnd(t, h, c, nil)
	c.Login("operations_member@demo.example")
	noSavedForm(t, c, "another user's form")
	// Their look did not take it from its owner, who logs in next.
	relogin(t, c)
	if shown, _, _ := savedForm(t, c); shown["Amount"] != "12.34" {
		t.Fatalf("shown %v", shown)
	}
}

func TestSavedFormStraightBackWhenLoggedInAgain(t *testing.T) {
	// A page older than the current login (logged in again in another tab):
	// its token is stale but the session lives, so the form shows at once.
	h := newHarness(t)
	c := h.LoggedIn("admin@demo.example")
	csrf, key := transferForm(t, c, acctEUR)
	relogin(t, c)
	res := c.Do("POST", accountPath(acctEUR)+"/transfer", transferValues(csrf, key), browserPost...)
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != savedPage {
		t.Fatalf("%d %s", res.StatusCode, res.Header.Get("Location"))
	}
	shown, _, _ := savedForm(t, c)
	if shown["Amount"] != "12.34" {
		t.Fatalf("shown %v", shown)
	}
}

func TestSavedFormDiscardAndExpiry(t *testing.T) {
	clock := time.Now()
	store := savedform.NewMemoryStore(10)
	store.Now = func() time.Time { return clock }
	h := newHarness(t, func(d *server.Deps) { d.SavedForms = store })
	c := h.LoggedIn("admin@demo.example")
	keep := func() {
		t.Helper()
		if res := postAfterEnd(t, h, c, nil); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("not kept: %d", res.StatusCode)
		}
		c.Login("admin@demo.example")
	}

	keep()
	savedForm(t, c)
	res := c.PostForm(savedPage+"/discard", url.Values{}, savedPage)
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != accountPath(acctEUR)+"/transfer" {
		t.Fatalf("discard: %d %s", res.StatusCode, res.Header.Get("Location"))
	}
	noSavedForm(t, c, "a discarded form")

	keep()
	clock = clock.Add(savedform.TTL + time.Second)
	noSavedForm(t, c, "an expired saved form")
}

func TestSavedFormRedisTTL(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("admin@demo.example")
	postAfterEnd(t, h, c, nil)
	keys, _ := h.Redis.Keys(t.Context(), "portal:saved:*").Result()
	if len(keys) == 0 {
		t.Fatal("nothing stored")
	}
	for _, k := range keys {
		ttl, err := h.Redis.TTL(t.Context(), k).Result()
		if err != nil || ttl <= 0 || ttl > savedform.TTL {
			t.Errorf("%s: TTL %v %v", k, ttl, err)
		}
	}
}

func TestSavedFormTooLargeNotKept(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("admin@demo.example")
	res := postAfterEnd(t, h, c, func(f url.Values) {
		for i := 0; i <= savedform.MaxFields; i++ {
			f.Set("extra_"+strconv.Itoa(i), "x")
		}
	})
	if res.StatusCode != http.StatusForbidden {
		t.Fatalf("status %d, want the form expired page", res.StatusCode)
	}
}

func TestShellSessionProps(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("admin@demo.example")
	_, doc := c.Page(accountPath(acctEUR))
	island := htmlq.Find(doc, func(n *html.Node) bool { return htmlq.Attr(n, "data-island") == "IdleWarning" })
	if island == nil {
		t.Fatal("no idle warning on a shell page")
	}
	script := htmlq.Find(doc, func(n *html.Node) bool {
		return n.Data == "script" && htmlq.Attr(n, "id") == htmlq.Attr(island, "data-props")
	})
	if script == nil || script.FirstChild == nil {
		t.Fatal("no props")
	}
	props := script.FirstChild.Data
	idle := int(h.Sessions.Config().IdleTimeout / time.Second)
	for _, want := range []string{`"warn":60`, `"login":"/login?expired=1&redirect_url=`, `"csrf":"`} {
		if !strings.Contains(props, want) {
			t.Errorf("props %s lack %s", props, want)
		}
	}
	if !strings.Contains(props, `"endsIn":`+strconv.Itoa(idle-2)) && !strings.Contains(props, `"endsIn":`+strconv.Itoa(idle-3)) {
		t.Errorf("endsIn of a session just used is not the idle timeout (%d s): %s", idle, props)
	}
	if island.FirstChild != nil {
		t.Error("the server renders something of the warning (its dialog's inline width would break the CSP)")
	}
}

func mapValues(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for _, v := range m {
		out = append(out, v)
	}
	return out
}
