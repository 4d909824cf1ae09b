package testkit

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"
	"golang.org/x/net/html"

	"portal/htmlq"
	"portal/reference/demo"
)

// Client is a browser-like client of an app: a cookie jar, no automatic
// redirects.
type Client struct {
	T   testing.TB
	App *fiber.App
	Jar *cookiejar.Jar
}

// NewClient is a client whose visitor has already answered the cookie
// banner (rejected), so pages are what a returning user sees; the banner's
// own tests start from NewFirstVisitClient.
func NewClient(t testing.TB, app *fiber.App) *Client {
	c := NewFirstVisitClient(t, app)
	c.Jar.SetCookies(base, []*http.Cookie{{Name: "cookie_consent", Value: "rejected", Path: "/"}})
	return c
}

// NewFirstVisitClient is a client with an empty cookie jar: a browser that
// has never been here.
func NewFirstVisitClient(t testing.TB, app *fiber.App) *Client {
	jar, _ := cookiejar.New(nil)
	return &Client{T: t, App: app, Jar: jar}
}

var base, _ = url.Parse("http://portal.test")

// Do sends a request, form-encoded when form is not nil; hdr are header
// names and values.
func (c *Client) Do(method, path string, form url.Values, hdr ...string) *http.Response {
	c.T.Helper()
	if form == nil {
		return c.request(method, path, nil, hdr)
	}
	return c.request(method, path, strings.NewReader(form.Encode()),
		append([]string{"Content-Type", "application/x-www-form-urlencoded"}, hdr...))
}

// request sends body (nil: none) with the jar's cookies and keeps the
// cookies the reply sets.
func (c *Client) request(method, path string, body io.Reader, hdr []string) *http.Response {
	c.T.Helper()
	var sent []byte
	if body != nil {
		sent, _ = io.ReadAll(body)
		body = bytes.NewReader(sent)
	}
	r := httptest.NewRequest(method, "http://portal.test"+path, body)
	for i := 0; i+1 < len(hdr); i += 2 {
		r.Header.Set(hdr[i], hdr[i+1])
	}
	for _, ck := range c.Jar.Cookies(base) {
		r.AddCookie(ck)
	}
	res, err := c.App.Test(r, FiberTestConfig())
	if err != nil {
		c.T.Fatalf("%s %s: %v", method, path, err)
	}
	if cs := res.Cookies(); len(cs) > 0 {
		c.Jar.SetCookies(base, cs)
	}
	if strings.HasPrefix(path, "/api/") {
		// An island's call through the browser's session: checked like
		// the API client's, and the body kept for the test to read.
		raw, _ := io.ReadAll(res.Body)
		res.Body.Close()
		res.Body = io.NopCloser(bytes.NewReader(raw))
		checkContract(c.T, c.App, r, sent, res, raw)
	}
	record(c.T, method, path, res)
	return res
}

// Get GETs path.
func (c *Client) Get(path string) *http.Response { return c.Do("GET", path, nil) }

// Page GETs path and parses the HTML.
func (c *Client) Page(path string) (*http.Response, *html.Node) {
	c.T.Helper()
	res := c.Get(path)
	return res, Parse(c.T, res)
}

// Parse reads and parses an HTML response.
func Parse(t testing.TB, res *http.Response) *html.Node {
	t.Helper()
	defer res.Body.Close()
	doc, err := html.Parse(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// CSRF fetches the CSRF token a form on path carries.
func (c *Client) CSRF(path string) string {
	c.T.Helper()
	_, doc := c.Page(path)
	in := htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "input" && htmlq.Attr(n, "name") == "_csrf" })
	if in == nil {
		c.T.Fatalf("no _csrf field on %s", path)
	}
	return htmlq.Attr(in, "value")
}

// Login logs in through the form and returns the landing response.
func (c *Client) Login(email string) *http.Response {
	c.T.Helper()
	tok := c.CSRF("/login")
	res := c.Do("POST", "/login", url.Values{"_csrf": {tok}, "email": {email}, "password": {demo.Password}})
	if res.StatusCode != http.StatusSeeOther {
		c.T.Fatalf("login %s: status %d", email, res.StatusCode)
	}
	return res
}

// FiberTestConfig lets a request run up to 15 s (the race detector is slow).
func FiberTestConfig() fiber.TestConfig {
	return fiber.TestConfig{Timeout: 15 * time.Second, FailOnTimeout: true}
}

// APIClient is a JSON API client with its own cookie jar, which (unlike the
// page client's) sends cookies by the request's path, so portal_refresh
// (Path=/api) travels exactly where a browser would send it.
type APIClient struct {
	T     testing.TB
	App   *fiber.App
	Jar   *cookiejar.Jar
	Token string
}

// NewAPIClient is an API client without credentials.
func NewAPIClient(t testing.TB, app *fiber.App) *APIClient {
	jar, _ := cookiejar.New(nil)
	return &APIClient{T: t, App: app, Jar: jar}
}

// Reply is a response with its body read and, when JSON, decoded.
type Reply struct {
	*http.Response
	Raw  []byte
	JSON map[string]any
}

// Call sends body (nil: none; string: sent as is; else JSON) with the
// client's bearer token unless hdr sets Authorization ("" removes it).
func (a *APIClient) Call(method, path string, body any, hdr ...string) Reply {
	a.T.Helper()
	var sent []byte
	ctype := ""
	switch b := body.(type) {
	case nil:
	case string:
		sent, ctype = []byte(b), "application/json"
	default:
		j, err := json.Marshal(b)
		if err != nil {
			a.T.Fatal(err)
		}
		sent, ctype = j, "application/json"
	}
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(sent)
	}
	u := "http://portal.test" + path
	r := httptest.NewRequest(method, u, rd)
	if ctype != "" {
		r.Header.Set("Content-Type", ctype)
	}
	if a.Token != "" {
		r.Header.Set("Authorization", "Bearer "+a.Token)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		if hdr[i+1] == "" {
			r.Header.Del(hdr[i])
			continue
		}
		r.Header.Set(hdr[i], hdr[i+1])
	}
	pu, _ := url.Parse(u)
	for _, ck := range a.Jar.Cookies(pu) {
		r.AddCookie(ck)
	}
	res, err := a.App.Test(r, FiberTestConfig())
	if err != nil {
		a.T.Fatalf("%s %s: %v", method, path, err)
	}
	if cs := res.Cookies(); len(cs) > 0 {
		a.Jar.SetCookies(pu, cs)
	}
	raw, _ := io.ReadAll(res.Body)
	res.Body.Close()
	checkContract(a.T, a.App, r, sent, res, raw)
	out := Reply{Response: res, Raw: raw}
	if len(raw) > 0 && strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
		if err := json.Unmarshal(raw, &out.JSON); err != nil {
			a.T.Fatalf("%s %s: reply is not a JSON object: %v: %s", method, path, err, raw)
		}
	}
	return out
}

// Login logs in through the API and keeps the access token.
func (a *APIClient) Login(email string) Reply {
	a.T.Helper()
	res := a.Call("POST", "/api/v1/authentication/token", map[string]string{"email": email, "password": demo.Password})
	if res.StatusCode != http.StatusOK {
		a.T.Fatalf("api login %s: %d %s", email, res.StatusCode, res.Raw)
	}
	a.Token, _ = res.JSON["access_token"].(string)
	return res
}

// RefreshCookie returns the portal_refresh cookie the jar holds, or nil.
func (a *APIClient) RefreshCookie() *http.Cookie {
	u, _ := url.Parse("http://portal.test/api/v1/authentication/token/refresh")
	for _, c := range a.Jar.Cookies(u) {
		if c.Name == "portal_refresh" {
			return c
		}
	}
	return nil
}

// FirstError returns errors[0] of an error reply.
func (r Reply) FirstError(t testing.TB) map[string]any {
	t.Helper()
	errs, _ := r.JSON["errors"].([]any)
	if len(errs) == 0 {
		t.Fatalf("status %d: no errors in %s", r.StatusCode, r.Raw)
	}
	e, _ := errs[0].(map[string]any)
	return e
}

// ErrorCode is the code of errors[0].
func (r Reply) ErrorCode(t testing.TB) string {
	t.Helper()
	c, _ := r.FirstError(t)["code"].(string)
	return c
}

// Expect fails unless the reply has the status and (when code != "") the
// error code.
func (r Reply) Expect(t testing.TB, status int, code string) {
	t.Helper()
	if r.StatusCode != status {
		t.Fatalf("status %d, want %d: %s", r.StatusCode, status, r.Raw)
	}
	if code != "" {
		if got := r.ErrorCode(t); got != code {
			t.Fatalf("error code %q, want %q: %s", got, code, r.Raw)
		}
	}
}

// DB opens the test's SQLite file directly, to change what the real store
// holds between requests (a role change, a disabled user).
func (e *Env) DB() *sql.DB {
	e.T.Helper()
	db, err := sql.Open("sqlite", e.DBPath+"?_busy_timeout=5000&_foreign_keys=1")
	if err != nil {
		e.T.Fatal(err)
	}
	e.T.Cleanup(func() { db.Close() })
	return db
}

// Exec runs a statement on the store's file and fails unless it changed a row.
func (e *Env) Exec(query string, args ...any) {
	e.T.Helper()
	res, err := e.DB().Exec(query, args...)
	if err != nil {
		e.T.Fatalf("%s: %v", query, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		e.T.Fatalf("%s: no row changed", query)
	}
}

// Clock is a settable time source (the token signer's).
type Clock struct {
	mu sync.Mutex
	t  time.Time
}

// NewClock starts at now.
func NewClock() *Clock { return &Clock{t: time.Now()} }

func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// Set moves the clock to t.
func (c *Clock) Set(t time.Time) {
	c.mu.Lock()
	c.t = t
	c.mu.Unlock()
}

func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// PostJSON posts body as JSON with the page's CSRF token in X-CSRF-Token, as an island's
// fetch does.
func (c *Client) PostJSON(path string, body []byte, csrf string) *http.Response {
	c.T.Helper()
	return c.request("POST", path, bytes.NewReader(body),
		[]string{"Content-Type", "application/json", "Accept", "application/json", "X-CSRF-Token", csrf})
}
