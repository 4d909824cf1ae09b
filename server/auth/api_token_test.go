package auth_test

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"portal/provider"
	"portal/reference/demo"
	"portal/server"
	"portal/server/api"
	"portal/server/auth"
	"portal/server/servertest"
	"portal/session"
)

func TestAPILogin(t *testing.T) {
	h := newHarness(t)
	cases := []struct {
		name     string
		setup    func(*servertest.Harness)
		body     any
		ctype    string
		status   int
		code     string
		pointers []string // source pointers of a 422, in order
		titles   []string
		scope    string
	}{
		{name: "skip_mfa user gets dashboard", body: map[string]string{"email": emailObserver, "password": demo.Password},
			status: 200, scope: session.ScopeDashboard},
		{name: "e-mail case and spaces do not matter", body: map[string]string{"email": "  Observer@Demo.Example ", "password": demo.Password},
			status: 200, scope: session.ScopeDashboard},
		{name: "MFA user gets login only", setup: func(h *servertest.Harness) {
			h.Exec(`UPDATE users SET skip_mfa = 0, mfa_enabled = 1 WHERE id = ?`, demo.UserFinanceID)
		}, body: map[string]string{"email": "finance@demo.example", "password": demo.Password}, status: 200, scope: session.ScopeLogin},
		{name: "bad password", body: map[string]string{"email": emailObserver, "password": "wrong"}, status: 401, code: api.CodeBadCredentials},
		{name: "unknown e-mail", body: map[string]string{"email": "nobody@demo.example", "password": demo.Password}, status: 401, code: api.CodeBadCredentials},
		{name: "disabled user", body: map[string]string{"email": emailDisabled, "password": demo.Password}, status: 401, code: api.CodeBadCredentials},
		{name: "both fields missing", body: map[string]string{}, status: 422, code: api.CodeInvalid,
			pointers: []string{"/email", "/password"}, titles: []string{auth.MsgEmailRequired, auth.MsgPasswordRequired}},
		{name: "invalid e-mail", body: map[string]string{"email": "not-an-email", "password": "x"}, status: 422, code: api.CodeInvalid,
			pointers: []string{"/email"}, titles: []string{auth.MsgEmailInvalid}},
		{name: "e-mail of the wrong type", body: `{"email": 42, "password": "x"}`, status: 422, code: api.CodeInvalid, pointers: []string{"/email"}},
		{name: "not JSON", body: `{"email":`, status: 400, code: "invalid_json"},
		{name: "form body refused", body: "email=a%40b.example&password=x", ctype: "application/x-www-form-urlencoded", status: 415, code: "unsupported_media_type"},
		{name: "text/plain refused", body: `{"email":"observer@demo.example","password":"Demo-Passw0rd!"}`, ctype: "text/plain", status: 415, code: "unsupported_media_type"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if tc.setup != nil {
				tc.setup(h)
			}
			a := h.API()
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
				h.CheckReply(t, "POST", "/authentication/token", r)
				return
			}
			h.CheckReply(t, "POST", "/authentication/token", r)
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
			claims, err := h.Srv.Tokens.Verify(r.JSON["access_token"].(string))
			if err != nil {
				t.Fatal(err)
			}
			// The token names its session by handle, never by the refresh
			// cookie's id.
			if claims.Session != session.HandleOf(ck.Value) || claims.Session == ck.Value || claims.Scope != tc.scope {
				t.Errorf("claims %+v", claims)
			}
			sess, err := h.Sessions.Load(t.Context(), ck.Value)
			if err != nil {
				t.Fatal(err)
			}
			if sess.Scope != tc.scope || sess.UserID != claims.Subject || sess.CSRF != servertest.UnmaskCSRF(t, r.JSON["csrf_token"]) {
				t.Errorf("session %v", sess)
			}
		})
	}
}
func TestAPILoginSecureCookieOnTLS(t *testing.T) {
	h := newHarness(t, func(d *server.Deps) { d.Config.TLS = true })
	r := h.API().Login(emailObserver)
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
	a := h.API()
	bad := map[string]string{"email": emailObserver, "password": "wrong"}
	for i := 0; i < auth.LoginAccountLimit; i++ {
		a.Call("POST", tokenPath, bad).Expect(t, 401, api.CodeBadCredentials)
	}
	r := a.Call("POST", tokenPath, map[string]string{"email": "OBSERVER@demo.example", "password": demo.Password})
	wantTooMany(t, r)
	if a.RefreshCookie() != nil {
		t.Error("a limited login set a cookie")
	}
	h.CheckReply(t, "POST", "/authentication/token", r)
	// The form login counts on the same key.
	c := h.Client()
	tok := c.CSRF("/login")
	res := c.Do("POST", "/login", url.Values{"_csrf": {tok}, "email": {emailObserver}, "password": {demo.Password}})
	if res.StatusCode != http.StatusTooManyRequests {
		t.Errorf("form login after API failures: %d", res.StatusCode)
	}
	// Another account is not affected.
	h.API().Login("finance@demo.example")
}
func TestAPILoginRateLimitPerAddress(t *testing.T) {
	h := newHarness(t)
	a := h.API()
	for i := 0; i < auth.DefaultLoginIPLimit; i++ {
		a.Call("POST", tokenPath, map[string]string{"email": "user" + string(rune('a'+i%26)) + strings.Repeat("x", i/26) + "@demo.example", "password": "wrong"}).
			Expect(t, 401, api.CodeBadCredentials)
	}
	a.Call("POST", tokenPath, map[string]string{"email": emailObserver, "password": demo.Password}).Expect(t, 429, api.CodeTooMany)
}
func TestAPILogoutRevokes(t *testing.T) {
	h := newHarness(t)
	a := h.API()
	login := a.Login(emailObserver)
	csrf := login.JSON["csrf_token"].(string)
	a.Call("GET", currentUser, nil).Expect(t, 200, "")
	old := a.RefreshCookie()
	r := a.Call("DELETE", tokenPath, nil)
	r.Expect(t, 204, "")
	h.CheckReply(t, "DELETE", "/authentication/token", r)
	if a.RefreshCookie() != nil {
		t.Error("refresh cookie not cleared")
	}
	// The same token no longer works, nor does a refresh with the old cookie.
	a.Call("GET", currentUser, nil).Expect(t, 401, "EXPIRED_AUTHENTICATION")
	a.Call("DELETE", tokenPath, nil).Expect(t, 401, "EXPIRED_AUTHENTICATION")
	stale := h.API()
	stale.Jar.SetCookies(&url.URL{Scheme: "http", Host: "portal.test", Path: "/api"},
		[]*http.Cookie{{Name: "portal_refresh", Value: old.Value, Path: "/api"}})
	stale.Call("POST", refreshPath, nil, "X-CSRF-Token", csrf).Expect(t, 401, "EXPIRED_AUTHENTICATION")
}
func TestAPIRefresh(t *testing.T) {
	h := newHarness(t)
	a := h.API()
	login := a.Login(emailObserver)
	csrf := login.JSON["csrf_token"].(string)
	sid := mustClaims(t, h, a.Token).Session

	cases := []struct {
		name   string
		client func() *servertest.APIClient
		hdr    []string
		status int
		code   string
	}{
		{"with CSRF header", func() *servertest.APIClient { return a }, []string{"X-CSRF-Token", csrf}, 200, ""},
		{"without CSRF header", func() *servertest.APIClient { return a }, nil, 403, api.CodeInvalidCSRF},
		{"wrong CSRF header", func() *servertest.APIClient { return a }, []string{"X-CSRF-Token", csrf + "x"}, 403, api.CodeInvalidCSRF},
		{"without cookie", func() *servertest.APIClient { return h.API() }, []string{"X-CSRF-Token", csrf}, 401, "EXPIRED_AUTHENTICATION"},
		{"unknown session", func() *servertest.APIClient {
			c := h.API()
			c.Jar.SetCookies(&url.URL{Scheme: "http", Host: "portal.test", Path: "/api"},
				[]*http.Cookie{{Name: "portal_refresh", Value: strings.Repeat("A", 43), Path: "/api"}})
			return c
		}, []string{"X-CSRF-Token", csrf}, 401, "EXPIRED_AUTHENTICATION"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := tc.client()
			hdr := append([]string{"Authorization", ""}, tc.hdr...)
			r := c.Call("POST", refreshPath, nil, hdr...)
			r.Expect(t, tc.status, tc.code)
			h.CheckReply(t, "POST", "/authentication/token/refresh", r)
			if tc.status != 200 {
				return
			}
			cl := mustClaims(t, h, r.JSON["access_token"].(string))
			if cl.Session != sid || cl.Scope != session.ScopeDashboard || servertest.UnmaskCSRF(t, r.JSON["csrf_token"]) != servertest.UnmaskCSRF(t, csrf) {
				t.Errorf("refresh changed the session: %+v %s", cl, r.Raw)
			}
			c.Token = r.JSON["access_token"].(string)
			c.Call("GET", currentUser, nil).Expect(t, 200, "")
		})
	}

	t.Run("a page session is no refresh token", func(t *testing.T) {
		pc := h.Client()
		pc.Login(emailObserver)
		var pageID string
		for _, ck := range pc.Jar.Cookies(base) {
			if ck.Name == "portal_session" {
				pageID = ck.Value
			}
		}
		sess, err := h.Sessions.Load(t.Context(), pageID)
		if err != nil {
			t.Fatal(err)
		}
		c := h.API()
		c.Jar.SetCookies(&url.URL{Scheme: "http", Host: "portal.test", Path: "/api"},
			[]*http.Cookie{{Name: "portal_refresh", Value: pageID, Path: "/api"}})
		c.Call("POST", refreshPath, nil, "X-CSRF-Token", sess.CSRF).Expect(t, 401, "EXPIRED_AUTHENTICATION")
	})

	t.Run("after logout", func(t *testing.T) {
		keep := a.RefreshCookie()
		a.Call("DELETE", tokenPath, nil).Expect(t, 204, "")
		c := h.API()
		c.Jar.SetCookies(&url.URL{Scheme: "http", Host: "portal.test", Path: "/api"}, []*http.Cookie{keep})
		c.Call("POST", refreshPath, nil, "X-CSRF-Token", csrf).Expect(t, 401, "EXPIRED_AUTHENTICATION")
	})

	t.Run("rate limited", func(t *testing.T) {
		b := h.API()
		l := b.Login(emailMulti)
		var last servertest.Reply
		for i := 0; i <= auth.RefreshSessionLimit; i++ {
			last = b.Call("POST", refreshPath, nil, "Authorization", "", "X-CSRF-Token", l.JSON["csrf_token"].(string))
		}
		wantTooMany(t, last)
	})
}
func TestAPICustomer(t *testing.T) {
	h := newHarness(t)
	a := h.API()
	a.Login(emailMulti)
	org1, org2 := demo.Org1ID, demo.Org2ID

	r := a.Call("GET", "/api/v1/customer/organisations", nil)
	r.Expect(t, 200, "")
	h.CheckReply(t, "GET", "/customer/organisations", r)
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
	h.CheckReply(t, "GET", "/customer/current_user", r)
	if u := r.JSON["data"].(map[string]any); u["id"] != demo.UserMultiID || u["first_name"] != "Oliver" || u["skip_mfa"] != true {
		t.Errorf("user %v", u)
	}

	// Feature flags: the default organisation unless one is named.
	r = a.Call("GET", "/api/v1/feature_flags", nil)
	h.CheckReply(t, "GET", "/feature_flags", r)
	if f := r.JSON["data"].(map[string]any); f["receiver_management"] != true || f["canary_ui"] != false {
		t.Errorf("default org flags %v", f)
	}
	r = a.Call("GET", "/api/v1/feature_flags?organisation_id="+org1, nil)
	if f := r.JSON["data"].(map[string]any); f["canary_ui"] != true {
		t.Errorf("org1 flags by query %v", f)
	}
	r = a.Call("GET", "/api/v1/feature_flags", nil, "X-Organisation-ID", org1)
	if f := r.JSON["data"].(map[string]any); f["canary_ui"] != true {
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
		h.CheckReply(t, "GET", p.doc, r)
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
	if al := r.JSON["data"].([]any); len(al) != 2 || al[0].(map[string]any)["alert_message"] != demo.MaintenanceAlert {
		t.Errorf("alerts %s", r.Raw)
	}
	r = a.Call("GET", "/api/v1/notifications/organisations/"+org2+"/alerts", nil)
	if string(r.Raw) != `{"data":[]}` {
		t.Errorf("no alerts should be an empty list: %s", r.Raw)
	}

	// set_default, then the list and the default for flags follow.
	r = a.Call("POST", "/api/v1/customer/organisations/"+org1+"/set_default", nil)
	r.Expect(t, 204, "")
	h.CheckReply(t, "POST", "/customer/organisations/{id}/set_default", r)
	r = a.Call("GET", "/api/v1/customer/organisations", nil)
	for _, o := range r.JSON["data"].([]any) {
		m := o.(map[string]any)
		if (m["id"] == org1) != (m["default"] == true) {
			t.Errorf("after set_default: %v", m)
		}
	}
	r = a.Call("GET", "/api/v1/feature_flags", nil)
	if f := r.JSON["data"].(map[string]any); f["canary_ui"] != true {
		t.Errorf("flags after set_default %v", f)
	}
}
func TestAPINoOrganisation(t *testing.T) {
	h := newHarness(t)
	a := h.API()
	a.Login("noorg@demo.example")
	r := a.Call("GET", "/api/v1/customer/organisations", nil)
	if string(r.Raw) != `{"data":[]}` {
		t.Errorf("organisations %s", r.Raw)
	}
	a.Call("GET", "/api/v1/feature_flags", nil).Expect(t, 404, api.CodeNoOrganisation)
}

// Cross-organisation: a member of org1 only gets the same 404 for org2 as
// for an organisation that does not exist, on every organisation call.
func TestAPICrossOrganisation(t *testing.T) {
	h := newHarness(t)
	a := h.API()
	a.Login(emailObserver)
	for _, org := range []string{demo.Org2ID, "0b6a3c1e-0000-4000-8000-0000000000ff", "x"} {
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
			r.Expect(t, 404, api.CodeNotFound)
			if want := `{"errors":[{"status":404,"code":"not_found","title":"Not found"}]}`; string(r.Raw) != want {
				t.Errorf("%s %s: %s", c.method, c.path, r.Raw)
			}
		}
		r := a.Call("GET", "/api/v1/feature_flags", nil, "X-Organisation-ID", org)
		r.Expect(t, 404, api.CodeNotFound)
	}
	// set_default on another organisation changed nothing.
	ms, err := h.Store.Memberships(t.Context(), demo.UserObserverID)
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) != 1 || ms[0].Organisation.ID != demo.Org1ID || !ms[0].Default {
		t.Errorf("memberships changed: %+v", ms)
	}
}

// A role changed at the provider applies to the next call with the same
// token: nothing about the role is cached in the token or the session.
func TestAPIRoleChangeAppliesToNextRequest(t *testing.T) {
	h := newHarness(t)
	a := h.API()
	a.Login(emailObserver)
	path := "/api/v1/customer/organisations/" + demo.Org1ID + "/roles"
	role := func() (string, []string) {
		t.Helper()
		r := a.Call("GET", path, nil)
		r.Expect(t, 200, "")
		h.CheckReply(t, "GET", "/customer/organisations/{id}/roles", r)
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
	h.Exec(`UPDATE memberships SET role = 'admin' WHERE user_id = ? AND organisation_id = ?`, demo.UserObserverID, demo.Org1ID)
	if r, ps := role(); r != "admin" || !slices.Contains(ps, "users:manage") {
		t.Fatalf("after promotion: %s %v", r, ps)
	}
	h.Exec(`UPDATE memberships SET role = 'operations member' WHERE user_id = ? AND organisation_id = ?`, demo.UserObserverID, demo.Org1ID)
	if r, ps := role(); r != "operations_member" || !slices.Contains(ps, "payouts:manage") || slices.Contains(ps, "users:read") {
		t.Fatalf("alias: %s %v", r, ps)
	}
	h.Exec(`UPDATE memberships SET role = 'superuser' WHERE user_id = ? AND organisation_id = ?`, demo.UserObserverID, demo.Org1ID)
	if r, ps := role(); r != "default" || !slices.Equal(ps, []string{"dashboard:read"}) {
		t.Fatalf("unknown role: %s %v", r, ps)
	}
	h.Exec(`DELETE FROM memberships WHERE user_id = ? AND organisation_id = ?`, demo.UserObserverID, demo.Org1ID)
	a.Call("GET", path, nil).Expect(t, 404, api.CodeNotFound)
}
func TestAPIVersion2(t *testing.T) {
	h := newHarness(t)
	a := h.API()
	r := a.Call("POST", "/api/v2/authentication/token", map[string]string{"email": emailObserver, "password": demo.Password})
	r.Expect(t, 200, "")
	a.Token = r.JSON["access_token"].(string)
	a.Call("GET", "/api/v2/customer/current_user", nil).Expect(t, 200, "")
	a.Call("POST", "/api/v2/authentication/token/refresh", nil, "Authorization", "", "X-CSRF-Token", r.JSON["csrf_token"].(string)).Expect(t, 200, "")
	a.Call("DELETE", "/api/v2/authentication/token", nil).Expect(t, 204, "")
	a.Call("GET", "/api/v1/customer/current_user", nil).Expect(t, 401, "EXPIRED_AUTHENTICATION")
}

// TestAuthAPITour calls every operation of the area once with success (the
// part of the API tour that was the auth area's), so the harness's reply
// guard compares each handler's reply type with its entry, and CheckReply
// each body with the document.
func TestAuthAPITour(t *testing.T) {
	noSlowDown(t)
	h := newHarness(t)
	tour := h.Tour(t, auth.New(h.Srv).API)
	tour.At["id"] = servertest.OrgNordic

	// Log in, refresh; the customer calls.
	admin := h.API()
	r := tour.Call(admin, "createToken", "", map[string]string{"email": "admin@demo.example", "password": demo.Password})
	admin.Token = r.JSON["access_token"].(string)
	r = tour.Call(admin, "refreshToken", "", nil, "Authorization", "", api.CSRFHeader, r.JSON["csrf_token"].(string))
	admin.Token = r.JSON["access_token"].(string)
	for _, id := range []string{"listOrganisations", "getCurrentUser", "setDefaultOrganisation", "getConfigurations",
		"getContractedProducts", "getAddress", "getRoles", "listAlerts", "getMfaConfiguration"} {
		tour.Call(admin, id, "", nil)
	}
	tour.Call(admin, "getFeatureFlags", "?organisation_id="+servertest.OrgNordic, nil)
	tour.Call(admin, "setCurrentOrganisation", "", nil, api.HeaderOrganisation, servertest.OrgNordic)

	// Finishing a login: authenticator, SMS, push.
	a, _ := loginScope(h, emailMFATOTP)
	tour.Call(a, "verifyTotpFactor", "", map[string]string{"code": servertest.TOTP(t, demo.TOTPSecret, 0)})
	a, _ = loginScope(h, emailMFATOTP)
	tour.Call(a, "verifyMfaToken", "", map[string]string{"mfa_token": servertest.TOTP(t, demo.TOTPSecret, 30*time.Second)})
	a, _ = loginScope(h, emailMFASMS)
	tour.Call(a, "requestMfaTokenSms", "", nil)
	tour.Call(a, "verifySms", "", map[string]string{"code": servertest.LastSMS(t, h.Store)})
	a, _ = loginScope(h, emailMFAAuthy)
	id := tour.Call(a, "createMfaToken", "", nil).JSON["approval_request_id"].(string)
	if err := h.Srv.Auth.DecideApproval(t.Context(), id, true); err != nil {
		t.Fatal(err)
	}
	if r := tour.Call(a, "getMfaTokenStatus", "?approval_request_id="+url.QueryEscape(id), nil); r.JSON["status"] != provider.ApprovalApproved {
		t.Fatalf("approval %s", r.Raw)
	}
	tour.Call(a, "completeMfaToken", "", map[string]string{"approval_request_id": id})

	// Setting up both factors.
	a, _ = loginScope(h, emailMFANew)
	phone := map[string]string{"cellphone": "20998877"}
	for _, id := range []string{"registerMfa", "registerPhoneNumber", "requestSetupSms"} {
		tour.Call(a, id, "", phone)
	}
	tour.Call(a, "confirmPhoneNumber", "", map[string]string{"code": servertest.LastSMS(t, h.Store)})
	secret := tour.Call(a, "requestTotpFactor", "", nil).JSON["secret"].(string)
	tour.Call(a, "validateTotpFactor", "", map[string]string{"code": servertest.TOTP(t, secret, 0)})

	// Adding a method at scope dashboard: the password again first.
	tour.Call(admin, "reauthenticate", "", map[string]string{"password": demo.Password})
	tour.Call(admin, "startTotpFactor", "", nil)

	tour.Call(admin, "deleteToken", "", nil)
	tour.Done()
}
