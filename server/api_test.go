package server

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"portal/reference"
	"portal/session"
	"portal/token"
)

const (
	emailObserver = "observer@demo.example"
	emailMulti    = "multi@demo.example"
	emailDisabled = "disabled@demo.example"
	tokenPath     = "/api/v1/authentication/token"
	refreshPath   = "/api/v1/authentication/token/refresh"
	currentUser   = "/api/v1/customer/current_user"
)

func TestAPILogin(t *testing.T) {
	h := newHarness(t)
	cases := []struct {
		name     string
		setup    func(*harness)
		body     any
		ctype    string
		status   int
		code     string
		pointers []string // source pointers of a 422, in order
		titles   []string
		scope    string
	}{
		{name: "skip_mfa user gets dashboard", body: map[string]string{"email": emailObserver, "password": reference.DemoPassword},
			status: 200, scope: session.ScopeDashboard},
		{name: "e-mail case and spaces do not matter", body: map[string]string{"email": "  Observer@Demo.Example ", "password": reference.DemoPassword},
			status: 200, scope: session.ScopeDashboard},
		{name: "MFA user gets login only", setup: func(h *harness) {
			h.exec(`UPDATE users SET skip_mfa = 0, mfa_enabled = 1 WHERE id = ?`, reference.DemoUserFinanceID)
		}, body: map[string]string{"email": "finance@demo.example", "password": reference.DemoPassword}, status: 200, scope: session.ScopeLogin},
		{name: "bad password", body: map[string]string{"email": emailObserver, "password": "wrong"}, status: 401, code: apiCodeBadCredentials},
		{name: "unknown e-mail", body: map[string]string{"email": "nobody@demo.example", "password": reference.DemoPassword}, status: 401, code: apiCodeBadCredentials},
		{name: "disabled user", body: map[string]string{"email": emailDisabled, "password": reference.DemoPassword}, status: 401, code: apiCodeBadCredentials},
		{name: "both fields missing", body: map[string]string{}, status: 422, code: APICodeInvalid,
			pointers: []string{"/email", "/password"}, titles: []string{msgEmailRequired, MsgPasswordRequired}},
		{name: "invalid e-mail", body: map[string]string{"email": "not-an-email", "password": "x"}, status: 422, code: APICodeInvalid,
			pointers: []string{"/email"}, titles: []string{MsgEmailInvalid}},
		{name: "e-mail of the wrong type", body: `{"email": 42, "password": "x"}`, status: 422, code: APICodeInvalid, pointers: []string{"/email"}},
		{name: "not JSON", body: `{"email":`, status: 400, code: apiCodeInvalidJSON},
		{name: "form body refused", body: "email=a%40b.example&password=x", ctype: "application/x-www-form-urlencoded", status: 415, code: apiCodeMediaType},
		{name: "text/plain refused", body: `{"email":"observer@demo.example","password":"Demo-Passw0rd!"}`, ctype: "text/plain", status: 415, code: apiCodeMediaType},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if tc.setup != nil {
				tc.setup(h)
			}
			a := h.api()
			var hdr []string
			if tc.ctype != "" {
				hdr = []string{"Content-Type", tc.ctype}
			}
			r := a.Call("POST", tokenPath, tc.body, hdr...)
			r.Expect(t, tc.status, tc.code)
			if cc := r.Header.Get("Cache-Control"); cc != "no-store" {
				t.Errorf("Cache-Control %q", cc)
			}
			if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
				t.Errorf("Content-Type %q", ct)
			}
			if tc.status != 200 {
				if a.RefreshCookie() != nil {
					t.Error("refresh cookie set on a failed login")
				}
				errs, _ := r.JSON["errors"].([]any)
				for i, p := range tc.pointers {
					e := errs[i].(map[string]any)
					src, _ := e["source"].(map[string]any)
					if src["pointer"] != p {
						t.Errorf("error %d pointer %v, want %s", i, src["pointer"], p)
					}
					if e["status"] != float64(422) {
						t.Errorf("error %d status %v", i, e["status"])
					}
					if i < len(tc.titles) && e["title"] != tc.titles[i] {
						t.Errorf("error %d title %v, want %s", i, e["title"], tc.titles[i])
					}
				}
				if tc.pointers != nil && len(errs) != len(tc.pointers) {
					t.Errorf("%d errors, want %d: %s", len(errs), len(tc.pointers), r.Raw)
				}
				checkReply(t, "POST", "/authentication/token", r)
				return
			}
			checkReply(t, "POST", "/authentication/token", r)
			if r.JSON["scope"] != tc.scope || r.JSON["token_type"] != "Bearer" || r.JSON["expires_in"] != float64(900) {
				t.Fatalf("reply %s", r.Raw)
			}
			// The refresh token is the session id and lives only in the cookie.
			ck := a.RefreshCookie()
			if ck == nil {
				t.Fatal("no portal_refresh cookie")
			}
			if strings.Contains(string(r.Raw), ck.Value) {
				t.Error("the refresh token appears in the body")
			}
			var set string
			for _, v := range r.Header.Values("Set-Cookie") {
				if strings.HasPrefix(v, "portal_refresh=") {
					set = strings.ToLower(v)
				}
			}
			for _, want := range []string{"httponly", "samesite=strict", "path=/api"} {
				if !strings.Contains(set, want) {
					t.Errorf("Set-Cookie %q lacks %s", set, want)
				}
			}
			if strings.Contains(set, "secure") {
				t.Errorf("Set-Cookie %q: Secure without TLS", set)
			}
			claims, err := h.srv.Tokens.Verify(r.JSON["access_token"].(string))
			if err != nil {
				t.Fatal(err)
			}
			// The token names its session by handle, never by the refresh
			// cookie's id.
			if claims.Session != session.HandleOf(ck.Value) || claims.Session == ck.Value || claims.Scope != tc.scope {
				t.Errorf("claims %+v", claims)
			}
			sess, err := h.manager.Load(t.Context(), ck.Value)
			if err != nil {
				t.Fatal(err)
			}
			if sess.Scope != tc.scope || sess.UserID != claims.Subject || sess.CSRF != unmasked(t, r.JSON["csrf_token"]) {
				t.Errorf("session %v", sess)
			}
		})
	}
}

func TestAPILoginSecureCookieOnTLS(t *testing.T) {
	h := newHarness(t, func(d *Deps) { d.Config.TLS = true })
	r := h.api().Login(emailObserver)
	for _, v := range r.Header.Values("Set-Cookie") {
		if strings.HasPrefix(v, "portal_refresh=") && !strings.Contains(strings.ToLower(v), "secure") {
			t.Errorf("Set-Cookie %q lacks Secure", v)
		}
	}
}

// The API shares the form's limits and counters: ten failures for an
// account, however they arrive, stop both.
func TestAPILoginRateLimit(t *testing.T) {
	h := newHarness(t)
	a := h.api()
	bad := map[string]string{"email": emailObserver, "password": "wrong"}
	for i := 0; i < loginAccountLimit; i++ {
		a.Call("POST", tokenPath, bad).Expect(t, 401, apiCodeBadCredentials)
	}
	r := a.Call("POST", tokenPath, map[string]string{"email": "OBSERVER@demo.example", "password": reference.DemoPassword})
	r.Expect(t, 429, APICodeTooMany)
	if r.Header.Get("Retry-After") == "" {
		t.Error("no Retry-After")
	}
	if a.RefreshCookie() != nil {
		t.Error("a limited login set a cookie")
	}
	checkReply(t, "POST", "/authentication/token", r)
	// The form login counts on the same key.
	c := h.client()
	tok := c.CSRF("/login")
	res := c.Do("POST", "/login", url.Values{"_csrf": {tok}, "email": {emailObserver}, "password": {reference.DemoPassword}})
	if res.StatusCode != http.StatusTooManyRequests {
		t.Errorf("form login after API failures: %d", res.StatusCode)
	}
	// Another account is not affected.
	h.api().Login("finance@demo.example")
}

func TestAPILoginRateLimitPerAddress(t *testing.T) {
	h := newHarness(t)
	a := h.api()
	for i := 0; i < defaultLoginIPLimit; i++ {
		a.Call("POST", tokenPath, map[string]string{"email": "user" + string(rune('a'+i%26)) + strings.Repeat("x", i/26) + "@demo.example", "password": "wrong"}).
			Expect(t, 401, apiCodeBadCredentials)
	}
	a.Call("POST", tokenPath, map[string]string{"email": emailObserver, "password": reference.DemoPassword}).Expect(t, 429, APICodeTooMany)
}

func b64json(v any) string {
	b, _ := json.Marshal(v)
	return base64.RawURLEncoding.EncodeToString(b)
}

func TestAPIBearerTokens(t *testing.T) {
	clk := &clock{}
	h := newHarness(t, withTokenClock(clk))
	a := h.api()
	login := a.Login(emailObserver)
	good := a.Token
	parts := strings.Split(good, ".")
	var claims map[string]any
	pb, _ := base64.RawURLEncoding.DecodeString(parts[1])
	_ = json.Unmarshal(pb, &claims)

	// A login-scope token of a user whose MFA is pending.
	h.exec(`UPDATE users SET skip_mfa = 0 WHERE id = ?`, reference.DemoUserFinanceID)
	lim := h.api()
	lim.Login("finance@demo.example")
	lparts := strings.Split(lim.Token, ".")
	var lclaims map[string]any
	lb, _ := base64.RawURLEncoding.DecodeString(lparts[1])
	_ = json.Unmarshal(lb, &lclaims)
	upgraded := map[string]any{}
	for k, v := range lclaims {
		upgraded[k] = v
	}
	upgraded["scope"] = session.ScopeDashboard

	otherKey, _ := token.NewSigner([]byte(strings.Repeat("x", 32)), 15*time.Minute)
	forged, _ := otherKey.Issue(claims["sub"].(string), claims["sid"].(string), session.ScopeDashboard)

	cases := []struct {
		name   string
		auth   string // Authorization header; "-" for none
		status int
		code   string
	}{
		{"valid", "Bearer " + good, 200, ""},
		{"scheme is case-insensitive", "bearer " + good, 200, ""},
		{"no credential", "-", 401, apiCodeUnauthenticated},
		{"empty bearer", "Bearer ", 401, apiCodeInvalidToken},
		{"basic scheme", "Basic " + base64.StdEncoding.EncodeToString([]byte("a:b")), 401, apiCodeInvalidToken},
		{"garbage", "Bearer not.a.jwt", 401, apiCodeInvalidToken},
		{"alg none", "Bearer " + b64json(map[string]string{"alg": "none", "typ": "JWT"}) + "." + parts[1] + ".", 401, apiCodeInvalidToken},
		{"alg HS512", "Bearer " + b64json(map[string]string{"alg": "HS512", "typ": "JWT"}) + "." + parts[1] + "." + parts[2], 401, apiCodeInvalidToken},
		{"tampered scope", "Bearer " + lparts[0] + "." + b64json(upgraded) + "." + lparts[2], 401, apiCodeInvalidToken},
		{"signed with another key", "Bearer " + forged, 401, apiCodeInvalidToken},
		{"login scope on a customer route", "Bearer " + lim.Token, 403, apiCodeMissingScope},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := h.api()
			auth := tc.auth
			if auth == "-" {
				auth = ""
			}
			r := c.Call("GET", currentUser, nil, "Authorization", auth)
			r.Expect(t, tc.status, tc.code)
			if tc.status == 401 && !strings.HasPrefix(r.Header.Get("WWW-Authenticate"), "Bearer") {
				t.Errorf("WWW-Authenticate %q", r.Header.Get("WWW-Authenticate"))
			}
			if tc.status == 200 {
				checkReply(t, "GET", "/customer/current_user", r)
				if r.JSON["data"].(map[string]any)["email"] != emailObserver {
					t.Errorf("user %s", r.Raw)
				}
			}
		})
	}
	_ = login

	t.Run("login scope may log out", func(t *testing.T) {
		lim.Call("DELETE", tokenPath, nil).Expect(t, 204, "")
	})

	t.Run("expired token", func(t *testing.T) {
		clk.Advance(15*time.Minute + time.Second)
		r := a.Call("GET", currentUser, nil)
		r.Expect(t, 401, apiCodeExpired)
		if r.FirstError(t)["title"] != apiMsgExpired {
			t.Errorf("title %v", r.FirstError(t)["title"])
		}
		// The session lives on: a refresh gives a working token.
		r = a.Call("POST", refreshPath, nil, "X-CSRF-Token", login.JSON["csrf_token"].(string), "Authorization", "")
		r.Expect(t, 200, "")
		a.Token = r.JSON["access_token"].(string)
		a.Call("GET", currentUser, nil).Expect(t, 200, "")
	})
}

func TestAPILogoutRevokes(t *testing.T) {
	h := newHarness(t)
	a := h.api()
	login := a.Login(emailObserver)
	csrf := login.JSON["csrf_token"].(string)
	a.Call("GET", currentUser, nil).Expect(t, 200, "")
	old := a.RefreshCookie()
	r := a.Call("DELETE", tokenPath, nil)
	r.Expect(t, 204, "")
	checkReply(t, "DELETE", "/authentication/token", r)
	if a.RefreshCookie() != nil {
		t.Error("refresh cookie not cleared")
	}
	// The same token no longer works, nor does a refresh with the old cookie.
	a.Call("GET", currentUser, nil).Expect(t, 401, apiCodeExpired)
	a.Call("DELETE", tokenPath, nil).Expect(t, 401, apiCodeExpired)
	stale := h.api()
	stale.Jar.SetCookies(&url.URL{Scheme: "http", Host: "portal.test", Path: "/api"},
		[]*http.Cookie{{Name: "portal_refresh", Value: old.Value, Path: "/api"}})
	stale.Call("POST", refreshPath, nil, "X-CSRF-Token", csrf).Expect(t, 401, apiCodeExpired)
}

func mustClaims(t *testing.T, h *harness, tok string) token.Claims {
	t.Helper()
	c, err := h.srv.Tokens.Verify(tok)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestAPIRefresh(t *testing.T) {
	h := newHarness(t)
	a := h.api()
	login := a.Login(emailObserver)
	csrf := login.JSON["csrf_token"].(string)
	sid := mustClaims(t, h, a.Token).Session

	cases := []struct {
		name   string
		client func() *apiClient
		hdr    []string
		status int
		code   string
	}{
		{"with CSRF header", func() *apiClient { return a }, []string{"X-CSRF-Token", csrf}, 200, ""},
		{"without CSRF header", func() *apiClient { return a }, nil, 403, apiCodeInvalidCSRF},
		{"wrong CSRF header", func() *apiClient { return a }, []string{"X-CSRF-Token", csrf + "x"}, 403, apiCodeInvalidCSRF},
		{"without cookie", func() *apiClient { return h.api() }, []string{"X-CSRF-Token", csrf}, 401, apiCodeExpired},
		{"unknown session", func() *apiClient {
			c := h.api()
			c.Jar.SetCookies(&url.URL{Scheme: "http", Host: "portal.test", Path: "/api"},
				[]*http.Cookie{{Name: "portal_refresh", Value: strings.Repeat("A", 43), Path: "/api"}})
			return c
		}, []string{"X-CSRF-Token", csrf}, 401, apiCodeExpired},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := tc.client()
			hdr := append([]string{"Authorization", ""}, tc.hdr...)
			r := c.Call("POST", refreshPath, nil, hdr...)
			r.Expect(t, tc.status, tc.code)
			checkReply(t, "POST", "/authentication/token/refresh", r)
			if tc.status != 200 {
				return
			}
			cl := mustClaims(t, h, r.JSON["access_token"].(string))
			if cl.Session != sid || cl.Scope != session.ScopeDashboard || unmasked(t, r.JSON["csrf_token"]) != unmasked(t, csrf) {
				t.Errorf("refresh changed the session: %+v %s", cl, r.Raw)
			}
			c.Token = r.JSON["access_token"].(string)
			c.Call("GET", currentUser, nil).Expect(t, 200, "")
		})
	}

	t.Run("a page session is no refresh token", func(t *testing.T) {
		pc := h.client()
		pc.Login(emailObserver)
		var pageID string
		for _, ck := range pc.Jar.Cookies(base) {
			if ck.Name == "portal_session" {
				pageID = ck.Value
			}
		}
		sess, err := h.manager.Load(t.Context(), pageID)
		if err != nil {
			t.Fatal(err)
		}
		c := h.api()
		c.Jar.SetCookies(&url.URL{Scheme: "http", Host: "portal.test", Path: "/api"},
			[]*http.Cookie{{Name: "portal_refresh", Value: pageID, Path: "/api"}})
		c.Call("POST", refreshPath, nil, "X-CSRF-Token", sess.CSRF).Expect(t, 401, apiCodeExpired)
	})

	t.Run("after logout", func(t *testing.T) {
		keep := a.RefreshCookie()
		a.Call("DELETE", tokenPath, nil).Expect(t, 204, "")
		c := h.api()
		c.Jar.SetCookies(&url.URL{Scheme: "http", Host: "portal.test", Path: "/api"}, []*http.Cookie{keep})
		c.Call("POST", refreshPath, nil, "X-CSRF-Token", csrf).Expect(t, 401, apiCodeExpired)
	})

	t.Run("rate limited", func(t *testing.T) {
		b := h.api()
		l := b.Login(emailMulti)
		var last apiReply
		for i := 0; i <= refreshSessionLimit; i++ {
			last = b.Call("POST", refreshPath, nil, "Authorization", "", "X-CSRF-Token", l.JSON["csrf_token"].(string))
		}
		last.Expect(t, 429, APICodeTooMany)
		if last.Header.Get("Retry-After") == "" {
			t.Error("no Retry-After")
		}
	})
}

// Ending all of a user's sessions (password change, disabling) ends their
// tokens too; a disabled user's next call is refused and ends the session.
func TestAPISessionEndsRevokeTokens(t *testing.T) {
	h := newHarness(t)
	a := h.api()
	a.Login(emailObserver)
	if _, err := h.manager.DestroyUser(t.Context(), reference.DemoUserObserverID, nil); err != nil {
		t.Fatal(err)
	}
	a.Call("GET", currentUser, nil).Expect(t, 401, apiCodeExpired)

	b := h.api()
	l := b.Login(emailObserver)
	h.exec(`UPDATE users SET disabled = 1 WHERE id = ?`, reference.DemoUserObserverID)
	b.Call("GET", currentUser, nil).Expect(t, 401, apiCodeExpired)
	if _, err := h.manager.LoadByHandle(t.Context(), mustClaims(t, h, b.Token).Session); err == nil {
		t.Error("session of a disabled user survives")
	}
	b.Call("POST", refreshPath, nil, "Authorization", "", "X-CSRF-Token", l.JSON["csrf_token"].(string)).Expect(t, 401, apiCodeExpired)
}

func TestAPICustomer(t *testing.T) {
	h := newHarness(t)
	a := h.api()
	a.Login(emailMulti)
	org1, org2 := reference.DemoOrg1ID, reference.DemoOrg2ID

	r := a.Call("GET", "/api/v1/customer/organisations", nil)
	r.Expect(t, 200, "")
	checkReply(t, "GET", "/customer/organisations", r)
	list := r.JSON["data"].([]any)
	if len(list) != 2 {
		t.Fatalf("organisations %s", r.Raw)
	}
	byID := map[string]map[string]any{}
	for _, o := range list {
		m := o.(map[string]any)
		byID[m["id"].(string)] = m
	}
	if o := byID[org1]; o["role"] != "admin" || o["default"] != false || o["country"] != "DK" || o["organisation_name"] != "Nordic Trading ApS" || o["city"] != "Copenhagen" {
		t.Errorf("org1 %v", o)
	}
	if o := byID[org2]; o["role"] != "observer" || o["default"] != true || o["country"] != "GB" {
		t.Errorf("org2 %v", o)
	}

	r = a.Call("GET", currentUser, nil)
	checkReply(t, "GET", "/customer/current_user", r)
	if u := r.JSON["data"].(map[string]any); u["id"] != reference.DemoUserMultiID || u["first_name"] != "Oliver" || u["skip_mfa"] != true {
		t.Errorf("user %v", u)
	}

	// Feature flags: the default organisation unless one is named.
	r = a.Call("GET", "/api/v1/feature_flags", nil)
	checkReply(t, "GET", "/feature_flags", r)
	if f := r.JSON["data"].(map[string]any); f["receiver_management"] != true || f["batches_page"] != false {
		t.Errorf("default org flags %v", f)
	}
	r = a.Call("GET", "/api/v1/feature_flags?organisation_id="+org1, nil)
	if f := r.JSON["data"].(map[string]any); f["batches_page"] != true {
		t.Errorf("org1 flags by query %v", f)
	}
	r = a.Call("GET", "/api/v1/feature_flags", nil, "X-Organisation-ID", org1)
	if f := r.JSON["data"].(map[string]any); f["batches_page"] != true {
		t.Errorf("org1 flags by header %v", f)
	}

	for _, p := range []struct{ path, doc string }{
		{"/api/v1/customer/organisations/" + org1 + "/configurations", "/customer/organisations/{id}/configurations"},
		{"/api/v1/customer/organisations/" + org1 + "/contracted_products", "/customer/organisations/{id}/contracted_products"},
		{"/api/v1/customer/organisations/" + org1 + "/address", "/customer/organisations/{id}/address"},
		{"/api/v1/customer/organisations/" + org1 + "/roles", "/customer/organisations/{id}/roles"},
		{"/api/v1/notifications/organisations/" + org1 + "/alerts", "/notifications/organisations/{id}/alerts"},
		{"/api/v1/notifications/organisations/" + org2 + "/alerts", "/notifications/organisations/{id}/alerts"},
	} {
		r := a.Call("GET", p.path, nil)
		r.Expect(t, 200, "")
		checkReply(t, "GET", p.doc, r)
	}
	r = a.Call("GET", "/api/v1/customer/organisations/"+org1+"/configurations", nil)
	if c := r.JSON["data"].(map[string]any); c["batches_enabled"] != float64(1) || c["manual_payouts_enabled"] != true {
		t.Errorf("configuration %v", c)
	}
	r = a.Call("GET", "/api/v1/customer/organisations/"+org1+"/contracted_products", nil)
	if c := r.JSON["data"].(map[string]any); c["payout_products_count"] != float64(2) || c["collection_products_count"] != float64(1) {
		t.Errorf("products %v", c)
	}
	r = a.Call("GET", "/api/v1/customer/organisations/"+org1+"/address", nil)
	if c := r.JSON["data"].(map[string]any); c["line1"] != "Kongens Nytorv 8" || c["postal_code"] != "1050" || c["country"] != "DK" {
		t.Errorf("address %v", c)
	}
	r = a.Call("GET", "/api/v1/notifications/organisations/"+org1+"/alerts", nil)
	if al := r.JSON["data"].([]any); len(al) != 2 || al[0].(map[string]any)["alert_message"] != reference.MaintenanceAlert {
		t.Errorf("alerts %s", r.Raw)
	}
	r = a.Call("GET", "/api/v1/notifications/organisations/"+org2+"/alerts", nil)
	if string(r.Raw) != `{"data":[]}` {
		t.Errorf("no alerts should be an empty list: %s", r.Raw)
	}

	// set_default, then the list and the default for flags follow.
	r = a.Call("POST", "/api/v1/customer/organisations/"+org1+"/set_default", nil)
	r.Expect(t, 204, "")
	checkReply(t, "POST", "/customer/organisations/{id}/set_default", r)
	r = a.Call("GET", "/api/v1/customer/organisations", nil)
	for _, o := range r.JSON["data"].([]any) {
		m := o.(map[string]any)
		if (m["id"] == org1) != (m["default"] == true) {
			t.Errorf("after set_default: %v", m)
		}
	}
	r = a.Call("GET", "/api/v1/feature_flags", nil)
	if f := r.JSON["data"].(map[string]any); f["batches_page"] != true {
		t.Errorf("flags after set_default %v", f)
	}
}

func TestAPINoOrganisation(t *testing.T) {
	h := newHarness(t)
	a := h.api()
	a.Login("noorg@demo.example")
	r := a.Call("GET", "/api/v1/customer/organisations", nil)
	if string(r.Raw) != `{"data":[]}` {
		t.Errorf("organisations %s", r.Raw)
	}
	a.Call("GET", "/api/v1/feature_flags", nil).Expect(t, 404, apiCodeNoOrganisation)
}

// Cross-organisation: a member of org1 only gets the same 404 for org2 as
// for an organisation that does not exist, on every organisation call.
func TestAPICrossOrganisation(t *testing.T) {
	h := newHarness(t)
	a := h.api()
	a.Login(emailObserver)
	for _, org := range []string{reference.DemoOrg2ID, "0b6a3c1e-0000-4000-8000-0000000000ff", "x"} {
		for _, c := range []struct{ method, path string }{
			{"POST", "/api/v1/customer/organisations/" + org + "/set_default"},
			{"GET", "/api/v1/customer/organisations/" + org + "/configurations"},
			{"GET", "/api/v1/customer/organisations/" + org + "/contracted_products"},
			{"GET", "/api/v1/customer/organisations/" + org + "/address"},
			{"GET", "/api/v1/customer/organisations/" + org + "/roles"},
			{"GET", "/api/v1/notifications/organisations/" + org + "/alerts"},
			{"GET", "/api/v1/feature_flags?organisation_id=" + org},
			{"GET", "/api/v2/feature_flags?organisation_id=" + org},
		} {
			r := a.Call(c.method, c.path, nil)
			r.Expect(t, 404, APICodeNotFound)
			if want := `{"errors":[{"status":404,"code":"not_found","title":"Not found"}]}`; string(r.Raw) != want {
				t.Errorf("%s %s: %s", c.method, c.path, r.Raw)
			}
		}
		r := a.Call("GET", "/api/v1/feature_flags", nil, "X-Organisation-ID", org)
		r.Expect(t, 404, APICodeNotFound)
	}
	// set_default on another organisation changed nothing.
	ms, err := h.store.Memberships(t.Context(), reference.DemoUserObserverID)
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) != 1 || ms[0].Organisation.ID != reference.DemoOrg1ID || !ms[0].Default {
		t.Errorf("memberships changed: %+v", ms)
	}
}

// A role changed at the provider applies to the next call with the same
// token: nothing about the role is cached in the token or the session.
func TestAPIRoleChangeAppliesToNextRequest(t *testing.T) {
	h := newHarness(t)
	a := h.api()
	a.Login(emailObserver)
	path := "/api/v1/customer/organisations/" + reference.DemoOrg1ID + "/roles"
	role := func() (string, []string) {
		t.Helper()
		r := a.Call("GET", path, nil)
		r.Expect(t, 200, "")
		checkReply(t, "GET", "/customer/organisations/{id}/roles", r)
		d := r.JSON["data"].(map[string]any)
		var ps []string
		for _, p := range d["permissions"].([]any) {
			ps = append(ps, p.(string))
		}
		return d["role"].(string), ps
	}
	if r, ps := role(); r != "observer" || slices.Contains(ps, "users:manage") || !slices.Contains(ps, "accounts:read") {
		t.Fatalf("observer: %s %v", r, ps)
	}
	h.exec(`UPDATE memberships SET role = 'admin' WHERE user_id = ? AND organisation_id = ?`, reference.DemoUserObserverID, reference.DemoOrg1ID)
	if r, ps := role(); r != "admin" || !slices.Contains(ps, "users:manage") {
		t.Fatalf("after promotion: %s %v", r, ps)
	}
	h.exec(`UPDATE memberships SET role = 'operations member' WHERE user_id = ? AND organisation_id = ?`, reference.DemoUserObserverID, reference.DemoOrg1ID)
	if r, ps := role(); r != "operations_member" || !slices.Contains(ps, "payouts:manage") || slices.Contains(ps, "users:read") {
		t.Fatalf("alias: %s %v", r, ps)
	}
	h.exec(`UPDATE memberships SET role = 'superuser' WHERE user_id = ? AND organisation_id = ?`, reference.DemoUserObserverID, reference.DemoOrg1ID)
	if r, ps := role(); r != "default" || !slices.Equal(ps, []string{"dashboard:read"}) {
		t.Fatalf("unknown role: %s %v", r, ps)
	}
	h.exec(`DELETE FROM memberships WHERE user_id = ? AND organisation_id = ?`, reference.DemoUserObserverID, reference.DemoOrg1ID)
	a.Call("GET", path, nil).Expect(t, 404, APICodeNotFound)
}

// The browser's session cookie also authenticates (islands); changes then
// need the page's CSRF token in X-CSRF-Token.
func TestAPISessionCookie(t *testing.T) {
	h := newHarness(t)
	c := h.client()
	c.Login(emailMulti)
	var sess *session.Session
	for _, ck := range c.Jar.Cookies(base) {
		if ck.Name == "portal_session" {
			s, err := h.manager.Load(t.Context(), ck.Value)
			if err != nil {
				t.Fatal(err)
			}
			sess = s
		}
	}
	if sess == nil {
		t.Fatal("no page session")
	}
	get := func(path string, hdr ...string) apiReply {
		t.Helper()
		a := h.apiWithJar(c.Jar)
		return a.Call("GET", path, nil, hdr...)
	}
	send := func(method, path string, hdr ...string) apiReply {
		t.Helper()
		a := h.apiWithJar(c.Jar)
		return a.Call(method, path, nil, hdr...)
	}
	r := get(currentUser)
	r.Expect(t, 200, "")
	if r.JSON["data"].(map[string]any)["id"] != reference.DemoUserMultiID {
		t.Errorf("cookie user %s", r.Raw)
	}
	set := "/api/v1/customer/organisations/" + reference.DemoOrg1ID + "/set_default"
	send("POST", set).Expect(t, 403, apiCodeInvalidCSRF)
	send("POST", set, "X-CSRF-Token", "wrong").Expect(t, 403, apiCodeInvalidCSRF)
	send("POST", set, "X-CSRF-Token", sess.CSRF).Expect(t, 204, "")
	// A bearer header, even an invalid one, takes precedence over the cookie.
	get(currentUser, "Authorization", "Bearer nope").Expect(t, 401, apiCodeInvalidToken)
	// Logging out through the API ends the page session.
	send("DELETE", tokenPath, "X-CSRF-Token", sess.CSRF).Expect(t, 204, "")
	get(currentUser).Expect(t, 401, "")
	if res := c.Get("/"); res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(res.Header.Get("Location"), "/login") {
		t.Errorf("page after API logout: %d %s", res.StatusCode, res.Header.Get("Location"))
	}
}

func TestAPIVersion2(t *testing.T) {
	h := newHarness(t)
	a := h.api()
	r := a.Call("POST", "/api/v2/authentication/token", map[string]string{"email": emailObserver, "password": reference.DemoPassword})
	r.Expect(t, 200, "")
	a.Token = r.JSON["access_token"].(string)
	a.Call("GET", "/api/v2/customer/current_user", nil).Expect(t, 200, "")
	a.Call("POST", "/api/v2/authentication/token/refresh", nil, "Authorization", "", "X-CSRF-Token", r.JSON["csrf_token"].(string)).Expect(t, 200, "")
	a.Call("DELETE", "/api/v2/authentication/token", nil).Expect(t, 204, "")
	a.Call("GET", "/api/v1/customer/current_user", nil).Expect(t, 401, apiCodeExpired)
}

func TestAPIHeadersOnEveryReply(t *testing.T) {
	h := newHarness(t)
	a := h.api()
	a.Login(emailObserver)
	for _, c := range []struct {
		method, path string
		status       int
	}{
		{"GET", currentUser, 200},
		{"GET", "/api/v1/nope", 404},
		{"GET", "/api/v2/customer/organisations/" + reference.DemoOrg2ID + "/roles", 404},
		{"GET", "/api/openapi.json", 200},
	} {
		r := a.Call(c.method, c.path, nil)
		if r.StatusCode != c.status {
			t.Errorf("%s %s: %d", c.method, c.path, r.StatusCode)
		}
		if r.Header.Get("Cache-Control") != "no-store" || !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
			t.Errorf("%s %s: headers %v", c.method, c.path, r.Header)
		}
		if r.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s %s: no nosniff", c.method, c.path)
		}
	}
	unauth := h.api()
	r := unauth.Call("GET", currentUser, nil)
	r.Expect(t, 401, apiCodeUnauthenticated)
	if r.Header.Get("Cache-Control") != "no-store" {
		t.Error("401 without no-store")
	}
}

// The CSRF middleware must leave API log in and refresh to their handlers
// (checkCSRF calls apiSelfCSRF); else every refresh is refused there.
func TestAPICSRFExemptionWired(t *testing.T) {
	h := newHarness(t)
	for _, p := range []string{"/api/v1/authentication/token/refresh", "/api/v2/authentication/token/refresh"} {
		r := h.api().Call("POST", p, nil)
		if r.StatusCode == 403 {
			t.Fatalf("POST %s was stopped by the CSRF middleware: checkCSRF in middleware.go must `if apiSelfCSRF(c) { return c.Next() }`", p)
		}
		r.Expect(t, 401, apiCodeExpired)
	}
	r := h.api().Call("POST", "/api/v2/authentication/token", map[string]string{"email": emailObserver, "password": reference.DemoPassword})
	r.Expect(t, 200, "")
}

// Public changes settle CSRF themselves (apiSelfCSRF), which is safe only
// because they take nothing but a JSON body: a browser with a page session
// and no CSRF header reaches the handler, and a form post is refused there.
func TestAPIPublicJSONOnly(t *testing.T) {
	h := newHarness(t)
	c := h.client()
	c.Get("/login") // a page session, as a visitor of the portal has
	a := h.apiWithJar(c.Jar)
	n := 0
	for _, op := range apiOperations() {
		if op.Auth != APIPublic || !unsafeMethod(op.Method) {
			continue
		}
		n++
		for _, base := range APIBases {
			for _, ct := range []string{"application/x-www-form-urlencoded", "text/plain"} {
				r := a.Call(op.Method, base+op.Path, "email=a%40b.example", "Content-Type", ct)
				r.Expect(t, 415, apiCodeMediaType)
			}
			// JSON reaches the handler without a CSRF token.
			if r := a.Call(op.Method, base+op.Path, map[string]string{}); r.StatusCode == 403 {
				t.Errorf("%s %s: stopped by the CSRF check: %s", op.Method, base+op.Path, r.Raw)
			}
		}
		// Any other spelling meets the CSRF check.
		r := a.Call(op.Method, "/api/v1"+strings.ToUpper(op.Path[:2])+op.Path[2:], map[string]string{})
		if r.StatusCode != 403 && r.StatusCode != 404 {
			t.Errorf("%s %s in upper case: %d", op.Method, op.Path, r.StatusCode)
		}
	}
	if n < 4 {
		t.Errorf("%d public changes", n)
	}
}

// Spec 000 §8: an expired token reads "Your token was expired, please login again".
func TestAPIExpiredDetail(t *testing.T) {
	clk := &clock{}
	h := newHarness(t, withTokenClock(clk))
	a := h.api()
	a.Login(emailObserver)
	clk.Advance(16 * time.Minute)
	r := a.Call("GET", currentUser, nil)
	r.Expect(t, 401, apiCodeExpired)
	if e := r.FirstError(t); e["detail"] != "Your token was expired, please login again" {
		t.Errorf("expired: %s", r.Raw)
	}
}
