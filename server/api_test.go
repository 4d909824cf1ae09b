package server_test

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"portal/reference/demo"
	"portal/server/api"
	"portal/server/servertest"
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

func b64json(v any) string {
	b, _ := json.Marshal(v)
	return base64.RawURLEncoding.EncodeToString(b)
}

func TestAPIBearerTokens(t *testing.T) {
	clk := &servertest.Clock{}
	h := newHarness(t, withTokenClock(clk))
	a := h.API()
	login := a.Login(emailObserver)
	good := a.Token
	parts := strings.Split(good, ".")
	var claims map[string]any
	pb, _ := base64.RawURLEncoding.DecodeString(parts[1])
	_ = json.Unmarshal(pb, &claims)

	// A login-scope token of a user whose MFA is pending.
	h.Exec(`UPDATE users SET skip_mfa = 0 WHERE id = ?`, demo.UserFinanceID)
	lim := h.APILoggedIn("finance@demo.example")
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
		{"no credential", "-", 401, api.CodeUnauthenticated},
		{"empty bearer", "Bearer ", 401, api.CodeInvalidToken},
		{"basic scheme", "Basic " + base64.StdEncoding.EncodeToString([]byte("a:b")), 401, api.CodeInvalidToken},
		{"garbage", "Bearer not.a.jwt", 401, api.CodeInvalidToken},
		{"alg none", "Bearer " + b64json(map[string]string{"alg": "none", "typ": "JWT"}) + "." + parts[1] + ".", 401, api.CodeInvalidToken},
		{"alg HS512", "Bearer " + b64json(map[string]string{"alg": "HS512", "typ": "JWT"}) + "." + parts[1] + "." + parts[2], 401, api.CodeInvalidToken},
		{"tampered scope", "Bearer " + lparts[0] + "." + b64json(upgraded) + "." + lparts[2], 401, api.CodeInvalidToken},
		{"signed with another key", "Bearer " + forged, 401, api.CodeInvalidToken},
		{"login scope on a customer route", "Bearer " + lim.Token, 403, api.CodeMissingScope},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := h.API()
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
		r.Expect(t, 401, api.CodeExpired)
		if r.FirstError(t)["title"] != api.MsgExpired {
			t.Errorf("title %v", r.FirstError(t)["title"])
		}
		// The session lives on: a refresh gives a working token.
		r = a.Call("POST", refreshPath, nil, "X-CSRF-Token", login.JSON["csrf_token"].(string), "Authorization", "")
		r.Expect(t, 200, "")
		a.Token = r.JSON["access_token"].(string)
		a.Call("GET", currentUser, nil).Expect(t, 200, "")
	})
}

func mustClaims(t *testing.T, h *servertest.Harness, tok string) token.Claims {
	t.Helper()
	c, err := h.Srv.Tokens.Verify(tok)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Ending all of a user's sessions (password change, disabling) ends their
// tokens too; a disabled user's next call is refused and ends the session.
func TestAPISessionEndsRevokeTokens(t *testing.T) {
	h := newHarness(t)
	a := h.APILoggedIn(emailObserver)
	if _, err := h.Sessions.DestroyUser(t.Context(), demo.UserObserverID, nil); err != nil {
		t.Fatal(err)
	}
	a.Call("GET", currentUser, nil).Expect(t, 401, api.CodeExpired)

	b := h.API()
	l := b.Login(emailObserver)
	h.Exec(`UPDATE users SET disabled = 1 WHERE id = ?`, demo.UserObserverID)
	b.Call("GET", currentUser, nil).Expect(t, 401, api.CodeExpired)
	if _, err := h.Sessions.LoadByHandle(t.Context(), mustClaims(t, h, b.Token).Session); err == nil {
		t.Error("session of a disabled user survives")
	}
	b.Call("POST", refreshPath, nil, "Authorization", "", "X-CSRF-Token", l.JSON["csrf_token"].(string)).Expect(t, 401, api.CodeExpired)
}

// The browser's session cookie also authenticates (islands); changes then
// need the page's CSRF token in X-CSRF-Token.
func TestAPISessionCookie(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn(emailMulti)
	var sess *session.Session
	for _, ck := range c.Jar.Cookies(base) {
		if ck.Name == "portal_session" {
			s, err := h.Sessions.Load(t.Context(), ck.Value)
			if err != nil {
				t.Fatal(err)
			}
			sess = s
		}
	}
	if sess == nil {
		t.Fatal("no page session")
	}
	get := func(path string, hdr ...string) servertest.Reply {
		t.Helper()
		a := h.APIWithJar(c.Jar)
		return a.Call("GET", path, nil, hdr...)
	}
	send := func(method, path string, hdr ...string) servertest.Reply {
		t.Helper()
		a := h.APIWithJar(c.Jar)
		return a.Call(method, path, nil, hdr...)
	}
	r := get(currentUser)
	r.Expect(t, 200, "")
	if r.JSON["data"].(map[string]any)["id"] != demo.UserMultiID {
		t.Errorf("cookie user %s", r.Raw)
	}
	set := "/api/v1/customer/organisations/" + demo.Org1ID + "/set_default"
	send("POST", set).Expect(t, 403, api.CodeInvalidCSRF)
	send("POST", set, "X-CSRF-Token", "wrong").Expect(t, 403, api.CodeInvalidCSRF)
	send("POST", set, "X-CSRF-Token", sess.CSRF).Expect(t, 204, "")
	// A bearer header, even an invalid one, takes precedence over the cookie.
	get(currentUser, "Authorization", "Bearer nope").Expect(t, 401, api.CodeInvalidToken)
	// Logging out through the API ends the page session.
	send("DELETE", tokenPath, "X-CSRF-Token", sess.CSRF).Expect(t, 204, "")
	get(currentUser).Expect(t, 401, "")
	if res := c.Get("/"); res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(res.Header.Get("Location"), "/login") {
		t.Errorf("page after API logout: %d %s", res.StatusCode, res.Header.Get("Location"))
	}
}

func TestAPIHeadersOnEveryReply(t *testing.T) {
	h := newHarness(t)
	a := h.APILoggedIn(emailObserver)
	for _, c := range []struct {
		method, path string
		status       int
	}{
		{"GET", currentUser, 200},
		{"GET", "/api/v1/nope", 404},
		{"GET", "/api/v2/customer/organisations/" + demo.Org2ID + "/roles", 404},
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
	unauth := h.API()
	r := unauth.Call("GET", currentUser, nil)
	r.Expect(t, 401, api.CodeUnauthenticated)
	if r.Header.Get("Cache-Control") != "no-store" {
		t.Error("401 without no-store")
	}
}

// The CSRF middleware must leave API log in and refresh to their handlers
// (checkCSRF calls apiSelfCSRF); else every refresh is refused there.
func TestAPICSRFExemptionWired(t *testing.T) {
	h := newHarness(t)
	for _, p := range []string{"/api/v1/authentication/token/refresh", "/api/v2/authentication/token/refresh"} {
		r := h.API().Call("POST", p, nil)
		if r.StatusCode == 403 {
			t.Fatalf("POST %s was stopped by the CSRF middleware: checkCSRF in middleware.go must `if apiSelfCSRF(c) { return c.Next() }`", p)
		}
		r.Expect(t, 401, api.CodeExpired)
	}
	r := h.API().Call("POST", "/api/v2/authentication/token", map[string]string{"email": emailObserver, "password": demo.Password})
	r.Expect(t, 200, "")
}

// Public changes settle CSRF themselves (apiSelfCSRF), which is safe only
// because they take nothing but a JSON body: a browser with a page session
// and no CSRF header reaches the handler, and a form post is refused there.
func TestAPIPublicJSONOnly(t *testing.T) {
	h := newHarness(t)
	c := h.Client()
	c.Get("/login") // a page session, as a visitor of the portal has
	a := h.APIWithJar(c.Jar)
	n := 0
	for _, op := range apiOperations() {
		if op.Auth != api.Public || !api.UnsafeMethod(op.Method) {
			continue
		}
		n++
		for _, base := range api.Bases {
			for _, ct := range []string{"application/x-www-form-urlencoded", "text/plain"} {
				r := a.Call(op.Method, base+op.Path, "email=a%40b.example", "Content-Type", ct)
				r.Expect(t, 415, api.CodeMediaType)
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
	clk := &servertest.Clock{}
	h := newHarness(t, withTokenClock(clk))
	a := h.APILoggedIn(emailObserver)
	clk.Advance(16 * time.Minute)
	r := a.Call("GET", currentUser, nil)
	r.Expect(t, 401, api.CodeExpired)
	if e := r.FirstError(t); e["detail"] != "Your token was expired, please login again" {
		t.Errorf("expired: %s", r.Raw)
	}
}
