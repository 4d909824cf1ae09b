package server

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"portal/reference"
)

// apiClient is a JSON API client with its own cookie jar, which (unlike the
// page client's) sends cookies by the request's path, so portal_refresh
// (Path=/api) travels exactly where a browser would send it.
type apiClient struct {
	h     *harness
	jar   *cookiejar.Jar
	token string
}

func (h *harness) api() *apiClient {
	jar, _ := cookiejar.New(nil)
	return &apiClient{h: h, jar: jar}
}

// apiReply is a response with its body read and, when JSON, decoded.
type apiReply struct {
	*http.Response
	raw  []byte
	body map[string]any
}

// call sends body (nil: none; string: sent as is; else JSON) with the
// client's bearer token unless hdr sets Authorization ("" removes it).
func (a *apiClient) call(method, path string, body any, hdr ...string) apiReply {
	a.h.t.Helper()
	var rd io.Reader
	ctype := ""
	switch b := body.(type) {
	case nil:
	case string:
		rd, ctype = strings.NewReader(b), "application/json"
	default:
		j, err := json.Marshal(b)
		if err != nil {
			a.h.t.Fatal(err)
		}
		rd, ctype = bytes.NewReader(j), "application/json"
	}
	u := "http://portal.test" + path
	r := httptest.NewRequest(method, u, rd)
	if ctype != "" {
		r.Header.Set("Content-Type", ctype)
	}
	if a.token != "" {
		r.Header.Set("Authorization", "Bearer "+a.token)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		if hdr[i+1] == "" {
			r.Header.Del(hdr[i])
			continue
		}
		r.Header.Set(hdr[i], hdr[i+1])
	}
	pu, _ := url.Parse(u)
	for _, ck := range a.jar.Cookies(pu) {
		r.AddCookie(ck)
	}
	res, err := a.h.srv.App().Test(r, fiberTestConfig())
	if err != nil {
		a.h.t.Fatalf("%s %s: %v", method, path, err)
	}
	if cs := res.Cookies(); len(cs) > 0 {
		a.jar.SetCookies(pu, cs)
	}
	raw, _ := io.ReadAll(res.Body)
	res.Body.Close()
	out := apiReply{Response: res, raw: raw}
	if len(raw) > 0 && strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
		if err := json.Unmarshal(raw, &out.body); err != nil {
			a.h.t.Fatalf("%s %s: reply is not a JSON object: %v: %s", method, path, err, raw)
		}
	}
	return out
}

// login logs in through the API and keeps the access token.
func (a *apiClient) login(email string) apiReply {
	a.h.t.Helper()
	res := a.call("POST", "/api/v1/authentication/token", map[string]string{"email": email, "password": reference.DemoPassword})
	if res.StatusCode != http.StatusOK {
		a.h.t.Fatalf("api login %s: %d %s", email, res.StatusCode, res.raw)
	}
	a.token, _ = res.body["access_token"].(string)
	return res
}

// refreshCookie returns the portal_refresh cookie the jar holds, or nil.
func (a *apiClient) refreshCookie() *http.Cookie {
	u, _ := url.Parse("http://portal.test/api/v1/authentication/token/refresh")
	for _, c := range a.jar.Cookies(u) {
		if c.Name == "portal_refresh" {
			return c
		}
	}
	return nil
}

// firstError returns errors[0] of an error reply.
func (r apiReply) firstError(t testing.TB) map[string]any {
	t.Helper()
	errs, _ := r.body["errors"].([]any)
	if len(errs) == 0 {
		t.Fatalf("status %d: no errors in %s", r.StatusCode, r.raw)
	}
	e, _ := errs[0].(map[string]any)
	return e
}

func (r apiReply) errorCode(t testing.TB) string {
	t.Helper()
	c, _ := r.firstError(t)["code"].(string)
	return c
}

// expect fails unless the reply has the status and (when code != "") the
// error code.
func (r apiReply) expect(t testing.TB, status int, code string) {
	t.Helper()
	if r.StatusCode != status {
		t.Fatalf("status %d, want %d: %s", r.StatusCode, status, r.raw)
	}
	if code != "" {
		if got := r.errorCode(t); got != code {
			t.Fatalf("error code %q, want %q: %s", got, code, r.raw)
		}
	}
}

// db opens the harness's SQLite file directly, to change what the real
// store holds between requests (a role change, a disabled user). The
// harness creates it as the first t.TempDir() of h.t, so it sits in a
// sibling of any later one.
func (h *harness) db() *sql.DB {
	h.t.Helper()
	matches, _ := filepath.Glob(filepath.Join(filepath.Dir(h.t.TempDir()), "*", "portal.db"))
	if len(matches) != 1 {
		h.t.Fatalf("harness database: found %v", matches)
	}
	db, err := sql.Open("sqlite", matches[0]+"?_busy_timeout=5000&_foreign_keys=1")
	if err != nil {
		h.t.Fatal(err)
	}
	h.t.Cleanup(func() { db.Close() })
	return db
}

func (h *harness) exec(query string, args ...any) {
	h.t.Helper()
	db := h.db()
	res, err := db.Exec(query, args...)
	if err != nil {
		h.t.Fatalf("%s: %v", query, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		h.t.Fatalf("%s: no row changed", query)
	}
}

// clock is a settable time source for the token signer.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// withTokenClock makes the signer read c.
func withTokenClock(c *clock) harnessOpt {
	return func(d *Deps) {
		c.t = time.Now()
		d.Tokens.Now = c.Now
	}
}

// checkShape asserts that v has exactly the properties the named schema
// documents, recursively: the document and the replies cannot drift apart.
func checkShape(t testing.TB, s *OASchema, v any, at string) {
	t.Helper()
	doc := openAPI()
	s = doc.resolve(s)
	switch s.Type {
	case "object":
		m, ok := v.(map[string]any)
		if !ok {
			t.Fatalf("%s: want object, got %T", at, v)
		}
		for _, r := range s.Required {
			if _, ok := m[r]; !ok {
				t.Errorf("%s: documented property %q missing", at, r)
			}
		}
		for k, x := range m {
			ps, ok := s.Properties[k]
			if !ok {
				if s.AdditionalProperties != nil {
					checkShape(t, s.AdditionalProperties, x, at+"."+k)
					continue
				}
				t.Errorf("%s: property %q not documented", at, k)
				continue
			}
			checkShape(t, ps, x, at+"."+k)
		}
	case "array":
		a, ok := v.([]any)
		if !ok {
			t.Fatalf("%s: want array, got %T", at, v)
		}
		for i, x := range a {
			item := s.Items
			if i < len(s.PrefixItems) {
				item = s.PrefixItems[i]
			}
			if item != nil {
				checkShape(t, item, x, at+"["+strconv.Itoa(i)+"]")
			}
		}
	case "number":
		if _, ok := v.(float64); !ok {
			t.Errorf("%s: want number, got %T", at, v)
		}
	case "string":
		if _, ok := v.(string); !ok {
			t.Errorf("%s: want string, got %T", at, v)
		}
	case "boolean":
		if _, ok := v.(bool); !ok {
			t.Errorf("%s: want boolean, got %T", at, v)
		}
	case "integer":
		if f, ok := v.(float64); !ok || f != float64(int64(f)) {
			t.Errorf("%s: want integer, got %v", at, v)
		}
	}
}

// checkReply checks a success reply against the documented response.
func checkReply(t testing.TB, method, path string, r apiReply) {
	t.Helper()
	for i := range apiOperations() {
		op := &apiOperations()[i]
		if op.Method != method || op.Path != path {
			continue
		}
		for _, resp := range op.Responses {
			if resp.Status == r.StatusCode {
				if resp.Type == nil {
					if len(r.raw) != 0 {
						t.Errorf("%s %s: %d documented without body, got %s", method, path, r.StatusCode, r.raw)
					}
					return
				}
				var v any
				if err := json.Unmarshal(r.raw, &v); err != nil {
					t.Fatalf("%s %s: %v", method, path, err)
				}
				documented := openAPI().Paths[path].Operations()[method].Responses[strconv.Itoa(r.StatusCode)]
				checkShape(t, documented.Content["application/json"].Schema, v, "body")
				return
			}
		}
		t.Fatalf("%s %s: status %d not documented", method, path, r.StatusCode)
	}
	t.Fatalf("%s %s: no such operation", method, path)
}
