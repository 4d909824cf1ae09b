package profile

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"

	"golang.org/x/net/html"

	"portal/htmlq"
	"portal/passkey"
	"portal/passkey/passkeytest"
	"portal/provider"
	"portal/reference/demo"
	"portal/server"
	"portal/server/auth"
	"portal/server/servertest"
)

// The test client is a browser at http://portal.test; the relying party is the portal at
// this origin, and the software authenticator signs for whatever origin it is told.
const publicURL = "https://portal.test"

const totpUser = "mfa-totp@demo.example"

func passkeyHarness(t *testing.T) *servertest.Harness {
	return servertest.NewWith(t, func(d *server.Deps) { d.Config.PublicURL = publicURL }, auth.New, New)
}

func islandCSRF(t *testing.T, doc *html.Node) string {
	t.Helper()
	raw := servertest.IslandProps(t, doc, "Passkey")
	if raw == "" {
		t.Fatal("no Passkey island")
	}
	var p auth.PasskeyIslandProps
	if err := json.Unmarshal([]byte(raw), &p); err != nil {
		t.Fatal(err)
	}
	return p.CSRF
}

func readJSON(t *testing.T, res *http.Response) map[string]any {
	t.Helper()
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatalf("status %d, not JSON: %s", res.StatusCode, raw)
	}
	return m
}

func bodyOf(t *testing.T, res *http.Response) []byte {
	t.Helper()
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("status %d: %s", res.StatusCode, raw)
	}
	return raw
}

// reauth confirms the password (the profile's rule for changing how one signs in).
func reauth(t *testing.T, c *servertest.Client) {
	t.Helper()
	res := c.Do("POST", "/reauth", url.Values{"_csrf": {c.CSRF("/reauth")}, "password": {demo.Password}, "next": {profilePath}})
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("reauth: %d", res.StatusCode)
	}
}

// loginTOTP logs the TOTP demo user in through the authenticator code.
func loginTOTP(t *testing.T, h *servertest.Harness) *servertest.Client {
	t.Helper()
	c := h.LoggedIn(totpUser)
	code := servertest.TOTP(t, demo.TOTPSecret, 0)
	res := c.Do("POST", "/mfa-verify/totp", url.Values{"_csrf": {c.CSRF("/mfa-verify?method=authenticator")}, "code": {code}})
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/login_transition" {
		t.Fatalf("totp: %d %s", res.StatusCode, res.Header.Get("Location"))
	}
	return c
}

// withPasskey gives the TOTP demo user a passkey named name (logged in, the password
// confirmed, registered, logged out again) and returns its authenticator.
func withPasskey(t *testing.T, h *servertest.Harness, name string) *passkeytest.Authenticator {
	t.Helper()
	c := loginTOTP(t, h)
	reauth(t, c)
	key := &passkeytest.Authenticator{}
	if res := register(t, c, key, name); res.StatusCode != http.StatusOK {
		t.Fatalf("register: %d", res.StatusCode)
	}
	c.Do("POST", "/logout", url.Values{"_csrf": {c.CSRF(profilePath)}})
	return key
}

// register adds a passkey through My Profile's JSON calls, as the island does.
func register(t *testing.T, c *servertest.Client, a *passkeytest.Authenticator, name string) *http.Response {
	t.Helper()
	_, doc := c.Page(profilePath)
	csrf := islandCSRF(t, doc)
	req, _ := json.Marshal(map[string]string{"name": name})
	opts := bodyOf(t, c.PostJSON(profilePath+"/passkeys/options", req, csrf))
	cred, err := a.Create(opts, publicURL)
	if err != nil {
		t.Fatal(err)
	}
	fin, _ := json.Marshal(map[string]any{"name": name, "credential": json.RawMessage(cred)})
	return c.PostJSON(profilePath+"/passkeys", fin, csrf)
}

// verify answers /mfa-verify's passkey ceremony with a; at is the origin it signs for.
func verify(t *testing.T, c *servertest.Client, a *passkeytest.Authenticator, at string) *http.Response {
	t.Helper()
	_, doc := c.Page("/mfa-verify?method=passkey")
	csrf := islandCSRF(t, doc)
	opts := bodyOf(t, c.PostJSON("/mfa-verify/passkey/options", []byte("{}"), csrf))
	resp, err := a.Get(opts, at)
	if err != nil {
		t.Fatal(err)
	}
	return c.PostJSON("/mfa-verify/passkey", resp, csrf)
}

func passkeyCard(doc *html.Node) *html.Node {
	return htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "a" && htmlq.Attr(n, "href") == "/mfa-verify?method=passkey" })
}

func passkeyNames(doc *html.Node) []string {
	sec := htmlq.Find(doc, htmlq.ByID("passkeys"))
	var out []string
	for _, h3 := range htmlq.FindAll(sec, func(n *html.Node) bool { return n.Data == "h3" }) {
		if t := htmlq.VisibleText(h3); t != "Add a passkey" {
			out = append(out, t)
		}
	}
	return out
}

// The whole story: register a passkey in My Profile after re-authentication, log out, log
// in with the password and verify with the passkey: a new session id, scope dashboard.
func TestPasskeyRegisterThenVerify(t *testing.T) {
	h := passkeyHarness(t)
	c := loginTOTP(t, h)

	// Before re-authentication: the section, no island, a link to /reauth; the calls refuse.
	_, doc := c.Page(profilePath)
	if servertest.IslandProps(t, doc, "Passkey") != "" {
		t.Fatal("island offered before re-authentication")
	}
	link := servertest.LinkByText(doc, "Confirm your password to add, rename or remove passkeys")
	if link == nil || !strings.HasPrefix(htmlq.Attr(link, "href"), "/reauth?next=") {
		t.Fatal("no re-authentication link")
	}
	csrf := servertest.UnmaskCSRF(t, c.CSRF(profilePath))
	res := c.PostJSON(profilePath+"/passkeys/options", []byte(`{"name":"Laptop"}`), csrf)
	if m := readJSON(t, res); res.StatusCode != http.StatusForbidden || m["status"] != "reauthentication_required" {
		t.Fatalf("options before reauth: %d %v", res.StatusCode, m)
	}

	reauth(t, c)
	// A name the store would refuse is refused before the authenticator is asked.
	_, doc = c.Page(profilePath)
	res = c.PostJSON(profilePath+"/passkeys/options", []byte(`{"name":"  "}`), islandCSRF(t, doc))
	if m := readJSON(t, res); res.StatusCode != http.StatusUnprocessableEntity ||
		m["errors"].(map[string]any)["name"] != provider.MsgPasskeyNameRequired {
		t.Fatalf("blank name: %d %v", res.StatusCode, m)
	}
	key := &passkeytest.Authenticator{}
	res = register(t, c, key, "Work laptop")
	if m := readJSON(t, res); res.StatusCode != http.StatusOK || m["redirect"] != profilePath+"#passkeys" {
		t.Fatalf("register: %d %v", res.StatusCode, m)
	}
	_, doc = c.Page(profilePath)
	if got := passkeyNames(doc); len(got) != 1 || got[0] != "Work laptop" {
		t.Fatalf("passkeys listed %v", got)
	}

	// Log out; log in again: the passkey is offered, and verifies.
	c.Do("POST", "/logout", url.Values{"_csrf": {c.CSRF(profilePath)}})
	c.Login(totpUser)
	_, doc = c.Page("/mfa-verify")
	if passkeyCard(doc) == nil {
		t.Fatal("passkey card not offered to a user who has one")
	}
	before := c.SessionID()
	res = verify(t, c, key, publicURL)
	if m := readJSON(t, res); res.StatusCode != http.StatusOK || m["redirect"] != "/login_transition" {
		t.Fatalf("verify: %d %v", res.StatusCode, m)
	}
	after := c.SessionID()
	if after == "" || after == before {
		t.Fatal("MFA completion kept the session id")
	}
	s, err := h.Sessions.Load(context.Background(), after)
	if err != nil || s.Scope != "dashboard" {
		t.Fatalf("session after passkey: %v %v", s, err)
	}
	if _, err := h.Sessions.Load(context.Background(), before); err == nil {
		t.Fatal("the login-scope session still works")
	}
	_, doc = c.Page(profilePath)
	if !strings.Contains(htmlq.VisibleText(doc), "last used") {
		t.Error("the use is not shown")
	}
}

// Verification refusals: another origin, a cloned key whose counter went back, and another
// user's credential. Each counts as a wrong code and leaves the login where it was.
func TestPasskeyVerifyRefusals(t *testing.T) {
	h := passkeyHarness(t)
	key := withPasskey(t, h, "Phone")

	login := func() *servertest.Client {
		return h.LoggedIn(totpUser)
	}
	refused := func(t *testing.T, res *http.Response, want string) {
		t.Helper()
		m := readJSON(t, res)
		if res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(m["error"].(string), want) {
			t.Fatalf("%d %v, want 422 %q", res.StatusCode, m, want)
		}
	}

	t.Run("another origin", func(t *testing.T) {
		refused(t, verify(t, login(), key.Clone(), "https://evil.test"), "could not be verified")
	})

	t.Run("a clone whose counter went back", func(t *testing.T) {
		clone := key.Clone()
		if res := verify(t, login(), key, publicURL); res.StatusCode != http.StatusOK {
			t.Fatalf("the original: %d", res.StatusCode)
		}
		refused(t, verify(t, login(), clone, publicURL), provider.MsgPasskeyCloned)
	})

	t.Run("two concurrent uses with one counter value", func(t *testing.T) {
		// Both assertions verify; only the first UPDATE moves the counter.
		a, b := login(), login()
		ka, kb := key.Clone(), key.Clone()
		var ra, rb *http.Response
		_, da := a.Page("/mfa-verify?method=passkey")
		_, db := b.Page("/mfa-verify?method=passkey")
		oa := bodyOf(t, a.PostJSON("/mfa-verify/passkey/options", []byte("{}"), islandCSRF(t, da)))
		ob := bodyOf(t, b.PostJSON("/mfa-verify/passkey/options", []byte("{}"), islandCSRF(t, db)))
		pa, _ := ka.Get(oa, publicURL)
		pb, _ := kb.Get(ob, publicURL)
		var wg sync.WaitGroup
		wg.Add(2)
		go func() { defer wg.Done(); ra = a.PostJSON("/mfa-verify/passkey", pa, islandCSRF(t, da)) }()
		go func() { defer wg.Done(); rb = b.PostJSON("/mfa-verify/passkey", pb, islandCSRF(t, db)) }()
		wg.Wait()
		if ok := (ra.StatusCode == 200) != (rb.StatusCode == 200); !ok {
			t.Fatalf("statuses %d and %d: want exactly one success", ra.StatusCode, rb.StatusCode)
		}
		key.Counter = ka.Counter
	})

	t.Run("another user's credential", func(t *testing.T) {
		// Bob (the push demo user) gets his own passkey through a real registration; then
		// Alice's key answers Bob's ceremony.
		const bobID, bob = demo.UserMFAAuthyID, "mfa-authy@demo.example"
		rp, ctx := auth.RelyingParty(h.Srv), context.Background()
		acct := passkey.Account{UserID: bobID, Email: bob, Name: "Ida Poulsen"}
		opts, state, err := rp.BeginRegistration(acct)
		if err != nil {
			t.Fatal(err)
		}
		bobKey := &passkeytest.Authenticator{}
		cred, _ := bobKey.Create(opts, publicURL)
		np, err := rp.FinishRegistration(acct, state, cred)
		if err != nil {
			t.Fatal(err)
		}
		np.Name = "Bob's phone"
		if _, err := h.Srv.Passkeys.AddPasskey(ctx, bobID, np); err != nil {
			t.Fatal(err)
		}
		c := h.LoggedIn(bob)
		refused(t, verify(t, c, key.Clone(), publicURL), "could not be verified")
		// Nor can the store be told to count Alice's credential for Bob.
		if err := h.Srv.Passkeys.UsePasskey(ctx, bobID, key.CredentialID, key.Counter+10); provider.ErrorCode(err) != provider.ENOTFOUND {
			t.Fatalf("use of another user's credential: %v", err)
		}
		// And Alice's credential cannot be registered to Bob.
		if _, err := h.Srv.Passkeys.AddPasskey(ctx, bobID, provider.NewPasskey{CredentialID: key.CredentialID, Name: "x", Record: []byte("{}")}); provider.ErrorCode(err) != provider.ECONFLICT {
			t.Fatalf("a credential registered twice: %v", err)
		}
	})
}

// A user without a passkey is not offered one; without a public URL nobody is.
func TestPasskeyOfferedOnlyToUsersWithOne(t *testing.T) {
	h := passkeyHarness(t)
	c := h.LoggedIn(totpUser)
	_, doc := c.Page("/mfa-verify")
	if passkeyCard(doc) != nil {
		t.Fatal("passkey offered to a user without one")
	}
	if res, _ := c.Page("/mfa-verify?method=passkey"); res.StatusCode != http.StatusOK {
		t.Fatalf("status %d", res.StatusCode)
	}
	_, doc = c.Page("/mfa-verify?method=passkey")
	if servertest.IslandProps(t, doc, "Passkey") != "" {
		t.Fatal("passkey screen for a user without one")
	}
}

func passkeyIDs(t *testing.T, h *servertest.Harness, userID string) []string {
	t.Helper()
	keys, err := h.Srv.Passkeys.Passkeys(context.Background(), userID)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, k := range keys {
		out = append(out, k.ID)
	}
	return out
}

// Rename and remove are forms: without the password confirmed they go to /reauth; a bad
// name comes back beside its field as typed; another user's passkey is not found.
func TestPasskeyRenameRemove(t *testing.T) {
	h := passkeyHarness(t)
	c := loginTOTP(t, h)
	reauth(t, c)
	for _, n := range []string{"Laptop", "Phone"} {
		if res := register(t, c, &passkeytest.Authenticator{}, n); res.StatusCode != http.StatusOK {
			t.Fatalf("register %s: %d", n, res.StatusCode)
		}
	}
	ids := passkeyIDs(t, h, demo.UserMFATOTPID)
	if len(ids) != 2 {
		t.Fatalf("passkeys %v", ids)
	}
	form := func(name string) url.Values { return url.Values{"_csrf": {c.CSRF(profilePath)}, "name": {name}} }

	long := strings.Repeat("é", provider.PasskeyNameMax+1)
	res := c.Do("POST", profilePath+"/passkeys/"+ids[0], form(long))
	if res.StatusCode != http.StatusUnprocessableEntity {
		t.Fatalf("long name: %d", res.StatusCode)
	}
	doc := servertest.Parse(t, res)
	field := "passkey-name-" + ids[0]
	if got := servertest.FieldError(doc, field); got != provider.MsgPasskeyNameTooLong {
		t.Errorf("field error %q", got)
	}
	if in := htmlq.Find(doc, htmlq.ByID(field)); htmlq.Attr(in, "value") != long || htmlq.Attr(in, "aria-invalid") != "true" {
		t.Error("the typed name is not back in its field")
	}
	if servertest.LinkByText(doc, provider.MsgPasskeyNameTooLong) == nil {
		t.Error("no error summary link")
	}

	doc = followed(t, c, c.Do("POST", profilePath+"/passkeys/"+ids[0], form("  Home laptop ")))
	if got := passkeyNames(doc); len(got) != 2 || got[0] != "Home laptop" || got[1] != "Phone" {
		t.Fatalf("after rename %v", got)
	}
	doc = followed(t, c, c.Do("POST", profilePath+"/passkeys/"+ids[1]+"/remove", form("")))
	if got := passkeyNames(doc); len(got) != 1 || got[0] != "Home laptop" {
		t.Fatalf("after remove %v", got)
	}
	if f := servertest.Flashes(doc); len(f) == 0 || f[0] != msgPasskeyRemoved {
		t.Errorf("flashes %v", f)
	}

	// Another user, with the password confirmed, cannot touch Alice's passkey.
	other := h.LoggedIn("finance@demo.example")
	reauth(t, other)
	for _, path := range []string{profilePath + "/passkeys/" + ids[0], profilePath + "/passkeys/" + ids[0] + "/remove"} {
		doc := followed(t, other, other.Do("POST", path, url.Values{"_csrf": {other.CSRF(profilePath)}, "name": {"Mine now"}}))
		if f := servertest.Flashes(doc); len(f) == 0 || f[0] != msgPasskeyGone {
			t.Errorf("%s by another user: flashes %v", path, f)
		}
	}
	if got := passkeyIDs(t, h, demo.UserMFATOTPID); len(got) != 1 {
		t.Fatalf("Alice's passkeys %v", got)
	}

	// Once the confirmation lapses, the forms go to /reauth first and change nothing.
	fresh := h.LoggedIn("finance@demo.example")
	res = fresh.Do("POST", profilePath+"/passkeys/"+ids[0]+"/remove", url.Values{"_csrf": {fresh.CSRF(profilePath)}})
	if res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(res.Header.Get("Location"), "/reauth?next=") {
		t.Fatalf("without reauth: %d %s", res.StatusCode, res.Header.Get("Location"))
	}
}

// Without JavaScript (the server's markup): the verify screen says a passkey needs it and
// links the user's other methods, with no button; My Profile says adding one needs it.
func TestPasskeyWithoutJavaScript(t *testing.T) {
	h := passkeyHarness(t)
	c := loginTOTP(t, h)
	reauth(t, c)
	_, doc := c.Page(profilePath)
	sec := htmlq.Find(doc, htmlq.ByID("passkeys"))
	if !strings.Contains(htmlq.VisibleText(sec), "Adding a passkey needs JavaScript") {
		t.Error("profile does not say adding a passkey needs JavaScript")
	}
	if btn := htmlq.Find(sec, func(n *html.Node) bool {
		return n.Data == "button" && strings.Contains(htmlq.VisibleText(n), "Add a passkey")
	}); btn != nil {
		t.Error("a button that cannot work without JavaScript")
	}
	if res := register(t, c, &passkeytest.Authenticator{}, "Key"); res.StatusCode != http.StatusOK {
		t.Fatalf("register: %d", res.StatusCode)
	}
	c.Do("POST", "/logout", url.Values{"_csrf": {c.CSRF(profilePath)}})
	c.Login(totpUser)
	_, doc = c.Page("/mfa-verify?method=passkey")
	main := htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "main" })
	text := htmlq.VisibleText(main)
	if !strings.Contains(text, "A passkey needs JavaScript") {
		t.Errorf("no sentence: %s", text)
	}
	if htmlq.Find(main, func(n *html.Node) bool {
		return n.Data == "button" && strings.Contains(htmlq.VisibleText(n), "passkey")
	}) != nil {
		t.Error("a passkey button in the server's markup")
	}
	if servertest.LinkByText(main, "Authentication app (recommended)") == nil {
		t.Error("the other methods are not offered")
	}
}

// A refused passkey counts as a wrong code: the lock of the other methods (5 in 15 minutes)
// applies to it too, and a locked account's assertion is not checked.
func TestPasskeyRefusalsCountTowardsTheLock(t *testing.T) {
	h := passkeyHarness(t)
	key := withPasskey(t, h, "Key")
	c := h.LoggedIn(totpUser)
	var last map[string]any
	for i := 1; i <= 5; i++ {
		res := verify(t, c, key, "https://evil.test")
		last = readJSON(t, res)
		want := http.StatusUnprocessableEntity
		if i == 5 {
			want = http.StatusTooManyRequests
		}
		if res.StatusCode != want {
			t.Fatalf("refusal %d: %d %v", i, res.StatusCode, last)
		}
		if i == 4 && !strings.Contains(last["note"].(string), "1 attempt left") {
			t.Errorf("4th refusal note %v", last["note"])
		}
	}
	if !strings.Contains(last["error"].(string), "Too many attempts") {
		t.Errorf("lock text %v", last["error"])
	}
	// Locked: even the right key is refused now.
	if res := verify(t, c, key, publicURL); res.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("right key while locked: %d", res.StatusCode)
	}
}
