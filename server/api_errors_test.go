package server_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"portal/server"
	"portal/server/api"
	"portal/server/servertest"
)

// TestAPIErrorsOneShape: whatever layer refuses an API request (the edge's
// limits, Fiber's router, the method check), the reply is the API's error
// body labelled application/json, with a status its operation documents
// (the contract check of every call validates that, and the body).
func TestAPIErrorsOneShape(t *testing.T) {
	h := newHarness(t)
	// Past what a JSON body may hold, under what the server reads (past
	// that: TestAPIBodyPastServerLimit).
	big := `{"email":"a@b.example","pad":[` + strings.Repeat(`"`+strings.Repeat("p", 900)+`",`, 10) + `"x"]}`
	long := strings.Repeat("q", server.DefaultFieldCap+1)
	for _, tc := range []struct {
		name, method, path string
		body               any
		hdr                []string
		status             int
		code, allow        string
	}{
		{"body over the route's limit", "POST", tokenPath, big, nil, 413, api.CodeInvalid, ""},
		{"field over its cap", "GET", currentUser + "?x=" + long, nil, nil, 422, api.CodeInvalid, ""},
		{"compressed body", "POST", tokenPath, `{}`, []string{"Content-Encoding", "gzip"}, 415, api.CodeMediaType, ""},
		{"TRACE", "TRACE", currentUser, nil, nil, 405, api.CodeMethod, "GET"},
		{"HEAD of a read", "HEAD", currentUser, nil, nil, 405, api.CodeMethod, "GET"},
		{"method the path lacks", "PUT", tokenPath, nil, nil, 405, api.CodeMethod, "DELETE, POST"},
		{"no such path", "GET", "/api/v2/nope", nil, nil, 404, api.CodeNotFound, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := servertest.NewAPIClient(t, h.Srv.App()).Call(tc.method, tc.path, tc.body, tc.hdr...)
			if r.StatusCode != tc.status {
				t.Fatalf("status %d, want %d: %.200s", r.StatusCode, tc.status, r.Raw)
			}
			if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
				t.Errorf("Content-Type %q", ct)
			}
			if tc.method != "HEAD" {
				r.Expect(t, tc.status, tc.code)
			}
			if got := r.Header.Get("Allow"); got != tc.allow {
				t.Errorf("Allow %q, want %q", got, tc.allow)
			}
		})
	}
}

// TestAPIBodyPastServerLimit: a body larger than anything the server reads
// is refused by Fiber itself, before any handler; under /api/ that too is
// the error body, not Fiber's plain text.
func TestAPIBodyPastServerLimit(t *testing.T) {
	h := newHarness(t)
	addr := listen(t, h)
	c := h.Client()
	body := make([]byte, h.Srv.App().Config().BodyLimit+1)
	res := overHTTP(c, addr, tokenPath, "application/json", body)
	raw, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusRequestEntityTooLarge || !strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
		t.Fatalf("%d %s: %s", res.StatusCode, res.Header.Get("Content-Type"), raw)
	}
	if !strings.Contains(string(raw), `"code":"invalid"`) {
		t.Errorf("body %s", raw)
	}
	req := httptest.NewRequest("POST", "http://portal.test"+tokenPath, nil)
	req.Header.Set("Content-Type", "application/json")
	servertest.CheckExchange(t, h.Srv.App(), req, nil, res, raw)
}

// TestAPIWriteWithoutCredentials: a change sent with neither a bearer token
// nor a session cookie answers 401 (log in), for every operation that
// needs credentials; with the session cookie and no CSRF token it stays
// 403 invalid_csrf. The document says both of every such operation.
func TestAPIWriteWithoutCredentials(t *testing.T) {
	h := newHarness(t)
	doc := openAPI()
	n := 0
	for _, op := range apiOperations() {
		if op.Auth != api.Bearer || !api.UnsafeMethod(op.Method) {
			continue
		}
		n++
		path := op.Path
		for strings.Contains(path, "{") {
			i, j := strings.Index(path, "{"), strings.Index(path, "}")
			path = path[:i] + servertest.OrgNordic + path[j+1:]
		}
		h.API().Call(op.Method, "/api/v1"+path, map[string]string{}).Expect(t, 401, api.CodeUnauthenticated)
		o := doc.Paths[op.Path].Operations()[op.Method]
		if o.Responses["401"] == nil || o.Responses["403"] == nil || !strings.Contains(o.Responses["403"].Description, api.CodeInvalidCSRF) {
			t.Errorf("%s: the document does not say 401 and 403 invalid_csrf", op.ID)
		}
	}
	if n < 10 {
		t.Errorf("only %d changes need credentials", n)
	}
	c := h.LoggedIn(emailMulti)
	set := "/api/v1/customer/organisations/" + servertest.OrgNordic + "/set_default"
	h.APIWithJar(c.Jar).Call("POST", set, nil).Expect(t, 403, api.CodeInvalidCSRF)
}
