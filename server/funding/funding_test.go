package funding

import (
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"portal/server/auth"
	"portal/server/createpayout"
	"portal/server/statements"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"portal/htmlq"
	"portal/provider"
	"portal/reference"
	"portal/reference/demo"
	"portal/server"
	"portal/server/accounts"
	"portal/server/collections"
	"portal/server/dashboard"
	"portal/server/internal/testkit"
	"portal/server/payouts"
	"portal/server/search"
	"portal/server/servertest"
)

func TestMain(m *testing.M) { os.Exit(servertest.Main(m)) }

// newHarness mounts funding, auth to log in through the form, and the
// dashboard and search pages whose layout carries the funding dialog; edits
// change the server's dependencies first.
func newHarness(t *testing.T, edits ...func(*server.Deps)) *servertest.Harness {
	return servertest.NewWith(t, servertest.Edits(edits...), auth.New, New, dashboard.New, accounts.New, statements.New, payouts.New, createpayout.New, collections.New, search.New)
}

const (
	emailOperations = "operations_member@demo.example"
	emailAdmin      = "admin@demo.example"
	emailObserver   = "observer@demo.example"
	emailDefault    = "default@demo.example"
)

var (
	fundingPage = "/org/" + demo.Org1ID + "/account_funding"
	cryptoPage  = "/org/" + demo.Org1ID + "/crypto_funding"
)

// The Go half of the shared vectors (islands/lib/funding.test.ts is the other).
func TestFundingRowsVectors(t *testing.T) {
	var v struct {
		Cases []struct {
			Name        string                      `json:"name"`
			Instruction provider.FundingInstruction `json:"instruction"`
			Rows        []FundingRow                `json:"rows"`
		} `json:"cases"`
	}
	servertest.ReadVectors(t, "funding-rows.json", &v)
	if len(v.Cases) == 0 {
		t.Fatal("no vectors")
	}
	for _, c := range v.Cases {
		if got := fundingRows(c.Instruction); !reflect.DeepEqual(got, c.Rows) {
			t.Errorf("%s:\n got %v\nwant %v", c.Name, got, c.Rows)
		}
	}
}

func optionValues(doc *html.Node, selectID string) []string {
	sel := htmlq.Find(doc, htmlq.ByID(selectID))
	if sel == nil {
		return nil
	}
	var out []string
	for _, o := range htmlq.FindAll(sel, htmlq.ByTag("option")) {
		out = append(out, htmlq.Attr(o, "value"))
	}
	return out
}

// dlTerms maps the terms of the first description list to their values.
func dlTerms(doc *html.Node) map[string]string {
	out := map[string]string{}
	dl := htmlq.Find(doc, htmlq.ByTag("dl"))
	if dl == nil {
		return out
	}
	var term string
	for n := dl.FirstChild; n != nil; n = n.NextSibling {
		switch n.Data {
		case "dt":
			term = htmlq.VisibleText(n)
		case "dd":
			out[term] = htmlq.VisibleText(n)
		}
	}
	return out
}

func sorted(s []string) []string { s = slices.Clone(s); slices.Sort(s); return s }

func mainText(doc *html.Node) string { return htmlq.VisibleText(htmlq.Find(doc, htmlq.ByID("main"))) }

func TestAccountFundingPage(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn(emailOperations)
	org := "/org/" + demo.Org1ID
	owned := []string{"", demo.AccountOrg1EUR, demo.AccountOrg1GBP, demo.AccountOrg1USD,
		demo.AccountOrg1DKK, demo.AccountOrg1USDT}

	cases := []struct {
		name, query string
		hdr         []string
		message     string
		rows        map[string]string // terms that must be there with these values
		absent      []string          // terms that must not be there
		accept      bool              // the "I got it!" form is there
		done        string
	}{
		{name: "nothing chosen", message: fundingMsgSelect, done: org},
		{name: "came from a page: Done goes back", hdr: []string{"Referer", "http://portal.test" + org + "/settings/profile?x=1"},
			message: fundingMsgSelect, done: org + "/settings/profile?x=1"},
		{name: "another site's Referer is ignored", hdr: []string{"Referer", "http://evil.example" + org + "/users"},
			message: fundingMsgSelect, done: org},
		{name: "return field kept", query: "?return=" + url.QueryEscape(org+"/users"), message: fundingMsgSelect, done: org + "/users"},
		{name: "off-site return refused", query: "?return=" + url.QueryEscape("//evil.example/x"), message: fundingMsgSelect, done: org},
		{name: "return to itself refused", query: "?return=" + url.QueryEscape(fundingPage+"?account=1"), message: fundingMsgSelect, done: org},
		{name: "EUR: IBAN and SWIFT", query: "?account=" + demo.AccountOrg1EUR, done: org,
			rows:   map[string]string{"Funding reference": "NTA-EUR-0015", "IBAN": "DK5000400440116243", "SWIFT": "NSBKDKKK", "Beneficiary name": "Nordic Trading ApS"},
			absent: []string{"Sort code", "Wallet address", "Crypto network"}},
		{name: "GBP: changed, waiting for I got it!", query: "?account=" + demo.AccountOrg1GBP, done: org, accept: true,
			rows: map[string]string{"Sort code": "20-20-15", "Account number": "55555555", "IBAN": "GB33BUKB20201555555555"}},
		{name: "USDT: network and wallet", query: "?account=" + demo.AccountOrg1USDT, done: org,
			rows:   map[string]string{"Crypto network": "Tron (TRC20)", "Wallet address": "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE"},
			absent: []string{"IBAN", "SWIFT"}},
		{name: "shared account: not selectable, no instructions", query: "?account=" + demo.AccountPartnerPool,
			message: provider.MsgFundingUnavailable, done: org},
		{name: "another organisation's account", query: "?account=" + demo.AccountOrg2GBP,
			message: provider.MsgFundingUnavailable, done: org},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := c.Do("GET", fundingPage+tc.query, nil, tc.hdr...)
			doc := servertest.Parse(t, res)
			if res.StatusCode != 200 {
				t.Fatalf("status %d", res.StatusCode)
			}
			if got := htmlq.VisibleText(htmlq.Find(doc, htmlq.ByTag("h1"))); got != fundingTitle {
				t.Errorf("h1 %q", got)
			}
			if got := optionValues(doc, "account"); !reflect.DeepEqual(sorted(got), owned) {
				t.Errorf("account options %v, want the owned accounts %v (no 'all')", got, owned)
			}
			body := mainText(doc)
			if tc.message != "" && !strings.Contains(body, tc.message) {
				t.Errorf("message %q missing from %q", tc.message, body)
			}
			got := dlTerms(doc)
			for k, v := range tc.rows {
				if got[k] != v {
					t.Errorf("%s = %q, want %q (all: %v)", k, got[k], v, got)
				}
			}
			for _, k := range tc.absent {
				if _, ok := got[k]; ok {
					t.Errorf("%s shown for an instruction without it", k)
				}
			}
			if tc.rows == nil && len(got) != 0 {
				t.Errorf("instructions shown: %v", got)
			}
			form := htmlq.Find(doc, func(n *html.Node) bool {
				return n.Data == "form" && htmlq.Attr(n, "method") == "post" && htmlq.Attr(n, "action") == fundingPage+"/accept"
			})
			if (form != nil) != tc.accept {
				t.Errorf("accept form present %v, want %v", form != nil, tc.accept)
			}
			if form != nil {
				uuid := htmlq.Find(form, func(n *html.Node) bool { return htmlq.Attr(n, "name") == "configuration_uuid" })
				csrf := htmlq.Find(form, func(n *html.Node) bool { return htmlq.Attr(n, "name") == "_csrf" })
				if uuid == nil || htmlq.Attr(uuid, "value") == "" || csrf == nil || htmlq.Attr(csrf, "value") == "" {
					t.Error("accept form lacks configuration_uuid or _csrf")
				}
				if !strings.Contains(htmlq.VisibleText(form.Parent), fundingMsgChanged) {
					t.Error("no changed notice beside I got it!")
				}
			}
			done := htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "a" && htmlq.VisibleText(n) == "Done, close window" })
			if done == nil || htmlq.Attr(done, "href") != tc.done {
				t.Errorf("Done link %v, want href %q", done, tc.done)
			}
		})
	}
}

func TestAccountFundingAccept(t *testing.T) {
	h := newHarness(t)
	gbp, err := h.Store.FundingInstruction(t.Context(), demo.Org1ID, demo.AccountOrg1GBP)
	if err != nil || !gbp.Changed {
		t.Fatalf("seeded GBP instruction %+v %v", gbp, err)
	}
	accept := fundingPage + "/accept"
	form := func(csrf, acct, uuid string) url.Values {
		return url.Values{"_csrf": {csrf}, "account": {acct}, "configuration_uuid": {uuid}, "return": {"/org/" + demo.Org1ID + "/users"}}
	}
	changed := func() bool {
		f, err := h.Store.FundingInstruction(t.Context(), demo.Org1ID, demo.AccountOrg1GBP)
		if err != nil {
			t.Fatal(err)
		}
		return f.Changed
	}

	// Refusals first: none of them may acknowledge anything.
	obs := h.LoggedIn(emailObserver)
	res := obs.Do("POST", accept, form(obs.CSRF("/org/"+demo.Org1ID), demo.AccountOrg1GBP, gbp.UUID))
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/org/"+demo.Org1ID {
		t.Errorf("observer: %d → %s; want the organisation root", res.StatusCode, res.Header.Get("Location"))
	}
	if res := obs.Get(fundingPage); res.StatusCode != http.StatusSeeOther {
		t.Errorf("observer opens the page: %d", res.StatusCode)
	}

	ops := h.LoggedIn(emailOperations)
	csrf := ops.CSRF(fundingPage)
	if res := ops.Do("POST", accept, form("", demo.AccountOrg1GBP, gbp.UUID)); res.StatusCode != http.StatusForbidden {
		t.Errorf("without CSRF: %d", res.StatusCode)
	}
	res = ops.Do("POST", "/org/"+demo.Org2ID+"/account_funding/accept", form(csrf, demo.AccountOrg1GBP, gbp.UUID))
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/no-organisation" {
		t.Errorf("other organisation: %d → %s", res.StatusCode, res.Header.Get("Location"))
	}
	if !changed() {
		t.Fatal("a refused request acknowledged the change")
	}

	back := fundingPage + "?" + url.Values{"account": {demo.AccountOrg1GBP}, "return": {"/org/" + demo.Org1ID + "/users"}}.Encode()
	steps := []struct {
		name, acct, uuid string
		location         string
		flash            string
		changed          bool
	}{
		{"older configuration: conflict", demo.AccountOrg1GBP, "11111111-1111-4111-8111-111111111111", back, "The funding instructions changed again", true},
		{"shared account", demo.AccountPartnerPool, gbp.UUID, fundingPage + "?return=%2Forg%2F" + demo.Org1ID + "%2Fusers", provider.MsgFundingUnavailable, true},
		{"current configuration", demo.AccountOrg1GBP, gbp.UUID, back, fundingMsgAccepted, false},
		{"again: no-op", demo.AccountOrg1GBP, gbp.UUID, back, fundingMsgAccepted, false},
	}
	for _, st := range steps {
		res := ops.Do("POST", accept, form(csrf, st.acct, st.uuid))
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != st.location {
			t.Fatalf("%s: %d → %s, want %s", st.name, res.StatusCode, res.Header.Get("Location"), st.location)
		}
		_, doc := ops.Page(res.Header.Get("Location"))
		if !strings.Contains(mainText(doc), st.flash) {
			t.Errorf("%s: flash %q missing", st.name, st.flash)
		}
		if changed() != st.changed {
			t.Errorf("%s: changed %v, want %v", st.name, changed(), st.changed)
		}
	}
	_, doc := ops.Page(back)
	if htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "form" && htmlq.Attr(n, "action") == accept }) != nil ||
		strings.Contains(mainText(doc), fundingMsgChanged) {
		t.Error("the notice and I got it! are still there after acknowledging")
	}
}

// The shell carries the dialog island and the link's marker only for a user
// who may fund accounts.
func TestAccountFundingShellHook(t *testing.T) {
	h := newHarness(t)
	for _, tc := range []struct {
		email  string
		dialog bool
	}{{emailOperations, true}, {emailAdmin, true}, {emailObserver, false}, {emailDefault, false}} {
		c := h.LoggedIn(tc.email)
		for _, path := range []string{"/org/" + demo.Org1ID, "/org/" + demo.Org1ID + "/search?q=x"} {
			_, doc := c.Page(path)
			link := htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "a" && htmlq.Attr(n, "href") == fundingPage })
			marked := htmlq.Find(doc, func(n *html.Node) bool { return htmlq.Attr(n, "data-dialog") == "account-funding" })
			island := htmlq.Find(doc, func(n *html.Node) bool { return htmlq.Attr(n, "data-island") == "AccountFunding" })
			if (link != nil) != tc.dialog || (marked != nil) != tc.dialog || (island != nil) != tc.dialog {
				t.Errorf("%s on %s: link %v, marker %v, island %v; want %v", tc.email, path, link != nil, marked != nil, island != nil, tc.dialog)
			}
			if island == nil {
				continue
			}
			if island.FirstChild != nil {
				t.Errorf("%s: the island renders markup on the server (the link is the no-JS path)", tc.email)
			}
			props := htmlq.Find(doc, htmlq.ByID(htmlq.Attr(island, "data-props")))
			var p ShellFunding
			if props == nil || json.Unmarshal([]byte(htmlq.VisibleText(props)), &p) != nil {
				t.Fatalf("%s: island props missing", tc.email)
			}
			if p.OrgID != demo.Org1ID || p.Width != 436 || p.Href != fundingPage || len(p.Accounts) != 5 || p.CSRF == "" {
				t.Errorf("%s: island props %+v", tc.email, p)
			}
		}
	}
}

func frames(doc *html.Node) map[string]string {
	out := map[string]string{}
	for _, f := range htmlq.FindAll(doc, htmlq.ByTag("iframe")) {
		out[htmlq.Attr(f, "title")] = htmlq.Attr(f, "src")
	}
	return out
}

const (
	titleWallets = "Crypto wallets (partner widget)"
	titleHistory = "Crypto funding history (partner widget)"
)

// openCrypto does what the crypto funding page's form does for the query's
// account (the POST that mints the partner token, then its redirect) and
// returns the page it lands on; with no account it just opens the page.
func openCrypto(t *testing.T, c *servertest.Client, page, query string) *http.Response {
	t.Helper()
	q, _ := url.ParseQuery(strings.TrimPrefix(query, "?"))
	if !q.Has("account") {
		return c.Get(page + query)
	}
	res := c.PostForm(page, url.Values{"account": {q.Get("account")}}, page)
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("show crypto funding: %d", res.StatusCode)
	}
	return c.Get(res.Header.Get("Location"))
}

func TestCryptoFundingPage(t *testing.T) {
	h := newHarness(t)
	usdt := "?account=" + demo.AccountOrg1USDT
	cases := []struct {
		name, email, query string
		frames             []string
	}{
		{"admin, nothing chosen", emailAdmin, "", nil},
		{"admin, USDT: wallets and history", emailAdmin, usdt, []string{titleWallets, titleHistory}},
		{"operations member, USDT: wallets and history", emailOperations, usdt, []string{titleWallets, titleHistory}},
		{"observer, USDT: history only", emailObserver, usdt, []string{titleHistory}},
		{"admin, a fiat account", emailAdmin, "?account=" + demo.AccountOrg1EUR, nil},
		{"admin, another organisation's account", emailAdmin, "?account=" + demo.AccountOrg2GBP, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := h.LoggedIn(tc.email)
			res := openCrypto(t, c, cryptoPage, tc.query)
			csp := res.Header.Get("Content-Security-Policy")
			doc := servertest.Parse(t, res)
			if res.StatusCode != 200 || htmlq.VisibleText(htmlq.Find(doc, htmlq.ByTag("h1"))) != cryptoTitle {
				t.Fatalf("status %d", res.StatusCode)
			}
			if got := optionValues(doc, "account"); !reflect.DeepEqual(got, []string{"", demo.AccountOrg1USDT}) {
				t.Errorf("accounts %v: want only the crypto one", got)
			}
			got := frames(doc)
			if len(got) != len(tc.frames) {
				t.Errorf("frames %v, want %v", got, tc.frames)
			}
			for _, title := range tc.frames {
				if !strings.HasPrefix(got[title], cryptoWidgetSandboxBase+"/") || !strings.Contains(got[title], "?token=") {
					t.Errorf("frame %q src %q", title, got[title])
				}
			}
			if len(tc.frames) == 0 {
				if !strings.Contains(mainText(doc), cryptoMsgSelect) {
					t.Error("no prompt")
				}
				if !strings.Contains(csp, "frame-src 'none'") {
					t.Errorf("CSP without frames: %s", csp)
				}
			} else if !strings.Contains(csp, "frame-src 'self';") || !strings.Contains(csp, "frame-ancestors 'none'") {
				t.Errorf("CSP with frames: %s", csp)
			}
		})
	}
	c := h.LoggedIn(emailDefault)
	if res := c.Get(cryptoPage + usdt); res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/org/"+demo.Org1ID {
		t.Errorf("default role: %d → %s", res.StatusCode, res.Header.Get("Location"))
	}
	if res := c.Get("/org/" + demo.Org2ID + "/crypto_funding" + usdt); res.Header.Get("Location") != "/no-organisation" {
		t.Errorf("other organisation: → %s", res.Header.Get("Location"))
	}
}

// A configured partner: frames load from it and the CSP allows exactly its origin.
func TestCryptoFundingPartnerURL(t *testing.T) {
	for _, tc := range []struct{ conf, src, frameSrc string }{
		{"https://widgets.partner.example/c2c/", "https://widgets.partner.example/c2c/history?token=", "frame-src https://widgets.partner.example;"},
		{"javascript:alert(1)", cryptoWidgetSandboxBase + "/history?token=", "frame-src 'self';"},
		{"//evil.example/x", cryptoWidgetSandboxBase + "/history?token=", "frame-src 'self';"},
	} {
		h := newHarness(t, func(d *server.Deps) { d.Config.CryptoWidgetURL = tc.conf })
		c := h.LoggedIn(emailObserver)
		res := openCrypto(t, c, cryptoPage, "?account="+demo.AccountOrg1USDT)
		csp := res.Header.Get("Content-Security-Policy")
		src := frames(servertest.Parse(t, res))[titleHistory]
		if !strings.HasPrefix(src, tc.src) || !strings.Contains(csp, tc.frameSrc) {
			t.Errorf("%q: src %q, CSP %s", tc.conf, src, csp)
		}
	}
}

func TestCryptoWidget(t *testing.T) {
	h := newHarness(t)
	tokenOf := func(email string) string {
		c := h.LoggedIn(email)
		src := frames(servertest.Parse(t, openCrypto(t, c, cryptoPage, "?account="+demo.AccountOrg1USDT)))[titleHistory]
		u, err := url.Parse(src)
		if err != nil || u.Query().Get("token") == "" {
			t.Fatalf("no token in %q", src)
		}
		return u.Query().Get("token")
	}
	manage, read := tokenOf(emailAdmin), tokenOf(emailObserver)
	tampered := []byte(manage)
	tampered[5] ^= 2
	// A token issued (by the same store, so with its key) longer ago than it lasts.
	past := testkit.StoreOptions
	past.Now = func() time.Time { return time.Now().Add(-provider.CryptoTokenTTL - time.Second) }
	earlier, err := reference.Open(t.Context(), h.DBPath, past)
	if err != nil {
		t.Fatal(err)
	}
	old, err := earlier.CryptoToken(t.Context(), demo.Org1ID, demo.UserAdminID, demo.AccountOrg1USDT, true)
	earlier.Close()
	if err != nil {
		t.Fatal(err)
	}
	expired := old.Token

	anon := h.Client() // the partner side: no portal session
	for _, tc := range []struct {
		name, path string
		status     int
		want       string
	}{
		{"wallets, manage token", "/wallets?token=" + manage, 200, "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE"},
		{"history, manage token", "/history?token=" + manage, 200, "Opening funding"},
		{"history, read token", "/history?token=" + read, 200, "Opening funding"},
		{"wallets, read token", "/wallets?token=" + read, 403, cryptoMsgNoManage},
		{"tampered token", "/history?token=" + url.QueryEscape(string(tampered)), 403, provider.MsgCryptoTokenInvalid},
		{"expired token", "/history?token=" + expired, 403, provider.MsgCryptoTokenInvalid},
		{"no token", "/wallets", 403, provider.MsgCryptoTokenInvalid},
	} {
		res := anon.Get(cryptoWidgetSandboxBase + tc.path)
		csp, xfo, ref := res.Header.Get("Content-Security-Policy"), res.Header.Get("X-Frame-Options"), res.Header.Get("Referrer-Policy")
		doc := servertest.Parse(t, res)
		if res.StatusCode != tc.status || !strings.Contains(htmlq.VisibleText(htmlq.Find(doc, htmlq.ByTag("main"))), tc.want) {
			t.Errorf("%s: %d, want %d with %q: %s", tc.name, res.StatusCode, tc.status, tc.want, htmlq.VisibleText(doc))
		}
		if !strings.Contains(csp, "frame-ancestors 'self'") || strings.Contains(csp, "frame-ancestors 'none'") || xfo != "SAMEORIGIN" || ref != "no-referrer" {
			t.Errorf("%s: headers CSP %q, X-Frame-Options %q, Referrer-Policy %q", tc.name, csp, xfo, ref)
		}
		if tc.status == 200 && strings.Contains(tc.path, "history") && len(htmlq.FindAll(doc, htmlq.ByTag("tr"))) < 2 {
			t.Errorf("%s: no deposit rows", tc.name)
		}
	}
	// A token cannot be withdrawn, so the widget applies the user's rights as
	// they are now: a role without crypto:manage loses the wallets, one
	// without crypto:read everything, a disabled user too.
	h.Exec(`UPDATE memberships SET role = ? WHERE user_id = ? AND organisation_id = ?`, provider.RoleObserver, demo.UserAdminID, demo.Org1ID)
	for _, tc := range []struct {
		name, path string
		status     int
	}{
		{"admin become observer, wallets", "/wallets?token=" + manage, 403},
		{"admin become observer, history", "/history?token=" + manage, 200},
	} {
		if res := anon.Get(cryptoWidgetSandboxBase + tc.path); res.StatusCode != tc.status {
			t.Errorf("%s: %d, want %d", tc.name, res.StatusCode, tc.status)
		}
	}
	h.Exec(`UPDATE memberships SET role = ? WHERE user_id = ? AND organisation_id = ?`, provider.RoleDefault, demo.UserAdminID, demo.Org1ID)
	if res := anon.Get(cryptoWidgetSandboxBase + "/history?token=" + manage); res.StatusCode != 403 {
		t.Errorf("admin become default role, history: %d", res.StatusCode)
	}
	h.Exec(`UPDATE users SET disabled = 1 WHERE id = ?`, demo.UserObserverID)
	if res := anon.Get(cryptoWidgetSandboxBase + "/history?token=" + read); res.StatusCode != 403 {
		t.Errorf("observer disabled, history: %d", res.StatusCode)
	}

	// Everywhere else the portal may be framed by no one and frames nothing.
	res := anon.Get("/login")
	if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors 'none'") || !strings.Contains(csp, "frame-src 'none'") ||
		res.Header.Get("X-Frame-Options") != "DENY" {
		t.Errorf("login headers: %s / %s", csp, res.Header.Get("X-Frame-Options"))
	}
}

func TestCryptoWidgetOnlyInSandbox(t *testing.T) {
	h := newHarness(t, func(d *server.Deps) { d.Config.Env = "production" })
	if res := h.Client().Get(cryptoWidgetSandboxBase + "/history?token=x"); res.StatusCode != http.StatusNotFound {
		t.Errorf("production: %d", res.StatusCode)
	}
}
